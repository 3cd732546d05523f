"""Seccomp for one job: no new processes, no exec, signals only to itself, no ptrace,
no sockets, no namespaces or mounts, no kernel attack surface a notebook never needs.

A job's command host (which runs the notebook's `!cmd` and `%%bash`) gets the same filter
with fork, clone and exec allowed (a clone still may not make namespaces), socketpair too
(pipes for programs such as asyncio's), and signals to any process its kernel lets it
reach (its pid namespace or Landlock scope), else only to its own process group.

A filter names the job's own pid (or, for an unscoped host, its process group) as a
constant. A worker compiles each filter once (`compile_filter`) and a job only writes its
pid into the compiled program (`Program.load`); `confine` builds the same program anew.
Everything not listed is allowed: Python, numpy and BLAS threads need a wide set of
ordinary syscalls.
Refused calls fail with EPERM (clone3 with ENOSYS, so glibc falls back to clone for
threads, which the filter can inspect); Python turns that into PermissionError.
"""

from __future__ import annotations

import ctypes
import errno
import functools
import os
import struct
from dataclasses import dataclass

try:
    import seccompy
    from seccompy import Action, CmpOp, Filter, FilterFlag
except ImportError:  # pragma: no cover - the grader extra installs it
    seccompy = None

CLONE_THREAD = 0x00010000
# Namespace flags a thread must not carry either (they need privileges we lack anyway).
CLONE_NAMESPACES = (0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 |
                    0x20000000 | 0x40000000)
PR_SET_PDEATHSIG, PR_SET_DUMPABLE, PR_SET_PTRACER = 1, 4, 0x59616D61

DENIED = (
    # new processes and programs
    "fork", "vfork", "execve", "execveat",
    # other processes
    "ptrace", "process_vm_readv", "process_vm_writev", "pidfd_open", "pidfd_getfd",
    "pidfd_send_signal", "kcmp",
    # network and local sockets, of every family
    "socket", "socketpair",
    # leaving the job's session/group would dodge the grader's kill
    "setsid", "setpgid",
    # namespaces and mounts
    "unshare", "setns", "mount", "umount2", "pivot_root", "chroot", "open_tree",
    "open_tree_attr", "move_mount", "fsopen", "fsconfig", "fsmount", "fspick",
    "mount_setattr",
    # kernel surfaces with a history of exploits
    "io_uring_setup", "io_uring_enter", "io_uring_register", "bpf", "perf_event_open",
    "keyctl", "add_key", "request_key", "userfaultfd",
)
# Signal-sending calls whose first argument names the target process (or thread group).
SIGNALS_TO_SELF = ("kill", "tkill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo")

X32_SYSCALL_BIT = 0x40000000
X32_COMPAT = range(512, 548)  # x32-only entry points (execve 520, ptrace 521, ...)


def available() -> bool:
    """Whether this kernel installs seccomp filters."""
    if seccompy is None:
        return False
    try:
        return seccompy.supported()
    except OSError:
        return False


@functools.cache
def _x32_enabled() -> bool:
    """Whether the kernel accepts x32 syscalls (same arch tag, numbers | 0x40000000):
    then each rule needs its x32 twin, or x32 would walk around the filter."""
    if seccompy is None or seccompy.arch() != "x86_64":
        return False
    libc = ctypes.CDLL(None, use_errno=True)
    getpid = seccompy.syscall_nr("getpid")
    return libc.syscall(getpid | X32_SYSCALL_BIT) != -1 or ctypes.get_errno() != errno.ENOSYS


def _number(name: str) -> int | None:
    try:
        return seccompy.syscall_nr(name)
    except ValueError:  # not on this architecture (e.g. fork on aarch64)
        return None


@functools.cache
def _flags() -> FilterFlag:
    # TSYNC puts every thread under the filter; a freshly forked job has one thread anyway.
    return FilterFlag.TSYNC if seccompy.flag_supported(FilterFlag.TSYNC) else FilterFlag.NONE


# What a command host may do beyond a job: start processes and programs, and make pipes.
COMMAND_HOST_ALLOWED = ("fork", "vfork", "execve", "execveat", "socketpair")


