"""A chapter notebook's answer cells run the way the grader runs them, in one process.

For the chapters' check tests: the answers alone, in order, in a fresh namespace; each
graded check judged by the teacher's edition on its hidden cases (drawn from the tests'
own course seed); nbgrader's release stub put in place of a solution region. The grader's
sandbox does not load a check's `answered_by` modules at all; here, in one process, their
functions are stubs that raise while the answers run and while they are probed (what a
learner's `check` does too). tests/grader/test_roundtrip.py grades the same answers in the
real sandbox.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator
from typing import Any

import nbformat
from agentloop_grader.answers import answer_key

from agentloop.checks import Check, collect, hidden_seed, judge, run_check
from agentloop.checks.withhold import library_objects, withheld

SEED = "the tests' course seed"  # a course's secret seed, for in-process grading


def key(check_id: str) -> Check:
    """The teacher's edition of a course check."""
    found = answer_key(check_id)
    if found is None:
        raise KeyError(f"no teacher's check {check_id!r}")
    return found


def cases(chk: Check, hidden: bool = True) -> list:
    """A check's cases as the grader draws them for the tests' course."""
    return chk.all_cases(hidden=hidden, seed=hidden_seed(SEED, chk.id) if hidden else None)


@contextlib.contextmanager
def not_loaded(checks: Iterable[Check], answer: Any = None) -> Iterator[None]:
    """The checks' answered_by modules out of reach (their functions stubs that raise)."""
    modules = {name for chk in checks for name in chk.answered_by}
    with withheld(answer, library_objects(sorted(modules))):
        yield


def graded(check: str | Check, answer: Any, hidden: bool = True):
    """The report the grader gives `answer`: the teacher's edition, hidden cases included,
    with the exercise's answered_by modules out of reach while the answer runs (as in the
    grader, the cases are made and the outputs judged on the trusted side, where a case or a
    judge may use those modules)."""
    chk = key(check) if isinstance(check, str) else check
    try:
        return run_check(chk, answer, hidden=hidden,
                         seed=hidden_seed(SEED, chk.id) if hidden else None,
                         probing=lambda: not_loaded([chk], answer))
    except Exception as exc:  # the answer *is* a library object: refused, nothing earned
        from agentloop.checks import Report

        return Report(chk.id, chk.title, problem=str(exc))

STUB = "# YOUR CODE HERE\nraise NotImplementedError()"


def answer_cells(nb: nbformat.NotebookNode) -> dict[str, str]:
    return {c.metadata["nbgrader"]["grade_id"]: c.source for c in nb.cells
            if c.metadata.get("nbgrader", {}).get("solution")}


def graded_ids(nb: nbformat.NotebookNode) -> list[str]:
    return [c.metadata["nbgrader"]["grade_id"] for c in nb.cells
            if c.metadata.get("nbgrader", {}).get("grade")]


def run_answers(nb: nbformat.NotebookNode, replacements: dict[str, str]) -> dict:
    """What the grader does: the answer cells alone, in order, in a fresh namespace."""
    namespace: dict = {"__name__": "__main__"}
    for grade_id, source in answer_cells(nb).items():
        try:
            exec(compile(replacements.get(grade_id, source), grade_id, "exec"), namespace)
        except Exception:  # a broken cell leaves its names undefined, as in a kernel
            pass
    return namespace


def scores(nb: nbformat.NotebookNode, namespace: dict) -> dict[str, bool]:
    """Each graded check: does the namespace's answer pass its hidden cases?"""
    out = {}
    for check_id in graded_ids(nb):
        chk = key(check_id)
        out[check_id] = chk.answer in namespace and graded(chk, namespace[chk.answer]).passed
    return out


def stub_out(source: str) -> str:
    """nbgrader's release: each solution region becomes the stub, indented like its marker."""
    out, inside = [], False
    for line in source.splitlines():
        if line.strip() == "### BEGIN SOLUTION":
            indent = line[:len(line) - len(line.lstrip())]
            out += [indent + stub_line for stub_line in STUB.splitlines()]
            inside = True
        elif line.strip() == "### END SOLUTION":
            inside = False
        elif not inside:
            out.append(line)
    return "\n".join(out)


def run_as_graded(checks: Iterable[Check], answers: dict[str, str]) -> dict:
    """The answer cells (id → source) run in order, with the checks' answered_by modules out
    of reach as in the grader's sandbox; the namespace the cells left."""
    checks = list(checks)
    namespace: dict = {"__name__": "__main__"}
    with not_loaded(checks):
        for cell_id, source in answers.items():
            try:
                exec(compile(source, cell_id, "exec"), namespace)
            except Exception:  # an answer cell may raise; the cells after it still run
                pass
    return namespace


def verdict(chk: Check, namespace: dict, cases: list) -> bool:
    """Does the namespace's answer pass `cases`? Never when it is missing or is a library
    object the exercise must not use."""
    answer = namespace.get(chk.answer)
    if answer is None:
        return False
    try:
        with not_loaded([chk], answer):
            outputs = collect(chk, answer, cases)
    except Exception:  # the answer is one of the library's own objects
        return False
    return judge(chk, cases, outputs).passed
