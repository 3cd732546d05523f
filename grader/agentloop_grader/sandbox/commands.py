"""A notebook's shell commands, run inside the sandbox as a kernel would run them.

    !ls data/            system(cmd)      in a pseudo-terminal, as pexpect runs it for ipykernel
    files = !ls          getoutput(cmd)   through pipes, stdout and stderr together (`!!`, %sx)
    %%bash / %%sh / %%script …   script(argv, cell)   the cell on stdin, both streams apart

A job may start no process (seccomp), so these go to its command host: a process forked
from the job just before the job confined itself (isolation/job.py), confined like it but
allowed to start programs. The job sends one request at a time on the socket between them
and prints what comes back, in order, as the command runs:

    → {"op": "system" | "getoutput" | "script", "cmd" | "argv", "stdin", "cwd", "env"}
    ← {"out": text} | {"err": text} …   then {"exit": code} | {"missing": program}
                                         | {"failed": why}

Every program a command starts is in the job's process group, which the worker kills
whole when the job ends: nothing outlives the job. No host (the trusted mode, or a
runner outside the sandbox): IPython's own functions run them in this process.
"""

from __future__ import annotations

import ctypes
import json
import os
import select
import shutil
import signal
import socket
import struct
import sys
from codecs import getincrementaldecoder
from collections.abc import Callable, Iterator
from typing import Any

# the host's terminal: what pexpect gives `!cmd` (ptyprocess' default size)
ROWS, COLUMNS = 24, 80
READ_BYTES = 1 << 16
MAX_REQUEST = 16 << 20  # a %%bash cell and the environment, at most
EXEC_FAILED = 127  # what a shell returns for a program it cannot run
PR_SET_PDEATHSIG = 1
TIOCSWINSZ = 0x5414

Writer = Callable[[str], None]


class CommandError(OSError):
    """The command host is gone or refused the request (one line, for the cell's error)."""


# --- the job's side ------------------------------------------------------------------------

_host: socket.socket | None = None
_wanted: Callable[[], None] | None = None


def attach(host: socket.socket | None, wanted: Callable[[], None] | None = None) -> None:
    """Use `host` (the job's end of the command host's socket) for every command. A job
    confined without a host gives `wanted` instead: called (it ends the job, which then
    runs again with a host) at the first command, rather than failing it."""
    global _host, _wanted
    _host, _wanted = host, wanted


def attached() -> bool:
    """Whether commands go to a host. In a job confined without one, a command wants
    one: `wanted` ends the job here, to run again with a host."""
    if _host is None and _wanted is not None:
        _wanted()
    return _host is not None


def system(cmd: str) -> int:
    """`!cmd`: its output printed as it comes; IPython's exit code (negative: a signal)."""
    if not attached():
        from IPython.utils.process import system as local

        return local(cmd)
    code = _ask({"op": "system", "cmd": cmd}, _stdout, _stdout)
    return 0 if code is None else code


def getoutput(cmd: str) -> tuple[str, int]:
    """`!!cmd`, `x = !cmd`: stdout and stderr together, and the exit code."""
    if not attached():  # IPython's own getoutput, keeping the exit code
        import subprocess

        from IPython.utils.encoding import DEFAULT_ENCODING

        done = subprocess.run(cmd, shell=True, executable=os.environ.get("SHELL"),
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, check=False)
        return done.stdout.decode(DEFAULT_ENCODING, "replace"), done.returncode
    parts: list[str] = []
    code = _ask({"op": "getoutput", "cmd": cmd}, parts.append, parts.append)
    return "".join(parts), 0 if code is None else code


def script(argv: list[str], cell: str, out: Writer, err: Writer) -> int | None:
    """`%%script argv…`: the cell on the program's stdin; None when there is no such
    program."""
    if not attached():
        raise CommandError("no command host")  # callers use IPython's magic instead
    return _ask({"op": "script", "argv": argv, "stdin": cell}, out, err)


