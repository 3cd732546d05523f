"""Running a few lines in a forked child of the test process, so that a confinement applied
there (a seccomp filter, a Landlock ruleset) leaves the test process as it was."""

from __future__ import annotations

import json
import os
from collections.abc import Callable


def in_child(body: Callable[[], dict]) -> dict:
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


def outcome(action: Callable[[], object]) -> str:
    """`ok`, or the errno the action failed with."""
    try:
        action()
        return "ok"
    except OSError as exc:
        return f"errno {exc.errno}"


def is_open(fd: int) -> bool:
    """Whether `fd` is an open descriptor of this process."""
    try:
        os.fstat(fd)
        return True
    except OSError:
        return False
