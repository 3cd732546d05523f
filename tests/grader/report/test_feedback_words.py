"""A feedback page in its student's language (report/feedback_words.py): nbgrader's
template words where the template writes them, the page's `lang`, right to left in
Persian; a student's own cells, the scores and the grade ids are left as they are."""

from __future__ import annotations

import json

from agentloop_grader.report.feedback_words import TEMPLATE_WORDS, in_language, translate_page

from agentloop.i18n import SOURCE, TRANSLATED, Language, Markup, catalog

# nbgrader's feedback template's markup (formgrader/templates/feedback/index.html.j2), as
# generate_feedback writes it, around a student's cell that says "Test cell" and "Score: 9"
PAGE = """<!DOCTYPE html>
<html>
<body><div class="panel-heading">
<h4>ps1 (Score: 6.0 / 9.0)</h4>
<div id="toc">
<ol>
<li><a href="#test_mean">Test cell</a> (Score: 2.0 / 2.0)</li>
<li><a href="#code_answer">Coding free-response</a> (Score: 0.0 / 1.0)</li>
<li><a href="#explain">Written response</a> (Score: 1.5 / 2.0)</li>
<li><a href="#by_hand">Task</a> (Score: 0.0 / 1.0)</li>
<li><a href="#comment-explain">Comment</a></li>
<li class="late-penalty">Late submission penalty (Score: -1.0)</li>
</ol>
</div>
</div>
<a name="comment-mean_answer"></a><div class="panel-heading">
<span class="nbgrader-label">Student's answer</span>
<span class="pull-right"><a href="#top">(Top)</a></span></div>
<div class="panel-heading"><span class="nbgrader-label">Student's task</span>
<a name="test_mean"></a><div class="panel-heading">
<span class="nbgrader-label">Grade cell: <code>test_mean</code></span>
<span class="pull-right">
      Score: 2.0 / 2.0 <a href="#top">(Top)</a>
</span></div>
<span class="nbgrader-label">Task: <code>by_hand</code></span>
<div class="panel-footer"><div><b>Comments:</b> <p>No response.</p></div></div>
<div class="text_cell_render"><p>My Test cell (Score: 9 / 9) and Student's answer</p></div>
</body></html>
"""
STUDENTS_CELL = "<p>My Test cell (Score: 9 / 9) and Student's answer</p>"


def test_every_template_word_is_said_in_the_students_language():
    for language in TRANSLATED:
        said = catalog(language)
        page = in_language(PAGE, language)
        assert page.startswith(f'<!DOCTYPE html>\n<html lang="{language.value}">')
        for english in ("Test cell", "Coding free-response", "Written response", "Student's task",
                        "Grade cell:", "Task:", "(Top)", "Comments:"):
            assert said.render(english, None, Markup.HTML) in page, (language, english)
        for score, points in (("6.0", "9.0"), ("2.0", "2.0"), ("1.5", "2.0")):
            assert said.render("(Score: {score} / {points})",
                               {"score": score, "points": points}) in page
        assert said.render("Score: {score} / {points}", {"score": "2.0", "points": "2.0"}) \
            + ' <a href="#top">' in page
        assert said.render("Late submission penalty (Score: -{score})", {"score": "1.0"}) in page
        assert STUDENTS_CELL in page  # the student's own words are theirs
        english_left = page.replace(STUDENTS_CELL, "")
        assert not any(english in english_left for english in (
            "Test cell", "Score:", "Student's", "Comments:", "(Top)", "Late submission"))
        # ids, anchors and the gradebook's comment are left as they are
        assert '<a href="#test_mean">' in page and "<code>test_mean</code>" in page
        assert "<p>No response.</p>" in page


def test_persian_reads_right_to_left_and_english_is_untouched():
    persian = in_language(PAGE, Language.FA)
    assert '<div dir="rtl" id="toc">' in persian and '<h4 dir="rtl">' in persian
    assert 'dir="rtl"' not in in_language(PAGE, Language.RU)
    assert in_language(PAGE, SOURCE) == PAGE
    assert len(TEMPLATE_WORDS) == 15


def test_a_page_is_rewritten_in_its_notebooks_language_else_left_as_it_is(tmp_path):
    page = tmp_path / "ps1.html"
    for metadata, language in [({"agentloop": {"language": "bg"}}, Language.BG),
                               ({"agentloop": {"language": "xx"}}, SOURCE),  # unknown: English
                               ({}, SOURCE)]:
        page.write_text(PAGE, encoding="utf-8")
        notebook = tmp_path / "ps1.ipynb"
        notebook.write_text(json.dumps({"cells": [], "metadata": metadata}), encoding="utf-8")
        assert translate_page(page, notebook) == language
        assert page.read_text(encoding="utf-8") == in_language(PAGE, language)
    page.write_text(PAGE, encoding="utf-8")
    (tmp_path / "broken.ipynb").write_text("{not json", encoding="utf-8")
    assert translate_page(page, tmp_path / "broken.ipynb") == SOURCE  # no error
    assert translate_page(page, tmp_path / "missing.ipynb") == SOURCE
    assert page.read_text(encoding="utf-8") == PAGE
