"""What a sandbox may see (agentloop_grader.isolation.view): this Python and our
packages, never the repository, the teacher's answers or the module that answers an exercise."""

from __future__ import annotations

import os
import sys

import pytest
from agentloop_grader.isolation import View

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))


def test_view_exposes_python_and_our_packages_not_the_repository() -> None:
    view = View.for_this_python("/tmp/work-root")
    readable = set(view.readable)
    assert os.path.realpath(sys.base_prefix) in {os.path.realpath(p) for p in readable}
    package = os.path.join(REPO, "lib", "agentloop")
    # the learner's library, checks included (its learner's edition holds no answer)
    assert package in readable
    grader = os.path.join(REPO, "grader", "agentloop_grader")
    # the grader for the worker only, entry by entry: never the teacher's answers
    assert grader in view.listable
    assert os.path.join(grader, "sandbox") in view.worker_only
    answers = os.path.join(grader, "answers")
    for path in (*readable, *view.worker_only):
        assert not (path + "/").startswith(answers + "/"), path
    for hidden in (REPO, HERE, os.path.join(REPO, "chapters"), os.path.join(REPO, "course"),
                   os.path.expanduser("~"), "/tmp", "/home", "/etc"):
        assert hidden not in readable
        assert not any(hidden.startswith(p.rstrip("/") + "/") for p in readable), hidden
    with pytest.raises(ValueError, match="lies under a readable path"):
        View(readable=("/usr",), work_root="/tmp/w", worker_only=("/usr/share",))


def test_the_modules_that_answer_an_exercise_are_left_out_file_by_file() -> None:
    """`without_modules` (a check's answered_by): the module's file and its compiled copies
    are in no path of the view; the rest of its package is, entry by entry."""
    import agentloop.loop  # noqa: F401 - so that its __pycache__ copy exists

    view = View.for_this_python("/tmp/work-root", without_modules=("agentloop.loop",))
    package = os.path.join(REPO, "lib", "agentloop")
    loop = os.path.join(package, "loop.py")
    everything = (*view.readable, *view.worker_only)
    assert package in view.listable
    assert os.path.join(package, "terminals.py") in view.readable
    assert not any(p == loop or "/__pycache__/loop." in p for p in everything)
    assert not any(loop.startswith(p.rstrip("/") + "/") for p in everything)
