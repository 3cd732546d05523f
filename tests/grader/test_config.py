"""The teacher's nbgrader settings, read as stock reads them (agentloop_grader.config), and
what a teacher reads when they run a command outside their course (course.py)."""

from __future__ import annotations

from agentloop_grader.cli import main
from agentloop_grader.config import modernize, teacher_config
from agentloop_grader.course import Course
from traitlets.config import Config

OLD_STYLE = '''c = get_config()
c.NbGrader.course_id = "physics101 "
c.NbGrader.db_url = "sqlite:////tmp/physics101.db"
c.BaseApp.ignore = [".ipynb_checkpoints", "*.pyc"]
c.Exchange.timezone = "UTC"
'''


def test_old_style_settings_mean_what_they_mean_to_stock(tmp_path):
    """nbgrader's renames (apps/baseapp.py): NbGrader.course_id and friends are
    CourseDirectory's, old sections are NbGrader's; a course id is stripped."""
    (tmp_path / "source").mkdir()
    (tmp_path / "nbgrader_config.py").write_text(OLD_STYLE)
    course = Course.open(tmp_path)
    assert course.course_id == "physics101"
    assert course.db_url == "sqlite:////tmp/physics101.db"
    config = teacher_config(tmp_path)
    assert config.CourseDirectory.ignore == [".ipynb_checkpoints", "*.pyc"]
    assert "course_id" not in config.NbGrader and "BaseApp" not in config
    assert config.Exchange.timezone == "UTC"


def test_the_renames_are_nbgraders_own():
    from nbgrader.apps.baseapp import NbGrader

    for setting in ("course_id", "db_url", "course_directory"):
        ours, theirs = Config(), Config()
        ours.NbGrader[setting] = theirs.NbGrader[setting] = "x"
        modernize(ours)
        NbGrader()._load_config(theirs)
        for section in ("NbGrader", "CourseDirectory"):
            assert ours.get(section, {}) == theirs.get(section, {}), (setting, section)


def test_outside_a_course_the_error_says_how_to_point_at_yours(tmp_path, monkeypatch,
                                                               capsys):
    monkeypatch.chdir(tmp_path)  # no source/, no nbgrader_config.py
    status = main(["autograde", "ps1"])
    err = capsys.readouterr().err.strip()
    assert status == 2 and "\n" not in err
    assert f"{tmp_path} is not an nbgrader course" in err or \
        f"no assignment 'ps1' here: {tmp_path} is not an nbgrader course" in err
    assert "run agentloop-grade in your course's folder, or pass --course DIR" in err
    assert "chapters" not in err.split("or pass --course DIR")[0]
