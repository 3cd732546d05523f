"""Judge: score every graded cell of one notebook from what its sandbox run sent back.

- CHECK cells: the cases (visible + generated hidden ones) are made here, on the trusted
  side; the sandbox only ran the learner's answer on their inputs and sent plain data back,
  which the check's reference judges here. All cases must pass (nbgrader's all-or-nothing).
- TEST cells: scored by nbgrader's own `determine_grade` on the outputs the cell produced,
  so the rules are stock's: an error or any stderr output → 0, a numeric result → partial
  credit, otherwise full marks.
- MANUAL answers: 0 when left as released ("No response."), else left for a person; tasks
  are always left for a person.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any

from agentloop.checks import Case, Check, Report, judge
from agentloop.checks.core import hidden_seed, probe_name

from .assignment import Assignment, NotebookSpec, SourceCell
from .protocol import CellKind, CellRun, Probe, Run
from .submission import SubmittedNotebook

MAX_FAILURES_KEPT = 20  # per cell, for the class report


@dataclass
class CaseBook:
    """The cases of every check an assignment uses (the same for every student)."""

    checks: dict[str, Check]
    cases: dict[tuple[str, bool], list[Case]] = field(default_factory=dict)
    # the reasons given so far, by case and output: much of a class shares an output
    verdicts: dict[tuple[str, bool], dict[tuple[int, bytes], str | None]] = field(
        default_factory=dict)

    @classmethod
    def build(cls, assignment: Assignment, seed: str | int) -> CaseBook:
        """Every check's cases; hidden ones drawn from `seed`, the course's secret seed (or
        a seed the teacher gave), each check with a seed of its own (see hidden_seed)."""
        book = cls(assignment.checks)
        for spec in assignment.notebooks.values():
            for cell in spec.cells:
                for check_id in cell.checks:
                    key = (check_id, cell.hidden_cases)
                    if key not in book.cases:
                        book.cases[key] = assignment.checks[check_id].all_cases(
                            hidden=cell.hidden_cases, seed=hidden_seed(seed, check_id))
        return book

    def probes(self, cell: SourceCell) -> tuple[Probe, ...]:
        """What the sandbox must run for one CHECK cell: answers on inputs, nothing else."""
        return tuple(Probe(cid, self.checks[cid].answer, probe_name(self.checks[cid]) or "",
                           [c.input for c in self.cases[(cid, cell.hidden_cases)]])
                     for cid in cell.checks)


@dataclass
class CellScore:
    """The grade of one graded cell for one student."""

    grade_id: str
    points: float
    score: float | None  # None: left for a person
    kind: str  # a CellKind value, or "task"
    reason: str = ""  # why it lost points, one line
    text: str = ""  # what the autograded notebook shows under the cell
    failures: list[dict[str, str]] = field(default_factory=list)  # case, rule, reason

    @property
    def passed(self) -> bool:
        return self.score is not None and self.score == self.points


def score_notebook(spec: NotebookSpec, notebook: SubmittedNotebook, run: Run | None,
                   book: CaseBook) -> list[CellScore]:
    """A score for every graded cell (tests, checks, manual answers, tasks) of `spec`."""
    cells = {_gid(c): c for c in notebook.cells if _gid(c)}
    scores = []
    for source in spec.graded:
        gid = source.grade_id or ""
        kind = "task" if source.task else (source.kind.value if source.kind else "manual")
        if source.task or source.manual:
            scores.append(_manual(source, cells.get(gid), kind))
        elif not notebook.runnable() or run is None:
            reason = notebook.unreadable or "the notebook was not run"
            scores.append(CellScore(gid, source.points, 0.0, kind, reason, reason))
        elif source.kind is CellKind.CHECK:
            scores.append(_check(source, run, book, notebook))
        else:
            scores.append(_test(source, cells.get(gid), run.cells.get(gid)))
    return scores


def _gid(cell: dict[str, Any]) -> str | None:
    meta = cell.get("metadata", {}).get("nbgrader", {})
    return meta.get("grade_id") if isinstance(meta, dict) else None


def _manual(source: SourceCell, cell: dict[str, Any] | None, kind: str) -> CellScore:
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
        return CellScore(gid, points, 0.0, CellKind.TEST.value, reason, reason)
    if ran.excluded:
        return CellScore(gid, points, 0.0, CellKind.TEST.value, ran.excluded, ran.excluded,
                         [{"case": gid, "rule": ran.excluded, "reason": ran.excluded}])
    result = ran.result
    outputs = list(result.outputs) if result else []
    try:
        score, _ = _determine(cell, source, outputs)
    except ValueError as exc:  # nbgrader refuses partial credit above the cell's points
        reason = f"the test cell's result is not a valid score ({exc})"
        return CellScore(gid, points, 0.0, CellKind.TEST.value, reason, reason)
    score = 0.0 if score is None else float(score)
    reason = ""
    if score < points and result is not None:
        reason = result.lie or result.error or (
            "the test wrote to stderr (stock nbgrader gives 0 for that)"
            if result.wrote_stderr else f"partial credit: {score:g} of {points:g}")
    failures = [{"case": gid, "rule": _rule(reason), "reason": reason}] if reason else []
    return CellScore(gid, points, score, CellKind.TEST.value, reason, "", failures)


def _rule(reason: str) -> str:
    """The kind of a failure, for grouping: the error line without its numbers' noise."""
    return reason.split("\n", 1)[0][:200]


