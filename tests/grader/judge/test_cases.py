"""The cases of every check (judge/cases.py): drawn once for the class, the hidden ones from
the seed, and handed to the sandbox as inputs only."""

from __future__ import annotations

from dataclasses import replace

from agentloop_grader.judge.cases import CaseBook


def test_the_same_seed_draws_the_same_cases_and_another_seed_others(assignment):
    book = CaseBook.build(assignment, "seed-1")
    cases = book.cases[("ps-mean", True)]
    assert [c.label for c in cases[:3]] == ["three numbers", "two numbers", "one number"]
    assert len(cases) == 3 + 5
    again = CaseBook.build(assignment, "seed-1").cases[("ps-mean", True)]
    other = CaseBook.build(assignment, "seed-2").cases[("ps-mean", True)]
    assert [c.input for c in again] == [c.input for c in cases]
    assert [c.input for c in other][:3] == [c.input for c in cases][:3]
    assert [c.input for c in other][3:] != [c.input for c in cases][3:]


def test_the_sandbox_gets_inputs_and_the_answers_name_only(assignment):
    book = CaseBook.build(assignment, "seed-1")
    cell = assignment.notebooks["part1"].cell("test_mean")
    (probe,) = book.probes(cell)
    assert (probe.check_id, probe.answer, probe.probe) == ("ps-mean", "mean", "call")
    assert probe.inputs == [c.input for c in book.cases[("ps-mean", True)]]
    visible_only = replace(cell, hidden_cases=False)
    book = CaseBook.build(replace(assignment, notebooks={"part1": replace(
        assignment.notebooks["part1"], cells=(visible_only,))}), "seed-1")
    assert book.probes(visible_only)[0].inputs == [[1, 2, 3], [2, 4], [5]]
