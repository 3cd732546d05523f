"""Attack a confined job from inside, in one isolation mode; print what held, as JSON.

    python tests/support/isolation_probe.py MODE BASE_DIR [--linger] [--bwrap PATH]

Plays the grader: makes a course dir, a neighbour's submission and a gradebook path in
BASE_DIR (outside the view), a neighbouring job's work dir, a TCP server on 127.0.0.1 and
a secret in its own environment, plus a worker-only dir (hidden checks the worker
reads at start, its jobs may not); starts a worker with `worker_command` (control socket
through pass_fds, like the real zygote); the worker forks a job that calls
`confine_job` and then tries each attack. Output: {"choice", "worker", "job": {name:
{"ok", "detail"}}, "worker_alive", "survivors"}. With --linger, a second job sleeps after
confinement, the worker is SIGKILLed and "survivors" lists what was left behind (none).
--bwrap forces one bubblewrap binary (namespaces mode).
MODE "trusted" is the control run: the same attacks, without isolation, mostly succeed.
Run by tests/grader/isolation/test_isolation.py, as root and as an unprivileged teacher.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

from agentloop_grader.isolation import View, choose, prepare_workdir, worker_command
from agentloop_grader.protocol import Limits

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SECRET = "agentloop-probe-secret"
WAIT_SECONDS = 30.0

# Runs inside the sandbox with `python -I -c`: tests/ is not readable there.
WORKER = r'''
import json, os, socket, sys, time
from agentloop_grader.isolation import (Choice, Mode, View, confine_job, harden_worker,
                                        prepare_confinement)
from agentloop_grader.protocol import Limits

control = socket.socket(fileno=int(sys.argv[1]))
spec = json.loads(control.makefile().readline())
choice = Choice(**dict(spec["choice"], mode=Mode(spec["choice"]["mode"]),
                       layers=tuple(spec["choice"]["layers"])))
view = View.from_plain(spec["view"])
limits = Limits(**spec["limits"])
try:  # like the zygote: pre-import numpy, and start its BLAS threads, before any job
    import numpy
    numpy.ones((64, 64)) @ numpy.ones((64, 64))
except ImportError:
    pass
status = {k: v for k, v in (line.split(":", 1) for line in open("/proc/self/status")
                            if line.startswith(("Uid", "CapEff", "NoNewPrivs")))}
if choice.mode is not Mode.TRUSTED:
    harden_worker()
confinement = prepare_confinement(choice, view)  # as the zygote: once, before any job
view_fds = confinement.fds() if confinement is not None else ()
import tempfile  # the worker's own scratch file (its TMPDIR), e.g. IPython's history
with tempfile.NamedTemporaryFile("w", suffix=".sqlite", delete=False) as scratch:
    scratch.write("worker history")
spec["targets"]["worker_tmp_file"] = scratch.name
worker = {"pid": os.getpid(), "uid": os.getuid(),
          "read_worker_only": open(spec["targets"]["worker_only_file"]).read() == "hidden",
          "status": {k: v.strip() for k, v in status.items()},
          "environ_keys": sorted(os.environ),
          "prepared": {part: getattr(confinement, part, None) is not None
                       for part in ("rules", "job_filter", "host_filter")}}


def job(code):
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        try:
            confine_job(choice, view, spec["workdir"], limits, keep_fds={write_fd},
                        confinement=confinement)
            exec(code, {"spec": spec, "out": write_fd, "view_fds": view_fds})
        except BaseException as exc:
            os.write(write_fd, json.dumps({"confine": {"ok": False,
                     "detail": repr(exc)}}).encode())
        os._exit(0)
    os.close(write_fd)
    return pid, read_fd


def read_all(fd):
    data = b""
    while chunk := os.read(fd, 65536):
        data += chunk
    os.close(fd)
    return data


pid, fd = job(spec["attacks"])
results = read_all(fd)
_, code = os.waitpid(pid, 0)
os.unlink(scratch.name)
reply = {"worker": worker, "job": json.loads(results or b"{}"), "job_status": code,
         "worker_alive": True}
control.sendall((json.dumps(reply) + "\n").encode())
if spec["linger"]:
    pid, fd = job("import os, time\nos.write(out, b'sleeping')\ntime.sleep(600)")
    os.read(fd, 100)
    control.sendall(b"lingering\n")
    time.sleep(600)
'''

# The attacks, run in the confined job; `spec` and `out` (a pipe to the worker) are given.
ATTACKS = r'''
import ctypes, json, os, signal, socket, struct, subprocess, threading

results = {}


def attempt(name, action):
    try:
        detail = action()
        results[name] = {"ok": True, "detail": repr(detail)[:200]}
    except BaseException as exc:
        results[name] = {"ok": False, "detail": f"{type(exc).__name__}: {exc}"[:200]}


def read(path):
    with open(path, "rb") as handle:
        return handle.read(64)


def write(path):
    with open(path, "w") as handle:
        handle.write("all marks")
    return path


def libc_call(name, *args):
    libc = ctypes.CDLL(None, use_errno=True)
    if getattr(libc, name)(*args) == -1:
        err = ctypes.get_errno()
        raise OSError(err, os.strerror(err))
    return "succeeded"


def raw(name, *args):
    """A syscall by name, for calls Python has no wrapper for."""
    import seccompy
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    if libc.syscall(seccompy.syscall_nr(name), *args) == -1:
        err = ctypes.get_errno()
        raise OSError(err, os.strerror(err))
    return "succeeded"


def worker_fds():
    """The worker's fds on the view (Landlock rules made ahead): closed in a confined job."""
    still = [fd for fd in view_fds if fd_open(fd)]
    if still:
        return still
    raise OSError(9, f"all {len(view_fds)} closed")


