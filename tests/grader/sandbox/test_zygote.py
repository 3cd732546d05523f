"""The warm worker (agentloop_grader.sandbox.zygote): fork-safe, and it leaves no IPython folder."""

from __future__ import annotations

import os
import subprocess
import sys


def test_the_zygote_is_fork_safe_and_leaves_no_ipython_dir(tmp_path):
    script = ("import sys, threading\n"
              "from agentloop_grader.sandbox.cells import CellRunner\n"
              "from IPython.core import async_helpers\n"
              "runner = CellRunner()\nrunner.warm_up()\n"
              "assert threading.active_count() == 1, threading.enumerate()\n"
              "assert async_helpers._asyncio_event_loop is None\n"
              "print(runner.shell.ipython_dir)\n")
    env = {**os.environ, "HOME": str(tmp_path)}
    env.pop("IPYTHONDIR", None)
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / ".ipython").exists()
    assert not os.path.exists(done.stdout.strip())  # the private IPython dir is removed


def test_mapped_mb_is_the_vmsize_of_proc_status():
    from agentloop_grader.sandbox.zygote import mapped_mb

    def vmsize_mb() -> int:  # how it was read before: /proc/self/status, in kB
        with open("/proc/self/status") as status:
            line = next(line for line in status if line.startswith("VmSize:"))
        return int(line.split()[1]) // 1024

    before, got, after = vmsize_mb(), mapped_mb(), vmsize_mb()
    assert before == got == after and got > 0
