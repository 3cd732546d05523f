"""Reference answers, shown after trying: `solution("ch1-decide-answer")`.

An exercise is an answer cell (its id, e.g. `ch1-decide-answer`) and the check cells after
it; `solution` takes either id. It shows the reference answer next to yours

- once every check of the exercise passed (your latest run of each), or
- before that, only after you confirm: `solution(id, confirm=True)`, or the notebook's
  "Show me anyway" button followed by "Yes, show it".

The answers come from the workspace's `.agentloop/solutions.bundle` (written from the
instructor notebooks when the workspace is made) or, in the zero-install site, from the
bundle inside its copy of the library. A bundle is compressed and encoded so that nobody
reads an answer by accident while browsing files; it is not protection — anyone can decode
it (`decode_bundle`).
"""

from __future__ import annotations

import base64
import difflib
import html
import json
import re
import sys
import zlib
from pathlib import Path
from typing import Any

from agentloop.practice.tracking import (
    AFTER_PASSING,
    BEFORE_PASSING,
    exercise_passed,
    load,
    record_solution,
)
from agentloop.practice.workspace import (
    SOLUTIONS,
    bundled,
    find_workspace,
    in_browser,
    state_dir,
)

HEADER = ("agentloop solutions bundle 1: the course's reference answers, compressed and "
          "encoded so that they are not read by accident. solution(...) decodes one after "
          "your checks pass. This is not protection: anyone can decode it.\n")


def encode_bundle(exercises: dict[str, Any]) -> str:
    raw = json.dumps({"format": 1, "exercises": exercises}, sort_keys=True).encode()
    return HEADER + base64.b85encode(zlib.compress(raw, 9)).decode("ascii") + "\n"


def decode_bundle(text: str) -> dict[str, Any]:
    body = text.split("\n", 1)[1] if text.startswith("agentloop solutions bundle") else text
    return json.loads(zlib.decompress(base64.b85decode(body.strip())))["exercises"]


def load_bundle(workspace: Path | None) -> dict[str, Any]:
    if workspace is not None and not in_browser():
        path = state_dir(workspace) / SOLUTIONS
        if path.is_file():
            return decode_bundle(path.read_text(encoding="ascii"))
    pack = bundled()
    return decode_bundle(pack.SOLUTIONS) if pack is not None else {}


def resolve(exercises: dict[str, Any], name: str) -> str:
    """The exercise id for an answer cell's id or one of its checks' ids."""
    if name in exercises:
        return name
    for exercise_id, entry in exercises.items():
        if name in entry.get("checks", []):
            return exercise_id
    known = ", ".join(sorted(exercises)) or "none (no practice workspace here)"
    raise KeyError(f"no exercise {name!r}; the exercises are: {known}")


# --- your answer, to compare ------------------------------------------------------------------

def _defines(name: str) -> re.Pattern[str]:
    word = re.escape(name)
    return re.compile(rf"^(?:def|class)\s+{word}\b|^{word}\s*(?::[^=\n]*)?=(?!=)", re.M)


def your_answer(entry: dict[str, Any], exercise_id: str, history_only: bool = False,
                workspace: Path | None = None) -> str | None:
    """The code you last ran for this exercise (from the kernel's history), else the answer
    cell of the chapter's notebook (in the workspace, else in the current folder); None if
    neither is found."""
    name = entry.get("answer")
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if name and shell is not None:
        history = shell.user_ns.get("In") or []
        pattern = _defines(name)
        for cell in reversed(history):
            if isinstance(cell, str) and pattern.search(cell) and "solution(" not in cell:
                return cell.strip("\n")
    if history_only:
        return None
    notebooks = sorted(Path.cwd().glob("*.ipynb"))
    if workspace is not None and entry.get("chapter"):
        notebooks.insert(0, workspace / f"{entry['chapter']}.ipynb")
    for notebook in notebooks:
        try:
            cells = json.loads(notebook.read_text(encoding="utf-8")).get("cells", [])
        except (OSError, ValueError):
            continue
        for cell in cells:
            if cell.get("metadata", {}).get("nbgrader", {}).get("grade_id") == exercise_id:
                source = cell.get("source", "")
                return "".join(source) if isinstance(source, list) else source
    return None


# --- what a cell shows --------------------------------------------------------------------------

