"""The attributes test cells rely on (agentloop_grader.sandbox.baseline), as they were before
any student code ran: restored, so an honest test still passes; the job's own set-up kept."""

from __future__ import annotations

import importlib.abc
import sys

from cell_runs import POINTS, STUDENT, TEST, grade, in_fork


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
