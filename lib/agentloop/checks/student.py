"""What a learner's edition of a check knows: its visible cases' facts, shipped as data.

The course's chapters define each check once for learners (`agentloop.checks.chN`: the
visible cases, the probe, the judge) and once more on the teacher's side
(`agentloop_grader.answers.chN`: the reference, the facts of any input, the hidden cases),
which is never installed for a learner. What the reference says about each *visible* case
is computed on the teacher's side and shipped here as data,
`agentloop/checks/facts/chN.json`, written by `tools/build_check_facts.py`:

    {"format": 1, "checks": {
        "ch1-decide-failure": {"cases": [{"key": "<digest of the input>", "facts": …}, …]},
        "ch1-predict": {"whole": {"salt": "…", "digest": "…"}}}}

- `shipped(chapter, check_id)` is the `facts` function of a learner's check: it answers
  for the visible cases and raises NoFacts for any other input;
- a check whose answer is a value (a table of predictions) ships no facts at all, only a
  salted, stretched digest of the right table: `whole_digest(...)` is its `whole` verdict.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable
from importlib import resources
from typing import Any

from agentloop.checks.core import NoFacts, Plain

FORMAT = 1
ITERATIONS = 50_000  # a digest costs ~50 ms to try: a table is not found by trying them all


def input_key(value: Plain) -> str:
    """A case's input as a short digest of its canonical JSON."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def stretched(salt: str, value: Plain) -> str:
    """A salted, stretched digest of plain data (the right table; a lock's outputs)."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return pbkdf2_sha256(text.encode(), salt.encode(), ITERATIONS).hex()


def pbkdf2_sha256(password: bytes, salt: bytes, iterations: int) -> bytes:
    """PBKDF2-HMAC-SHA256, 32 bytes: hashlib's, else the same computed here (Pyodide, the
    zero-install site's Python, has no hashlib.pbkdf2_hmac)."""
    if hasattr(hashlib, "pbkdf2_hmac"):
        return hashlib.pbkdf2_hmac("sha256", password, salt, iterations)
    key = hashlib.sha256(password).digest() if len(password) > 64 else password
    key = key.ljust(64, b"\0")
    inner, outer = hashlib.sha256(bytes(b ^ 0x36 for b in key)), \
        hashlib.sha256(bytes(b ^ 0x5C for b in key))

    def prf(message: bytes) -> bytes:
        first, second = inner.copy(), outer.copy()
        first.update(message)
        second.update(first.digest())
        return second.digest()

    block = prf(salt + b"\0\0\0\1")
    total = int.from_bytes(block, "big")
    for _ in range(iterations - 1):
        block = prf(block)
        total ^= int.from_bytes(block, "big")
    return total.to_bytes(32, "big")


@functools.cache
def facts_file(chapter: str) -> dict[str, Any]:
    """The shipped facts of one chapter's checks (empty when the file is missing)."""
    try:
        text = resources.files("agentloop.checks").joinpath(f"facts/{chapter}.json").read_text(
            encoding="utf-8")
    except (FileNotFoundError, OSError):
        return {"format": FORMAT, "checks": {}}
    data = json.loads(text)
    if data.get("format") != FORMAT:
        raise ValueError(f"agentloop/checks/facts/{chapter}.json has format "
                         f"{data.get('format')!r}; this library reads format {FORMAT}")
    return data


def shipped(chapter: str, check_id: str) -> Callable[[Any], Any]:
    """The facts of `check_id`'s visible cases, looked up by input (NoFacts otherwise)."""

    def facts(value: Any) -> Any:
        entry = facts_file(chapter)["checks"].get(check_id, {})
        known = {case["key"]: case["facts"] for case in entry.get("cases", [])}
        key = input_key(value)
        if key not in known:
            raise NoFacts(f"{check_id}: this case is not one of the check's visible cases, "
                          "and a learner's edition knows the facts of those only (if you "
                          "changed a case, rebuild: python tools/build_check_facts.py)")
        return known[key]

    return facts


def whole_digest(chapter: str, check_id: str, wrong: str) -> Callable[[list[Any]], str | None]:
    """The `whole` verdict of a value check: None when the visible outputs, taken together,
    are the right table (their digest is the shipped one), else `wrong`."""

    def whole(outputs: list[Any]) -> str | None:
        entry = facts_file(chapter)["checks"].get(check_id, {}).get("whole")
        if not entry:
            return (f"{check_id}: this edition has no digest to compare with (rebuild: "
                    "python tools/build_check_facts.py)")
        return None if stretched(entry["salt"], outputs) == entry["digest"] else wrong

    return whole
