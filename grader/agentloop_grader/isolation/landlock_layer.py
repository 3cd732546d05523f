"""Landlock for one job: read the view, read/write the work dir, no TCP, scoped signals.

Landlock is an allowlist enforced by the kernel on the calling thread and everything it
starts later (threads included); it cannot be undone. Rights the kernel does not know are
dropped (best effort), so the ABI level decides what holds; `abi()` reports it.

A ruleset is built in two steps: `open_rules` opens the view's paths (O_PATH fds) and works
out each one's rights, `restrict` makes a ruleset of them plus the work dir and enforces
it. A worker opens the view's rules once for all its jobs; `confine` does both at once.
"""

from __future__ import annotations

import errno
import fcntl
import functools
import json
import os
import resource
import socket
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .process import drop_to

try:
    import landlockpy
    from landlockpy import AccessFS, AccessNet, RestrictFlag, Scope
except ImportError:  # pragma: no cover - the grader extra installs it
    landlockpy = None
else:
    # The raw syscalls (private to landlockpy 0.2): a ruleset is made from fds opened
    # ahead, which Ruleset.allow_path (it takes a path) cannot do. Imported apart, so a
    # landlockpy without them fails loudly instead of looking like a kernel without Landlock.
    from landlockpy import _syscall as raw

FIRST_NET_ABI = 4  # TCP bind/connect rules
FIRST_SCOPE_ABI = 6  # signal and abstract unix socket scoping
FIRST_NO_NEW_PRIVS_FLAG_ABI = 11  # restrict_self sets no_new_privs itself
FDS_AT_MOST = 4096  # opened ahead, the view's fds sit just below this (or RLIMIT_NOFILE)


@functools.cache
def abi() -> int:
    """The kernel's Landlock ABI version, 0 when Landlock is missing or disabled.

    Asked once per process, on import: landlockpy finds libc with
    ctypes.util.find_library (an ldconfig run), which forked jobs then inherit.
    """
    if landlockpy is None:
        return 0
    try:
        return landlockpy.abi_version()
    except OSError:
        return 0


@dataclass(frozen=True)
class Rules:
    """The view's part of a job's ruleset, opened: an O_PATH fd per path with the rights
    a job gets on it (`job`) and a command host (`host`); the work dir's rights
    (`job_work`, `host_work`) and what the ruleset handles, as ints for the kernel's ABI
    `version`. Whoever holds the fds closes them once confined (`close`)."""

    version: int
    handled_fs: int
    handled_net: int
    scoped: int
    fds: tuple[int, ...]
    job: tuple[int, ...]
    host: tuple[int, ...]
    job_work: int
    host_work: int

    def close(self) -> None:
        """Close this process's copies of the fds (runs of numbers: one syscall each)."""
        for low, high in _runs(self.fds):
            os.closerange(low, high + 1)


def open_rules(readable: Iterable[str], listable: Iterable[str] = (), *,
               uid: int | None = None, high: bool = False) -> Rules:
    """Open the view's paths and work out their rights, as `confine` grants them.

    `listable`: directories whose entry names may be listed, their files unread. A path
    that does not exist is left out. `uid`: open them as this uid (a root worker whose
    jobs run as another uid: a forked helper drops to it, so a path its jobs could not
    reach fails here as it would in a job). `high`: move the fds to the top of the fd
    table, out of the low numbers a job under a small RLIMIT_NOFILE opens files in.

    Raises OSError when Landlock is missing or a path cannot be opened.
    """
    version = abi()
    if version < 1:
        raise OSError(errno.ENOSYS, "Landlock is not available on this kernel")
    readable, listable = list(readable), list(listable)
    paths = [*readable, *listable]
    fds = _open_as(uid, paths) if uid is not None else _open_here(paths)
    if high:
        fds = _to_top(fds)
    handled_fs = int(landlockpy.fs_for_abi(version))
    rights = {programs: _rights(handled_fs, programs) for programs in (False, True)}
    kept: list[tuple[int, int, int]] = []
    for index, fd in enumerate(fds):
        if fd is None:
            continue
        mode = os.fstat(fd).st_mode  # the path's own (O_PATH follows symlinks, as stat)
        job, host = (_path_access(rights[programs], mode, index >= len(readable))
                     for programs in (False, True))
        kept.append((fd, job & handled_fs, host & handled_fs))
    return Rules(version, handled_fs,
                 int((AccessNet.BIND_TCP | AccessNet.CONNECT_TCP) &
                     landlockpy.net_for_abi(version)),
                 int((Scope.SIGNAL | Scope.ABSTRACT_UNIX_SOCKET) &
                     landlockpy.scope_for_abi(version)),
                 tuple(fd for fd, _, _ in kept), tuple(job for _, job, _ in kept),
                 tuple(host for _, _, host in kept),
                 rights[False][1] & handled_fs, rights[True][1] & handled_fs)


def restrict(rules: Rules, workdir: str, programs: bool = False) -> int:
    """Enforce `rules` plus read/write on `workdir` on the calling (single) thread;
    returns the ABI used. `programs`: the command host's rights (see `confine`).

    Raises OSError (landlockpy.LandlockError) when the kernel refuses.
    """
    attr = raw.RulesetAttr(handled_access_fs=rules.handled_fs,
                           handled_access_net=rules.handled_net, scoped=rules.scoped)
    ruleset = raw.create_ruleset(attr)  # O_CLOEXEC: the kernel makes it so
    try:
        beneath = raw.PathBeneathAttr()
        for fd, access in zip(rules.fds, rules.host if programs else rules.job, strict=True):
            if access:  # as Ruleset.allow_path: no rule for rights the ruleset lacks
                beneath.allowed_access, beneath.parent_fd = access, fd
                raw.add_path_beneath(ruleset, beneath)
        work = os.open(workdir, os.O_PATH | os.O_CLOEXEC)
        try:
            beneath.allowed_access = rules.host_work if programs else rules.job_work
            beneath.parent_fd = work
            raw.add_path_beneath(ruleset, beneath)
        finally:
            os.close(work)
        flags = 0
        if rules.version >= FIRST_NO_NEW_PRIVS_FLAG_ABI:
            flags = int(RestrictFlag.NO_NEW_PRIVS)
        else:
            raw.set_no_new_privs()
        raw.restrict_self(ruleset, flags)
    finally:
        os.close(ruleset)
    return rules.version


