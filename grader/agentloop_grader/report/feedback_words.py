"""Report: a feedback page in its student's language.

nbgrader's generate_feedback writes every page around the student's own notebook with its
template's English words ("Score", "Test cell", "Student's answer", "(Top)", …). A page
whose notebook is in another course language (judge/language.py: the notebook's
`metadata.agentloop.language`) gets those words from the library's catalogs and its
`<html lang>`; in a right-to-left language (Persian) its heading and list of scores read
right to left. Only the template's own markup is rewritten, each word where the template
puts it, never a student's cell; scores and grade ids are left as they are.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from agentloop.i18n import SOURCE, Language, Markup, is_rtl

from ..judge.language import student_language, words

NUMBER = r"-?[\d.]+"
# Where nbgrader's feedback template (formgrader/templates/feedback/index.html.j2) writes
# each English word: the markup around it is kept as it is (`pre`, `post`).
TEMPLATE_WORDS: list[tuple[re.Pattern[str], str]] = [(re.compile(pattern), english) for
                                                     pattern, english in [
    (rf"(?P<pre><h4>[^<]*?)\(Score: (?P<score>{NUMBER}) / (?P<points>{NUMBER})\)(?P<post></h4>)",
     "(Score: {score} / {points})"),
    (rf"(?P<pre></a> )\(Score: (?P<score>{NUMBER}) / (?P<points>{NUMBER})\)(?P<post></li>)",
     "(Score: {score} / {points})"),
    (rf'(?P<pre><li class="late-penalty">)Late submission penalty \(Score: -(?P<score>{NUMBER})'
     r"\)(?P<post></li>)", "Late submission penalty (Score: -{score})"),
    (r'(?P<pre><li><a href="#[^"<>]*">)Test cell(?P<post></a>)', "Test cell"),
    (r'(?P<pre><li><a href="#[^"<>]*">)Coding free-response(?P<post></a>)',
     "Coding free-response"),
    (r'(?P<pre><li><a href="#[^"<>]*">)Written response(?P<post></a>)', "Written response"),
    (r'(?P<pre><li><a href="#[^"<>]*">)Task(?P<post></a>)', "Task"),
    (r'(?P<pre><li><a href="#comment-[^"<>]*">)Comment(?P<post></a>)', "Comment"),
    (r'(?P<pre><span class="nbgrader-label">)Student\'s answer(?P<post></span>)',
     "Student's answer"),
    (r'(?P<pre><span class="nbgrader-label">)Student\'s task(?P<post></span>)', "Student's task"),
    (r'(?P<pre><span class="nbgrader-label">)Grade cell:(?P<post> <code>)', "Grade cell:"),
    (r'(?P<pre><span class="nbgrader-label">)Task:(?P<post> <code>)', "Task:"),
    (rf'(?P<pre><span class="pull-right">\s*)Score: (?P<score>{NUMBER}) / (?P<points>{NUMBER})'
     r'(?P<post> <a href="#top">)', "Score: {score} / {points}"),
    (r'(?P<pre><a href="#top">)\(Top\)(?P<post></a>)', "(Top)"),
    (r"(?P<pre><b>)Comments:(?P<post></b>)", "Comments:"),
]]
RTL_PARTS = [('<div id="toc">', '<div dir="rtl" id="toc">'),
             ('<div class="panel-heading">\n<h4>', '<div class="panel-heading">\n<h4 dir="rtl">')]


def notebook_language(autograded: Path) -> Language:
    """The language of an autograded notebook (English when it cannot be read)."""
    try:
        nb = json.loads(autograded.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return SOURCE
    return student_language(nb.get("metadata") if isinstance(nb, dict) else None)


def in_language(page: str, language: Language) -> str:
    """A feedback page's template words in `language`, with its `lang` (and direction)."""
    if language == SOURCE:
        return page
    said = words(language)

    def say(english: str) -> Callable[[re.Match[str]], str]:
        def one(found: re.Match[str]) -> str:
            values = {k: v for k, v in found.groupdict().items() if k not in ("pre", "post")}
            return found["pre"] + said.render(english, values, Markup.HTML) + found["post"]
        return one

    for pattern, english in TEMPLATE_WORDS:
        page = pattern.sub(say(english), page)
    page = page.replace("<html>", f'<html lang="{language.value}">', 1)
    if is_rtl(language):
        for before, after in RTL_PARTS:
            page = page.replace(before, after, 1)
    return page


def translate_page(page: Path, autograded: Path) -> Language:
    """Rewrite `page` in the language of the notebook it shows; that language."""
    language = notebook_language(autograded)
    if language != SOURCE:
        text = page.read_text(encoding="utf-8")
        page.write_text(in_language(text, language), encoding="utf-8")
    return language
