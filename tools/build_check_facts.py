"""Write what a learner's edition of the checks ships: the facts of their visible cases.

The course's checks are defined twice: `agentloop.checks.chN`, the learner's edition (the
visible cases, the probes, the judges), and `agentloop_grader.answers.chN`, the teacher's
(the reference, the facts of any input, the hidden cases). A learner's check needs what
the reference says about each visible case; this tool asks the teacher's edition and
writes it to lib/agentloop/checks/facts/chN.json — for each visible case the digest of
its input and its facts. A check whose answer is a value (`whole` in the learner's
edition: a table of predictions) gets no facts at all, only a salted, stretched digest of
the right table.

    python tools/build_check_facts.py            # write every chapter's facts
    python tools/build_check_facts.py --check    # exit 1 if a written file is out of date
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FACTS = ROOT / "lib" / "agentloop" / "checks" / "facts"
CHAPTERS = ("ch1", "ch2", "ch3", "ch4", "ch5")


class FactsError(RuntimeError):
    """The teacher's edition cannot give the learner's edition what it needs."""


def salt_of(check_id: str) -> str:
    return f"agentloop-course whole answer/{check_id}"


def _json(value: Any, where: str) -> Any:
    from agentloop.checks.core import to_plain

    return json.loads(json.dumps(to_plain(value, where)))


def chapter_facts(chapter: str, learner_checks: Iterable[Any] | None = None,
                  keys: dict[str, Any] | None = None) -> dict[str, Any]:
    """The facts file of one chapter, as data: from its learner's checks (default
    agentloop.checks.<chapter>.CHECKS) and its teacher's checks by id (default
    agentloop_grader.answers.<chapter>)."""
    import importlib

    from agentloop.checks.student import FORMAT, input_key, stretched

    if learner_checks is None:
        learner_checks = importlib.import_module(f"agentloop.checks.{chapter}").CHECKS
    if keys is None:
        from agentloop_grader.answers import chapter_keys

        keys = chapter_keys(chapter)
    checks: dict[str, Any] = {}
    for chk in learner_checks:
        key = keys.get(chk.id)
        if key is None:
            raise FactsError(f"agentloop_grader.answers.{chapter} has no check {chk.id!r}")
        cases = chk.cases()
        if chk.whole is not None:
            table = [_json(key.expected(case.input), f"{chk.id}: {case.label}")
                     for case in cases]
            checks[chk.id] = {"whole": {"salt": salt_of(chk.id),
                                        "digest": stretched(salt_of(chk.id), table)}}
            facts = [None for _ in cases]
        else:
            facts = [_json(key.facts_of(case.input), f"{chk.id}: the facts of {case.label!r}")
                     for case in cases]
        entry = checks.setdefault(chk.id, {})
        entry["cases"] = [{"label": case.label, "key": input_key(_json(case.input, case.label)),
                           "facts": fact} for case, fact in zip(cases, facts, strict=True)]
    return {"format": FORMAT, "chapter": chapter,
            "written_by": "tools/build_check_facts.py from agentloop_grader.answers."
                          f"{chapter}: the facts of the visible cases only",
            "checks": checks}


def render(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False, sort_keys=False) + "\n"


def stale(path: Path, data: dict[str, Any]) -> bool:
    """Whether the facts file at `path` is missing or says other than `data`."""
    current = path.read_text(encoding="utf-8") if path.is_file() else None
    return current != render(data)


def chapters_present() -> list[str]:
    import importlib.util

    return [c for c in CHAPTERS
            if importlib.util.find_spec(f"agentloop_grader.answers.{c}") is not None]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only report files that are out of date (exit 1 if any)")
    args = parser.parse_args(argv)
    stale = []
    for chapter in chapters_present():
        try:
            text = render(chapter_facts(chapter))
        except FactsError as error:
            print(f"build_check_facts: FAILED: {error}", file=sys.stderr)
            return 1
        path = FACTS / f"{chapter}.json"
        current = path.read_text(encoding="utf-8") if path.is_file() else None
        if current == text:
            continue
        if args.check:
            stale.append(path.relative_to(ROOT))
        else:
            FACTS.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    if stale:
        print("out of date (run python tools/build_check_facts.py): "
              + ", ".join(map(str, stale)), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
