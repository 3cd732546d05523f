"""Chapter 5: the handover — what the person is told when a run ends, and how their answer
reaches the next run.

Each terminal gets its own honest message (chapter 1's rule: after error or limit nothing
may sound like success):

    success      the answer: the summary's headline (the summary itself is saved)
    needs_input  the question a person would ask, one of four kinds:
                   choose    several cards match: the answer must be one of them
                   rephrase  no card matches: the answer is a new query
                   fix       the card is broken: fix it and run again, or name another card
                   complete  the summary lacks what the contract asks for
    error        why the action failed even after the retry, and what was checked
    limit        which budget stopped the run, and what was left unchecked

The state file carries the question to the next run. The person's answer is given to
that run (`--answer`), checked against the saved question and becomes the new run's
query — it never goes back into the old run's observations. The saved question stays
until a new one replaces it, so answering it again gives the same run again.

    {"format": "agentloop.duty.state/1", "stop": "needs_input", "answer": null,
     "question": {"kind": "choose", "text": "I found two cards ...", "query": "equipment",
                  "candidates": ["task-003", "task-003-copy"]}}
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agentloop.duty.board_tools import (
    DRAFT_SUMMARY,
    QUERY_LENGTH,
    READ_TASK_CARDS,
    VALIDATE_TASK_CARD,
)
from agentloop.duty.officer import ERROR, NEEDS_INPUT, SUCCESS, Run, RunInput
from agentloop.loop import TERMINALS

STATE_FORMAT = "agentloop.duty.state/1"
CHOOSE, REPHRASE, FIX, COMPLETE = "choose", "rephrase", "fix", "complete"
KINDS = (CHOOSE, REPHRASE, FIX, COMPLETE)
NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


class StateFileError(ValueError):
    """The state file is not one this course wrote; the message names the file and field."""


class AnswerError(ValueError):
    """--answer cannot be used: no saved question, or not one of the offered cards."""


@dataclass(frozen=True)
class Saved:
    """What persists between runs: the latest question, the answer last given, the last stop."""

    question: dict[str, Any] | None = None
    answer: str | None = None
    stop: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"format": STATE_FORMAT, "stop": self.stop, "answer": self.answer,
                "question": self.question}


def message_for(run: Run) -> tuple[str, str]:
    """(label, text): what the banner tells the person after the stop line."""
    if run.terminal == SUCCESS:
        return "answer", run.state["draft"]["headline"]
    if run.terminal == NEEDS_INPUT:
        question = question_for(run)
        assert question is not None
        return "question", question["text"]
    if run.terminal == ERROR:
        return "reason", _error_text(run)
    return "reason", _limit_text(run)


def question_for(run: Run) -> dict[str, Any] | None:
    """The question a person would ask after needs_input (None after any other terminal)."""
    if run.terminal != NEEDS_INPUT:
        return None
    state = run.state
    query = state["query"]
    if state["action"] == VALIDATE_TASK_CARD:
        observation = state["observation"]
        return _question(FIX, query, f"The card {observation['card']} ({observation['file']}) "
                                     f"cannot be confirmed: {'; '.join(observation['problems'])}"
                                     ". Fix the card and run me again, or tell me which card "
                                     "you mean.")
    if state["action"] == DRAFT_SUMMARY:
        missing = state["draft"]["contract"]["missing"]
        return _question(COMPLETE, query, f"The summary does not meet the contract: it lacks "
                                          f"{', '.join(missing)}. Add that to the card and run "
                                          "me again, or tell me which card you mean.")
    matches = state["matches"]
    if not matches:
        return _question(REPHRASE, query, f"I searched the whole board and no card matches "
                                          f"{query!r}. Which task do you mean?")
    if len(matches) == 2 and _similar(*matches):
        text = f"I found two cards with a similar id — {matches[0]} and {matches[1]}."
    else:
        count = NUMBERS.get(len(matches), str(len(matches)))
        text = f"I found {count} cards that match {query!r} — {_listing(matches)}."
    return _question(CHOOSE, query, f"{text} Which one do you mean?", matches)


def answer_file(facts: dict[str, Any], run: Run) -> str:
    """What `save` holds: the stop, the goal, then the summary — or the question or reason."""
    label, text = message_for(run)
    lines = [f"# Duty officer: {run.terminal}", "", f"goal: {facts['goal']}",
             f"query: {run.input.query}", ""]
    if run.terminal == SUCCESS:
        lines.append(run.state["draft"]["summary"].rstrip("\n"))
    else:
        lines.append(f"{label}: {text}")
    unreadable = unreadable_line(run)
    if unreadable is not None:
        lines += ["", unreadable]
    return "\n".join(lines) + "\n"


def next_saved(before: Saved, run_input: RunInput, run: Run) -> Saved:
    """The state after `run`: its question if it asked one, else the question kept as it was."""
    if run.terminal == NEEDS_INPUT:
        return Saved(question_for(run), None, run.terminal)
    return Saved(before.question, run_input.answer, run.terminal)


def input_for(goal: str, query: str, saved: Saved | None, answer: str | None,
              state_shown: str | None, **limits: Any) -> RunInput:
    """The next run's input: the workspace's query, or the person's answer to the saved
    question (checked against it)."""
    if answer is None:
        return RunInput(goal, query, **limits)
    if saved is None or state_shown is None:
        raise AnswerError("--answer needs a state file to find the question in; the "
                          "workspace's agent.json has no state")
    if saved.question is None:
        raise AnswerError(f"--answer: {state_shown} holds no question to answer; run without "
                          "--answer first")
    low, high = QUERY_LENGTH
    text = answer.strip()
    if not low <= len(text) <= high or "\n" in text:
        raise AnswerError(f"--answer must be one line of {low} to {high} characters, "
                          f"got {answer!r}")
    candidates = saved.question["candidates"]
    if candidates and text not in candidates:
        raise AnswerError(f"--answer {text!r} is not one of the cards the question offered: "
                          f"{', '.join(candidates)}")
    return RunInput(goal, text, answer=text, question=saved.question["text"], **limits)


def load_saved(path: Path, shown: str) -> Saved:
    """Read the state file; a missing file is a fresh start, a malformed one an error."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Saved()
    except (OSError, UnicodeDecodeError) as exc:
        raise StateFileError(f"{shown} cannot be read ({type(exc).__name__})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise StateFileError(f"{shown} is not valid JSON: {exc.msg} at line {exc.lineno}; "
                             "delete it to start afresh") from None
    if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
        raise StateFileError(f"{shown}: format must be {STATE_FORMAT!r}; this is not a state "
                             "file the duty officer wrote (delete it to start afresh)")
    if data.get("stop") not in (None, *TERMINALS):
        raise StateFileError(f"{shown}: stop must be one of {', '.join(TERMINALS)} or null, "
                             f"got {data.get('stop')!r}")
    if data.get("answer") is not None and not isinstance(data["answer"], str):
        raise StateFileError(f"{shown}: answer must be a string or null, "
                             f"got {data['answer']!r}")
    question = data.get("question")
    if question is not None:
        _check_question(question, shown)
    return Saved(question, data.get("answer"), data.get("stop"))


