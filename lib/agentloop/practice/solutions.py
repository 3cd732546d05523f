"""Reference answers, unreadable until solved: `solution("ch1-decide-answer")`.

An exercise is an answer cell (its id, e.g. `ch1-decide-answer`) and the check cells after
it; `solution` takes either id. Every reference answer a self-study copy holds is sealed in
its solutions bundle (agentloop.practice.bundle, .lock):

- when a run of `check(...)` leaves every check of an exercise passed, `unlock` runs your
  answer on the exercise's lock inputs (cases you have not seen; the bundle has their
  inputs, never their outputs) and derives the key from what it gives. If the reference
  opens, the exercise is "★ solved" (recorded, with the key) and `solution(...)` shows the
  reference next to yours. If it does not, your answer passes the listed cases but not yet
  every case the course has: you are told so, not which;
- an exercise judged by rules alone (a message) has no such lock: its example answer is
  sealed with a key anyone can make, which its "★ solved" line says;
- "show me anyway" — `solution(id, confirm=True)`, or the notebook's "Show me anyway…"
  button followed by "Yes, show it" — is recorded as "before passing". In a clone of the
  course it shows the instructor notebook's answer (chapters/ is there on disk anyway); in
  a learner edition or the zero-install site, which hold no instructor notebook, it says
  where the reference is (the course repository's chapters/NN_name.ipynb) and shows nothing.
"""

from __future__ import annotations

import difflib
import html
import re
import sys
from pathlib import Path
from typing import Any

from agentloop.i18n import t
from agentloop.practice import bundle, notebooks
from agentloop.practice.lock import OPEN, LockError, lock_kind, try_open, unseal
from agentloop.practice.tracking import (
    AFTER_PASSING,
    BEFORE_PASSING,
    exercise_passed,
    load,
    record_solution,
    record_solved,
    solved_key,
)
from agentloop.practice.workspace import (
    SOLUTIONS,
    find_workspace,
    in_browser,
    repository,
    site_release,
    state_dir,
)

BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
BOTH_RIGHT = "Both can be right: the checks, not this text, say whether yours is."


def load_bundle(workspace: Path | None) -> dict[str, Any]:
    """The exercises of the workspace's solutions bundle (else the site's), by id."""
    if workspace is not None and not in_browser():
        path = state_dir(workspace) / SOLUTIONS
        if path.is_file():
            return bundle.decode(path.read_text(encoding="utf-8"))
    found = site_release()
    return bundle.decode(found[1]) if found is not None else {}


def resolve(exercises: dict[str, Any], name: str) -> str:
    """The exercise id for an answer cell's id or one of its checks' ids."""
    if name in exercises:
        return name
    for exercise_id, entry in exercises.items():
        if name in entry.get("checks", []):
            return exercise_id
    known = ", ".join(sorted(exercises)) or "none (no practice workspace here)"
    raise KeyError(f"no exercise {name!r}; the exercises are: {known}")


def where_it_is(entry: dict[str, Any], exercise_id: str) -> str:
    """Where the reference answer is in the course's repository."""
    return f"chapters/{entry['chapter']}.ipynb, the answer cell {exercise_id}"


# --- opening a sealed answer --------------------------------------------------------------------

def _user_namespace() -> dict[str, Any]:
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return getattr(shell, "user_ns", None) or {}


def _answers(check_id: str, answer: Any) -> Any:
    """What a lock's check probes: the object `check` was given for the name it checks,
    else the name as the notebook defines it."""
    from agentloop.checks import get_check

    given = get_check(check_id).answer

    def answer_for(chk: Any) -> Any:
        if chk.answer == given and answer is not None:
            return answer
        namespace = _user_namespace()
        if chk.answer in namespace:
            return namespace[chk.answer]
        raise LookupError(chk.answer)

    return answer_for


def unlock(workspace: Path, exercise_id: str, check_id: str, answer: Any) -> str:
    """Every check of the exercise passed: try its lock with `answer`; the line to print."""
    try:
        entry = load_bundle(workspace).get(exercise_id)
        if entry is None:
            return "  ★ " + t("every check of {exercise} passed (the course has no answer to "
                             "show)", exercise=exercise_id)
        key = try_open(exercise_id, entry, _answers(check_id, answer))
        kind = lock_kind(entry["lock"])
    except (bundle.BundleError, LockError) as exc:
        return "  " + t("every check of {exercise} passed, but {problem}", exercise=exercise_id,
                        problem=exc)
    if key is None:
        return "  ✘ " + t("every listed case of {exercise} passes, but your answer does not yet "
                          "give the right output on every case the course has (which ones is "
                          "not said: finding them is the exercise). Read the rules in the "
                          "hints again; the exercise is solved, and its reference answer "
                          "opens, once it does.", exercise=exercise_id)
    record_solved(workspace, exercise_id, key, kind)
    if kind == OPEN:
        return "  ★ " + t("exercise {exercise} solved: every listed case passes. It is judged by "
                          "rules alone, so its example answer is locked with a key anyone can "
                          "make (it proves nothing). Compare yours with it: Solution, below, "
                          "or `solution(\"{exercise}\")`", exercise=exercise_id)
    return "  ★ " + t("exercise {exercise} solved: your answer also gives the right output on "
                      "cases it has never seen, which opened the course's answer. Compare yours "
                      "with it: Solution, below, or `solution(\"{exercise}\")`",
                      exercise=exercise_id)


