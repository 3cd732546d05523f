"""Late submissions: our autograde applies the late-penalty plugin the teacher configured in
nbgrader_config.py, stores it where stock nbgrader does, and agrees with nbgrader's own
AssignLatePenalties preprocessor and `nbgrader export`."""

from __future__ import annotations

import csv
import itertools
import sys
import warnings
from pathlib import Path

import nbformat
import pytest
from agentloop_grader import testing as T
from agentloop_grader.autograde import Options, autograde
from agentloop_grader.config import teacher_config
from agentloop_grader.course import Course, GradingError
from agentloop_grader.export import export_csv
from agentloop_grader.protocol import Limits
from agentloop_grader.record.late import LatePenalties
from agentloop_grader.release import release
from traitlets.config import Config

pytestmark = pytest.mark.slow
A = "01_agent_loop"
DUE = "2026-11-30 12:00:00 UTC"
PLUGIN = '''
import math

from nbgrader.plugins import BasePlugin
from traitlets import Float


class SubMarks(BasePlugin):
    """nbgrader's documented example, with a configurable rate: N points per started hour."""

    points_per_hour = Float(1.0).tag(config=True)

    def late_submission_penalty(self, student_id, score, total_seconds_late):
        return self.points_per_hour * math.ceil(total_seconds_late / 3600)
'''
_modules = itertools.count()
# student: (answers, timestamp.txt); "wrong" scores 6/9, "blank" 0/9
CLASS = {
    "on_time": ("solution", "2026-11-30 11:59:59.000000 UTC"),
    "late": ("solution", "2026-11-30 14:30:00.000000 UTC"),  # 2.5 h: 3 started hours
    "late_berlin": ("solution", "2026-11-30 13:30:00.000000 Europe/Berlin"),  # 30 min
    "late_wrong": ("wrong", "2026-11-30 17:00:00.000000 UTC"),  # 5 h: 7.5 > 6, capped
    "late_blank": ("blank", "2026-12-01 12:00:00.000000 UTC"),  # 0 points: nothing to take
    "extended": ("solution", "2026-11-30 14:30:00.000000 UTC"),  # 3 h extension: on time
}
SCORE = {"on_time": 9, "late": 9, "late_berlin": 9, "late_wrong": 6, "late_blank": 0,
         "extended": 9}
SUBMARKS = {"on_time": None, "late": 4.5, "late_berlin": 1.5, "late_wrong": 6.0,
            "late_blank": 0.0, "extended": None}


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Course:
    course = Course(tmp_path_factory.mktemp("late") / "course")
    release(course, [A], due=DUE)
    source, blank = T.read(course.source_notebook(A)), T.read(course.released_notebook(A))
    wrong, _ = T.roundtrip(A)
    notebooks = {"solution": source, "blank": blank, "wrong": T.with_answers(source, wrong)}
    for student, (kind, stamp) in CLASS.items():
        T.submit(course, A, student, notebooks[kind], timestamp=stamp)
    with course.gradebook() as gb, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nbgrader's own SQLAlchemy warnings
        gb.add_student("extended")
        gb.add_submission(A, "extended")
        gb.grant_extension(A, "extended", hours=3)
    return course


def configure(course: Course, text: str) -> str:
    """Write the course's nbgrader_config.py (and a fresh plugin module); return its name."""
    module = f"agentloop_late_plugin_{next(_modules)}"
    (course.root / f"{module}.py").write_text(PLUGIN)
    (course.root / "nbgrader_config.py").write_text(text.replace("MODULE", module))
    return module


def grade(course: Course) -> dict[str, float | None]:
    report = autograde(course, A, Options(workers=2, progress=False,
                                          limits=Limits(time_s=20)))
    rows = {row.student: row for row in report.rows}
    assert {s: rows[s].score for s in CLASS} == SCORE, report.summary()
    return {s: rows[s].late_penalties[A] for s in CLASS}


def stored(course: Course) -> dict[str, float | None]:
    """SubmittedNotebook.late_submission_penalty, straight from the gradebook."""
    with course.gradebook() as gb:
        return {s: gb.find_submission_notebook(A, A, s).late_submission_penalty
                for s in CLASS}


def stock(course: Course, monkeypatch: pytest.MonkeyPatch) -> dict[str, float | None]:
    """What nbgrader's own AssignLatePenalties stores, with the same nbgrader_config.py."""
    from nbgrader.preprocessors import AssignLatePenalties

    monkeypatch.syspath_prepend(str(course.root))
    for student in CLASS:
        nb = nbformat.read(course.path("autograded", student, A) / f"{A}.ipynb", as_version=4)
        resources = {"nbgrader": {"notebook": A, "assignment": A, "student": student,
                                  "db_url": course.gradebook_url}}
        AssignLatePenalties(config=teacher_config(course.root)).preprocess(nb, resources)
    return stored(course)


def test_default_is_nbgrader_default_no_penalty(course):
    (course.root / "nbgrader_config.py").unlink(missing_ok=True)
    penalties = grade(course)
    assert penalties == dict.fromkeys(CLASS)
    assert stored(course) == dict.fromkeys(CLASS)
    with course.gradebook() as gb:
        late = {s: gb.find_submission(A, s).total_seconds_late for s in CLASS}
    assert late["on_time"] == late["extended"] == 0
    assert late["late"] == 2.5 * 3600 and late["late_berlin"] == 1800


