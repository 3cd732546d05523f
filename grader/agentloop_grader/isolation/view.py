"""What sandboxed code may see: a read-only allowlist and one writable work root.

Paths are the same inside and outside the sandbox (bubblewrap and containers bind each
source at its own path), so nothing has to be translated between the grader and a job.
"""

from __future__ import annotations

import glob
import importlib.util
import os
import site
import stat
import sys
import sysconfig
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

# The grader's own packages. In an editable install the venv's finder maps each name to its
# source directory, so these exact directories are exposed, never the repository.
PACKAGES = ("agentloop", "agentloop_grader")
# Read by the worker before any job, never by a job: the grader itself.
WORKER_ONLY_PACKAGES = ("agentloop_grader",)
# Read by nobody in a sandbox, the worker included: the teacher's edition of the course's
# checks (references, facts, hidden cases). The grader judges in its own process.
NEVER_LOADED = ("agentloop_grader.answers",)

# What a Python interpreter needs from the system (missing ones are skipped).
SYSTEM_DIRS = ("/usr", "/lib", "/lib64", "/lib32", "/bin", "/sbin", "/sys/devices/system/cpu")
ETC_FILES = (
    "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime",
    "/etc/timezone", "/etc/nsswitch.conf", "/etc/passwd", "/etc/group", "/etc/mime.types",
    "/etc/ssl/certs", "/etc/ssl/openssl.cnf", "/etc/ca-certificates.conf",
)
DEVICES = ("/dev/null", "/dev/zero", "/dev/urandom", "/dev/random", "/dev/full")


def is_device(path: str) -> bool:
    """A character device (what the sandbox's own /dev provides), not merely a path under
    /dev: a folder on /dev/shm (the tmpfs runs use for their files) is ordinary data."""
    try:
        return stat.S_ISCHR(os.stat(path).st_mode)
    except OSError:
        return False


@dataclass(frozen=True)
class View:
    """The file system a sandboxed worker sees.

    readable:    directories/files readable by the worker and by every job (read-only).
    work_root:   host directory (created by the grader) holding one work dir per job;
                 use one per worker, so a worker never sees other workers' jobs.
    worker_only: read-only for the worker (e.g. a teacher's hidden checks it imports at
                 start) but not for jobs; must not lie under a `readable` path, since
                 Landlock cannot carve a hole in an allowed tree. Hidden from jobs only
                 where Landlock works (see Choice.guarantees()).
    listable:    directories whose names (not contents) jobs may list: a package folder
                 whose entries are readable one by one still has to be listable, or
                 Python's importer finds none of its modules.
    """

    readable: tuple[str, ...]
    work_root: str
    worker_only: tuple[str, ...] = ()
    listable: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for path in (*self.readable, self.work_root, *self.worker_only):
            if not os.path.isabs(path):
                raise ValueError(f"view paths must be absolute: {path!r}")
        for hidden in self.worker_only:
            if any(_within(hidden, path) for path in self.readable):
                raise ValueError(f"worker_only path {hidden} lies under a readable path; "
                                 "list the readable siblings instead")

    @classmethod
    def for_this_python(cls, work_root: str, extra_readable: Iterable[str] = (),
                        worker_only: Iterable[str] = (),
                        without_modules: Iterable[str] = ()) -> View:
        """The view that runs the current interpreter with its packages and ours.

        Covers sys.prefix/base_prefix (venv and base install), the stdlib, the
        site-packages dirs, the real interpreter's directory, the agentloop package, system
        library dirs, a few /etc files and the harmless devices; the agentloop_grader
        package for the worker only. Never the teacher's answers (NEVER_LOADED) nor the
        modules in `without_modules` (library modules that answer the exercise being
        graded: see agentloop.checks.Check.answered_by), wherever they are installed: a
        folder holding one is exposed entry by entry without it. Not the user
        site-packages (it lives in the home folder; the worker runs with -I), not sys.path
        as a whole (it may hold the cwd or a course dir).
        """
        paths: list[str] = [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
                            os.path.dirname(os.path.realpath(sys.executable))]
        scheme = sysconfig.get_paths()
        paths += [scheme[key] for key in ("stdlib", "platstdlib", "purelib", "platlib")]
        paths += site.getsitepackages()
        hidden = module_paths([*NEVER_LOADED, *without_modules])
        worker_roots = list(worker_only)
        for name in PACKAGES:
            spec = importlib.util.find_spec(name)
            if spec is None or not spec.submodule_search_locations:
                continue
            for folder in spec.submodule_search_locations:
                (worker_roots if name in WORKER_ONLY_PACKAGES else paths).append(folder)
        paths += [*SYSTEM_DIRS, *ETC_FILES, *DEVICES, *extra_readable]
        readable, listable = carve(minimal(paths), [*hidden, *minimal(worker_roots)])
        worker, worker_listable = carve(minimal(worker_roots), hidden)
        # an editable install puts our package's parent (lib/) on sys.path: programs that
        # walk sys.path (`!pip list`) must be able to list it (its names, not its files)
        parents = [os.path.dirname(folder) for name in PACKAGES
                   if name not in WORKER_ONLY_PACKAGES
                   for folder in _locations(name) if os.path.dirname(folder) in sys.path]
        return cls(readable=minimal(readable), work_root=os.path.abspath(work_root),
                   worker_only=minimal(worker),
                   listable=tuple(folder for folder in dict.fromkeys(
                       [*minimal([*listable, *worker_listable]), *parents])
                                  if not any(_within(folder, path) for path in readable)))

    def to_plain(self) -> dict[str, Any]:
        return {"readable": list(self.readable), "work_root": self.work_root,
                "worker_only": list(self.worker_only), "listable": list(self.listable)}

    @classmethod
    def from_plain(cls, data: dict[str, Any]) -> View:
        return cls(tuple(data["readable"]), data["work_root"], tuple(data["worker_only"]),
                   tuple(data.get("listable", ())))

    def job_readable(self) -> tuple[str, ...]:
        """What a job may read: the readable set, without the worker-only paths."""
        return self.readable

    def worker_readable(self) -> tuple[str, ...]:
        """What the worker may read: the readable set and the worker-only paths."""
        return minimal([*self.readable, *self.worker_only])


