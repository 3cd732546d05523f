"""Collecting submissions: nbgrader's submitted/ and exchange layouts, LMS downloads (folders,
zips, odd names), renamed notebooks, duplicates, existing submissions, traversal attempts."""

from __future__ import annotations

import json
import os
import stat
import zipfile
from pathlib import Path

import pytest
from agentloop_grader.collect import (
    CollectResult,
    collect,
    member_parts,
    read_sources,
    split_lms_name,
    student_id,
)
from agentloop_grader.course import Course, GradingError

A = "ps1"
SOURCES = {"part1": ["p1-a", "p1-b", "p1-c"], "part2": ["p2-a", "p2-b"]}
ONE = "01_agent_loop"  # a single-notebook assignment named after its notebook
STAMP = b"2026-11-30 01:02:03.123456 UTC\n"  # nbgrader writes no newline: kept as is


def notebook(ids: list[str], text: str = "") -> bytes:
    """A small notebook whose code cells carry nbgrader grade ids."""
    cells = [{"cell_type": "code", "execution_count": None, "outputs": [], "source": text,
              "metadata": {"nbgrader": {"grade_id": i, "solution": True, "grade": False,
                                        "locked": False, "schema_version": 3}}}
             for i in ids]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                       "nbformat_minor": 5}).encode()


P1, P2 = notebook(SOURCES["part1"], "p1"), notebook(SOURCES["part2"], "p2")
NB = notebook(["ch1-decide"], "answer")


def make_course(tmp_path: Path, sources: dict[str, list[str]] | None = None,
                assignment: str = A) -> Course:
    """A course whose source/<assignment>/ holds the given notebooks (by default part1, part2)."""
    course = Course(tmp_path / "course")
    folder = course.path("source", assignment=assignment)
    folder.mkdir(parents=True)
    for name, ids in (sources or SOURCES).items():
        (folder / f"{name}.ipynb").write_bytes(notebook(ids))
    return course


def one_course(tmp_path: Path) -> Course:
    return make_course(tmp_path, {ONE: ["ch1-decide"]}, ONE)


def write(path: Path, data: bytes | str, mtime: float | None = None) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    if mtime is not None:
        os.utime(path, (mtime, mtime))
    return path


def submitted(course: Course, student: str, assignment: str = A) -> Path:
    return course.path("submitted", student, assignment)


def every_line_once(result: CollectResult) -> list[str]:
    """Every line the summary prints (checks nothing is printed twice)."""
    lines = [line.strip() for line in result.summary().splitlines()[1:]]
    assert len(lines) == len(set(lines))
    return lines


# --- names --------------------------------------------------------------------------------


@pytest.mark.parametrize("name,expected", [
    ("Jane Doe_12345_attempt_2026-11-30 01_agent_loop (1).ipynb", "jane_doe_12345"),
    ("Jane Doe_12345_attempt_2026-11-30-01-02-03_01_agent_loop.ipynb", "jane_doe_12345"),
    ("doejane_12345_67890_01_agent_loop.ipynb", "doejane_12345_67890"),
    ("Jane Doe_12345_assignsubmission_file_01_agent_loop.ipynb", "jane_doe_12345"),
    ("bob.zip", "bob"),
    ("01_agent_loop.ipynb", ""),
    ("Ünïcode Näme_7_01_agent_loop.ipynb", "n_code_n_me_7"),
])
def test_student_ids_from_lms_names(name, expected):
    assert student_id(name, ONE) == expected


@pytest.mark.parametrize("name,expected", [
    ("Jane Doe_12345_attempt_2026-11-30-01-02-03_part1 (1).ipynb", "jane_doe_12345"),
    ("Jane Doe_12345_assignsubmission_file_part2.ipynb", "jane_doe_12345"),
    ("doejane_12345_67890_part1.ipynb", "doejane_12345_67890"),
    ("part1.ipynb", ""),
    ("ps1.zip", ""),
])
def test_student_ids_strip_every_notebook_name(name, expected):
    assert student_id(name, [A, "part1", "part2"]) == expected


