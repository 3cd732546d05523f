"""Build the zero-install site of the course (JupyterLite + Pyodide) into site/.

The site is the learner's course: the chapters' student versions (blank exercises, as
nbgrader's generate_assignment makes them) and a progress page, with the same checks,
solutions after trying and progress kept in the browser. Everything the page needs is
copied into the site, so it runs offline from any static file server
(`python -m http.server -d site`):

- Pyodide's core from the npm package `pyodide` (the version jupyterlite-pyodide-kernel
  expects), with a lock file trimmed to the pure-Python wheels the kernel loads; those
  wheels come from PyPI, so their sha256 in the lock file is rewritten;
- the course's own packages, added to that lock file and loaded when the kernel starts:
  ipywidgets and its friends, and `agentloop` as a learner gets it — its check modules in
  their student edition (tools/build_student_checks.py: visible cases, no reference answer,
  no hidden case) and the reference answers only in an encoded bundle that `solution(...)`
  decodes;
- the student notebooks, the progress page and two JupyterLab extensions (widgets, the
  Pyodide kernel).

Downloads are cached in build/site-cache/ in this repository (or $AGENTLOOP_SITE_CACHE),
npm's and pip's own caches included. After the build the site is checked: the command
fails if anything points outside it, or if any file it serves holds the text of a solution,
a hidden test, a reference answer or a hidden-case generator.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import os
import pprint
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = ROOT / "chapters"
SITE = ROOT / "site"
CACHE = Path(os.environ.get("AGENTLOOP_SITE_CACHE", ROOT / "build" / "site-cache"))

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
PYODIDE_DIR = "static/pyodide"
# The kernel worker loads micropip from the lock file, then piplite-installs ipykernel,
# comm, pyodide-kernel, jedi and ipython; the lock file provides ipython, jedi and their deps.
KERNEL_LOCK_ROOTS = ("micropip", "ipython", "jedi")
# Added to the lock file and loaded when the kernel starts, at the versions installed here
# (they match the widgets' JupyterLab extension): lock name → (its import names, depends).
COURSE_PACKAGES = {
    "comm": (["comm"], ["traitlets"]),
    "jupyterlab-widgets": (["jupyterlab_widgets"], []),
    "widgetsnbextension": (["widgetsnbextension"], []),
    "ipywidgets": (["ipywidgets"], ["comm", "ipython", "traitlets", "jupyterlab-widgets",
                                    "widgetsnbextension"]),
}
AGENTLOOP = ("agentloop", (["agentloop"], ["ipywidgets"]))
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                "pyodide.js", "package.json")
EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension")
SETTINGS_OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                    "checkForUpdates": False},
}


class SiteError(RuntimeError):
    """The build produced a site that would not work offline."""


def normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def run(cmd: list[str], **kwargs: Any) -> None:
    print("$", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, **kwargs)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pyodide_version() -> str:
    """The Pyodide version the installed jupyterlite-pyodide-kernel was made for."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return PYODIDE_VERSION


def pyodide_python() -> str:
    """The Python version of that Pyodide ("3.14"), for choosing wheels."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION

    return PYODIDE_PYTHON_VERSION


def fetch_pyodide(version: str) -> Path:
    """Unpack the npm package `pyodide@version` into the cache; return its folder."""
    target = CACHE / f"pyodide-{version}"
    if (target / "pyodide-lock.json").exists():
        return target
    npm_dir = CACHE / "npm"
    npm_dir.mkdir(parents=True, exist_ok=True)
    tarball = npm_dir / f"pyodide-{version}.tgz"
    if not tarball.exists():
        if not shutil.which("npm"):
            raise SiteError("npm not found (it fetches Pyodide): apt-get install -y npm")
        # npm's own cache in ours, not in ~/.npm
        env = {**os.environ, "npm_config_cache": str(CACHE / "npm-cache")}
        run(["npm", "pack", f"pyodide@{version}", "--silent"], cwd=npm_dir,
            stdout=subprocess.DEVNULL, env=env)
    unpack = Path(tempfile.mkdtemp(dir=CACHE))
    with tarfile.open(tarball) as tar:
        tar.extractall(unpack, filter="data")
    (unpack / "package").rename(target)
    shutil.rmtree(unpack)
    return target


def lock_closure(packages: dict[str, Any], roots: tuple[str, ...]) -> list[str]:
    """Names in the lock file needed by `roots`, following `depends`."""
    by_name = {normalize(name): name for name in packages}
    seen: set[str] = set()
    stack = [by_name[normalize(r)] for r in roots]
    while stack:
        name = stack.pop()
        if name not in seen:
            seen.add(name)
            stack += [by_name[normalize(d)] for d in packages[name]["depends"]]
    return sorted(seen)


def fetch_wheel(name: str, version: str) -> Path:
    """A pure-Python wheel `name==version` from PyPI, cached."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    stem = normalize(name).replace("-", "_")
    pattern = re.compile(rf"^{re.escape(stem)}-{re.escape(version)}-.*none-any\.whl$", re.I)
    found = [p for p in folder.iterdir() if pattern.match(p.name)]
    if not found:
        run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-cache-dir",
             "--only-binary=:all:", "--python-version", pyodide_python(), "--dest", str(folder),
             f"{name}=={version}"])
        found = [p for p in folder.iterdir() if pattern.match(p.name)]
    if not found:
        raise SiteError(f"no pure-Python wheel for {name}=={version} on PyPI")
    return found[0]


