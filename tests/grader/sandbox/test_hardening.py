"""Undoing what student code did before a test cell, noticing what it did during one
(agentloop_grader.sandbox.hardening): every trick, then a test cell that must still fail."""

from __future__ import annotations

import pytest
from cell_runs import FAILING, POINTS, STUDENT, TEST, WRONG, grade, in_fork

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


# The tricks above that do fool a cell run the unhardened (kernel) way: the control group.
FOOL_A_KERNEL = ["print silenced", "input transformer blanks cells",
                 "sys.exit and os._exit patched", "numpy and math patched",
                 "fake numpy in sys.modules", "unittest patched"]


@pytest.mark.parametrize("trick", sorted(TRICKS))
def test_tricks_do_not_turn_a_failing_test_into_a_pass(zygote, trick):
    cells = [(STUDENT, WRONG), (STUDENT, TRICKS[trick]), (TEST, TARGETS.get(trick, FAILING))]
    *_, result = in_fork(zygote, cells)
    assert grade(result.outputs) == 0, (trick, result.outputs)


@pytest.mark.parametrize("trick", FOOL_A_KERNEL)
def test_the_same_tricks_fool_an_unhardened_cell(zygote, trick):
    cells = [(STUDENT, WRONG), (STUDENT, TRICKS[trick]), (STUDENT, TARGETS.get(trick, FAILING))]
    *_, result = in_fork(zygote, cells)
    assert grade(result.outputs) == POINTS, (trick, result.outputs)


def test_pending_timers_and_handlers_are_reset_and_noted(zygote):
    cells = [(STUDENT, TRICKS["alarm that patches isinstance"]), (TEST, "x = 1")]
    _, result = in_fork(zygote, cells)
    assert any("cancelled a pending timer" in n for n in result.notes), result.notes
    assert "reset the handler of SIGALRM" in result.notes


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
