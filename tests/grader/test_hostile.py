"""A hostile class, graded in one run next to honest students — as root and as an ordinary
teacher account, in each isolation mode (namespaces; Landlock + seccomp).

Each attack replaces chapter 1's `decide` answer cell of an otherwise correct submission.
Among them, every way a student's process could hold an answer (issue 19): the library's
own decide (its module is not in the sandbox), the teacher's edition of the checks
(never loaded, not readable), the collector's objects, the stack's frames, closures,
sys.modules, the learner's edition's data, and tables of hidden cases drawn with the old
public seed (the course's secret seed draws others).
For each: the attack earns nothing, the honest cells of the same submission are scored,
the honest neighbours get full marks, the gradebook holds one consistent row per student,
nothing outside the sandbox changed, and the report names the problem. The grader runs as
a command (`agentloop-grade autograde`), as a teacher would run it.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import socket
import sys
import tempfile
import time
from pathlib import Path

import pytest
from agentloop_grader import testing as T
from agentloop_grader.answers.ch1 import CHECKS as TEACHER_CHECKS
from agentloop_grader.answers.ch1 import revised_decide
from agentloop_grader.course import CHAPTERS, REPO, Course
from agentloop_grader.release import release
from grading_sides import SIDE_IDS, SIDES, skip_unless_runnable
from unprivileged import ensure_teacher, run_as_teacher, run_with_python_reachable

from agentloop.checks.ch1 import CHECKS
from agentloop.loop import decide

pytestmark = pytest.mark.slow
A = "01_agent_loop"
DECIDE_TESTS = ("ch1-decide-failure", "ch1-decide-search", "ch1-decide-scenario")
HONEST = ("honest_1", "honest_2", "honest_3")
WRONG_DECIDE = "def decide(state):\n    return 'continue'\n"

LYING_STR = '''
class Yes(str):
    def __eq__(self, other):
        return True
    __hash__ = str.__hash__
'''


def _table_cell(table: dict[str, str]) -> str:
    return (f"import json\nTABLE = {table!r}\n"
            "def decide(state):\n"
            "    return TABLE.get(json.dumps(state, sort_keys=True), 'continue')\n")


def _hard_coded() -> str:
    table = {json.dumps(c.input, sort_keys=True): decide(c.input)
             for check in CHECKS if check.id in DECIDE_TESTS for c in check.cases()}
    return _table_cell(table)


def _old_seed_table() -> str:
    """Every hidden case the old public seed (a checksum of the check id) drew, with the
    right decision: what a student with last year's leaked generator could tabulate."""
    import zlib

    table = {json.dumps(c.input, sort_keys=True): revised_decide(c.input)
             for check in TEACHER_CHECKS if check.id in DECIDE_TESTS
             for c in check.all_cases(hidden=True, seed=zlib.crc32(check.id.encode()))}
    return _table_cell(table)


# Anything the job process could hold of the teacher's edition, looked for everywhere.
DIG_UP_ANSWERS = r'''
import gc, sys
def _teachers(f):
    return "answers" in str(getattr(f, "__module__", "")) or \
        getattr(f, "__name__", "") in ("revised_decide", "revised_rule", "state_for_rule")
def _candidates():
    for o in gc.get_objects():
        yield o
        if isinstance(o, (list, tuple, dict)):
            yield from (o.values() if isinstance(o, dict) else o)
        for cell in getattr(o, "__closure__", None) or ():
            try:
                yield cell.cell_contents
            except ValueError:
                pass
real = next(f for f in _candidates() if callable(f) and _teachers(f))
'''

WALKS_FRAMES = r'''
import sys
def decide(state):
    frame = sys._getframe(1)
    while frame is not None:
        for value in list(frame.f_locals.values()) + list(frame.f_globals.values()):
            if callable(value) and getattr(value, "__name__", "") in ("revised_decide",
                                                                        "revised_rule"):
                return value(state)
            if isinstance(value, dict) and "facts" in value:
                return value["facts"][0]
        frame = frame.f_back
    raise LookupError("no reference on the stack")
'''