def opened(workspace: Path | None, exercise_id: str, entry: dict[str, Any]) -> str | None:
    """The reference answer, opened with the key this workspace's solve recorded."""
    key = solved_key(workspace, exercise_id)
    return unseal(entry["sealed"], key) if key is not None else None


def instructor_answer(entry: dict[str, Any], exercise_id: str) -> tuple[str, str] | None:
    """(the answer cell of the instructor notebook, its path in the course) in a clone of
    the course, where chapters/ is on disk; None in a learner edition or the site."""
    if in_browser():
        return None
    relative = f"chapters/{entry['chapter']}.ipynb"
    path = repository() / relative
    try:
        nb = notebooks.read(path)
    except (OSError, ValueError):
        return None
    for cell in nb["cells"]:
        if notebooks.grade_id(cell) == exercise_id and notebooks.is_answer(cell):
            text = notebooks.source(cell)
            if BEGIN in text:
                return solution_text(text), relative
    return None


def solution_text(source: str) -> str:
    """An answer cell of the instructor notebook, without its BEGIN/END SOLUTION lines."""
    lines = [line for line in source.splitlines() if line.strip() not in (BEGIN, END)]
    return "\n".join(lines).strip("\n")


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
    history = _user_namespace().get("In") or []
    if name:
        pattern = _defines(name)
        for cell in reversed(history):
            if isinstance(cell, str) and pattern.search(cell) and "solution(" not in cell:
                return cell.strip("\n")
    if history_only:
        return None
    paths = sorted(Path.cwd().glob("*.ipynb"))
    if workspace is not None and entry.get("chapter"):
        paths.insert(0, workspace / f"{entry['chapter']}.ipynb")
    for path in paths:
        try:
            cells = notebooks.read(path)["cells"]
        except (OSError, ValueError):
            continue
        for cell in cells:
            if notebooks.grade_id(cell) == exercise_id:
                return notebooks.source(cell)
    return None


# --- what a cell shows --------------------------------------------------------------------------

class Reveal:
    """The reference answer next to yours, with the differences."""

    def __init__(self, exercise_id: str, entry: dict[str, Any], reference: str,
                 yours: str | None, when: str, source: str = "") -> None:
        self.exercise_id, self.entry, self.reference = exercise_id, entry, reference
        self.yours, self.when, self.source = yours, when, source

    def diff(self) -> list[str]:
        if self.yours is None:
            return []
        return list(difflib.unified_diff(self.yours.splitlines(), self.reference.splitlines(),
                                         "yours", "reference", lineterm=""))

    def heading(self) -> str:
        values = {"exercise": self.exercise_id, "chapter": self.entry["chapter"],
                  "when": t(self.when), "source": self.source}
        if self.source:
            return t("Reference answer for {exercise} (chapter {chapter}), shown {when}, from "
                     "the instructor notebook {source}:", **values)
        return t("Reference answer for {exercise} (chapter {chapter}), shown {when}:", **values)

    def text(self) -> str:
        lines = [self.heading(), "", self.reference, ""]
        if self.yours is None:
            lines.append(t("(Your answer was not found: run your answer cell, then this "
                           "again.)"))
        else:
            diff = self.diff()
            lines += [t("Yours and the reference, line by line (- yours, + reference):"),
                      *diff] if diff else [t("Your answer is the same as the reference, line "
                                             "for line.")]
        lines.append("")
        lines.append(t(BOTH_RIGHT))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        def block(title: str, text: str | None) -> str:
            body = html.escape(text) if text is not None else \
                html.escape(t("(not found: run your answer cell, then this again)"))
            return (f'<td style="vertical-align:top;width:50%;text-align:left"><b>{title}</b>'
                    f'<pre style="white-space:pre-wrap;text-align:left">{body}</pre></td>')

        note = html.escape(t(BOTH_RIGHT))
        return (f'<div class="agentloop-solution" data-exercise="{html.escape(self.exercise_id)}"'
                f' data-when="{self.when}"><p>{html.escape(self.heading()[:-1])}.</p>'
                f'<table style="width:100%"><tr>{block(t("yours"), self.yours)}'
                f'{block(t("reference"), self.reference)}</tr></table><p>{note}</p></div>')


