"""The cell runner (agentloop_grader.sandbox.cells): stock parity, hardening, caps.

One runner is built and warmed per module, like the zygote; every scenario runs in a
fork of it (as each grading job does), so student tricks never touch pytest's process.
Speed figures: `python tests/grader/sandbox/test_cells.py`.
"""

from __future__ import annotations

import dataclasses
import importlib.abc
import json
import os
import select
import signal
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import nbformat
import pytest
from agentloop_grader.sandbox.capture import limit_streams
from agentloop_grader.sandbox.cells import CellResult, CellRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from nbgrader.utils import determine_grade

import agentloop.checks  # noqa: F401 -- loaded before the runner, as the zygote does

POINTS = 1.0
PNG_1PX = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAA"
           "SUVORK5CYII=")
STUDENT, TEST = "student", "test"
FORK_TIMEOUT_S = 120

_write, _exit, _close = os.write, os._exit, os.close  # the child's way out, saved early


@pytest.fixture(scope="module")
def zygote() -> CellRunner:
    # like the grader's zygote for an assignment whose notebooks import numpy: the
    # notebooks' imports are loaded before the pristine snapshot is taken
    import numpy  # noqa: F401

    runner = CellRunner()
    runner.warm_up()
    return runner


@dataclass(frozen=True)
class Ran(CellResult):
    """A CellResult and the runner's notes on that cell (`CellRunner.last_notes`)."""

    notes: tuple[str, ...] = ()


def in_fork(runner: CellRunner, cells: Iterable[tuple[str, str]],
            setup: Callable[[], None] | None = None) -> list[Ran]:
    """Run (kind, source) cells in a forked copy of the warmed runner (after `setup`, the
    job's own preparations); results come back as plain JSON, as from a grading job."""
    cells = list(cells)
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the job
        status = 0
        try:
            _close(read_end)
            _unrecord_warnings()
            if setup is not None:
                setup()
            out = []
            for i, (kind, source) in enumerate(cells):
                run = runner.run_test_cell if kind == TEST else runner.run_student_cell
                out.append({**run(f"c{i}", source).to_plain(),
                            "notes": list(runner.last_notes)})
            data = json.dumps(out).encode()
        except BaseException as exc:
            data = json.dumps({"crash": repr(exc)}).encode()
            status = 1
        while data:
            data = data[_write(write_end, data):]
        _exit(status)
    os.close(write_end)
    chunks, deadline = [], time.monotonic() + FORK_TIMEOUT_S
    try:
        while True:
            ready, _, _ = select.select([read_end], [], [], max(deadline - time.monotonic(), 0))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                pytest.fail("the job timed out")
            chunk = os.read(read_end, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(read_end)
        os.waitpid(pid, 0)
    data = json.loads(b"".join(chunks) or b"null")
    assert isinstance(data, list), data
    return [Ran(**{**CellResult.from_plain(d).to_plain(), "notes": tuple(d["notes"])})
            for d in data]


def _unrecord_warnings() -> None:
    """pytest records warnings; a grading job shows them on stderr, as Python does."""
    def show(msg: warnings.WarningMessage) -> None:  # warnings._showwarnmsg_impl
        (msg.file or sys.stderr).write(warnings._formatwarnmsg(msg))

    warnings._showwarnmsg_impl = show
    warnings.showwarning = warnings._showwarning_orig
    warnings.simplefilter("default")


def grade(outputs: list[dict], points: float = POINTS) -> float | None:
    """Stock nbgrader's score for a test cell with these outputs."""
    cell = nbformat.v4.new_code_cell("pass", metadata={
        "nbgrader": {"grade": True, "solution": False, "points": points, "grade_id": "t"}})
    cell.outputs = [nbformat.from_dict(o) for o in outputs]
    return determine_grade(cell)[0]


def kinds(outputs: list[dict]) -> list[tuple[str, str]]:
    return sorted({(o["output_type"], o.get("name", "")) for o in outputs})


# --- parity with stock (nbclient + ipykernel) -------------------------------------------

PARITY_CELLS = [
    "print('hello')",
    "import sys\nprint('oops', file=sys.stderr)",
    "import warnings\nwarnings.warn('careful')",
    "1 / 0",
    "0.5",
    "print('score')\n0.25",
    "import numpy as np\nnp.float64(0.5)",
    "'text'",
    "True",
    "None",
    "x = 1;",
    "0.5;",
    f"import base64\nfrom IPython.display import Image, HTML, display\n"
    f"display(HTML('<b>hi</b>'))\ndisplay(Image(data=base64.b64decode('{PNG_1PX}')))",
    "%matplotlib inline\nimport matplotlib.pyplot as plt\nplt.plot([1, 2, 3]);",
    "import matplotlib.pyplot as plt\nplt.plot([3, 2, 1])",
    "import asyncio\nawait asyncio.sleep(0)\n0.75",
    "%time y = sum(range(10))",
    "!echo hi",
    "import os\nos.write(2, b'written to fd 2\\n')\nNone",
    "import sys\nsys.exit()",
    "raise KeyboardInterrupt",
    "assert 1 == 2, 'nope'",
    "input()",
    "from IPython.display import display\ndisplay('shown')\nraise ValueError('after')",
]
# Known, deliberate differences in the output kinds of test cells (grades still agree).
TEST_KIND_DIFFERENCES = {
    "import sys\nsys.exit()": "the runner catches SystemExit itself: no 'To exit' warning",
}


@pytest.fixture(scope="module")
def kernel_outputs() -> list[list[dict]]:
    from nbclient import NotebookClient
    from nbgrader.preprocessors import LimitOutput

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in PARITY_CELLS])
    client = NotebookClient(nb, kernel_name="python3", timeout=120, allow_errors=True,
                            extra_arguments=["--HistoryManager.hist_file=:memory:"])
    # ipykernel does not capture fds 1 and 2 under pytest; the stock grader's kernel does
    marker = os.environ.pop("PYTEST_CURRENT_TEST", None)
    try:
        client.execute()
    finally:
        if marker is not None:
            os.environ["PYTEST_CURRENT_TEST"] = marker
    limit = LimitOutput()
    return [limit.preprocess_cell(cell, {}, i)[0].outputs for i, cell in enumerate(nb.cells)]