def _stdout(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def _ask(request: dict[str, Any], out: Writer, err: Writer) -> int | None:
    host = _host
    assert host is not None
    request.update(cwd=os.getcwd(), env=dict(os.environ))
    try:
        host.sendall(json.dumps(request).encode() + b"\n")
        for answer in _lines(host):
            if "out" in answer:
                out(str(answer["out"]))
            elif "err" in answer:
                err(str(answer["err"]))
            elif "exit" in answer:
                return int(answer["exit"])
            elif "missing" in answer:
                return None
            elif "failed" in answer:
                raise CommandError(str(answer["failed"]))
    except (OSError, ValueError) as exc:
        if isinstance(exc, CommandError):
            raise
        raise CommandError(f"shell commands are not available in this sandbox ({exc})") from None
    raise CommandError("shell commands are not available in this sandbox (the command "
                       "host ended)")


def _lines(sock: socket.socket) -> Iterator[dict[str, Any]]:
    """JSON objects, one per line, until the other side closes."""
    buffer = b""
    while True:
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            message = json.loads(line)
            if not isinstance(message, dict):
                raise ValueError("not an object")
            yield message
        if len(buffer) > MAX_REQUEST:
            raise ValueError("line too long")
        data = sock.recv(READ_BYTES)
        if not data:
            return
        buffer += data


# --- the host's side -----------------------------------------------------------------------

def serve(sock: socket.socket, terminal: tuple[int, int]) -> None:
    """The command host's loop: one request at a time, until the job closes the socket."""
    master, slave = terminal
    os.set_inheritable(master, False)
    os.set_inheritable(slave, False)
    try:
        import fcntl

        fcntl.ioctl(slave, TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    except OSError:
        pass
    wake_r, wake_w = os.pipe2(os.O_NONBLOCK | os.O_CLOEXEC)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # wakes select() when a command ends
    host = _Host(sock, master, slave, wake_r)
    try:
        for request in _lines(sock):
            try:
                host.handle(request)
            except Exception as exc:  # a bad request, a program that cannot start
                host.send(failed=f"{type(exc).__name__}: {exc}")
    except (OSError, ValueError):
        return


class _Host:
    def __init__(self, sock: socket.socket, master: int, slave: int, wake: int) -> None:
        self.sock, self.master, self.slave, self.wake = sock, master, slave, wake

    def send(self, **message: Any) -> None:
        self.sock.sendall(json.dumps(message).encode() + b"\n")

    def handle(self, request: dict[str, Any]) -> None:
        op = request.get("op")
        env = {str(k): str(v) for k, v in dict(request.get("env") or {}).items()}
        cwd = str(request.get("cwd") or ".")
        if op in ("system", "getoutput"):
            shell = _which(env.get("SHELL", "sh"), env)
            if shell is None:
                raise OSError(f'"{env.get("SHELL", "sh")}" shell not found')
            argv = [shell, "-c", str(request["cmd"])]
            code = self._terminal(argv, cwd, env) if op == "system" else \
                self._pipes(argv, cwd, env, None, merged=True)
            self.send(exit=code)
        elif op == "script":
            argv = [str(a) for a in request["argv"]]
            program = _which(argv[0], env) if argv else None
            if program is None:
                self.send(missing=argv[0] if argv else "")
                return
            stdin = str(request.get("stdin", "")).encode("utf8", "replace")
            self.send(exit=self._pipes([program, *argv[1:]], cwd, env, stdin, merged=False))
        else:
            raise ValueError(f"unknown request {op!r}")

    def _terminal(self, argv: list[str], cwd: str, env: dict[str, str]) -> int:
        """Run in the pseudo-terminal; its output as it comes (pexpect's `system`)."""
        pid = _spawn(argv, cwd, env, (self.slave, self.slave, self.slave))
        decoder = getincrementaldecoder("utf-8")(errors="replace")
        status = None
        while status is None:
            ready, _, _ = select.select([self.master, self.wake], [], [])
            if self.master in ready:
                self._forward(self.master, decoder, "out")
            if self.wake in ready:
                _drain(self.wake)
            status = _exited(pid)
        while select.select([self.master], [], [], 0)[0]:  # what is left in the terminal
            if not self._forward(self.master, decoder, "out"):
                break
        tail = decoder.decode(b"", final=True)
        if tail:
            self.send(out=tail)
        return _exit_code(status)

    def _pipes(self, argv: list[str], cwd: str, env: dict[str, str], stdin: bytes | None,
               merged: bool) -> int:
        """Run with pipes: stdin fed (or closed at once), stdout and stderr forwarded."""
        in_r, in_w = os.pipe2(os.O_CLOEXEC)
        out_r, out_w = os.pipe2(os.O_CLOEXEC)
        err_r, err_w = (out_r, out_w) if merged else os.pipe2(os.O_CLOEXEC)
        try:
            pid = _spawn(argv, cwd, env, (in_r, out_w, err_w))
        finally:
            for fd in {in_r, out_w, err_w}:
                os.close(fd)
        pending = stdin or b""
        if not pending:
            os.close(in_w)
            in_w = -1
        else:
            os.set_blocking(in_w, False)
        streams = {out_r: ("out", getincrementaldecoder("utf-8")(errors="replace"))}
        if not merged:
            streams[err_r] = ("err", getincrementaldecoder("utf-8")(errors="replace"))
        while streams or in_w >= 0:
            writers = [in_w] if in_w >= 0 else []
            ready, can_write, _ = select.select(list(streams), writers, [])
            if can_write:
                try:
                    pending = pending[os.write(in_w, pending[:READ_BYTES]):]
                except BrokenPipeError:
                    pending = b""
                if not pending:
                    os.close(in_w)
                    in_w = -1
            for fd in ready:
                name, decoder = streams[fd]
                if not self._forward(fd, decoder, name):
                    tail = decoder.decode(b"", final=True)
                    if tail:
                        self.send(**{name: tail})
                    del streams[fd]
                    os.close(fd)
        while (status := _exited(pid)) is None:
            select.select([self.wake], [], [])
            _drain(self.wake)
        return _exit_code(status)

    def _forward(self, fd: int, decoder: Any, name: str) -> bool:
        try:
            data = os.read(fd, READ_BYTES)
        except OSError:  # EIO: the terminal has no writer left
            data = b""
        if data:
            text = decoder.decode(data)
            if text:
                self.send(**{name: text})
        return bool(data)


def _which(program: str, env: dict[str, str]) -> str | None:
    if os.sep in program:
        return program if os.access(program, os.X_OK) else None
    return shutil.which(program, path=env.get("PATH", os.defpath))


def _spawn(argv: list[str], cwd: str, env: dict[str, str], fds: tuple[int, int, int]) -> int:
    """fork + exec with `fds` as 0, 1 and 2; the program dies with the host."""
    pid = os.fork()
    if pid:
        return pid
    try:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.set_wakeup_fd(-1)
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
        os.closerange(3, 1 << 16)
        os.chdir(cwd)
        os.execve(argv[0], argv, env)
    except BaseException as exc:
        try:
            os.write(2, f"{argv[0]}: {exc}\n".encode())
        finally:
            os._exit(EXEC_FAILED)
    os._exit(EXEC_FAILED)


def _exited(pid: int) -> int | None:
    """The wait status of `pid` once it has ended, else None."""
    try:
        done, status = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return 0
    return status if done else None


def _exit_code(status: int) -> int:
    """As IPython's system reports it: the code, or minus the signal (a shell's 128+n too)."""
    code = os.waitstatus_to_exitcode(status)
    return -(code - 128) if code > 128 else code


def _drain(fd: int) -> None:
    try:
        while os.read(fd, 512):
            pass
    except (BlockingIOError, OSError):
        pass
