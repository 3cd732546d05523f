"""tools/build_site.py's pieces that need no browser (the site itself: tests/browser/
test_site.py): unpacking the downloaded Pyodide package safely on every Python the README
allows, 3.11.0 included, where tarfile has no extraction filter; the course in each language
(the site release's catalog and bundle per language, as the library picks them; the start
and progress pages of a translation)."""

from __future__ import annotations

import io
import json
import sys
import tarfile
import zipfile
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


# --------------------------------------------------------------------------- languages
def test_the_site_release_gives_the_library_the_course_in_the_notebooks_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The site release's wheel holds a catalog and a bundle per translation; in the site
    the library reads the ones of the language the notebook chose (English for a language
    the site has no release of)."""
    from agentloop.i18n import speaking
    from agentloop.practice import solutions, workspace

    releases = {}
    for code, title in (("en", "Chapter 1"), ("ru", "Глава 1")):
        folder = releases[code] = tmp_path / code
        folder.mkdir()
        (folder / "course.json").write_text(json.dumps({"chapters": [{"title": title}]}),
                                            encoding="utf-8")
        (folder / "solutions.bundle").write_text(f"the bundle of {title}\n", encoding="utf-8")
    wheel = build_site.site_release_wheel(tmp_path / "wheels", releases["en"],
                                          {"ru": releases["ru"]})
    assert {"agentloop_site_release/ru/course.json", "agentloop_site_release/ru/"
            "solutions.bundle"} <= set(zipfile.ZipFile(wheel).namelist())
    zipfile.ZipFile(wheel).extractall(tmp_path / "unpacked")
    monkeypatch.syspath_prepend(str(tmp_path / "unpacked"))
    decoded: list[str] = []
    monkeypatch.setattr(solutions.bundle, "decode", lambda text: decoded.append(text) or {})
    try:
        for language, title in (("ru", "Глава 1"), ("en", "Chapter 1"), ("bg", "Chapter 1")):
            with speaking(language):
                assert workspace.course_catalog(None)["chapters"][0]["title"] == title
                assert workspace.site_release()[1] == f"the bundle of {title}\n"
                solutions.load_bundle(None)
        assert decoded == ["the bundle of Глава 1\n", "the bundle of Chapter 1\n",
                           "the bundle of Chapter 1\n"]
    finally:
        sys.modules.pop("agentloop_site_release", None)


def test_a_translations_start_page_links_the_others_and_persian_reads_right_to_left() -> None:
    from learner_builds import learner_release

    catalog = json.loads((learner_release() / "course.json").read_text(encoding="utf-8"))
    english = build_site.start_page_in(catalog, "en")
    assert english.startswith("# Start here\n")
    assert "[Русский](ru/00_start_here.md)" in english and "**English**" in english
    russian = build_site.start_page_in(catalog, "ru")
    assert russian.startswith("# С чего начать\n")
    assert "## Курс на других языках" in russian
    assert "[English](../00_start_here.md)" in russian
    assert "[فارسی](../fa/00_start_here.md)" in russian and "**Русский**" in russian
    persian = build_site.start_page_in(catalog, "fa")
    assert persian.startswith('<div dir="rtl">') and persian.rstrip().endswith("</div>")
    assert '<code dir="ltr">raise NotImplementedError()</code>' in persian


def test_a_translations_progress_page_speaks_its_language(tmp_path: Path) -> None:
    """The release's progress page, with the chapters' language cell after its title: in
    the site no $AGENTLOOP_LANG tells its kernel the language."""
    import nbformat
    from learner_builds import learner_release

    page = learner_release() / "00_progress.ipynb"
    english = nbformat.read(page, as_version=4)
    russian = nbformat.reads(build_site.progress_page_in(page, "ru"), as_version=4)
    assert [c.id for c in russian.cells] == [english.cells[0].id, "agentloop-language",
                                             *(c.id for c in english.cells[1:])]
    assert russian.cells[1].source.endswith('use_language("ru")')
    assert russian.metadata["agentloop"] == {"language": "ru"}
    assert [c.source for c in russian.cells[2:]] == [c.source for c in english.cells[1:]]