@pytest.mark.slow
@pytest.mark.parametrize("kind", [TEST, STUDENT])
def test_grades_agree_with_a_real_kernel(zygote, kernel_outputs, kind):
    ours = in_fork(zygote, [(kind, source) for source in PARITY_CELLS])
    for source, stock, result in zip(PARITY_CELLS, kernel_outputs, ours, strict=True):
        assert grade(result.outputs) == grade(stock), (source, stock, result.outputs)
        if kind == STUDENT or source not in TEST_KIND_DIFFERENCES:
            assert kinds(result.outputs) == kinds(stock), (source, stock, result.outputs)
        stock_result = [o for o in stock if o["output_type"] == "execute_result"]
        if stock_result and "at 0x" not in stock_result[0]["data"]["text/plain"]:
            assert result.result_text == stock_result[0]["data"]["text/plain"], source


def test_partial_credit_and_one_line_errors(zygote):
    half, numpy_half, text, fail, exit_ = in_fork(zygote, [
        (TEST, "0.5"), (TEST, "import numpy as np\nnp.float64(0.5)"), (TEST, "'ok'"),
        (TEST, "1 / 0"), (TEST, "import sys\nsys.exit()")])
    assert (half.result_text, grade(half.outputs)) == ("0.5", 0.5)
    assert (numpy_half.result_text, grade(numpy_half.outputs)) == ("np.float64(0.5)", POINTS)
    assert grade(text.outputs) == POINTS
    assert fail.error == "ZeroDivisionError: division by zero" and grade(fail.outputs) == 0
    assert exit_.error == "SystemExit" and grade(exit_.outputs) == 0


def test_results_cross_a_process_boundary_as_json(zygote):
    (result,) = in_fork(zygote, [(TEST, "print('a')\n1 / 0")])
    plain = json.loads(json.dumps(result.to_plain()))
    assert set(plain) == {f.name for f in dataclasses.fields(CellResult)}
    assert CellResult.from_plain(plain).to_plain() == result.to_plain()
    assert dataclasses.asdict(CellResult.from_plain(plain)) == plain  # what protocol sends
    assert result.outputs[0] == {"output_type": "stream", "name": "stdout", "text": "a\n"}
    assert result.outputs[-1]["traceback"] and result.seconds > 0