def prepare_pyodide(static: Path, version: str, course: dict[str, tuple[Path, Any]]) -> None:
    """Copy Pyodide's core and the kernel's lock-file wheels into `static`, and add the
    course's wheels (`course`: lock name → (wheel, (imports, depends))) to the lock file."""
    source = fetch_pyodide(version)
    static.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_CORE:
        shutil.copy2(source / name, static / name)
    lock = json.loads((source / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages = {}
    for name in lock_closure(lock["packages"], KERNEL_LOCK_ROOTS):
        spec = dict(lock["packages"][name])
        if not spec["file_name"].endswith("none-any.whl"):
            raise SiteError(f"{name} in pyodide-lock.json is not pure Python: "
                            f"{spec['file_name']}")
        wheel = fetch_wheel(name, spec["version"])
        shutil.copy2(wheel, static / wheel.name)
        spec.update(file_name=wheel.name, sha256=sha256(wheel))
        packages[name] = spec
    for name, (wheel, (imports, depends)) in course.items():
        shutil.copy2(wheel, static / wheel.name)
        packages[name] = {"name": name, "version": wheel.name.split("-")[1],
                          "file_name": wheel.name, "install_dir": "site",
                          "sha256": sha256(wheel), "package_type": "package",
                          "imports": imports, "depends": depends, "unvendored_tests": False}
    missing = sorted({normalize(d) for spec in packages.values() for d in spec["depends"]}
                     - {normalize(name) for name in packages})
    if missing:
        raise SiteError(f"the lock file's packages depend on {missing}, which it lacks")
    lock["packages"] = packages
    (static / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")


def learner_library(lib: Path, chapters: Path, work: Path) -> list[str]:
    """Turn the copy of lib/ at `lib` into the learner's library: the check modules'
    student editions and the course's bundle (catalog, encoded solutions). Returns notes."""
    sys.path.insert(0, str(ROOT / "tools"))
    from build_student_checks import write_student_checks

    from agentloop.practice.solutions import encode_bundle

    notes = []
    for edition in write_student_checks(lib / "agentloop" / "checks", chapters):
        if edition.unavailable:
            notes.append(f"{edition.module}: not checkable in the browser (its verify is not "
                         f"split into facts and judge): {', '.join(edition.unavailable)}")
    init = lib / "agentloop" / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8") + (
        "\n# The zero-install site only (tools/build_site.py): Run All goes on past an exercise\n"
        "# that is not done yet; see agentloop.practice.browser.\n"
        "from agentloop.practice import browser as _browser  # noqa: E402\n\n"
        "_browser.install()\n"), encoding="utf-8")
    catalog, solutions = course_data(chapters, work)
    bundle = lib / "agentloop" / "practice" / "_bundled.py"
    bundle.write_text(
        '"""The zero-install site\'s course data, written by tools/build_site.py: every\n'
        "chapter's exercises and checks, and the reference answers in an encoded bundle that\n"
        '`solution(...)` decodes (agentloop.practice.solutions)."""\n\n'
        f"COURSE = {pprint.pformat(catalog, width=100)}\n\n"
        f"SOLUTIONS = {encode_bundle(solutions)!r}\n", encoding="utf-8")
    return notes


def course_data(chapters: Path, work: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """The course catalog and the solutions, as a workspace has them (from the student
    versions written into `work`)."""
    import nbformat

    from agentloop.practice import build

    catalog: dict[str, Any] = {"format": 1, "chapters": []}
    solutions: dict[str, Any] = {}
    for notebook in build.chapter_notebooks(chapters):
        student = nbformat.read(work / notebook.name, as_version=4)
        chapter = build.chapter_catalog(notebook.stem, student)
        catalog["chapters"].append(chapter)
        solutions.update(build.solutions_of(notebook.stem, nbformat.read(notebook, as_version=4),
                                            chapter))
    return catalog, solutions


def build_agentloop_wheel(dest: Path, chapters: Path, work: Path) -> tuple[Path, list[str]]:
    """`pip wheel --no-deps .` of a clean copy of the package, as a learner gets it."""
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        source, wheels = Path(tmp) / "src", Path(tmp) / "wheels"
        shutil.copytree(ROOT / "lib", source / "lib",
                        ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        notes = learner_library(source / "lib", chapters, work)
        for name in ("pyproject.toml", "README.md", "LICENSE"):
            if (ROOT / name).exists():
                shutil.copy2(ROOT / name, source / name)
        run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-cache-dir",
             "--wheel-dir", str(wheels), str(source)])
        (wheel,) = wheels.glob("agentloop-*.whl")
        return Path(shutil.copy2(wheel, dest / wheel.name)), notes


def course_wheels(dest: Path, chapters: Path, work: Path) -> tuple[dict[str, Any], list[str]]:
    """The course's wheels for the lock file: lock name → (wheel, (imports, depends))."""
    wheels: dict[str, Any] = {}
    for name, spec in COURSE_PACKAGES.items():
        wheels[name] = (fetch_wheel(name, importlib.metadata.version(name)), spec)
    wheel, notes = build_agentloop_wheel(dest, chapters, work)
    wheels[AGENTLOOP[0]] = (wheel, AGENTLOOP[1])
    return wheels, notes


def student_notebooks(chapters: Path, files: Path) -> None:
    """The chapters' student versions and the progress page, into the site's files."""
    import nbformat

    from agentloop.practice import build

    notebooks = build.chapter_notebooks(chapters)
    if not notebooks:
        raise SiteError(f"no notebooks in {chapters}; run python tools/build_chapters.py")
    files.mkdir(parents=True, exist_ok=True)
    for notebook in notebooks:
        nbformat.write(build.student_version(notebook), files / notebook.name)
    nbformat.write(build.progress_page(), files / build.PROGRESS_PAGE)


def copy_extensions(dest: Path) -> None:
    """Only the widget and kernel extensions (not nbgrader's, which needs a server)."""
    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    for name in EXTENSIONS:
        if not (share / name / "package.json").exists():
            raise SiteError(f"JupyterLab extension {name} is not installed in {sys.prefix}: "
                            "pip install -e '.[dev]'")
        shutil.copytree(share / name, dest / name)


def write_config(lite_dir: Path, preload: list[str]) -> None:
    """jupyter-lite.json (local Pyodide, no PyPI, the course's packages loaded with the
    kernel), overrides.json and the build config."""
    kernel = {
        "pyodideUrl": f"./{PYODIDE_DIR}/pyodide.mjs",
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"lockFileURL": f"./{PYODIDE_DIR}/pyodide-lock.json",
                               "packages": preload},
    }
    config = {"jupyter-lite-schema-version": 0,
              "jupyter-config-data": {"appName": "agentloop course",
                                      "litePluginSettings": {KERNEL_PLUGIN: kernel}}}
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    (lite_dir / "overrides.json").write_text(json.dumps(SETTINGS_OVERRIDES, indent=2),
                                             encoding="utf-8")
    build = {"LiteBuildConfig": {"ignore_sys_prefix": ["federated_extensions"],
                                 "apps": ["lab", "notebooks"], "no_sourcemaps": True},
             "FederatedExtensionAddon": {"extra_labextensions_path": [
                 str(lite_dir / "extensions")]}}
    (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(build), encoding="utf-8")