class Elsewhere:
    """"Show me anyway" where no instructor notebook is (a learner edition, the site): where
    the reference is, and nothing of it."""

    def __init__(self, exercise_id: str, entry: dict[str, Any], when: str) -> None:
        self.exercise_id, self.entry, self.when = exercise_id, entry, when

    def text(self) -> str:
        return t("{exercise}: this copy of the course holds its reference answer sealed until "
                 "your answer solves the exercise, and no instructor notebook, so nothing is "
                 "shown here. The reference is in the course's repository: {where}. (Your "
                 "progress notes that you asked for it {when}.)", exercise=self.exercise_id,
                 where=where_it_is(self.entry, self.exercise_id), when=t(self.when))

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        return (f'<div class="agentloop-solution-elsewhere" data-exercise='
                f'"{html.escape(self.exercise_id)}" data-when="{self.when}"><p>'
                f"{html.escape(self.text())}</p></div>")


class Gate:
    """Not solved yet: say so, and offer "show me anyway" only after a confirmation."""

    def __init__(self, exercise_id: str, entry: dict[str, Any], workspace: Path | None,
                 listed_passed: bool = False) -> None:
        self.exercise_id, self.entry, self.workspace = exercise_id, entry, workspace
        self.listed_passed = listed_passed

    def text(self) -> str:
        if self.listed_passed:
            first = t("{exercise}: every listed case passes, but your answer does not yet give "
                      "the right output on every case the course has, so its reference answer "
                      "stays locked. Read the rules in the hints again.",
                      exercise=self.exercise_id)
        else:
            first = t("{exercise}: not every check has passed yet ({checks}). Trying a little "
                      "longer is worth it: each ✘ says why, and Hint opens a hint step by step.",
                      exercise=self.exercise_id,
                      checks=", ".join(self.entry.get("checks", [])) or "—")
        return first + "\n" + t("To see the reference answer anyway (noted as seen before "
                                "passing): `solution(\"{exercise}\", confirm=True)`",
                                exercise=self.exercise_id)

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
        ask = w.Button(description=t("Show me anyway…"), button_style="warning")
        yes = w.Button(description=t("Yes, show it"), button_style="danger")
        no = w.Button(description=t("No, I keep trying"))
        for button in (ask, yes, no):
            button.layout.width = "auto"
        question = w.HTML("<p>" + html.escape(t("Sure? You will see the reference answer "
                                                "before your answer solves the exercise, and "
                                                "your progress will say so.")) + "</p>")
        # shown and hidden by "flex" and "none" (JupyterLite keeps a display style that is
        # set back to None)
        asking = w.HBox([ask], layout=w.Layout(display="flex"))
        confirm = w.VBox([question, w.HBox([yes, no])], layout=w.Layout(display="none"))
        shown = w.Output()

        def on_ask(_: Any) -> None:
            asking.layout.display = "none"
            confirm.layout.display = "flex"

        def on_no(_: Any) -> None:
            confirm.layout.display = "none"
            asking.layout.display = "flex"

        def on_yes(_: Any) -> None:
            confirm.layout.display = "none"
            with shown:
                display(anyway(self.exercise_id, self.entry, self.workspace))

        ask.on_click(on_ask)
        no.on_click(on_no)
        yes.on_click(on_yes)
        box = w.VBox([message, asking, confirm, shown])
        box.add_class("agentloop-solution-gate")
        display(box)


def _when(workspace: Path | None, exercise_id: str, when: str) -> str:
    """Record that the solution was shown (or asked for); the better news is kept."""
    if workspace is None:
        return when
    record_solution(workspace, exercise_id, when)
    return load(workspace)["solutions"].get(exercise_id, when)


def anyway(exercise_id: str, entry: dict[str, Any], workspace: Path | None
           ) -> Reveal | Elsewhere:
    """"Show me anyway": the instructor notebook's answer in a clone, else where it is."""
    when = _when(workspace, exercise_id, BEFORE_PASSING)
    found = instructor_answer(entry, exercise_id)
    if found is None:
        return Elsewhere(exercise_id, entry, when)
    reference, where = found
    return Reveal(exercise_id, entry, reference,
                  your_answer(entry, exercise_id, workspace=workspace), when, where)


def solution(exercise: str, confirm: bool = False) -> Reveal | Elsewhere | Gate:
    """The reference answer to `exercise` (an answer cell's id or a check's id) next to
    yours — once your answer solved it, or before that with `confirm=True`."""
    workspace = find_workspace()
    exercises = load_bundle(workspace)
    exercise_id = resolve(exercises, exercise)
    entry = exercises[exercise_id]
    reference = opened(workspace, exercise_id, entry)
    if reference is not None:
        when = _when(workspace, exercise_id, AFTER_PASSING)
        return Reveal(exercise_id, entry, reference,
                      your_answer(entry, exercise_id, workspace=workspace), when)
    seen = load(workspace)["solutions"].get(exercise_id) if workspace is not None else None
    if confirm or seen:
        return anyway(exercise_id, entry, workspace)
    passed = workspace is not None and exercise_passed(workspace, exercise_id)
    return Gate(exercise_id, entry, workspace, listed_passed=passed)


show_solution = solution
