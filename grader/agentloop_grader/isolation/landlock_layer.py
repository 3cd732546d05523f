"""Landlock for one job: read the view, read/write the work dir, no TCP, scoped signals.

Landlock is an allowlist enforced by the kernel on the calling thread and everything it
starts later (threads included); it cannot be undone. Rights the kernel does not know are
dropped (best effort), so the ABI level decides what holds; `abi()` reports it.
"""

from __future__ import annotations

import errno
import functools
import os
from collections.abc import Iterable

from .view import is_device

try:
    import landlockpy
    from landlockpy import AccessFS, AccessNet, Ruleset, Scope
except ImportError:  # pragma: no cover - the grader extra installs it
    landlockpy = None

FIRST_NET_ABI = 4  # TCP bind/connect rules
FIRST_SCOPE_ABI = 6  # signal and abstract unix socket scoping


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


def confine(readable: Iterable[str], workdir: str, listable: Iterable[str] = (),
            programs: bool = False) -> int:
    """Enforce the job's ruleset on the calling (single) thread; returns the ABI used.

    `listable`: directories whose entry names may be listed, their files unread.
    `programs`: the readable paths and the work dir may also be executed (a job's command
    host, which runs the notebook's shell commands).

    Raises OSError (landlockpy.LandlockError) when the kernel refuses.
    """
    version = abi()
    if version < 1:
        raise OSError(errno.ENOSYS, "Landlock is not available on this kernel")
    all_fs = landlockpy.fs_for_abi(version)
    read = AccessFS.READ_FILE | AccessFS.READ_DIR
    # Everything in the work dir except making device nodes and running programs
    # (a job's exec is refused by seccomp anyway).
    write = all_fs & ~(AccessFS.MAKE_CHAR | AccessFS.MAKE_BLOCK | AccessFS.EXECUTE)
    if programs:
        read |= AccessFS.EXECUTE
        write |= AccessFS.EXECUTE
    device = read | AccessFS.WRITE_FILE  # /dev/null & co. (write is a no-op there)
    with Ruleset(handled_fs=all_fs,
                 handled_net=AccessNet.BIND_TCP | AccessNet.CONNECT_TCP,
                 scoped=Scope.SIGNAL | Scope.ABSTRACT_UNIX_SOCKET) as ruleset:
        for path in readable:
            access = device if is_device(path) else read  # not a folder on /dev/shm
            if not os.path.isdir(path):
                access &= ~AccessFS.READ_DIR  # only directory rules may carry READ_DIR
            try:
                ruleset.allow_path(path, access)
            except FileNotFoundError:
                continue
        for path in listable:
            try:
                ruleset.allow_path(path, AccessFS.READ_DIR)
            except FileNotFoundError:
                continue
        ruleset.allow_path(workdir, write)
        ruleset.restrict()
    return version


abi()
