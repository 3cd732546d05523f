"""What every chapter widget shares (agentloop.widgets.common): a table as escaped HTML or as
fixed-width text, dicts and lists shown as one-line JSON, and the text where widgets do not
render."""

from __future__ import annotations

from agentloop.widgets.common import TextFallback, cell, html_table, text_table

HEADERS = ("step", "action")
ROWS = [(1, {"tool": "read", "page": 1}), (2, "<done>")]


def test_a_cell_escapes_text_and_shows_data_as_one_line_json():
    assert cell("<b>") == "&lt;b&gt;"
    assert cell({"a": ["é"]}) == '<code>{&quot;a&quot;: [&quot;é&quot;]}</code>'


def test_the_html_table_has_a_header_and_a_row_each():
    table = html_table(HEADERS, ROWS, css="wide")
    assert 'class="agentloop-table wide"' in table
    assert table.count("<th>") == 2 and table.count("<tr>") == 3
    assert "&lt;done&gt;" in table and "<done>" not in table


def test_the_text_table_lines_its_columns_up():
    assert text_table(HEADERS, ROWS).splitlines() == [
        "step  action",
        "----  " + "-" * len('{"tool": "read", "page": 1}'),
        '1     {"tool": "read", "page": 1}',
        "2     <done>",
    ]


def test_where_widgets_render_the_box_shows_and_the_text_goes_with_it():
    class Box:
        def _repr_mimebundle_(self, **kwargs):
            return {"application/vnd.jupyter.widget-view+json": {"model_id": "1"}}, {}

    class Shown(TextFallback):
        box = Box()

        def text(self) -> str:
            return "the widget as text"

    data, _ = Shown()._repr_mimebundle_()
    assert data["text/plain"] == "the widget as text"
    assert "application/vnd.jupyter.widget-view+json" in data
