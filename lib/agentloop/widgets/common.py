"""Small pieces every chapter widget shares: HTML tables and the widget/text display."""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from typing import Any

TABLE_STYLE = (
    "<style>.agentloop-table{border-collapse:collapse;margin:4px 0}"
    ".agentloop-table th,.agentloop-table td{padding:2px 10px;text-align:left;"
    "border-bottom:1px solid #ddd;vertical-align:top}"
    ".agentloop-table code{font-size:90%;white-space:pre-wrap}</style>"
)


def cell(value: Any) -> str:
    """One table cell's HTML: dicts and lists as one-line JSON in <code>, the rest as text."""
    if isinstance(value, dict | list):
        return f"<code>{html.escape(json.dumps(value, ensure_ascii=False))}</code>"
    return html.escape(str(value))


def html_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], css: str = "") -> str:
    """A plain HTML table; values are escaped, dicts and lists shown as one-line JSON."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{cell(v)}</td>" for v in row) + "</tr>"
                   for row in rows)
    return f'{TABLE_STYLE}<table class="agentloop-table {css}"><thead><tr>{head}</tr></thead>' \
           f"<tbody>{body}</tbody></table>"


def text_table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """The same table as fixed-width text, for places where widgets do not render."""
    shown = [[str(h) for h in headers]] + [
        [json.dumps(v, ensure_ascii=False) if isinstance(v, dict | list) else str(v) for v in r]
        for r in rows
    ]
    widths = [max(len(row[i]) for row in shown) for i in range(len(headers))]
    lines = ["  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)).rstrip()
             for row in shown]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


class TextFallback:
    """Mixin: show the widget box where widgets render, and `text()` everywhere else."""

    box: Any

    def text(self) -> str:  # pragma: no cover - each widget defines it
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = self.box._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data["text/plain"] = self.text()
        return bundle