@pytest.mark.parametrize("stem,student,rest", [
    # the LMS's own ids (lms_names.py): Blackboard's username, Moodle's participant, Canvas's
    # user id
    ("Jane Doe_12345_attempt_2026-11-30-01-02-03_part1 (1)", "12345", "part1"),
    ("Jane Doe_12345_assignsubmission_file_my work", "12345", "my work"),
    ("doejane_12345_67890_answers", "12345", "answers"),
    ("jane_part1", "jane", "part1"),
    ("part2-Copy1", "", "part2"),
    ("part10", None, None),  # not part1: names must end at a word boundary
])
def test_lms_names_split_into_student_and_notebook(tmp_path, stem, student, rest):
    sources = read_sources(make_course(tmp_path), A)
    split = split_lms_name(stem, sources)
    assert (split.student, split.rest) == (student, rest) if student is not None \
        else split is None


def test_zip_member_names_are_never_paths():
    assert member_parts("../../../../tmp/x.ipynb") == ["tmp", "x.ipynb"]
    assert member_parts("/etc/passwd") == ["etc", "passwd"]
    assert member_parts("a\\..\\..\\b.ipynb") == ["a", "b.ipynb"]


# --- layout 1: nbgrader's submitted/ --------------------------------------------------------


def make_submitted(root: Path) -> Path:
    """<root>/submitted/ as nbgrader leaves it: jane (2 notebooks + files), bob (part1 only),
    zed (timestamp only), amy (another assignment)."""
    base = root / "submitted"
    jane = base / "jane" / A
    write(jane / "part1.ipynb", P1)
    write(jane / "part2.ipynb", P2)
    write(jane / "timestamp.txt", STAMP)
    write(jane / "helper.py", "def f(): return 1\n")
    write(jane / "data" / "x.csv", "a,b\n")
    write(jane / ".ipynb_checkpoints" / "part1-checkpoint.ipynb", P1)
    write(jane / "__pycache__" / "helper.cpython-311.pyc", b"\0")
    write(base / "bob" / A / "part1.ipynb", P1)
    write(base / "bob" / A / "timestamp.txt", b"2026-11-29 08:00:00.000000 UTC")
    write(base / "zed" / A / "timestamp.txt", b"2026-11-28 08:00:00.000000 UTC")
    write(base / "amy" / "ps2" / "part1.ipynb", P1)
    return base


def test_submitted_layout_keeps_notebooks_files_and_timestamp_byte_for_byte(tmp_path):
    course = make_course(tmp_path)
    result = collect(course, A, [make_submitted(tmp_path / "machine_b")])
    assert result.students() == ["bob", "jane", "zed"]
    jane = submitted(course, "jane")
    assert (jane / "part1.ipynb").read_bytes() == P1
    assert (jane / "part2.ipynb").read_bytes() == P2
    assert (jane / "timestamp.txt").read_bytes() == STAMP
    assert (jane / "helper.py").read_text() == "def f(): return 1\n"
    assert (jane / "data" / "x.csv").exists()
    assert not (jane / ".ipynb_checkpoints").exists() and not (jane / "__pycache__").exists()
    assert sorted(result.notebooks("bob")) == ["part1"]
    assert result.notebooks("jane")["part1"].timestamp == STAMP.decode().strip()
    assert "time from timestamp.txt" in result.notebooks("jane")["part1"].note
    lines = every_line_once(result)
    assert any("amy has no ps1 folder (has: ps2)" in s for s in result.skipped)
    assert any(".ipynb_checkpoints: ignored like nbgrader" in s for s in result.skipped)
    assert any("jane/helper.py ←" in line and "(other file)" in line for line in lines)


