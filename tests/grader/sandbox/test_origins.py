"""Where code came from (agentloop_grader.sandbox.origins): student code a test calls may not
patch builtins, while the teacher's own test cells may patch what they like."""

from __future__ import annotations

from cell_runs import POINTS, STUDENT, TEST, grade, in_fork


def test_code_called_by_a_test_that_patches_builtins_fails_it(zygote):
    cells = [(STUDENT, "import builtins\ndef answer():\n    builtins.all = bool\n    return 41"),
             (TEST, "assert all([answer() == 42])")]
    _, result = in_fork(zygote, cells)
    assert grade(result.outputs) == 0
    assert "code run by this test cell replaced builtins.all" in result.notes
    assert any(o.get("ename") == "TamperError" for o in result.outputs)


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