def _check(source: SourceCell, run: Run, book: CaseBook,
           notebook: SubmittedNotebook) -> CellScore:
    gid, points = source.grade_id or "", source.points
    ran = run.cells.get(gid)
    if ran is None:
        reason = "the sandbox produced no result for this check"
        return CellScore(gid, points, 0.0, CellKind.CHECK.value, reason, reason)
    if ran.excluded:
        return CellScore(gid, points, 0.0, CellKind.CHECK.value, ran.excluded, ran.excluded,
                         [{"case": gid, "rule": ran.excluded, "reason": ran.excluded}])
    texts, reasons, failures = [], [], []
    for check_id in source.checks:
        chk = book.checks[check_id]
        if ran.missing and check_id in ran.missing:
            reason = f"the answer cells did not define {chk.answer}" + \
                _defining_errors(chk.answer, notebook, run)
            texts.append(f"{check_id}: {chk.title}\n  ✘ {reason}")
            reasons.append(reason)
            failures.append({"case": check_id, "rule": f"{chk.answer} not defined",
                             "reason": reason})
            continue
        key = (check_id, source.hidden_cases)
        report = judge(chk, book.cases[key], (ran.probes or {}).get(check_id),
                       book.verdicts.setdefault(key, {}))
        texts.append(report.text(show_labels=False))
        if not report.passed:
            reasons.append(_first_failure(report))
            failures += [{"case": r.label, "rule": r.rule or r.label, "reason": r.reason}
                         for r in report.results if not r.passed][:MAX_FAILURES_KEPT]
            if report.problem:
                failures.append({"case": check_id, "rule": report.problem,
                                 "reason": report.problem})
    score = points if not reasons else 0.0
    return CellScore(gid, points, score, CellKind.CHECK.value, "; ".join(reasons),
                     "\n".join(texts), failures)


def _defining_errors(name: str, notebook: SubmittedNotebook, run: Run) -> str:
    """Errors of the cells meant to define `name` (and only those)."""
    errors = []
    for index, cell in enumerate(notebook.cells):
        cid = _gid(cell) or f"cell-{index}"
        ran = run.cells.get(cid)
        if not ran or not defines(cell.get("source", ""), name):
            continue
        error = ran.excluded or (ran.result.error if ran.result else None)
        if error:
            errors.append(f"cell {cid}: {error}")
    return f" ({'; '.join(errors)})" if errors else ""


def defines(source: str, name: str) -> bool:
    """Does this code bind `name` at the top level (def, class, assignment, import)?"""
    try:
        tree = ast.parse("\n".join("" if line.lstrip().startswith(("%", "!")) else line
                                   for line in source.splitlines()))
    except SyntaxError:
        return name in source
    for node in tree.body:
        targets: list[ast.AST] = []
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            if node.name == name:
                return True
        elif isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            targets = [node.target]
        elif isinstance(node, ast.Import | ast.ImportFrom):
            if any((a.asname or a.name.split(".")[0]) == name for a in node.names):
                return True
        for target in targets:
            if any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(target)):
                return True
    return False


def _first_failure(report: Report) -> str:
    if report.problem:
        return report.problem
    failed = [r for r in report.results if not r.passed]
    first = failed[0]
    more = f" (and {len(failed) - 1} more)" if len(failed) > 1 else ""
    return f"{len(failed)}/{len(report.results)} cases failed; {first.label}: {first.reason}{more}"
