"""agentloop-grade grades an ordinary teacher's nbgrader assignment as stock nbgrader does.

The same source (tests/grader/assignments/ps1) goes into two course directories: one released and
graded with `agentloop-grade`, one with stock `nbgrader generate_assignment` / `autograde`.
Both get the same class (tests/grader/assignments/make_class.py); the two gradebooks are read with
nbgrader's own Gradebook API and compared. Honest submissions must score exactly as stock;
where agentloop-grade means to differ (renamed notebook, deleted test cell, cheats, ...) its
scores are derived from stock's honest ones (`Kind.expected`), and stock's own result is
pinned in STOCK_OBSERVED (see tests/grader/assignments/README.md).

Run: .venv/bin/pytest tests/grader/test_stock_parity.py -s (-s prints both score tables). About 2
minutes on 2 cores, most of it stock starting two kernels per submission; the stock half
alone: -k "stock_behaves or pandas" (the pandas variant is skipped without pandas).
"""

from __future__ import annotations

import csv
import html
import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
import stock
from stock import BIN, GradeKey, Result

sys.path.insert(0, str(Path(__file__).resolve().parent / "assignments"))
import make_class as mc

pytestmark = pytest.mark.slow

A = mc.ASSIGNMENT
TIME_LIMIT = "3"  # seconds per cell for agentloop-grade (stock: stock.CELL_TIMEOUT)
HONEST = [k for k, spec in mc.KINDS.items() if spec.honest]
DIFFERENT = [k for k, spec in mc.KINDS.items() if not spec.honest]

# Stock nbgrader 0.9.6 on this class, as `stock.cell_text` shows each grade (auto_score, '-'
# for none, '*' = needs manual grade), in `stock.grade_keys` order:
#   part1: explain_mean test_mean test_rainy_days test_to_fahrenheit
#   part2: check_by_hand report test_total_rain test_wettest
# None: no submission in the gradebook at all.
STOCK_OBSERVED: dict[str, str | None] = {
    "correct": "0 2 1 2 | -* 0 2 1",
    "partial": "0 0 1 1.5 | -* 0 0 1",
    "blank": "0 0 0 0 | -* 0 0 0",
    "missing_notebook": "0 2 1 2 | 0 0 0 0",  # a missing notebook: 0 everywhere, no review
    "manual_answers": "-* 2 1 2 | -* -* 2 1",
    "late": "0 2 1 2 | -* 0 2 1",  # late penalty 5 (part1) + 3 (part2): all of it
    "renamed_notebook": "0 0 0 0 | -* 0 2 1",  # part1-Copy1 skipped, part1 "missing"
    "deleted_test_cell": "0 -* 1 2 | -* 0 2 1",  # test_mean: no score, waits for a grader
    "edited_test_cell": "0 0 1 2 | -* 0 2 1",  # locked cell: stock restores the source
    "cheat_lying_eq": "0 2 1 2 | -* 0 2 1",  # fooled: test_rainy_days full marks
    "cheat_assertion_error": "0 0 1 2 | -* 0 2 1",  # `assert` ignores builtins
    "cheat_input_transformer": "0 2 1 2 | -* 0 2 1",  # fooled: the blanked test passes
    "cheat_showtraceback": "0 0 1 2 | -* 0 2 1",  # nbgrader adds the error from the reply
    "cheat_sys_exit": "0 0 1 2 | -* 0 2 1",  # SystemExit is an error output
    "infinite_loop": "0 2 0 2 | -* 0 2 1",  # interrupted after Execute.timeout
    "os_exit": "0 2 1 2 | -* -* -* -*",  # kernel died: part2 left unscored, no notebook
    "no_notebook": None,  # no notebook matched: the student is never processed
}


@dataclass
class Graded:
    """A graded course directory and its gradebook, read once after grading."""

    course: Path
    results: dict[str, Result]
    log: str

    def autograded(self, student: str, notebook: str) -> dict:
        return mc.read_nb(self.course / "autograded" / student / A / f"{notebook}.ipynb")


