"""A job's rlimits, worked out from the run's `protocol.Limits` and set in the job process
before its code runs.

No process-count limit: seccomp already forbids new processes, and RLIMIT_NPROC counts
every process of the uid (threads too).
"""

from __future__ import annotations

import resource

from ..protocol import Limits

MB = 1024 * 1024


def rlimits(limits: Limits, cells: int = 0, mapped_mb: int = 0) -> list[tuple[int, int]]:
    """(kind, value) for a job of `cells` cells in a worker that already maps `mapped_mb`
    (its imports: pandas alone maps hundreds of MB, which the address space counts)."""
    return [
        (resource.RLIMIT_AS, (mapped_mb + limits.memory_mb) * MB),
        (resource.RLIMIT_CPU, limits.cpu_seconds(cells)),
        (resource.RLIMIT_FSIZE, limits.file_mb * MB),
        (resource.RLIMIT_CORE, 0),
        (resource.RLIMIT_NOFILE, limits.open_files),
    ]


def apply_rlimits(limits: Limits, cells: int = 0, mapped_mb: int = 0) -> None:
    """Set soft and hard limits; where the hard limit is already lower, keep it."""
    for kind, value in rlimits(limits, cells, mapped_mb):
        _, hard = resource.getrlimit(kind)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        resource.setrlimit(kind, (value, value))
