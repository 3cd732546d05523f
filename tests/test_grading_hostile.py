"""Hostile submissions, graded in one run next to honest students (chapter 1).

Each attack replaces one answer cell (usually `decide`'s) of an otherwise correct
submission. For each: the attack earns nothing, the honest cells of the same submission
are scored, the honest neighbours get full marks, the gradebook holds one consistent row
per student, and the report names the problem.
"""

from __future__ import annotations

import hashlib
import json
import re
import socket
from pathlib import Path

import pytest
from agentloop_grader import testing as T
from agentloop_grader.autograde import Options, autograde
from agentloop_grader.course import CHAPTERS, Course
from agentloop_grader.release import release
from agentloop_grader.supervisor import Limits, isolation_available

from agentloop.checks.ch1 import CHECKS
from agentloop.loop import decide

pytestmark = pytest.mark.slow
A = "01_agent_loop"
DECIDE_TESTS = ("ch1-decide-failure", "ch1-decide-search", "ch1-decide-scenario")
HONEST = ("honest_1", "honest_2", "honest_3", "honest_4")
needs_root = pytest.mark.skipif(not isolation_available(), reason="isolation needs root")

LYING_STR = '''
class Yes(str):
    def __eq__(self, other):
        return True
    __hash__ = str.__hash__
'''


def _hard_coded() -> str:
    table = {json.dumps(c.input, sort_keys=True): decide(c.input)
             for check in CHECKS[:3] for c in check.cases()}
    return (f"import json\nTABLE = {table!r}\n"
            "def decide(state):\n"
            "    return TABLE.get(json.dumps(state, sort_keys=True), 'continue')\n")


def attacks(course: Path, port: int) -> dict[str, tuple[str, str | None]]:
    """name → (source of the decide cell, regex the report must show, or None)."""
    honest = T.answers(T.read(Path(__file__).resolve().parents[1] / "chapters" / f"{A}.ipynb"))
    good = honest["ch1-decide-answer"]
    gb, neighbour = course / "gradebook.db", course / "submitted" / "honest_1" / A
    return {
        "infinite_loop": ("while True:\n    pass\n" + good, r"killed after 2 s \(time limit\)"),
        "ignores_signals": ("import signal\nfor s in (signal.SIGINT, signal.SIGTERM):\n"
                            "    signal.signal(s, signal.SIG_IGN)\nwhile True:\n    pass\n" + good,
                            r"time limit"),
        "sys_exit": ("import sys\nsys.exit(0)\n" + good, r"SystemExit"),
        "exit_builtin": ("exit()\n" + good, r"SystemExit"),
        "os_exit": ("import os\nos._exit(0)\n" + good, r"process exited with code 0"),
        "kills_itself": ("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n"
                         "raise RuntimeError('still alive')\n", r"SIGKILL|still alive"),
        "memory_bomb": ("blob = []\nwhile True:\n    blob.append(bytearray(10**7))\n" + good,
                        r"MemoryError|memory"),
        "fork_bomb": ("import os\nwhile True:\n    try:\n        os.fork()\n"
                      "    except OSError:\n        pass\n" + good, r"time limit"),
        "input_transformer": ("get_ipython().input_transformers_cleanup.append("
                              "lambda lines: ['pass\\n'])\n" + good, r"NameError"),
        "patched_showtraceback": ("ip = get_ipython()\nip.showtraceback = lambda *a, **k: None\n"
                                  + good, r"NameError"),
        "always_equal": ("class Any:\n    def __eq__(self, other):\n        return True\n"
                         "def decide(state):\n    return Any()\n", r"expected plain data"),
        "str_subclass": (LYING_STR + "def decide(state):\n    return Yes('nonsense')\n",
                         r"expected plain data"),
        "hard_coded": (_hard_coded(), r"generated state"),
        "patches_checks": ("import agentloop.checks.core as core\n"
                           "core.to_plain = lambda value, where='': value\n" + LYING_STR +
                           "def decide(state):\n    return Yes('nonsense')\n",
                           r"not available while grading"),
        "imports_reference": ("from agentloop.loop import decide\n",
                              r"withheld while grading|library's own answer"),
        "wraps_reference": ("import agentloop.loop\n"
                            "def decide(state):\n    return agentloop.loop.decide(state)\n",
                            r"withheld while grading"),
        "captures_reference": ("from agentloop.loop import decide as reference\n"
                               "def decide(state):\n    return reference(state)\n",
                               r"withheld while grading"),
        "reads_reference_answers": ("from agentloop.checks.ch1 import REFERENCE\n"
                                    "decide = REFERENCE['decide']\n",
                                    r"not available while grading"),
        "forges_channel": ("import os, sys\nfd = int(sys.argv[-1])\nfor gid in "
                           f"{DECIDE_TESTS!r}:\n    os.write(fd, ('{{\"check\": \"%s\", "
                           "\"outputs\": []}\\n' % gid).encode())\n"
                           "os.write(fd, b'garbage that is not json\\n')\n",
                           r"unexpected line"),
        "reads_gradebook": (f"data = open({str(gb)!r}, 'rb').read()\n" + good,
                            r"PermissionError|FileNotFoundError"),
        "reads_neighbour": (f"import os\nprint(os.listdir({str(neighbour)!r}))\n" + good,
                            r"PermissionError|FileNotFoundError"),
        "reads_instructor_notebook": (f"open({str(CHAPTERS / (A + '.ipynb'))!r}).read()\n"
                                      + good, r"PermissionError|FileNotFoundError"),
        "writes_grader": (f"open({str(course / 'pwned.txt')!r}, 'w').write('x')\n" + good,
                          r"PermissionError|FileNotFoundError|OSError"),
        "network": (f"import socket\nsocket.create_connection(('127.0.0.1', {port}), 1)\n" + good,
                    r"Error"),
        "prints_50mb_line": ("print('x' * 50_000_000)\n" + good, r"stdout: 50,000,001 bytes"),
        "prints_50mb_lines": ("for _ in range(500_000):\n    print('y' * 99)\n" + good,
                              r"stdout: 50,000,000 bytes"),
    }


