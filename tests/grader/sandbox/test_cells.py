"""The cell runner (agentloop_grader.sandbox.cells): its grades and outputs agree with stock's
kernel, results cross a process boundary as JSON, student cells never raise.

One runner is built and warmed per module, like the zygote (the `zygote` fixture of
conftest.py); every scenario runs in a fork of it (as each grading job does), so student
tricks never touch pytest's process. The tricks themselves are in test_hardening.py,
test_asserts.py, test_baseline.py and test_origins.py, the caps in test_capture.py.
Speed figures: `python tests/grader/sandbox/test_cells.py`.
"""

from __future__ import annotations

import dataclasses
import json
import os
import time

import nbformat
import pytest
from agentloop_grader.sandbox.cells import CellResult, CellRunner
from cell_runs import PNG_1PX, POINTS, STUDENT, TEST, grade, in_fork, kinds

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
