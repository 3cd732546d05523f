"""Chapter 5: the duty officer on a real task board — chapters 1 to 4 working together.

- `board`:       task cards (Markdown with a header block), parsing, safe paths, checks
- `board_tools`: read_task_cards, validate_task_card, draft_summary, as chapter 2 tools
- `workspace`:   agent.json and stop_policy.json, checked field by field
- `jsonfile`:    reading those small JSON files: one line for every way one can be bad
- `planner`:     the scripted scenario as a chapter 3 model (a live model fits the same slot)
- `faults`:      injected temporary faults (chapter 1's temporary_error on the real board)
- `asking`:      the workspace's extra reasons to ask (`ask_when`), named without the loop
- `officer`:     the loop: chapter 4's harness, chapter 2's controller, chapter 3's guards,
                 chapter 1's decide and terminals
- `handover`:    the answer, the question or the reason; the state that carries the
                 person's answer (an id or words) into the next run
- `banner`:      the printed run banner, every line configured
- `runs`:        one folder a run (out/runs/0001/ …), never overwritten, never outside
                 the workspace
- `trace`:       the JSON Lines trace, replaying a run from it, and checking it against
                 the board
- `shift`:       one `agentloop run --dir WORKSPACE`, start to end

Nothing here imports a provider's SDK unless a workspace asks for a live model.
"""

from __future__ import annotations
