"""The isolation layers hold, as root and as an ordinary teacher, in each mode.

The end-to-end cases run tests/support/isolation_probe.py (a worker started with
`worker_command`, a job confined with `confine_job`, then every attack); the rest checks
`choose`, the command lines, and each layer on its own in a forked child.
"""

from __future__ import annotations

import json
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import threading

import pytest
from agentloop_grader.isolation import (
    Choice,
    IsolationUnavailable,
    Layer,
    Mode,
    View,
    bwrap,
    choose,
    container,
    landlock_layer,
    prepare_workdir,
    seccomp_layer,
    worker_command,
)
from unprivileged import (  # noqa: F401 - teacher_tmp is a fixture
    TEACHER,
    blocked_python,
    is_root,
    run_as_teacher,
    run_with_python_reachable,
    teacher_tmp,
)

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
PROBE = os.path.join(REPO, "tests", "support", "isolation_probe.py")
MUST_FAIL = ("read_course", "read_neighbour", "read_neighbour_job", "read_worker_only",
             "read_worker_tmp", "read_chapter",
             "list_repo", "list_tests", "list_home", "list_tmp", "list_base",
             "write_gradebook", "write_work_root", "write_sandbox_root", "write_dev_shm",
             "kill_parent", "kill_grader", "kill_group", "kill_everyone", "sigqueue_parent",
             "pidfd_parent", "vm_read_parent", "io_uring",
             "fork", "subprocess", "os_system", "socket_tcp", "socket_unix", "socketpair",
             "environ_grader", "environ_parent", "ptrace_parent", "unshare_user", "setsid")
MUST_WORK = ("threads", "numpy_threads", "workdir", "imports", "kill_self_check", "devnull",
             "uid")

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")


def _cases() -> list:
    cases = []
    for binary in bwrap.candidates():
        for user in ("root", "teacher"):
            cases.append(pytest.param("namespaces", binary, user,
                                      id=f"namespaces-{user}-{os.path.basename(binary)}"
                                         f"-{'system' if binary.startswith('/usr') else 'pip'}"))
    for user in ("root", "teacher"):
        cases.append(pytest.param("landlock", None, user, id=f"landlock-{user}"))
    return cases


@pytest.mark.parametrize(("mode", "binary", "user"), _cases())
def test_attacks_fail_and_normal_work_succeeds(mode: str, binary: str | None, user: str,
                                               teacher_tmp: str) -> None:  # noqa: F811
    if user == "root" and not is_root():
        pytest.skip("needs root")
    argv = [sys.executable, PROBE, mode, teacher_tmp, "--linger"]
    if binary:
        argv += ["--bwrap", binary]
    if user == "teacher":
        done = run_as_teacher(argv, cwd=teacher_tmp)
    elif mode == "landlock":
        # Landlock jobs run as uid 65534, which this machine's /root/.pyenv Python is
        # closed to (see test_landlock_as_root_refuses_an_unreachable_python).
        done = run_with_python_reachable(argv, cwd=teacher_tmp)
    else:
        done = _run(argv, teacher_tmp)  # bwrap builds parents uid 65534 can enter
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    job = report["job"]
    assert report["mode"] == mode
    assert report["worker_alive"], report
    assert "confine" not in job, job
    leaked = {name: job[name]["detail"] for name in MUST_FAIL if job[name]["ok"]}
    assert not leaked, leaked
    broken = {name: job[name]["detail"] for name in MUST_WORK if not job[name]["ok"]}
    assert not broken, broken
    assert not report["gradebook_exists"] and not report["planted_exists"]
    assert report["lingering_before_kill"] >= 1 and report["survivors"] == []
    uids = json.loads(job["uid"]["detail"].replace("(", "[").replace(")", "]"))
    if user == "root":
        assert uids == [65534, 65534, 65534]
    elif is_root():
        assert uids[0] == pwd.getpwnam(TEACHER).pw_uid
    assert report["worker"]["read_worker_only"]
    if mode == "namespaces":
        assert report["worker"]["status"]["CapEff"] == "0000000000000000"
        assert report["worker"]["uid"] != 0
    assert set(report["worker"]["environ_keys"]) <= {"HOME", "LANG", "PATH", "PWD",
                                                     "PYTHONDONTWRITEBYTECODE", "TMPDIR"}


