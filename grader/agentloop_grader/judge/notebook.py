"""Judge: score every graded cell of one notebook from what its sandbox run sent back.

- CHECK cells: judged on the trusted side from the plain data the sandbox sent (checks.py).
  All cases must pass (nbgrader's all-or-nothing).
- TEST cells: scored by nbgrader's own `determine_grade` on the outputs the cell produced,
  so the rules are stock's: an error or any stderr output → 0, a numeric result → partial
  credit, otherwise full marks.
- MANUAL answers: 0 when left as released ("No response."), else left for a person; tasks
  are always left for a person.
"""

from __future__ import annotations

from typing import Any

from agentloop.i18n import SOURCE, Language

from ..protocol import CellKind, CellRun, Run
from ..read.assignment import NotebookSpec, SourceCell
from ..read.submission import SubmittedNotebook
from .cases import CaseBook
from .checks import score_check
from .language import student_language, words
from .scores import CellScore, Graded, grade_id


def score_notebook(spec: NotebookSpec, notebook: SubmittedNotebook, run: Run | None,
                   book: CaseBook) -> list[CellScore]:
    """A score for every graded cell (tests, checks, manual answers, tasks) of `spec`; what
    the student reads of it in their notebook's language (language.py)."""
    cells = {gid: c for c in notebook.cells if (gid := grade_id(c))}
    language = student_language(notebook.metadata)
    scores = []
    for source in spec.graded:
        gid = source.grade_id or ""
        kind = Graded.TASK if source.task else Graded(source.kind or CellKind.MANUAL)
        if source.task or source.manual:
            scores.append(_manual(source, cells.get(gid), kind))
        elif not notebook.runnable() or run is None:
            reason = notebook.unreadable or "the notebook was not run"
            scores.append(CellScore(gid, source.points, 0.0, kind, reason, reason))
        elif source.kind is CellKind.CHECK:  # said in `language` as it is judged
            scores.append(score_check(source, run, book, notebook, language))
        else:
            scores.append(_test(source, cells.get(gid), run.cells.get(gid)))
        if scores[-1].language != language:
            said_in(scores[-1], language)
    return scores


def said_in(score: CellScore, language: Language) -> None:
    """What the student reads of a score (its text, its reason) in `language`; the reason
    the teacher reads stays as judged."""
    if language == SOURCE:
        return
    said = words(language)
    score.language = language
    score.text = said.translate(score.text) if score.text else ""
    score.shown_reason = said.translate(score.reason) if score.reason else ""


def _manual(source: SourceCell, cell: dict[str, Any] | None, kind: Graded) -> CellScore:
    gid = source.grade_id or ""
    if source.task or cell is None:
        return CellScore(gid, source.points, None, kind)
    score, _ = _determine(cell, source)
    reason = "No response." if score == 0 else ""
    return CellScore(gid, source.points, score, kind, reason)


def _determine(cell: dict[str, Any], source: SourceCell,
               outputs: list[dict[str, Any]] | None = None) -> tuple[float | None, float]:
    """nbgrader's own determine_grade on this cell (and these outputs)."""
    import nbformat
    from nbgrader.utils import determine_grade

    body = dict(cell, source=cell.get("source", ""))
    meta = dict(cell.get("metadata", {}).get("nbgrader", {}), points=source.points,
                grade=True, solution=source.solution)
    body["metadata"] = dict(cell.get("metadata", {}), nbgrader=meta)
    if cell.get("cell_type") == "code":
        body["outputs"] = outputs or []
    return determine_grade(nbformat.from_dict(body))


def _test(source: SourceCell, cell: dict[str, Any] | None, ran: CellRun | None) -> CellScore:
    gid, points = source.grade_id or "", source.points
    if cell is None or ran is None:
        reason = "the cell did not run (the sandbox ended before it)"
        return CellScore(gid, points, 0.0, Graded.TEST, reason, reason)
    if ran.excluded:
        return CellScore(gid, points, 0.0, Graded.TEST, ran.excluded, ran.excluded,
                         [{"case": gid, "rule": ran.excluded, "reason": ran.excluded}])
    result = ran.result
    outputs = list(result.outputs) if result else []
    try:
        score, _ = _determine(cell, source, outputs)
    except ValueError as exc:  # nbgrader refuses partial credit above the cell's points
        reason = f"the test cell's result is not a valid score ({exc})"
        return CellScore(gid, points, 0.0, Graded.TEST, reason, reason)
    score = 0.0 if score is None else float(score)
    reason = ""
    if score < points and result is not None:
        reason = result.lie or result.error or (
            "the test wrote to stderr (stock nbgrader gives 0 for that)"
            if result.wrote_stderr else f"partial credit: {score:g} of {points:g}")
    failures = [{"case": gid, "rule": _rule(reason), "reason": reason}] if reason else []
    return CellScore(gid, points, score, Graded.TEST, reason, "", failures)


def _rule(reason: str) -> str:
    """The kind of a failure, for grouping: the error line without its numbers' noise."""
    return reason.split("\n", 1)[0][:200]
