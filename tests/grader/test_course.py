"""The course folder and its gradebook (agentloop_grader/course.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import nbgrader.api
import pytest
from agentloop_grader.course import Course, _alembic_head, ensure_tools_on_path


def test_the_gradebooks_schema_version_is_what_alembic_heads_prints(tmp_path: Path) -> None:
    ensure_tools_on_path()
    from nbgrader.dbutil import _temp_alembic_ini

    with _temp_alembic_ini(f"sqlite:///{tmp_path / 'x.db'}") as ini:
        alembic = Path(sys.executable).with_name("alembic")
        printed = subprocess.check_output([str(alembic), "-c", ini, "heads"], text=True)
    assert _alembic_head() == printed.split("\n")[0].split(" ")[0]


def test_a_new_gradebook_starts_no_process(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """nbgrader would run `alembic heads` in a new Python for every new gradebook."""
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"a process was started: {args}")

    monkeypatch.setattr(nbgrader.api.sp, "check_output", refuse)
    course = Course(tmp_path / "course")
    course.root.mkdir()
    with course.gradebook() as gb:
        version = gb.db.execute(nbgrader.api.text("SELECT version_num FROM alembic_version"))
        assert version.scalar() == _alembic_head()
