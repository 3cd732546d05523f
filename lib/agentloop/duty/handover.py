"""Chapter 5: the handover — what the person is told when a run ends, and how their answer
reaches the next run.

Each terminal gets its own honest message (chapter 1's rule: after error or limit nothing
may sound like success, and nothing claims more than was checked):

    success      the answer: the summary's headline (the summary itself is saved)
    needs_input  the question a person would ask, one of five kinds:
                   choose    several cards match (or one, and a card with a similar id):
                             the answer names one of them
                   confirm   one card matches, but card files could not be read, so it may
                             not be the only one: the answer names it (or a person fixes them)
                   rephrase  no card matches: the answer is a new query
                   fix       the card (or every card file) is broken: fix it and run again,
                             or name another card
                   complete  the summary lacks what the contract asks for
    error        why the action failed even after the retry, and what was checked
    limit        which budget stopped the run, and what was left unchecked

The state file carries the question to the next run. The person's answer is given to
that run (`--answer`) and resolved against the question and the board: an id, or words of
one card's title, group or id ("the one for the hall" → task-003). An answer that fits no
card, or more than one, is refused with a line saying which cards it fits, and the question
stays. A resolved answer is the new run's query and its chosen card — it never goes back
into the old run's observations. The saved question stays until a new one replaces it, so
answering it again gives the same run again.

    {"format": "agentloop.duty.state/1", "stop": "needs_input", "answer": null,
     "chosen": null,
     "question": {"kind": "choose", "text": "I found two cards ...", "query": "equipment",
                  "candidates": ["task-003", "task-003-copy"]}}
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict

from agentloop.duty.board import Card, is_card_id
from agentloop.duty.board_tools import (
    DRAFT_SUMMARY,
    QUERY_LENGTH,
    READ_TASK_CARDS,
    VALIDATE_TASK_CARD,
    stated_fields,
)
from agentloop.duty.jsonfile import MISSING, is_printable, read_json
from agentloop.duty.officer import (
    ERROR,
    NEEDS_INPUT,
    SIMILAR_IDS,
    SUCCESS,
    Run,
    RunInput,
    candidates,
    similar_ids,
)
from agentloop.duty.state import OfficerState
from agentloop.i18n import t
from agentloop.loop import TERMINALS
from agentloop.text import short_repr
from agentloop.vocabulary import Word

STATE_FORMAT = "agentloop.duty.state/1"


class QuestionKind(Word):
    """What a question after needs_input asks the person to do."""

    CHOOSE = "choose"        # say which of the cards offered is meant
    REPHRASE = "rephrase"    # nothing matches: say which task is meant
    FIX = "fix"              # a card (or the whole board) cannot be read or confirmed
    COMPLETE = "complete"    # the summary lacks what the contract asks for
    CONFIRM = "confirm"      # one card, but a card file went unread: is it the one?


CHOOSE, REPHRASE, FIX, COMPLETE, CONFIRM = QuestionKind
KINDS = tuple(QuestionKind)


class Question(TypedDict):
    """The question a run saves for the person, and the next run reads with the answer."""

    kind: str               # a QuestionKind
    text: str
    query: str
    candidates: list[str]   # the card ids an answer may name
NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
# Words an answer may hold that name no card ("the one for the hall": only "hall" counts).
FILLER = frozenset("a an and at card for i in is it its mean meant of on one or please that "
                   "the this to with".split())
YES = frozenset("yes yeah yep correct right sure ok okay".split())


class StateFileError(ValueError):
    """The state file is not one this course wrote; the message names the file and field."""


class AnswerError(ValueError):
    """--answer cannot be used: no saved question, or not one of the offered cards."""


@dataclass(frozen=True)
class Saved:
    """What persists between runs: the latest question, the answer last given, the last stop."""

    question: Question | None = None
    answer: str | None = None
    stop: str | None = None
    chosen: str | None = None      # the card the answer named

    def to_dict(self) -> dict[str, Any]:
        return {"format": STATE_FORMAT, "stop": self.stop, "answer": self.answer,
                "chosen": self.chosen, "question": self.question}


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


def question_for(run: Run) -> Question | None:
    """The question a person would ask after needs_input (None after any other terminal)."""
    if run.terminal != NEEDS_INPUT:
        return None
    state = run.state
    query = state["query"]
    unread = [item["file"] for item in state["unreadable"]]
    if state["action"] == VALIDATE_TASK_CARD:
        observation = state["observation"]
        return _question(FIX, query, f"The card {observation['card']} ({observation['file']}) "
                                     f"cannot be confirmed: {'; '.join(observation['problems'])}"
                                     ". Fix the card and run me again, or tell me which card "
                                     "you mean.")
    if state["action"] == DRAFT_SUMMARY:
        draft = state["draft"]
        missing = draft["contract"]["missing"]
        if missing:
            return _question(COMPLETE, query, f"The summary does not meet the contract: it "
                                              f"lacks {', '.join(missing)}. Add that to the "
                                              "card and run me again, or tell me which card "
                                              "you mean.")
        cards = draft["cards"]
        stated = stated_fields(draft["summary"])
        titles = {card: stated[card]["title"] for card in cards
                  if stated.get(card, {}).get("title")}
        which = "it" if len(unread) == 1 else "one of them"
        return _question(CONFIRM, query, f"I found {_listing([_titled(c, titles) for c in cards])}"
                                         f" for {query!r} and drafted the summary, but "
                                         f"{_files(unread)} could not be read, so {which} "
                                         f"might match as well. Is {_listing(cards)} the card "
                                         "you mean? Answer with its id or words from its "
                                         f"title, or fix {_them(unread)} and run me again.",
                         cards)
    matches = state["matches"]
    chosen = state.get("chosen")
    if chosen is not None and chosen not in matches:
        return _question(REPHRASE, query, f"The card you chose, {chosen}, does not match "
                                          f"{query!r} on the board any more. Which task do "
                                          "you mean?")
    if not matches:
        return _nothing_found(query, unread, state["scanned"])
    titles = state.get("titles", {})
    offered = candidates(state) if SIMILAR_IDS in state.get("ask_when", ()) else matches
    if len(matches) == 1 and len(offered) > 1:
        others = [card for card in offered if card not in matches]
        verb = "has" if len(others) == 1 else "have"
        text = (f"I found {_titled(matches[0], titles)} for {query!r}, but "
                f"{_listing([_titled(c, titles) for c in others])} {verb} a similar id.")
    elif titles and all(card in titles for card in offered):
        count = NUMBERS.get(len(offered), str(len(offered)))
        text = (f"I found {count} cards for {query!r} — "
                f"{_listing([_titled(c, titles) for c in offered])}.")
    elif len(offered) == 2 and similar_ids(*offered):
        text = f"I found two cards with a similar id — {offered[0]} and {offered[1]}."
    else:
        count = NUMBERS.get(len(offered), str(len(offered)))
        text = f"I found {count} cards that match {query!r} — {_listing(offered)}."
    return _question(CHOOSE, query, f"{text} Which one do you mean?", offered)


def _nothing_found(query: str, unread: list[str], scanned: int) -> Question:
    """No match: on a board read in full, a new query is needed; otherwise the files that
    could not be read are named, because one of them might be the card."""
    if not unread:
        return _question(REPHRASE, query, f"I searched the whole board and no card matches "
                                          f"{query!r}. Which task do you mean?")
    if len(unread) >= scanned:
        return _question(FIX, query, f"I could not read any of the {len(unread)} card "
                                     f"file{'s' * (len(unread) != 1)} of the board "
                                     f"({_listing(unread)}), so nothing was searched for "
                                     f"{query!r}. Fix {_them(unread)} and run me again.")
    return _question(REPHRASE, query, f"No card I could read matches {query!r}, but "
                                      f"{_files(unread)} could not be read, so I cannot say "
                                      f"that none does. Fix {_them(unread)} and run me again, "
                                      "or tell me which task you mean.")


def _titled(card: str, titles: Mapping[str, str]) -> str:
    return f'{card} "{titles[card]}"' if card in titles else card


def _files(names: list[str]) -> str:
    return f"{len(names)} card files ({_listing(names)})" if len(names) > 3 \
        else _listing(names)


def _them(names: list[str]) -> str:
    return names[0] if len(names) == 1 else "them"


def answer_file(facts: dict[str, Any], run: Run) -> str:
    """What `save` holds: the stop, the goal, then the summary — or the question or reason."""
    label, text = message_for(run)
    lines = [f"# Duty officer: {run.terminal}", "", f"goal: {facts['goal']}",
             f"query: {run.input.query}", ""]
    if run.terminal == SUCCESS:
        lines.append(run.state["draft"]["summary"].rstrip("\n"))
    else:
        lines.append(f"{label}: {text}")
        draft = run.state["draft"]
        if draft is not None and draft["contract"]["ok"]:   # drafted, but not confirmed
            lines += ["", "The drafted summary, not confirmed:", "",
                      draft["summary"].rstrip("\n")]
    unreadable = unreadable_line(run)
    if unreadable is not None:
        lines += ["", unreadable]
    return "\n".join(lines) + "\n"


def next_saved(before: Saved, run_input: RunInput, run: Run) -> Saved:
    """The state after `run`: its question if it asked one, else the question kept as it was."""
    if run.terminal == NEEDS_INPUT:
        return Saved(question_for(run), None, run.terminal)
    return Saved(before.question, run_input.answer, run.terminal, run_input.chosen)


def input_for(goal: str, query: str, saved: Saved | None, answer: str | None,
              state_shown: str | None, *, cards: Mapping[str, Card] | None = None,
              **limits: Any) -> RunInput:
    """The next run's input: the workspace's query, or the person's answer to the saved
    question, resolved against it and against `cards` (the board's cards by id; without
    them only an id can answer a question that offered cards)."""
    if answer is None:
        return RunInput(goal, query, **limits)
    if saved is None or state_shown is None:
        raise AnswerError(t("--answer needs a state file to find the question in; the "
                            "workspace's agent.json has no state"))
    if saved.question is None:
        raise AnswerError(t("--answer: {state} holds no question to answer; run without "
                            "--answer first", state=state_shown))
    low, high = QUERY_LENGTH
    text = answer.strip()
    if not low <= len(text) <= high or "\n" in text or not is_printable(text):
        raise AnswerError(t("--answer must be one line of {low} to {high} characters, got "
                            "{answer}", low=low, high=high, answer=repr(answer)))
    if not saved.question["candidates"]:   # nothing was offered: the answer is a new query
        return RunInput(goal, text, answer=text, question=saved.question["text"], **limits)
    chosen = resolve_answer(text, saved.question, cards)
    return RunInput(goal, chosen, answer=text, question=saved.question["text"], chosen=chosen,
                    **limits)


def resolve_answer(text: str, question: Mapping[str, Any],
                   cards: Mapping[str, Card] | None) -> str:
    """The card among the question's candidates that `text` names; AnswerError, saying
    which cards it fits, when it names none or more than one.

    An id names its card. Otherwise the words count: each word of the answer (its filler
    words aside) that is in a card's title, group or id, and not in every candidate's."""
    offered = list(question["candidates"])
    exact = [card for card in offered if card.casefold() == text.casefold()]
    if exact:
        return exact[0]
    if _looks_like_id(text):
        raise AnswerError(t("--answer {text} is not one of the cards the question offered: "
                            "{offered}", text=repr(text), offered=", ".join(offered)))
    if cards is None:
        raise AnswerError(t("--answer {text} is not one of the cards the question offered: "
                            "{offered} (the board cannot be read, so an answer in words cannot "
                            "be matched to a card; answer with an id)", text=repr(text),
                            offered=", ".join(offered)))
    words = [word for word in _words(text) if word not in FILLER]
    if len(offered) == 1 and words and words[0] in YES:
        return offered[0]
    named = {card: [w for w in words if _stem(w) in _card_words(card, cards)] for card in offered}
    common: list[str] = []
    if len(offered) > 1:   # a word every candidate has tells none of them apart
        common = [w for w in words if all(w in named[card] for card in offered)]
        named = {card: [w for w in found if w not in common] for card, found in named.items()}
    fits = [card for card in offered if named[card]]
    if len(fits) == 1:
        return fits[0]
    # a refusal, in the reader's language; the cards' ids, titles and groups are the board's
    listing = "; ".join(_described(card, cards) for card in offered)
    if fits:
        which = "; ".join(t("{words} fits {card}", words=_quoted(named[card]),
                            card=_described(card, cards)) for card in fits)
        return _refuse(t("--answer {text} still fits more than one card: {which}. Which one do "
                         "you mean? Answer with an id, or with a word only that card's title or "
                         "group has.", text=repr(text), which=which))
    if common and len(common) == 1:
        return _refuse(t("--answer {text} does not tell the cards apart: {words} fits every "
                         "card the question offered ({listing}). Which one do you mean? Answer "
                         "with an id, or with a word only that card's title or group has.",
                         text=repr(text), words=_quoted(common), listing=listing))
    if common:
        return _refuse(t("--answer {text} does not tell the cards apart: {words} fit every "
                         "card the question offered ({listing}). Which one do you mean? Answer "
                         "with an id, or with a word only that card's title or group has.",
                         text=repr(text), words=_quoted(common), listing=listing))
    return _refuse(t("--answer {text} names none of the cards the question offered "
                     "({listing}). Which one do you mean? Answer with an id, or with a word "
                     "only that card's title or group has.", text=repr(text), listing=listing))


def _quoted(words: list[str]) -> str:
    return _listing([repr(word) for word in dict.fromkeys(words)])


def _refuse(message: str) -> str:
    raise AnswerError(message)


def _looks_like_id(text: str) -> bool:
    """task-004: an id with a number in it, not a word such as 'hall'."""
    return is_card_id(text) and "-" in text and any(ch.isdigit() for ch in text)


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", text.casefold())


def _stem(word: str) -> str:
    """poster and posters, bench and benches count as one word (plain English plurals)."""
    if len(word) > 4 and word.endswith("es") and word[:-2].endswith(("s", "x", "z", "ch", "sh")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _card_words(card_id: str, cards: Mapping[str, Card]) -> set[str]:
    card = cards.get(card_id)
    text = card_id.replace("-", " ")
    if card is not None:
        text += f" {card.title} {card.group}"
    return {_stem(word) for word in _words(text)}


def _described(card_id: str, cards: Mapping[str, Card]) -> str:
    card = cards.get(card_id)
    if card is None:
        return f"{card_id} (not on the board now)"
    return f'{card_id} "{card.title}" ({card.group})'


def load_saved(path: Path, shown: str) -> Saved:
    """Read the state file; a missing file is a fresh start, a malformed one an error."""
    data = read_json(path, shown, StateFileError, missing_ok=True, follow_links=False)
    if data is MISSING:
        return Saved()
    if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
        raise StateFileError(t("{file}: format must be {format}; this is not a state file the "
                               "duty officer wrote (delete it to start afresh)", file=shown,
                               format=repr(STATE_FORMAT)))
    unknown = sorted(set(data) - {"format", "stop", "answer", "chosen", "question"})
    if unknown:
        raise StateFileError(t("{file}: unknown field {field}; a state file has format, stop, "
                               "answer, chosen and question", file=shown,
                               field=repr(unknown[0])))
    if data.get("stop") not in (None, *TERMINALS):
        raise StateFileError(t("{file}: stop must be one of {terminals} or null, got {value}",
                               file=shown, terminals=", ".join(TERMINALS),
                               value=_short(data.get("stop"))))
    if data.get("answer") is not None and not isinstance(data["answer"], str):
        raise StateFileError(t("{file}: answer must be a string or null, got {value}",
                               file=shown, value=_short(data["answer"])))
    if data.get("chosen") is not None and not is_card_id(data["chosen"]):
        raise StateFileError(t("{file}: chosen must be a card id or null, got {value}",
                               file=shown, value=_short(data["chosen"])))
    question = data.get("question")
    if question is not None:
        _check_question(question, shown)
    return Saved(question, data.get("answer"), data.get("stop"), data.get("chosen"))


def state_text(saved: Saved) -> str:
    """What a state file holds: the Saved as indented JSON."""
    return json.dumps(saved.to_dict(), ensure_ascii=False, indent=2) + "\n"


def save_state(path: Path, saved: Saved) -> None:
    """Write `saved` to `path` (a run writes its own state file through `runs`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(state_text(saved), encoding="utf-8")


def _check_question(question: Any, shown: str) -> None:
    if not isinstance(question, dict) or set(question) != {"kind", "text", "query",
                                                           "candidates"}:
        raise StateFileError(t("{file}: question must be an object with kind, text, query and "
                               "candidates, or null", file=shown))
    if question["kind"] not in KINDS:
        raise StateFileError(t("{file}: question.kind must be one of {kinds}, got {value}",
                               file=shown, kinds=", ".join(KINDS),
                               value=_short(question["kind"])))
    for name in ("text", "query"):
        if not isinstance(question[name], str) or not question[name]:
            raise StateFileError(t("{file}: question.{name} must be a non-empty string",
                                   file=shown, name=name))
    offered = question["candidates"]
    if not isinstance(offered, list) or not all(is_card_id(c) for c in offered):
        raise StateFileError(t("{file}: question.candidates must be a list of card ids",
                               file=shown))


def _question(kind: QuestionKind, query: str, text: str, candidates: list[str] | None = None
              ) -> Question:
    return {"kind": kind, "text": text, "query": query, "candidates": list(candidates or [])}


def _short(value: Any) -> str:
    return short_repr(value, 60)


def _listing(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def unreadable_line(run: Run) -> str | None:
    """`not searched: FILE (reason); …` when card files on the pages read could not be read."""
    items = run.state["unreadable"]
    if not items:
        return None
    return "not searched: " + "; ".join(f"{i['file']} ({i['reason']})" for i in items)


def _progress(state: OfficerState) -> str:
    """What was checked so far, in words."""
    if not state["pages"]:
        return "nothing was checked"
    read = len([p for p in state["pages"] if p <= state["page_count"]])
    return (f"{read} of {state['page_count']} page{'s' if state['page_count'] != 1 else ''} "
            f"{'was' if read == 1 else 'were'} read ({state['scanned']} of {state['total']} "
            f"card file{'s' if state['total'] != 1 else ''})")


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
        return (f"A guard stopped step {state['steps']} before it ran — "
                f"{guard_reason(state['objection'])}. {_unfinished(state)}")
    if run.failure is not None:
        return f"{run.failure[0].upper()}{run.failure[1:]}. {_unfinished(state)}"
    observation = state.get("observation") or {}
    if observation.get("over_limit"):
        return (f"The board is longer than a run may read — "
                f"{observation['error'].removeprefix('Error: ')}. Nothing was checked.")
    if observation.get("ok") is False:   # a first failure on the last allowed step
        return (f"Step {state['steps']}'s {state['action'] or 'action'} failed — "
                f"{observation['error']}. "
                f"A retry was allowed, but it would be step {state['steps'] + 1}, and "
                f"max_steps is {state['max_steps']}. {_unfinished(state)}")
    if not state["search_complete"]:
        return (f"I ran out of allowed steps before the search ended: not all cards were "
                f"checked — {_progress(state)}.")
    return ("I ran out of allowed steps before the summary was drafted: the search is "
            "complete, but no answer was confirmed.")


def guard_reason(objection: str) -> str:
    """A guard's objection without chapter 3's hand-over to an employee ("→ to an employee"):
    here the run stops, and the banner says what the person is told."""
    return objection.split(" → ")[0]


def _unfinished(state: OfficerState) -> str:
    """What a run that stopped early did and did not check."""
    if not state["pages"]:
        return "Nothing was checked."
    if not state["search_complete"]:
        return f"Not all cards were checked — {_progress(state)}."
    return "The search is complete, but no answer was confirmed."
