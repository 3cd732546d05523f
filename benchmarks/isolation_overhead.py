"""What isolation costs (a script that prints figures, not a timed test).

    python benchmarks/isolation_overhead.py [--jobs 50] [--starts 10]

For each mode available here (namespaces, landlock, and trusted as the no-confinement
baseline): the worker start-up time (worker_command(...) until a Python inside answers)
and the per-job set-up overhead (fork + confine_job + exit, minus a bare fork + exit),
medians, measured inside the worker. Next to them, a plain
`subprocess.run([python, "-c", "pass"])` for scale. As root, landlock mode needs a Python
that uid 65534 can read; otherwise its line says why it was skipped.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from agentloop_grader.isolation import (
    IsolationUnavailable,
    Mode,
    View,
    choose,
    prepare_workdir,
    worker_command,
)

# Runs inside the worker: answer once started, then time `jobs` forks with and without
# confine_job; print medians in milliseconds.
WORKER = r'''
import json, os, sys, time
from agentloop_grader.isolation import Choice, Mode, View, confine_job
from agentloop_grader.protocol import Limits
sys.stdout.write("ready\n"); sys.stdout.flush()
spec = json.loads(sys.stdin.readline())
if not spec:
    sys.exit(0)
choice = Choice(**dict(spec["choice"], mode=Mode(spec["choice"]["mode"]),
                       layers=tuple(spec["choice"]["layers"])))
view = View(tuple(spec["view"]["readable"]), spec["view"]["work_root"], ())
limits = Limits()


def timed(confine):
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        if confine:
            confine_job(choice, view, spec["workdir"], limits)
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    if status:
        raise SystemExit(f"job failed with status {status}")
    return (time.perf_counter() - start) * 1000


def median(samples):
    samples = sorted(samples)
    return samples[len(samples) // 2]


bare = median([timed(False) for _ in range(spec["jobs"])])
confined = median([timed(True) for _ in range(spec["jobs"])])
print(json.dumps({"fork_ms": bare, "fork_confine_ms": confined}))
'''


def start_worker(cmd: list[str]) -> tuple[subprocess.Popen[str], float]:
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    if proc.stdout.readline().strip() != "ready":
        raise RuntimeError(f"worker did not start: {cmd[:3]}")
    return proc, (time.perf_counter() - start) * 1000


def measure(mode: str, jobs: int, starts: int, root: str) -> dict[str, float] | str:
    try:
        choice = choose(mode, trusted=mode == Mode.TRUSTED)
    except IsolationUnavailable as exc:
        return str(exc)
    work_root = tempfile.mkdtemp(dir=root)
    os.chmod(work_root, 0o711)
    view = View.for_this_python(work_root)
    workdir = os.path.join(work_root, "job")
    prepare_workdir(choice, workdir)
    try:
        cmd = worker_command(choice, view, [sys.executable, "-I", "-c", WORKER])
    except IsolationUnavailable as exc:
        return str(exc)
    start_ms = []
    for _ in range(starts):
        proc, ms = start_worker(cmd)
        start_ms.append(ms)
        proc.communicate("null\n")
    proc, _ = start_worker(cmd)
    spec = {"choice": dataclasses.asdict(choice), "view": dataclasses.asdict(view),
            "workdir": workdir, "jobs": jobs}
    out, _ = proc.communicate(json.dumps(spec) + "\n")
    result = json.loads(out)
    return {"start_ms": statistics.median(start_ms), **result}


def plain_python(runs: int) -> float:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=50, help="forks per figure")
    parser.add_argument("--starts", type=int, default=10, help="worker starts per figure")
    args = parser.parse_args()
    print(f"uid {os.geteuid()}, {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    print(f"plain subprocess.run([python, '-c', 'pass']): {plain_python(args.starts):7.1f} ms")
    print(f"{'mode':<11} {'worker start':>13} {'fork+exit':>10} {'fork+confine':>13} "
          f"{'confine cost':>13}")
    with tempfile.TemporaryDirectory() as root:
        os.chmod(root, 0o711)
        for mode in (Mode.NAMESPACES, Mode.LANDLOCK, Mode.TRUSTED):
            figures = measure(mode, args.jobs, args.starts, root)
            if isinstance(figures, str):
                print(f"{mode:<11} skipped: {figures}")
                continue
            cost = figures["fork_confine_ms"] - figures["fork_ms"]
            print(f"{mode:<11} {figures['start_ms']:10.1f} ms {figures['fork_ms']:7.2f} ms "
                  f"{figures['fork_confine_ms']:10.2f} ms {cost:10.2f} ms")


if __name__ == "__main__":
    main()