def test_student_cells_never_raise(zygote):
    sources = ["raise SystemExit(3)", "raise KeyboardInterrupt", "raise BaseException('b')",
               "raise GeneratorExit", "exit()",
               "class E(Exception):\n    def __str__(self): raise RuntimeError\nraise E()",
               "import sys\nsys.stdout = None\nprint('lost')", "print('stdout is back')"]
    results = in_fork(zygote, [(STUDENT, s) for s in sources])
    assert [r.error.split(":")[0] for r in results[:6]] == [
        "SystemExit", "KeyboardInterrupt", "BaseException", "GeneratorExit", "SystemExit", "E"]
    assert results[-1].outputs[0]["text"] == "stdout is back\n"


# --- hardening: each trick, then a test cell that must still fail -------------------------

WRONG = "def answer():\n    return 41\n"
FAILING = "assert answer() == 42"

TRICKS = {
    "AssertionError replaced": "import builtins\nclass AssertionError(Exception): pass\n"
                               "builtins.AssertionError = AssertionError",
    "print silenced": "import builtins\nbuiltins.print = lambda *a, **k: None",
    "isinstance always true": "import builtins\nbuiltins.isinstance = lambda *a: True\n"
                              "isinstance = lambda *a: True",
    "builtins deleted": "import builtins\ndel builtins.len, builtins.print, builtins.abs",
    "input transformer blanks cells":
        "get_ipython().input_transformers_cleanup.append(lambda lines: ['pass\\n'])",
    "showtraceback silenced": "get_ipython().showtraceback = lambda *a, **k: None\n"
                              "get_ipython()._showtraceback = lambda *a, **k: None",
    "excepthook": "import sys\nsys.excepthook = lambda *a: None",
    "sys.exit and os._exit patched": "import sys, os\nsys.exit = lambda *a: None\n"
                                     "os._exit = lambda *a: None",
    "alarm that patches isinstance": (
        "import signal, builtins\n"
        "signal.signal(signal.SIGALRM, lambda *a: setattr(builtins, 'isinstance', "
        "lambda *a: True))\nsignal.setitimer(signal.ITIMER_REAL, 0.05)"),
    "alarm that exits cleanly": "import signal, os\n"
                                "signal.signal(signal.SIGALRM, lambda *a: os._exit(0))\n"
                                "signal.alarm(1)",
    "tracer that jumps over asserts": (
        "import sys, linecache\n"
        "def tracer(frame, event, arg):\n"
        "    line = linecache.getline(frame.f_code.co_filename, frame.f_lineno)\n"
        "    if event == 'line' and line.startswith('assert'):\n"
        "        try:\n"
        "            frame.f_lineno = frame.f_lineno + 1\n"
        "        except ValueError:\n"
        "            pass\n"
        "    return tracer\n"
        "sys.settrace(tracer)"),
    "numpy and math patched": "import numpy as np, math\nnp.allclose = lambda *a, **k: True\n"
                              "math.isclose = lambda *a, **k: True",
    "fake numpy in sys.modules": "import sys, types\nfake = types.ModuleType('numpy')\n"
                                 "fake.allclose = lambda *a, **k: True\n"
                                 "sys.modules['numpy'] = fake",
    "audit hook": "import sys, builtins\n"
                  "sys.addaudithook(lambda e, a: setattr(builtins, 'isinstance', "
                  "lambda *a: True) if e == 'exec' else None)",
    "unittest patched": "import unittest\n"
                        "unittest.TestCase.assertEqual = lambda *a, **k: None",
}
# A failing test cell that the trick targets (default: FAILING).
TARGETS = {
    "print silenced": "import sys\nif answer() != 42:\n    print('wrong', file=sys.stderr)",
    "isinstance always true": "assert isinstance(answer(), str)",
    "builtins deleted": "assert len([answer()]) == 2",
    "sys.exit and os._exit patched": "import sys\nif answer() != 42:\n    sys.exit(1)",
    "alarm that patches isinstance": "import time\ntime.sleep(0.2)\n"
                                     "assert isinstance(answer(), str)",
    "alarm that exits cleanly": "import time\ntime.sleep(1.3)\nassert answer() == 42",
    "tracer that jumps over asserts": "assert answer() == 42\npass",
    "numpy and math patched": "import numpy as np, math\n"
                              "assert np.allclose(answer(), 42) or math.isclose(answer(), 42)",
    "fake numpy in sys.modules": "import numpy as np\nassert np.allclose(answer(), 42)",
    "audit hook": "assert isinstance(answer(), str)",
    "unittest patched": "import unittest\nunittest.TestCase().assertEqual(answer(), 42)",
}


