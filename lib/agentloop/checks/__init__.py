"""Exercise checks: a check cell is `check("ch1-decide-failure")`.

A check names its answer (`decide`), carries its visible cases, its probe and its judge
(see `core.Check`). This package is the *learner's edition* of every check: it holds no
reference answer, no hidden case and no seed. Where checks are found, by id:

- the course's chapters: `agentloop.checks.chN` for ids `chN-…`, with the facts of their
  visible cases in agentloop/checks/facts/chN.json;
- any other assignment: `visible_checks.json` next to the notebook, which
  `agentloop-grade release` writes from the teacher's `checks.py` (visible cases and their
  expected outputs only).

The teacher's edition (references, facts of any input, hidden cases) is
`agentloop_grader.answers`, part of the teacher's install only.

In a notebook `check` prints every visible case with ✔ or ✘ and never stops Run All; in a
learner's practice workspace it also records the result (see `agentloop.practice`).
Under nbgrader (`NBGRADER_EXECUTION` is `validate` or `autograde`) a failure also raises,
so Validate and stock autograde see it. Stock autograde runs the notebook in the teacher's
own environment, where the teacher's edition is installed: there, and only there, `check`
adds the hidden cases, drawn with the course's secret seed. A learner's environment has no
hidden case to add, whatever its variables say.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import os
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from agentloop.checks.core import (
    PROBES,
    Case,
    Check,
    Compare,
    Report,
    close,
    collect,
    hidden_seed,
    judge,
    run_check,
    to_plain,
)
from agentloop.checks.withhold import Withheld, library_objects, withheld
from agentloop.i18n import show

__all__ = ["PROBES", "Case", "Check", "Compare", "Report", "check", "checks_in", "close",
           "collect", "get_check", "hidden_seed", "judge", "library_check", "run_check",
           "to_plain"]

VISIBLE_FILE = "visible_checks.json"
CHAPTER_ID = re.compile(r"^(ch\d+)-")
_LOOK_UP = object()


def checks_in(module: ModuleType) -> dict[str, Check]:
    """The checks a module defines, by id (its `CHECKS` tuple, or every Check it holds).

    A chapter module may keep its reference answers in a `REFERENCE` dict by answer name;
    they are attached to the checks that have none.
    """
    found = getattr(module, "CHECKS", None)
    if found is None:
        found = [value for value in vars(module).values() if isinstance(value, Check)]
    references = getattr(module, "REFERENCE", {})
    out = {}
    for chk in found:
        if chk.reference is None and chk.answer in references:
            chk = dataclasses.replace(chk, reference=references[chk.answer])
        out[chk.id] = chk
    return out


def library_module(check_id: str) -> str | None:
    """`agentloop.checks.ch1` for `ch1-…`; None for ids that are not a chapter's."""
    match = CHAPTER_ID.match(check_id)
    return f"agentloop.checks.{match[1]}" if match else None


def library_check(check_id: str) -> Check | None:
    """The course chapter's check with this id (the learner's edition), or None."""
    name = library_module(check_id)
    if name is None:
        return None
    try:
        return checks_in(importlib.import_module(name)).get(check_id)
    except ModuleNotFoundError:
        return None


def get_check(check_id: str, folder: str | Path | None = None) -> Check:
    """Find a check by id: a chapter's, else one in `folder`/visible_checks.json (default:
    the current directory, where Jupyter starts a notebook's kernel). KeyError if none."""
    name = library_module(check_id)
    where = ""
    if name is not None:
        try:
            checks = checks_in(importlib.import_module(name))
        except ModuleNotFoundError:
            checks, where = {}, f" (no module {name})"
        if check_id in checks:
            return checks[check_id]
        if checks:
            where = f"; {name.rsplit('.', 1)[-1]} has: {', '.join(checks)}"
    visible = visible_checks(Path(folder) if folder is not None else Path.cwd())
    if check_id in visible:
        return visible[check_id]
    if not where:
        where = (f"; {VISIBLE_FILE} here has: {', '.join(sorted(visible))}" if visible
                 else f" (not a chapter's, and no {VISIBLE_FILE} in this folder)")
    raise KeyError(f"no check named {check_id!r}{where}")


def visible_checks(folder: Path) -> dict[str, Check]:
    """The checks of a released assignment, from its visible_checks.json."""
    path = folder / VISIBLE_FILE
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {item["id"]: _visible_check(item) for item in data.get("checks", [])}


