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

Every message is made of whole-sentence English templates (CARD_UNCONFIRMED, WHICH_ONE …):
the run saves it in English, as data; where it is shown (the banner, its replay, the
explorer), banner.handover_words says it sentence by sentence in the reader's language.

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
# A yes to a question that offered one card, in any of the course's languages (the answer is
# parsed the same whatever language the reader sees: nothing is decided by language).
YES = frozenset("yes yeah yep correct right sure ok okay".split()
                + "да ага верно точно конечно".split()        # Russian
                + "вярно".split()                             # Bulgarian (да, точно above)
                + "بله بلی آره درسته".split())                # Persian


# What the person is told, one English template a sentence: the run saves the message in
# English (it is data: answer.md, state.json, the trace); where it is shown, each sentence
# is said in the reader's language (agentloop.duty.banner.handover_words).
CARD_UNCONFIRMED = "The card {card} ({file}) cannot be confirmed: {problems}."
FIX_OR_NAME = "Fix the card and run me again, or tell me which card you mean."
CONTRACT_UNMET = "The summary does not meet the contract: it lacks {missing}."
ADD_OR_NAME = "Add that to the card and run me again, or tell me which card you mean."
DRAFTED_BUT = {  # one file unread, or several
    True: "I found {cards} for {query} and drafted the summary, but {files} could not be "
          "read, so it might match as well.",
    False: "I found {cards} for {query} and drafted the summary, but {files} could not be "
           "read, so one of them might match as well."}
IS_IT = "Is {cards} the card you mean?"
ANSWER_OR_FIX = {True: "Answer with its id or words from its title, or fix {files} and run "
                       "me again.",
                 False: "Answer with its id or words from its title, or fix them and run me "
                        "again."}
CHOSEN_GONE = "The card you chose, {card}, does not match {query} on the board any more."
WHICH_TASK = "Which task do you mean?"
WHICH_ONE = "Which one do you mean?"
SEARCHED_ALL = "I searched the whole board and no card matches {query}."
NONE_READ = {True: "I could not read any of the {count} card file of the board ({files}), so "
                   "nothing was searched for {query}.",
             False: "I could not read any of the {count} card files of the board ({files}), "
                    "so nothing was searched for {query}."}
FIX_FILES = {True: "Fix {files} and run me again.", False: "Fix them and run me again."}
NONE_OF_READ = ("No card I could read matches {query}, but {files} could not be read, so I "
                "cannot say that none does.")
FIX_OR_TELL = {True: "Fix {files} and run me again, or tell me which task you mean.",
               False: "Fix them and run me again, or tell me which task you mean."}
SIMILAR_TO = {True: "I found {card} for {query}, but {others} has a similar id.",
              False: "I found {card} for {query}, but {others} have a similar id."}
FOUND_TITLED = "I found {count} cards for {query} — {cards}."
FOUND_SIMILAR = "I found two cards with a similar id — {first} and {second}."
FOUND_MATCHING = "I found {count} cards that match {query} — {cards}."
NO_ANSWER = "No answer was confirmed."
NOTHING_CHECKED = "Nothing was checked."
NO_ANSWER_YET = "No answer was confirmed; {progress}."
REFUSED = {False: "The proposed actions were refused — {error}.",
           True: "The proposed actions were refused, even after a retry — {error}."}
CARDS_UNREAD = {False: "I could not read the task cards — {error}.",
                True: "I could not read the task cards, even after a retry — {error}."}
NOT_CARRIED_OUT = {False: "I could not carry out {action} — {error}.",
                   True: "I could not carry out {action}, even after a retry — {error}."}
GUARD_STOPPED = "A guard stopped step {step} before it ran — {reason}."
BOARD_TOO_LONG = "The board is longer than a run may read — {error}."
STEP_FAILED = "Step {step}'s {action} failed — {error}."
RETRY_TOO_LATE = ("A retry was allowed, but it would be step {next}, and max_steps is "
                  "{max_steps}.")
NOT_ALL_CHECKED = "Not all cards were checked — {progress}."
SEARCH_COMPLETE = "The search is complete, but no answer was confirmed."
OUT_OF_STEPS_SEARCH = ("I ran out of allowed steps before the search ended: not all cards "
                       "were checked — {progress}.")
OUT_OF_STEPS_SUMMARY = ("I ran out of allowed steps before the summary was drafted: the "
                        "search is complete, but no answer was confirmed.")
