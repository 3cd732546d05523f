"""podman/docker command lines: the same view, bound at the same paths, in a container.

Only on request (`--isolation container`): an engine must answer `podman info` or
`docker info`. The image only provides the mount points; Python, its packages and the
system libraries are the host's, bound read-only, so the worker runs the same interpreter.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from collections.abc import Mapping, Sequence

from .bwrap import SCRATCH, mirrored_link
from .process import NOBODY
from .view import is_device

ENGINES = ("podman", "docker")
DEFAULT_IMAGE = "docker.io/library/debian:stable-slim"
INFO_SECONDS = 20.0
PIDS_LIMIT = 256  # threads count as pids inside the container's cgroup


@functools.cache
def find() -> tuple[str | None, str]:
    """(engine binary, '') for the first engine that answers, else (None, why not)."""
    reasons = []
    for name in ENGINES:
        binary = shutil.which(name)
        if binary is None:
            reasons.append(f"{name} not installed")
            continue
        try:
            done = subprocess.run([binary, "info"], stdin=subprocess.DEVNULL,
                                  capture_output=True, text=True, timeout=INFO_SECONDS,
                                  check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            reasons.append(f"{name}: {exc}")
            continue
        if done.returncode == 0:
            return binary, ""
        lines = (done.stderr or done.stdout).strip().splitlines()
        reasons.append(f"{name} info failed: {lines[-1] if lines else done.returncode}")
    return None, "; ".join(reasons)


def command(engine: str, image: str, readable: Sequence[str], writable: Sequence[str],
            argv: Sequence[str], env: Mapping[str, str], pass_fds: Sequence[int] = (),
            as_root: bool | None = None) -> list[str]:
    """`<engine> run` for `argv`: no network, read-only root, no capabilities, a pid
    limit, the caller's uid (65534 for root), `readable` ro and `writable` rw."""
    as_root = os.geteuid() == 0 if as_root is None else as_root
    podman = os.path.basename(engine).startswith("podman")
    uid, gid = (NOBODY, NOBODY) if as_root else (os.getuid(), os.getgid())
    cmd = [engine, "run", "--rm", "-i", "--network", "none", "--read-only",
           "--pids-limit", str(PIDS_LIMIT), "--cap-drop", "ALL",
           "--security-opt", "no-new-privileges", "--ipc", "none",
           "--user", f"{uid}:{gid}", "--workdir", "/", "--tmpfs", f"{SCRATCH}:rw,mode=1777"]
    if podman and not as_root:
        cmd += ["--userns", "keep-id"]  # rootless: the caller's uid is the same inside
    if pass_fds:
        if not podman:
            raise ValueError("docker cannot hand file descriptors to a container; use "
                             "podman, or a unix socket under the work root")
        # podman keeps fds 3 .. 3+N-1; pass_fds keeps their numbers across the exec.
        cmd += ["--preserve-fds", str(max(pass_fds) - 2)]
    for key, value in env.items():  # nothing else crosses: docker/podman start clean
        cmd += ["-e", f"{key}={value}"]
    for path in readable:
        if is_device(path) or path.startswith(("/sys/", "/proc/")) or \
                mirrored_link(path, readable):
            continue  # the engine provides /dev and /sys; the image has /lib -> usr/lib
        cmd += ["-v", f"{path}:{path}:ro"]
    for path in writable:
        cmd += ["-v", f"{path}:{path}:rw"]
    return [*cmd, image, *argv]
