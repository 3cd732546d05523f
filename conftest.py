"""The whole suite's shared set-up (the chapters' notebooks under nbval included). tests/ mirrors
the code:

    tests/lib/…        agentloop (what a learner runs), one test file per module
    tests/grader/…     agentloop_grader (the teacher's side)
    tests/chapters/…   the chapter notebooks, their exercises and their round trips
    tests/browser/     JupyterLab and the zero-install site in Chromium
    tests/tools/       the build tools in tools/
    tests/support/     helpers the tests import (not tests themselves)
    tests/golden/      expected outputs, byte for byte

`./course test` runs the suite on two workers (`-n 2 --dist loadgroup`, pytest-xdist); "Parallel
runs" below says which tests share a worker.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent
TESTS = ROOT / "tests"
GOLDEN = TESTS / "golden"

# Helpers are imported by their own names (`from unprivileged import …`), wherever a test is.
for folder in (TESTS / "support", TESTS / "browser", TESTS / "grader" / "assignments"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

TIERS = ("lib", "grader", "chapters", "browser", "tools")
_tier_seconds: dict[str, float] = {}
_STARTED = pytest.StashKey[float]()


def _tier(nodeid: str) -> str:
    parts = nodeid.split("/")
    if parts[0] == "tests" and len(parts) > 2 and parts[1] in TIERS:
        return parts[1]
    return "notebooks" if parts[0] == "chapters" else "other"


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    tier = _tier(report.nodeid)
    _tier_seconds[tier] = _tier_seconds.get(tier, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter,
                            config: pytest.Config) -> None:
    """One line of how long each tier took (set-up, call and tear-down of its tests, added up
    over the workers of a parallel run) and the run's wall-clock time, so the next change
    that slows the suite shows where."""
    if not _tier_seconds:
        return
    order = [*TIERS, "notebooks", "other"]
    parts = [f"{tier} {_tier_seconds[tier]:.0f} s" for tier in order if tier in _tier_seconds]
    workers = config.getoption("numprocesses", None) or 0
    over = f" on {workers} workers" if workers else ""
    wall = time.monotonic() - config.stash.get(_STARTED, time.monotonic())
    terminalreporter.write_line(f"time by tier: {', '.join(parts)} "
                                f"(total {sum(_tier_seconds.values()):.0f} s{over}, "
                                f"wall clock {wall:.0f} s)")


@pytest.fixture(autouse=True)
def _speaks_english_afterwards() -> Iterator[None]:
    """Every test leaves the process in English: a translated chapter's `use_language`
    sets $AGENTLOOP_LANG, and the notebooks nbval runs later in this process (their kernels
    inherit the environment) must not speak it."""
    yield
    os.environ.pop("AGENTLOOP_LANG", None)
    languages = sys.modules.get("agentloop.i18n.languages")
    if languages is not None:
        languages._chosen = None


# --------------------------------------------------------------------------- parallel runs
# With `-n N --dist loadgroup`, a group of tests runs on one worker, so what its tests share
# is set up once: a test's group is the test file, except that every test using one of
# SHARED_FIXTURES (a session fixture too costly to make twice) joins that fixture's group,
# and a test marked `xdist_group(name)` joins that group. The groups that take longest go
# first (the browser's, then those with a `slow` test), so no worker is left with a long
# group at the end. The workers also share one folder, $AGENTLOOP_TEST_SHARED, for what is
# built once per run (tests/support/learner_builds.py); the controller removes it.
#
# (pytest-xdist's own loadgroup puts the group into the test's node id, which pytest 9 no
# longer lets a plugin change; here the workers write each test's group into the shared
# folder and the controller's scheduler reads it from there.)
SHARED_FIXTURES = {"lab_server": "browser-lab", "site_dir": "browser-site"}
SHARED_ENV = "AGENTLOOP_TEST_SHARED"


def _group(item: pytest.Item) -> str:
    marker = item.get_closest_marker("xdist_group")
    if marker is not None:
        return str(marker.args[0] if marker.args else marker.kwargs.get("name", "default"))
    for fixture, group in SHARED_FIXTURES.items():
        if fixture in getattr(item, "fixturenames", ()):
            return group
    return item.nodeid.split("::", 1)[0]


def _rank(members: list[pytest.Item]) -> int:
    if any(item.get_closest_marker("browser") for item in members):
        return 0
    return 1 if any(item.get_closest_marker("slow") for item in members) else 2


def _groups_file(worker: str) -> Path:
    return Path(os.environ[SHARED_ENV]) / f"groups-{worker}.json"


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_STARTED] = time.monotonic()
    controller = not hasattr(config, "workerinput")
    parallel = config.getoption("dist", "no") == "loadgroup"
    if controller and parallel and SHARED_ENV not in os.environ:
        shared = tempfile.mkdtemp(prefix="agentloop-test-run-")
        os.chmod(shared, 0o755)  # an ordinary account runs the shared venv's Python too
        os.environ[SHARED_ENV] = shared  # the workers, started after this, inherit it
        config.add_cleanup(lambda: shutil.rmtree(shared, ignore_errors=True))


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On a worker of a parallel run: order the tests group by group, longest groups
    first, and tell the controller each test's group."""
    worker = getattr(config, "workerinput", {}).get("workerid")
    if worker is None or SHARED_ENV not in os.environ:
        return
    groups: dict[str, list[pytest.Item]] = {}
    for item in items:
        groups.setdefault(_group(item), []).append(item)
    order = sorted(groups, key=lambda name: _rank(groups[name]))  # stable: collection order
    items[:] = [item for name in order for item in groups[name]]
    table = {item.nodeid: name for name in order for item in groups[name]}
    _groups_file(worker).write_text(json.dumps(table), encoding="utf-8")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """`--dist loadgroup`: whole groups to a worker, in the order the workers collected them."""
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):
        table: dict[str, str] | None = None

        def _split_scope(self, nodeid: str) -> str:
            if self.table is None:
                found = sorted(Path(os.environ[SHARED_ENV]).glob("groups-*.json"))
                self.table = json.loads(found[0].read_text(encoding="utf-8")) if found else {}
            return self.table.get(nodeid, nodeid.split("::", 1)[0])

    config.option.loadscopereorder = False  # keep the workers' order: longest groups first
    return GroupScheduling(config, log)