def fd_open(fd):
    try:
        os.fstat(fd)
        return True
    except OSError:
        return False


def fork():
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
    return pid


def connect():
    with socket.socket() as sock:
        sock.settimeout(2)
        sock.connect(("127.0.0.1", spec["port"]))
        return sock.recv(16)


def environ(pid):
    data = open(f"/proc/{pid}/environ", "rb").read()
    return "SECRET LEAKED" if spec["secret"].encode() in data else f"{len(data)} bytes"


def threads():
    total = []
    workers = [threading.Thread(target=lambda i=i: total.append(sum(range(i * 1000))))
               for i in range(8)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(4) as pool:
        squares = list(pool.map(lambda x: x * x, range(100)))
    if len(total) != 8 or sum(squares) != 328350:
        raise RuntimeError("threads did not all run")
    return len(total)


def numpy_threads():
    import sys
    if "numpy" not in sys.modules:
        return "numpy is not installed"
    import numpy
    matrix = numpy.random.default_rng(0).random((400, 400))
    return float((matrix @ matrix).sum())


def workdir():
    import tempfile
    with open("answer.txt", "w") as handle:
        handle.write("42")
    with tempfile.NamedTemporaryFile("w", delete=False) as handle:
        handle.write("scratch")
    if not handle.name.startswith(spec["workdir"]):
        raise RuntimeError(f"temp file outside the work dir: {handle.name}")
    return open(os.path.join(spec["workdir"], "answer.txt")).read()


def imports():
    import csv, decimal, email.parser, fractions, sqlite3, statistics, xml.dom.minidom
    import agentloop, agentloop.loop
    return [m.__name__ for m in (csv, decimal, email.parser, fractions, sqlite3, statistics,
                                 xml.dom.minidom, agentloop, agentloop.loop)]


t = spec["targets"]
attempt("read_course", lambda: read(t["course_file"]))
attempt("read_neighbour", lambda: read(t["neighbour_file"]))
attempt("read_neighbour_job", lambda: read(t["neighbour_job_file"]))
attempt("read_worker_only", lambda: read(t["worker_only_file"]))
attempt("read_worker_tmp", lambda: read(t["worker_tmp_file"]))
attempt("read_chapter", lambda: read(os.path.join(spec["repo"], "chapters",
                                                  "01_agent_loop.ipynb")))
attempt("list_repo", lambda: os.listdir(spec["repo"]))
attempt("list_tests", lambda: os.listdir(os.path.join(spec["repo"], "tests")))
attempt("list_home", lambda: os.listdir(t["home"]))
attempt("list_tmp", lambda: os.listdir("/tmp"))
attempt("list_base", lambda: os.listdir(t["base"]))
attempt("write_gradebook", lambda: write(t["gradebook"]))
attempt("write_work_root", lambda: write(os.path.join(t["work_root"], "planted.py")))
attempt("write_sandbox_root", lambda: write("/planted.py"))
attempt("write_dev_shm", lambda: write("/dev/shm/planted"))
# Without isolation (the trusted control run) these would really hit the worker: probe
# with signal 0 and skip what would stop or kill it.
control = spec["choice"]["mode"] == "trusted"
attempt("kill_parent", lambda: os.kill(os.getppid(), 0 if control else signal.SIGKILL))
attempt("kill_grader", lambda: os.kill(spec["grader_pid"], 0))
attempt("kill_group", lambda: os.kill(0, 0 if control else signal.SIGTERM))
attempt("kill_everyone", lambda: os.kill(-1, 0))
# si_code SI_QUEUE (-1): the kernel itself would allow it towards a same-uid process
attempt("sigqueue_parent", lambda: raw("rt_sigqueueinfo", os.getppid(), 0,
                                       ctypes.create_string_buffer(
                                           struct.pack("iii", 0, 0, -1), 128)))
attempt("pidfd_parent", lambda: raw("pidfd_open", os.getppid(), 0))
attempt("vm_read_parent", lambda: raw("process_vm_readv", os.getppid(), None, 0, None, 0, 0))
attempt("io_uring", lambda: raw("io_uring_setup", 8, ctypes.create_string_buffer(120)))
attempt("fork", fork)
attempt("subprocess", lambda: subprocess.run(["/bin/true"], check=True))
attempt("os_system", lambda: (os.system("true") == 0) or 1 / 0)
attempt("socket_tcp", connect)
attempt("socket_unix", lambda: socket.socket(socket.AF_UNIX))
attempt("socketpair", lambda: socket.socketpair())
attempt("environ_grader", lambda: environ(spec["grader_pid"]))
attempt("environ_parent", lambda: environ(os.getppid()))
if not control:
    attempt("ptrace_parent", lambda: libc_call("ptrace", 16, os.getppid(), None, None))
attempt("unshare_user", lambda: libc_call("unshare", 0x10000000))
attempt("setsid", os.setsid)
attempt("worker_fds", worker_fds)
attempt("threads", threads)
attempt("numpy_threads", numpy_threads)
attempt("workdir", workdir)
attempt("imports", imports)
attempt("kill_self_check", lambda: os.kill(os.getpid(), 0))
attempt("devnull", lambda: write(os.devnull) and read("/dev/urandom"))
attempt("uid", lambda: (os.getuid(), os.geteuid(), os.getgid()) if os.getuid() else 1 / 0)
os.write(out, json.dumps(results).encode())
'''


def serve(server: socket.socket) -> None:
    while True:
        try:
            conn, _ = server.accept()
        except OSError:
            return
        conn.sendall(b"hello")
        conn.close()


def setup(base: str) -> dict[str, str]:
    """The grader's side of the file system, outside the view; world-readable on purpose,
    so that only the isolation (not file modes) keeps the job out."""
    os.chmod(base, 0o755)
    targets = {"base": base, "home": os.path.expanduser("~"),
               "gradebook": os.path.join(base, "gradebook.db"),
               "work_root": os.path.join(base, "work")}
    for key, path in (("course_file", "course/source/ps1/checks.py"),
                      ("neighbour_file", "course/submitted/bob/ps1/answer.ipynb"),
                      ("worker_only_file", "hidden-checks/ps1_checks.py")):
        targets[key] = os.path.join(base, path)
        os.makedirs(os.path.dirname(targets[key]), mode=0o755, exist_ok=True)
        with open(targets[key], "w") as handle:
            handle.write("hidden")
        os.chmod(targets[key], 0o644)
    os.makedirs(targets["work_root"], mode=0o711, exist_ok=True)
    return targets


def descendants(root: int) -> set[int]:
    """Host pids below `root` (by parent pid), read from /proc."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    parents[int(entry)] = int(handle.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    found, frontier = set(), {root}
    while frontier:
        frontier = {pid for pid, ppid in parents.items() if ppid in frontier} - found
        found |= frontier
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode")
    parser.add_argument("base")
    parser.add_argument("--linger", action="store_true")
    parser.add_argument("--bwrap")
    args = parser.parse_args()
    os.environ["AGENTLOOP_PROBE_SECRET"] = SECRET  # what /proc/<grader>/environ would leak
    targets = setup(os.path.abspath(args.base))
    server = socket.create_server(("127.0.0.1", 0))
    threading.Thread(target=serve, args=(server,), daemon=True).start()

    choice = choose(args.mode, trusted=args.mode == "trusted")
    if args.bwrap:
        choice = dataclasses.replace(choice, tool=args.bwrap, detail=args.bwrap)
    view = View.for_this_python(targets["work_root"],
                                worker_only=[os.path.dirname(targets["worker_only_file"])])
    neighbour = os.path.join(targets["work_root"], "job-neighbour")
    prepare_workdir(choice, neighbour)
    targets["neighbour_job_file"] = os.path.join(neighbour, "answer.py")
    with open(targets["neighbour_job_file"], "w") as handle:
        handle.write("bob's answer")
    os.chmod(targets["neighbour_job_file"], 0o644)
    workdir = os.path.join(targets["work_root"], "job-1")
    prepare_workdir(choice, workdir)

    ours, theirs = socket.socketpair()
    cmd = worker_command(choice, view, [sys.executable, "-I", "-c", WORKER,
                                        str(theirs.fileno())])
    started = time.monotonic()
    proc = subprocess.Popen(cmd, pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL)
    theirs.close()
    # a job of no cell under Limits(time_s=25) gets 30 s of CPU (Limits.cpu_seconds)
    spec = {"choice": dataclasses.asdict(choice), "view": dataclasses.asdict(view),
            "limits": dataclasses.asdict(Limits(time_s=25)), "workdir": workdir,
            "targets": targets, "port": server.getsockname()[1], "grader_pid": os.getpid(),
            "secret": SECRET, "repo": REPO, "attacks": ATTACKS, "linger": args.linger}
    ours.sendall((json.dumps(spec) + "\n").encode())
    ours.settimeout(WAIT_SECONDS)
    replies = ours.makefile()
    line = replies.readline()
    report = json.loads(line) if line else {"worker_alive": False, "job": {}}
    report["choice"] = choice.describe()
    report["mode"] = str(choice.mode)
    report["seconds"] = round(time.monotonic() - started, 3)
    report["gradebook_exists"] = os.path.exists(targets["gradebook"])
    report["planted_exists"] = os.path.exists(os.path.join(targets["work_root"], "planted.py"))
    if args.linger and report["worker_alive"]:
        replies.readline()  # the second job is confined and asleep
        below = descendants(proc.pid)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and _alive(below):
            time.sleep(0.05)
        report["lingering_before_kill"] = len(below)
        report["survivors"] = sorted(_alive(below))
    else:
        proc.kill()
        proc.wait()
    print(json.dumps(report))


def _alive(pids: set[int]) -> set[int]:
    alive = set()
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as handle:
                if handle.read().rsplit(")", 1)[1].split()[0] != "Z":
                    alive.add(pid)
        except OSError:
            continue
    return alive


if __name__ == "__main__":
    main()
