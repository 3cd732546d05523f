"""Chapter 4: hooks, the places where an operator's code acts on the loop.

Ten topics; each takes any number of subscribers, called in the order they were
registered with the same mutable payload. A subscriber may

- change the payload (the loop reads it back after the hooks ran),
- raise, to abort the turn (the loop reports it through on_error and tool.error),
- return SKIP to skip the next step, or REVIEW to pause for a person's review.

The first subscriber that returns a sentinel decides; later ones do not run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from agentloop.vocabulary import Word


class Topic(Word):
    """Where a hook acts: before and after each part of a step, and when something happens."""

    BEFORE_PLAN = "before_plan"
    AFTER_PLAN = "after_plan"
    BEFORE_TOOL_CALL = "before_tool_call"
    AFTER_TOOL_CALL = "after_tool_call"
    BEFORE_STEP = "before_step"
    AFTER_STEP = "after_step"
    ON_ERROR = "on_error"
    ON_PAUSE = "on_pause"
    ON_BUDGET_EXCEEDED = "on_budget_exceeded"
    ON_COMPLETE = "on_complete"


TOPICS = tuple(Topic)


class Sentinel:
    """A marker a hook returns to steer the loop; compared by identity."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


SKIP = Sentinel("SKIP")
REVIEW = Sentinel("REVIEW")
# Where a sentinel means something: only where the loop is about to choose its next move.
HONOURED = {
    SKIP: ("before_step", "before_tool_call", "after_step"),
    REVIEW: ("before_tool_call", "after_step"),
}

Hook = Callable[[dict[str, Any]], Any]


class UnknownTopic(ValueError):
    """A topic name that is not one of the ten."""

    def __init__(self, topic: object) -> None:
        super().__init__(f"unknown hook topic {topic!r}; the topics are: {', '.join(TOPICS)}")


class HookError(Exception):
    """A hook broke the contract: it returned something other than None, SKIP or REVIEW."""


def validate_topic(topic: object) -> str:
    if not isinstance(topic, str) or topic not in TOPICS:
        raise UnknownTopic(topic)
    return topic


class HookRegistry:
    """The dispatch table: topic -> subscribers, in registration order."""

    def __init__(self) -> None:
        self._subscribers: dict[str, list[Hook]] = {topic: [] for topic in TOPICS}

    def on(self, topic: str, hook: Hook) -> Hook:
        """Subscribe `hook` to `topic` and return it."""
        if not callable(hook):
            raise ValueError(f"hook must be callable, got {hook!r}")
        self._subscribers[validate_topic(topic)].append(hook)
        return hook

    def fire(self, topic: str, payload: dict[str, Any]) -> Sentinel | None:
        """Call each subscriber with `payload`; return the first sentinel, or None.

        An exception from a subscriber propagates: the loop decides what it aborts.
        """
        for hook in self._subscribers[validate_topic(topic)]:
            result = hook(payload)
            if result is None:
                continue
            if isinstance(result, Sentinel) and topic in HONOURED[result]:
                return result
            name = getattr(hook, "__name__", repr(hook))
            raise HookError(
                f"the {topic} hook {name} returned {result!r}; a hook returns None, "
                f"SKIP (on {', '.join(HONOURED[SKIP])}) or REVIEW (on "
                f"{', '.join(HONOURED[REVIEW])}), or raises to abort the turn"
            )
        return None
