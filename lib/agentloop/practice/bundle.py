"""The solutions bundle: each exercise's reference answer as a self-study copy holds it.

`agentloop_grader.learner_release` writes it (`encode`); a workspace keeps it as
`.agentloop/solutions.bundle`, the zero-install site inside its copy of the learner
release. One JSON object after a header line:

    {"format": 2, "exercises": {"ch1-decide-answer": {
        "chapter": "01_agent_loop", "answer": "decide", "kind": "code",
        "checks": ["ch1-decide-failure", …],
        "lock": {"kind": "outputs", "salt": "…", "iterations": 200000,
                 "inputs": [{"check": "ch1-decide-failure", "inputs": [<plain input>, …]}, …]},
        "sealed": {"text": "<base64>", "tag": "<hex>"}}, …}}

The reference answer is only in `sealed`, encrypted (agentloop.practice.lock); a lock ships
its inputs, never the outputs that make its key.
"""

from __future__ import annotations

import json
from typing import Any

FORMAT = 2
HEADER = ("agentloop solutions bundle 2: each reference answer is encrypted with a key made "
          "from the outputs a right answer gives on the inputs listed with it (see "
          "agentloop.practice.lock); an exercise judged by rules alone has a key anyone can "
          "make.\n")


class BundleError(ValueError):
    """A bundle this library cannot read."""


def encode(exercises: dict[str, Any]) -> str:
    return HEADER + json.dumps({"format": FORMAT, "exercises": exercises}, sort_keys=True,
                               ensure_ascii=False, indent=None) + "\n"


def decode(text: str) -> dict[str, Any]:
    """The exercises of a bundle, by id; BundleError when it is not one of this format."""
    body = text.split("\n", 1)[1] if text.startswith("agentloop solutions bundle") else text
    try:
        data = json.loads(body)
    except ValueError:
        data = None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BundleError(f"this solutions bundle is not of format {FORMAT} (made by another "
                          "version of the course): run ./course lab again to update it")
    return data["exercises"]