def test_a_student_folder_with_no_notebook_is_placed_empty(tmp_path):
    course = make_course(tmp_path)
    result = collect(course, A, [make_submitted(tmp_path / "b")])
    assert result.no_notebook() == ["zed"]
    zed = submitted(course, "zed")
    assert sorted(p.name for p in zed.iterdir()) == ["timestamp.txt"]
    assert (zed / "timestamp.txt").read_bytes() == b"2026-11-28 08:00:00.000000 UTC"
    assert any(line.startswith("zed: no notebook ←") for line in every_line_once(result))


def test_a_course_directory_is_read_only_through_its_submitted_folder(tmp_path):
    other = tmp_path / "other_course"
    make_submitted(other)
    write(other / "source" / A / "part1.ipynb", P1)
    write(other / "release" / A / "part1.ipynb", P1)
    write(other / "gradebook.db", b"")
    result = collect(make_course(tmp_path), A, [other])
    assert result.students() == ["bob", "jane", "zed"]
    assert any(s.startswith(f"{other / 'source'}: course folder") for s in result.skipped)
    assert any(s.startswith(f"{other / 'gradebook.db'}: course file") for s in result.skipped)


def test_one_students_submitted_folder_passed_on_its_own(tmp_path):
    base = make_submitted(tmp_path / "b")
    course = make_course(tmp_path)
    result = collect(course, A, [base / "jane"])
    assert result.students() == ["jane"]
    result = collect(course, A, [base / "bob" / A])
    assert result.students() == ["bob"]


# --- layout 2: the exchange ------------------------------------------------------------------


def exchange_submission(inbound: Path, student: str, assignment: str, when: str,
                        files: dict[str, bytes]) -> Path:
    folder = inbound / f"{student}+{assignment}+{when}+Rand0m_x"
    for name, data in {**files, "timestamp.txt": when.encode()}.items():
        write(folder / name, data)
    return folder


def make_exchange(root: Path) -> Path:
    """<root>/course101/ with jane submitting twice, bob once, and bob's other assignment."""
    inbound = root / "course101" / "inbound"
    exchange_submission(inbound, "jane", A, "2026-11-30 01:00:00.000000 UTC",
                        {"part1.ipynb": notebook(SOURCES["part1"], "old")})
    exchange_submission(inbound, "jane", A, "2026-12-01 09:30:00.250000 UTC",
                        {"part1.ipynb": P1, "part2.ipynb": P2})
    exchange_submission(inbound, "bob", A, "2026-11-30 02:00:00.000000 UTC",
                        {"part2.ipynb": P2, "notes.md": b"# notes"})
    exchange_submission(inbound, "bob", "ps2", "2026-11-30 02:00:00.000000 UTC",
                        {"part1.ipynb": P1})
    write(root / "course101" / "outbound" / A / "part1.ipynb", P1)
    return inbound


def test_exchange_latest_submission_wins_and_the_other_is_reported_replaced(tmp_path):
    course = make_course(tmp_path)
    inbound = make_exchange(tmp_path / "exchange")
    result = collect(course, A, [tmp_path / "exchange"])
    assert result.students() == ["bob", "jane"]
    jane = submitted(course, "jane")
    assert (jane / "part1.ipynb").read_bytes() == P1
    assert (jane / "timestamp.txt").read_bytes() == b"2026-12-01 09:30:00.250000 UTC"
    assert (submitted(course, "bob") / "notes.md").read_bytes() == b"# notes"
    old = inbound / f"jane+{A}+2026-11-30 01:00:00.000000 UTC+Rand0m_x"
    assert any(s.startswith(f"{old}: replaced by the later submission") for s in result.skipped)
    assert any("another assignment (ps2)" in s for s in result.skipped)
    assert any("exchange outbound/" in s for s in result.skipped)
    assert not result.ambiguous
    assert "time from the exchange folder's name" in result.notebooks("jane")["part2"].note


def test_exchange_inbound_passed_directly(tmp_path):
    course = make_course(tmp_path)
    result = collect(course, A, [make_exchange(tmp_path / "exchange")])
    assert result.students() == ["bob", "jane"]
    assert sorted(result.notebooks("jane")) == ["part1", "part2"]