@pytest.mark.parametrize("trick", sorted(TRICKS))
def test_tricks_do_not_turn_a_failing_test_into_a_pass(zygote, trick):
    cells = [(STUDENT, WRONG), (STUDENT, TRICKS[trick]), (TEST, TARGETS.get(trick, FAILING))]
    *_, result = in_fork(zygote, cells)
    assert grade(result.outputs) == 0, (trick, result.outputs)


# The tricks above that do fool a cell run the unhardened (kernel) way: the control group.
FOOL_A_KERNEL = ["print silenced", "input transformer blanks cells",
                 "sys.exit and os._exit patched", "numpy and math patched",
                 "fake numpy in sys.modules", "unittest patched"]


@pytest.mark.parametrize("trick", FOOL_A_KERNEL)
def test_the_same_tricks_fool_an_unhardened_cell(zygote, trick):
    cells = [(STUDENT, WRONG), (STUDENT, TRICKS[trick]), (STUDENT, TARGETS.get(trick, FAILING))]
    *_, result = in_fork(zygote, cells)
    assert grade(result.outputs) == POINTS, (trick, result.outputs)


def test_shadowed_builtins_in_the_namespace(zygote):
    cheat, star, data = in_fork(zygote, [
        (STUDENT, WRONG + "all = bool\nlen = lambda x: 3"),
        (TEST, "assert all(answer() == 42 for _ in 'x') or len([]) == 3"),
        (STUDENT, "from numpy import *"),  # numpy's all, any, round... as in stock
        (TEST, "import numpy as np\nassert all(np.ones((2, 2)) > 0)"),
        (STUDENT, "list = [1, 2]"),  # plain data: the test fails, as in stock
        (TEST, "assert list('ab') == ['a', 'b']"),
    ])[1::2]
    assert grade(cheat.outputs) == 0
    assert grade(star.outputs) == POINTS, star.outputs
    assert data.error == "TypeError: 'list' object is not callable"


class _RefuseChecks(importlib.abc.MetaPathFinder):
    """Like seal.py's: the job hides the course's check modules."""

    def find_spec(self, name, path, target=None):
        if name.startswith("agentloop.checks"):
            raise ImportError(f"{name} is not available while grading")


def _seal_the_checks() -> None:
    for name in [n for n in sys.modules if n.startswith("agentloop.checks")]:
        del sys.modules[name]
    delattr(sys.modules["agentloop"], "checks")
    sys.meta_path.insert(0, _RefuseChecks())


def test_the_jobs_own_setup_survives_test_cells(zygote):
    assert "agentloop.checks" in sys.modules  # protected: loaded before the zygote
    results = in_fork(zygote, [(STUDENT, "import sys\nclass Finder:\n"
                                         "    def find_spec(self, *args):\n        return None\n"
                                         "sys.meta_path.insert(0, Finder())"),
                               (TEST, "x = 1"), (STUDENT, "import agentloop.checks"),
                               (STUDENT, "import sys\nassert 'agentloop.checks' not in "
                                         "sys.modules\nassert 'Refuse' in "
                                         "type(sys.meta_path[0]).__name__")],
                      setup=_seal_the_checks)
    assert "reset sys.meta_path" in results[1].notes
    assert results[2].error == "ImportError: agentloop.checks is not available while grading"
    assert results[3].error is None


def test_restored_builtins_keep_honest_tests_passing(zygote):
    cells = [(STUDENT, "import builtins, sys\ndel builtins.abs\nbuiltins.len = lambda x: 0\n"
                       "sys.exit = None"),
             (TEST, "assert abs(-3) == 3 and len([1, 2]) == 2\nimport sys\n"
                    "assert callable(sys.exit)")]
    _, result = in_fork(zygote, cells)
    assert grade(result.outputs) == POINTS, result.outputs
    assert "restored builtins.abs" in result.notes and "restored builtins.len" in result.notes


def test_pending_timers_and_handlers_are_reset_and_noted(zygote):
    cells = [(STUDENT, TRICKS["alarm that patches isinstance"]), (TEST, "x = 1")]
    _, result = in_fork(zygote, cells)
    assert any("cancelled a pending timer" in n for n in result.notes), result.notes
    assert "reset the handler of SIGALRM" in result.notes


