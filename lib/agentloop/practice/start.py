"""The start page of a learner's course: `00_start_here.md`, one click from every chapter.

What it says: the chapters (from the course catalog), where the progress is, and how a
check, its hints and its solution work. A workspace gets it when it is made or updated
(agentloop.practice.update), the zero-install site when it is built (tools/build_site.py);
JupyterLab and the site open it as a rendered page (the course's Lab extension, and the
"Start here" button above every notebook). It is written in the course's current language.
"""

from __future__ import annotations

from typing import Any

from agentloop.practice.workspace import PROGRESS_PAGE

START_PAGE = "00_start_here.md"


def t(template: str, **values: object) -> str:
    """A message of the start page in the current language, as markdown: its `code` keeps
    its backticks (agentloop.i18n.t drops them from plain text)."""
    from agentloop.i18n import catalog, current
    from agentloop.i18n.catalog import FIELD

    text = catalog(current()).messages.get(template, template)
    return FIELD.sub(lambda m: str(values[m[1]]) if m[1] in values else m[0], text)


def start_page(catalog: dict[str, Any]) -> str:
    """The start page's markdown for a course catalog (course.json)."""
    chapters = [f"{number}. [{chapter['title']}]({chapter['file']})"
                for number, chapter in enumerate(catalog.get("chapters", []), 1)]
    return "\n".join([
        "# " + t("Start here"),
        "",
        t("This is your own copy of the course: five chapters on how an AI agent loop works, "
          "each with a few exercises. It runs on your computer, or in your browser, and sends "
          "nothing anywhere."),
        "",
        "## " + t("The chapters"),
        "",
        *chapters,
        "",
        "## " + t("Your progress"),
        "",
        t("[Your progress]({page}) lists every exercise of every chapter: passed, tried or not "
          "started, and ★ solved. It fills itself in when you open it. Under every check, a "
          "bar shows how far you are in that chapter.", page=PROGRESS_PAGE),
        "",
        "## " + t("How an exercise works"),
        "",
        "1. " + t("Write your code in the answer cell, in place of "
                  "`raise NotImplementedError()`."),
        "2. " + t("Run the check cell below it (Shift+Enter). It lists the rules your answer "
                  "must follow, ✔ or ✘, with each failing case under its rule. An answer not "
                  "written yet gets one calm line: not answered yet."),
        "3. " + t("Stuck? After your first try, **Hint** under the check opens a hint, one step "
                  "at a time; a run that fails opens the next step too. The last step is a "
                  "nudge, never the answer."),
        "4. " + t("Once every check of an exercise passes, your answer is also tried on cases "
                  "you have not seen. If it is right there too, the exercise is ★ solved, and "
                  "**Solution** shows the course's answer next to yours."),
        "5. " + t("Before that, **Solution (locked)** asks you first. If you look anyway, your "
                  "progress says so (seen before passing): trying a little longer is usually "
                  "worth it."),
        "",
        "## " + t("Good to know"),
        "",
        "- " + t("Run All (the Run menu) runs a whole chapter, blank exercises included."),
        "- " + t("Your work is yours: save it as you go; an update of the course never "
                 "overwrites it."),
        "- " + t("A widget needs its cell run again after a restart: until then it shows its "
                 "text."),
        "",
    ])


def other_languages(links: list[str]) -> str:
    """The start page's last section where the course is there in other languages (the
    zero-install site, tools/build_site.py): `links`, one a language, as markdown."""
    return "\n".join(["## " + t("The course in other languages"), "", " · ".join(links), ""])