def test_the_attacks_work_without_isolation(teacher_tmp: str) -> None:  # noqa: F811
    """The control run: in trusted mode the probe's attacks succeed, so their failing
    above is the sandbox's doing, not a broken probe."""
    done = run_as_teacher([sys.executable, PROBE, "trusted", teacher_tmp], cwd=teacher_tmp)
    assert done.returncode == 0, done.stderr
    job = json.loads(done.stdout)["job"]
    succeeded = {name for name, outcome in job.items() if outcome["ok"]}
    assert succeeded >= {"read_course", "read_neighbour", "read_neighbour_job",
                         "read_worker_only", "read_worker_tmp", "read_chapter", "list_repo",
                         "list_tmp", "write_gradebook", "write_work_root", "kill_parent", "fork",
                         "subprocess", "socket_tcp", "socketpair", "environ_parent",
                         "sigqueue_parent", "pidfd_parent", "vm_read_parent", "threads",
                         "imports"}, {n: job[n]["detail"] for n in job if n not in succeeded}


def _run(argv: list[str], cwd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=60,
                          check=False)


def test_auto_picks_namespaces_here(teacher_tmp: str) -> None:  # noqa: F811
    choice = choose()
    assert choice.mode is Mode.NAMESPACES
    assert "\n" not in choice.describe() and "seccomp" in choice.describe()
    assert Layer.SECCOMP in choice.layers and Layer.RLIMITS in choice.layers
    assert choice.guarantees() and choice.caveats()
    if is_root():
        assert choice.sandbox_uid == 65534 and Layer.NOBODY in choice.layers
    code = "from agentloop_grader.isolation import choose; print(choose().mode)"
    done = run_as_teacher([sys.executable, "-I", "-c", code], cwd=teacher_tmp)
    assert done.stdout.strip() == "namespaces", done.stderr


def test_forcing_an_unavailable_mode_says_why_in_one_line() -> None:
    if container.find()[0] is not None:
        pytest.skip("a container engine works here")
    with pytest.raises(IsolationUnavailable) as caught:
        choose("container")
    message = str(caught.value)
    assert message.startswith("isolation container is not available: ")
    assert "\n" not in message


def test_nothing_available_names_what_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bwrap, "candidates", lambda: ["/usr/bin/bwrap"])
    monkeypatch.setattr(bwrap, "probe", lambda binary, euid: f"{bwrap.USERNS_HINT} (x)")
    assert choose().mode is Mode.LANDLOCK  # the next strongest
    monkeypatch.setattr(landlock_layer, "abi", lambda: 0)
    with pytest.raises(IsolationUnavailable) as caught:
        choose()
    message = str(caught.value)
    assert "\n" not in message
    for words in ("no sandbox available", "user namespaces", "Landlock", "bubblewrap",
                  "--isolation container", "--trusted-submissions"):
        assert words in message
    with pytest.raises(IsolationUnavailable, match="isolation namespaces is not available"):
        choose("namespaces")
    with pytest.raises(IsolationUnavailable, match="no Landlock"):
        choose("landlock")
    assert choose(trusted=True).mode is Mode.TRUSTED  # the flag is the way out
    monkeypatch.setattr(bwrap, "candidates", list)
    with pytest.raises(IsolationUnavailable, match="bubblewrap is not installed"):
        choose("namespaces")


def test_trusted_needs_the_explicit_flag() -> None:
    with pytest.raises(IsolationUnavailable, match="--trusted-submissions"):
        choose("trusted")
    choice = choose("trusted", trusted=True)
    assert choice.mode is Mode.TRUSTED and Layer.SECCOMP not in choice.layers
    assert "no isolation" in choice.caveats()[0]
    view = View.for_this_python(tempfile.gettempdir())
    assert worker_command(choice, view, ["python", "-c", "1"]) == ["python", "-c", "1"]
    assert choose(trusted=True).mode is Mode.NAMESPACES  # the flag never weakens auto
    with pytest.raises(ValueError, match="unknown isolation mode"):
        choose("chroot")


def test_view_exposes_python_and_our_packages_not_the_repository() -> None:
    view = View.for_this_python("/tmp/work-root")
    readable = set(view.readable)
    assert os.path.realpath(sys.base_prefix) in {os.path.realpath(p) for p in readable}
    package = os.path.join(REPO, "lib", "agentloop")
    # the learner's library, checks included (its learner's edition holds no answer)
    assert package in readable
    grader = os.path.join(REPO, "grader", "agentloop_grader")
    # the grader for the worker only, entry by entry: never the teacher's answers
    assert grader in view.listable
    assert os.path.join(grader, "sandbox") in view.worker_only
    answers = os.path.join(grader, "answers")
    for path in (*readable, *view.worker_only):
        assert not (path + "/").startswith(answers + "/"), path
    for hidden in (REPO, HERE, os.path.join(REPO, "chapters"), os.path.join(REPO, "course"),
                   os.path.expanduser("~"), "/tmp", "/home", "/etc"):
        assert hidden not in readable
        assert not any(hidden.startswith(p.rstrip("/") + "/") for p in readable), hidden
    with pytest.raises(ValueError, match="lies under a readable path"):
        View(readable=("/usr",), work_root="/tmp/w", worker_only=("/usr/share",))