def _locations(package: str) -> list[str]:
    spec = importlib.util.find_spec(package)
    return list(spec.submodule_search_locations or []) if spec is not None else []


def module_paths(modules: Iterable[str]) -> list[str]:
    """The files that hold `modules` (a package's folder, a module's file and its compiled
    copies in __pycache__), found without importing the modules themselves."""
    found: list[str] = []
    for name in modules:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            continue
        if spec is None:
            continue
        if spec.submodule_search_locations:
            found += [os.path.realpath(folder) for folder in spec.submodule_search_locations]
        elif spec.origin and os.path.isfile(spec.origin):
            origin = os.path.realpath(spec.origin)
            stem = os.path.splitext(os.path.basename(origin))[0]
            found.append(origin)
            found += glob.glob(os.path.join(os.path.dirname(origin), "__pycache__",
                                            glob.escape(stem) + ".*.pyc"))
    return found


def carve(paths: Iterable[str], hidden: Iterable[str]) -> tuple[list[str], list[str]]:
    """`paths` without the `hidden` ones: a folder that holds a hidden path is exposed as a
    listable folder whose entries are exposed one by one (recursively), since neither
    Landlock nor a bind mount can take a hole out of a tree. Returns (readable, listable)."""
    hidden = [os.path.realpath(h) for h in hidden]
    readable: list[str] = []
    listable: list[str] = []

    def visit(path: str) -> None:
        real = os.path.realpath(path)
        if any(_within(real, h) for h in hidden):
            return
        inside = [h for h in hidden if _within(h, real)]
        if not inside or not os.path.isdir(path):
            readable.append(path)
            return
        listable.append(path)
        for entry in sorted(os.listdir(path)):
            visit(os.path.join(path, entry))

    for path in paths:
        visit(path)
    return readable, listable


def minimal(paths: Iterable[str]) -> tuple[str, ...]:
    """Existing absolute paths, normalized, without those inside another listed directory.

    Symlinks are kept as given (/lib -> usr/lib stays /lib), so callers can mirror them.
    """
    clean = sorted({os.path.normpath(os.path.abspath(p)) for p in paths
                    if p and os.path.lexists(p)})
    kept: list[str] = []
    for path in clean:
        if not any(_within(path, parent) and os.path.isdir(parent) and
                   not os.path.islink(parent) for parent in kept):
            kept.append(path)
    return tuple(kept)


def _within(path: str, parent: str) -> bool:
    return path == parent or path.startswith(parent.rstrip("/") + "/")


def unreachable_by_others(paths: Iterable[str], ancestors: bool = True,
                          read: bool = True) -> str | None:
    """The first path (or blocking ancestor) that an unrelated uid could not reach, if any.

    Used as root, where jobs run as uid 65534: a Python under /root (0700) is invisible to
    it unless the sandbox builds its own parent dirs. `read`: the path itself must be
    readable by others too (not only its ancestors searchable).
    """
    for path in paths:
        real = os.path.realpath(path)
        if ancestors:
            parts = real.strip("/").split("/")[:-1]
            for depth in range(1, len(parts) + 1):
                ancestor = "/" + "/".join(parts[:depth])
                if not os.stat(ancestor).st_mode & stat.S_IXOTH:
                    return ancestor
        mode = os.stat(real).st_mode
        if not read or stat.S_ISCHR(mode):
            continue
        need = stat.S_IROTH | (stat.S_IXOTH if stat.S_ISDIR(mode) else 0)
        if mode & need != need:
            return real
    return None