def confine(readable: Iterable[str], workdir: str, listable: Iterable[str] = (),
            programs: bool = False) -> int:
    """Enforce the job's ruleset on the calling (single) thread; returns the ABI used.

    `listable`: directories whose entry names may be listed, their files unread.
    `programs`: the readable paths and the work dir may also be executed (a job's command
    host, which runs the notebook's shell commands).

    Raises OSError (landlockpy.LandlockError) when the kernel refuses.
    """
    rules = open_rules(readable, listable)
    try:
        return restrict(rules, workdir, programs)
    finally:
        rules.close()


def _rights(handled_fs: int, programs: bool) -> tuple[int, int, int]:
    """(read, write, device) rights: read the view; in the work dir everything except
    making device nodes and running programs (a job's exec is refused by seccomp anyway);
    /dev/null & co. also written (a no-op there). `programs`: read and write also run."""
    read = int(AccessFS.READ_FILE | AccessFS.READ_DIR)
    write = handled_fs & ~int(AccessFS.MAKE_CHAR | AccessFS.MAKE_BLOCK | AccessFS.EXECUTE)
    if programs:
        read |= int(AccessFS.EXECUTE)
        write |= int(AccessFS.EXECUTE)
    return read, write, read | int(AccessFS.WRITE_FILE)


def _path_access(rights: tuple[int, int, int], mode: int, listable: bool) -> int:
    """A view path's rights: a listable folder's names only; a device (not a folder on
    /dev/shm) also written; READ_DIR only on a directory (the kernel refuses it on files)."""
    if listable:
        return int(AccessFS.READ_DIR)
    read, _, device = rights
    access = device if stat.S_ISCHR(mode) else read
    if not stat.S_ISDIR(mode):
        access &= ~int(AccessFS.READ_DIR)
    return access


def _open_here(paths: Sequence[str]) -> list[int | None]:
    """An O_PATH fd per path, None where it does not exist; other errors raise (after
    closing what was opened)."""
    fds: list[int | None] = []
    try:
        for path in paths:
            try:
                fds.append(os.open(path, os.O_PATH | os.O_CLOEXEC))
            except FileNotFoundError:
                fds.append(None)
    except BaseException:
        _close_all(fds)
        raise
    return fds


def _open_as(uid: int, paths: Sequence[str]) -> list[int | None]:
    """`_open_here` as `uid` (and its gid, no groups): a forked helper drops to it and
    sends each fd back (one message per path, then {"done"} or {"errno"})."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the helper (its outcome is checked by the parent)
        ours.close()
        _helper(theirs, uid, paths)
    theirs.close()
    fds: list[int | None] = [None] * len(paths)
    try:
        while True:
            data, received, _, _ = socket.recv_fds(ours, 4096, 1)
            message = json.loads(data) if data else {"errno": errno.EPIPE}
            if "index" in message and len(received) == 1:
                fds[message["index"]] = received[0]
                continue
            _close_all(received)
            if "done" in message:
                return fds
            raise OSError(message.get("errno", errno.EPROTO),
                          f"uid {uid} could not open the view: "
                          f"{os.strerror(message.get('errno', errno.EPROTO))}")
    except BaseException:
        _close_all(fds)
        raise
    finally:
        ours.close()
        os.waitpid(pid, 0)


def _helper(sock: socket.socket, uid: int, paths: Sequence[str]) -> None:
    """The forked helper of `_open_as`; never returns."""
    try:
        drop_to(uid, uid)
        for index, fd in enumerate(_open_here(paths)):
            if fd is not None:
                socket.send_fds(sock, [json.dumps({"index": index}).encode()], [fd])
                os.close(fd)
        sock.send(b'{"done": true}')
    except OSError as exc:
        sock.send(json.dumps({"errno": exc.errno or errno.EPERM}).encode())
    finally:
        os._exit(0)


def _to_top(fds: list[int | None]) -> list[int | None]:
    """The same files at the top of the fd table: from FDS_AT_MOST (or RLIMIT_NOFILE,
    if lower) down. Where there is no room above the low numbers, they stay."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    top = FDS_AT_MOST if soft == resource.RLIM_INFINITY else min(soft, FDS_AT_MOST)
    floor = top - len(fds)
    if floor <= max((fd for fd in fds if fd is not None), default=0):
        return fds
    moved: list[int | None] = []
    try:
        for fd in fds:
            moved.append(None if fd is None else fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, floor))
    except BaseException:
        _close_all(moved)
        raise
    finally:
        _close_all(fds)
    return moved


def _close_all(fds: Iterable[int | None]) -> None:
    for fd in fds:
        if fd is not None:
            os.close(fd)


def _runs(fds: Iterable[int]) -> list[tuple[int, int]]:
    """Consecutive numbers as (first, last) pairs: 5 6 7 9 → (5, 7) (9, 9)."""
    runs: list[tuple[int, int]] = []
    for fd in sorted(fds):
        if runs and fd == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], fd)
        else:
            runs.append((fd, fd))
    return runs


abi()
