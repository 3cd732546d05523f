"""Chapter 2: tools and the registry that says which ones exist.

A tool is a name, a description a model can read, an argument schema and the
function that does the work. The registry is deliberately narrow: the controller
runs only what is registered, with only the arguments the schema allows. There is
no tool that runs Python or shell text, and there never should be one here.

An argument schema maps each argument name to a plain dict:

    {"type": "str", "min_length": 1, "max_length": 32, "scoped": True}
    {"type": "int", "minimum": 1, "maximum": 10}

"scoped" means the value must be the key the run was asked about (state["key"]).

The chapter's tools: `lookup(key)` (the desk's one tool, `default_registry`) and
`top_topics(key, count)` (`topics_tool`, the second tool of the exercises).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from agentloop.i18n import t
from agentloop.validation import is_whole_number, validate_whole_number

CATALOGUE: dict[str, dict[str, Any]] = {
    "ai": {"title": "Applied AI", "topics": ["goals", "tools", "checks"]},
    "design": {"title": "Design", "topics": ["brief", "prototype", "review"]},
}
KEY_LENGTH = (1, 32)
TOPICS_MOST = 3  # top_topics' largest count on the chapter's desk

ARG_TYPES = {"str": str, "int": int}
# Which bounds each argument type may carry; anything else in a schema is a mistake.
BOUNDS = {"str": ("min_length", "max_length"), "int": ("minimum", "maximum")}


class ToolSpecError(ValueError):
    """A tool definition is incomplete or its argument schema is malformed."""


def validate_key(key: object) -> str:
    """Return `key` if it is a string of 1 to 32 characters, else raise ValueError."""
    low, high = KEY_LENGTH
    if not isinstance(key, str) or not is_whole_number(len(key), low, high):
        raise ValueError(t("key must be a string of {low} to {high} characters, got {key}",
                           low=low, high=high, key=repr(key)))
    return key


def lookup(key: str, catalogue: Mapping[str, Any] = CATALOGUE) -> dict[str, Any] | None:
    """The catalogue record for `key`, or None when there is none (never an invented record)."""
    validate_key(key)
    record = catalogue.get(key)
    # A copy, so that whoever holds the answer cannot change the catalogue through it.
    return copy.deepcopy(record)


@dataclass(frozen=True)
class Tool:
    """One registered tool: what it is called, what it does, what it accepts, what runs."""

    name: str
    description: str
    args: dict[str, dict[str, Any]]
    run: Callable[..., Any] = field(repr=False)

    def describe(self) -> dict[str, Any]:
        """The plain-data card a model would be shown: name, description, argument schema."""
        return {"name": self.name, "description": self.description,
                "args": copy.deepcopy(self.args)}


def validate_tool(tool: object) -> Tool:
    """Return `tool` if it is a well-formed Tool, else raise ToolSpecError saying what is wrong."""
    if not isinstance(tool, Tool):
        raise ToolSpecError(f"expected a Tool(name=..., description=..., args=..., run=...), "
                            f"got {tool!r}")
    if not isinstance(tool.name, str) or not tool.name.isidentifier():
        raise ToolSpecError(f"tool name must be a Python-style identifier, got {tool.name!r}")
    if not isinstance(tool.description, str) or not tool.description.strip():
        raise ToolSpecError(f"tool {tool.name!r} needs a non-empty description a model can read")
    if not callable(tool.run):
        raise ToolSpecError(f"tool {tool.name!r}: run must be a function, got {tool.run!r}")
    if not isinstance(tool.args, dict):
        raise ToolSpecError(f"tool {tool.name!r}: args must be a dict of argument schemas, "
                            f"got {tool.args!r}")
    for arg, spec in tool.args.items():
        validate_arg_spec(tool.name, arg, spec)
    return tool


def validate_arg_spec(tool: str, arg: object, spec: object) -> None:
    """Raise ToolSpecError unless `spec` is a schema entry this course's controller understands."""
    where = f"tool {tool!r}, argument {arg!r}"
    if not isinstance(arg, str) or not arg.isidentifier():
        raise ToolSpecError(f"{where}: argument names must be identifiers")
    if not isinstance(spec, dict) or spec.get("type") not in ARG_TYPES:
        raise ToolSpecError(f"{where}: the schema needs a type, one of {', '.join(ARG_TYPES)}; "
                            f"got {spec!r}")
    allowed = {"type", "scoped", *BOUNDS[spec["type"]]}
    unknown = sorted(set(spec) - allowed)
    if unknown:
        raise ToolSpecError(f"{where}: unknown schema keys {unknown}; "
                            f"allowed for {spec['type']}: {', '.join(sorted(allowed))}")
    for bound in BOUNDS[spec["type"]]:
        if bound in spec and not is_whole_number(spec[bound]):
            raise ToolSpecError(f"{where}: {bound} must be an int, got {spec[bound]!r}")
    if spec.get("scoped", False) not in (True, False):
        raise ToolSpecError(f"{where}: scoped must be True or False, got {spec['scoped']!r}")


