"""What the learner's side is made of, built once per test session and shared by every test
that needs it:

    learner_release()   the learner release of chapters/ (agentloop_grader.learner_release)
    learner_wheel()     the learner's distribution, `agentloop-*.whl` (lib/ only)
    learner_venv()      a fresh venv with that wheel installed `--no-deps`, plus ipykernel and
                        ipywidgets at this venv's versions (from the package registry, once)
    learner_kernel()    a kernelspec folder whose python3 is that venv's Python

Each is built the first time a test asks for it, in one temporary folder removed when the
session ends (pytest's own session fixtures are per module when imported into several).
"""

from __future__ import annotations

import atexit
import functools
import json
import shutil
import subprocess
import sys
import tempfile
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = ROOT / "chapters"


@functools.cache
def session_folder() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="agentloop-learner-builds-"))
    folder.chmod(0o755)  # an ordinary account runs the venv's Python too
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


@functools.cache
def learner_release() -> Path:
    from agentloop_grader.learner_release import build_release

    out = session_folder() / "release"
    build_release(CHAPTERS, out)
    return out


@functools.cache
def learner_wheel() -> Path:
    sys.path.insert(0, str(ROOT / "tools"))
    from build_learner_edition import build_wheel

    return build_wheel(session_folder() / "wheels")


def pins() -> list[str]:
    """ipykernel and ipywidgets at the versions of the environment the tests run in."""
    return [f"ipykernel=={version('ipykernel')}", f"ipywidgets=={version('ipywidgets')}"]


@functools.cache
def learner_venv() -> Path:
    venv = session_folder() / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
           "--disable-pip-version-check"]
    subprocess.run([*pip, "--no-deps", str(learner_wheel())], check=True, timeout=300)
    subprocess.run([*pip, *pins()], check=True, timeout=900)
    return venv


@functools.cache
def learner_kernel() -> Path:
    """A Jupyter data folder whose kernels/python3 runs the learner venv's Python."""
    data = session_folder() / "kernel-data"
    spec = data / "kernels" / "python3"
    spec.mkdir(parents=True)
    python = learner_venv() / "bin" / "python"
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [str(python), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (learner)", "language": "python"}), encoding="utf-8")
    return data