def save_state(path: Path, saved: Saved) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(saved.to_dict(), ensure_ascii=False, indent=2) + "\n",
                    encoding="utf-8")


def _check_question(question: Any, shown: str) -> None:
    if not isinstance(question, dict) or set(question) != {"kind", "text", "query",
                                                           "candidates"}:
        raise StateFileError(f"{shown}: question must be an object with kind, text, query and "
                             "candidates, or null")
    if question["kind"] not in KINDS:
        raise StateFileError(f"{shown}: question.kind must be one of {', '.join(KINDS)}, "
                             f"got {question['kind']!r}")
    for name in ("text", "query"):
        if not isinstance(question[name], str) or not question[name]:
            raise StateFileError(f"{shown}: question.{name} must be a non-empty string")
    candidates = question["candidates"]
    if not isinstance(candidates, list) or not all(isinstance(c, str) for c in candidates):
        raise StateFileError(f"{shown}: question.candidates must be a list of card ids")


def _question(kind: str, query: str, text: str, candidates: list[str] | None = None
              ) -> dict[str, Any]:
    return {"kind": kind, "text": text, "query": query, "candidates": list(candidates or [])}


def _similar(first: str, second: str) -> bool:
    """task-003 and task-003-copy: one id is the other with a suffix."""
    return first.startswith(second + "-") or second.startswith(first + "-")


def _listing(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def unreadable_line(run: Run) -> str | None:
    """`not searched: FILE (reason); …` when card files on the pages read could not be read."""
    items = run.state["unreadable"]
    if not items:
        return None
    return "not searched: " + "; ".join(f"{i['file']} ({i['reason']})" for i in items)


def _progress(state: dict[str, Any]) -> str:
    """What was checked so far, in words."""
    if not state["pages"]:
        return "nothing was checked"
    read = len([p for p in state["pages"] if p <= state["page_count"]])
    return (f"{read} of {state['page_count']} page{'s' if state['page_count'] != 1 else ''} "
            f"were read ({state['scanned']} of {state['total']} card files)")


def _error_text(run: Run) -> str:
    state = run.state
    if run.failure is not None:
        return f"{run.failure[0].upper()}{run.failure[1:]}. No answer was confirmed."
    observation = state["observation"]
    # only say "after a retry" when the policy allowed one
    after = ", even after a retry" if state.get("max_retries", 0) > 0 else ""
    if "refused" in observation:
        return (f"The proposed actions were refused{after} — "
                f"{observation['error']}. No answer was confirmed; {_progress(state)}.")
    if state["action"] == READ_TASK_CARDS and not state["pages"]:
        return (f"I could not read the task cards{after} — "
                f"{observation['error']}. Nothing was checked.")
    return (f"I could not carry out {state['action']}{after} — "
            f"{observation['error']}. No answer was confirmed; {_progress(state)}.")


def _limit_text(run: Run) -> str:
    state = run.state
    if state["objection"] is not None:
        return (f"A guard stopped step {state['steps']} before it ran — {state['objection']}. "
                f"{_unfinished(state)}")
    if run.failure is not None:
        return f"{run.failure[0].upper()}{run.failure[1:]}. {_unfinished(state)}"
    if not state["search_complete"]:
        return (f"I ran out of allowed steps before the search ended: not all cards were "
                f"checked — {_progress(state)}.")
    return ("I ran out of allowed steps before the summary was drafted: the search is "
            "complete, but no answer was confirmed.")


def _unfinished(state: dict[str, Any]) -> str:
    """What a run that stopped early did and did not check."""
    if not state["pages"]:
        return "Nothing was checked."
    if not state["search_complete"]:
        return f"Not all cards were checked — {_progress(state)}."
    return "The search is complete, but no answer was confirmed."
