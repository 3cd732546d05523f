"""Keep the library's own answer to an exercise out of reach while a learner's check runs.

Some exercises ask for something the library also has (chapter 1's `decide` under a
revised policy builds on `agentloop.loop.decide`). A check names those modules
(`Check.answered_by`), and the teacher's grader does not load them at all while it grades
the exercise: an answer that uses them fails there. In a learner's own notebook the same
modules are loaded for the chapter's demonstrations, so `check(...)` runs the answer
inside `withheld(answer, library_objects(modules))`: for that time every place that binds
one of those objects — each library module and the globals the answer's code reads —
holds a stub that raises, and an answer that *is* one of them is refused. Practice then
says what grading will say.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
import types
from collections.abc import Iterable, Iterator
from typing import Any


class Withheld(RuntimeError):
    """The answer used the library's own answer to the exercise."""


def _stub(name: str) -> Any:
    def withheld(*args: Any, **kwargs: Any) -> Any:
        raise Withheld(f"{name} is the library's own answer to this exercise, withheld while "
                       "your answer is checked: write your own")

    withheld.__name__ = withheld.__qualname__ = name
    return withheld


def library_objects(modules: Iterable[str]) -> list[Any]:
    """The functions and classes the library modules `modules` define (each imported)."""
    found: list[Any] = []
    for name in modules:
        module = importlib.import_module(name)
        found += [value for value in vars(module).values()
                  if isinstance(value, types.FunctionType | type)
                  and getattr(value, "__module__", None) == name]
    return found


def _namespaces(answer: Any, extra: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The library modules' namespaces, the extra ones, and the globals the answer reads."""
    spaces = [vars(module) for name, module in list(sys.modules.items())
              if module is not None and (name == "agentloop" or name.startswith("agentloop."))
              and not name.startswith("agentloop.checks")]
    spaces += [space for space in extra if all(space is not s for s in spaces)]
    functions = [answer] if isinstance(answer, types.FunctionType) else []
    if isinstance(answer, type):
        functions = [f for f in vars(answer).values() if isinstance(f, types.FunctionType)]
    for function in functions:
        if all(function.__globals__ is not space for space in spaces):
            spaces.append(function.__globals__)
    return spaces


@contextlib.contextmanager
def withheld(answer: Any, objects: Iterable[Any],
             namespaces: Iterable[dict[str, Any]] = ()) -> Iterator[None]:
    """While the block runs, `objects` are stubs everywhere the library, `namespaces` and
    `answer` bind them; Withheld at once if `answer` is one of them."""
    objects = list(objects)
    if any(answer is obj for obj in objects):
        name = getattr(answer, "__name__", repr(answer))
        raise Withheld(f"{name} is the library's own answer to this exercise: write your own")
    objects = list({id(obj): obj for obj in objects}.values())  # each one once
    if not objects:
        yield
        return
    swapped = []
    for space in _namespaces(answer, namespaces):
        for key, value in list(space.items()):
            if any(value is obj for obj in objects):
                swapped.append((space, key, value))
                space[key] = _stub(getattr(value, "__name__", key))
    try:
        yield
    finally:
        for space, key, value in reversed(swapped):
            space[key] = value
