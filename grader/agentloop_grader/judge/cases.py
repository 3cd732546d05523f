"""Judge: the cases of every check an assignment uses, drawn once for the whole class.

Visible and generated hidden cases are made here, on the trusted side; what the sandbox
gets of them is only their inputs (`probes`: the answer to call on each), and what it
sends back is judged against them here (checks.py). Hidden cases come from the course's
secret seed (or a seed the teacher gave), each check with a seed of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from agentloop.checks import Case, Check
from agentloop.checks.core import Put, hidden_seed, probe_name

from ..protocol import Probe
from ..read.assignment import Assignment, SourceCell


@dataclass
class CaseBook:
    """The cases of every check an assignment uses (the same for every student)."""

    checks: dict[str, Check]
    cases: dict[tuple[str, bool], list[Case]] = field(default_factory=dict)
    # the reasons given so far, by case and output: much of a class shares an output
    verdicts: dict[tuple[str, bool], dict[tuple[int, bytes], str | None]] = field(
        default_factory=dict)

    @classmethod
    def build(cls, assignment: Assignment, seed: str | int) -> CaseBook:
        """Every check's cases; hidden ones drawn from `seed`, the course's secret seed (or
        a seed the teacher gave), each check with a seed of its own (see hidden_seed)."""
        book = cls(assignment.checks)
        for spec in assignment.notebooks.values():
            for cell in spec.cells:
                for check_id in cell.checks:
                    key = (check_id, cell.hidden_cases)
                    if key not in book.cases:
                        book.cases[key] = assignment.checks[check_id].all_cases(
                            hidden=cell.hidden_cases, seed=hidden_seed(seed, check_id))
        return book

    def probes(self, cell: SourceCell, put: Put | None = None) -> tuple[Probe, ...]:
        """What the sandbox must run for one CHECK cell: answers on inputs, nothing else.
        With `put` (run/fixtures.py), a check's fixtures are staged (Check.stage): its
        inputs name them instead of holding them."""
        probes = []
        for cid in cell.checks:
            chk = self.checks[cid]
            inputs = [c.input for c in self.cases[(cid, cell.hidden_cases)]]
            if put is not None and chk.stage is not None:
                inputs = [chk.stage(value, put) for value in inputs]
            probes.append(Probe(cid, chk.answer, probe_name(chk) or "", inputs))
        return tuple(probes)