class Reveal:
    """The reference answer next to yours, with the differences."""

    def __init__(self, exercise_id: str, entry: dict[str, Any], yours: str | None,
                 when: str) -> None:
        self.exercise_id, self.entry, self.yours, self.when = exercise_id, entry, yours, when

    def diff(self) -> list[str]:
        if self.yours is None:
            return []
        return list(difflib.unified_diff(self.yours.splitlines(), self.reference.splitlines(),
                                         "yours", "reference", lineterm=""))

    @property
    def reference(self) -> str:
        return self.entry["source"]

    def text(self) -> str:
        lines = [f"Reference answer for {self.exercise_id} (chapter {self.entry['chapter']}), "
                 f"shown {self.when}:", "", self.reference, ""]
        if self.yours is None:
            lines.append("(Your answer was not found: run your answer cell, then this again.)")
        else:
            diff = self.diff()
            lines += ["Yours and the reference, line by line (- yours, + reference):", *diff] \
                if diff else ["Your answer is the same as the reference, line for line."]
        lines.append("")
        lines.append("Both can be right: the checks, not this text, say whether yours is.")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        def block(title: str, text: str | None) -> str:
            body = html.escape(text) if text is not None else \
                "(not found: run your answer cell, then this again)"
            return (f'<td style="vertical-align:top;width:50%;text-align:left"><b>{title}</b>'
                    f'<pre style="white-space:pre-wrap;text-align:left">{body}</pre></td>')

        note = "Both can be right: the checks, not this text, say whether yours is."
        return (f'<div class="agentloop-solution" data-exercise="{html.escape(self.exercise_id)}"'
                f' data-when="{self.when}"><p>Reference answer for '
                f"<code>{html.escape(self.exercise_id)}</code>, shown {self.when}.</p>"
                f'<table style="width:100%"><tr>{block("yours", self.yours)}'
                f'{block("reference", self.reference)}</tr></table><p>{note}</p></div>')


class Gate:
    """Not passed yet: say so, and offer the solution only after a confirmation."""

    def __init__(self, exercise_id: str, entry: dict[str, Any], workspace: Path | None) -> None:
        self.exercise_id, self.entry, self.workspace = exercise_id, entry, workspace

    def text(self) -> str:
        checks = ", ".join(self.entry.get("checks", [])) or "its checks"
        return (f"{self.exercise_id}: not every check has passed yet ({checks}). Trying a "
                "little longer is worth it: each ✘ above says why and gives a hint.\n"
                f'To see the reference answer anyway: solution("{self.exercise_id}", '
                "confirm=True)")

    def __repr__(self) -> str:
        return self.text()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        try:
            import ipywidgets as w
        except ImportError:
            print(self.text())
            return
        message = w.HTML(f"<p>{html.escape(self.text().splitlines()[0])}</p>")
        ask = w.Button(description="Show me anyway…", button_style="warning")
        yes = w.Button(description="Yes, show it", button_style="danger")
        no = w.Button(description="No, I keep trying")
        question = w.HTML("<p>Sure? You will see the whole reference answer before your "
                          "checks pass.</p>")
        confirm = w.VBox([question, w.HBox([yes, no])], layout=w.Layout(display="none"))
        shown = w.Output()

        def on_ask(_: Any) -> None:
            ask.layout.display = "none"
            confirm.layout.display = None

        def on_no(_: Any) -> None:
            confirm.layout.display = "none"
            ask.layout.display = None

        def on_yes(_: Any) -> None:
            confirm.layout.display = "none"
            with shown:
                display(_reveal(self.exercise_id, self.entry, self.workspace, BEFORE_PASSING))

        ask.on_click(on_ask)
        no.on_click(on_no)
        yes.on_click(on_yes)
        box = w.VBox([message, ask, confirm, shown])
        box.add_class("agentloop-solution-gate")
        display(box)


def _reveal(exercise_id: str, entry: dict[str, Any], workspace: Path | None,
            when: str) -> Reveal:
    if workspace is not None:
        record_solution(workspace, exercise_id, when)
        when = load(workspace)["solutions"].get(exercise_id, when)
    return Reveal(exercise_id, entry, your_answer(entry, exercise_id, workspace=workspace), when)


def solution(exercise: str, confirm: bool = False) -> Reveal | Gate:
    """The reference answer to `exercise` (an answer cell's id or a check's id) next to
    yours — once its checks pass, or before that with `confirm=True`."""
    workspace = find_workspace()
    exercises = load_bundle(workspace)
    exercise_id = resolve(exercises, exercise)
    entry = exercises[exercise_id]
    if workspace is not None and exercise_passed(workspace, exercise_id):
        return _reveal(exercise_id, entry, workspace, AFTER_PASSING)
    seen = load(workspace)["solutions"].get(exercise_id) if workspace is not None else None
    if confirm or seen:
        return _reveal(exercise_id, entry, workspace, BEFORE_PASSING)
    return Gate(exercise_id, entry, workspace)


show_solution = solution