def prepare_lite_dir(lite_dir: Path, chapters: Path = CHAPTERS) -> list[str]:
    """Everything `jupyter lite build` reads, laid out in `lite_dir`; returns notes."""
    files = lite_dir / "files"
    student_notebooks(chapters, files)
    wheels, notes = course_wheels(lite_dir / "wheels", chapters, files)
    prepare_pyodide(lite_dir / PYODIDE_DIR, pyodide_version(), wheels)
    shutil.rmtree(lite_dir / "wheels")
    copy_extensions(lite_dir / "extensions")
    write_config(lite_dir, list(wheels))
    return notes


def lite_build(lite_dir: Path, output: Path) -> None:
    run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir),
         "--output-dir", str(output)], cwd=lite_dir)


def kernel_settings(output: Path) -> list[tuple[Path, dict[str, Any]]]:
    """The Pyodide kernel settings of every jupyter-lite.json/.ipynb in the site."""
    found = []
    for path in sorted([*output.glob("**/jupyter-lite.json"),
                        *output.glob("**/jupyter-lite.ipynb")]):
        data = json.loads(path.read_text(encoding="utf-8"))
        if path.suffix == ".ipynb":
            data = data.get("metadata", {}).get("jupyter-lite", {})
        plugins = data.get("jupyter-config-data", {}).get("litePluginSettings", {})
        if KERNEL_PLUGIN in plugins:
            found.append((path, plugins[KERNEL_PLUGIN]))
    return found


