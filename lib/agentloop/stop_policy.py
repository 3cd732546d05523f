"""Chapter 1, end of lesson 4: a stop policy file, and a replay that makes it visible.

`stop_policy.json` holds the two limits of chapter 1. The replay plays back the
course authors' "success" route (read the cards, validate three of them, draft a
summary) under that policy, so a learner sees the limit at work. A replay is a
recording: it proves nothing about how a live model would behave. Its banner and errors
are in the course's current language (agentloop.i18n); the rows' actions and decisions
are names, the same in every language.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypedDict

from agentloop.i18n import t
from agentloop.loop import CONTINUE, LIMIT, SUCCESS, validate_limits
from agentloop.terminals import Decision

POLICY_FILE = "stop_policy.json"
REPLAY_NOTICE = "A replay proves nothing about how a live model would behave."

SUCCESS_ROUTE = (
    ("read_task_cards", {"ok": True, "matches": ["task-001", "task-002", "task-003"]}),
    ("validate_task_card", {"ok": True, "card": "task-001", "valid": True}),
    ("validate_task_card", {"ok": True, "card": "task-002", "valid": True}),
    ("validate_task_card", {"ok": True, "card": "task-003", "valid": True}),
    ("draft_summary", {"ok": True, "summary": "3 cards checked; task-003 is blocked."}),
)


class ReplayRow(TypedDict):
    """One step of the replayed route: the action, its recorded observation, the decision."""

    step: int
    action: str
    observation: dict[str, Any]
    decision: Decision


class PolicyError(ValueError):
    """The stop policy file is missing, is not JSON, or holds values outside the ranges."""


def load_policy(directory: str | Path) -> dict[str, int]:
    """Read and validate `DIR/stop_policy.json`."""
    path = Path(directory) / POLICY_FILE
    try:
        if not Path(directory).is_dir():
            raise PolicyError(t("{folder} is not a folder; pass the folder that holds {file}",
                                folder=directory, file=POLICY_FILE))
        if path.is_dir():
            raise PolicyError(t("{path} is a folder; {file} must be a file of JSON",
                                path=path, file=POLICY_FILE))
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PolicyError(t("no {file} in {folder}", file=POLICY_FILE, folder=directory)) \
            from None
    except UnicodeDecodeError:
        raise PolicyError(t("{path} is not UTF-8 text", path=path)) from None
    except OSError as exc:
        raise PolicyError(t("cannot read {path}: {problem}", path=path,
                            problem=exc.strerror or type(exc).__name__)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PolicyError(t("{path} is not valid JSON: {problem} at line {line}", path=path,
                            problem=exc.msg, line=exc.lineno)) from None
    except RecursionError:
        # a policy is one flat object of two numbers; JSON nested deeper than Python's
        # parser can follow is not one
        raise PolicyError(t("{path} must hold a JSON object with max_steps and max_retries",
                            path=path)) from None
    if not isinstance(data, dict):
        raise PolicyError(t("{path} must hold a JSON object with max_steps and max_retries",
                            path=path))
    unknown = sorted(set(data) - {"max_steps", "max_retries"})
    if unknown:
        raise PolicyError(t("{path}: unknown keys {keys}; allowed: max_steps, max_retries",
                            path=path, keys=unknown))
    missing = [key for key in ("max_steps", "max_retries") if key not in data]
    if missing:
        raise PolicyError(t("{path}: missing {keys}", path=path, keys=", ".join(missing)))
    try:
        validate_limits(data["max_steps"], data["max_retries"])
    except ValueError as exc:
        raise PolicyError(f"{path}: {exc}") from None
    return {"max_steps": data["max_steps"], "max_retries": data["max_retries"]}


def replay_success_route(max_steps: int, max_retries: int) -> list[ReplayRow]:
    """Play back the authors' route under the policy; one row a step, the last one terminal."""
    validate_limits(max_steps, max_retries)
    rows: list[ReplayRow] = []
    for number, (action, observation) in enumerate(SUCCESS_ROUTE, start=1):
        if action == "draft_summary" and observation["ok"]:
            decision = SUCCESS
        elif number >= max_steps:
            decision = LIMIT
        else:
            decision = CONTINUE
        rows.append({"step": number, "action": action, "observation": observation,
                     "decision": decision})
        if decision != CONTINUE:
            break
    return rows


def format_run(directory: str | Path, policy: dict[str, int]) -> str:
    """The text `agentloop run --dir DIR` prints."""
    rows = replay_success_route(policy["max_steps"], policy["max_retries"])
    lines = [
        "agentloop: run",
        t("config: {folder}", folder=directory),
        t("model: replay (the authors' recorded route, not a live model)"),
        t("scenario: {scenario}", scenario="success"),
        t("stop_policy: max_steps {max_steps}, max_retries {max_retries}",
          max_steps=policy["max_steps"], max_retries=policy["max_retries"]),
    ]
    lines += [t("Step {step} | {action} | {decision}", step=row["step"], action=row["action"],
                decision=row["decision"]) for row in rows]
    lines += [t("Stop: {decision}", decision=rows[-1]["decision"]), t(REPLAY_NOTICE)]
    return "\n".join(lines)
