"""The test suite's shape: every module of `agentloop` and `agentloop_grader` has a test file
of its name in the folder that mirrors it (or a reason in EXEMPT why it needs none), every
test asserts something, and no test picks a check by its position in a CHECKS tuple.

    lib/agentloop/duty/board.py              → tests/lib/duty/test_board.py
    grader/agentloop_grader/collect/walk.py  → tests/grader/collect/test_walk.py
    lib/agentloop/harness/__init__.py        → tests/lib/harness/test_harness.py
                                               (or tests/lib/test_harness.py)
    lib/agentloop/__init__.py                → tests/lib/test_agentloop.py
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
PACKAGES = {  # the package's folder → the tests' folder that mirrors it
    ROOT / "lib" / "agentloop": TESTS / "lib",
    ROOT / "grader" / "agentloop_grader": TESTS / "grader",
}

# Modules with no behaviour of their own to test: the module → why.
EXEMPT = {
    "lib/agentloop/__main__.py": "`python -m agentloop`: three lines that call cli.main",
    "lib/agentloop/commands/__init__.py": "a docstring: the list of the chapters' commands",
    "lib/agentloop/i18n/catalogs/bg.py": "data: the Bulgarian catalog, checked whole by "
                                         "tests/lib/i18n/test_catalogs.py",
    "lib/agentloop/i18n/catalogs/fa.py": "data: the Persian catalog, checked whole by "
                                         "tests/lib/i18n/test_catalogs.py",
    "lib/agentloop/i18n/catalogs/ru.py": "data: the Russian catalog, checked whole by "
                                         "tests/lib/i18n/test_catalogs.py",
    "lib/agentloop/duty/__init__.py": "a docstring: the modules of chapter 5",
    "lib/agentloop/duty/asking.py": "two constants: the names of the ask_when rules",
    "lib/agentloop/duty/state.py": "types only (TypedDicts); test_officer.py checks a run's "
                                   "state holds what they say",
    "lib/agentloop/harness/__init__.py": "re-exports the harness's modules, each tested in "
                                         "tests/lib/harness/",
    "lib/agentloop/practice/__init__.py": "re-exports progress, solution and show_solution",
    "grader/agentloop_grader/collect/scan.py": "the walk's state as dataclasses (Pick, Submission, "
                                               "Scan), read by every test in "
                                               "tests/grader/collect/",
    "grader/agentloop_grader/__init__.py": "a docstring: the grader's pipeline, folder by "
                                           "folder",
    "grader/agentloop_grader/judge/__init__.py": "a docstring: the judge's modules",
    "grader/agentloop_grader/read/__init__.py": "a docstring: the read stage's modules",
    "grader/agentloop_grader/record/__init__.py": "a docstring: the record stage's modules",
    "grader/agentloop_grader/report/__init__.py": "a docstring: the report stage's modules",
    "grader/agentloop_grader/run/__init__.py": "a docstring: the run stage's modules",
    "grader/agentloop_grader/sandbox/__init__.py": "a docstring: what the sandbox side is",
}

# What counts as asserting, besides `assert` and `raise`: pytest's own checks, and a call
# to a helper whose name says it asserts (assert_…, check_…, expect…, must…, verify…).
PYTEST_CHECKS = {"raises", "warns", "fail", "deprecated_call"}
ASSERTING_PREFIXES = ("assert", "check_", "expect", "must", "verify")


def modules() -> Iterator[Path]:
    for package in PACKAGES:
        yield from sorted(package.rglob("*.py"))


def mirrored_test_files(module: Path) -> list[Path]:
    """Where a newcomer looks for the tests of `module`, best first."""
    package = next(p for p in PACKAGES if module.is_relative_to(p))
    folder = PACKAGES[package].joinpath(*module.parent.relative_to(package).parts)
    if module.stem != "__init__":
        return [folder / f"test_{module.stem}.py"]
    if module.parent == package:
        return [folder / f"test_{package.name}.py"]
    return [folder / f"test_{module.parent.name}.py",
            folder.parent / f"test_{module.parent.name}.py"]


def all_test_files() -> list[Path]:
    return sorted(TESTS.rglob("test_*.py"))


def helper_functions() -> dict[str, ast.FunctionDef]:
    """Every function the helper modules under tests/ define (support/, browser/, …), by name:
    a test may assert through one of them."""
    found: dict[str, ast.FunctionDef] = {}
    for path in sorted(TESTS.rglob("*.py")):
        if path.name.startswith("test_"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                found.setdefault(node.name, node)
    return found


def _called_name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def asserts(function: ast.FunctionDef, known: dict[str, ast.FunctionDef],
            seen: frozenset[str] = frozenset()) -> bool:
    """Whether `function`, or a helper it calls (known by name), asserts anything."""
    for node in ast.walk(function):
        if isinstance(node, (ast.Assert, ast.Raise)):
            return True
        if isinstance(node, ast.Attribute) and node.attr in PYTEST_CHECKS \
                and isinstance(node.value, ast.Name) and node.value.id == "pytest":
            return True
        if isinstance(node, ast.Call):
            name = _called_name(node)
            if name is None:
                continue
            if name.startswith(ASSERTING_PREFIXES):
                return True
            if name in known and name not in seen \
                    and asserts(known[name], known, seen | {name}):
                return True
    return False


def collected_tests(tree: ast.Module) -> Iterator[ast.FunctionDef]:
    """The module's test functions, and those of its test classes."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
            yield node
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            yield from (item for item in node.body
                        if isinstance(item, ast.FunctionDef) and item.name.startswith("test"))