def test_code_called_by_a_test_that_patches_builtins_fails_it(zygote):
    cells = [(STUDENT, "import builtins\ndef answer():\n    builtins.all = bool\n    return 41"),
             (TEST, "assert all([answer() == 42])")]
    _, result = in_fork(zygote, cells)
    assert grade(result.outputs) == 0
    assert "code run by this test cell replaced builtins.all" in result.notes
    assert any(o.get("ename") == "TamperError" for o in result.outputs)


def test_a_tracer_installed_during_the_test_fails_it(zygote):
    student = TRICKS["tracer that jumps over asserts"].replace("sys.settrace(tracer)", "")
    student += ("def answer():\n    sys.settrace(tracer)\n"
                "    sys._getframe(1).f_trace = tracer\n    return 41\n")
    _, result = in_fork(zygote, [(STUDENT, student),
                                 (TEST, "x = answer()\nassert x == 42\nprint('done')")])
    assert grade(result.outputs) == 0
    assert "code run by this test cell called sys.settrace" in result.notes


def test_forged_results_and_cleared_output_do_not_help(zygote):
    cells = [(STUDENT, "from IPython.display import clear_output\nimport sys\n"
                       "def answer():\n    get_ipython().displayhook('looks fine')\n"
                       "    print('warning', file=sys.stderr)\n    clear_output()\n"
                       "    return 41"),
             (TEST, "assert answer() == 42")]
    _, result = in_fork(zygote, cells)
    assert grade(result.outputs) == 0
    assert "execute_result" not in [o["output_type"] for o in result.outputs]
    assert result.wrote_stderr


def test_stderr_swallowed_by_student_code_fails_the_test(zygote):
    cells = [(STUDENT, "import io, sys\ndef answer():\n    sys.stderr = io.StringIO()\n"
                       "    return 41"),
             (TEST, "import sys\nif answer() != 42:\n    print('wrong', file=sys.stderr)")]
    _, result = in_fork(zygote, cells)
    assert grade(result.outputs) == 0
    assert "code run by this test cell replaced sys.stderr" in result.notes


def test_teachers_own_patching_is_not_tampering(zygote):
    sources = ["import io, sys\nbuf = io.StringIO()\nsys.stdout = buf\nprint('x')\n"
               "sys.stdout = sys.__stdout__\nsys.stderr = sys.__stderr__\n"
               "assert buf.getvalue() == 'x\\n'",
               "from unittest import mock\nwith mock.patch('builtins.input', return_value='3'):\n"
               "    assert ask() == 3",
               "import builtins\nbuiltins.input = lambda prompt='': '4'\nassert ask() == 4",
               "assert ask.__name__ == 'ask'"]
    results = in_fork(zygote, [(STUDENT, "def ask():\n    return int(input('n? '))")]
                      + [(TEST, source) for source in sources])
    assert [grade(r.outputs) for r in results[1:]] == [POINTS] * 4, results[1:]


def test_the_zygote_is_fork_safe_and_leaves_no_ipython_dir(tmp_path):
    script = ("import sys, threading\n"
              "from agentloop_grader.sandbox.cells import CellRunner\n"
              "from IPython.core import async_helpers\n"
              "runner = CellRunner()\nrunner.warm_up()\n"
              "assert threading.active_count() == 1, threading.enumerate()\n"
              "assert async_helpers._asyncio_event_loop is None\n"
              "print(runner.shell.ipython_dir)\n")
    env = {**os.environ, "HOME": str(tmp_path)}
    env.pop("IPYTHONDIR", None)
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / ".ipython").exists()
    assert not os.path.exists(done.stdout.strip())  # the private IPython dir is removed


# --- equality lies ----------------------------------------------------------------------

LIARS = {
    "always equal": "class Answer:\n    def __eq__(self, other):\n        return True\n",
    "str subclass": "class Answer(str):\n    __hash__ = str.__hash__\n"
                    "    def __eq__(self, other):\n        return isinstance(other, str)\n",
    "knows the probe": "class Answer:\n    def __eq__(self, other):\n"
                       "        return type(other) is not object\n",
    "ne too": "class Answer:\n    __eq__ = lambda self, other: True\n"
              "    __ne__ = lambda self, other: False\n",
}


