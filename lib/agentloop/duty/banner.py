"""Chapter 5: the run banner — every line names something the workspace configures.

    agentloop: run
    goal:         what the person asked
    config:       the workspace folder
    board:        the board folder, the query searched for, the page size
    model:        the authors' scripted scenario, or the live model
    scenario:     the route the scripted scenario follows
    stop_policy:  chapter 1's limits, chapter 3's guards (and the workspace's ask_when)
    faults:       the injected faults, if agent.json names any
    tools:        the dispatcher's allowlist
    Step N | action | decision          one line a step
    Stop: terminal
    answer: / question: / reason:       what the person is told
    not searched:  card files that could not be read, and why (only when there are some)
    contract:     whether the answer met the output contract
    save:         where the answer was written (this run's folder, out/runs/NNNN/)
    state:        what the state file carries into the next run
    trace:        where the trace went, and how to replay it
    (closing)     a technical run does not confirm the model's quality

A line the workspace leaves out says "not configured" and why. Nothing here reads a clock:
the same workspace, board and state print the same bytes.

The banner is made from `facts` — plain data fixed before the run (`facts_for`), which the
trace stores — and the run itself, so a replay prints it again from the trace alone.

It is printed for a reader, in the course's language (agentloop.i18n), all but each line's
key (`board:`, `Stop:`, `reason:` …: they name what the workspace configures, and a
program picks lines by them); paths, queries, tools, terminals and decisions are the run's
data and stay as they are. What the person is
told (the answer, the question, the reason) is the run's own message, saved in English in
answer.md and state.json; the banner says it sentence by sentence in the reader's language
(`handover_words`).
"""

from __future__ import annotations

import functools
import re
from typing import Any

from agentloop.duty.board_tools import HEADLINES
from agentloop.duty.faults import FAULT_ERROR
from agentloop.duty.handover import (
    GUARD_REASONS,
    MANY_FILES,
    NOTHING_READ,
    NUMBERS,
    PROGRESS,
    SENTENCES,
    message_for,
)
from agentloop.duty.officer import NEEDS_INPUT, NOTES, SIMILAR_IDS, SUCCESS, Run, RunInput
from agentloop.duty.planner import SCENARIO, SCENARIO_ROUTE
from agentloop.duty.state import DutyStep
from agentloop.duty.workspace import LIVE_PREFIX, Workspace
from agentloop.guards import LABELS, guard_label
from agentloop.i18n import Catalog, catalog, current, t, translate
from agentloop.openai_compatible import NAME as OPENAI_COMPATIBLE
from agentloop.openai_compatible import SETTING_PREFIX
from agentloop.proposals import REASONS as CONTROLLER_REASONS

CLOSING = "This technical run does not confirm the model's quality."
ASK_NAMES = {SIMILAR_IDS: "a card has a similar id"}
# What the answer file holds, by how the run ended (else: why no answer was confirmed).
SAVE_LINES = {SUCCESS: "{path} — the summary", NEEDS_INPUT: "{path} — the question"}


def facts_for(workspace: Workspace, run_input: RunInput,
              outputs: dict[str, str | None] | None = None) -> dict[str, Any]:
    """Everything the banner prints that is fixed before the run starts, as plain data.
    `outputs`: where this run writes save, state and trace (default: agent.json's paths)."""
    shown = outputs if outputs is not None else {
        name: workspace.shown_path(name) for name in ("save", "state", "trace")}
    return {
        "goal": workspace.goal, "query": run_input.query, "answer": run_input.answer,
        "question": run_input.question, "config": workspace.shown,
        "board": workspace.board_shown, "page_size": workspace.page_size,
        "model": workspace.model, "max_steps": run_input.max_steps,
        "max_retries": run_input.max_retries, "guards": list(run_input.guards),
        "tools": list(workspace.tools), "tools_default": workspace.tools_default,
        "contract": None if workspace.contract is None else list(workspace.contract),
        "save": shown["save"], "state": shown["state"], "trace": shown["trace"],
        "chosen": run_input.chosen, "ask_when": list(run_input.ask_when),
        "faults": list(workspace.faults),
    }


def format_banner(facts: dict[str, Any], run: Run) -> str:
    """The text `agentloop run --dir WORKSPACE` prints."""
    lines = [
        "agentloop: run",
        f"goal: {facts['goal']}",
        _line("config", "{config}", config=facts["config"]),
        _board_line(facts),
        *_model_lines(facts),
        _policy_line(facts),
        *_faults_lines(facts),
        _tools_line(facts),
    ]
    lines += [step_line(r) for r in run.records]
    lines += outcome_lines(run)
    lines += [
        _contract_line(facts, run),
        _save_line(facts, run),
        _state_line(facts, run),
        _trace_line(facts),
        t(CLOSING),
    ]
    return "\n".join(lines)