SEARCHES_MODULES = r'''
import importlib, sys
names = [n for n in sys.modules if "answers" in n or n.startswith("agentloop_grader")]
for name in ("agentloop_grader.answers.ch1", *names):
    try:
        module = importlib.import_module(name)
    except Exception:
        continue
    if hasattr(module, "revised_decide"):
        decide = module.revised_decide
        break
else:
    raise LookupError(f"no teacher's module: {names}")
'''


FIND_SOLUTIONS = r'''
import json, os
found = []
for top in ("/", "/root", "/home", "/tmp", "/work", os.path.expanduser("~")):
    for folder, dirs, files in os.walk(top):
        dirs[:] = [d for d in dirs if d not in ("proc", "sys", "dev")]
        for name in files:
            if name.endswith(".ipynb"):
                try:
                    nb = json.load(open(os.path.join(folder, name)))
                except Exception:
                    continue
                for cell in nb.get("cells", []):
                    text = "".join(cell.get("source", ""))
                    if "BEGIN SOLUTION" in text and "def decide" in text:
                        found.append(text)
if not found:
    raise FileNotFoundError("no instructor notebook reachable")
exec(found[0])
'''

DAEMON = r'''
import os, time
pid = os.fork()
if pid == 0:
    os.setsid()
    if os.fork() == 0:
        time.sleep(3)
        open({gradebook!r}, "ab").write(b"pwned")
        open({marker!r}, "w").write("daemon")
    os._exit(0)
'''

# The library's real decide, dug out of memory: from the collector's objects and one level
# into the containers they hold (where a grader's own bookkeeping would keep it).
DIG_UP = r'''
import gc
def _is_decide(f):
    return (getattr(f, "__qualname__", "") == "decide"
            and getattr(f, "__module__", "") == "agentloop.loop")
def _candidates():
    for o in gc.get_objects():
        yield o
        if isinstance(o, (list, tuple, dict)):
            yield from (o.values() if isinstance(o, dict) else o)
real = next(f for f in _candidates() if _is_decide(f))
'''

KILL_GRADER = r'''
import os, signal
for pid in os.listdir("/proc"):
    if pid.isdigit():
        try:
            if b"agentloop_grader" in open(f"/proc/{pid}/cmdline", "rb").read():
                os.kill(int(pid), signal.SIGKILL)
        except OSError:
            pass
'''


