"""The oldest Python the README promises (3.11) is one the suite runs: Debian 12's own
`python3` (3.11.2), older than the venv's, compiles every source file of the course, imports
every module of the learner's library and unpacks a package as the site build does (its
tarfile has no extraction filter; tools/build_site.py checks the members itself).

Another old Python can be named with AGENTLOOP_OLDEST_PYTHON."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = r"""
import importlib, io, pathlib, pkgutil, sys, tarfile, tempfile
root = pathlib.Path(sys.argv[1])
compiled = 0
for folder in ("lib", "grader", "tools", "benchmarks", "tests"):
    for path in sorted((root / folder).rglob("*.py")):
        compile(path.read_text(encoding="utf-8"), str(path), "exec")  # nothing written
        compiled += 1
import agentloop
imported = 0
for found in pkgutil.walk_packages(agentloop.__path__, "agentloop."):
    if not found.name.endswith("__main__"):
        importlib.import_module(found.name)
        imported += 1
import build_site
with tempfile.TemporaryDirectory() as tmp:
    tarball = pathlib.Path(tmp) / "p.tgz"
    with tarfile.open(tarball, "w:gz") as tar:
        info = tarfile.TarInfo("package/pyodide.mjs")
        info.size = 1
        tar.addfile(info, io.BytesIO(b"x"))
    (pathlib.Path(tmp) / "out").mkdir()
    build_site.unpack_safely(tarball, pathlib.Path(tmp) / "out")
    unpacked = (pathlib.Path(tmp) / "out" / "package" / "pyodide.mjs").read_bytes() == b"x"
print(sys.version.split()[0], compiled, imported, unpacked)
"""


def _oldest_python() -> str | None:
    named = os.environ.get("AGENTLOOP_OLDEST_PYTHON")
    if named:
        return named
    debian = Path("/usr/bin/python3")
    return str(debian) if debian.exists() else shutil.which("python3.11")


def _version(python: str) -> tuple[int, ...]:
    out = subprocess.run([python, "-c", "import sys; print(*sys.version_info[:3])"],
                         capture_output=True, text=True, check=True).stdout
    return tuple(int(part) for part in out.split())


def test_the_oldest_promised_python_runs_the_course_sources() -> None:
    python = _oldest_python()
    if python is None or _version(python) >= sys.version_info[:3]:
        pytest.skip(f"no Python 3.11 older than this one ({sys.version.split()[0]}) here; "
                    "name one with AGENTLOOP_OLDEST_PYTHON")
    assert _version(python)[:2] == (3, 11), "the README promises 3.11: test that one"
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'lib'}:{ROOT / 'tools'}",
           "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([python, "-c", SCRIPT, str(ROOT)], capture_output=True, text=True,
                          env=env, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    version, compiled, imported, unpacked = done.stdout.split()
    assert version.startswith("3.11.")
    assert int(compiled) > 300 and int(imported) > 90 and unpacked == "True", done.stdout