# Why the board as a whole cannot be read (board.BoardError, BoardTooLong): raised as it is,
# and a board tool's observation says it after "Error: ".
BOARD_ERRORS = ("the board folder {board} was not found",
                "the board folder {board} cannot be opened ({why})",
                "{board} is not a folder; the board is a folder of card files",
                "the board {board} has more than {limit} card files; split it into smaller "
                "boards",
                "the board folder {board} cannot be read ({why})")
# Why one card file cannot be searched (board.UnreadableCard), as a run records it.
UNREADABLE_WORDS = ("{name} is not a file name",
                    "{name} is a path, not a file name inside the board",
                    "its file name is not UTF-8 text", "cannot be opened ({why})",
                    "a symbolic link that points outside the board",
                    "a symbolic link into a subfolder; cards live directly in the board folder",
                    "not a regular file", "{size} bytes; a card may have at most {limit}",
                    "more than {limit} bytes; a card may have at most {limit}",
                    "not UTF-8 text (byte 0x{byte} at position {position})",
                    "contains a NUL byte: binary data, not a card",
                    "no header block: a card starts with a line {fence}",
                    "the header block is not closed by a second {fence} line",
                    "header line {line} is not 'field: value': {text}",
                    "no id in the header: every card names its id")
# What board.check_card finds wrong with a card.
PROBLEM_WORDS = ("unknown field {key}; a card has {fields} and notes",
                 "field {key} is written twice", "no {field} in the header",
                 "id {id} is not an id: lowercase letters and digits in parts joined by '-', at "
                 "most {length} characters",
                 "the title is empty", "the title has {count} characters; at most {limit}",
                 "the group is empty", "status {status} is not one of {statuses}",
                 "blocked_by names {card}, which is not an id",
                 "the id {id} does not match the file name {file} (expected {expected})",
                 "{count} files claim the id {id}: {files}", "the card is blocked by itself",
                 "blocked_by names {card}, which is not on the board",
                 "status is blocked but blocked_by names no card",
                 "status is done but it is blocked by {cards}, which is not done")
# The board's own words a reader is shown translated (a card's problems, why a card file or
# the board could not be read); the trace and the observations keep them English.
BOARD_WORDS = (*PROBLEM_WORDS, *UNREADABLE_WORDS, *BOARD_ERRORS,
               *(f"Error: {text}" for text in BOARD_ERRORS), FAULT_ERROR)


def board_words(text: str) -> str:
    """One of the board's texts (a problem, a reason, an error) in the reader's language;
    any other as it is."""
    return translate(text, among=BOARD_WORDS)


# The person's message (handover's sentences, a card's headline) and the phrases inside it.
LISTED = "{items} and {last}"
REFUSAL = "proposal rejected ({code}): {reason}"   # proposals.ProposalRejected.record()
HANDOVER_WORDS = (*SENTENCES, *HEADLINES, NOTHING_READ, *PROGRESS.values(), *GUARD_REASONS,
                  MANY_FILES, LISTED)
# one card id, file name or id with its title: a list of them is "a, b and c"
_ITEM = r'[^\s",;()]+(?: "[^"]*")?'
_ITEMS = rf"{_ITEM}(?:(?:, | and ){_ITEM})*"
_LISTING = re.compile(rf"(?P<items>{_ITEM}(?:, {_ITEM})*) and (?P<last>{_ITEM})")
# What a field of the message may hold, so that a card's title holding " for " or a query
# holding ". " is not taken for the sentence's own words (any other field: any text).
_FIELDS = {"query": r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"",
           "card": _ITEM, "first": _ITEM, "second": _ITEM,
           "cards": _ITEMS, "others": _ITEMS,
           "count": r"\S+", "step": r"\d+", "next": r"\d+", "max_steps": r"\d+",
           "action": r"\w+"}
_COUNTS = {word: str(number) for number, word in NUMBERS.items()}
_HEADLINE_JOIN = re.compile(r'; (?=[a-z0-9-]+ ")')


def handover_words(text: str) -> str:
    """What the person is told (handover.message_for: the answer, the question, the
    reason) in the reader's language, sentence by sentence; the run keeps it English."""
    words = catalog(current())
    if not words.messages:
        return text
    said = _sentences(text, words)
    if said is not None:
        return said
    heads = [_phrase(item, HEADLINES, words) for item in _HEADLINE_JOIN.split(text)]
    return text if None in heads else "; ".join(heads)


def _sentences(text: str, words: Catalog) -> str | None:
    """`text` said sentence by sentence, each one of SENTENCES; None if one is not."""
    for end in (m.end() for m in re.finditer(r"[.?](?= )", text)):
        head = _phrase(text[:end], SENTENCES, words)
        if head is not None:
            rest = _sentences(text[end + 1:], words)
            if rest is not None:
                return f"{head} {rest}"
    return _phrase(text, SENTENCES, words)