def test_the_modules_that_answer_an_exercise_are_left_out_file_by_file() -> None:
    """`without_modules` (a check's answered_by): the module's file and its compiled copies
    are in no path of the view; the rest of its package is, entry by entry."""
    import agentloop.loop  # noqa: F401 - so that its __pycache__ copy exists

    view = View.for_this_python("/tmp/work-root", without_modules=("agentloop.loop",))
    package = os.path.join(REPO, "lib", "agentloop")
    loop = os.path.join(package, "loop.py")
    everything = (*view.readable, *view.worker_only)
    assert package in view.listable
    assert os.path.join(package, "terminals.py") in view.readable
    assert not any(p == loop or "/__pycache__/loop." in p for p in everything)
    assert not any(loop.startswith(p.rstrip("/") + "/") for p in everything)


def test_bwrap_command_binds_only_the_view() -> None:
    choice = choose("namespaces")
    view = View.for_this_python("/tmp/work-root", worker_only=("/opt/hidden-checks",))
    cmd = worker_command(choice, view, ["python", "-I", "-c", "pass"], pass_fds=[7])
    text = " ".join(cmd)
    for flag in ("--die-with-parent", "--new-session", "--clearenv", "--proc /proc",
                 "--dev /dev", "--bind /tmp/work-root /tmp/work-root", "--remount-ro /"):
        assert flag in text
    assert cmd.index("--clearenv") < cmd.index("--setenv")
    bound = {cmd[i + 1] for i, arg in enumerate(cmd) if arg in ("--ro-bind", "--bind")}
    linked = {cmd[i + 2] for i, arg in enumerate(cmd) if arg == "--symlink"}
    assert bound | linked >= {p for p in view.readable if not p.startswith("/dev/")}
    assert REPO not in bound and os.path.join(REPO, "chapters") not in bound
    if is_root():
        assert "--unshare-user" not in cmd  # it would map uid 65534 onto host root
        assert any(arg.endswith("setpriv") for arg in cmd) and "--reuid=65534" in cmd
    else:
        assert "--unshare-user" in cmd and "--disable-userns" in cmd
    assert cmd[-4:] == ["python", "-I", "-c", "pass"]


def test_container_command_construction() -> None:
    view = View.for_this_python("/tmp/work-root")
    layers = (Layer.CONTAINER, Layer.SECCOMP, Layer.RLIMITS)
    podman = Choice(Mode.CONTAINER, layers, tool="/usr/bin/podman", image="img:1")
    cmd = worker_command(podman, view, ["python", "-I"], env={"X": "1"}, pass_fds=[3, 5])
    text = " ".join(cmd)
    for flag in ("run --rm -i", "--network none", "--read-only", "--pids-limit",
                 "--cap-drop ALL", "--security-opt no-new-privileges", "--preserve-fds 3",
                 "-v /tmp/work-root:/tmp/work-root:rw", "-e X=1", "-e HOME=/tmp",
                 "--tmpfs /tmp:rw,mode=1777"):
        assert flag in text
    assert f"--user {os.getuid()}:{os.getgid()}" in text
    as_root = Choice(Mode.CONTAINER, layers, tool="/usr/bin/podman", image="i", sandbox_uid=65534)
    assert "--user 65534:65534" in " ".join(worker_command(as_root, view, ["python"]))
    assert "-v /usr:/usr:ro" in text and f"-v {REPO}:" not in text
    assert cmd[-3:] == ["img:1", "python", "-I"]
    docker = Choice(Mode.CONTAINER, layers, tool="/usr/bin/docker", image="img:1")
    assert "--preserve-fds" not in worker_command(docker, view, ["python"])
    with pytest.raises(ValueError, match="docker cannot hand file descriptors"):
        worker_command(docker, view, ["python"], pass_fds=[3])
    if container.find()[0] is None:
        return  # no engine answers here: nothing to run for real
    real = choose("container")
    done = _run(worker_command(real, view, [sys.executable, "-I", "-c", "print(1)"]), "/")
    assert done.stdout.strip() == "1", done.stderr


