"""The sandboxed child: runs one submission's answer cells and probes, streams plain data back.

Started by the parent as `python -I -m agentloop_grader.sandbox CHANNEL_FD` with the job
(JSON) on stdin. Stages, in order:

1. read the job, close stdin;
2. isolate: as root, new mount + network + pid namespaces, an empty tmpfs over every
   path in `job["hide"]`, a private tmpfs as working directory, then drop to `nobody`;
   otherwise only a temporary working directory (the parent reports it);
3. limit: rlimits on memory, CPU, file size, core dumps and processes;
4. run: each answer cell in one fresh namespace, then each check's probe on every input,
   with the course's reference answers sealed away (see `Seal`);
5. report: JSON lines on the channel fd, e.g. {"cell_start": id}, {"cell_end": id,
   "error": ...}, {"check_start": id}, {"check": id, "outputs": [...]}.

Nothing here judges: the parent decides what the data is worth.
"""

from __future__ import annotations

import builtins
import ctypes
import json
import os
import re
import resource
import signal
import sys
from typing import Any

# Imported at start: the learner's code later finds agentloop.checks sealed away.
from agentloop.checks.core import Case, collect

NOBODY = 65534
CLONE_NEWNS, CLONE_NEWNET, CLONE_NEWPID = 0x00020000, 0x40000000, 0x20000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REMOUNT = 1, 2, 4, 8, 32
MS_BIND, MS_REC, MS_PRIVATE = 4096, 16384, 1 << 18
PR_SET_PDEATHSIG = 1
MAGIC = re.compile(r"^(\s*)([%!].*)$")


