"""A container engine's command line (agentloop_grader.isolation.container): no network,
read-only, every capability dropped, the view alone mounted."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from agentloop_grader.isolation import Choice, Layer, Mode, View, choose, container, worker_command

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))


def test_container_command_construction() -> None:
    view = View.for_this_python("/tmp/work-root")
    layers = (Layer.CONTAINER, Layer.SECCOMP, Layer.RLIMITS)
    podman = Choice(Mode.CONTAINER, layers, tool="/usr/bin/podman", image="img:1")
    cmd = worker_command(podman, view, ["python", "-I"], env={"X": "1"}, pass_fds=[3, 5])
    text = " ".join(cmd)
    for flag in ("run --rm -i", "--network none", "--read-only", "--pids-limit",
                 "--cap-drop ALL", "--security-opt no-new-privileges", "--preserve-fds 3",
                 "-v /tmp/work-root:/tmp/work-root:rw", "-e X=1", "-e HOME=/tmp",
                 "--tmpfs /tmp:rw,mode=1777"):
        assert flag in text
    assert f"--user {os.getuid()}:{os.getgid()}" in text
    as_root = Choice(Mode.CONTAINER, layers, tool="/usr/bin/podman", image="i", sandbox_uid=65534)
    assert "--user 65534:65534" in " ".join(worker_command(as_root, view, ["python"]))
    assert "-v /usr:/usr:ro" in text and f"-v {REPO}:" not in text
    assert cmd[-3:] == ["img:1", "python", "-I"]
    docker = Choice(Mode.CONTAINER, layers, tool="/usr/bin/docker", image="img:1")
    assert "--preserve-fds" not in worker_command(docker, view, ["python"])
    with pytest.raises(ValueError, match="docker cannot hand file descriptors"):
        worker_command(docker, view, ["python"], pass_fds=[3])
    if container.find()[0] is None:
        return  # no engine answers here: nothing to run for real
    real = choose("container")
    done = subprocess.run(worker_command(real, view, [sys.executable, "-I", "-c", "print(1)"]),
                          cwd="/", capture_output=True, text=True, timeout=60, check=False)
    assert done.stdout.strip() == "1", done.stderr
