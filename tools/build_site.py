"""Build the zero-install site of the course (JupyterLite + Pyodide) into site/.

The site is the learner's course, made from the learner release every self-study copy
holds (agentloop_grader.learner_release): the chapters' student versions (blank exercises,
as nbgrader's generate_assignment makes them) and a progress page, with the same checks,
locks on the solutions and progress kept in the browser. Everything the page needs is
copied into the site, so it runs offline from any static file server
(`python -m http.server -d site`):

- Pyodide's core from the npm package `pyodide` (the version jupyterlite-pyodide-kernel
  expects), with a lock file trimmed to the pure-Python wheels the kernel loads; those
  wheels come from PyPI, so their sha256 in the lock file is rewritten;
- the course's own packages, added to that lock file and loaded when the kernel starts:
  ipywidgets and its friends; `agentloop`, the learner's distribution as it is (the same
  wheel a learner installs: the learner's edition of the checks, no reference answer, no
  hidden case); and `agentloop_site_release`, the learner release's catalog and solutions
  bundle (each reference answer sealed until a right answer opens it);
- the course in every language (agentloop.i18n.LANGUAGES): English in `files/`, each
  translation in `files/<lang>/` (its chapters where translated, else English, as
  `./course lab --lang` gives them: tools/translations.py), each with its progress page
  (made to speak that language) and its start page, which links the other languages; the
  course's plugin opens the language the learner last read, and its Language menu switches;
- the student notebooks, the progress page, the start page (`00_start_here.md`) and three
  JupyterLab extensions: the widgets', the Pyodide kernel's and the course's own
  (tools/lab-config/learner/labextensions/agentloop-course: chapter 1 when nothing is open,
  the Start here button, a progress page that fills itself in, a kernel only for the tab on
  screen, a line while Python starts in the browser, no dead widget views after a reload).

Downloads are cached in build/site-cache/ in this repository (or $AGENTLOOP_SITE_CACHE),
npm's and pip's own caches included. After the build the site is checked: the command
fails if anything points outside it, or if any file it serves holds the text of a solution,
a hidden test, a reference answer or a hidden-case generator (tools/answer_leaks.py).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from answer_leaks import find_leaks as grep_leaks  # noqa: E402
from build_learner_edition import build_wheel  # noqa: E402

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
SITE_RELEASE = ("agentloop-site-release", (["agentloop_site_release"], ["agentloop"]))
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                "pyodide.js", "package.json")
EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension")
COURSE_EXTENSIONS = ROOT / "tools" / "lab-config" / "learner" / "labextensions"
COURSE_EXTENSION = "agentloop-course"
SETTINGS_OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                    "checkForUpdates": False},
    # the start page opens rendered, as in the learner's Lab
    "@jupyterlab/docmanager-extension:plugin": {"defaultViewers": {"markdown":
                                                                   "Markdown Preview"}},
}
FAVICON = "favicon.ico"  # a browser asks for it; without one its console shows a 404


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
    unpack_safely(tarball, unpack)
    (unpack / "package").rename(target)
    shutil.rmtree(unpack)
    return target


def unpack_safely(tarball: Path, dest: Path) -> None:
    """Unpack a downloaded tarball into `dest`, refusing a member that would land outside it
    or is a link, device or FIFO. Python 3.11.4 and later do this with tarfile's "data"
    filter; before it (Debian 12 has 3.11.2) the members are checked here."""
    with tarfile.open(tarball) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(dest, filter="data")
            return
        root = dest.resolve()
        for member in tar.getmembers():
            where = (root / member.name).resolve()
            if not (member.isfile() or member.isdir()) or not where.is_relative_to(root):
                raise SiteError(f"{tarball.name}: refusing member {member.name!r} (only files "
                                f"and folders inside the package are unpacked)")
        tar.extractall(dest)  # every member was checked above


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


SITE_RELEASE_INIT = '''"""The zero-install site's learner release (written by tools/build_site.py):
the course catalog and the solutions bundle, as agentloop.practice reads them in the browser
(each reference answer sealed until a right answer opens it)."""

import json
from importlib import resources

_HERE = resources.files(__name__)
COURSE = json.loads(_HERE.joinpath("course.json").read_text(encoding="utf-8"))
SOLUTIONS = _HERE.joinpath("solutions.bundle").read_text(encoding="utf-8")


def release(language: str) -> tuple[dict, str]:
    """The catalog and the bundle of the course in `language` (its titles, its answers'
    comments), else the English ones."""
    folder = _HERE.joinpath(language)
    if language == "en" or not folder.joinpath("course.json").is_file():
        return COURSE, SOLUTIONS
    return (json.loads(folder.joinpath("course.json").read_text(encoding="utf-8")),
            folder.joinpath("solutions.bundle").read_text(encoding="utf-8"))
'''


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def site_release_wheel(dest: Path, release: Path, translations: dict[str, Path]) -> Path:
    """The learner release's catalog and bundle as the package `agentloop_site_release`,
    in a wheel of its own (the agentloop wheel stays the learner's distribution as it is);
    each translation's (`translations`: language → its release) in a folder `<lang>/`."""
    from agentloop.practice.release import BUNDLE, CATALOG

    package, version = SITE_RELEASE[1][0][0], "0.1.0"
    info = f"{package}-{version}.dist-info"
    files = {f"{package}/__init__.py": SITE_RELEASE_INIT.encode(),
             f"{package}/{CATALOG}": (release / CATALOG).read_bytes(),
             f"{package}/{BUNDLE}": (release / BUNDLE).read_bytes(),
             **{f"{package}/{language}/{name}": (folder / name).read_bytes()
                for language, folder in sorted(translations.items())
                for name in (CATALOG, BUNDLE)},
             f"{info}/METADATA": (f"Metadata-Version: 2.1\nName: {SITE_RELEASE[0]}\n"
                                  f"Version: {version}\n").encode(),
             f"{info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: tools/build_site.py\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n"}
    record = [_record_line(name, data) for name, data in files.items()] + [f"{info}/RECORD,,"]
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    dest.mkdir(parents=True, exist_ok=True)
    wheel = dest / f"{package}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data)
    return wheel


def course_wheels(dest: Path, release: Path, translations: dict[str, Path]) -> dict[str, Any]:
    """The course's wheels for the lock file: lock name → (wheel, (imports, depends))."""
    wheels: dict[str, Any] = {}
    for name, spec in COURSE_PACKAGES.items():
        wheels[name] = (fetch_wheel(name, importlib.metadata.version(name)), spec)
    wheels[AGENTLOOP[0]] = (build_wheel(dest), AGENTLOOP[1])
    wheels[SITE_RELEASE[0]] = (site_release_wheel(dest, release, translations),
                                SITE_RELEASE[1])
    return wheels


def student_notebooks(release: Path, files: Path, language: str = "en") -> None:
    """The release's student versions and progress page, into the site's files (a
    translation's into `files/<lang>/`, its progress page speaking that language), and the
    start page made from its catalog, in that language."""
    from agentloop.practice.release import CATALOG, read_release
    from agentloop.practice.start import START_PAGE
    from agentloop.practice.workspace import PROGRESS_PAGE

    folder = files if language == "en" else files / language
    folder.mkdir(parents=True, exist_ok=True)
    for name in read_release(release).notebooks:
        if name == PROGRESS_PAGE and language != "en":
            (folder / name).write_text(progress_page_in(release / name, language),
                                       encoding="utf-8")
        else:
            shutil.copy2(release / name, folder / name)
    catalog = json.loads((release / CATALOG).read_text(encoding="utf-8"))
    (folder / START_PAGE).write_text(start_page_in(catalog, language), encoding="utf-8")


def in_language(language: str, name: str) -> str:
    """Where the site keeps a file of the course in `language`: English at the top, each
    translation in a folder of its own."""
    return name if language == "en" else f"{language}/{name}"


def progress_page_in(page: Path, language: str) -> str:
    """The release's progress page with the translated chapters' first cell before its
    own, so that its table speaks `language` (a kernel of the site has no $AGENTLOOP_LANG)."""
    import nbformat
    from translations import language_cell

    nb = nbformat.read(page, as_version=4)
    nb.cells.insert(1, language_cell(language))  # after its title, as in a chapter
    nb.metadata["agentloop"] = {"language": language}
    return nbformat.writes(nb) + "\n"


def start_page_in(catalog: dict[str, Any], language: str) -> str:
    """The start page in `language`, ending with links to the course in the others
    (right to left in Persian)."""
    from agentloop.i18n import LANGUAGES, NAMES, speaking
    from agentloop.i18n.display import markdown_in_direction
    from agentloop.practice.start import START_PAGE, other_languages, start_page

    def page(code: str) -> str:
        return ("" if language == "en" else "../") + in_language(code, START_PAGE)

    links = [f"**{NAMES[code]}**" if code == language else f"[{NAMES[code]}]({page(code)})"
             for code in LANGUAGES]
    with speaking(language):
        text = start_page(catalog) + "\n" + other_languages(links)
        return markdown_in_direction(text, language)


def copy_extensions(dest: Path) -> None:
    """Only the widget and kernel extensions (not nbgrader's, which needs a server), and the
    course's own."""
    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    for name in EXTENSIONS:
        if not (share / name / "package.json").exists():
            raise SiteError(f"JupyterLab extension {name} is not installed in {sys.prefix}: "
                            "./course test sets it up (pip install -e . -e './grader[dev]')")
        shutil.copytree(share / name, dest / name)
    shutil.copytree(COURSE_EXTENSIONS / COURSE_EXTENSION, dest / COURSE_EXTENSION)


def copy_favicon(output: Path) -> None:
    """The icon a browser asks the site's root for (JupyterLite ships none there)."""
    import jupyter_server

    shutil.copy2(Path(jupyter_server.__file__).parent / "static" / FAVICON, output / FAVICON)


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


def prepare_lite_dir(lite_dir: Path, release: Path, translations: dict[str, Path]) -> None:
    """Everything `jupyter lite build` reads, laid out in `lite_dir`, from the learner
    release in `release` and each translation's (`translations`: language → release)."""
    student_notebooks(release, lite_dir / "files")
    for language, folder in sorted(translations.items()):
        student_notebooks(folder, lite_dir / "files", language)
    wheels = course_wheels(lite_dir / "wheels", release, translations)
    prepare_pyodide(lite_dir / PYODIDE_DIR, pyodide_version(), wheels)
    shutil.rmtree(lite_dir / "wheels")
    copy_extensions(lite_dir / "extensions")
    write_config(lite_dir, list(wheels))


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
    missing = sorted({*EXTENSIONS, COURSE_EXTENSION} - shipped)
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

def ours(where: str) -> bool:
    """A file of the course's own (a notebook, its contents listing, the course's wheels),
    where a single line of an answer is a leak too."""
    return where.startswith(("files/", "api/")) or "agentloop" in where.split("!")[0]


def find_leaks(output: Path, chapters: Path = CHAPTERS) -> list[str]:
    """Every served file that holds the text of an answer (tools/answer_leaks.py) of the
    course in any language: the instructor notebooks of `chapters` and, for each
    translation the site serves (`files/<lang>/`), that language's (their answers'
    comments are translated). The site's own student notebooks, in every language, are
    what a learner may read. One pass over the site for all of them."""
    from answer_leaks import answer_texts, folder_texts, public_text
    from translations import course_in

    from agentloop.i18n import TRANSLATED

    files = output / "files"
    languages = [code.value for code in TRANSLATED if (files / code.value).is_dir()]
    if not languages:
        return grep_leaks(output, chapters, files, own=ours)
    public = "\n".join([public_text(chapters, files),
                        *(public_text(chapters, files / code) for code in languages)])
    with tempfile.TemporaryDirectory(prefix="agentloop-leaks-") as tmp:
        sources = [chapters]
        for code in languages:
            course_in(code, Path(tmp) / code)
            sources.append(Path(tmp) / code)
        forbidden = sorted({needle for folder in sources
                            for needle in answer_texts(folder, public)})
    leaks = set()
    for where, text in folder_texts(output):
        mine = ours(where)
        for what, needle, whole in forbidden:
            if (whole or mine) and needle in text:
                leaks.add(f"{where} holds {what}: {needle.splitlines()[0][:80]!r}")
    return sorted(leaks)


def check_no_answers(output: Path, chapters: Path) -> None:
    leaks = find_leaks(output, chapters)
    if leaks:
        raise SiteError(f"the site serves answers ({len(leaks)}): " + "; ".join(leaks[:5]))


def translated_releases(tmp: Path) -> dict[str, Path]:
    """The learner release of the course in each translated language (language → its
    folder under `tmp`), made from the chapters a learner of that language reads."""
    from agentloop_grader.learner_release import build_release
    from translations import course_in

    from agentloop.i18n import TRANSLATED

    out = {}
    for code in TRANSLATED:
        chapters, release = tmp / f"chapters-{code.value}", tmp / f"release-{code.value}"
        course_in(code.value, chapters)
        build_release(chapters, release)
        out[code.value] = release
    return out


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
            from agentloop_grader.learner_release import build_release

            with tempfile.TemporaryDirectory(prefix="agentloop-lite-") as tmp:
                release, lite_dir = Path(tmp) / "release", Path(tmp) / "lite"
                build_release(args.chapters.resolve(), release)
                translations = translated_releases(Path(tmp))
                lite_dir.mkdir()
                prepare_lite_dir(lite_dir, release, translations)
                clear_output(output)
                lite_build(lite_dir, output)
                copy_favicon(output)
        check_site(output)
        check_no_answers(output, args.chapters.resolve())
    except (SiteError, subprocess.CalledProcessError, OSError) as error:
        print(f"build_site: FAILED: {error}", file=sys.stderr)
        return 1
    print(f"build_site: {output} is ready; serve it with: python -m http.server -d {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