def _phrase(text: str, among: tuple[str, ...], words: Catalog) -> str | None:
    """`text` said in the reader's language if it is one of the templates `among`."""
    found = next(((template, match.groupdict()) for template in _specific_first(among)
                  if (match := _pattern(template).fullmatch(text))), None) \
        or words.match(text, among)
    if found is None:
        return None
    template, values = found
    return words.render(template, {name: _value(name, value, words)
                                   for name, value in values.items()})


@functools.cache
def _specific_first(among: tuple[str, ...]) -> list[str]:
    """The templates, the one with the most fixed text first (as the catalog tries them)."""
    return sorted(among, key=lambda template: -len(re.sub(r"\{\w+\}", "", template)))


@functools.cache
def _pattern(template: str) -> re.Pattern[str]:
    """A template's regular expression, each field as _FIELDS says it may be."""
    parts, last, seen = [], 0, set()
    for found in re.finditer(r"\{(\w+)\}", template):
        name = found[1]
        parts += [re.escape(template[last:found.start()]),
                  f"(?P={name})" if name in seen else f"(?P<{name}>{_FIELDS.get(name, '.*?')})"]
        seen.add(name)
        last = found.end()
    return re.compile("".join([*parts, re.escape(template[last:])]), re.S)


def _value(name: str, value: str, words: Catalog) -> str:
    """A value inside the message: the phrases the handover makes said too; the run's data
    (ids, titles, queries, statuses) as it is."""
    if name == "count":
        return _COUNTS.get(value, value)
    if name in ("cards", "others", "files"):
        many = _phrase(value, (MANY_FILES,), words) if name == "files" else None
        return many or _listed(value, words)
    if name == "progress":
        return _phrase(value, (NOTHING_READ, *PROGRESS.values()), words) or value
    if name == "reason":
        return _phrase(value, GUARD_REASONS, words) or value
    if name == "problems":
        return _joined(value, words) or value
    if name == "error":
        said = board_words(value)
        if said == value and (refusal := words.match(value, (REFUSAL,))) is not None:
            return words.render(REFUSAL, {
                "code": refusal[1]["code"],
                "reason": translate(refusal[1]["reason"], among=CONTROLLER_REASONS)})
        return said
    return value


def _listed(value: str, words: Catalog) -> str:
    """`a, b and c` with the reader's "and"; one item as it is."""
    found = _LISTING.fullmatch(value)
    return value if found is None else words.render(LISTED, found.groupdict())


def _joined(text: str, words: Catalog) -> str | None:
    """A card's problems, `; `-joined (a problem may hold `; ` itself), each translated."""
    for found in re.finditer("; ", text):
        head = _phrase(text[:found.start()], BOARD_WORDS, words)
        if head is not None:
            rest = _joined(text[found.end():], words)
            if rest is not None:
                return f"{head}; {rest}"
    return _phrase(text, BOARD_WORDS, words)


def _line(key: str, template: str, **values: object) -> str:
    """`key: text`: the line's key stays English (it names what the workspace configures,
    and a program may pick lines by it, as chapter 5 does); its text is translated."""
    return f"{key}: {t(template, **values)}"


def step_line(record: DutyStep) -> str:
    """`Step 2 | read_task_cards | continue`, with the step's note if it has one."""
    note = f" ({translate(record['note'], among=NOTES)})" if record["note"] else ""
    return f"Step {record['step']} | {record['action']}{note} | {record['decision']}"


def outcome_lines(run: Run) -> list[str]:
    """The stop line, what the person is told, and the card files not searched (if any)."""
    label, text = message_for(run)
    # the key stays English; the run's message (saved in English) in the reader's language
    lines = [f"Stop: {run.terminal}", f"{label}: {handover_words(text)}"]
    unreadable = unreadable_line(run)
    return lines if unreadable is None else [*lines, unreadable]


def unreadable_line(run: Run) -> str | None:
    """`not searched: FILE (reason); …` for a reader (handover's is the answer file's)."""
    items = run.state["unreadable"]
    if not items:
        return None
    return _line("not searched", "{files}", files="; ".join(
        t("{file} ({reason})", file=i["file"], reason=board_words(i["reason"]))
        for i in items))


def _board_line(facts: dict[str, Any]) -> str:
    answer, chosen = facts["answer"], facts.get("chosen")
    values = {"board": facts["board"], "query": repr(facts["query"]),
              "page_size": facts["page_size"]}
    if answer is None:
        return _line("board", "{board} — searched for {query}, {page_size} card files a "
                     "page", **values)
    if chosen in (None, answer):
        return _line("board", "{board} — searched for {query} (the person's answer), "
                     "{page_size} card files a page", **values)
    return _line("board", "{board} — searched for {query} (the card the person's answer "
                 "{answer} names), {page_size} card files a page", answer=repr(answer),
                 **values)