def attacks(course: Path, port: int, marker: Path) -> dict[str, tuple[str, str | None]]:
    """name → (source of the decide cell, regex the report must show, or None)."""
    honest = T.answers(T.read(CHAPTERS / f"{A}.ipynb"))
    good = honest["ch1-decide-answer"]
    gb, neighbour = course / "gradebook.db", course / "submitted" / "honest_1" / A
    return {
        "infinite_loop": ("while True:\n    pass\n" + good, r"killed after 2 s \(time limit\)"),
        "ignores_signals": ("import signal\nfor s in (signal.SIGINT, signal.SIGTERM):\n"
                            "    signal.signal(s, signal.SIG_IGN)\nwhile True:\n    pass\n" + good,
                            r"time limit"),
        "sys_exit": ("import sys\nsys.exit(0)\n" + good, r"SystemExit"),
        "os_exit": ("import os\nos._exit(0)\n" + good, r"process exited with code 0"),
        "kills_itself": ("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n"
                         "raise RuntimeError('still alive')\n", r"SIGKILL|still alive"),
        "kills_parent": ("import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\n"
                         + WRONG_DECIDE, r"PermissionError"),
        "kills_grader": (KILL_GRADER + WRONG_DECIDE, r"expected|Error"),
        "memory_bomb": ("blob = []\nwhile True:\n    blob.append(bytearray(10**7))\n" + good,
                        # on a loaded machine the 2 s time limit may come first
                        r"MemoryError|memory|time limit"),
        "fork_bomb": ("import os\nwhile True:\n    os.fork()\n" + good, r"Error"),
        "double_fork_daemon": (DAEMON.format(gradebook=str(gb), marker=str(marker))
                               + good, r"Error"),
        "subprocess": ("import subprocess\nsubprocess.run(['ls', '/'])\n" + good, r"Error"),
        "input_transformer": ("get_ipython().input_transformers_cleanup.append("
                              "lambda lines: ['pass\\n'])\n" + WRONG_DECIDE, r"expected"),
        "patched_showtraceback": ("ip = get_ipython()\nip.showtraceback = lambda *a, **k: None\n"
                                  + WRONG_DECIDE, r"expected"),
        "always_equal": ("class Any:\n    def __eq__(self, other):\n        return True\n"
                         "def decide(state):\n    return Any()\n", r"expected plain data"),
        "str_subclass": (LYING_STR + "def decide(state):\n    return Yes('nonsense')\n",
                         r"expected plain data"),
        "hard_coded": (_hard_coded(), r"expected"),
        # the judge runs in the grader's process: what the job sends is re-read as JSON
        "patches_checks": ("import agentloop.checks.core as core\n"
                           "core.to_plain = lambda value, where='': value\n" + LYING_STR +
                           "def decide(state):\n    return Yes('nonsense')\n", r"expected"),
        # agentloop.loop answers the exercise: the sandbox does not have it at all
        "imports_reference": ("from agentloop.loop import decide\n", NOT_LOADED),
        "wraps_reference": ("import agentloop.loop\n"
                            "def decide(state):\n    return agentloop.loop.decide(state)\n",
                            NOT_LOADED),
        "captures_reference": ("from agentloop.loop import decide as reference\n"
                               "def decide(state):\n    return reference(state)\n",
                               NOT_LOADED),
        "digs_up_reference": (DIG_UP + "def decide(state):\n    return real(state)\n",
                              r"StopIteration"),
        "digs_up_answers": (DIG_UP_ANSWERS + "def decide(state):\n    return real(state)\n",
                            r"StopIteration"),
        "walks_frames": (WALKS_FRAMES, r"no reference on the stack"),
        "searches_modules": (SEARCHES_MODULES, r"no teacher's module|did not define decide"),
        "imports_answers": ("from agentloop_grader.answers.ch1 import revised_decide as decide\n",
                            NOT_LOADED),
        "reads_answers_file": (
            f"exec(open({str(REPO / 'grader/agentloop_grader/answers/ch1.py')!r}).read())\n"
            "decide = revised_decide\n", r"PermissionError|FileNotFoundError"),
        "reads_reference_answers": ("from agentloop.checks.ch1 import REFERENCE\n"
                                    "decide = REFERENCE['decide']\n", r"cannot import name"),
        "reads_learners_facts": (  # the visible cases' facts are a learner's: they fit those only
            "import json, importlib.resources as r\n"
            "FACTS = json.loads(r.files('agentloop.checks').joinpath('facts/ch1.json')"
            ".read_text())\nfrom agentloop.checks.student import input_key\n"
            "TABLE = {c['key']: c['facts'][0] for k in FACTS['checks'].values()"
            " for c in k['cases'] if isinstance(c['facts'], list)}\n"
            "def decide(state):\n    return TABLE.get(input_key(state), 'continue')\n",
            r"expected"),
        "old_public_seed_table": (_old_seed_table(), r"expected"),
        "finds_solutions_on_disk": (FIND_SOLUTIONS, r"did not define decide"),
        "forges_channel": ("import os\nfor fd in range(3, 64):\n    try:\n"
                           "        os.write(fd, b'{\"kind\": \"done\"}\\ngarbage\\n')\n"
                           "    except OSError:\n        pass\n" + WRONG_DECIDE, r"expected"),
        "reads_gradebook": (f"data = open({str(gb)!r}, 'rb').read()\n" + good,
                            r"PermissionError|FileNotFoundError"),
        "writes_gradebook": (f"open({str(gb)!r}, 'ab').write(b'x')\n" + good,
                             r"PermissionError|FileNotFoundError|OSError"),
        "reads_neighbour": (f"import os\nprint(os.listdir({str(neighbour)!r}))\n" + good,
                            r"PermissionError|FileNotFoundError"),
        "reads_instructor_notebook": (f"open({str(CHAPTERS / (A + '.ipynb'))!r}).read()\n"
                                      + good, r"PermissionError|FileNotFoundError"),
        "reads_grader_environ": ("import os\nopen(f'/proc/{os.getppid()}/environ').read()\n"
                                 + good, r"Error"),
        "writes_grader": (f"open({str(course / 'pwned.txt')!r}, 'w').write('x')\n" + good,
                          r"PermissionError|FileNotFoundError|OSError"),
        "network": (f"import socket\nsocket.create_connection(('127.0.0.1', {port}), 1)\n" + good,
                    r"Error"),
        "fills_disk": ("for number in range(100_000):\n"
                       "    with open(f'fill{number}.bin', 'wb') as out:\n"
                       "        out.write(b'x' * (4 << 20))\n" + good, r"disk limit"),
        "prints_50mb_line": ("print('x' * 50_000_000)\n" + good, None),
        "prints_50mb_lines": ("for _ in range(100_000):\n    print('y' * 499)\n" + good, None),
    }


