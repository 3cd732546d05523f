"""`worker_command`: the command line that starts a worker inside its isolation."""

from __future__ import annotations

import shutil
from collections.abc import Mapping, Sequence

from . import bwrap, container
from .modes import Choice, IsolationUnavailable, Mode
from .view import View, unreachable_by_others

# Every mode starts the worker from an empty environment plus these: the grader's own
# (API keys, tokens, paths) would otherwise sit in the memory of every job it forks.
BASE_ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONDONTWRITEBYTECODE": "1"}


def worker_command(choice: Choice, view: View | Sequence[View], argv: Sequence[str],
                   env: Mapping[str, str] | None = None,
                   pass_fds: Sequence[int] = ()) -> list[str]:
    """`argv` wrapped for `choice`; run it with subprocess.Popen(..., pass_fds=...).
    Several views: one process for several workers (sandbox/zygote.py `serve_group`),
    which sees every one of their work roots (not in a container).

    namespaces: bwrap with the view at the same paths, the work root read-write,
    inherited fds kept, a private /tmp. landlock: argv under `env -i` (jobs are confined
    one by one in confine_job). container: `podman|docker run` (fds only cross with
    podman; give their numbers in `pass_fds`). trusted: argv unchanged. `env` adds
    variables to the worker's minimal environment, whose HOME and TMPDIR are the private
    /tmp (namespaces, container) or the work root (landlock).
    Raises IsolationUnavailable when, as root, uid 65534 could not read the view.
    """
    if choice.mode is Mode.TRUSTED:
        return list(argv)
    views = [view] if isinstance(view, View) else list(view)
    view, roots = views[0], [v.work_root for v in views]
    if len(views) > 1 and choice.mode is Mode.CONTAINER:
        raise ValueError("a container runs one worker; start one per view")
    scratch = view.work_root if choice.mode is Mode.LANDLOCK else bwrap.SCRATCH
    full_env = {**BASE_ENV, "HOME": scratch, "TMPDIR": scratch, **(env or {})}
    if choice.sandbox_uid is not None:
        # bwrap and containers build the parents of each bind; Landlock needs the host's.
        blocked = unreachable_by_others(view.worker_readable() if choice.mode is
                                        not Mode.LANDLOCK else view.job_readable(),
                                        ancestors=choice.mode is Mode.LANDLOCK)
        if blocked:
            raise IsolationUnavailable(
                f"isolation {choice.mode} runs sandboxed code as uid {choice.sandbox_uid}, "
                f"which cannot read {blocked}; make it readable by others, install Python "
                "elsewhere, or use --isolation namespaces")
    if choice.mode is Mode.NAMESPACES:
        return bwrap.command(_tool(choice), view.worker_readable(), roots, argv,
                             full_env, as_root=choice.sandbox_uid is not None)
    if choice.mode is Mode.CONTAINER:
        return container.command(_tool(choice), choice.image or container.DEFAULT_IMAGE,
                                 view.worker_readable(), [view.work_root], argv, full_env,
                                 pass_fds, as_root=choice.sandbox_uid is not None)
    env_binary = shutil.which("env", path="/usr/bin:/bin") or "/usr/bin/env"
    return [env_binary, "-i", *(f"{k}={v}" for k, v in full_env.items()), *argv]


def can_share_start(choice: Choice) -> bool:
    """Whether the workers of a run may come from one start (one import for all, instead
    of one each): where Landlock confines each job to its own work dir, or in the trusted
    mode, which confines nothing. Not in a container (one per worker), nor with bubblewrap
    alone: its mount namespace, one per worker, is then all that keeps a worker's jobs
    from the folders of another's."""
    if choice.mode is Mode.TRUSTED:
        return True
    return choice.mode in (Mode.NAMESPACES, Mode.LANDLOCK) and choice.landlock


def _tool(choice: Choice) -> str:
    if not choice.tool:
        raise IsolationUnavailable(f"isolation {choice.mode} needs its tool; use choose()")
    return choice.tool
