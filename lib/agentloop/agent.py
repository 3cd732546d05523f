"""Chapter 3: the agent loop — plan, action, observation — and its ways out.

Each step the model is sent the whole history and replies with a plan (text) and one
action (a tool_use block). The program, not the model, decides what happens next. A run
ends in exactly one of five exits, a closed set (`EXITS`), like chapter 1's terminals:

- `end_turn`       the model answered                    → the run ends with the answer;
- `max_steps`      `max_steps` steps without an answer   → the program's limit: to an employee;
- `hand_to_human`  the model asked for a person          → not run: a person takes over;
- `guard`          a guard objected to the action        → not run: its text is the reason;
- `model_stopped`  a reply with neither an answer nor an action (a live model cut off by
                   `max_tokens`, say)                    → not an answer: to an employee.

Otherwise the program runs the tool and puts the observation in the history. Read
`run_agent` first; the rest of the module is the record it returns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypedDict

from agentloop.i18n import t, translate
from agentloop.loop import STEP_RANGE
from agentloop.messages import (
    ASSISTANT,
    END_TURN,
    TOOL_USE,
    USER,
    Message,
    Reply,
    ToolResultBlock,
    ToolUseBlock,
    describe_action,
    input_tokens_of,
    message,
    output_tokens_of,
    text_of,
    tool_use_of,
    validate_reply,
)
from agentloop.model_contract import Model
from agentloop.plain import copy_plain
from agentloop.shop import HAND_TO_HUMAN, TOOLS, Shop
from agentloop.validation import validate_whole_number
from agentloop.vocabulary import Word

MAX_STEPS = 5


class Exit(Word):
    """How a run can end, and nothing else."""

    END_TURN = END_TURN              # the model answered (the reply's stop reason)
    MAX_STEPS = "max_steps"          # the program's step limit
    HAND_TO_HUMAN = HAND_TO_HUMAN    # the model asked for a person (the tool it called)
    GUARD = "guard"                  # a guard stopped the action before it ran
    MODEL_STOPPED = "model_stopped"  # neither an answer nor an action: a cut-off reply


ANSWERED, STEP_LIMIT, HANDED_OVER, GUARDED, MODEL_STOPPED = Exit
EXITS = tuple(Exit)

# The log's last line for each exit but an answer (the reason fills the gap). The log is
# printed for a reader, in the course's language; the reason itself stays the run's data.
STOP_LINES = {
    STEP_LIMIT: "{reason} → to an employee",
    HANDED_OVER: "needs a human — {reason}",
    GUARDED: "{reason}",
    MODEL_STOPPED: "the model stopped ({reason})",
}

STEP_LIMIT_REASON = "{max_steps} steps without an answer"   # run_agent's, as a template

SYSTEM = ("You are the support agent of an online shop. Use the tools; "
          "anything about money is decided by an employee.")



class GuardStep(TypedDict):
    """One step as a guard sees it (`Step.as_guard_input`); the last one's action is about to
    run, so its observation is still None."""

    step: int
    plan: str
    tool: str | None
    input: dict[str, object]
    tokens: int
    reply_tokens: int
    observation: str | None
    is_error: bool | None


Guard = Callable[[list[GuardStep]], "str | None"]   # None: let it run; a reason: stop
Say = Callable[..., str]   # a log line's template and values -> the line (english, or t)


def english(template: str, /, **values: object) -> str:
    """A log line in English, the run's record (what `t` gives when no language is set)."""
    return template.format(**values)


def run_agent(model: Model, task: str, max_steps: int = MAX_STEPS,
              guards: Sequence[Guard] = (), shop: Shop | None = None) -> Transcript:
    """Run the support agent on `task` and return the transcript of the run."""
    validate_run(task, max_steps, guards)
    shop = Shop() if shop is None else shop
    history: list[Message] = [message(USER, task)]
    steps: list[Step] = []
    replies: list[Reply] = []

    def finish(exit_: str, reason: str) -> Transcript:
        return Transcript(task, steps, exit_, reason, shop.requests, history, max_steps,
                          replies)

    for number in range(1, max_steps + 1):
        reply = validate_reply(model.create(SYSTEM, history, TOOLS))
        replies.append(copy_plain(reply))   # the record: a live run replays from it
        step = Step(number, text_of(reply), tokens=input_tokens_of(reply),
                    reply_tokens=output_tokens_of(reply))
        steps.append(step)
        if reply["stop_reason"] == END_TURN:
            return finish(ANSWERED, step.plan)  # the plan text is the answer
        if reply["stop_reason"] != TOOL_USE:
            return finish(MODEL_STOPPED, reply["stop_reason"])  # cut off: not an answer
        step.action = tool_use_of(reply)
        if step.action["name"] == HAND_TO_HUMAN:
            return finish(HANDED_OVER, str(step.action["input"].get("reason", "no reason")))
        objection = first_objection(guards, steps)
        if objection is not None:
            return finish(GUARDED, objection)
        history.append(message(ASSISTANT, reply["content"]))
        step.observation = shop.run_tool(step.action)
        history.append(message(USER, [step.observation]))
    return finish(STEP_LIMIT, f"{max_steps} steps without an answer")


def first_objection(guards: Sequence[Guard], steps: list[Step]) -> str | None:
    """Ask each guard in turn about the last step's action; the first reason it gives wins."""
    seen = [s.as_guard_input() for s in steps]
    for guard in guards:
        reason = guard(copy_plain(seen))  # a copy: a guard looks, it cannot edit the run
        if reason is None:
            continue
        if type(reason) is not str or not reason.strip():
            raise ValueError(f"a guard returns None or a reason (a non-empty str); "
                             f"{getattr(guard, '__name__', guard)!r} returned {reason!r}")
        return reason
    return None