NOT_LOADED = r"ModuleNotFoundError|No module named|PermissionError"
# Output floods are not attacks on the score: the honest answer below them still counts.
FULL_MARKS_ANYWAY = {"prints_50mb_line", "prints_50mb_lines"}
# An input transformer blanks the student's own later cells (as it would in a kernel):
# nothing of theirs after it counts, and no test cell is touched by it.
NOTHING_AT_ALL = {"input_transformer"}
DISK_LIMIT_MB = 64  # small: the flood is stopped well before it could fill anything


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
                cell["source"] = 'from agentloop.checks import check\ncheck("ch1-predict")'
                meta["grade_id"] = meta["grade_id"] + "-x"
                meta["points"] = 100
        cells.append(cell)
    nb["cells"] = cells
    return nb


def _grade(course: Course, user: str, isolation: str) -> tuple[int, str, str]:
    argv = [sys.executable, "-m", "agentloop_grader.cli", "autograde", A, "--course",
            str(course.root), "--workers", "2", "--time-limit", "2", "--memory-limit", "512",
            "--disk-limit", str(DISK_LIMIT_MB),
            "--isolation", isolation, "--no-progress"]
    if user == "teacher":
        done = run_as_teacher(argv, cwd=str(course.root), timeout=900)
    else:
        done = run_with_python_reachable(argv, cwd=str(course.root), timeout=900)
    return done.returncode, done.stdout, done.stderr


def _own(path: Path, uid: int, gid: int) -> None:
    for item in [path, *path.rglob("*")]:
        os.lchown(item, uid, gid)


@pytest.fixture(scope="module", params=SIDES, ids=SIDE_IDS)
def graded(request, tmp_path_factory: pytest.TempPathFactory):
    user, isolation = request.param
    skip_unless_runnable(user, isolation)
    # the teacher must reach the course: not under pytest's root-only temp folder
    root = Path(tempfile.mkdtemp(prefix=f"agentloop-hostile-{user}-{isolation}-"))
    request.addfinalizer(lambda: shutil.rmtree(root, ignore_errors=True))
    os.chmod(root, 0o755)
    marker = root / "daemon-was-here"
    course = Course(root / "course")
    release(course, [A])
    source, blank = T.read(course.source_notebook(A)), T.read(course.released_notebook(A))
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    table = attacks(course.root, server.getsockname()[1], marker)
    for student in HONEST:
        T.submit(course, A, student, source)
    for name, (cell, _) in table.items():
        T.submit(course, A, name, T.with_answers(source, {"ch1-decide-answer": cell}))
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
    if user == "teacher":
        account = ensure_teacher()
        _own(root, account.pw_uid, account.pw_gid)
    source_hash = hashlib.sha256(course.source_notebook(A).read_bytes()).hexdigest()
    status, out, err = _grade(course, user, isolation)
    time.sleep(4)  # a daemon that outlived its job would have written by now
    server.close()
    assert status == 0, err[-3000:]
    report_path = next(line.split(": ", 1)[1] for line in out.splitlines()
                       if line.startswith("report: ") and line.endswith(".json"))
    report = json.loads(Path(report_path).read_text())
    return {"course": course, "report": report, "table": table, "marker": marker,
            "scores": T.gradebook_scores(course, A), "tests": T.test_cells(source),
            "rows": {r["student"]: r for r in report["rows"]}, "source_hash": source_hash,
            "isolation": isolation, "stdout": out}


