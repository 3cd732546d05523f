"""The gradebook writer's bulk path for first submissions stores exactly the rows nbgrader's
own ORM path stores, for every kind of submission in the ps1 class (on time, late, blank,
missing notebook, manual and task cells), and a regrade afterwards finds them as its own."""

from __future__ import annotations

import shutil
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from agentloop_grader.autograde import Autograder, Options
from agentloop_grader.course import Course
from agentloop_grader.judge.notebook import score_notebook
from agentloop_grader.record import gradebook
from agentloop_grader.record.gradebook import GradebookWriter
from agentloop_grader.release import release

ASSIGNMENTS = Path(__file__).resolve().parents[1] / "assignments"
sys.path.insert(0, str(ASSIGNMENTS))
import make_class as mc  # noqa: E402

INSERT_NEW = GradebookWriter._insert_new


@pytest.fixture(scope="module")
def released(tmp_path_factory) -> Course:
    course = Course(tmp_path_factory.mktemp("records") / "course")
    shutil.copytree(mc.SOURCE, course.root / "source" / mc.ASSIGNMENT)
    release(course, [mc.ASSIGNMENT], due=mc.DUE)
    mc.make_class(course.root)
    return course


def varied(scores: list) -> list:
    """Scores of every sort a run gives: full, half, zero and left for a person."""
    out = []
    for n, score in enumerate(scores):
        if score.score is None or score.kind == "task":
            out.append(score)
        else:
            out.append(replace(score, score=[score.points, score.points / 2, 0.0][n % 3]))
    return out


def write_class(course: Course, bulk: bool, monkeypatch, times: int = 1) -> tuple[dict, list]:
    """Write every student's scores (twice: a regrade) and dump what the gradebook holds."""
    grader = Autograder(course, mc.ASSIGNMENT, Options(workers=1, progress=False))
    subs = [grader.read(student) for student in grader.students()]
    taken = []

    def spy(self, sub, scores, out):
        done = INSERT_NEW(self, sub, scores, out) if bulk else None
        taken.append((sub.student, done is not None))
        return done

    monkeypatch.setattr(GradebookWriter, "_insert_new", spy)
    recorded, dumps = [], []
    with GradebookWriter(course, grader.assignment, grader.late) as writer:
        for _ in range(times):
            for sub in subs:
                scores = {name: varied(score_notebook(grader.assignment.notebooks[name], nb,
                                                      None, grader.book))
                          for name, nb in sub.notebooks.items()}
                recorded.append((sub.student, writer.write(sub, scores)))
            writer.flush()  # first submissions are committed in batches
            dumps.append(dump(course))
    return dumps, recorded, taken


def dump(course: Course) -> dict:
    rows = {}
    with course.gradebook() as gb:
        for submission in gb.assignment_submissions(mc.ASSIGNMENT):
            notebooks = {}
            for nb in submission.notebooks:
                notebooks[nb.name] = (
                    nb.late_submission_penalty, nb.flagged, nb.score, nb.needs_manual_grade,
                    sorted((g.name, g.auto_score, g.manual_score, g.extra_credit,
                            g.needs_manual_grade) for g in nb.grades),
                    sorted((c.name, c.auto_comment, c.manual_comment) for c in nb.comments))
            rows[submission.student.id] = (str(submission.timestamp),
                                           submission.total_seconds_late, notebooks)
        students = sorted(s.id for s in gb.students)
    return {"students": students, "rows": rows}


def test_bulk_rows_are_nbgrader_rows(released, tmp_path, monkeypatch):
    orm_course = Course(tmp_path / "orm")
    bulk_course = Course(tmp_path / "bulk")
    shutil.copytree(released.root, orm_course.root)
    shutil.copytree(released.root, bulk_course.root)

    orm, orm_recorded, _ = write_class(orm_course, False, monkeypatch, times=2)
    bulk, bulk_recorded, bulk_taken = write_class(bulk_course, True, monkeypatch, times=2)

    assert bulk[0] == orm[0]  # after the first pass
    assert bulk[1] == orm[1]  # after the regrade
    assert bulk_recorded == orm_recorded
    students = len(orm[0]["rows"])
    assert students >= 10 and orm[0]["students"] == sorted(orm[0]["rows"])
    comments = [c for _, _, notebooks in orm[0]["rows"].values()
                for *_, said in notebooks.values() for c in said]
    assert ("mean", "No response.", None) in comments
    first, regrade = bulk_taken[:students], bulk_taken[students:]
    assert [student for student, done in first if not done] == ["late"]  # the ORM's job
    assert not any(done for _, done in regrade)  # a regrade updates rows, it never inserts
    late = dict(orm_recorded)["late"]
    assert late.seconds_late > 0  # and the configured plugin (none here) had its say


