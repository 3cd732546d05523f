"""Build the learner edition: the course to download for self-study, with no answer in it.

    python tools/build_learner_edition.py OUT      # or: ./course learner-edition OUT

writes the folder OUT and the archive OUT.zip (the same folder inside):

    OUT/
        README.md        for learners: how to start, how practising works, what they can see
        course           `./course lab`: set up .venv from wheels/ (and JupyterLab from PyPI),
                         make the workspace from release/, open it in JupyterLab
        wheels/          the learner's distribution, agentloop-*.whl (lib/ only)
        release/         the learner release (agentloop_grader.learner_release): the student
                         versions, the progress page, the catalog, the sealed solutions
        examples/        the example folders the chapters' command-line demos read
        lab-config/      the learner's JupyterLab configuration (tools/lab-config)

No instructor notebook, no grader, no tests, no teacher's edition. After building, every
file (and every file inside the wheel) is grepped for the text of every solution and every
reference (tools/answer_leaks.py); if one is found the command fails and removes what it
wrote, so no edition that holds an answer is left behind.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "tools" / "learner-edition"
CHAPTERS = ROOT / "chapters"
MARKER = "EDITION.json"
# The learner's distribution is built from these (pyproject.toml's own package list: lib/).
DISTRIBUTION = ("pyproject.toml", "README.md", "LICENSE", "lib")
# What a learner edition must never hold, by name anywhere in its paths.
NEVER = ("agentloop_grader", "answers", "chapters", "tests", "grader", "src")


class EditionError(RuntimeError):
    """The edition would hold what a learner must not get, or could not be built."""


def build_wheel(dest: Path) -> Path:
    """`pip wheel --no-deps` of a clean copy of the learner's distribution (lib/ only)."""
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="agentloop-wheel-") as tmp:
        source = Path(tmp) / "src"
        source.mkdir()
        for name in DISTRIBUTION:
            path = ROOT / name
            if path.is_dir():
                shutil.copytree(path, source / name,
                                ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
            elif path.exists():
                shutil.copy2(path, source / name)
        done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                               "--no-cache-dir", "--disable-pip-version-check", "--wheel-dir",
                               str(Path(tmp) / "wheels"), str(source)],
                              capture_output=True, text=True)
        if done.returncode:
            raise EditionError(f"pip wheel failed: {done.stderr[-2000:]}")
        (wheel,) = (Path(tmp) / "wheels").glob("agentloop-*.whl")
        target = dest / wheel.name
        shutil.copy2(wheel, target)
        return target


def check_wheel(wheel: Path) -> None:
    """The wheel holds the learner's `agentloop` package and nothing of the teacher's."""
    with zipfile.ZipFile(wheel) as archive:
        tops = {name.split("/")[0] for name in archive.namelist()}
    extra = sorted(t for t in tops if t != "agentloop" and not t.endswith(".dist-info"))
    if extra:
        raise EditionError(f"{wheel.name} holds more than the learner's library: {extra}")


def copy_lab_config(dest: Path) -> None:
    source = ROOT / "tools" / "lab-config"
    dest.mkdir(parents=True)
    for name in ("common", "learner"):
        shutil.copytree(source / name, dest / name)
    shutil.copy2(source / "lab_extensions.py", dest / "lab_extensions.py")


def write_edition(folder: Path, wheel: Path | None = None) -> None:
    """Everything the edition holds, laid out in the empty `folder`."""
    from agentloop_grader.learner_release import build_release

    shutil.copy2(TEMPLATE / "README.md", folder / "README.md")
    shutil.copy2(TEMPLATE / "course", folder / "course")
    (folder / "course").chmod(0o755)
    wheels = folder / "wheels"
    if wheel is None:
        check_wheel(build_wheel(wheels))
    else:
        wheels.mkdir()
        check_wheel(Path(shutil.copy2(wheel, wheels / wheel.name)))
    build_release(CHAPTERS, folder / "release", force=True)
    shutil.copytree(ROOT / "examples", folder / "examples",
                    ignore=shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints"))
    copy_lab_config(folder / "lab-config")
    (folder / MARKER).write_text(json.dumps({
        "what": "agentloop course, learner edition (tools/build_learner_edition.py)",
        "release": json.loads((folder / "release" / "release.json").read_text())["sources"],
    }, indent=1) + "\n", encoding="utf-8")


def forbidden_paths(folder: Path) -> list[str]:
    """Paths in the edition (or inside its archives) named like what it must never hold."""
    found = []
    for path in folder.rglob("*"):
        relative = path.relative_to(folder).as_posix()
        names = [relative]
        if path.suffix in (".whl", ".zip"):
            with zipfile.ZipFile(path) as archive:
                names += [f"{relative}!{member}" for member in archive.namelist()]
        for name in names:
            parts = set(name.replace("!", "/").split("/"))
            if parts & set(NEVER) or name.endswith("secret-seed"):
                found.append(name)
    return sorted(found)


def zip_folder(folder: Path, archive: Path) -> None:
    """`folder` as `archive`, under one top folder of its name; executables stay so."""
    partial = archive.with_name(archive.name + ".partial")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED) as out:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                info = zipfile.ZipInfo.from_file(path, f"{folder.name}/"
                                                 f"{path.relative_to(folder).as_posix()}")
                info.compress_type = zipfile.ZIP_DEFLATED
                out.writestr(info, path.read_bytes())
    os.replace(partial, archive)


def clear(out: Path) -> None:
    """Remove an earlier edition; refuse to delete a folder that is not one."""
    if not out.exists():
        return
    if any(out.iterdir()) and not (out / MARKER).is_file():
        raise EditionError(f"{out} exists and is not a learner edition; not deleting it")
    shutil.rmtree(out)


def check_edition(out: Path) -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    from answer_leaks import find_leaks

    bad = forbidden_paths(out)
    if bad:
        raise EditionError(f"the edition holds what a learner must not get: {bad[:5]}")
    leaks = find_leaks(out, CHAPTERS, out / "release")
    if leaks:
        raise EditionError(f"the edition holds answers ({len(leaks)}): " + "; ".join(leaks[:5]))


def build(out: Path, wheel: Path | None = None) -> Path:
    """Write the edition into `out` and `out`.zip; return the zip's path."""
    out = out.resolve()
    archive = out.with_name(out.name + ".zip")
    clear(out)
    archive.unlink(missing_ok=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.mkdir()
    try:
        write_edition(out, wheel)
        check_edition(out)
    except BaseException:  # an edition that failed its checks must not be left to ship
        shutil.rmtree(out, ignore_errors=True)
        raise
    zip_folder(out, archive)
    return archive


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the folder to write (and OUT.zip beside it)")
    args = parser.parse_args(argv)
    try:
        archive = build(args.out)
    except (EditionError, subprocess.CalledProcessError, OSError, ValueError) as error:
        print(f"build_learner_edition: FAILED: {error}", file=sys.stderr)
        return 1
    print(f"build_learner_edition: {args.out} and {archive} are ready; a learner unpacks it "
          "and runs ./course lab")
    return 0


if __name__ == "__main__":
    sys.exit(main())