# A run's failure (officer.Run.failure) as the message's first sentence: capitalized, a
# full stop after it.
FAILURES = ("The model failed: {detail}.", "The harness budget ran out ({pause}).")
# What was checked so far (_progress), a phrase inside a sentence: by whether one page was
# read, whether the board has one page, whether it has one card file.
NOTHING_READ = "nothing was checked"
PROGRESS = {
    (True, True, True): "{read} of {pages} page was read ({scanned} of {total} card file)",
    (True, True, False): "{read} of {pages} page was read ({scanned} of {total} card files)",
    (True, False, True): "{read} of {pages} pages was read ({scanned} of {total} card file)",
    (True, False, False): "{read} of {pages} pages was read ({scanned} of {total} card files)",
    (False, False, True): "{read} of {pages} pages were read ({scanned} of {total} card file)",
    (False, False, False): "{read} of {pages} pages were read ({scanned} of {total} card "
                           "files)",
    (False, True, True): "{read} of {pages} page were read ({scanned} of {total} card file)",
    (False, True, False): "{read} of {pages} page were read ({scanned} of {total} card files)"}
# The phrases a sentence's values may be (a guard's reason, a list, a count of files).
GUARD_REASONS = ("same action twice", "token budget passed ({total} > {budget})")
MANY_FILES = "{count} card files ({files})"
SENTENCES = (CARD_UNCONFIRMED, FIX_OR_NAME, CONTRACT_UNMET, ADD_OR_NAME, IS_IT, CHOSEN_GONE,
             WHICH_TASK, WHICH_ONE, SEARCHED_ALL, NONE_OF_READ, FOUND_TITLED, FOUND_SIMILAR,
             FOUND_MATCHING, NO_ANSWER, NOTHING_CHECKED, NO_ANSWER_YET, GUARD_STOPPED,
             BOARD_TOO_LONG, STEP_FAILED, RETRY_TOO_LATE, NOT_ALL_CHECKED, SEARCH_COMPLETE,
             OUT_OF_STEPS_SEARCH, OUT_OF_STEPS_SUMMARY, *FAILURES,
             *(text for choice in (DRAFTED_BUT, ANSWER_OR_FIX, NONE_READ, FIX_FILES,
                                   FIX_OR_TELL, SIMILAR_TO, REFUSED, CARDS_UNREAD,
                                   NOT_CARRIED_OUT) for text in choice.values()))


def _say(*sentences: tuple[str, dict[str, object]]) -> str:
    """The message in English: each (template, values) filled, joined by a space."""
    return " ".join(template.format(**values) for template, values in sentences)


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
        return _question(FIX, query, _say(
            (CARD_UNCONFIRMED, {"card": observation["card"], "file": observation["file"],
                                "problems": "; ".join(observation["problems"])}),
            (FIX_OR_NAME, {})))
    if state["action"] == DRAFT_SUMMARY:
        draft = state["draft"]
        missing = draft["contract"]["missing"]
        if missing:
            return _question(COMPLETE, query, _say(
                (CONTRACT_UNMET, {"missing": ", ".join(missing)}), (ADD_OR_NAME, {})))
        cards = draft["cards"]
        stated = stated_fields(draft["summary"])
        titles = {card: stated[card]["title"] for card in cards
                  if stated.get(card, {}).get("title")}
        return _question(CONFIRM, query, _say(
            (DRAFTED_BUT[len(unread) == 1],
             {"cards": _listing([_titled(c, titles) for c in cards]), "query": repr(query),
              "files": _files(unread)}),
            (IS_IT, {"cards": _listing(cards)}),
            (ANSWER_OR_FIX[len(unread) == 1], {"files": _listing(unread)})), cards)
    matches = state["matches"]
    chosen = state.get("chosen")
    if chosen is not None and chosen not in matches:
        return _question(REPHRASE, query, _say(
            (CHOSEN_GONE, {"card": chosen, "query": repr(query)}), (WHICH_TASK, {})))
    if not matches:
        return _nothing_found(query, unread, state["scanned"])
    titles = state.get("titles", {})
    offered = candidates(state) if SIMILAR_IDS in state.get("ask_when", ()) else matches
    count = NUMBERS.get(len(offered), str(len(offered)))
    if len(matches) == 1 and len(offered) > 1:
        others = [card for card in offered if card not in matches]
        found = (SIMILAR_TO[len(others) == 1],
                 {"card": _titled(matches[0], titles), "query": repr(query),
                  "others": _listing([_titled(c, titles) for c in others])})
    elif titles and all(card in titles for card in offered):
        found = (FOUND_TITLED, {"count": count, "query": repr(query),
                                "cards": _listing([_titled(c, titles) for c in offered])})
    elif len(offered) == 2 and similar_ids(*offered):
        found = (FOUND_SIMILAR, {"first": offered[0], "second": offered[1]})
    else:
        found = (FOUND_MATCHING, {"count": count, "query": repr(query),
                                  "cards": _listing(offered)})
    return _question(CHOOSE, query, _say(found, (WHICH_ONE, {})), offered)


