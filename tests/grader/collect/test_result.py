"""What collect gives back (collect/result.py): every item found in exactly one list, and a
report of plain JSON."""

from __future__ import annotations

import json

from agentloop_grader.collect import collect
from make_downloads import P1, A, make_course, make_submitted, write


def test_every_item_is_in_exactly_one_list_and_the_report_is_plain_json(tmp_path):
    downloads = tmp_path / "downloads"
    make_submitted(downloads)
    write(downloads / "Jane Doe_1_part1.ipynb", P1)
    write(downloads / "Jane Doe_1_part1 (1).ipynb", P1)
    result = collect(make_course(tmp_path), A, [downloads])
    plain = json.loads(json.dumps(result.to_plain()))
    assert set(plain) == {"placed", "ambiguous", "skipped", "missing", "incomplete", "people"}
    assert {"student", "item", "origin", "timestamp", "note", "kind"} <= set(plain["placed"][0])
    summary = result.summary()
    assert summary.startswith("placed 4 submission(s), 4 notebook(s)")
    for line in [p.line() for p in result.placed] + result.skipped + result.ambiguous:
        assert line in summary
    for line in result.people:
        assert f"gradebook: {line}" in summary
    origins = [p.origin for p in result.placed if p.kind == "notebook"]
    assert len(origins) == len(set(origins))
