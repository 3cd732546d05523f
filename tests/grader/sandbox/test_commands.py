"""A notebook's shell commands (agentloop_grader.sandbox.commands): in the sandbox they run
as ipykernel runs them for stock — `!cmd` in a terminal, `!!cmd` and `x = !cmd` through
pipes, `%%bash` with the cell on stdin — with no network, and nothing they start outlives
the job. Outside a sandbox (no command host) the same calls are IPython's own.

The lab course (test_real_courses.py) grades `!ls`, `!python -V` and `%%bash` against
stock in every mode, as root and as a teacher; here each behaviour is tried on its own.
"""

from __future__ import annotations

import os
import socket
import sys
import tempfile
from pathlib import Path

import pytest
from agentloop_grader.isolation import IsolationUnavailable, View, choose
from agentloop_grader.protocol import CellJob, CellKind, Job, Limits, Setup
from agentloop_grader.run.supervisor import run_job
from agentloop_grader.run.workers import Worker
from agentloop_grader.sandbox.cells import CellRunner
from unprivileged import is_root, run_as_teacher, run_with_python_reachable

MARK = f"31.4159{os.getpid()}"  # a sleep nobody else runs (this file runs again as the
# teacher, maybe at the same time): found in /proc while it lives


def _texts(result) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in result.outputs:
        key = item.get("name") or item["output_type"]
        out[key] = out.get(key, "") + (item.get("text") or item.get("ename", ""))
    return out


@pytest.fixture(scope="module")
def runner() -> CellRunner:
    return CellRunner()


def test_without_a_host_the_commands_are_ipythons(runner):
    """What a kernel's user sees: the terminal's \\r\\n for !cmd, lines for x = !cmd."""
    shown = _texts(runner.run_student_cell("a", "!echo one; echo two >&2"))
    assert shown == {"stdout": "one\r\ntwo\r\n"}
    runner.run_student_cell("b", "x = !echo out; echo err >&2")
    assert list(runner.namespace["x"]) == ["out", "err"]
    shown = _texts(runner.run_student_cell("c", "%%bash\necho out; echo err >&2"))
    assert shown == {"stdout": "out\n", "stderr": "err\n"}


@pytest.fixture(scope="module", params=["namespaces", "landlock"])
def worker(request):
    try:
        choice = choose(request.param)
    except IsolationUnavailable as exc:
        pytest.skip(str(exc))
    tmp = Path(tempfile.mkdtemp(prefix="agentloop-commands-"))
    os.chmod(tmp, 0o711)
    root, files = tmp / "w", tmp / "files"
    root.mkdir()
    (files / "data").mkdir(parents=True)
    (files / "data" / "x.csv").write_text("a,b\n")
    for path in (root, files, files / "data"):
        os.chmod(path, 0o711 if path == root else 0o755)
    os.chmod(files / "data" / "x.csv", 0o644)
    view = View.for_this_python(str(root), extra_readable=(str(files),))
    setup = Setup(("agentloop",), (), str(files), choice.to_plain(), view.to_plain(),
                  ("data/x.csv",))
    worker = Worker(setup, choice, view, root)
    try:
        worker.start()
    except Exception as exc:  # e.g. landlock as root with Python under a 0700 /root
        pytest.skip(f"{request.param}: {exc}")
    yield worker
    worker.close()


def _run(worker, *sources: str, time_s: float = 5.0):
    cells = tuple(CellJob(f"c{i}", CellKind.PLAIN, s) for i, s in enumerate(sources))
    run = run_job(Job("cmd", "s", "nb", cells, Limits(time_s=time_s, memory_mb=1024)), worker)
    return [run.cells[c.cell_id].result for c in cells]


# a command the grader's hint cannot see: the name is made at run time
HIDDEN = "ip = get_ipython()\ngetattr(ip, 'sys' + 'tem')('echo hidden')"


@pytest.mark.parametrize("sources", [
    ("x = 1", "print(x)"),
    ("x = 1", "import IPython\n" + HIDDEN.replace("get_ipython()", "IPython.get_ipython()"),
     "print(x + 1)"),
    ("%%capture out\n" + HIDDEN.replace("get_ipython()", "__import__('IPython')."
                                         "get_ipython()"), "print(out.stdout.strip())"),
])
def test_a_job_started_without_a_host_gets_one_when_it_runs_a_command(worker, sources):
    """Without a host (no cell looks like a shell command) a job that runs one after all
    runs again, from the start, with one: the notebook's outputs are the same as with a
    host from the start, and the run counts one attempt."""
    cells = tuple(CellJob(f"c{i}", CellKind.PLAIN, s) for i, s in enumerate(sources))
    limits = Limits(time_s=5.0, memory_mb=1024)
    with_host = run_job(Job("cmd", "s", "nb", cells, limits), worker)
    without = run_job(Job("cmd", "s", "nb", cells, limits, commands=False), worker)
    for run in (with_host, without):
        assert run.attempts == 1 and not run.problems, run.problems
    assert [_texts(without.cells[c.cell_id].result) for c in cells] == \
        [_texts(with_host.cells[c.cell_id].result) for c in cells]
    if "hidden" in "".join(sources):
        assert "hidden" in "".join(str(_texts(without.cells[c.cell_id].result))
                                   for c in cells)


