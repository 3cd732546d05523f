"""The course's closed sets of words: decisions, statuses, exits, outcomes, stop kinds.

Each set is a `Word` enum defined once, in the module of the chapter that teaches it
(`terminals.Decision`, `proposals.Status`, `agent.Exit`, `harness.moves.Outcome`, …). A member
*is* its string: `Decision.SUCCESS == "success"`, it prints, formats, hashes and goes to JSON as
"success", and its repr is the string's repr, `'success'` — so a dict, a list or an event a
chapter prints reads exactly as it would with plain strings, while an editor shows the set a
value belongs to and a typo in a name fails at import.
"""

from __future__ import annotations

from enum import StrEnum


class Word(StrEnum):
    """A word of one of the course's closed sets: a str whose repr is the string's."""

    def __repr__(self) -> str:
        return repr(self._value_)

    @classmethod
    def listing(cls, separator: str = ", ") -> str:
        """Every word of the set, in order: `success, needs_input, error, limit`."""
        return separator.join(cls)
