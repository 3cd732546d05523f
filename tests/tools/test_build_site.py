"""tools/build_site.py's pieces that need no browser (the site itself: tests/browser/
test_site.py): unpacking the downloaded Pyodide package safely on every Python the README
allows, 3.11.0 included, where tarfile has no extraction filter."""

from __future__ import annotations

import io
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import build_site  # noqa: E402


def _tarball(path: Path, *members: tarfile.TarInfo) -> Path:
    with tarfile.open(path, "w:gz") as tar:
        for member in members:
            data = b"x" if member.isfile() else None
            if data is not None:
                member.size = len(data)
            tar.addfile(member, io.BytesIO(data) if data is not None else None)
    return path


def _file(name: str) -> tarfile.TarInfo:
    return tarfile.TarInfo(name)


def _link(name: str, to: str) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type, info.linkname = tarfile.SYMTYPE, to
    return info


@pytest.fixture(params=["with the data filter", "before Python 3.11.4"])
def python(request, monkeypatch) -> str:
    if request.param == "before Python 3.11.4":
        monkeypatch.delattr(tarfile, "data_filter", raising=False)
    elif not hasattr(tarfile, "data_filter"):
        pytest.skip("this Python's tarfile has no data filter")
    return request.param


def test_a_package_unpacks(tmp_path, python) -> None:
    tarball = _tarball(tmp_path / "p.tgz", _file("package/pyodide.mjs"),
                       _file("package/lib/python_stdlib.zip"))
    dest = tmp_path / "out"
    dest.mkdir()
    build_site.unpack_safely(tarball, dest)
    assert sorted(str(p.relative_to(dest)) for p in dest.rglob("*") if p.is_file()) == [
        "package/lib/python_stdlib.zip", "package/pyodide.mjs"]


@pytest.mark.parametrize("member", [_file("../outside.txt"), _link("package/evil", "/etc/passwd")],
                         ids=["parent folder", "symbolic link"])
def test_a_member_outside_the_folder_or_a_link_is_refused(tmp_path, python, member) -> None:
    tarball = _tarball(tmp_path / "p.tgz", _file("package/ok.txt"), member)
    dest = tmp_path / "out"
    dest.mkdir()
    with pytest.raises((build_site.SiteError, tarfile.TarError)):
        build_site.unpack_safely(tarball, dest)
    assert not (tmp_path / "outside.txt").exists()
    assert not (dest / "package" / "evil").is_symlink()


def test_an_absolute_member_never_lands_outside(tmp_path, python) -> None:
    """Refused before 3.11.4; the data filter strips the leading slash instead."""
    tarball = _tarball(tmp_path / "p.tgz", _file("/etc/agentloop-x"))
    dest = tmp_path / "out"
    dest.mkdir()
    try:
        build_site.unpack_safely(tarball, dest)
    except (build_site.SiteError, tarfile.TarError):
        assert python == "before Python 3.11.4"
    else:
        assert (dest / "etc" / "agentloop-x").is_file()
    assert not Path("/etc/agentloop-x").exists()