class Channel:
    """JSON lines to the parent on a dedicated file descriptor."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def send(self, message: dict[str, Any]) -> None:
        data = (json.dumps(message, separators=(",", ":")) + "\n").encode()
        while data:
            try:
                data = data[os.write(self.fd, data):]
            except OSError:
                return  # the parent is gone or the learner closed the fd: nothing to do


# --- isolation -----------------------------------------------------------------------------

def _libc() -> ctypes.CDLL:
    return ctypes.CDLL(None, use_errno=True)


def _mount(libc: ctypes.CDLL, source: str, target: str, fstype: str | None, flags: int,
           data: str | None = None) -> None:
    result = libc.mount(source.encode(), target.encode(),
                        fstype.encode() if fstype else None, flags,
                        data.encode() if data else None)
    if result != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"mount {fstype or source} on {target}: {os.strerror(err)}")


def isolate_as_root(hide: list[str], workdir: str, tmp_mb: int) -> None:
    """Namespaces, hidden paths and a private working dir; returns in the pid-1 grandchild.

    The calling process stays behind as a reaper: it waits for the grandchild and exits
    with its status (128 + signal when the grandchild was killed).
    """
    libc = _libc()
    if libc.unshare(CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWPID) != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"unshare: {os.strerror(err)}")
    _mount(libc, "none", "/", None, MS_REC | MS_PRIVATE)
    flags = MS_NOSUID | MS_NODEV | MS_NOEXEC
    _expose_python(libc)
    for path in hide:
        if os.path.isdir(path):
            _mount(libc, "tmpfs", path, "tmpfs", flags, "size=16k,mode=000")
        elif os.path.exists(path):
            _mount(libc, "/dev/null", path, None, MS_BIND)  # over a file
    _mount(libc, "tmpfs", workdir, "tmpfs", flags,
           f"size={tmp_mb}m,mode=700,uid={NOBODY},gid={NOBODY}")
    alive_r, alive_w = os.pipe()  # the reaper holds alive_w: EOF means it is gone
    child = os.fork()
    if child:
        os.close(alive_r)
        _reap(child)
    os.close(alive_w)
    try:
        _mount(libc, "proc", "/proc", "proc", flags)  # only this namespace's processes
    except OSError:
        pass
    os.setgroups([])
    os.setgid(NOBODY)
    os.setuid(NOBODY)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)  # cleared by setuid, so set it after
    os.set_blocking(alive_r, False)
    try:
        gone = os.read(alive_r, 1) == b""
    except BlockingIOError:
        gone = False
    os.close(alive_r)
    if gone:
        os._exit(1)  # the reaper died before the death signal was set


def _blocked_ancestor(path: str) -> str | None:
    """The highest directory above `path` that `nobody` cannot enter, if any."""
    parts = path.strip("/").split("/")
    for depth in range(1, len(parts)):
        ancestor = "/" + "/".join(parts[:depth])
        if not os.stat(ancestor).st_mode & 0o001:
            return ancestor
    return None


def _expose_python(libc: ctypes.CDLL) -> None:
    """Make the interpreter and its packages reachable by `nobody`, hiding their neighbours.

    When Python lives under a private directory (e.g. /root/.pyenv), an empty tmpfs goes
    over that directory and only the needed trees are bind-mounted back, read-only.
    """
    needed = sorted({os.path.realpath(p) for p in (sys.base_prefix, sys.prefix, *sys.path)
                     if p and os.path.isdir(p)})
    needed = [p for p in needed if not any(p.startswith(q + "/") for q in needed)]
    blocked: dict[str, list[tuple[str, int]]] = {}
    for path in needed:
        ancestor = _blocked_ancestor(path)
        if ancestor:
            blocked.setdefault(ancestor, []).append((path, os.open(path, os.O_PATH)))
    for ancestor, paths in blocked.items():
        _mount(libc, "tmpfs", ancestor, "tmpfs", MS_NOSUID | MS_NODEV, "size=16k,mode=755")
        for path, fd in paths:
            os.makedirs(path, mode=0o755, exist_ok=True)
            _mount(libc, f"/proc/self/fd/{fd}", path, None, MS_BIND | MS_REC)
            _mount(libc, "none", path, None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_REC)
            os.close(fd)


def _reap(child: int) -> None:
    while True:
        try:
            _, status = os.waitpid(child, 0)
            break
        except InterruptedError:
            continue
    if os.WIFSIGNALED(status):
        os._exit(128 + os.WTERMSIG(status))
    os._exit(os.WEXITSTATUS(status))


def set_limits(limits: dict[str, int]) -> None:
    """rlimits: address space, CPU seconds, file size, no core dumps, a few processes."""
    mb = 1024 * 1024
    pairs = [
        (resource.RLIMIT_AS, limits["memory_mb"] * mb),
        (resource.RLIMIT_CPU, limits["cpu_seconds"]),
        (resource.RLIMIT_FSIZE, limits["file_mb"] * mb),
        (resource.RLIMIT_CORE, 0),
        (resource.RLIMIT_NPROC, limits["processes"]),
    ]
    for kind, value in pairs:
        try:
            resource.setrlimit(kind, (value, value))
        except (ValueError, OSError):  # the hard limit is already lower: keep it
            _, hard = resource.getrlimit(kind)
            soft = value if hard == resource.RLIM_INFINITY else min(value, hard)
            resource.setrlimit(kind, (soft, hard))


# --- running the learner's code -------------------------------------------------------------

def strip_magics(source: str) -> tuple[str, list[str]]:
    """Comment out IPython magics and shell lines (`%…`, `!…`); return the notes."""
    lines, notes = [], []
    for number, line in enumerate(source.splitlines(), 1):
        match = MAGIC.match(line)
        if match:
            lines.append(f"{match[1]}pass  # grader: IPython-only line skipped: {match[2]}")
            notes.append(f"line {number}: IPython-only line skipped ({match[2][:60]})")
        else:
            lines.append(line)
    return "\n".join(lines), notes


def describe(exc: BaseException) -> str:
    text = str(exc)
    if len(text) > 300:
        text = text[:300] + "…"
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def run_cells(cells: list[list[str]], namespace: dict[str, Any], channel: Channel) -> None:
    for cell_id, source in cells:
        channel.send({"cell_start": cell_id})
        code, notes = strip_magics(source)
        error = None
        try:
            exec(compile(code, f"<answer cell {cell_id}>", "exec"), namespace)
        except BaseException as exc:  # SystemExit and KeyboardInterrupt are answers too
            error = describe(exc)
        channel.send({"cell_end": cell_id, "error": error, "notes": notes})


def load_checks(checks: list[list[Any]]) -> list[tuple[str, str, list[Any], Any, Any]]:
    """Resolve every check of the job (check_id, symbol, inputs, check, reference), before
    the learner's code runs and before the check modules are sealed away."""
    from agentloop.checks import get_check

    loaded = []
    for check_id, symbol, inputs in checks:
        check = get_check(check_id)
        module = sys.modules[check.probe.__module__]
        loaded.append((check_id, symbol, inputs, check,
                       getattr(module, "REFERENCE", {}).get(symbol)))
    return loaded


