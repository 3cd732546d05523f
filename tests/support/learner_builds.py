"""What the learner's side is made of, built once per test run and shared by every test that
needs it:

    learner_release()   the learner release of chapters/ (agentloop_grader.learner_release)
    learner_wheel()     the learner's distribution, `agentloop-*.whl` (lib/ only)
    learner_venv()      a fresh venv with that wheel installed `--no-deps`, plus ipykernel and
                        ipywidgets at this venv's versions (from the package registry, once)
    learner_kernel()    a kernelspec folder whose python3 is that venv's Python

Each is built the first time a test asks for it, in one temporary folder removed when the
run ends (pytest's own session fixtures are per module when imported into several). In a
parallel run that folder is the one the workers share ($AGENTLOOP_TEST_SHARED, made by the
root conftest.py): the first worker to ask builds, under a lock, and the others wait and use
what it built.
"""

from __future__ import annotations

import atexit
import fcntl
import functools
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = ROOT / "chapters"
SHARED_ENV = "AGENTLOOP_TEST_SHARED"


@functools.cache
def session_folder() -> Path:
    if os.environ.get(SHARED_ENV):
        return Path(os.environ[SHARED_ENV])  # the run's, removed by the controller
    folder = Path(tempfile.mkdtemp(prefix="agentloop-learner-builds-"))
    folder.chmod(0o755)  # an ordinary account runs the venv's Python too
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def built_once(name: str, build: Callable[[Path], None]) -> Path:
    """`build(folder)` into session_folder()/name, once per run whichever process asks
    first; a build that failed half-way is started again by the next to ask."""
    out = session_folder() / name
    done = session_folder() / f"{name}.done"
    with open(session_folder() / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            shutil.rmtree(out, ignore_errors=True)
            build(out)
            done.touch()
    return out


@functools.cache
def learner_release() -> Path:
    from agentloop_grader.learner_release import build_release

    return built_once("release", lambda out: build_release(CHAPTERS, out))


@functools.cache
def learner_wheel() -> Path:
    sys.path.insert(0, str(ROOT / "tools"))
    from build_learner_edition import build_wheel

    (wheel,) = built_once("wheels", build_wheel).glob("agentloop-*.whl")
    return wheel


def pins() -> list[str]:
    """ipykernel and ipywidgets at the versions of the environment the tests run in."""
    return [f"ipykernel=={version('ipykernel')}", f"ipywidgets=={version('ipywidgets')}"]


def _make_venv(venv: Path) -> None:
    # No pip of its own (ensurepip costs seconds): this environment's pip installs into it.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=300)
    pip = [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install",
           "--quiet", "--disable-pip-version-check"]
    subprocess.run([*pip, "--no-deps", str(learner_wheel())], check=True, timeout=300)
    subprocess.run([*pip, *pins()], check=True, timeout=900)


@functools.cache
def learner_venv() -> Path:
    return built_once("venv", _make_venv)


def _write_kernel(data: Path) -> None:
    spec = data / "kernels" / "python3"
    spec.mkdir(parents=True)
    python = learner_venv() / "bin" / "python"
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (learner)", "language": "python"}), encoding="utf-8")


@functools.cache
def learner_kernel() -> Path:
    """A Jupyter data folder whose kernels/python3 runs the learner venv's Python."""
    return built_once("kernel-data", _write_kernel)