def _visible_check(item: dict[str, Any]) -> Check:
    cases = [Case(c["input"], c["label"], c.get("hint", ""), c.get("rule", ""))
             for c in item["cases"]]
    expected = {_key(c["input"]): c["expected"] for c in item["cases"]}
    compare = Compare.from_plain(item.get("compare", Compare().to_plain()))

    def verify(value: Any, output: Any) -> str | None:
        return compare(output, expected[_key(value)])

    return Check(id=item["id"], answer=item["answer"], title=item.get("title", item["id"]),
                 cases=lambda: list(cases), probe=PROBES[item.get("probe", "call")],
                 verify=verify, hint=item.get("hint", ""))


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def check(check_id: str, answer: Any = _LOOK_UP) -> None:
    """Run a check on your answer and print what passed and what failed.

    With no `answer`, the check looks up the name it checks (e.g. `decide`) among the
    names your notebook has defined. An answer not written yet gets one calm line, not a
    list of failures; in a practice workspace the Hint and Solution buttons and the
    chapter's progress follow (agentloop.practice.cell).
    """
    mode = os.environ.get("NBGRADER_EXECUTION", "")
    chk = get_check(check_id)
    if answer is _LOOK_UP:
        namespace = sys._getframe(1).f_globals
        if chk.answer not in namespace:
            _say(f"{check_id}: {_blank_line(chk)}")
            if mode:
                raise NameError(f"{check_id}: {chk.answer} is not defined")
            _buttons(_practice(check_id, chk, None, None))
            return
        answer = namespace[chk.answer]
    teacher = _teacher_edition(chk) if mode == "autograde" else None
    # The grader does not load the library modules that answer any exercise of this
    # chapter; here they are kept out of the answer's reach while it runs (and only then:
    # a judge may use them), so practice says what grading will say.
    objects = library_objects(answered_by_chapter(check_id, chk))

    def probing() -> Any:
        return withheld(answer, objects)

    try:
        if teacher is not None:
            report = run_check(teacher[0], answer, hidden=True, seed=teacher[1], probing=probing)
        else:
            report = run_check(chk, answer, probing=probing)
    except Withheld as exc:
        print(f"{check_id}: {chk.title}\n  ✘ {exc}")
        if mode:
            raise AssertionError(f"{check_id}: {exc}") from None
        return
    if mode:  # stock nbgrader (Validate, autograde): the whole report, and a failure raises
        # printed, or in a right-to-left language shown right to left (agentloop.i18n)
        show(report.text(show_labels=teacher is None),
             report.text(show_labels=teacher is None, markup="html"))
        if not report.passed:
            raise AssertionError(f"{check_id}: some cases failed (see above)")
        return
    view = _practice(check_id, chk, report, answer)
    if view is not None and view.blank:
        _say(f"{check_id}: {_blank_line(chk)}")
    else:
        steps = view.steps if view is not None else None
        show(report.text(steps=steps), report.text(steps=steps, markup="html"))
        if view is not None and view.note:
            _say(view.note)
    _buttons(view)


def _blank_line(chk: Check) -> str:
    from agentloop.practice.cell import blank_line

    return blank_line(chk)


def _say(text: str) -> None:
    """One of the check cell's own lines: printed, or right to left (agentloop.i18n)."""
    import html

    show(text, html.escape(text, quote=False))


def _practice(check_id: str, chk: Check, report: Report | None, answer: Any) -> Any:
    """In practice (agentloop.practice.cell): record the run and say what the cell shows
    after the report; None when that fails, which must never stop the notebook. Without
    a report (the answer is not defined yet) only the buttons."""
    try:
        from agentloop.practice.cell import CellView, after_run, blank_panel

        if report is None:
            return CellView(True, panel=blank_panel(check_id, chk))
        return after_run(check_id, chk, report, answer)
    except Exception:  # progress is a convenience: a read-only folder must not break a check
        return None


def _buttons(view: Any) -> None:
    """The Hint and Solution buttons and the chapter's progress, when there are some."""
    if view is None or view.panel is None:
        return
    try:
        from IPython.display import display

        display(view.panel)
    except Exception:  # no notebook to show them in: the report above is the whole answer
        return


def answered_by_chapter(check_id: str, chk: Check) -> tuple[str, ...]:
    """The library modules the grader leaves out while it grades this check's chapter: every
    check's `answered_by` there (they share one sandbox), or this check's own."""
    name = library_module(check_id)
    modules = set(chk.answered_by)
    if name is not None:
        try:
            modules |= {m for c in checks_in(importlib.import_module(name)).values()
                        for m in c.answered_by}
        except ModuleNotFoundError:
            pass
    return tuple(sorted(modules))


def _teacher_edition(chk: Check) -> tuple[Check, int] | None:
    """Under stock nbgrader's autograde, in the teacher's environment: the teacher's edition
    of the check and the seed of its hidden cases (the course's secret). None anywhere
    else: a learner's environment does not have the teacher's edition."""
    try:
        from agentloop_grader.answers import answer_key
        from agentloop_grader.secret import find_course_seed
    except ImportError:
        return None
    key = answer_key(chk.id)
    seed = find_course_seed(Path.cwd())
    if key is None or seed is None:
        return None
    return key, hidden_seed(seed, chk.id)
