"""The checks package's own functions (agentloop.checks): a check found by its id — a chapter's,
or one of a released assignment's visible_checks.json — and `check(...)` in a notebook:
the report in practice, one calm line for an answer not written yet, and under nbgrader a
failure that raises."""

from __future__ import annotations

import json

import pytest

from agentloop.checks import answered_by_chapter, check, get_check, visible_checks

VISIBLE = {"checks": [{"id": "ps-mean", "answer": "mean", "title": "The mean",
                       "cases": [{"input": [1, 2, 3], "label": "three numbers", "expected": 2},
                                 {"input": [4], "label": "one number", "expected": 4}]}]}


@pytest.fixture
def nowhere(tmp_path, monkeypatch):
    """A folder of no workspace, no notebook named, not under nbgrader."""
    monkeypatch.chdir(tmp_path)
    for name in ("JPY_SESSION_NAME", "AGENTLOOP_WORKSPACE", "NBGRADER_EXECUTION"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def test_a_chapters_check_is_found_by_its_id():
    chk = get_check("ch1-decide-failure")
    assert (chk.id, chk.answer) == ("ch1-decide-failure", "decide")
    with pytest.raises(KeyError, match="no check named 'ch1-nope'; ch1 has: ch1-"):
        get_check("ch1-nope")


def test_an_assignments_checks_come_from_its_visible_checks_json(nowhere):
    with pytest.raises(KeyError, match=r"not a chapter's, and no visible_checks\.json"):
        get_check("ps-mean")
    (nowhere / "visible_checks.json").write_text(json.dumps(VISIBLE), encoding="utf-8")
    chk = get_check("ps-mean")
    assert visible_checks(nowhere)["ps-mean"].title == "The mean"
    assert [case.label for case in chk.cases()] == ["three numbers", "one number"]
    assert chk.verify([1, 2, 3], 2) is None and chk.verify([1, 2, 3], 3) is not None
    with pytest.raises(KeyError, match=r"visible_checks\.json here has: ps-mean"):
        get_check("ps-other")


def test_in_practice_check_prints_the_report_and_never_raises(nowhere, capsys):
    (nowhere / "visible_checks.json").write_text(json.dumps(VISIBLE), encoding="utf-8")
    check("ps-mean", lambda numbers: sum(numbers) / len(numbers))
    passed = capsys.readouterr().out
    check("ps-mean", lambda numbers: 0)
    failed = capsys.readouterr().out
    assert passed.count("✔") == 2 and "✘" not in passed
    assert "✘" in failed and failed != passed


def test_an_answer_not_written_yet_is_one_calm_line(nowhere, capsys):
    check("ch1-decide-failure")   # `decide` is not defined in this module
    assert capsys.readouterr().out == \
        "ch1-decide-failure: not answered yet — write `decide` above\n"


def test_under_nbgrader_a_failure_or_a_missing_answer_raises(nowhere, monkeypatch, capsys):
    (nowhere / "visible_checks.json").write_text(json.dumps(VISIBLE), encoding="utf-8")
    monkeypatch.setenv("NBGRADER_EXECUTION", "validate")
    check("ps-mean", lambda numbers: sum(numbers) / len(numbers))
    with pytest.raises(AssertionError, match="ps-mean: some cases failed"):
        check("ps-mean", lambda numbers: 0)
    with pytest.raises(NameError, match="ch1-decide-failure: decide is not defined"):
        check("ch1-decide-failure")


def test_the_library_modules_that_answer_a_chapter_are_withheld_for_each_of_its_checks():
    assert "agentloop.loop" in answered_by_chapter("ch1-decide-failure",
                                                   get_check("ch1-decide-failure"))