def _nothing_found(query: str, unread: list[str], scanned: int) -> Question:
    """No match: on a board read in full, a new query is needed; otherwise the files that
    could not be read are named, because one of them might be the card."""
    if not unread:
        return _question(REPHRASE, query, _say((SEARCHED_ALL, {"query": repr(query)}),
                                               (WHICH_TASK, {})))
    one = len(unread) == 1
    if len(unread) >= scanned:
        return _question(FIX, query, _say(
            (NONE_READ[one], {"count": len(unread), "files": _listing(unread),
                              "query": repr(query)}),
            (FIX_FILES[one], {"files": _listing(unread)})))
    return _question(REPHRASE, query, _say(
        (NONE_OF_READ, {"query": repr(query), "files": _files(unread)}),
        (FIX_OR_TELL[one], {"files": _listing(unread)})))


def _titled(card: str, titles: Mapping[str, str]) -> str:
    return f'{card} "{titles[card]}"' if card in titles else card


def _files(names: list[str]) -> str:
    return MANY_FILES.format(count=len(names), files=_listing(names)) if len(names) > 3 \
        else _listing(names)


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
        return NOTHING_READ
    read = len([p for p in state["pages"] if p <= state["page_count"]])
    template = PROGRESS[read == 1, state["page_count"] == 1, state["total"] == 1]
    return template.format(read=read, pages=state["page_count"], scanned=state["scanned"],
                           total=state["total"])


def _failed(failure: str) -> tuple[str, dict[str, object]]:
    """A run's failure as a sentence of its own (one of FAILURES when it is the officer's)."""
    return "{failure}.", {"failure": f"{failure[0].upper()}{failure[1:]}"}


def _error_text(run: Run) -> str:
    state = run.state
    if run.failure is not None:
        return _say(_failed(run.failure), (NO_ANSWER, {}))
    observation = state["observation"]
    # only say "after a retry" when the policy allowed one
    retried = state.get("max_retries", 0) > 0
    error = {"error": observation["error"]}
    progress = (NO_ANSWER_YET, {"progress": _progress(state)})
    if "refused" in observation:
        return _say((REFUSED[retried], error), progress)
    if state["action"] == READ_TASK_CARDS and not state["pages"]:
        return _say((CARDS_UNREAD[retried], error), (NOTHING_CHECKED, {}))
    return _say((NOT_CARRIED_OUT[retried], {"action": state["action"], **error}), progress)


def _limit_text(run: Run) -> str:
    state = run.state
    if state["objection"] is not None:
        return _say((GUARD_STOPPED, {"step": state["steps"],
                                     "reason": guard_reason(state["objection"])}),
                    _unfinished(state))
    if run.failure is not None:
        return _say(_failed(run.failure), _unfinished(state))
    observation = state.get("observation") or {}
    if observation.get("over_limit"):
        return _say((BOARD_TOO_LONG, {"error": observation["error"].removeprefix("Error: ")}),
                    (NOTHING_CHECKED, {}))
    if observation.get("ok") is False:   # a first failure on the last allowed step
        return _say((STEP_FAILED, {"step": state["steps"],
                                   "action": state["action"] or "action",
                                   "error": observation["error"]}),
                    (RETRY_TOO_LATE, {"next": state["steps"] + 1,
                                      "max_steps": state["max_steps"]}),
                    _unfinished(state))
    if not state["search_complete"]:
        return _say((OUT_OF_STEPS_SEARCH, {"progress": _progress(state)}))
    return OUT_OF_STEPS_SUMMARY


def guard_reason(objection: str) -> str:
    """A guard's objection without chapter 3's hand-over to an employee ("→ to an employee"):
    here the run stops, and the banner says what the person is told."""
    return objection.split(" → ")[0]


def _unfinished(state: OfficerState) -> tuple[str, dict[str, object]]:
    """What a run that stopped early did and did not check: a sentence's template and values."""
    if not state["pages"]:
        return NOTHING_CHECKED, {}
    if not state["search_complete"]:
        return NOT_ALL_CHECKED, {"progress": _progress(state)}
    return SEARCH_COMPLETE, {}
