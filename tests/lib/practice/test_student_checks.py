"""The student edition of the check modules (what the zero-install site ships): it judges
the visible cases exactly as the full modules do, and holds no reference answer and no
hidden-case generator.

Every chapter in chapters/ is covered; a check the student edition cannot judge (its verify
is not split into facts and judge) must say so instead of passing or failing silently.
"""

from __future__ import annotations

import importlib
import inspect
import json
import pprint
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from agentloop.checks import get_check, run_check
from agentloop.practice.build import CHECK_CALL, chapter_notebooks, student_version

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "tools"))
import build_student_checks as bsc  # noqa: E402

NOTEBOOKS = chapter_notebooks(ROOT / "chapters")
MODULES = bsc.chapter_modules()


@pytest.fixture(scope="module")
def student_lib(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of lib/ whose agentloop/checks/chN.py are the student editions."""
    lib = tmp_path_factory.mktemp("student") / "lib"
    shutil.copytree(ROOT / "lib", lib, ignore=shutil.ignore_patterns("__pycache__"))
    bsc.write_student_checks(lib / "agentloop" / "checks")
    return lib


def answer_sources(nb) -> dict[str, str]:
    return {c.metadata["nbgrader"]["grade_id"]: c.source for c in nb.cells
            if c.metadata.get("nbgrader", {}).get("solution") and c.cell_type == "code"}


def check_ids(nb) -> list[str]:
    ids = []
    for cell in nb.cells:
        if cell.cell_type == "code":
            ids += [i for i in CHECK_CALL.findall(cell.source) if i not in ids]
    return ids


def variants(path: Path) -> dict[str, dict[str, str]]:
    """Answer cells to judge: the solution, the blank student version, the round trip's
    subtly wrong answers and its cheats (when tests/chapters/roundtrip/<stem>.py has them)."""
    instructor = nbformat.read(path, as_version=4)
    solution = answer_sources(instructor)
    out = {"solution": solution, "blank": answer_sources(student_version(path))}
    from agentloop_grader import testing

    try:
        partial = testing.roundtrip(path.stem)
        cheats = testing.cheats(path.stem, json.loads(path.read_text(encoding="utf-8")))
    except Exception:  # a round trip file of a chapter still being written
        partial, cheats = None, {}
    if partial:
        out["wrong"] = {**solution, **partial[0]}
    for number, (cells, _) in enumerate(cheats.values()):
        out[f"cheat {number}"] = {**solution, **cells}
    return out


REPORTS = """
import json, sys
from agentloop.checks import get_check, run_check
answers, ids = json.loads(sys.stdin.read())
out = {}
for name, cells in answers.items():
    namespace = {"__name__": "__main__"}
    for source in cells.values():
        try:
            exec(compile(source, "answer", "exec"), namespace)
        except BaseException:
            pass
    for check_id in ids:
        chk = get_check(check_id)
        out[f"{name} | {check_id}"] = (run_check(chk, namespace[chk.answer]).text()
                                       if chk.answer in namespace else "undefined")
print(json.dumps(out))
"""


def reports(answers: dict[str, dict[str, str]], ids: list[str], lib: Path | None) -> dict:
    env = None
    if lib is not None:
        import os

        env = {**os.environ, "PYTHONPATH": str(lib)}
    done = subprocess.run([sys.executable, "-c", REPORTS], input=json.dumps([answers, ids]),
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_the_student_edition_is_the_one_that_runs(student_lib: Path) -> None:
    code = "import agentloop.checks.ch1 as m; print(hasattr(m, 'REFERENCE'), m.__file__)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={"PYTHONPATH": str(student_lib), "PATH": "/usr/bin:/bin"})
    assert done.stdout.split()[0] == "False" and str(student_lib) in done.stdout, done.stderr


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_visible_cases_are_judged_as_in_the_full_course(notebook: Path, student_lib: Path):
    nb = nbformat.read(notebook, as_version=4)
    ids = check_ids(nb)
    answers = variants(notebook)
    full, student = reports(answers, ids, None), reports(answers, ids, student_lib)
    module = importlib.import_module(f"agentloop.checks.{ids[0].split('-')[0]}")
    unavailable = set(bsc.student_edition(module).unavailable)
    for key, text in full.items():
        check_id = key.split(" | ")[1]
        if check_id in unavailable:  # never a verdict it cannot give: ✘ with the reason
            assert "all passed" not in student[key], student[key]
            if "all passed" in text:
                assert "not part of the in-browser edition" in student[key], student[key]
        else:
            assert student[key] == text, key


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_no_reference_or_hidden_case_is_in_the_student_edition(module) -> None:
    source = bsc.student_edition(module, bsc.notebook_imports().get(
        module.__name__.rsplit(".", 1)[-1], set())).source
    leaked = [name for name, text in forbidden_texts(module) if text in source]
    assert leaked == []
    names = bsc.forbidden_names(module)
    assert not [n for n in names if f"def {n}(" in source or f"\n{n} = " in source]


def test_no_answer_text_is_in_what_a_learner_may_read() -> None:
    """The texts the site's grep looks for are the chapter modules' own: none of them is in
    the public library (a closure a library helper made is judged by what it closes over)."""
    import build_site

    public = build_site.public_text(ROOT / "chapters")
    needles = build_site.answer_texts(ROOT / "chapters", public)
    assert any("ch1-decide-failure hidden cases" in what and "def state_for_rule(" in text
               for what, text, _ in needles)
    assert [what for what, text, whole in needles if whole and text in public] == []


def forbidden_texts(module) -> list[tuple[str, str]]:
    """(what, text) for every reference answer, hidden-case generator and facts function of
    the module: the source of a function or class, the printed forms of a value."""
    out = []
    for name, obj in bsc.forbidden_objects(module).items():
        if inspect.isfunction(obj) or inspect.isclass(obj):
            for text in bsc.own_sources(obj, module):
                out.append((name, text))
                if text.startswith(("def ", "class ", "@")):  # a line that a body follows
                    out.append((name, text.splitlines()[0]))
        else:
            for form in {repr(obj), pprint.pformat(obj), json.dumps(obj, default=str)}:
                if len(form) > 20:
                    out.append((name, form))
    return out


def test_a_verify_that_needs_the_reference_is_refused_not_leaked(tmp_path: Path) -> None:
    """A judge that calls a reference answer makes the build fail with its name."""
    source = '''
from agentloop.checks.core import Case, Check
from agentloop.checks.student import Verify

def answer_ref(x):
    return x * 2

def _judge(value, facts, output):
    return None if output == answer_ref(value) else "wrong"

def _facts(value):
    return None

DOUBLE = Check(id="ch99-double", answer="double", title="doubles", reference=answer_ref,
               cases=lambda: [Case(2, "two")], verify=Verify(_judge, _facts))
CHECKS = (DOUBLE,)
'''
    (tmp_path / "ch99_probe.py").write_text(source)
    sys.path.insert(0, str(tmp_path))
    try:
        module = importlib.import_module("ch99_probe")
        with pytest.raises(bsc.StudentEditionError, match="answer_ref"):
            bsc.student_edition(module)
    finally:
        sys.path.remove(str(tmp_path))


def test_every_chapter_module_has_a_student_edition_that_compiles(tmp_path: Path) -> None:
    editions = bsc.write_student_checks(tmp_path)
    assert {e.module for e in editions} == {m.__name__ for m in MODULES}
    for edition in editions:
        if edition.module in {f"agentloop.checks.ch{n}" for n in (1, 2, 3, 4)}:
            assert edition.unavailable == [], edition.module  # chapters 1–4 judge everything
    assert get_check("ch1-decide-failure").verify is not None  # the full module, here
    assert run_check(get_check("ch1-predict"), {}).passed is False