# --- layout 3: LMS downloads -----------------------------------------------------------------


def test_lms_class_folder_with_two_notebooks_per_student(tmp_path):
    downloads = tmp_path / "downloads"
    write(downloads / "Jane Doe_12345_attempt_2026-11-30-01-02-03_part1 (1).ipynb", P1)
    write(downloads / "Jane Doe_12345_attempt_2026-11-30-01-05-00_part2.ipynb", P2)
    write(downloads / "Bob Roe_777_assignsubmission_file_part1.ipynb", P1)
    write(downloads / "Bob Roe_777_assignsubmission_file_part2.ipynb", P2)
    write(downloads / "doecarl_55_66_part1.ipynb", P1)
    write(downloads / "doecarl_55_66_part2.ipynb", P2)
    write(downloads / "dave" / "part1.ipynb", P1)
    write(downloads / "dave" / "part2.ipynb", P2)
    moodle = downloads / "Ivy Ng_31_assignsubmission_file_"  # Moodle's "in folders" download
    write(moodle / "part1.ipynb", P1)
    write(moodle / "part2 (1).ipynb", P2)
    write(downloads / "notes.txt", "not a notebook")
    course = make_course(tmp_path)
    result = collect(course, A, [downloads])
    assert result.students() == ["12345", "31", "55", "777", "dave"]  # the LMSs' own ids
    for student in result.students():
        assert sorted(result.notebooks(student)) == ["part1", "part2"]
        assert (submitted(course, student) / "part2.ipynb").read_bytes() == P2
    stamp = (submitted(course, "12345") / "timestamp.txt").read_text()
    assert stamp == "2026-11-30 01:05:00.000000 UTC"  # the latest attempt time in a name
    assert "time from the file name" in result.notebooks("12345")["part1"].note
    assert not (submitted(course, "55") / "timestamp.txt").exists()  # Canvas: no time
    assert "time from the file's mtime" in result.notebooks("dave")["part1"].note
    assert any(s.endswith("notes.txt: not a notebook") for s in result.skipped)


def test_lms_zips_one_per_student_and_whole_class(tmp_path):
    one = tmp_path / "Dan Poe_42.zip"
    with zipfile.ZipFile(one, "w") as z:
        z.writestr("work/part1.ipynb", P1)
        z.writestr("work/part2.ipynb", P2)
    bulk = tmp_path / "class.zip"
    with zipfile.ZipFile(bulk, "w") as z:
        z.writestr("Eve Moe_5_attempt_2026-11-30 part1.ipynb", P1)
        z.writestr("Eve Moe_5_attempt_2026-11-30 part2.ipynb", P2)
        z.writestr("Fay Low_6_attempt_2026-11-30 part1.ipynb", P1)
        z.writestr("__MACOSX/._Fay Low_6_part1.ipynb", b"junk")
        z.writestr("gus/part2.ipynb", P2)
    course = make_course(tmp_path)
    result = collect(course, A, [one, bulk])
    assert result.students() == ["dan_poe_42", "eve_moe_5", "fay_low_6", "gus"]
    assert sorted(result.notebooks("dan_poe_42")) == ["part1", "part2"]
    assert (submitted(course, "eve_moe_5") / "part2.ipynb").read_bytes() == P2
    assert any("__MACOSX: ignored (macOS metadata)" in s for s in result.skipped)


def test_per_student_zips_inside_a_class_folder(tmp_path):
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    with zipfile.ZipFile(downloads / "jane.zip", "w") as z:
        z.writestr("part1.ipynb", P1)
        z.writestr("part2.ipynb", P2)
    with zipfile.ZipFile(downloads / "erin.zip", "w") as z:
        z.writestr("report.pdf", b"%PDF")
    course = make_course(tmp_path)
    result = collect(course, A, [downloads])
    assert sorted(result.notebooks("jane")) == ["part1", "part2"]
    assert result.no_notebook() == ["erin"]
    assert sorted(p.name for p in submitted(course, "erin").iterdir()) == ["timestamp.txt"]
    assert any(s.endswith("report.pdf: not a notebook") for s in result.skipped)