def build(pid: int, commands: bool = False, scoped: bool = True,
          group: int | None = None) -> Filter:
    """The job's filter; `pid` is the job's own pid (as seen in its pid namespace).
    `commands`: the command host's (see the module docstring); `scoped`: the kernel keeps
    its signals in the sandbox; `group`: the host's process group (default: the caller's),
    which an unscoped host may signal."""
    filt = Filter(default=Action.ALLOW, flags=_flags())
    denied = [name for name in DENIED if not (commands and name in COMMAND_HOST_ALLOWED)]
    for name in denied:
        if _number(name) is not None:
            filt.errno(name, errno.EPERM)
    filt.errno("clone3", errno.ENOSYS)  # its flags live in memory a filter cannot read
    if commands:  # a new process, never a new namespace
        filt.allow("clone", args=[(0, CmpOp.MASKED_EQ, 0, CLONE_NAMESPACES)])
    else:
        filt.allow("clone", args=[(0, CmpOp.MASKED_EQ, CLONE_THREAD,
                                   CLONE_THREAD | CLONE_NAMESPACES)])
    filt.errno("clone", errno.EPERM)  # any clone that is not a plain thread
    signals = [name for name in SIGNALS_TO_SELF if _number(name) is not None]
    if not commands:
        for name in signals:
            filt.allow(name, args={0: pid})
            filt.errno(name, errno.EPERM)
    elif not scoped:  # only what kill(0, …) reaches: its own process group
        filt.allow("kill", args={0: 0})
        group = os.getpgid(0) if group is None else group
        filt.allow("kill", args={0: -group & 0xFFFF_FFFF_FFFF_FFFF})  # sign-extended
        for name in signals:
            filt.errno(name, errno.EPERM)
    kept = (PR_SET_DUMPABLE, PR_SET_PTRACER) if commands else \
        (PR_SET_PDEATHSIG, PR_SET_DUMPABLE, PR_SET_PTRACER)  # a command sets its own
    for option in kept:
        filt.errno("prctl", errno.EPERM, args={0: option})  # keep what confine_job set
    if _x32_enabled():
        native = [n for n in map(_number, (*denied, *signals, "clone", "clone3"))
                  if n is not None]
        for nr in sorted({*native, *X32_COMPAT}):
            filt.errno(nr | X32_SYSCALL_BIT, errno.EPERM)
    return filt


def confine(pid: int | None = None, commands: bool = False, scoped: bool = True) -> None:
    """Load the job's filter (sets no_new_privs first), or with `commands` the command
    host's. Irreversible."""
    build(os.getpid() if pid is None else pid, commands, scoped).load()


# Two pids (and process groups) to compile a filter for: where the programs differ is where
# the pid goes. A third checks the result. Any distinct positive values < 2**31 would do.
PROBE_PIDS = (4242, 1_234_567, 77)
SLOT = struct.Struct("<I")  # a BPF instruction's constant k: bytes 4..7 of its 8


@dataclass(frozen=True)
class Program:
    """A compiled filter, ready to load: `code` as built for pid PROBE_PIDS[0], whose
    constants at the byte offsets `slots` hold that pid (`negated`: -pid, a process group
    for kill()); `flags` go to seccomp(2) as Filter.load gives them."""

    code: bytes
    flags: int
    slots: tuple[int, ...] = ()
    negated: bool = False

    def code_for(self, pid: int) -> bytes:
        """The program as `build` would make it for `pid`."""
        if not self.slots:
            return self.code
        word = SLOT.pack((-pid if self.negated else pid) & 0xFFFF_FFFF)
        code = bytearray(self.code)
        for offset in self.slots:
            code[offset:offset + 4] = word
        return bytes(code)

    def load(self, pid: int) -> None:
        """Install it for `pid` (ignored by a program without slots), as Filter.load
        does: no_new_privs first. Irreversible."""
        seccompy._syscall.set_no_new_privs()
        seccompy._syscall.set_mode_filter(self.code_for(pid), self.flags)


def compile_filter(commands: bool = False, scoped: bool = True) -> Program:
    """The filter `build` makes, compiled once for every job of a worker: the job's (pid
    slots) or its command host's (process-group slots when not `scoped`, else none).

    Raises ValueError if the programs for two pids differ anywhere but in constants
    holding them (then each job must build its own)."""
    negated = commands and not scoped
    first, second, check = (
        build(pid, commands, scoped, group=pid).program for pid in PROBE_PIDS)
    program = Program(first, int(_flags()), _slots(first, second, negated), negated)
    if program.code_for(PROBE_PIDS[2]) != check or \
            bool(program.slots) != (not commands or negated):
        raise ValueError("the filter depends on the pid in more than its constants")
    return program


def _slots(first: bytes, second: bytes, negated: bool) -> tuple[int, ...]:
    """Offsets of the constants that hold PROBE_PIDS[0] in `first`, [1] in `second`."""
    if len(first) != len(second):
        raise ValueError("the filter's length depends on the pid")
    words = [SLOT.pack((-pid if negated else pid) & 0xFFFF_FFFF) for pid in PROBE_PIDS[:2]]
    slots = []
    for at in range(0, len(first), 8):
        if first[at:at + 8] == second[at:at + 8]:
            continue
        if first[at:at + 4] != second[at:at + 4] or \
                (first[at + 4:at + 8], second[at + 4:at + 8]) != tuple(words):
            raise ValueError("the filter differs from pid to pid outside its constants")
        slots.append(at + 4)
    return tuple(slots)


def _warm() -> None:
    """Answer every probe now, in the worker, so forked jobs inherit the answers: seccompy
    finds libc with ctypes.util.find_library, which runs ldconfig (or gcc) -- ~30 ms per
    job, and a job must not run programs."""
    if available():
        _flags()
        _x32_enabled()


_warm()