def ours_cmd(course: Path, *args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    """`agentloop-grade <args> --course <course>`, run in the course directory as a teacher
    would (nbgrader_config.py is read from there)."""
    return subprocess.run([str(BIN / "agentloop-grade"), *args, "--course", str(course)],
                          cwd=course, capture_output=True, text=True, timeout=timeout)


def ok(result: subprocess.CompletedProcess) -> subprocess.CompletedProcess:
    assert result.returncode == 0, f"{result.args}: exit {result.returncode}\n" \
                                   f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result


@pytest.fixture(scope="module")
def stock_run(tmp_path_factory) -> Graded:
    course = tmp_path_factory.mktemp("stock") / "course"
    results, log = stock.grade_with_stock(course)
    return Graded(course, results, log)


@pytest.fixture(scope="module")
def ours(tmp_path_factory) -> Graded:
    course = tmp_path_factory.mktemp("ours") / "course"
    stock.setup_course(course)  # the same source and nbgrader_config.py as the stock course
    ok(ours_cmd(course, "release", A, "--due", mc.DUE))
    mc.make_class(course)
    result = ok(ours_cmd(course, "autograde", A, "--workers", "2", "--time-limit", TIME_LIMIT))
    return Graded(course, stock.read_results(course), result.stdout + result.stderr)


def row(result: Result | None) -> str | None:
    """A student's grades in STOCK_OBSERVED's format."""
    if result is None:
        return None
    keys = stock.grade_keys({"r": result})
    cells = [stock.cell_text(result.grades[key]) for key in keys]
    part1 = [c for key, c in zip(keys, cells, strict=True) if key[0] == "part1"]
    part2 = [c for key, c in zip(keys, cells, strict=True) if key[0] == "part2"]
    return " ".join(part1) + " | " + " ".join(part2)


def field(results: dict[str, Result], name: str) -> dict[str, dict[GradeKey, object]]:
    """student -> grade key -> one Grade field, for the honest kinds."""
    return {s: {k: getattr(g, name) for k, g in results[s].grades.items()} for s in HONEST}


# --- the stock half (passes today) ---------------------------------------------------------

def test_stock_behaves_as_recorded(stock_run):
    """The fixture itself: stock nbgrader still grades the class as README.md says."""
    print("\n" + stock.score_table(stock_run.results, list(mc.KINDS)))
    observed = {kind: row(stock_run.results.get(kind)) for kind in mc.KINDS}
    assert observed == STOCK_OBSERVED
    late = stock_run.results["late"]
    assert late.seconds_late == 25.5 * 3600
    # nbgrader's `score` is before the penalty; formgrader and export subtract it
    assert late.late_penalty == {"part1": 5.0, "part2": 3.0} and late.score == 8


def test_ps_pandas_under_stock(tmp_path):
    """The pandas variant (for the benchmark) releases and grades full marks under stock."""
    pytest.importorskip("pandas")
    course = tmp_path / "course"
    stock.setup_course(course, mc.HERE / "ps_pandas")
    stock.run_nbgrader(course, "generate_assignment", "ps_pandas", "--force")
    release = {"analysis": mc.read_nb(course / "release/ps_pandas/analysis.ipynb")}
    source = {"analysis": mc.read_nb(course / "source/ps_pandas/analysis.ipynb")}
    sub = mc.Submission(release, source)
    sub.answer_correctly()
    folder = course / "submitted" / "correct" / "ps_pandas"
    (folder / "data").mkdir(parents=True)
    (folder / "data" / "measurements.csv").write_text("station,day,temp_c,rain_mm\n")  # stale
    mc.write_nb(folder / "analysis.ipynb", sub.notebooks["analysis"])
    stock.run_nbgrader(course, "autograde", "ps_pandas")
    result = stock.read_results(course, "ps_pandas")["correct"]
    assert result.auto_scores() == {("analysis", "test_rain_by_station"): 2.0,
                                    ("analysis", "test_warmest"): 1.0}


# --- agentloop-grade against stock ---------------------------------------------------------

def test_score_tables(stock_run, ours):
    """Both tables side by side (shown with -s, or -rA): the same graded cells in the same
    order and a row for every student of the class in each; stock has no submission only for
    the folder with no notebook, which ours records with 0 (the grader README's table)."""
    tables = {"stock nbgrader": stock.score_table(stock_run.results, list(mc.KINDS)),
              "agentloop-grade": stock.score_table(ours.results, list(mc.KINDS))}
    for name, table in tables.items():
        print(f"\n{name}\n{table}")
    heads = {name: table.splitlines()[0] for name, table in tables.items()}
    assert heads["stock nbgrader"] == heads["agentloop-grade"]
    absent = {}
    for name, table in tables.items():
        rows = table.splitlines()[2:]
        assert [row.split(" | ")[0].strip("| ") for row in rows] == list(mc.KINDS)
        absent[name] = [row for row in rows if "(no submission)" in row]
    assert absent == {"stock nbgrader": ["| no_notebook | (no submission) |"],
                      "agentloop-grade": []}


def test_release_matches_stock(stock_run, ours):
    """Same student version and the same graded cells in the gradebook."""
    for name in mc.NOTEBOOKS:
        def cells(course: Path, name: str = name) -> list[tuple]:
            nb = mc.read_nb(course / "release" / A / f"{name}.ipynb")
            return [(c["cell_type"], mc.text(c), c["metadata"].get("nbgrader"))
                    for c in nb["cells"]]
        assert cells(ours.course) == cells(stock_run.course), name
    files = {c: sorted(str(p.relative_to(c / "release")) for p in (c / "release").rglob("*")
                       if p.is_file()) for c in (ours.course, stock_run.course)}
    assert files[ours.course] == files[stock_run.course]

    def graded_cells(course: Path) -> dict:
        with stock.gradebook(course) as gb:
            a = gb.find_assignment(A)
            return {(nb.name, c.name, c.type): c.max_score for nb in a.notebooks
                    for c in [*nb.grade_cells, *nb.task_cells]}
    assert graded_cells(ours.course) == graded_cells(stock_run.course)


@pytest.mark.parametrize("kind", HONEST)
def test_honest_submission_scores_as_stock(kind, stock_run, ours):
    """Every grade's auto_score and needs_manual_grade, every auto comment ("No response."
    on an unchanged answer), the lateness and the late penalty: as stock."""
    theirs, mine = stock_run.results[kind], ours.results.get(kind)
    assert mine is not None, f"{kind}: no submission in agentloop-grade's gradebook"
    assert {k: (g.auto_score, g.needs_manual_grade) for k, g in mine.grades.items()} == \
        {k: (g.auto_score, g.needs_manual_grade) for k, g in theirs.grades.items()}, \
        f"ours {row(mine)}\nstock {row(theirs)}"
    assert mine.auto_comments == theirs.auto_comments
    assert mine.seconds_late == theirs.seconds_late
    assert mine.late_penalty == theirs.late_penalty
    assert mine.score == pytest.approx(theirs.score)


@pytest.mark.parametrize("kind", DIFFERENT)
def test_intended_difference(kind, stock_run, ours):
    """Scored like an honest kind (mc.KINDS[kind].like), the spoiled test cells like
    `blank`: what the student earned, whatever the trick. Stock's result: STOCK_OBSERVED."""
    spec = mc.KINDS[kind]
    mine = ours.results.get(kind)
    assert mine is not None, f"{kind}: no submission in agentloop-grade's gradebook " \
                             f"(stock: {STOCK_OBSERVED[kind]})"
    expected = spec.expected(field(stock_run.results, "auto_score"), 0.0)
    needs = spec.expected(field(stock_run.results, "needs_manual_grade"), False)
    assert mine.auto_scores() == expected, \
        f"{kind} ({spec.doc})\nours  {row(mine)}\nstock {STOCK_OBSERVED[kind]}"
    assert {k: g.needs_manual_grade for k, g in mine.grades.items()} == needs, row(mine)
    if spec.like:
        assert mine.auto_comments == stock_run.results[spec.like].auto_comments
    else:
        assert mine.score == 0


def test_manual_answers_hold_the_students_work(stock_run, ours):
    """What formgrader shows for manually graded cells is the student's, as in stock."""
    for graded in (stock_run, ours):  # stock first: the expectations hold there too
        part1 = graded.autograded("manual_answers", "part1")["cells"]
        part2 = graded.autograded("manual_answers", "part2")["cells"]
        by_id = {mc.grade_id(c): c for c in part1 + part2 if mc.grade_id(c)}
        assert mc.text(by_id["explain_mean"]).strip() == mc.WRITTEN_ANSWER
        assert mc.text(by_id["report"]).strip() == mc.MANUAL_CODE.strip()
        printed = "".join("".join(o.get("text", "")) for o in by_id["report"]["outputs"])
        assert "north: 19.0 mm" in printed  # the grader reads what report() printed
        task = next(i for i, c in enumerate(part2) if mc.grade_id(c) == "check_by_hand")
        source_task = next(c for c in mc.read_nb(mc.SOURCE / "part2.ipynb")["cells"]
                           if mc.grade_id(c) == "check_by_hand")
        assert mc.text(part2[task]) == mc.text(source_task)
        assert mc.text(part2[task + 1]).strip() == mc.TASK_RESPONSE
        for cell in (by_id["explain_mean"], by_id["report"], part2[task + 1]):
            assert "YOUR ANSWER HERE" not in mc.text(cell)
            assert "YOUR CODE HERE" not in mc.text(cell)


def test_formgrader_facts(ours):
    """What formgrader lists: the manual cells a student answered wait for a grader; an
    unchanged answer is 0 with "No response."; every graded notebook is where formgrader
    opens it (autograded/<student>/ps1/<notebook>.ipynb), the renamed one included."""
    manual = ours.results["manual_answers"]
    for key in [("part1", "explain_mean"), ("part2", "report"), ("part2", "check_by_hand")]:
        assert manual.grades[key].needs_manual_grade and manual.grades[key].auto_score is None
    for student in ("blank", "correct"):
        r = ours.results[student]
        for key in [("part1", "explain_mean"), ("part2", "report")]:
            assert (r.grades[key].auto_score, r.grades[key].needs_manual_grade) == (0, False)
            assert r.auto_comments[key] == "No response."
    not_submitted = {("missing_notebook", "part2"), ("no_notebook", "part1"),
                     ("no_notebook", "part2")}
    for student in ours.results:
        for name in mc.NOTEBOOKS:
            if (student, name) in not_submitted:
                continue
            assert (ours.course / "autograded" / student / A / f"{name}.ipynb").is_file(), \
                (student, name)
    restored = ours.autograded("deleted_test_cell", "part1")
    assert "test_mean" in [mc.grade_id(c) for c in restored["cells"]]


def test_feedback_has_no_hidden_test_line(ours):
    """Stock's generate_feedback shows hidden tests (the autograded notebook holds them);
    ours must not."""
    ok(ours_cmd(ours.course, "feedback", A))
    pages = sorted((ours.course / "feedback").rglob("*.html"))
    assert ours.course / "feedback" / "correct" / A / "part1.html" in pages
    hidden = mc.hidden_test_lines()
    for page in pages:
        shown = html.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8")))
        assert not [line for line in hidden if line in shown], page
        if page.parent.parent.name == "correct" and page.stem == "part1":
            assert "assert mean([5]) == 5" in shown  # visible tests stay


def test_export_lists_every_student(ours, tmp_path):
    out = tmp_path / "grades.csv"
    ok(ours_cmd(ours.course, "export", "--out", str(out)))
    with out.open(newline="", encoding="utf-8") as f:
        text = json.dumps(list(csv.reader(f)))
    for student in mc.KINDS:
        assert f'"{student}"' in text, student


def test_regrade_keeps_the_manual_score(stock_run, ours):
    """A manual score set through the Gradebook API survives a regrade; the auto scores are
    recomputed (a tampered one is put right); needs_manual_grade as stock's regrade."""
    student = "manual_answers"
    for graded in (stock_run, ours):
        with stock.gradebook(graded.course) as gb:
            gb.find_grade("explain_mean", "part1", A, student).manual_score = 1.5
            gb.find_grade("test_mean", "part1", A, student).auto_score = 0.5
            gb.db.commit()
    stock.run_nbgrader(stock_run.course, "autograde", A, "--student", student, "--force")
    ok(ours_cmd(ours.course, "autograde", A, "--student", student, "--time-limit", TIME_LIMIT))
    theirs = stock.read_results(stock_run.course)[student]
    mine = stock.read_results(ours.course)[student]
    assert mine.grades[("part1", "explain_mean")].manual_score == 1.5
    assert mine.grades[("part1", "test_mean")].auto_score == 2.0
    assert mine.grades == theirs.grades
    assert mine.score == theirs.score == 9.5
