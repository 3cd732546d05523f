"""agentloop: a small, offline, deterministic library for learning how an agent loop works.

Where each chapter lives:

- chapter 1, the loop:            `agentloop.loop`, `agentloop.terminals` (its decisions),
                                  `agentloop.environment`, `agentloop.stop_policy`
- chapter 2, tools and control:   `agentloop.tools`, `agentloop.proposals` (its vocabulary),
                                  `agentloop.controller`, `agentloop.planners`
- chapter 3, a model in the loop: `agentloop.messages`, `agentloop.model_contract` (the `Model`
                                  every model implements), `agentloop.shop`, `agentloop.models`,
                                  `agentloop.agent`, `agentloop.guards`, `agentloop.token_estimate`,
                                  `agentloop.live` (an optional real model, same contract),
                                  `agentloop.openai_compatible` (any OpenAI-compatible
                                  endpoint, a local model too: the same contract again)
- chapter 4, the harness:         `agentloop.harness`
- chapter 5, the capstone:        `agentloop.duty` (the duty officer on a task board: `board`,
                                  `board_tools`, `workspace`, `planner`, `officer`, `handover`,
                                  `banner`, `trace`, `shift`; `state`, what the officer knows;
                                  `example`, the example office)
- widgets for the notebooks:      `agentloop.widgets` (imports ipywidgets only when used)
- shared by the chapters:         `agentloop.vocabulary` (`Word`, the base of every closed set:
                                  decisions, statuses, exits, outcomes, stop kinds),
                                  `agentloop.validation` (the rules for limits and other
                                  inputs), `agentloop.errors` (an exception as text),
                                  `agentloop.text` (a value cut to a width for a message)
- exercise checks:                `agentloop.checks`
- the teacher's grader:            a separate package, `agentloop_grader` (in grader/)

Importing `agentloop` loads nothing heavy: submodules are imported when you use them.
"""

from __future__ import annotations

import sys as _sys

__version__ = "0.1.0"

if _sys.platform == "emscripten":  # the zero-install site: Run All goes on past a blank
    from agentloop.practice import browser as _browser  # exercise (agentloop.practice.browser)

    _browser.install()
