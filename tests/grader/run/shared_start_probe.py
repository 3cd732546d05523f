"""Run by test_shared_start.py (as root or as the teacher): two workers of one pool, and
what a job of one can do to the other's folders. Prints one JSON object."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import threading
from pathlib import Path

from agentloop_grader.isolation import View, can_share_start, choose
from agentloop_grader.protocol import CellJob, CellKind, Job, Limits, Setup
from agentloop_grader.run.supervisor import run_job
from agentloop_grader.run.workers import WorkerPool

SPY = """import os, pathlib
other = pathlib.Path({other!r})
for name, try_it in (("list", lambda: os.listdir(other)),
                     ("read", lambda: (other / "keep.1" / "work" / "secret.txt").read_text()),
                     ("write", lambda: (other / "planted.txt").write_text("x"))):
    try:
        print(name, "ok", try_it())
    except OSError as exc:
        print(name, "refused", type(exc).__name__)
"""
KEEPER = ("import pathlib, time\npathlib.Path('secret.txt').write_text('answers')\n"
          "time.sleep(3)\nprint('kept')")


def main(isolation: str) -> None:
    choice = choose(isolation)
    tmp = Path(tempfile.mkdtemp(prefix="agentloop-shared-"))
    os.chmod(tmp, 0o711)
    files = tmp / "files"
    files.mkdir()
    os.chmod(files, 0o755)
    views = []
    for number in range(2):
        root = tmp / f"worker{number}"
        root.mkdir()
        os.chmod(root, 0o711)
        views.append(View.for_this_python(str(root), extra_readable=(str(files),)))
    setup = Setup(("agentloop",), (), str(files), choice.to_plain(), views[0].to_plain(), ())
    pool = WorkerPool(setup, choice, views)
    limits = Limits(time_s=10.0, memory_mb=1024)
    out: dict[str, object] = {"shares": can_share_start(choice)}
    try:
        pool.launch()
        out["one_process"] = pool.workers[0].process is pool.workers[1].process
        pool.wait_ready()
        spy_worker, keeper_worker = pool.workers
        kept: dict[str, object] = {}
        keeper = threading.Thread(target=lambda: kept.update(run=run_job(
            Job("keep", "k", "nb", (CellJob("c", CellKind.PLAIN, KEEPER),), limits),
            keeper_worker)))
        keeper.start()
        import time
        time.sleep(1.0)  # the keeper's job is running and has written its file
        spy = run_job(Job("spy", "s", "nb", (CellJob("c", CellKind.PLAIN,
                                                     SPY.format(other=str(views[1].work_root))),
                                            ), limits), spy_worker)
        keeper.join()
        out["spy"] = "".join(o.get("text", "") for o in spy.cells["c"].result.outputs)
        out["keeper"] = "".join(o.get("text", "") for o in kept["run"].cells["c"].result.outputs)
        spy_worker.close()  # the other worker of the same start goes on
        again = run_job(Job("again", "k", "nb", (CellJob("c", CellKind.PLAIN, "print(6 * 7)"),),
                            limits), keeper_worker)
        out["after_close"] = "".join(o.get("text", "") for o in again.cells["c"].result.outputs)
    finally:
        pool.close()
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv[1])