def test_a_class_zip_of_student_zips(tmp_path):
    inner = {}
    for student, files in {"jane": {"part1.ipynb": P1, "part2.ipynb": P2},
                           "kim": {"work/part2.ipynb": P2}}.items():
        path = tmp_path / f"{student}.zip"
        with zipfile.ZipFile(path, "w") as z:
            for name, data in files.items():
                z.writestr(name, data)
        inner[student] = path.read_bytes()
    bulk = tmp_path / "all.zip"
    with zipfile.ZipFile(bulk, "w") as z:
        for student, data in inner.items():
            z.writestr(f"{student}.zip", data)
    result = collect(make_course(tmp_path), A, [bulk])
    assert sorted(result.notebooks("jane")) == ["part1", "part2"]
    assert list(result.notebooks("kim")) == ["part2"]


def test_an_lms_student_folder_with_no_notebook_is_placed_empty(tmp_path):
    downloads = tmp_path / "downloads"
    write(downloads / "Jane Doe_1_part1.ipynb", P1)
    write(downloads / "kim" / "essay.docx", b"doc", mtime=1_700_000_000)
    course = make_course(tmp_path)
    result = collect(course, A, [downloads])
    assert result.no_notebook() == ["kim"]
    placed = next(p for p in result.placed if p.student == "kim")
    assert placed.kind == "none" and "time from the folder's mtime" in placed.note
    assert (submitted(course, "kim") / "timestamp.txt").exists()
    assert not list(submitted(course, "kim").glob("*.ipynb"))


def test_single_notebooks(tmp_path):
    course = make_course(tmp_path)
    lms = write(tmp_path / "Jane Doe_12345_part1.ipynb", P1)
    bare = write(tmp_path / "bob" / "part2.ipynb", P2)
    result = collect(course, A, [lms, bare])
    assert result.students() == ["bob", "jane_doe_12345"]
    assert list(result.notebooks("bob")) == ["part2"]


def test_one_folder_may_mix_every_kind(tmp_path):
    downloads = tmp_path / "downloads"
    make_submitted(downloads)
    make_exchange(downloads / "exchange")
    write(downloads / "Lee Ann_9_part1.ipynb", P1)
    write(downloads / "moe" / "part2.ipynb", P2)
    course = make_course(tmp_path)
    result = collect(course, A, [downloads])
    assert result.students() == ["bob", "jane", "lee_ann_9", "moe", "zed"]
    # jane is in both submitted/ (2026-11-30) and the exchange (2026-12-01): the later is kept
    assert (submitted(course, "jane") / "timestamp.txt").read_bytes().startswith(b"2026-12-01")
    assert any(a.startswith("jane: ") and "kept" in a for a in result.ambiguous)


# --- matching notebooks ----------------------------------------------------------------------


def test_renamed_notebooks_are_matched_by_grade_ids(tmp_path):
    downloads = tmp_path / "downloads"
    write(downloads / "carol" / "my answers.ipynb", notebook(["p2-a", "p2-b", "extra"]))
    write(downloads / "carol" / "part1.ipynb", P1)
    write(downloads / "carol" / "scratch.ipynb", notebook(["nothing"]))
    write(downloads / "carol" / "both.ipynb", notebook(["p1-a", "p2-a"]))
    write(downloads / "carol" / "broken.ipynb", b"{not json")
    course = make_course(tmp_path)
    result = collect(course, A, [downloads])
    placed = result.notebooks("carol")
    assert sorted(placed) == ["part1", "part2"]
    assert placed["part2"].note.endswith("matched my answers.ipynb to part2 by its grade ids")
    assert (submitted(course, "carol") / "part2.ipynb").read_bytes() == \
        (downloads / "carol" / "my answers.ipynb").read_bytes()
    reasons = {Path(s.split(": ", 1)[0]).name: s.split(": ", 1)[1] for s in result.skipped}
    assert reasons["scratch.ipynb"].startswith("its name and its grade ids match no notebook")
    assert reasons["both.ipynb"] == "its grade ids match part1 and part2 equally"
    assert "not a readable notebook" in reasons["broken.ipynb"]


