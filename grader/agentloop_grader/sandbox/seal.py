"""Keep the course library's own answers out of a learner's reach while their code runs.

The course's chapters are graded against the library the learner also uses: the reference
for "write `decide`" is `agentloop.loop.decide`. So in the job process:

- the check modules (which hold hidden cases and references) are dropped from
  `sys.modules` and refused on import;
- every place the library binds a reference is swapped for a stub that raises, while the
  learner's cells run and while a check probes their answer;
- an answer that *is* the library's object is refused.

This raises the bar; it does not make copying the library's source impossible. A teacher's
own checks need none of this: their references never enter the sandbox at all.
"""

from __future__ import annotations

import contextlib
import importlib.abc
import sys
import types
from collections.abc import Iterator
from typing import Any


def _withheld_stub(where: str) -> Any:
    def withheld(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError(f"{where} is withheld while grading: the exercise is to write your "
                           "own")

    withheld.__qualname__ = withheld.__name__ = where.rsplit(".", 1)[-1]
    return withheld


def _withheld_code(ref: types.FunctionType) -> types.CodeType:
    """Code that raises, with no free variables, so any plain function can take it."""
    message = (f"{ref.__module__}.{ref.__qualname__} is withheld while grading: the exercise "
               "is to write your own")
    namespace: dict[str, Any] = {}
    exec(f"def stub(*args, **kwargs):\n    raise RuntimeError({message!r})\n", namespace)
    return namespace["stub"].__code__.replace(co_name=ref.__code__.co_name)


class _RefuseChecks(importlib.abc.MetaPathFinder):
    def find_spec(self, name: str, path: Any, target: Any = None) -> None:
        if name == "agentloop.checks" or name.startswith("agentloop.checks."):
            raise ImportError(f"{name} is not available while grading")


class Seal:
    """The library's references for the checks of one job, and where the library binds them."""

    def __init__(self, references: list[Any]) -> None:
        # each object once: withholding one twice would "restore" it from its own stub
        self.references = list({id(r): r for r in references if callable(r)}.values())
        self.places: dict[int, list[tuple[Any, str, Any]]] = {}
        self.stub_codes: dict[int, types.CodeType] = {}
        for name, module in list(sys.modules.items()):
            if not name.startswith("agentloop") or module is None:
                continue
            for attr, value in list(vars(module).items()):
                if any(value is ref for ref in self.references):
                    self.places.setdefault(id(value), []).append((module, attr, value))

    def close_check_modules(self) -> None:
        for name in [n for n in sys.modules if n.startswith("agentloop.checks")]:
            del sys.modules[name]
        agentloop = sys.modules.get("agentloop")
        if agentloop is not None and hasattr(agentloop, "checks"):
            delattr(agentloop, "checks")
        sys.meta_path.insert(0, _RefuseChecks())

    @contextlib.contextmanager
    def withheld(self, references: list[Any] | None = None) -> Iterator[None]:
        """Swap the given references (default: all of them) for stubs, then put them back.

        Both where the library binds them and inside the function objects themselves, so a
        reference dug out of memory (gc.get_objects()) raises just the same.
        """
        swapped, codes = [], []
        for ref in self.references if references is None else references:
            for module, attr, value in self.places.get(id(ref), []):
                setattr(module, attr, _withheld_stub(f"{module.__name__}.{attr}"))
                swapped.append((module, attr, value))
            if isinstance(ref, types.FunctionType):
                try:
                    code = ref.__code__
                    ref.__code__ = self._stub_code(ref)
                    codes.append((ref, code))
                except ValueError:  # a closure: its module bindings are still withheld
                    pass
        try:
            yield
        finally:
            for module, attr, value in swapped:
                setattr(module, attr, value)
            for ref, code in codes:
                ref.__code__ = code

    def _stub_code(self, ref: types.FunctionType) -> types.CodeType:
        """The raising code for `ref`, compiled once per job (a probe withholds it again for
        every case; code objects are immutable, so sharing one is safe)."""
        if id(ref) not in self.stub_codes:
            self.stub_codes[id(ref)] = _withheld_code(ref)
        return self.stub_codes[id(ref)]

    def is_reference(self, obj: Any) -> bool:
        return any(obj is ref for ref in self.references)