@pytest.mark.parametrize("liar", sorted(LIARS))
@pytest.mark.parametrize("test", ["assert answer() == EXPECTED",
                                  "assert EXPECTED == answer()",
                                  "assert answer() == EXPECTED and True",
                                  "assert 0 < 1 == 1 and answer() == EXPECTED",
                                  "def check():\n    assert answer() == EXPECTED\ncheck()"])
def test_lying_equality_fails_the_assert(zygote, liar, test):
    expected, made = ("'forty-two'", "Answer('x')") if liar == "str subclass" else ("42",
                                                                                  "Answer()")
    student = LIARS[liar] + f"def answer():\n    return {made}\n"
    _, result = in_fork(zygote, [(STUDENT, student),
                                 (TEST, test.replace("EXPECTED", expected))])
    assert grade(result.outputs) == 0, result.outputs
    assert result.lie and "dishonest ==" in result.lie
    assert result.error.startswith("AssertionError: dishonest ==")


@pytest.mark.parametrize("liar", sorted(LIARS))
def test_the_same_liars_fool_an_unhardened_assert(zygote, liar):
    expected, made = ("'forty-two'", "Answer('x')") if liar == "str subclass" else ("42",
                                                                                  "Answer()")
    cells = [(STUDENT, LIARS[liar] + f"def answer():\n    return {made}\n"),
             (STUDENT, f"assert answer() == {expected}")]
    _, result = in_fork(zygote, cells)
    assert grade(result.outputs) == POINTS


def test_a_lie_caught_by_the_test_itself_still_fails(zygote):
    cells = [(STUDENT, LIARS["always equal"] + "def answer():\n    return Answer()\n"),
             (TEST, "try:\n    assert answer() == 42\nexcept AssertionError:\n    pass\n0.5")]
    _, result = in_fork(zygote, cells)
    assert grade(result.outputs) == 0 and result.lie


HONEST = [
    "a = np.array([1, 2, 3])\nassert (a == np.array([1, 2, 3])).all()",
    "assert np.array_equal(np.arange(3), [0, 1, 2])",
    "assert np.float64(0.5) == 0.5 and np.int64(2) == 2",
    "assert np.arange(3).tolist() == [0, 1, 2]",
    "assert np.array([1]) == np.array([1])",
    "assert 0.1 + 0.2 != 0.3 and 0.5 == 0.5 and 1 == 1.0 == True",
    "assert [[1, 2], {'a': (3,)}] == [[1, 2], {'a': (3,)}]",
    "from fractions import Fraction\nfrom decimal import Decimal\n"
    "assert Fraction(1, 2) == 0.5 and Decimal('0.5') == 0.5",
    "from dataclasses import dataclass\n@dataclass\nclass P:\n    x: int\nassert P(1) == P(1)",
    "assert 1 < 2 == 2 < 3",
    "from unittest import mock\nassert [1, 2] == [mock.ANY, 2]",
    "class Point:\n    def __init__(self, x): self.x = x\n"
    "    def __eq__(self, other): return isinstance(other, Point) and self.x == other.x\n"
    "assert Point(1) == Point(1)",
    "assert not (1 == 2)",
]


@pytest.mark.parametrize("source", HONEST)
def test_honest_equality_still_passes(zygote, source):
    _, result = in_fork(zygote, [(STUDENT, "import numpy as np"), (TEST, source)])
    assert grade(result.outputs) == POINTS, (source, result.outputs)
    assert result.lie is None


def test_honest_student_classes_with_their_own_eq_pass(zygote):
    student = ("from dataclasses import dataclass\n@dataclass\nclass Move:\n    x: int\n"
               "class Vec:\n    def __init__(self, *v): self.v = v\n"
               "    def __eq__(self, other):\n"
               "        return isinstance(other, Vec) and self.v == other.v\n"
               "def answer():\n    return Move(3), Vec(1, 2)\n")
    _, result = in_fork(zygote, [(STUDENT, student),
                                 (TEST, "m, v = answer()\nassert m == Move(3) and v == Vec(1, 2)")])
    assert grade(result.outputs) == POINTS and result.lie is None


def test_pytest_approx(zygote):
    (result,) = in_fork(zygote, [(TEST, "import pytest\nassert 0.1 + 0.2 == pytest.approx(0.3)\n"
                                        "assert pytest.approx([1.0, 2.0]) == [1.0, 2.0 + 1e-9]")])
    assert grade(result.outputs) == POINTS and result.lie is None, result.outputs