def local_file(output: Path, config: Path, url: str) -> Path:
    """The file a config URL names, if it stays inside the site; else SiteError."""
    if not url.startswith("./") or ".." in url:
        raise SiteError(f"{config.relative_to(output)} points outside the site: {url}")
    path = (config.parent / url.split("?")[0].split("#")[0]).resolve()
    if not path.is_file():
        raise SiteError(f"{config.relative_to(output)} names a missing file: {url}")
    return path


def check_extensions(output: Path) -> None:
    """Fail unless the site ships the widget and kernel extensions."""
    config = json.loads((output / "jupyter-lite.json").read_text(encoding="utf-8"))
    shipped = {ext["name"] for ext in config["jupyter-config-data"]["federated_extensions"]}
    missing = sorted(set(EXTENSIONS) - shipped)
    if missing:
        raise SiteError(f"the site lacks the JupyterLab extensions {missing}")


def check_site(output: Path) -> None:
    """Fail unless Pyodide, its lock file and every wheel index are served by the site."""
    check_extensions(output)
    settings = kernel_settings(output)
    if not settings:
        raise SiteError("no jupyter-lite.json in the site configures the Pyodide kernel")
    for config, kernel in settings:
        if not kernel.get("pyodideUrl"):
            raise SiteError(f"{config.relative_to(output)} lost pyodideUrl (would use a CDN)")
        if kernel.get("disablePyPIFallback") is not True:
            raise SiteError(f"{config.relative_to(output)}: disablePyPIFallback is not true")
        local_file(output, config, kernel["pyodideUrl"])
        for url in kernel.get("pipliteUrls", []):
            local_file(output, config, url)
        lock_url = kernel.get("loadPyodideOptions", {}).get("lockFileURL")
        if not lock_url:
            raise SiteError(f"{config.relative_to(output)} lost lockFileURL (would use a CDN)")
        check_lock(local_file(output, config, lock_url))


def check_lock(lock_path: Path) -> None:
    """Every wheel the lock file lists sits next to it, with the sha256 it claims."""
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    for spec in lock["packages"].values():
        wheel = lock_path.parent / spec["file_name"]
        if not wheel.is_file():
            raise SiteError(f"pyodide-lock.json lists a missing wheel: {spec['file_name']}")
        if sha256(wheel) != spec["sha256"]:
            raise SiteError(f"sha256 of {wheel.name} does not match pyodide-lock.json")


# --- nothing of an answer in what the site serves ---------------------------------------

REGION = re.compile(r"### BEGIN (SOLUTION|HIDDEN TESTS)\n(.*?)### END \1", re.S)
DISTINCTIVE = 16  # characters: a shorter line of a solution proves nothing when it is found


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, list):
        if data and all(isinstance(x, str) for x in data):
            yield "".join(data)  # a notebook cell's source, as lines
        for item in data:
            yield from _strings(item)
    elif isinstance(data, dict):
        for value in data.values():
            yield from _strings(value)


def _texts(name: str, data: bytes) -> Iterator[str]:
    """A file's text, and for JSON (notebooks, contents listings) the strings inside it."""
    text = data.decode("utf-8", errors="ignore")
    yield text
    if name.endswith((".json", ".ipynb")):
        try:
            yield "\n".join(_strings(json.loads(text)))
        except ValueError:
            pass


def served_texts(output: Path) -> Iterator[tuple[str, str]]:
    """(where, text) of every file the site serves, and of every file inside its wheels."""
    for path in sorted(p for p in output.rglob("*") if p.is_file()):
        where = path.relative_to(output).as_posix()
        if path.suffix in (".whl", ".zip"):
            with zipfile.ZipFile(path) as archive:
                for member in archive.namelist():
                    for text in _texts(member, archive.read(member)):
                        yield f"{where}!{member}", text
        else:
            for text in _texts(where, path.read_bytes()):
                yield where, text