def _withheld_stub(where: str) -> Any:
    def withheld(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError(f"{where} is withheld while grading: the exercise is to write your "
                           "own")

    withheld.__qualname__ = withheld.__name__ = where.rsplit(".", 1)[-1]
    return withheld


class Seal:
    """Keeps the course's own answers out of the learner's reach while their code runs.

    The check modules (which hold the reference answers) are dropped from `sys.modules`
    and refused on import; every place a reference function or class is bound in the
    library is swapped for a stub that raises, while answer cells run and while the
    check that asks for it probes. An answer that *is* the library's object is refused.
    This raises the bar; it does not make copying the library's source impossible.
    """

    def __init__(self, references: list[Any]) -> None:
        self.references = [r for r in references if callable(r)]
        self.places: dict[int, list[tuple[Any, str, Any]]] = {}
        for name, module in list(sys.modules.items()):
            if not name.startswith("agentloop") or name.startswith("agentloop_grader"):
                continue
            for attr, value in list(vars(module).items()):
                if any(value is ref for ref in self.references):
                    self.places.setdefault(id(value), []).append((module, attr, value))

    def close_check_modules(self) -> None:
        import importlib.abc

        class RefuseChecks(importlib.abc.MetaPathFinder):
            def find_spec(self, name: str, path: Any, target: Any = None) -> None:
                if name == "agentloop.checks" or name.startswith("agentloop.checks."):
                    raise ImportError(f"{name} is not available while grading")

        for name in [n for n in sys.modules if n.startswith("agentloop.checks")]:
            del sys.modules[name]
        agentloop = sys.modules.get("agentloop")
        if agentloop is not None and hasattr(agentloop, "checks"):
            delattr(agentloop, "checks")
        sys.meta_path.insert(0, RefuseChecks())

    def withhold(self, references: list[Any]) -> list[tuple[Any, str, Any]]:
        swapped = []
        for ref in references:
            for module, attr, value in self.places.get(id(ref), []):
                setattr(module, attr, _withheld_stub(f"{module.__name__}.{attr}"))
                swapped.append((module, attr, value))
        return swapped

    @staticmethod
    def restore(swapped: list[tuple[Any, str, Any]]) -> None:
        for module, attr, value in swapped:
            setattr(module, attr, value)

    def is_reference(self, obj: Any) -> bool:
        return any(obj is ref for ref in self.references)


def run_checks(loaded: list[tuple[str, str, list[Any], Any, Any]], namespace: dict[str, Any],
               channel: Channel, seal: Seal) -> None:
    for check_id, symbol, inputs, check, reference in loaded:
        channel.send({"check_start": check_id})
        if symbol not in namespace:
            channel.send({"check": check_id, "missing": symbol})
            continue
        obj, outputs = namespace[symbol], []
        if seal.is_reference(obj):
            refused = {"raised": f"{symbol} is the library's own answer; write your own"}
            channel.send({"check": check_id, "outputs": [refused] * len(inputs)})
            continue
        swapped = seal.withhold([reference])
        try:
            for value in inputs:
                try:
                    outputs += collect(check, obj, [Case(value, "")])
                except BaseException as exc:  # a probe may raise SystemExit too
                    outputs.append({"raised": describe(exc)})
        finally:
            seal.restore(swapped)
        channel.send({"check": check_id, "outputs": outputs})


def main(argv: list[str]) -> None:
    channel = Channel(int(argv[0]))
    job = json.loads(sys.stdin.buffer.read())
    sys.stdin.close()
    os.close(0)
    os.open(os.devnull, os.O_RDONLY)  # fd 0 again, so input() fails cleanly
    # Loaded before isolation: the check modules' files may be hidden afterwards.
    loaded = load_checks(job["checks"])
    if job["isolate"] and os.geteuid() == 0:
        isolate_as_root(job["hide"], job["workdir"], job["limits"]["tmp_mb"])
    os.chdir(job["workdir"])
    os.environ.clear()
    os.environ.update({"HOME": job["workdir"], "TMPDIR": job["workdir"], "LANG": "C.UTF-8",
                       "PATH": "/usr/bin:/bin"})
    seal = Seal([reference for *_, reference in loaded])
    seal.close_check_modules()
    set_limits(job["limits"])
    channel.send({"ready": True})
    namespace: dict[str, Any] = {"__name__": "__main__", "__builtins__": builtins,
                                 "display": print}
    swapped = seal.withhold(seal.references)
    try:
        run_cells(job["cells"], namespace, channel)
    finally:
        seal.restore(swapped)
    run_checks(loaded, namespace, channel, seal)
    channel.send({"done": True})
    sys.stdout.flush()
    os._exit(0)  # skip atexit hooks and finalizers the learner may have registered


if __name__ == "__main__":
    main(sys.argv[1:])
