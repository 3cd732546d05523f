"""Exercise checks: a check cell is `check("ch1-decide-failure")`.

A check names its answer (`decide`), carries its cases and its reference (see `core.Check`).
Where checks are found, by id:

- the course's chapters: `agentloop.checks.chN` for ids `chN-…`;
- any other assignment: `visible_checks.json` next to the notebook, which
  `agentloop-grade release` writes from the teacher's `checks.py` (visible cases and their
  expected outputs only: no hidden case and no reference reaches a student).

In a notebook `check` prints every visible case with ✔ or ✘ and never stops Run All; in a
learner's practice workspace it also records the result (see `agentloop.practice`);
under nbgrader (`NBGRADER_EXECUTION` is `validate` or `autograde`) a failure also raises,
so Validate and stock autograde see it, and autograde adds the hidden cases.
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
    judge,
    run_check,
    to_plain,
)

__all__ = ["PROBES", "Case", "Check", "Compare", "Report", "check", "checks_in", "close",
           "collect", "get_check", "judge", "library_check", "run_check", "to_plain"]

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
    """The course chapter's check with this id, or None."""
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
    names your notebook has defined.
    """
    mode = os.environ.get("NBGRADER_EXECUTION", "")
    chk = get_check(check_id)
    if answer is _LOOK_UP:
        namespace = sys._getframe(1).f_globals
        if chk.answer not in namespace:
            message = (f"`{chk.answer}` is not defined yet: run your answer cell for "
                       f"`{chk.answer}` first")
            print(f"{check_id}: {chk.title}\n  ✘ {message}")
            if mode:
                raise NameError(message)
            return
        answer = namespace[chk.answer]
    if any(answer is obj for obj in chk.withhold):
        # The grader withholds the library's own answer, so this would score nothing there.
        print(f"{check_id}: ✘ {chk.answer} is the library's own answer; write your own")
        if mode:
            raise AssertionError(f"{check_id}: {chk.answer} is the library's own answer")
        return
    report = run_check(chk, answer, hidden=mode == "autograde")
    print(report.text(show_labels=mode != "autograde"))
    if not mode:
        _practice(check_id, report)
    if not report.passed and mode:
        raise AssertionError(f"{check_id}: some cases failed (see above)")


def _practice(check_id: str, report: Report) -> None:
    """In a learner's practice workspace (agentloop.practice), note the result; once the
    exercise is solved, say where its reference answer is. Never stops the notebook."""
    try:
        from agentloop.practice.tracking import after_check

        note = after_check(check_id, report)
    except Exception:  # progress is a convenience: a read-only folder must not break a check
        return
    if note:
        print(note)
