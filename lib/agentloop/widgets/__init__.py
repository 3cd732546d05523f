"""Notebook widgets, one module a chapter (`chN_…`). ipywidgets is imported only when one is used.

Each widget also renders as plain text (its `text()`), so a run stays readable where
widgets do not render (nbval, a terminal, a notebook viewer).
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "loop_explorer": "agentloop.widgets.ch1_loop",
    "LoopExplorer": "agentloop.widgets.ch1_loop",
    "proposal_explorer": "agentloop.widgets.ch2_proposals",
    "ProposalExplorer": "agentloop.widgets.ch2_proposals",
    "transcript_viewer": "agentloop.widgets.ch3_transcripts",
    "TranscriptViewer": "agentloop.widgets.ch3_transcripts",
    "TokenPlot": "agentloop.widgets.ch3_transcripts",
    "token_plot": "agentloop.widgets.ch3_transcripts",
    "harness_view": "agentloop.widgets.ch4_harness",
    "duty_explorer": "agentloop.widgets.ch5_duty",
    "DutyExplorer": "agentloop.widgets.ch5_duty",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'agentloop.widgets' has no attribute {name!r}")
    return getattr(importlib.import_module(_WHERE[name]), name)
