"""The gradebook on PostgreSQL, for real: a throwaway server for this module (Debian's
`postgresql` package), then `agentloop-grade release`, `autograde --workers 4` (twice) and
`export` with `--db postgresql+psycopg2://...`; every row is there once, with its score.

Skipped when no PostgreSQL binaries are installed, except under CI (CI=1), where it fails.
"""

from __future__ import annotations

import csv
import os
import pwd
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from agentloop_grader import testing as T
from agentloop_grader.cli import main
from agentloop_grader.course import Course

pytestmark = pytest.mark.slow
A = "01_agent_loop"
DATABASE = "gradebook"


def unavailable(reason: str) -> None:
    """Skip on a developer's machine; fail under CI, where PostgreSQL must be installed."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI must install it (Debian: apt-get install postgresql, "
                    "pip install -e '.[dev]' for psycopg2)", pytrace=False)
    pytest.skip(reason)


def postgres_bindir() -> Path | None:
    """The newest PostgreSQL server binaries: /usr/lib/postgresql/<N>/bin, or on PATH."""
    def version(folder: Path) -> tuple[int, ...]:
        return tuple(int(n) for n in re.findall(r"\d+", folder.parent.name)) or (0,)

    candidates = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=version, reverse=True)
    on_path = shutil.which("pg_ctl")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    for folder in candidates:
        if all((folder / tool).is_file() for tool in ("initdb", "pg_ctl", "postgres")):
            return folder
    return None


class Server:
    """A throwaway PostgreSQL cluster: unix socket only (no TCP port), trust auth, fsync off.

    PostgreSQL refuses to run as root; as root the cluster runs as `postgres` (created by
    Debian's package) or `nobody`, in a fresh 0700 directory under /tmp that it owns.
    """

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.base = Path(tempfile.mkdtemp(prefix="agentloop-pg-", dir="/tmp"))
        self.data, self.log = self.base / "data", self.base / "server.log"
        self.account = self._account()
        if self.account:
            os.chown(self.base, self.account.pw_uid, self.account.pw_gid)
        self.url = f"postgresql+psycopg2://grader@/{DATABASE}?host={self.base}"

    @staticmethod
    def _account() -> pwd.struct_passwd | None:
        if os.geteuid() != 0:
            return None  # run as ourselves
        for name in ("postgres", "nobody"):
            try:
                return pwd.getpwnam(name)
            except KeyError:
                continue
        raise RuntimeError("running as root with neither a `postgres` nor a `nobody` user")

    def run(self, tool: str, *args: str) -> None:
        as_user = ({"user": self.account.pw_uid, "group": self.account.pw_gid,
                    "extra_groups": []} if self.account else {})
        result = subprocess.run([str(self.bindir / tool), *args], cwd=self.base,
                                capture_output=True, text=True, timeout=120,
                                env={"PATH": "/usr/bin:/bin", "LC_ALL": "C", "TZ": "UTC"},
                                **as_user)
        if result.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise RuntimeError(f"{tool} failed ({result.returncode}): {result.stderr}\n{log}")

    def start(self) -> None:
        self.run("initdb", "-D", str(self.data), "-U", "grader", "--auth=trust",
                 "--encoding=UTF8", "--no-locale", "--no-sync")
        self.run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60",
                 "-o", f"-c listen_addresses='' -k {self.base} -c fsync=off", "start")
        self.run("createdb", "-h", str(self.base), "-U", "grader", DATABASE)

    def stop(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self.run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "60",
                         "stop")
        finally:
            shutil.rmtree(self.base, ignore_errors=True)


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    try:
        import psycopg2  # noqa: F401
    except ImportError:
        unavailable("psycopg2 is not installed")
    bindir = postgres_bindir()
    if bindir is None:
        unavailable("no PostgreSQL server binaries (initdb, pg_ctl) in /usr/lib/postgresql/*/bin "
                    "or on PATH")
    server = Server(bindir)
    try:
        server.start()
        yield server.url
    finally:
        server.stop()
    assert not server.base.exists()


def _class(course: Course, size: int) -> dict[str, float]:
    """`size` students: solution, blank, subtly wrong, late solution, in turn; plus one
    missing and one unreadable notebook. Returns each student's expected raw score."""
    source, blank = T.read(course.source_notebook(A)), T.read(course.released_notebook(A))
    wrong, partial = T.roundtrip(A)
    tests = T.test_cells(source)
    full = sum(tests.values())
    kinds = [(source, full), (blank, 0.0),
             (T.with_answers(source, wrong), sum(tests[g] for g, ok in partial.items() if ok)),
             (source, full)]
    expected = {}
    for number in range(size):
        nb, score = kinds[number % len(kinds)]
        student = f"pg_{number:03d}"
        late = number % len(kinds) == 3
        T.submit(course, A, student, nb, timestamp="2026-12-02 09:00:00.000000 UTC" if late
                 else "2026-11-30 09:00:00.000000 UTC")
        expected[student] = score
    T.submit(course, A, "pg_missing", None)
    T.submit(course, A, "pg_garbage", b"\x00 not a notebook")
    expected |= {"pg_missing": 0.0, "pg_garbage": 0.0}
    return expected


def test_release_autograde_export_on_postgresql(postgres_url, tmp_path, capsys):
    course = Course(tmp_path / "course", postgres_url)
    db = ["--course", str(course.root), "--db", postgres_url]
    assert main(["release", A, "--due", "2026-12-01 17:00:00 UTC", *db]) == 0
    assert not (course.root / "gradebook.db").exists()  # nothing went to SQLite
    expected = _class(course, 24)
    late = {s for s in expected if s.startswith("pg_") and s[3:].isdigit()
            and int(s[3:]) % 4 == 3}
    (course.root / "nbgrader_config.py").write_text(
        "c.LateSubmissionPlugin.penalty_method = 'zero'\n")
    # the server's socket directory is not in what sandboxed code may see (and no job may
    # open a socket at all)
    from agentloop_grader.isolation import View

    socket_dir = str(Path(postgres_url.rsplit("host=", 1)[1]).resolve())
    view = View.for_this_python(str(tmp_path / "work"))
    assert not any(socket_dir == p or socket_dir.startswith(p.rstrip("/") + "/")
                   for p in view.job_readable())

    for workers in ("4", "3"):  # grading again updates the same rows
        capsys.readouterr()
        status = main(["autograde", A, "--workers", workers, "--no-progress",
                       "--time-limit", "20", *db])
        out = capsys.readouterr().out
        assert status == 0, out
        assert "gradebook:" not in out, out  # no row failed to be written
        _check_gradebook(course, expected, late)

    out_csv = tmp_path / "grades.csv"
    assert main(["export", "--out", str(out_csv), *db]) == 0
    rows = {r["student_id"]: r for r in csv.DictReader(out_csv.open())}
    assert set(rows) == set(expected)
    for student, score in expected.items():
        net = 0.0 if student in late else score
        assert float(rows[student][f"{A}/total (9 pts)"]) == net, student
        assert float(rows[student][f"{A}/late penalty"]) == (score if student in late else 0)


def _check_gradebook(course: Course, expected: dict[str, float], late: set[str]) -> None:
    """Every student once, with one notebook and one grade per test cell, scores as expected."""
    from sqlalchemy import create_engine, text

    tests = T.test_cells(T.read(course.source_notebook(A)))
    scores = T.gradebook_scores(course, A)
    assert set(scores) == set(expected)
    assert {s: sum(v or 0 for v in cells.values()) for s, cells in scores.items()} == expected
    assert all(set(cells) == set(tests) for cells in scores.values())
    with course.gradebook() as gb:
        for student, score in expected.items():
            submission = gb.find_submission(A, student)
            assert submission.score == score, student
            assert (submission.total_seconds_late > 0) == (student in late), student
            assert submission.late_submission_penalty == (score if student in late else 0)
    engine = create_engine(course.gradebook_url)
    try:
        with engine.connect() as db:
            count = {table: db.execute(text(f"SELECT count(*) FROM {table}")).scalar_one()
                     for table in ("student", "submitted_assignment", "submitted_notebook",
                                   "grade")}
            dupes = db.execute(text(
                "SELECT count(*) FROM (SELECT notebook_id, cell_id FROM grade "
                "GROUP BY notebook_id, cell_id HAVING count(*) > 1) AS d")).scalar_one()
    finally:
        engine.dispose()
    n = len(expected)
    assert count == {"student": n, "submitted_assignment": n, "submitted_notebook": n,
                     "grade": n * len(tests)}
    assert dupes == 0