def test_renamed_notebook_in_an_lms_name(tmp_path):
    downloads = tmp_path / "downloads"
    write(downloads / "Jane Doe_12345_assignsubmission_file_final version.ipynb", P2)
    result = collect(make_course(tmp_path), A, [downloads])
    assert list(result.notebooks("12345")) == ["part2"]


def test_a_notebook_named_after_the_assignment_in_a_single_notebook_course(tmp_path):
    downloads = tmp_path / "downloads"
    write(downloads / "Jane Doe_12345_attempt_2026-11-30 01_agent_loop (1).ipynb", NB)
    write(downloads / "carol" / "01_agent_loop.ipynb", NB)
    course = one_course(tmp_path)
    result = collect(course, ONE, [downloads])
    assert result.students() == ["carol", "jane_doe_12345"]
    assert (submitted(course, "carol", ONE) / f"{ONE}.ipynb").read_bytes() == NB


# --- duplicates and existing submissions -----------------------------------------------------


def test_duplicates_keep_the_latest_by_real_timestamp(tmp_path):
    downloads = tmp_path / "d"
    # the later attempt has the OLDER file time: the time in the name decides
    old = write(downloads / "Jane Doe_1_attempt_2026-11-30-01-00-00_part1.ipynb", P1,
                mtime=1_900_000_000)
    new = write(downloads / "Jane Doe_1_attempt_2026-12-01-01-00-00_part1 (1).ipynb",
                notebook(SOURCES["part1"], "new"), mtime=1_000_000)
    course = make_course(tmp_path)
    result = collect(course, A, [downloads])
    assert result.notebooks("1")["part1"].origin == str(new)
    assert (submitted(course, "1") / "part1.ipynb").read_bytes() == new.read_bytes()
    (line,) = result.ambiguous
    assert line.startswith(f"1/part1: 2 notebooks; kept {new} (2026-12-01 01:00:00")
    assert f"not {old} (2026-11-30 01:00:00 from the file name)" in line


def test_duplicates_without_times_in_their_names_keep_the_newest_file(tmp_path):
    downloads = tmp_path / "d"
    old = write(downloads / "Jane Doe_1_01_agent_loop.ipynb", NB, mtime=1_000_000)
    new = write(downloads / "Jane Doe_1_01_agent_loop (1).ipynb", NB.replace(b"answer", b"x"))
    result = collect(one_course(tmp_path), ONE, [downloads])
    assert result.notebooks("jane_doe_1")[ONE].origin == str(new)
    assert len(result.ambiguous) == 1 and str(old) in result.ambiguous[0]


def test_existing_submissions_are_replaced_only_by_newer_ones(tmp_path):
    course = make_course(tmp_path)
    inbound = tmp_path / "x" / "inbound"
    exchange_submission(inbound, "jane", A, "2026-12-01 00:00:00.000000 UTC",
                        {"part1.ipynb": P1})
    assert collect(course, A, [inbound]).students() == ["jane"]
    older = tmp_path / "older" / "submitted"
    write(older / "jane" / A / "part1.ipynb", notebook(SOURCES["part1"], "older"))
    write(older / "jane" / A / "timestamp.txt", b"2026-11-30 00:00:00.000000 UTC")
    result = collect(course, A, [older])
    assert result.placed == []
    assert any("older (2026-11-30 00:00:00) than the submission already collected" in s
               for s in result.skipped)
    assert (submitted(course, "jane") / "part1.ipynb").read_bytes() == P1
    again = collect(course, A, [inbound])
    assert again.placed == [] and "already collected (same time" in again.skipped[0]
    newer = tmp_path / "newer" / "submitted"
    write(newer / "jane" / A / "part2.ipynb", P2)
    write(newer / "jane" / A / "timestamp.txt", b"2026-12-02 00:00:00.000000 UTC")
    result = collect(course, A, [newer])
    assert "replaced older submission (2026-12-01 00:00:00 → 2026-12-02 00:00:00)" in \
        result.notebooks("jane")["part2"].note
    assert sorted(p.name for p in submitted(course, "jane").iterdir()) == \
        ["part2.ipynb", "timestamp.txt"]  # nbgrader replaces the whole folder


