"""A chapter notebook's answer cells run the way the grader runs them, in one process.

For the chapters' check tests: the answers alone, in order, in a fresh namespace; each
graded check judged on its hidden cases; nbgrader's release stub put in place of a
solution region.
"""

from __future__ import annotations

from collections.abc import Iterable

import nbformat
from agentloop_grader.sandbox.seal import Seal

from agentloop.checks import Check, collect, get_check, judge, run_check

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
        chk = get_check(check_id)
        out[check_id] = chk.answer in namespace and run_check(
            chk, namespace[chk.answer], hidden=True).passed
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


def run_sealed(checks: Iterable[Check], answers: dict[str, str]) -> tuple[Seal, dict]:
    """The answer cells (id → source) run in order, with the checks' references withheld as
    the grader withholds them; the seal and the namespace the cells left."""
    seal = Seal([obj for chk in checks for obj in chk.guarded()])
    namespace: dict = {"__name__": "__main__"}
    with seal.withheld():
        for cell_id, source in answers.items():
            try:
                exec(compile(source, cell_id, "exec"), namespace)
            except Exception:  # an answer cell may raise; the cells after it still run
                pass
    return seal, namespace


def sealed_verdict(seal: Seal, chk: Check, namespace: dict, cases: list) -> bool:
    """Does the namespace's answer pass `cases`? Never when it is missing or is the
    library's own reference."""
    answer = namespace.get(chk.answer)
    if answer is None or seal.is_reference(answer):
        return False
    with seal.withheld(list(chk.guarded())):
        outputs = collect(chk, answer, cases)
    return judge(chk, cases, outputs).passed