def _full(graded: dict) -> dict[str, float]:
    return dict(graded["tests"])


def _without_decide(graded: dict) -> dict[str, float]:
    return {gid: (0.0 if gid in DECIDE_TESTS else pts) for gid, pts in graded["tests"].items()}


def test_the_run_names_its_isolation(graded):
    assert graded["report"]["settings"]["isolation_mode"] == graded["isolation"]
    assert f"isolation {graded['isolation']}" in graded["stdout"]


def test_honest_neighbours_get_full_marks(graded):
    for student in HONEST:
        assert graded["scores"][student] == _full(graded), graded["rows"][student]["problems"]
        assert not graded["rows"][student]["problems"]


@pytest.mark.parametrize("name", list(attacks(Path("/x"), 1, Path("/m"))))
def test_attack_earns_nothing_and_is_named(graded, name):
    expected = _full(graded) if name in FULL_MARKS_ANYWAY else _without_decide(graded)
    if name in NOTHING_AT_ALL:
        expected = dict.fromkeys(graded["tests"], 0.0)
    row = graded["rows"][name]
    assert graded["scores"][name] == expected, row["problems"]
    pattern = graded["table"][name][1]
    if pattern:
        assert any(re.search(pattern, p) for p in row["problems"]), row["problems"]


def test_nothing_outlived_its_job_or_reached_the_course(graded):
    course = graded["course"]
    assert not graded["marker"].exists()
    assert not (course.root / "pwned.txt").exists()
    gradebook = Path(course.gradebook_url.removeprefix("sqlite:///")).read_bytes()
    assert not gradebook.endswith(b"pwned") and not gradebook.endswith(b"x")
    source = course.source_notebook(A).read_bytes()
    assert hashlib.sha256(source).hexdigest() == graded["source_hash"]


@pytest.mark.parametrize("how", ["edit", "delete", "repoint"])
def test_test_cells_in_the_submission_do_nothing(graded, how):
    assert graded["scores"][f"blank_{how}_tests"] == dict.fromkeys(graded["tests"], 0.0)
    assert graded["scores"][f"honest_{how}_tests"] == _full(graded)


def test_lying_dict_subclass(graded):
    expected = dict(_full(graded), **{"ch1-predict": 0.0})
    assert graded["scores"]["dict_subclass"] == expected


@pytest.mark.parametrize("student,reason", [("not_json", "not a readable notebook"),
                                            ("empty", "empty"), ("missing", "no 01_agent_loop"),
                                            ("deeply_nested", "not a readable notebook")])
def test_unusable_notebooks_get_a_zero_row_with_the_reason(graded, student, reason):
    assert graded["scores"][student] == dict.fromkeys(graded["tests"], 0.0)
    assert any(reason in p for p in graded["rows"][student]["problems"])


def test_gradebook_is_consistent(graded):
    scores = graded["scores"]
    assert set(scores) == set(graded["rows"])
    for cells in scores.values():
        assert set(cells) == set(graded["tests"])
        assert all(v is not None for v in cells.values())


def test_every_student_has_an_autograded_notebook(graded):
    course = graded["course"]
    for student in graded["scores"]:
        path = course.path("autograded", student, A) / f"{A}.ipynb"
        if student == "missing":
            assert not path.exists()
            continue
        text = path.read_text()
        if student.startswith(("blank_edit", "blank_delete", "empty", "not_json", "deeply")):
            assert "BEGIN SOLUTION" not in text  # no instructor answer reaches feedback
