"""Build the zero-install site of the course (JupyterLite + Pyodide) into site/.

Everything the page needs is copied into the site, so it runs offline from any static
file server (`python -m http.server -d site`):

- Pyodide's core from the npm package `pyodide` (the version jupyterlite-pyodide-kernel
  expects), with a lock file trimmed to the pure-Python wheels the kernel loads; those
  wheels come from PyPI, so their sha256 in the lock file is rewritten;
- the wheels the notebooks install with piplite (ipywidgets and its friends, `agentloop`);
- the chapter notebooks and two JupyterLab extensions (widgets, the Pyodide kernel).

Downloads are cached in ~/.cache/agentloop-site (or $AGENTLOOP_SITE_CACHE). After the
build the config is checked: if anything points outside the site the command fails.
"""

from __future__ import annotations

import argparse
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
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = ROOT / "chapters"
SITE = ROOT / "site"
CACHE = Path(os.environ.get("AGENTLOOP_SITE_CACHE", Path.home() / ".cache" / "agentloop-site"))

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
PYODIDE_DIR = "static/pyodide"
# The kernel worker loads micropip from the lock file, then piplite-installs ipykernel,
# comm, pyodide-kernel, jedi and ipython; the lock file provides ipython, jedi and their deps.
KERNEL_LOCK_ROOTS = ("micropip", "ipython", "jedi")
# Served through piplite, at the versions installed here (they match the JS extension).
PIPLITE_PACKAGES = ("comm", "ipywidgets", "jupyterlab_widgets", "widgetsnbextension")
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
        run(["npm", "pack", f"pyodide@{version}", "--silent"], cwd=npm_dir,
            stdout=subprocess.DEVNULL)
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
        run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
             "--only-binary=:all:", "--python-version", pyodide_python(), "--dest", str(folder),
             f"{name}=={version}"])
        found = [p for p in folder.iterdir() if pattern.match(p.name)]
    if not found:
        raise SiteError(f"no pure-Python wheel for {name}=={version} on PyPI")
    return found[0]


def prepare_pyodide(static: Path, version: str) -> None:
    """Copy Pyodide's core and the kernel's lock-file wheels into `static`."""
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
    lock["packages"] = packages
    (static / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")


def build_agentloop_wheel(dest: Path) -> Path:
    """`pip wheel --no-deps .` of a clean copy of the package (no stale build/ in the tree)."""
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        source, wheels = Path(tmp) / "src", Path(tmp) / "wheels"
        shutil.copytree(ROOT / "lib", source / "lib",
                        ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        for name in ("pyproject.toml", "README.md", "LICENSE"):
            if (ROOT / name).exists():
                shutil.copy2(ROOT / name, source / name)
        run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir",
             str(wheels), str(source)])
        (wheel,) = wheels.glob("agentloop-*.whl")
        return Path(shutil.copy2(wheel, dest / wheel.name))


def prepare_piplite_wheels(dest: Path) -> None:
    """The wheels the notebooks' set-up cell installs, into lite_dir/pypi."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in PIPLITE_PACKAGES:
        shutil.copy2(fetch_wheel(name, importlib.metadata.version(name)), dest)
    build_agentloop_wheel(dest)


def copy_extensions(dest: Path) -> None:
    """Only the widget and kernel extensions (not nbgrader's, which needs a server)."""
    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    for name in EXTENSIONS:
        if not (share / name / "package.json").exists():
            raise SiteError(f"JupyterLab extension {name} is not installed in {sys.prefix}: "
                            "pip install -e '.[dev]'")
        shutil.copytree(share / name, dest / name)


def write_config(lite_dir: Path) -> None:
    """jupyter-lite.json (local Pyodide, no PyPI), overrides.json and the build config."""
    kernel = {
        "pyodideUrl": f"./{PYODIDE_DIR}/pyodide.mjs",
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"lockFileURL": f"./{PYODIDE_DIR}/pyodide-lock.json"},
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


def prepare_lite_dir(lite_dir: Path, chapters: Path = CHAPTERS) -> None:
    """Everything `jupyter lite build` reads, laid out in `lite_dir`."""
    files = lite_dir / "files"
    files.mkdir(parents=True)
    notebooks = sorted(chapters.glob("*.ipynb"))
    if not notebooks:
        raise SiteError(f"no notebooks in {chapters}; run python tools/build_chapters.py")
    for notebook in notebooks:
        shutil.copy2(notebook, files / notebook.name)
    prepare_pyodide(lite_dir / PYODIDE_DIR, pyodide_version())
    prepare_piplite_wheels(lite_dir / "pypi")
    copy_extensions(lite_dir / "extensions")
    write_config(lite_dir)


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
                prepare_lite_dir(Path(tmp), args.chapters.resolve())
                clear_output(output)
                lite_build(Path(tmp), output)
        check_site(output)
    except (SiteError, subprocess.CalledProcessError, OSError) as error:
        print(f"build_site: FAILED: {error}", file=sys.stderr)
        return 1
    print(f"build_site: {output} is ready; serve it with: python -m http.server -d {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