def public_text(chapters: Path) -> str:
    """What a learner may read: the library with its check modules in their student
    edition, and the student versions of the chapters."""
    sys.path.insert(0, str(ROOT / "tools"))
    from build_student_checks import chapter_modules, notebook_imports, student_edition

    from agentloop.practice import build

    parts = [path.read_text(encoding="utf-8") for path in sorted((ROOT / "lib").rglob("*.py"))
             if not (re.fullmatch(r"ch\d+\.py", path.name) and path.parent.name == "checks")]
    imports = notebook_imports(chapters)
    parts += [student_edition(m, imports.get(m.__name__.rsplit(".", 1)[-1], set())).source
              for m in chapter_modules()]
    for notebook in build.chapter_notebooks(chapters):
        parts += [cell.source for cell in build.student_version(notebook).cells]
    return "\n".join(parts)


def answer_texts(chapters: Path, public: str) -> list[tuple[str, str, bool]]:
    """(what, text, whole) no served file may contain: every BEGIN SOLUTION and BEGIN HIDDEN
    TESTS region of the instructor notebooks, and every reference answer, hidden-case
    generator and facts function of the check modules. `whole` texts (a region, a
    function's source, a value's printed form) are looked for in every served file; single
    lines of them (of at least DISTINCTIVE characters, found nowhere a learner may read) in
    the course's own files."""
    sys.path.insert(0, str(ROOT / "tools"))
    import inspect

    import nbformat
    from build_student_checks import chapter_modules, forbidden_objects, own_sources

    def lines(what: str, text: str) -> list[tuple[str, str, bool]]:
        return [(what, line.strip(), False) for line in text.splitlines()
                if len(line.strip()) >= DISTINCTIVE and line.strip() not in public]

    out = []
    for notebook in sorted(chapters.glob("[0-9]*.ipynb")):
        for number, cell in enumerate(nbformat.read(notebook, as_version=4).cells):
            for kind, region in REGION.findall(cell.source):
                what = f"{notebook.name} cell {number}: {kind.lower()}"
                if region.strip():
                    out.append((what, region.strip(), True))
                out += lines(what, region)
    for module in chapter_modules():
        for name, obj in forbidden_objects(module).items():
            what = f"{module.__name__}: {name}"
            if inspect.isfunction(obj) or inspect.isclass(obj):
                for text in own_sources(obj, module):
                    out.append((what, text, True))
                    out += lines(what, text)
            else:
                out += [(what, form, True) for form in {repr(obj), pprint.pformat(obj)}
                        if len(form) >= DISTINCTIVE]
    return out


def ours(where: str) -> bool:
    """A file of the course's own: a notebook, its contents listing, the agentloop wheel."""
    return where.startswith(("files/", "api/")) or "agentloop-" in where.split("!")[0]


def find_leaks(output: Path, chapters: Path = CHAPTERS) -> list[str]:
    """Every served file that holds the text of an answer (see `answer_texts`)."""
    forbidden = answer_texts(chapters, public_text(chapters))
    leaks = []
    for where, text in served_texts(output):
        own = ours(where)
        for what, needle, whole in forbidden:
            if (whole or own) and needle in text:
                leaks.append(f"{where} holds {what}: {needle.splitlines()[0][:80]!r}")
    return sorted(set(leaks))


def check_no_answers(output: Path, chapters: Path) -> None:
    leaks = find_leaks(output, chapters)
    if leaks:
        raise SiteError(f"the site serves answers ({len(leaks)}): " + "; ".join(leaks[:5]))


def clear_output(output: Path) -> None:
    """Remove an earlier build; refuse to delete a folder that is not one."""
    if not output.exists():
        return
    if any(output.iterdir()) and not (output / "jupyter-lite.json").exists():
        raise SiteError(f"{output} exists and is not a built site; not deleting it")
    shutil.rmtree(output)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=SITE, help="default: site/")
    parser.add_argument("--chapters", type=Path, default=CHAPTERS, help="default: chapters/")
    parser.add_argument("--check-only", action="store_true", help="only check a built site")
    args = parser.parse_args(argv)
    output = args.output.resolve()
    try:
        if not args.check_only:
            with tempfile.TemporaryDirectory(prefix="agentloop-lite-") as tmp:
                for note in prepare_lite_dir(Path(tmp), args.chapters.resolve()):
                    print(f"build_site: note: {note}")
                clear_output(output)
                lite_build(Path(tmp), output)
        check_site(output)
        check_no_answers(output, args.chapters.resolve())
    except (SiteError, subprocess.CalledProcessError, OSError) as error:
        print(f"build_site: FAILED: {error}", file=sys.stderr)
        return 1
    print(f"build_site: {output} is ready; serve it with: python -m http.server -d {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