def test_submarks_points_per_hour_matches_nbgrader(course, monkeypatch, tmp_path):
    configure(course, "c.AssignLatePenalties.plugin_class = 'MODULE.SubMarks'\n"
                      "c.SubMarks.points_per_hour = 1.5\n")
    ours = grade(course)
    assert ours == SUBMARKS
    assert stored(course) == SUBMARKS
    assert stock(course, monkeypatch) == SUBMARKS  # nbgrader recomputes the same values

    # our export and nbgrader's CsvExportPlugin: same totals, after the penalty
    out = tmp_path / "ours.csv"
    export_csv(course, out)
    mine = {r["student_id"]: r for r in csv.DictReader(out.open())}
    theirs = _nbgrader_export(course, tmp_path / "stock.csv")
    for student, score in SCORE.items():
        net = max(0.0, score - (SUBMARKS[student] or 0))
        assert float(mine[student][f"{A}/total (9 pts)"]) == net
        assert float(mine[student][f"{A}/late penalty"]) == (SUBMARKS[student] or 0)
        assert float(theirs[student]["score"]) == net
        assert float(theirs[student]["late_submission_penalty"]) == (SUBMARKS[student] or 0)


def test_penalty_method_zero_and_reset(course, monkeypatch):
    configure(course, "c.LateSubmissionPlugin.penalty_method = 'zero'\n")
    zero = {s: (float(SCORE[s]) if SUBMARKS[s] is not None else None) for s in CLASS}
    assert grade(course) == zero
    assert stock(course, monkeypatch) == zero
    (course.root / "nbgrader_config.py").unlink()
    assert grade(course) == dict.fromkeys(CLASS)  # regrading resets it, as stock does


def test_report_shows_the_penalty(course):
    configure(course, "c.AssignLatePenalties.plugin_class = 'MODULE.SubMarks'\n")
    report = autograde(course, A, Options(workers=2, progress=False, students=("late",),
                                          limits=Limits(time_s=20)))
    assert report.settings["late_penalties"].endswith(".SubMarks")
    assert "| late | 6/9 (9 − 3 late) |" in report.summary()


def test_a_plugin_that_fails_keeps_the_scores(course):
    (course.root / "agentloop_late_plugin_broken.py").write_text(
        "from nbgrader.plugins import BasePlugin\n\n"
        "class Broken(BasePlugin):\n"
        "    def late_submission_penalty(self, student_id, score, seconds):\n"
        "        raise ZeroDivisionError('oops')\n")
    (course.root / "nbgrader_config.py").write_text(
        "c.AssignLatePenalties.plugin_class = 'agentloop_late_plugin_broken.Broken'\n")
    report = autograde(course, A, Options(workers=2, progress=False,
                                          students=("late", "on_time"),
                                          limits=Limits(time_s=20)))
    rows = {row.student: row for row in report.rows}
    assert rows["late"].score == 9 and rows["late"].late_penalties[A] is None
    assert any("late penalty not applied" in p and "ZeroDivisionError" in p
               for p in rows["late"].problems)
    assert not rows["on_time"].problems  # never asked: not late
    assert T.gradebook_scores(course, A)["late"] == T.test_cells(T.read(
        course.source_notebook(A)))
    (course.root / "nbgrader_config.py").unlink()


def test_a_plugin_that_cannot_be_loaded_is_one_clear_error(course):
    (course.root / "nbgrader_config.py").write_text(
        "c.AssignLatePenalties.plugin_class = 'no_such_module.SubMarks'\n")
    with pytest.raises(GradingError, match=r"late-penalty plugin 'no_such_module\.SubMarks'"):
        autograde(course, A, Options(progress=False))
    (course.root / "nbgrader_config.py").unlink()


def test_config_search_order(tmp_path, monkeypatch):
    course = Course(tmp_path / "grader" / "course")
    course.root.mkdir(parents=True)
    (tmp_path / "grader" / "nbgrader_config.py").write_text(
        "c.LateSubmissionPlugin.penalty_method = 'zero'\n")
    monkeypatch.chdir(tmp_path)
    assert LatePenalties.for_course(course).plugin.penalty_method == "zero"
    (course.root / "nbgrader_config.py").write_text(
        "c.LateSubmissionPlugin.penalty_method = 'none'\n")
    assert LatePenalties.for_course(course).plugin.penalty_method == "none"
    assert LatePenalties(Config(), []).plugin.penalty_method == "none"


def _nbgrader_export(course: Course, out: Path) -> dict[str, dict[str, str]]:
    from nbgrader.plugins import CsvExportPlugin

    with course.gradebook() as gb:
        CsvExportPlugin(to=str(out)).export(gb)
    return {r["student_id"]: r for r in csv.DictReader(out.open())}


def teardown_module() -> None:
    for name in [m for m in sys.modules if m.startswith("agentloop_late_plugin_")]:
        del sys.modules[name]
