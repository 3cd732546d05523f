"""Jobs on a Dask cluster: each Dask worker process keeps its own warm sandbox worker.

A task carries a job and the set-up as plain data; the first task in a Dask worker process
starts a sandbox worker there (behind the same isolation), later tasks reuse it.
"""

from __future__ import annotations

import atexit
import dataclasses
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ..protocol import Job, Run, Setup

# One sandbox worker per thread that runs tasks (a Dask worker may run several tasks at once
# on threads; a sandbox worker takes one job at a time), per set-up.
_LOCAL = threading.local()


def run_remote(job: dict[str, Any], setup: dict[str, Any]) -> dict[str, Any]:
    """A Dask task: one job, on this process's warm worker."""
    from dataclasses import replace

    from ..isolation import Choice, View
    from .supervisor import run_job
    from .workers import Worker

    key = repr(sorted(setup.items()))
    workers = _LOCAL.__dict__.setdefault("workers", {})
    worker = workers.get(key)
    if worker is None:
        root = Path(tempfile.mkdtemp(prefix="agentloop-dask-"))
        root.chmod(0o711)
        atexit.register(shutil.rmtree, root, True)  # the Dask worker's lifetime, not one job's
        plain = Setup.from_plain(setup)
        view = View.from_plain(plain.view)
        view = dataclasses.replace(view, work_root=str(root))
        worker = Worker(replace(plain, view=view.to_plain()), Choice.from_plain(plain.isolation),
                        view, root)
        worker.start()
        workers[key] = worker
    return run_job(Job.from_plain(job), worker).to_plain()


def dask_runs(address: str, jobs: list[Job], setup: Setup, choice: Any,
              follow: Callable[[Run], Job | None] | None = None) -> Iterator[Run]:
    """Run jobs as tasks on a Dask distributed cluster; a lost task still gives a Run.
    `follow(run)` may give a job to run after it (a student's next notebook)."""
    from distributed import Client, as_completed

    from .supervisor import SandboxUnfit

    with Client(address) as client:
        job_of: dict[Any, Job] = {}

        def submit(job: Job) -> Any:
            future = client.submit(run_remote, job.to_plain(), setup.to_plain(), pure=False)
            job_of[future.key] = job
            return future

        running = as_completed([submit(job) for job in jobs])
        for future in running:
            job = job_of[future.key]
            try:
                run = Run.from_plain(future.result())
            except SandboxUnfit:
                raise  # the run must stop: every notebook would score wrongly
            except Exception as exc:  # a lost worker: still one row for the student
                run = Run(job.job_id, job.student, job.notebook,
                          problems=[f"Dask task failed: {exc!r}"])
            after = follow(run) if follow is not None else None
            if after is not None:
                running.add(submit(after))
            yield run
