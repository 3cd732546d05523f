"""Record: the autograded notebook, what formgrader shows.

It is the student's own notebook, sanitised (test and locked cells restored from the
source, deleted cells put back): written and manually graded answers are the student's,
and every cell that ran shows its outputs, as formgrader expects; a check cell also shows
its report. What the grader noticed about the notebook (renamed, a test cell edited or
restored) is in its metadata (`agentloop_grader.problems`) and the run report, never a cell
of its own: the cells are the student's. Outputs that would quote a hidden test show a
mark instead.
"""

from __future__ import annotations

import copy
import html
import json
import re
from pathlib import Path
from typing import Any

from agentloop.i18n import is_rtl
from agentloop.i18n.display import TEXT_CLASS, lines_html, rtl_block

from .. import jsonfile
from ..judge.scores import CellScore, Graded
from ..protocol import Run
from ..read.submission import SubmittedNotebook

OUTPUT_TEXT_CAP = 10_000


def autograded_notebook(notebook: SubmittedNotebook, run: Run | None,
                        scores: list[CellScore], nbformat_minor: int = 5) -> dict[str, Any]:
    """The sanitized student notebook with each cell's outputs and each check's report."""
    by_id = {s.grade_id: s for s in scores}
    # each cell copied one level deep: only its outputs, count and id are set here, and a
    # deep copy of a class's notebooks cost more than writing them
    cells = [dict(cell) for cell in notebook.cells]
    count = 0
    for index, cell in enumerate(cells):
        if cell.get("cell_type") != "code":
            continue
        gid = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        ran = run.cells.get(gid or f"cell-{index}") if run else None
        if ran is None:
            continue
        count += 1
        cell["execution_count"] = count
        outputs = list(ran.result.outputs) if ran.result else []
        secret = hidden_lines(cell.get("source", ""))
        if secret:  # a traceback would quote the hidden tests to the student's feedback
            outputs = [_without(output, secret) for output in outputs]
        score = by_id.get(gid or "")
        if score is not None and score.text:
            outputs.append(_said(score.text, score.language))
        if ran.excluded:
            shown = score.shown_reason if score is not None else ""
            outputs.append(_error("GraderError", shown or ran.excluded))
        elif score is not None and score.kind == Graded.CHECK and not score.passed:
            outputs.append(_error("AssertionError", score.shown_reason or score.reason))
        cell["outputs"] = outputs
    problems = notebook.problems + (run.problems if run else [])
    metadata = dict(notebook.metadata)
    if problems:  # for scripts and the curious; formgrader shows the student's cells only
        metadata["agentloop_grader"] = {"problems": list(problems)}
    for number, cell in enumerate(cells):
        cell.setdefault("id", f"cell-{number}")
    return {"cells": cells, "metadata": metadata, "nbformat": 4,
            "nbformat_minor": nbformat_minor}


HIDDEN_BEGIN, HIDDEN_END = "BEGIN HIDDEN TESTS", "END HIDDEN TESTS"
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
HIDDEN_MARK = "… (a hidden test)"


def hidden_lines(source: str) -> list[str]:
    """The lines of a cell's hidden-test regions (those worth matching)."""
    lines, inside = [], False
    for line in source.splitlines():
        if HIDDEN_BEGIN in line:
            inside = True
        elif HIDDEN_END in line:
            inside = False
        elif inside and len(line.strip()) > 3:
            lines.append(line.strip())
    return [*lines, HIDDEN_BEGIN, HIDDEN_END] if lines else []


def _scrub(text: str, secret: list[str]) -> str:
    return "\n".join(HIDDEN_MARK if any(s in ANSI.sub("", line) for s in secret) else line
                     for line in text.split("\n"))


def _without(output: dict[str, Any], secret: list[str]) -> dict[str, Any]:
    """An output with every line that quotes a hidden test replaced by a mark."""
    output = copy.deepcopy(output)
    if output.get("output_type") == "error":
        output["evalue"] = _scrub(str(output.get("evalue", "")), secret)
        output["traceback"] = [_scrub(str(line), secret) for line in output.get("traceback", [])]
    elif output.get("output_type") == "stream":
        text = output.get("text", "")
        output["text"] = _scrub("".join(text) if isinstance(text, list) else str(text), secret)
    else:
        data = output.get("data", {})
        for mime in ("text/plain", "text/html", "text/markdown"):
            if isinstance(data.get(mime), str):
                data[mime] = _scrub(data[mime], secret)
    return output


def unreadable_notebook(released: Path, reason: str) -> dict[str, Any] | None:
    """For a notebook that could not be read: the student version with the reason on top,
    so formgrader has something to open."""
    if not released.is_file():
        return None
    nb = json.loads(released.read_text(encoding="utf-8"))
    nb["cells"].insert(0, {"cell_type": "markdown", "metadata": {}, "id": "grader-note",
                           "source": f"**Grader:** {reason}."})
    return nb


def _cap(text: str) -> str:
    if len(text) <= OUTPUT_TEXT_CAP:
        return text
    return text[:OUTPUT_TEXT_CAP] + f"\n… ({len(text) - OUTPUT_TEXT_CAP} characters cut)"


def _said(text: str, language: str) -> dict[str, Any]:
    """A check's lines as the student's notebook shows them: printed, or in a right-to-left
    language a right-to-left block with the plain text beside it (as agentloop.i18n.show)."""
    if not is_rtl(language):
        return _stream(text)
    escaped = html.escape(_cap(text), quote=False)
    return {"output_type": "display_data", "metadata": {},
            "data": {"text/plain": _cap(text),
                     "text/html": rtl_block(lines_html(escaped), css=TEXT_CLASS)}}


def _stream(text: str) -> dict[str, Any]:
    return {"output_type": "stream", "name": "stdout", "text": _cap(text) + "\n"}


def _error(name: str, reason: str) -> dict[str, Any]:
    reason = _cap(reason)
    return {"output_type": "error", "ename": name, "evalue": reason,
            "traceback": [f"{name}: {reason}"]}


def write_notebook(nb: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".ipynb.tmp")  # whole or not at all, as before
    tmp.write_text(jsonfile.dumps(nb), encoding="utf-8")  # one cell a line
    tmp.replace(path)