def silent_tests(source: str, helpers: dict[str, ast.FunctionDef]) -> list[str]:
    tree = ast.parse(source)
    known = dict(helpers)
    known.update((node.name, node) for node in ast.walk(tree)
                 if isinstance(node, ast.FunctionDef))
    return [f"{fn.name} (line {fn.lineno})" for fn in collected_tests(tree)
            if not asserts(fn, known)]


def _is_position(index: ast.expr) -> bool:
    if isinstance(index, ast.Slice):
        return True
    if isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub):
        index = index.operand
    return isinstance(index, ast.Constant) and type(index.value) is int


def _checks_name(value: ast.expr) -> str | None:
    """`CHECKS`, `ch1.CHECKS`, `LEARNER_CHECKS`, and those wrapped in list()/tuple()/sorted()."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) \
            and value.func.id in ("list", "tuple", "sorted") and value.args:
        value = value.args[0]
    name = value.id if isinstance(value, ast.Name) else \
        value.attr if isinstance(value, ast.Attribute) else None
    return name if name is not None and (name == "CHECKS" or name.endswith("_CHECKS")) else None


def checks_by_position(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Subscript) and _is_position(node.slice):
            name = _checks_name(node.value)
            if name is not None:
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


# --------------------------------------------------------------------------------- the suite

def test_every_module_has_a_test_file_of_its_name_or_a_reason() -> None:
    missing = []
    for module in modules():
        name = module.relative_to(ROOT).as_posix()
        if name not in EXEMPT and not any(path.exists() for path in mirrored_test_files(module)):
            missing.append(f"{name}: no {mirrored_test_files(module)[0].relative_to(ROOT)}")
    assert not missing, ("modules with no test file of their name (write one, move their "
                         "tests there, or give a reason in EXEMPT):\n" + "\n".join(missing))


def test_every_exemption_names_a_module_that_exists_and_has_no_test_file() -> None:
    stale = []
    for name in EXEMPT:
        module = ROOT / name
        if not module.exists():
            stale.append(f"{name}: no such module")
        elif any(path.exists() for path in mirrored_test_files(module)):
            stale.append(f"{name}: has {mirrored_test_files(module)[0].relative_to(ROOT)}")
    assert not stale, "exemptions to remove from EXEMPT:\n" + "\n".join(stale)


def test_every_test_asserts_something() -> None:
    helpers = helper_functions()
    silent = [f"{path.relative_to(ROOT)}: {test}" for path in all_test_files()
              for test in silent_tests(path.read_text(encoding="utf-8"), helpers)]
    assert not silent, "tests that assert nothing:\n" + "\n".join(silent)


def test_no_test_picks_a_check_by_its_position() -> None:
    found = [f"{path.relative_to(ROOT)} {where}" for path in all_test_files()
             for where in checks_by_position(path.read_text(encoding="utf-8"))]
    assert not found, ("checks picked by position (look a check up by its id: "
                       "get_check(id), or a dict by id):\n" + "\n".join(found))


# ------------------------------------------------------------------------- the scans alone

def test_the_mirrored_names() -> None:
    lib, grader = ROOT / "lib" / "agentloop", ROOT / "grader" / "agentloop_grader"
    assert mirrored_test_files(lib / "duty" / "board.py") == [TESTS / "lib/duty/test_board.py"]
    assert mirrored_test_files(grader / "collect" / "walk.py") == \
        [TESTS / "grader/collect/test_walk.py"]
    assert mirrored_test_files(lib / "harness" / "__init__.py") == \
        [TESTS / "lib/harness/test_harness.py", TESTS / "lib/test_harness.py"]
    assert mirrored_test_files(lib / "__init__.py") == [TESTS / "lib/test_agentloop.py"]
    assert mirrored_test_files(grader / "__init__.py") == \
        [TESTS / "grader/test_agentloop_grader.py"]


SILENT = '''
def _look(x):
    return x + 1

def test_silent():
    _look(1)

class TestThings:
    def test_silent_too(self):
        print("hi")

def test_only_skipped():
    pytest.skip("later")
'''

LOUD = '''
import pytest

def _must_be_one(x):
    assert x == 1

def _indirect(x):
    _must_be_one(x)

def test_assert():
    assert 1

def test_raises():
    with pytest.raises(ValueError):
        int("x")

def test_through_a_helper():
    _indirect(1)

def test_through_a_support_helper():
    shared_helper(1)

def test_a_named_check():
    assert_same(1, 1)

def test_an_explicit_failure():
    if 1 != 1:
        raise AssertionError("1 is 1")
'''


def test_the_assertion_scan_finds_silent_tests_and_only_them() -> None:
    shared = ast.parse("def shared_helper(x):\n    assert x\n").body[0]
    assert isinstance(shared, ast.FunctionDef)
    assert silent_tests(SILENT, {}) == \
        ["test_silent (line 5)", "test_silent_too (line 9)", "test_only_skipped (line 12)"]
    assert silent_tests(LOUD, {"shared_helper": shared}) == []
    assert silent_tests(LOUD, {}) == ["test_through_a_support_helper (line 20)"]


@pytest.mark.parametrize("code", ["CHECKS[0]", "CHECKS[-1]", "CHECKS[:3]", "ch1.CHECKS[2]",
                                  "LEARNER_CHECKS[0]", "list(CHECKS)[1]"])
def test_the_position_scan_finds_a_check_picked_by_position(code: str) -> None:
    assert checks_by_position(f"x = {code}\n") == [f"line 1: {code}"]


@pytest.mark.parametrize("code", ["get_check('ch1-decide-failure')", "BY_ID[chk.id]",
                                  "EXERCISE_CHECKS['ch2-validate-answer']", "checks[0]",
                                  "CASES[0]"])
def test_the_position_scan_lets_a_lookup_by_id_pass(code: str) -> None:
    assert checks_by_position(f"x = {code}\n") == []