def validate_run(task: object, max_steps: object, guards: object) -> None:
    """Raise ValueError unless the task is text, max_steps is an int 1–5 and guards callables."""
    if not isinstance(task, str) or not task.strip():
        raise ValueError(f"task must be a non-empty str, got {task!r}")
    validate_whole_number("max_steps", max_steps, *STEP_RANGE)
    if not isinstance(guards, list | tuple) or not all(callable(g) for g in guards):
        raise ValueError(f"guards must be a list or tuple of callables, got {guards!r}")


@dataclass
class Step:
    """One request to the model: its plan, the action it asked for and what that returned.

    `action` is None when the model answered instead; `observation` is None when the action
    was not run (hand_to_human, or a guard stopped it). `tokens` is the request's size (what
    was sent), `reply_tokens` the reply's (what the model wrote back).
    """

    number: int
    plan: str
    action: ToolUseBlock | None = None
    observation: ToolResultBlock | None = None
    tokens: int = 0
    reply_tokens: int = 0

    def lines(self, say: Say | None = None) -> list[str]:
        """This step in the log: plan, action, observation (or the answer); in English, or
        in the reader's language when `say` is `agentloop.i18n.t`."""
        say = say or english
        if self.action is None:
            return [say("  step {step}. end: {answer}", step=self.number, answer=self.plan)]
        out = [say("  step {step}. plan: {plan}", step=self.number, plan=self.plan),
               say("    action: {action}", action=describe_action(self.action))]
        if self.observation is not None:
            content = self.observation["content"]
            out.append(say("    observation (error): {content}", content=content)
                       if self.observation["is_error"] else
                       say("    observation: {content}", content=content))
        return out

    def as_guard_input(self) -> GuardStep:
        """The step as plain data, the way a guard sees it."""
        action = self.action or {}
        return {
            "step": self.number,
            "plan": self.plan,
            "tool": action.get("name"),
            "input": dict(action.get("input") or {}),
            "tokens": self.tokens,
            "reply_tokens": self.reply_tokens,
            "observation": None if self.observation is None else self.observation["content"],
            "is_error": None if self.observation is None else self.observation["is_error"],
        }


@dataclass
class Transcript:
    """What a run did, step by step, and how it ended.

    `exit` is one of `EXITS`, kept as its plain word: a transcript is a record, plain data
    like an event log, and a teacher's facts read it as it is. `reason` says why in words:
    the answer (`end_turn`), the limit, the model's reason for a person, the guard's
    reason, or the stop reason.
    `replies` are the model's replies as it gave them, one a step, with their token
    usage: `run_agent(ScriptedModel(replies), task)` runs a live run again, offline.
    """

    task: str
    steps: list[Step]
    exit: str
    reason: str
    pending: list[dict[str, str]] = field(default_factory=list)
    messages: list[Message] = field(default_factory=list)
    max_steps: int = MAX_STEPS
    replies: list[Reply] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.exit not in EXITS:
            raise ValueError(f"exit must be one of {', '.join(EXITS)}, got {self.exit!r}")
        self.exit = Exit(self.exit).value

    @property
    def ended_on(self) -> int:
        """The step the run ended on."""
        return self.steps[-1].number if self.steps else 0

    @property
    def answer(self) -> str | None:
        """The model's answer, if the run ended with one."""
        return self.reason if self.exit == ANSWERED else None

    @property
    def tokens(self) -> list[int]:
        """The input tokens of each request, step by step."""
        return [step.tokens for step in self.steps]

    @property
    def reply_tokens(self) -> list[int]:
        """The output tokens of each reply, step by step."""
        return [step.reply_tokens for step in self.steps]

    def lines(self) -> list[str]:
        """The log: the task, per step plan / action / observation, then the stop line.

        In English, always: it is the run's record, and chapter 3's exercise 3 asks for
        exactly these lines. `log()` is the same log in the reader's language."""
        out = [english("task: {task}", task=self.task)]
        for step in self.steps:
            out += step.lines()
        if self.exit != ANSWERED:
            out.append("  stopping: " + STOP_LINES[self.exit].format(reason=self.reason))
        return out

    def log(self) -> list[str]:
        """`lines()` for a reader, in the course's language (the run's words stay as they
        are: the task, plans, observations; the reason where a catalog has its template)."""
        out = [t("task: {task}", task=self.task)]
        for step in self.steps:
            out += step.lines(t)
        if self.exit != ANSWERED:
            out.append(t("  stopping: {why}", why=t(STOP_LINES[self.exit],
                                                   reason=self.shown_reason())))
        return out

    def shown_reason(self) -> str:
        """The reason in the reader's language where it is the library's own words (the
        step limit, chapter 3's guards); a model's or another guard's reason as written."""
        from agentloop.guards import REASONS  # guards names this module's types

        if self.exit == STEP_LIMIT and \
                self.reason == STEP_LIMIT_REASON.format(max_steps=self.max_steps):
            return t(STEP_LIMIT_REASON, max_steps=self.max_steps)
        if self.exit == GUARDED:
            return translate(self.reason, among=REASONS)
        return self.reason

    def pending_line(self) -> str | None:
        """`pending approval: R-1 for 1187`, or None when no request was opened."""
        if not self.pending:
            return None
        return t("pending approval: {requests}", requests=", ".join(
            t("{request} for {order}", request=r["id"], order=r["order_id"])
            for r in self.pending))

    def __str__(self) -> str:
        return "\n".join(self.log())