@pytest.mark.skipif(not is_root(), reason="needs root")
def test_landlock_as_root_refuses_an_unreachable_python() -> None:
    if blocked_python() is None:
        pytest.skip("this Python is readable by other users")
    choice = choose("landlock")
    with pytest.raises(IsolationUnavailable) as caught:
        worker_command(choice, View.for_this_python("/tmp/w"), ["python"])
    assert blocked_python()[0] in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.skipif(not is_root(), reason="needs root")
def test_prepare_workdir_as_root_hands_the_dir_to_nobody() -> None:
    root = tempfile.mkdtemp()  # 0700, like a grader's mkdtemp
    try:
        job = os.path.join(root, "job-1")
        prepare_workdir(choose("namespaces"), job)
        info = os.stat(job)
        assert (info.st_uid, info.st_gid, info.st_mode & 0o777) == (65534, 65534, 0o700)
        assert os.stat(root).st_mode & 0o001
    finally:
        shutil.rmtree(root)


# --- each layer alone, in a forked child of this test process ------------------------------

def _in_child(body) -> dict:
    """Run body() in a forked child; return the dict it returns (or its exception)."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        try:
            result = body()
        except BaseException as exc:
            result = {"error": repr(exc)}
        os.write(write_fd, json.dumps(result).encode())
        os._exit(0)
    os.close(write_fd)
    data = b""
    while chunk := os.read(read_fd, 65536):
        data += chunk
    os.close(read_fd)
    os.waitpid(pid, 0)
    return json.loads(data)


def _outcome(action) -> str:
    try:
        action()
        return "ok"
    except OSError as exc:
        return f"errno {exc.errno}"


def test_seccomp_alone_stops_processes_but_not_threads() -> None:
    import ctypes
    import errno

    parent = os.getpid()

    def body() -> dict:
        seccomp_layer.confine()
        libc = ctypes.CDLL(None, use_errno=True)
        clone3 = libc.syscall(seccomp_layer.seccompy.syscall_nr("clone3"), None, 0)
        out = {"clone3": ctypes.get_errno() if clone3 == -1 else 0,
               "fork": _outcome(os.fork), "kill": _outcome(lambda: os.kill(parent, 0)),
               "socket": _outcome(socket.socket), "exec": _outcome(
                   lambda: os.execv("/bin/true", ["true"]))}
        done = []
        thread = threading.Thread(target=lambda: done.append(1))
        thread.start()
        thread.join()
        out["thread"] = done == [1]
        return out

    result = _in_child(body)
    eperm = f"errno {errno.EPERM}"
    assert result == {"clone3": errno.ENOSYS, "fork": eperm, "kill": eperm, "socket": eperm,
                      "exec": eperm, "thread": True}, result


@pytest.mark.skipif(landlock_layer.abi() < landlock_layer.FIRST_SCOPE_ABI,
                    reason="needs Landlock ABI 6")
def test_landlock_alone_stops_files_tcp_and_signals() -> None:
    import errno

    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    parent = os.getpid()
    with tempfile.TemporaryDirectory() as base:
        outside = os.path.join(base, "course.txt")
        with open(outside, "w") as handle:
            handle.write("hidden")
        work = os.path.join(base, "job")
        os.mkdir(work)

        def body() -> dict:
            landlock_layer.confine(View.for_this_python(base).readable, work)
            with open(os.path.join(work, "ok.txt"), "w") as handle:
                handle.write("fine")
            sock = socket.socket()  # seccomp would refuse this; Landlock alone does not
            return {"read": _outcome(lambda: open(outside).read()),
                    "tcp": _outcome(lambda: sock.connect(("127.0.0.1", port))),
                    "signal": _outcome(lambda: os.kill(parent, 0)),
                    "usr": _outcome(lambda: os.listdir("/usr"))}

        result = _in_child(body)
    server.close()
    eacces, eperm = f"errno {errno.EACCES}", f"errno {errno.EPERM}"
    assert result == {"read": eacces, "tcp": eacces, "signal": eperm, "usr": "ok"}, result


def test_seccomp_filter_fits_the_kernel_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = seccomp_layer.build(4242).program
    monkeypatch.setattr(seccomp_layer, "_x32_enabled", lambda: True)  # x32 twins too
    with_x32 = seccomp_layer.build(4242).program
    assert len(plain) < len(with_x32) and len(with_x32) // 8 < 4096