def test_pandas_equality(zygote):
    pytest.importorskip("pandas")
    (result,) = in_fork(zygote, [(TEST, "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2]})\n"
                                        "assert df.equals(df.copy())\n"
                                        "assert (df == df.copy()).all().all()")])
    assert grade(result.outputs) == POINTS and result.lie is None, result.outputs


def test_the_rewrite_keeps_python_semantics(zygote):
    setup = "calls = []\ndef f(x):\n    calls.append(x)\n    return x\n"
    first, short, check, ambiguous = in_fork(zygote, [
        (TEST, setup + "assert f(1) == f(1) == f(1)"),
        (TEST, "assert f(2) == f(3) == f(4)"),
        (TEST, "assert calls == [1, 1, 1, 2, 3], calls"),
        (TEST, "import numpy as np\nassert np.array([1, 2]) == np.array([1, 2])")])
    assert grade(first.outputs) == POINTS and grade(short.outputs) == 0
    assert grade(check.outputs) == POINTS, check.outputs
    assert ambiguous.error.startswith("ValueError: The truth value of an array")


# --- caps ---------------------------------------------------------------------------------

def test_floods_are_capped_like_limit_output(zygote):
    lines, big, images, deep, late_stderr = in_fork(zygote, [
        (STUDENT, "for i in range(5000):\n    print(i)"),
        (STUDENT, "print('x' * 10_000_000)"),
        (STUDENT, f"import base64\nfrom IPython.display import Image, display\n"
                  f"png = base64.b64decode('{PNG_1PX}' * 1)\n"
                  f"for _ in range(3000):\n    display(Image(data=png * 200))"),
        (STUDENT, "".join(f"def f{i}():\n    return f{i + 1}()\n" for i in range(150))
         + "def f150():\n    1 / 0\nf0()"),
        (TEST, "for i in range(2000):\n    print(i)\nimport sys\nprint('bad', file=sys.stderr)"),
    ])
    text = lines.outputs[0]["text"]
    assert text.split("\n")[-1] == "... Output truncated ..." and len(text.split("\n")) == 1000
    assert len(big.outputs[0]["text"]) < 70_000
    assert len(images.outputs) <= 501 and "dropped" in str(images.outputs[-1]["data"])
    assert len(deep.outputs[-1]["traceback"]) == 100
    assert grade(late_stderr.outputs) == 0  # stock LimitOutput would drop this stderr


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["stdout", "stderr", "display"]),
                          st.integers(0, 700)), max_size=6))
def test_stream_limits_match_limit_output(parts):
    """Same as nbgrader's LimitOutput, except that stderr past the cap leaves a trace."""
    from nbgrader.preprocessors import LimitOutput

    outputs = [{"output_type": "display_data", "data": {"text/plain": "x"}, "metadata": {}}
               if kind == "display" else
               {"output_type": "stream", "name": kind, "text": "line\n" * n}
               for kind, n in parts]
    cell = nbformat.v4.new_code_cell("pass")
    cell.outputs = [nbformat.from_dict(o) for o in outputs]
    stock = LimitOutput().preprocess_cell(cell, {}, 0)[0].outputs
    ours = limit_streams(outputs, 1000)
    stock_names = [o.get("name") for o in stock]
    if "stderr" in [o.get("name") for o in outputs] and "stderr" not in stock_names:
        assert "stderr" in [o.get("name") for o in ours]  # the deliberate difference
        ours = [o for o in ours if o.get("text") != "... Output truncated ..."
                or o.get("name") != "stderr" or o in stock]
    assert ours == [dict(o) for o in stock]


def test_reused_runner_is_fast(zygote):
    """Not a benchmark (see __main__): just that nothing is grossly slow."""
    results = in_fork(zygote, [(STUDENT, "x = 1")] * 200 + [(TEST, "assert x == 1")] * 50)
    assert sorted(r.seconds for r in results[:200])[100] < 0.01
    assert sorted(r.seconds for r in results[200:])[25] < 0.05


if __name__ == "__main__":
    runner = CellRunner()
    runner.warm_up()
    for kind, run in (("student", runner.run_student_cell), ("test", runner.run_test_cell)):
        run("x", "x = 1")
        start = time.perf_counter()
        for _ in range(1000):
            run("x", "x = 1")
        print(f"trivial {kind} cell: {(time.perf_counter() - start):.3f} ms per cell")
