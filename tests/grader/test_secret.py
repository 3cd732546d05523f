"""The course's secret seed (agentloop_grader.secret): made once, readable by the teacher only,
read back the same, shown by its fingerprint, rotated on request, found from inside the course;
a missing, unreadable or malformed seed is one line that says what to do."""

from __future__ import annotations

import os
import re
import sys

import pytest
from agentloop_grader.secret import (
    HEX_DIGITS,
    SeedError,
    course_seed,
    find_course_seed,
    fingerprint,
    rotate,
    seed_path,
)
from unprivileged import run_as_teacher, teacher_tmp  # noqa: F401 - teacher_tmp is a fixture


def test_the_seed_is_made_once_for_the_teacher_only_and_read_back(tmp_path):
    seed = course_seed(tmp_path, create=True)
    assert re.fullmatch(f"[0-9a-f]{{{HEX_DIGITS}}}", seed)
    assert seed_path(tmp_path).stat().st_mode & 0o777 == 0o600
    assert seed_path(tmp_path).parent.stat().st_mode & 0o777 == 0o700
    assert course_seed(tmp_path) == seed == course_seed(tmp_path, create=True)


def test_no_seed_yet_says_release_makes_it(tmp_path):
    with pytest.raises(SeedError, match=r"has no secret seed yet .*`agentloop-grade release`"):
        course_seed(tmp_path)
    assert not seed_path(tmp_path).exists()


@pytest.mark.parametrize("text", ["abc", "G" * HEX_DIGITS, "A" * HEX_DIGITS, ""])
def test_a_file_that_is_not_a_seed_is_one_line(tmp_path, text):
    seed_path(tmp_path).parent.mkdir()
    seed_path(tmp_path).write_text(text, encoding="ascii")
    with pytest.raises(SeedError) as caught:
        course_seed(tmp_path)
    assert "is not a seed" in str(caught.value) and "--rotate" in str(caught.value)
    assert "\n" not in str(caught.value)


def test_an_unreadable_seed_is_one_line_for_an_ordinary_account(teacher_tmp):  # noqa: F811
    code = ("import sys; from agentloop_grader.secret import course_seed, seed_path, SeedError\n"
            "course_seed(sys.argv[1], create=True)\n"
            "seed_path(sys.argv[1]).chmod(0)\n"
            "try:\n    course_seed(sys.argv[1])\n"
            "except SeedError as e:\n    print(e)\n")
    done = run_as_teacher([sys.executable, "-c", code, teacher_tmp], cwd=teacher_tmp)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("cannot read the course's secret seed")
    assert done.stdout.count("\n") == 1 and "fix its permissions" in done.stdout


def test_rotating_makes_a_new_seed_and_names_both_by_fingerprint(tmp_path):
    assert rotate(tmp_path)[0] is None   # there was none
    first = course_seed(tmp_path)
    old, new = rotate(tmp_path)
    second = course_seed(tmp_path)
    assert second != first and (old, new) == (fingerprint(first), fingerprint(second))
    assert re.fullmatch("[0-9a-f]{12}", new) and new not in second


def test_the_seed_is_found_from_anywhere_inside_the_course(tmp_path):
    seed = course_seed(tmp_path, create=True)
    inside = tmp_path / "autograded" / "ann" / "ps1"
    inside.mkdir(parents=True)
    assert find_course_seed(inside) == seed
    seed_path(tmp_path).write_text("broken", encoding="ascii")
    assert find_course_seed(inside) is None
    os.remove(seed_path(tmp_path))
    assert find_course_seed(inside) is None