class ToolRegistry:
    """The tools the controller may run, by name. Nothing outside it ever runs."""

    def __init__(self, tools: tuple[Tool, ...] | list[Tool] = ()) -> None:
        self._tools: dict[str, Tool] = {}
        for tool in tools:
            self.add(tool)

    def add(self, tool: Tool) -> None:
        """Register `tool` after validating its definition; a name can be registered once."""
        validate_tool(tool)
        if tool.name in self._tools:
            raise ToolSpecError(f"a tool named {tool.name!r} is already registered")
        self._tools[tool.name] = tool

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._tools

    def __getitem__(self, name: str) -> Tool:
        return self._tools[name]

    def names(self) -> list[str]:
        return list(self._tools)

    def describe(self) -> list[dict[str, Any]]:
        """Every tool's card, as plain data: what a live model would be told it may propose."""
        return [tool.describe() for tool in self._tools.values()]

    def __repr__(self) -> str:
        return f"ToolRegistry({', '.join(self._tools) or 'empty'})"


def lookup_tool(catalogue: Mapping[str, Any] = CATALOGUE) -> Tool:
    """The chapter's one tool: `lookup(key)` over `catalogue`."""
    low, high = KEY_LENGTH
    return Tool(
        name="lookup",
        description="Find one course in the catalogue by its key. Returns the record "
                    "(title and topics), or None when there is no such key.",
        args={"key": {"type": "str", "min_length": low, "max_length": high, "scoped": True}},
        run=lambda key: lookup(key, catalogue),
    )


def default_registry(catalogue: Mapping[str, Any] = CATALOGUE) -> ToolRegistry:
    """A fresh registry holding only `lookup` (over `catalogue`)."""
    return ToolRegistry([lookup_tool(catalogue)])


def top_topics(key: str, count: int,
               catalogue: Mapping[str, Any] = CATALOGUE) -> list[str] | None:
    """The first `count` topics of the course `key`, or None when there is no such key."""
    record = lookup(key, catalogue)
    return None if record is None else record["topics"][:count]


def topics_tool(catalogue: Mapping[str, Any] = CATALOGUE, most: int = TOPICS_MOST) -> Tool:
    """The chapter's second tool: `top_topics(key, count)` over `catalogue`, `count` an int
    from 1 to `most` (a desk decides how many topics it shows at once)."""
    validate_whole_number("most", most, 1)
    low, high = KEY_LENGTH
    return Tool(
        name="top_topics",
        description=f"The first `count` topics (1 to {most}) of the course `key`; None when "
                    "there is no such key.",
        args={"key": {"type": "str", "min_length": low, "max_length": high, "scoped": True},
              "count": {"type": "int", "minimum": 1, "maximum": most}},
        run=lambda key, count: top_topics(key, count, catalogue),
    )