# Output floods are not attacks on the score: the honest answer below them still counts.
FULL_MARKS_ANYWAY = {"prints_50mb_line", "prints_50mb_lines"}
ROOT_ONLY = {"reads_gradebook", "reads_instructor_notebook", "reads_neighbour",
             "writes_grader", "network", "fork_bomb"}


def _edited_tests(nb: dict, how: str) -> dict:
    nb = json.loads(json.dumps(nb))
    cells = []
    for cell in nb["cells"]:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if meta.get("grade"):
            if how == "delete":
                continue
            if how == "edit":
                cell["source"] = "pass"
            if how == "repoint":
                cell["source"] = 'from agentloop.checks import check\ncheck("ch1-predict", {})'
                meta["grade_id"] = meta["grade_id"] + "-x"
                meta["points"] = 100
        cells.append(cell)
    nb["cells"] = cells
    return nb


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory):
    root = tmp_path_factory.mktemp("hostile")
    course = Course(root / "course")
    release(course, [A])
    source, blank = T.read(course.source_notebook(A)), T.read(course.released_notebook(A))
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    table = attacks(course.root, server.getsockname()[1])
    if not isolation_available():
        table = {k: v for k, v in table.items() if k not in ROOT_ONLY}
    for student in HONEST:
        T.submit(course, A, student, source)
    for name, (cell, _) in table.items():
        T.submit(course, A, name, T.with_answers(source, {"ch1-decide-answer": cell}))
    T.submit(course, A, "blank_input_transformer", T.with_answers(blank, {
        "ch1-decide-answer": table["input_transformer"][0]}))
    for how in ("edit", "delete", "repoint"):
        T.submit(course, A, f"blank_{how}_tests", _edited_tests(blank, how))
        T.submit(course, A, f"honest_{how}_tests", _edited_tests(source, how))
    lying_dict = LYING_STR + ("class Lying(dict):\n    def __getitem__(self, key):\n"
                              "        return Yes('whatever')\npredictions = Lying()\n")
    T.submit(course, A, "dict_subclass", T.with_answers(source,
                                                        {"ch1-predict-answer": lying_dict}))
    T.submit(course, A, "not_json", b"this is not json {")
    T.submit(course, A, "empty", b"")
    T.submit(course, A, "deeply_nested", b"[" * 200_000)
    T.submit(course, A, "missing", None)
    gradebook = Path(course.gradebook_url.removeprefix("sqlite:///"))
    source_hash = hashlib.sha256(course.source_notebook(A).read_bytes()).hexdigest()
    report = autograde(course, A, Options(workers=2, progress=False,
                                          limits=Limits(time_s=2, memory_mb=256)))
    server.close()
    return {"course": course, "report": report, "table": table, "gradebook": gradebook,
            "scores": T.gradebook_scores(course, A), "tests": T.test_cells(source),
            "rows": {r.student: r for r in report.rows}, "source_hash": source_hash}


