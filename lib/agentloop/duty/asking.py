"""Chapter 5: when the duty officer asks instead of answering — the rules a workspace may
add (`ask_when` in agent.json), named in a module of their own so that the workspace's
checks, the banner and a learner's code can name them without loading the officer's loop.

    similar_ids   a card whose id is similar to the one match (task-003 and task-003-copy:
                  one id is the other followed by '-' and more) makes the search ambiguous,
                  so the officer asks which card is meant
"""

from __future__ import annotations

SIMILAR_IDS = "similar_ids"
ASK_RULES = (SIMILAR_IDS,)
