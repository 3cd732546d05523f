"""Judge: a check cell, from what its probes sent back — plain data only (what the
learner's answer returned on each input, or raised); the check's reference judges it here,
in the grader's own process, so nothing inside the sandbox can turn a failure into a pass.
"""

from __future__ import annotations

import ast

from agentloop.checks import Report, judge
from agentloop.i18n import SOURCE, Language
from agentloop.i18n.catalog import Catalog

from ..protocol import Run
from ..read.assignment import SourceCell
from ..read.submission import SubmittedNotebook
from .cases import CaseBook
from .language import words
from .scores import CellScore, Graded, grade_id

MAX_FAILURES_KEPT = 20  # per cell, for the class report


def score_check(source: SourceCell, run: Run, book: CaseBook,
                notebook: SubmittedNotebook, language: Language = SOURCE) -> CellScore:
    """The check cell `source`'s score: full marks when every case of every check it calls
    passed, else 0 with the first failure of each check and up to MAX_FAILURES_KEPT of its
    failed cases. What the student reads of it (its ✔/✘ lines, the reason under the cell)
    is in `language`; the reasons the teacher reads stay as judged."""
    gid, points = source.grade_id or "", source.points
    said = words(language)
    ran = run.cells.get(gid)
    if ran is None:
        reason = "the sandbox produced no result for this check"
        shown = said.translate(reason)
        return CellScore(gid, points, 0.0, Graded.CHECK, reason, shown,
                         shown_reason=shown, language=language)
    if ran.excluded:
        shown = said.translate(ran.excluded)
        return CellScore(gid, points, 0.0, Graded.CHECK, ran.excluded, shown,
                         [{"case": gid, "rule": ran.excluded, "reason": ran.excluded}],
                         shown_reason=shown, language=language)
    texts, reasons, shown_reasons, failures = [], [], [], []
    for check_id in source.checks:
        chk = book.checks[check_id]
        if ran.missing and check_id in ran.missing:
            errors = _defining_errors(chk.answer, notebook, run)
            reason = f"the answer cells did not define {chk.answer}" + errors
            shown = said.render("the answer cells did not define {name}",
                                {"name": chk.answer}) + errors
            texts.append(f"{check_id}: {said.translate(chk.title)}\n  ✘ {shown}")
            reasons.append(reason)
            shown_reasons.append(shown)
            failures.append({"case": check_id, "rule": f"{chk.answer} not defined",
                             "reason": reason})
            continue
        key = (check_id, source.hidden_cases)
        report = judge(chk, book.cases[key], (ran.probes or {}).get(check_id),
                       book.verdicts.setdefault(key, {}))
        texts.append(report.text(show_labels=False, language=language))
        if not report.passed:
            reasons.append(_first_failure(report))
            shown_reasons.append(_first_failure(report, said))
            failures += [{"case": r.label, "rule": r.rule or r.label, "reason": r.reason}
                         for r in report.results if not r.passed][:MAX_FAILURES_KEPT]
            if report.problem:
                failures.append({"case": check_id, "rule": report.problem,
                                 "reason": report.problem})
    score = points if not reasons else 0.0
    return CellScore(gid, points, score, Graded.CHECK, "; ".join(reasons),
                     "\n".join(texts), failures,
                     "; ".join(shown_reasons) if language != SOURCE else "", language)


def _defining_errors(name: str, notebook: SubmittedNotebook, run: Run) -> str:
    """Errors of the cells meant to define `name` (and only those)."""
    errors = []
    for index, cell in enumerate(notebook.cells):
        cid = grade_id(cell) or f"cell-{index}"
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


def _first_failure(report: Report, said: Catalog | None = None) -> str:
    """The first failure of a check, one line: as judged, or as `said` says it."""
    tr = said.translate if said is not None else str
    if report.problem:
        return tr(report.problem)
    failed = [r for r in report.results if not r.passed]
    first = failed[0]
    values = {"count": len(failed), "total": len(report.results), "label": tr(first.label),
              "reason": tr(first.reason), "more": len(failed) - 1}
    template = FAILED_MORE if len(failed) > 1 else FAILED
    return said.render(template, values) if said is not None else template.format(**values)


FAILED = "{count}/{total} cases failed; {label}: {reason}"
FAILED_MORE = "{count}/{total} cases failed; {label}: {reason} (and {more} more)"
