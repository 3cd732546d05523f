"""Showing the library's text in a notebook in the reader's direction.

In a left-to-right language a text is printed, as it always was. In a right-to-left one
(Persian) a notebook gets it as HTML inside `dir="rtl"`, with code left to right
(`<code dir="ltr">`), and plain text beside it for places that show no HTML (nbval, a
terminal, a notebook viewer). Widgets wrap their HTML the same way (`rtl_block`).
"""

from __future__ import annotations

import html
import re
import sys

from agentloop.i18n.languages import is_rtl

RTL_CLASS = "agentloop-rtl"
TEXT_CLASS = "agentloop-text"  # a check's report, shown right to left
RTL_STYLE = (f"<style>.{RTL_CLASS}{{direction:rtl;text-align:right}}"
             f".{RTL_CLASS} code{{direction:ltr;unicode-bidi:isolate}}</style>")


def rtl_block(inner_html: str, tag: str = "div", css: str = "") -> str:
    """`inner_html` in a right-to-left block (the caller has escaped it)."""
    classes = f"{RTL_CLASS} {css}".strip()
    return f'<{tag} dir="rtl" class="{classes}">{inner_html}</{tag}>'


def lines_html(inner_html: str) -> str:
    """Escaped lines as one block a line, in the reader's own font (a monospaced font
    breaks up Persian script); a line's leading spaces become its indent."""
    out = []
    for line in inner_html.split("\n"):
        text = line.lstrip(" ")
        indent = (len(line) - len(text)) // 2
        out.append(f"<div>{'&emsp;' * indent}{text}</div>")
    return "".join(out)


def show(plain: str, inner_html: str | None = None) -> None:
    """Print `plain`; in a right-to-left language inside a notebook, display `inner_html`
    (already escaped, one line a line) as a right-to-left block with `plain` beside it."""
    ipython = _ipython()
    if inner_html is None or ipython is None or not is_rtl():
        print(plain)
        return
    from IPython.display import display

    display({"text/plain": plain,
             "text/html": rtl_block(lines_html(inner_html), css=TEXT_CLASS)}, raw=True)


def _ipython() -> object | None:
    """The running IPython kernel's shell, or None (a script, the CLI)."""
    module = sys.modules.get("IPython")
    if module is None:
        return None
    try:
        shell = module.get_ipython()
    except Exception:  # an IPython too old or half-imported: print instead
        return None
    # a kernel's shell (a notebook shows HTML); a terminal's IPython, or one a program made
    # for itself (the grader's cell runner), prints
    return shell if getattr(shell, "kernel", None) is not None else None


def markdown_in_direction(text: str, language: str | None = None) -> str:
    """Markdown as `language` (default: the current one) reads it: in a right-to-left one,
    inside a right-to-left block (rtl_markdown); ending as `text` ends (a file's last
    newline stays the file's last)."""
    if not is_rtl(language):
        return text
    return rtl_markdown(text) + ("\n" if text.endswith("\n") else "")


def rtl_markdown(text: str) -> str:
    """Markdown in a right-to-left block: code blocks and code spans left to right."""
    out, code, prose = ['<div dir="rtl">', ""], False, []
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            if not code:
                out += [*_ltr_code_spans(prose), '<div dir="ltr">', "", line]
                prose = []
            else:
                out += [line, "", "</div>", ""]
            code = not code
        elif code:
            out.append(line)
        else:
            prose.append(line)
    if code:  # an unclosed fence: close the block anyway
        out += ["```", "", "</div>"]
    out += [*_ltr_code_spans(prose), "", "</div>"]
    return "\n".join(out)


# A code span may go on over a line break (inside a quote, the next line starts with ">").
CODE_SPAN = re.compile(r"(?<!`)`((?:[^`\n]|\n(?:> ?)?(?=[^\n]))+)`(?!`)")


def _ltr_code_spans(lines: list[str]) -> list[str]:
    """Code spans as `<code dir="ltr">`; one that crossed a line break is joined onto one
    line (markdown shows that break as a space anyway)."""
    def span(found: re.Match[str]) -> str:
        code = re.sub(r"\n(?:> ?)?", " ", found[1])
        return f'<code dir="ltr">{html.escape(code, quote=False)}</code>'

    return CODE_SPAN.sub(span, "\n".join(lines)).split("\n") if lines else []