def test_a_submission_with_no_notebook_never_replaces_one_with_notebooks(tmp_path):
    course = make_course(tmp_path)
    write(tmp_path / "a" / "jane" / "part1.ipynb", P1, mtime=1_000_000)
    collect(course, A, [tmp_path / "a"])
    (tmp_path / "b" / "jane").mkdir(parents=True)
    result = collect(course, A, [tmp_path / "b"])
    assert result.placed == [] and "this one has no notebook" in result.skipped[0]
    assert (submitted(course, "jane") / "part1.ipynb").exists()


# --- hostile input ---------------------------------------------------------------------------


def test_zip_traversal_and_size_bombs_cannot_escape(tmp_path):
    evil = tmp_path / "evil.zip"
    with zipfile.ZipFile(evil, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("../../../../tmp/Esc Aped_8_part1.ipynb", P1)
        z.writestr("/etc/Mal Ice_9_part1.ipynb", P1)
        z.writestr("..\\..\\Win Dows_7_part2.ipynb", P2)
        z.writestr("Big Bomb_1_part1.ipynb", b"0" * (21 * 1024 * 1024))
    course = make_course(tmp_path)
    result = collect(course, A, [evil])
    assert result.students() == ["esc_aped_8", "mal_ice_9", "win_dows_7"]
    assert not Path("/tmp/Esc Aped_8_part1.ipynb").exists()
    assert any("Big Bomb_1_part1.ipynb: larger than 20 MB" in s for s in result.skipped)
    written = [p.resolve() for p in course.root.rglob("*") if p.is_file()]
    assert all(p.is_relative_to(course.root.resolve()) for p in written)


def test_submitted_files_cannot_escape_the_submission_folder(tmp_path):
    archive = tmp_path / "jane.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr(f"{A}/timestamp.txt", STAMP)
        z.writestr(f"{A}/part1.ipynb", P1)
        z.writestr(f"{A}/../../../../evil.py", "boom")
    course = make_course(tmp_path)
    result = collect(course, A, [archive])
    assert sorted(result.notebooks("jane")) == ["part1"]
    assert (submitted(course, "jane") / "evil.py").read_text() == "boom"  # "../" dropped
    assert not (tmp_path / "evil.py").exists()


def test_symlinks_are_skipped(tmp_path):
    secret = write(tmp_path / "secret" / "part1.ipynb", P1)
    downloads = tmp_path / "downloads"
    write(downloads / "jane" / "part2.ipynb", P2)
    (downloads / "jane" / "part1.ipynb").symlink_to(secret)
    (downloads / "bob").symlink_to(secret.parent, target_is_directory=True)
    link = zipfile.ZipInfo("work/part1.ipynb")
    link.external_attr = (stat.S_IFLNK | 0o777) << 16
    with zipfile.ZipFile(downloads / "kim.zip", "w") as z:
        z.writestr(link, "/etc/passwd")
        z.writestr("work/part2.ipynb", P2)
    course = make_course(tmp_path)
    result = collect(course, A, [downloads])
    assert result.students() == ["jane", "kim"]
    assert sorted(result.notebooks("jane")) == ["part2"]
    assert sorted(result.notebooks("kim")) == ["part2"]
    links = [s for s in result.skipped if "symbolic link" in s]
    assert len(links) == 3
    assert not any(p.is_symlink() for p in course.root.rglob("*"))


def test_bad_zip_is_skipped_and_missing_students_listed(tmp_path):
    course = make_course(tmp_path)
    with course.gradebook() as gb:
        gb.add_student("zoe")
        gb.add_student("ann_lee_3")
    bad = tmp_path / "downloads"
    write(bad / "broken.zip", b"PK\x03\x04 not really a zip")
    write(bad / "Ann Lee_3_part1.ipynb", P1)
    result = collect(course, A, [bad])
    assert result.students() == ["ann_lee_3"]
    assert result.missing == ["zoe"]
    assert any(s.startswith(f"{bad / 'broken.zip'}: not a readable zip") for s in result.skipped)
    assert result.summary().endswith("missing (in the gradebook, no submission): zoe")


# --- the result ------------------------------------------------------------------------------


def test_every_item_is_in_exactly_one_list_and_the_report_is_plain_json(tmp_path):
    downloads = tmp_path / "downloads"
    make_submitted(downloads)
    write(downloads / "Jane Doe_1_part1.ipynb", P1)
    write(downloads / "Jane Doe_1_part1 (1).ipynb", P1)
    result = collect(make_course(tmp_path), A, [downloads])
    plain = json.loads(json.dumps(result.to_plain()))
    assert set(plain) == {"placed", "ambiguous", "skipped", "missing", "incomplete"}
    assert {"student", "item", "origin", "timestamp", "note", "kind"} <= set(plain["placed"][0])
    summary = result.summary()
    assert summary.startswith("placed 4 submission(s), 4 notebook(s)")
    for line in [p.line() for p in result.placed] + result.skipped + result.ambiguous:
        assert line in summary
    origins = [p.origin for p in result.placed if p.kind == "notebook"]
    assert len(origins) == len(set(origins))


# --- bad input -------------------------------------------------------------------------------


def test_a_path_that_does_not_exist_is_an_error(tmp_path):
    with pytest.raises(GradingError, match=r"nope\.zip does not exist; pass folders, zips or"):
        collect(make_course(tmp_path), A, [tmp_path / "nope.zip"])


def test_a_path_that_is_nothing_useful_is_an_error(tmp_path):
    with pytest.raises(GradingError, match="is not a folder, a zip or a notebook"):
        collect(make_course(tmp_path), A, [write(tmp_path / "notes.txt", "x")])


def test_an_assignment_without_source_notebooks_is_an_error(tmp_path):
    course = make_course(tmp_path)
    with pytest.raises(GradingError, match=r"no notebooks in .*source/ps9: collect needs"):
        collect(course, "ps9", [tmp_path])


def test_the_course_itself_is_not_an_input(tmp_path):
    course = make_course(tmp_path)
    (course.root / "submitted").mkdir()
    with pytest.raises(GradingError, match="this course's own folder"):
        collect(course, A, [course.root / "submitted"])
    write(tmp_path / "jim" / "part1.ipynb", P1)
    result = collect(course, A, [tmp_path])  # the course sits inside the folder passed
    assert result.students() == ["jim"]
    assert any("this course's own folder (collect writes there)" in s for s in result.skipped)


def test_many_student_zips_are_read_with_few_files_open(tmp_path, monkeypatch):
    from agentloop_grader import collect as stage

    monkeypatch.setattr(stage, "MAX_OPEN_ZIPS", 2)  # reopened from disk when needed
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    for n in range(6):
        with zipfile.ZipFile(downloads / f"s{n}.zip", "w") as z:
            z.writestr("part1.ipynb", P1)
            z.writestr("answers.ipynb", P2)  # read for its grade ids, then again to place
    course = make_course(tmp_path)
    result = collect(course, A, [downloads])
    assert result.students() == [f"s{n}" for n in range(6)]
    assert all(sorted(result.notebooks(s)) == ["part1", "part2"] for s in result.students())
    assert (submitted(course, "s5") / "part2.ipynb").read_bytes() == P2