def _model_lines(facts: dict[str, Any]) -> list[str]:
    live = _line("scenario", "none — the live model chooses every step")
    if facts["model"].startswith(SETTING_PREFIX):   # `agentloop run --model openai-compatible`
        return [_line("model", "{adapter} — {model}; every proposal is still checked",
                      adapter=OPENAI_COMPATIBLE, model=facts["model"][len(SETTING_PREFIX):]),
                live]
    if facts["model"].startswith(LIVE_PREFIX):
        name = facts["model"][len(LIVE_PREFIX):]
        return [_line("model", "live — {name}, through chapter 3's adapter; every proposal "
                      "is still checked", name=name), live]
    return [_line("model", "scenario — the authors' scripted replies, not a live model and "
                  "not a recording of one"),
            _line("scenario", "{scenario} — {route}", scenario=SCENARIO,
                  route=t(SCENARIO_ROUTE))]


def _policy_line(facts: dict[str, Any]) -> str:
    guards = ", ".join(translate(guard_label(g), among=LABELS) for g in facts["guards"]) \
        or t("none")
    values = {"max_steps": facts["max_steps"], "max_retries": facts["max_retries"],
              "guards": guards}
    asks = [t(ASK_NAMES[rule]) for rule in facts.get("ask_when", [])]
    if asks:
        return _line("stop_policy", "max_steps {max_steps}, max_retries {max_retries}; "
                     "guards: {guards}; asks when {asks}", asks=t(" or ").join(asks), **values)
    return _line("stop_policy", "max_steps {max_steps}, max_retries {max_retries}; guards: "
                 "{guards}", **values)


def _faults_lines(facts: dict[str, Any]) -> list[str]:
    calls = facts.get("faults", [])
    if not calls:
        return []
    numbers = ", ".join(str(call) for call in calls)
    if len(calls) == 1:
        return [_line("faults", "tool call {numbers} fails once — injected by agent.json, as "
                      "a board that does not answer in time", numbers=numbers)]
    return [_line("faults", "tool calls {numbers} fail once — injected by agent.json, as a "
                  "board that does not answer in time", numbers=numbers)]


def _tools_line(facts: dict[str, Any]) -> str:
    if not facts["tools"]:
        return _line("tools", "none — the dispatcher's allowlist is empty, so nothing may run")
    tools = ", ".join(facts["tools"])
    if facts["tools_default"]:
        return _line("tools", "{tools} (the dispatcher's default allowlist: agent.json names "
                     "no tools)", tools=tools)
    return _line("tools", "{tools} (the dispatcher's allowlist)", tools=tools)


def _contract_line(facts: dict[str, Any], run: Run) -> str:
    if facts["contract"] is None:
        return _line("contract", "not configured — agent.json has no contract, so the summary "
                     "is not checked")
    fields = ", ".join(facts["contract"])
    draft = run.state["draft"]
    if draft is None:
        return _line("contract", "{fields} — not checked: the run stopped before a summary "
                     "was drafted", fields=fields)
    if draft["contract"]["ok"]:
        return _line("contract", "met — the summary states {fields}", fields=fields)
    return _line("contract", "not met — the summary lacks {missing}",
                 missing=", ".join(draft["contract"]["missing"]))


def _save_line(facts: dict[str, Any], run: Run) -> str:
    if facts["save"] is None:
        return _line("save", "not configured — agent.json has no save, so the answer is only "
                     "printed")
    template = SAVE_LINES.get(run.terminal, "{path} — why no answer was confirmed")
    draft = run.state["draft"]
    if run.terminal == NEEDS_INPUT and draft is not None and draft["contract"]["ok"]:
        template = "{path} — the question, and the summary drafted but not confirmed"
    return _line("save", template, path=facts["save"])


def _state_line(facts: dict[str, Any], run: Run) -> str:
    if facts["state"] is None:
        return _line("state", "not configured — agent.json has no state, so a question "
                     "cannot be answered in a later run")
    chosen, answer = facts.get("chosen"), facts["answer"]
    if answer is None:
        before = t("no earlier answer used")
    elif chosen not in (None, answer):
        before = t("this run answered the saved question with {answer} ({chosen})",
                   answer=repr(answer), chosen=chosen)
    else:
        before = t("this run answered the saved question with {answer}", answer=repr(answer))
    after = t("the question is saved: answer it with --answer" if run.terminal == NEEDS_INPUT
              else "no new question")
    return _line("state", "{path} — {before}; {after}", path=facts["state"], before=before,
                 after=after)


def _trace_line(facts: dict[str, Any]) -> str:
    if facts["trace"] is None:
        return _line("trace", "not configured — agent.json has no trace, so this run cannot "
                     "be replayed")
    return _line("trace", "{trace} — replay this run with: agentloop replay {trace}",
                 trace=facts["trace"])