def test_the_hint_gives_a_host_to_what_looks_like_a_command():
    from agentloop_grader.run.jobs import may_run_commands

    def hint(*sources: str) -> bool:
        return may_run_commands(tuple(CellJob("c", CellKind.PLAIN, s) for s in sources))

    for shell in ("!ls", "files = !ls", "%%bash\necho", "%pip install x", "%sx ls",
                  "%%time\n!ls", "get_ipython().system('ls')"):
        assert hint("x = 1", shell), shell
    for quiet in ("x = 1", "a != b", "print('!')", "%matplotlib inline", "%%timeit\nf()"):
        assert not hint(quiet), quiet


def test_shell_commands_run_in_the_sandbox(worker):
    bang, captured, script, pip = _run(
        worker, "!python -V\n!ls data", "x = !echo out; echo err >&2\nprint(list(x))",
        "%%bash\necho out; echo err >&2\nwc -l < data/x.csv",
        "!pip list --disable-pip-version-check 2>&1 | head -1")
    assert _texts(bang) == {"stdout": f"Python {sys.version.split()[0]}\r\nx.csv\r\n"}
    assert _texts(captured) == {"stdout": "['out', 'err']\n"}
    assert _texts(script) == {"stdout": "out\n1\n", "stderr": "err\n"}
    assert _texts(pip)["stdout"].startswith("Package")


def test_a_failing_script_raises_as_in_ipython(worker):
    failed, missing = _run(worker, "%%bash\nexit 3", "%%script no-such-program\nx")
    assert failed.error.startswith("CalledProcessError")
    assert _texts(missing) == {"stdout": "Couldn't find program: 'no-such-program'\n"}


def test_commands_have_no_network_and_keep_the_limits(worker):
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    port = server.getsockname()[1]
    try:
        connect, setsid, nproc = _run(
            worker,
            f"!python -c \"import socket; socket.create_connection(('127.0.0.1', {port}), 1)\"",
            "!python -c 'import os; os.setsid()'",
            "!python -c 'import resource; print(resource.getrlimit(resource.RLIMIT_NPROC))'")
    finally:
        server.close()
    assert "PermissionError" in _texts(connect)["stdout"]
    assert "PermissionError" in _texts(setsid)["stdout"]  # it stays in the job's group
    soft, hard = (int(n) for n in _texts(nproc)["stdout"].strip(" ()\r\n").split(","))
    assert 0 < soft == hard < 1 << 20


def _alive(mark: str) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        try:
            if entry.isdigit() and mark.encode() in Path(f"/proc/{entry}/cmdline").read_bytes():
                found.append(int(entry))
        except OSError:
            continue
    return found


@pytest.mark.parametrize("how", ["ends", "times out"])
def test_nothing_a_command_starts_outlives_the_job(worker, how):
    background = f"!(sleep {MARK} &) ; (setsid sleep {MARK} &) 2>/dev/null; echo started"
    cells = [background] + (["while True:\n    pass"] if how == "times out" else [])
    first = _run(worker, *cells, time_s=3.0)[0]
    assert _texts(first) == {"stdout": "started\r\n"}
    assert _alive(MARK) == []  # killed with the job's process group, reaped by the worker


def test_the_job_itself_still_starts_no_process(worker):
    forked, = _run(worker, "import os\nos.fork()")
    assert forked.error == "PermissionError: [Errno 1] Operation not permitted"


NESTED = "AGENTLOOP_COMMANDS_TEST_NESTED"


@pytest.mark.skipif(not is_root() or os.environ.get(NESTED) == "1",
                    reason="run as root: this file again as the teacher and, for landlock, "
                    "with this Python reachable by uid 65534")
@pytest.mark.parametrize("account", ["teacher", "root with Python reachable"])
def test_the_same_as_the_other_accounts(account):
    argv = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", __file__]
    env = {NESTED: "1"}
    if account == "teacher":
        done = run_as_teacher([*argv, "-k", "not other_accounts"],
                              cwd=str(Path(__file__).parent), env=env, timeout=600)
    else:
        done = run_with_python_reachable([*argv, "-k", "landlock and not other_accounts"],
                                         cwd="/", env={**os.environ, **env}, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "skipped" not in done.stdout, done.stdout[-2000:]