def _full(graded: dict) -> dict[str, float]:
    return dict(graded["tests"])


def _without_decide(graded: dict) -> dict[str, float]:
    return {gid: (0.0 if gid in DECIDE_TESTS else pts) for gid, pts in graded["tests"].items()}


def test_honest_neighbours_get_full_marks(graded):
    for student in HONEST:
        assert graded["scores"][student] == _full(graded), graded["rows"][student].problems
        assert not graded["rows"][student].problems


@pytest.mark.parametrize("name", [n for n in attacks(Path("/x"), 1)
                                  if isolation_available() or n not in ROOT_ONLY])
def test_attack_earns_nothing_and_is_named(graded, name):
    expected = _full(graded) if name in FULL_MARKS_ANYWAY else _without_decide(graded)
    row = graded["rows"][name]
    assert graded["scores"][name] == expected, row.problems
    pattern = graded["table"][name][1]
    assert any(re.search(pattern, p) for p in row.problems), row.problems


def test_blank_submission_with_input_transformer_gets_zero(graded):
    assert graded["scores"]["blank_input_transformer"] == dict.fromkeys(graded["tests"], 0.0)


@pytest.mark.parametrize("how", ["edit", "delete", "repoint"])
def test_test_cells_in_the_submission_do_nothing(graded, how):
    assert graded["scores"][f"blank_{how}_tests"] == dict.fromkeys(graded["tests"], 0.0)
    assert graded["scores"][f"honest_{how}_tests"] == _full(graded)


def test_lying_dict_subclass(graded):
    expected = dict(_full(graded), **{"ch1-predict": 0.0})
    assert graded["scores"]["dict_subclass"] == expected


@pytest.mark.parametrize("student,reason", [("not_json", "not a readable notebook"),
                                            ("empty", "empty"), ("missing", "missing"),
                                            ("deeply_nested", "not a readable notebook")])
def test_unusable_notebooks_get_a_zero_row_with_the_reason(graded, student, reason):
    assert graded["scores"][student] == dict.fromkeys(graded["tests"], 0.0)
    assert any(reason in p for p in graded["rows"][student].problems)


def test_gradebook_is_consistent(graded):
    scores = graded["scores"]
    assert set(scores) == set(graded["rows"])
    for cells in scores.values():
        assert set(cells) == set(graded["tests"])
        assert all(v is not None for v in cells.values())
    course = graded["course"]
    source = course.source_notebook(A).read_bytes()
    assert hashlib.sha256(source).hexdigest() == graded["source_hash"]
    assert not (course.root / "pwned.txt").exists()


def test_every_student_has_an_autograded_notebook_and_the_report_lists_them(graded):
    course = graded["course"]
    for student in graded["scores"]:
        path = course.path("autograded", student, A) / f"{A}.ipynb"
        nb = json.loads(path.read_text())
        text = json.dumps(nb)
        assert "BEGIN HIDDEN TESTS" not in text and "hidden=True" not in text
        if student.startswith(("blank_edit", "blank_delete", "missing", "empty", "not_json",
                               "deeply")):
            assert "BEGIN SOLUTION" not in text  # no instructor answer reaches feedback
    data = json.loads(Path(graded["report"].files[0]).read_text())
    assert {r["student"] for r in data["rows"]} == set(graded["scores"])
    assert "## Problems" in Path(graded["report"].files[1]).read_text()
