"""Per-job resource limits (rlimits), set in the job process before its code runs."""

from __future__ import annotations

import resource
from dataclasses import dataclass

MB = 1024 * 1024


@dataclass(frozen=True)
class JobLimits:
    """What one job may use. No process-count limit: seccomp already forbids new
    processes, and RLIMIT_NPROC counts every process of the uid (threads too)."""

    memory_mb: int = 1024  # address space (RLIMIT_AS); numpy/BLAS threads reserve a lot
    cpu_seconds: int = 60  # CPU time of the whole job (RLIMIT_CPU), SIGXCPU then SIGKILL
    file_mb: int = 64  # largest file the job may write (RLIMIT_FSIZE)
    open_files: int = 256  # RLIMIT_NOFILE

    def pairs(self) -> list[tuple[int, int]]:
        return [
            (resource.RLIMIT_AS, self.memory_mb * MB),
            (resource.RLIMIT_CPU, self.cpu_seconds),
            (resource.RLIMIT_FSIZE, self.file_mb * MB),
            (resource.RLIMIT_CORE, 0),
            (resource.RLIMIT_NOFILE, self.open_files),
        ]


def apply_rlimits(limits: JobLimits) -> None:
    """Set soft and hard limits; where the hard limit is already lower, keep it."""
    for kind, value in limits.pairs():
        _, hard = resource.getrlimit(kind)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        resource.setrlimit(kind, (value, value))