def test_an_unreadable_timestamp_is_said_and_ignored_on_both_paths(released, tmp_path,
                                                                   monkeypatch):
    dumps = []
    for bulk in (False, True):
        course = Course(tmp_path / f"bulk{bulk}")
        shutil.copytree(released.root, course.root)
        stamp = course.path("submitted", "correct", mc.ASSIGNMENT) / "timestamp.txt"
        stamp.write_text("yesterday at tea time\n")
        (found,), recorded, _ = write_class(course, bulk, monkeypatch)
        said = dict(recorded)["correct"].problems
        assert said == ["unreadable timestamp 'yesterday at tea time' ignored"]
        assert found["rows"]["correct"][0] == "None"
        dumps.append(found)
    assert dumps[0] == dumps[1]


def test_a_notebook_the_gradebook_does_not_know_is_one_problem_and_no_row(released, tmp_path,
                                                                        monkeypatch):
    course = Course(tmp_path / "course")
    shutil.copytree(released.root, course.root)
    grader = Autograder(course, mc.ASSIGNMENT, Options(workers=1, progress=False))
    sub = grader.read("correct")
    sub.notebooks["part3"] = sub.notebooks["part1"]
    with GradebookWriter(course, grader.assignment, grader.late) as writer:
        recorded = writer.write(sub, {})
    assert recorded.problems == ["gradebook: no notebook part3 in the gradebook "
                                 "(release the assignment again?)"]
    assert "correct" not in dump(course)["rows"]


def test_layout_is_none_for_an_assignment_not_released(released):
    with released.gradebook() as gb:
        assert gradebook._layout(gb, "never-released") is None


def _first_submissions(course: Course) -> tuple[Autograder, list]:
    grader = Autograder(course, mc.ASSIGNMENT, Options(workers=1, progress=False))
    subs = [grader.read(student) for student in grader.students() if student != "late"]
    scores = [{name: score_notebook(grader.assignment.notebooks[name], nb, None, grader.book)
               for name, nb in sub.notebooks.items()} for sub in subs]
    return grader, list(zip(subs, scores, strict=True))


def test_first_submissions_are_committed_in_batches_and_all_stored(released, tmp_path,
                                                                   monkeypatch):
    course = Course(tmp_path / "course")
    shutil.copytree(released.root, course.root)
    grader, written = _first_submissions(course)
    monkeypatch.setattr(gradebook, "BATCH", 3)
    with GradebookWriter(course, grader.assignment, grader.late) as writer:
        commits = []
        real_commit = writer.gb.db.commit
        monkeypatch.setattr(writer.gb.db, "commit", lambda: commits.append(1) or real_commit())
        recorded = [writer.write(sub, scores) for sub, scores in written]
        assert len(commits) == len(written) // 3  # a commit per full batch so far
        assert sorted(dump(course)["rows"]) == sorted(s.student for s, _ in written[:len(
            written) // 3 * 3])  # another reader sees each batch once committed
    assert len(commits) == -(-len(written) // 3)  # the rest when the writer closes
    assert sorted(dump(course)["rows"]) == sorted(sub.student for sub, _ in written)
    assert all(not r.problems for r in recorded)


def test_a_batch_that_fails_is_written_again_one_by_one(released, tmp_path, monkeypatch):
    """Another program stored one student's submission meanwhile: the batch's transaction
    fails, every other student of it is stored alone, and that one's Recorded (and the
    report's row, through on_problem) says why."""
    course = Course(tmp_path / "course")
    shutil.copytree(released.root, course.root)
    grader, written = _first_submissions(course)
    monkeypatch.setattr(gradebook, "BATCH", len(written) + 1)  # one batch, at close
    told: list[str] = []
    with GradebookWriter(course, grader.assignment, grader.late) as writer:
        recorded = [writer.write(sub, scores) for sub, scores in written]
        recorded[1].on_problem = told.append
        taken = written[1][0].student
        with course.gradebook() as other:
            other.update_or_create_student(taken)
            other.add_submission(mc.ASSIGNMENT, taken)
    assert [r.problems for r in recorded if r.problems] == [recorded[1].problems]
    assert len(told) == 1 and told == recorded[1].problems
    assert told[0].startswith("gradebook: could not write this row (IntegrityError")
    rows = dump(course)["rows"]
    assert sorted(rows) == sorted(sub.student for sub, _ in written)  # theirs, and ours
    assert taken not in writer.layout.submitted  # as a write that failed at once leaves it
    others = [sub.student for sub, _ in written if sub.student != taken]
    assert others and all(s in writer.layout.submitted for s in others)
