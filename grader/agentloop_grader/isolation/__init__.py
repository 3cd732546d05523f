"""Isolation of student code: workers behind a sandbox, each job confined on its own.

Modes (`Mode`), strongest first; `choose("auto")` takes the first that works here:

- namespaces: bubblewrap runs the worker on a private tmpfs root holding only the view
  (read-only) and the work root, with its own user (not as root) + mount + pid + net + ipc +
  uts namespaces. As root there is no user namespace: the worker runs as uid 65534.
- landlock: the worker runs on the host (empty environment); each job gets a Landlock
  allowlist (read the view, write its work dir, no TCP, scoped signals). As root the job
  first drops to uid 65534.
- container: podman/docker (`--network none --read-only`, no capabilities), on request.
- trusted: no isolation, only with the explicit --trusted-submissions flag.

Layers (`Layer`), strongest first: namespaces or container, uid 65534 (as root),
Landlock, seccomp (every mode but trusted: no fork/exec, signals only to itself, no
ptrace, no sockets, no namespaces/mounts/io_uring/bpf), rlimits; plus no_new_privs,
non-dumpable and SIGKILL on parent death for every job.

Use (the grader's side, then the job's):

    choice = choose(args.isolation, trusted=args.trusted_submissions)
    view = View.for_this_python(work_root)
    proc = Popen(worker_command(choice, view, [python, "-I", "-m", ...]), pass_fds=...)
    harden_worker()                                  # in the worker, once at start
    confinement = prepare_confinement(choice, view)  # in the worker, before any fork
    prepare_workdir(choice, job_dir)                 # per job, by the grader
    confine_job(choice, view, job_dir, job.limits,   # in the forked job, before student
                cells=len(job.cells),                # code (rlimits from protocol.Limits)
                confinement=confinement)
"""

from .job import (
    EXIT_ORPHANED,
    Confinement,
    ConfinementError,
    confine_job,
    harden_worker,
    prepare_confinement,
    prepare_workdir,
)
from .modes import AUTO, Choice, IsolationUnavailable, Layer, Mode, choose
from .view import View
from .worker import can_share_start, worker_command

__all__ = [
    "AUTO",
    "EXIT_ORPHANED",
    "Choice",
    "Confinement",
    "ConfinementError",
    "IsolationUnavailable",
    "Layer",
    "Mode",
    "View",
    "can_share_start",
    "choose",
    "confine_job",
    "harden_worker",
    "prepare_confinement",
    "prepare_workdir",
    "worker_command",
]
