"""A blank exercise under Run All: one calm line, not a traceback.

An exercise's stub raises `NotImplementedError()` (nbgrader writes it in place of the
answer). Run All on a chapter whose exercises are blank reaches it in two places: the
answer cell itself, when the answer is a value (`predictions = …` is not written yet), and
any demonstration cell that calls an answer function still blank. In a learner's kernel
(`load_ipython_extension`: ./course lab names this module in the kernel's command line)
and in the zero-install site (`install`, called by `import agentloop` in Pyodide), such a
cell says in one line what is not answered yet and where to write it:

    not answered yet — write `predictions` here, in place of `raise NotImplementedError()`
    not answered yet — this cell runs `decide`, which you write above

Only the stub's own NotImplementedError (raised with no message, by code of a notebook
cell) is told this way; any other error shows its traceback as usual. The cell still ends
in an error for the notebook (JupyterLab runs on past it: the learner release tags such
cells `raises-exception`).
"""

from __future__ import annotations

import os
import sys
from types import FrameType, TracebackType
from typing import Any

STUB = "raise NotImplementedError()"


def _cell_frame(tb: TracebackType | None, shell: Any) -> FrameType | None:
    """The frame that raised, if it is code of a notebook cell (not of a library)."""
    last = None
    while tb is not None:
        last, tb = tb.tb_frame, tb.tb_next
    if last is None:
        return None
    filename = last.f_code.co_filename
    cells = getattr(getattr(shell, "compile", None), "_filename_map", {}) or {}
    from_cell = filename in cells or filename.startswith("<") or not os.path.isfile(filename)
    return last if from_cell else None


def _answer_named_by(source: str) -> str | None:
    """The answer a stub cell is for, from the course catalog (the stub's own text)."""
    from agentloop.practice.tracking import course_catalog
    from agentloop.practice.workspace import find_workspace

    text = source.strip()
    for chapter in course_catalog(find_workspace()).get("chapters", []):
        for exercise in chapter.get("exercises", []):
            if exercise.get("answer") and exercise.get("stub", "").strip() == text:
                return exercise["answer"]
    return None


def calm_line(frame: FrameType, cell_source: str) -> str:
    """What a cell stopped by a blank answer says."""
    from agentloop.i18n import t

    if frame.f_code.co_name == "<module>":  # the answer cell itself: a value to write
        name = _answer_named_by(cell_source)
        if name:
            return t("not answered yet — write `{name}` here, in place of `{stub}`",
                     name=name, stub=STUB)
        return t("not answered yet — write your answer here, in place of `{stub}`", stub=STUB)
    return t("not answered yet — this cell runs `{name}`, which you write above",
             name=frame.f_code.co_name)


def _current_cell(shell: Any) -> str:
    history = getattr(shell, "user_ns", {}).get("In") or []
    return history[-1] if history and isinstance(history[-1], str) else ""


def handle(shell: Any, etype: type, value: BaseException, tb: TracebackType | None,
           tb_offset: int | None = None) -> None:
    """IPython's custom exception handler for NotImplementedError (see the module's
    text)."""
    frame = _cell_frame(tb, shell) if not str(value) else None
    if frame is None:
        shell.showtraceback((etype, value, tb), tb_offset=tb_offset)
        return
    import html

    from agentloop.i18n import show

    line = calm_line(frame, _current_cell(shell))
    show(line, html.escape(line, quote=False))


def install(shell: Any = None) -> bool:
    """Tell a blank exercise in one line from now on in this kernel; True if installed."""
    if shell is None:
        ipython = sys.modules.get("IPython")
        shell = ipython.get_ipython() if ipython is not None else None
    if shell is None or not hasattr(shell, "set_custom_exc"):
        return False
    if NotImplementedError not in getattr(shell, "custom_exceptions", ()):
        shell.set_custom_exc((NotImplementedError,), handle)
    return True


def load_ipython_extension(shell: Any) -> None:
    """`--ext agentloop.practice.blank` (the learner's kernel, ./course lab)."""
    install(shell)
