"""An exercise's reference answer, locked until a right answer opens it.

The learner release (`agentloop_grader.learner_release`) seals each reference answer with a
key made from the outputs the right answer gives on the exercise's *lock inputs*: inputs of
its checks whose outputs no learner's file holds (hidden cases drawn with a fixed practice
seed; for an answer that is a value, its visible cases). The bundle ships those inputs and
never their outputs. Once a learner's checks of the exercise all pass, `outputs_of` runs the
learner's answer on them through the checks' own probes and `unseal` opens the text with the
key they make — or finds that it does not open. Standard library only: this runs in the
zero-install site's Pyodide too.

    key  = PBKDF2-HMAC-SHA256(canonical JSON of the outputs, salt, iterations)
    enc  = HMAC-SHA256(key, "encrypt"),   mac = HMAC-SHA256(key, "authenticate")
    text = answer XOR (HMAC-SHA256(enc, 0) ‖ HMAC-SHA256(enc, 1) ‖ …)
    tag  = HMAC-SHA256(mac, text)

The kinds of lock, a closed set:
- BY_OUTPUTS: the exercise has a `Lock` in the teacher's edition; only an answer that gives
  the right output on every lock input opens it;
- OPEN: the exercise is judged by rules alone (a message, a report), so its example answer
  is sealed with a key made from the exercise's id: anyone can make it, and opening it
  proves nothing.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from collections.abc import Callable
from typing import Any

from agentloop.checks.student import pbkdf2_sha256

BY_OUTPUTS, OPEN = "outputs", "open"
KINDS = (BY_OUTPUTS, OPEN)
ITERATIONS = 200_000  # ~0.1 s here, ~0.4 s in the browser: a key is not found by guessing
PRACTICE_SEED = "agentloop practice lock"  # hidden_seed(PRACTICE_SEED, check id): lock inputs


class LockError(ValueError):
    """A bundle entry's lock or sealed text is not one this library reads."""


def canonical(value: Any) -> bytes:
    """Plain data as one canonical JSON text (sorted keys, no spaces), UTF-8."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8")


def open_secret(exercise_id: str) -> dict[str, str]:
    """What an OPEN lock's key is made from: the exercise's id, which anyone knows."""
    return {"open lock of": exercise_id}


def derive_key(secret: Any, salt: str, iterations: int = ITERATIONS) -> bytes:
    """The 32-byte key that plain data `secret` (a lock's outputs) makes."""
    return pbkdf2_sha256(canonical(secret), salt.encode("utf-8"), iterations)


def _mac(key: bytes, message: bytes) -> bytes:
    return hmac.new(key, message, hashlib.sha256).digest()


def _xor_stream(key: bytes, data: bytes) -> bytes:
    enc = _mac(key, b"agentloop lock: encrypt")
    stream = b"".join(_mac(enc, block.to_bytes(8, "big"))
                      for block in range((len(data) + 31) // 32))
    size = len(data)
    mixed = int.from_bytes(data, "big") ^ int.from_bytes(stream[:size], "big")
    return mixed.to_bytes(size, "big")


def seal(text: str, key: bytes) -> dict[str, str]:
    """`text` sealed with `key`: {"text": base64 of the ciphertext, "tag": hex}."""
    cipher = _xor_stream(key, text.encode("utf-8"))
    tag = _mac(_mac(key, b"agentloop lock: authenticate"), cipher)
    return {"text": base64.b64encode(cipher).decode("ascii"), "tag": tag.hex()}


def unseal(sealed: dict[str, str], key: bytes) -> str | None:
    """The sealed text, or None when `key` is not the one it was sealed with."""
    try:
        cipher = base64.b64decode(sealed["text"], validate=True)
        tag = bytes.fromhex(sealed["tag"])
    except (KeyError, TypeError, ValueError) as exc:
        raise LockError(f"a sealed answer is unreadable ({exc}); run ./course lab again "
                        "to get the course's current bundle") from None
    if not hmac.compare_digest(_mac(_mac(key, b"agentloop lock: authenticate"), cipher), tag):
        return None
    return _xor_stream(key, cipher).decode("utf-8")


def lock_kind(lock: dict[str, Any]) -> str:
    kind = lock.get("kind")
    if kind not in KINDS:
        raise LockError(f"a lock of kind {kind!r} is not one of {', '.join(KINDS)}; run "
                        "./course lab again to get the course's current bundle")
    return kind


def outputs_of(lock: dict[str, Any], answer_for: Callable[[Any], Any]) -> list[list[Any]] | None:
    """The learner's outputs on a BY_OUTPUTS lock's inputs, check by check, through each
    check's own probe (with the library's own answer out of reach, as `check` does); None
    when the answer raised on one of them or is missing (`answer_for(check)` raises
    LookupError)."""
    from agentloop.checks import answered_by_chapter, get_check
    from agentloop.checks.core import Case, collect
    from agentloop.checks.withhold import Withheld, library_objects, withheld

    out: list[list[Any]] = []
    for part in lock.get("inputs", []):
        chk = get_check(part["check"])
        try:
            answer = answer_for(chk)
        except LookupError:
            return None
        cases = [Case(value, f"lock input {number}") for number, value in
                 enumerate(part["inputs"], 1)]
        try:
            with withheld(answer, library_objects(answered_by_chapter(chk.id, chk))):
                results = collect(chk, answer, cases)
        except Withheld:
            return None
        if any("value" not in result for result in results):
            return None
        out.append([result["value"] for result in results])
    return out


def try_open(exercise_id: str, entry: dict[str, Any],
             answer_for: Callable[[Any], Any]) -> bytes | None:
    """The key that opens this bundle entry's sealed answer, made from the learner's answer
    (BY_OUTPUTS) or from the exercise's id (OPEN); None when it does not open."""
    lock = entry.get("lock", {})
    if lock_kind(lock) == OPEN:
        secret: Any = open_secret(exercise_id)
    else:
        secret = outputs_of(lock, answer_for)
        if secret is None:
            return None
    key = derive_key(secret, lock["salt"], int(lock["iterations"]))
    return key if unseal(entry["sealed"], key) is not None else None
