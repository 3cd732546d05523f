"""Place submissions in nbgrader's layout: submitted/<student>/<assignment>/<notebook>.ipynb.

What it reads (detected folder by folder, so one download may mix them):

1. nbgrader's submitted layout `<dir>/<student>/<assignment>/` (a course directory, or a
   `submitted/` copied from another machine): its notebooks, its `timestamp.txt` (copied
   byte for byte) and the student's other files;
2. nbgrader's exchange, `<exchange>/<course>/inbound/<student>+<assignment>+<time>+<random>/`
   (or `inbound/` itself): the latest submission of each student wins, as in stock collect;
3. LMS downloads, folders or zips: files the LMS named, the student id being the LMS's own
   (lms_names.py: Canvas's user id, Moodle's participant number, Blackboard's username;
   "kuznetsovdmitry_LATE_1003_5003_part1-1.ipynb" → `1003`, late, a resubmission), other
   names around a notebook's name ("jane_part1.ipynb" → `jane`), or one folder or zip per
   student (`jane/part1.ipynb`, `jane.zip`). The folders and zips directly
   inside a folder you pass are students' unless they hold LMS-named notebooks or an nbgrader
   layout; a folder or zip you pass that has notebooks at its top is itself one student's (a
   zip holding a single folder is read as that folder);
4. single notebooks (the student: from the file name, else its folder's name).

Notebooks are placed under the SOURCE notebook's name (`source/<assignment>/*.ipynb`):
matched by file name, else by their nbgrader grade ids. Every file found ends in the result
as placed, skipped (with the reason) or ambiguous (what was kept, what was not); a student's
folder with no notebook is placed as a submission without one, so autograde gives that
student a row, and a student with fewer notebooks than the assignment has is named. A
submission already in submitted/ is only replaced by a newer one.

Times are real ones only: timestamp.txt, the exchange folder's name, Blackboard's attempt
time, a Moodle zip's file times. Canvas's download has none (its zip's times are the
download's), so a Canvas submission gets no timestamp.txt — nbgrader then counts it on time
— and its line says when Canvas marked it late.

Zips are read in memory with size caps; member names are never used as file system paths.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import os
import re
import shutil
import stat
import zipfile
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

from . import lms_names
from .course import SAFE_ID, Course, GradingError

MAX_MEMBER_BYTES = 20 * 1024 * 1024  # one notebook or file
MAX_ZIP_TOTAL = 500 * 1024 * 1024  # unpacked from one zip
MAX_MEMBERS = 5_000
MAX_NESTED_ZIP_BYTES = 100 * 1024 * 1024  # a zip inside a zip is read into memory
MAX_ZIP_DEPTH = 2  # a class zip of student zips, no deeper
MAX_SUBMISSION_BYTES = 100 * 1024 * 1024  # nbgrader's max_dir_size
MAX_STAMP_BYTES = 1024
MAX_OPEN_ZIPS = 32  # a class folder may hold hundreds of student zips: bound the open files
# What nbgrader's submit writes (Exchange.timestamp_format with timezone UTC) and parse_utc reads.
TIME_FORMAT = "%Y-%m-%d %H:%M:%S.%f UTC"

NOISE = [
    re.compile(r"\(\d+\)"),  # "(1)" download copies
    re.compile(r"attempt[\s_-]*\d{4}-\d{2}-\d{2}([\s_-]*\d{2}[-:]\d{2}([-:]\d{2})?)?", re.I),
    re.compile(r"assignsubmission_file_?|onlinetext_?|submission|late\b", re.I),
]
COPIES = re.compile(r"\s*\(\d+\)|-Copy\d*$|\s+-\s+Copy$", re.I)  # browser and Jupyter copies
ATTEMPT_TIME = re.compile(
    r"attempt[\s_-]*(\d{4})-(\d{2})-(\d{2})(?:[\s_-]*(\d{2})[-:](\d{2})(?:[-:](\d{2}))?)?", re.I)
# LMS names around a notebook the student renamed: the prefix names the student.
LMS_PREFIXES = [
    re.compile(r"^(?P<who>.+?_\d+)_(?:assignsubmission_file|onlinetext)_+(?P<rest>.+)$", re.I),
    re.compile(r"^(?P<who>.+?)_attempt[\s_-]*\d{4}-\d{2}-\d{2}"
               r"(?:[\s_-]*\d{2}[-:]\d{2}(?:[-:]\d{2})?)?[\s_]+(?P<rest>.+)$", re.I),
    re.compile(r"^(?P<who>[a-z]+(?:_late)?_\d+_\d+)_(?P<rest>.+)$"),  # Canvas
]
JUNK = {"__MACOSX": "macOS metadata", ".ipynb_checkpoints": "Jupyter checkpoints",
        "__pycache__": "Python cache"}
NBGRADER_IGNORED = {".ipynb_checkpoints", "__pycache__", "feedback", "__MACOSX"}
COURSE_MARKERS = {"source", "release", "autograded", "gradebook.db", "nbgrader_config.py"}


# --- what the caller gets -----------------------------------------------------------------


@dataclass(frozen=True)
class Placed:
    """One thing written to submitted/: a notebook, another file, or a submission with none."""

    student: str
    item: str  # the source notebook's name, a file's relative path, or "" for "no notebook"
    origin: str
    timestamp: str  # what the submission's timestamp.txt says
    note: str = ""
    kind: str = "notebook"  # notebook | file | none

    def line(self) -> str:
        if self.kind == "file":
            return f"{self.student}/{self.item} ← {self.origin} (other file)"
        head = (f"{self.student}: no notebook ← {self.origin}" if self.kind == "none"
                else f"{self.student}/{self.item} ← {self.origin}")
        return f"{head} ({'; '.join(filter(None, [self.timestamp, self.note]))})"


@dataclass
class CollectResult:
    """Every item found, in exactly one list; plus the gradebook's students not found."""

    placed: list[Placed] = field(default_factory=list)
    ambiguous: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)  # in the gradebook, nothing found
    expected: list[str] = field(default_factory=list)  # the assignment's notebooks

    def incomplete(self) -> dict[str, list[str]]:
        """Students who handed in some notebooks but not all: student -> the missing."""
        out = {}
        for student in self.students():
            have = self.notebooks(student)
            lacking = [name for name in self.expected if name not in have]
            if have and lacking:
                out[student] = lacking
        return out

    def students(self) -> list[str]:
        """Students with a placed submission (with or without a notebook)."""
        return sorted({p.student for p in self.placed})

    def notebooks(self, student: str) -> dict[str, Placed]:
        """The placed notebooks of `student` by source notebook name."""
        return {p.item: p for p in self.placed if p.student == student and p.kind == "notebook"}

    def no_notebook(self) -> list[str]:
        return sorted(p.student for p in self.placed if p.kind == "none")

    def summary(self) -> str:
        notebooks = sum(p.kind == "notebook" for p in self.placed)
        lines = [f"placed {len(self.students())} submission(s), {notebooks} notebook(s)"]
        lines += [f"  {p.line()}" for p in self.placed]
        lines += [f"fewer notebooks: {student} handed in {len(self.expected) - len(lacking)} "
                  f"of {len(self.expected)} (no {', '.join(lacking)})"
                  for student, lacking in self.incomplete().items()]
        lines += [f"ambiguous: {a}" for a in self.ambiguous]
        lines += [f"skipped: {s}" for s in self.skipped]
        if self.missing:
            lines.append(f"missing (in the gradebook, no submission): {', '.join(self.missing)}")
        return "\n".join(lines)

    def to_plain(self) -> dict[str, Any]:
        """The result for the run report: JSON types only."""
        return {"placed": [asdict(p) for p in self.placed], "ambiguous": list(self.ambiguous),
                "skipped": list(self.skipped), "missing": list(self.missing),
                "incomplete": self.incomplete()}


# --- names --------------------------------------------------------------------------------


def student_id(name: str, notebooks: str | Iterable[str]) -> str:
    """A safe nbgrader student id from an LMS file or folder name ('' when none is left).

    `notebooks`: the assignment's name and/or its notebooks' names, stripped from `name`.
    """
    names = [notebooks] if isinstance(notebooks, str) else list(notebooks)
    stem = re.sub(r"\.(ipynb|zip)$", "", name, flags=re.I)
    for notebook in sorted(names, key=len, reverse=True):  # "part10" before "part1"
        stem = stem.replace(notebook, " ")
    for pattern in NOISE:
        stem = pattern.sub(" ", stem)
    words = re.findall(r"[A-Za-z0-9]+", stem)
    return "_".join(words).lower()[:64]


class LmsName(NamedTuple):
    """A file name split into the student part and the notebook part."""

    student: str  # '' when the name is only a notebook's name
    rest: str  # the notebook part: a source notebook's name, or what the student called it
    prefix: str  # the raw student part
    lms: lms_names.LmsName | None = None  # when an LMS made the name: what it says


@dataclass(frozen=True)
class Sources:
    """The assignment's source notebooks and their grade ids."""

    assignment: str
    grade_ids: dict[str, frozenset[str]]

    @property
    def names(self) -> list[str]:
        return sorted(self.grade_ids, key=len, reverse=True)

    def strippable(self) -> list[str]:
        return sorted({*self.grade_ids, self.assignment}, key=len, reverse=True)

    def listed(self) -> str:
        return ", ".join(sorted(self.grade_ids))


def split_lms_name(stem: str, sources: Sources) -> LmsName | None:
    """Split an LMS file name (without .ipynb) into student and notebook; None if it isn't one.

    An LMS's own names (lms_names.py) give its own student id; other names put the student
    first: the name ends with a source notebook's name, or follows a known LMS pattern
    around what the student called the notebook.
    """
    parsed = lms_names.parse(stem)
    if parsed is not None and parsed.rest:
        rest = parsed.rest
        if parsed.resubmission and COPIES.sub("", rest).strip() not in sources.grade_ids and \
                COPIES.sub("", parsed.first_name).strip() in sources.grade_ids:
            rest = parsed.first_name  # Canvas's "-1" on a resubmitted part1.ipynb
        return LmsName(parsed.student, COPIES.sub("", rest).strip(),
                       stem[:len(stem) - len(parsed.rest)], parsed)
    clean = COPIES.sub("", stem).strip()
    for name in sources.names:
        found = re.search(rf"(?:^|(?<=[^A-Za-z0-9])){re.escape(name)}$", clean, re.I)
        if found:
            prefix = clean[:found.start()]
            return LmsName(student_id(prefix, sources.strippable()), name, prefix)
    for pattern in LMS_PREFIXES:
        found = pattern.match(clean)
        if found:
            who = found["who"]
            return LmsName(student_id(who, sources.strippable()), found["rest"], who)
    return None


def _notebook_by_name(stem: str, sources: Sources) -> str | None:
    """The source notebook a file name names: `part1`, `part1 (1)`, `x_part1`, LMS-wrapped."""
    split = split_lms_name(stem, sources)
    if split is None:
        return None
    if split.rest in sources.grade_ids:
        return split.rest
    inner = split_lms_name(split.rest, sources)
    return inner.rest if inner and inner.rest in sources.grade_ids else None


def _lms_named(name: str, sources: Sources) -> bool:
    """A notebook named by an LMS for a student (its prefix holds an id number or a date)."""
    if not name.lower().endswith(".ipynb"):
        return False
    split = split_lms_name(name[:-6], sources)
    return bool(split and split.student and (split.lms or re.search(r"\d", split.prefix)))


def _name_time(name: str) -> dt.datetime | None:
    """The attempt time in a Blackboard-style name (attempt_2026-11-30-01-02-03)."""
    found = ATTEMPT_TIME.search(name)
    if not found:
        return None
    try:
        return dt.datetime(*(int(g) for g in found.groups() if g is not None))
    except ValueError:
        return None


def _exchange_name(name: str) -> tuple[str, str, dt.datetime] | None:
    """(student, assignment, time) from nbgrader's `<student>+<assignment>+<time>[+<random>]`."""
    for parts in (name.rsplit("+", 3), name.rsplit("+", 2)):
        if len(parts) < 3 or not re.match(r"\d{4}-\d{2}-\d{2}", parts[2]):
            continue
        when = _parse_time(parts[2])
        if when is not None:
            return parts[0], parts[1], when
    return None


# --- the assignment's notebooks ------------------------------------------------------------


def read_sources(course: Course, assignment: str) -> Sources:
    """The notebooks in source/<assignment>/ with their grade ids, or a GradingError."""
    folder = course.path("source", assignment=assignment)
    paths = sorted(folder.glob("*.ipynb")) if folder.is_dir() else []
    if not paths:
        raise GradingError(f"no notebooks in {folder}: collect needs the assignment's source "
                           f"notebooks (source/{assignment}/*.ipynb); run `agentloop-grade "
                           "release` first")
    return Sources(assignment, {p.stem: _grade_ids(p.read_bytes()) or frozenset()
                                for p in paths})


def _grade_ids(data: bytes) -> frozenset[str] | None:
    """The nbgrader grade ids of a notebook's cells; None when it is not a notebook."""
    try:
        cells = json.loads(data.decode("utf-8"))["cells"]
    except (ValueError, KeyError, TypeError, RecursionError):
        return None
    if not isinstance(cells, list):
        return None
    ids = set()
    for cell in cells:
        meta = cell.get("metadata") if isinstance(cell, dict) else None
        nbgrader = meta.get("nbgrader") if isinstance(meta, dict) else None
        grade_id = nbgrader.get("grade_id") if isinstance(nbgrader, dict) else None
        if isinstance(grade_id, str):
            ids.add(grade_id)
    return frozenset(ids)


def _by_grade_ids(ids: frozenset[str], sources: Sources) -> tuple[str | None, str]:
    """The one source notebook sharing the most grade ids with `ids`, or (None, why not)."""
    common = {name: len(ids & source) for name, source in sources.grade_ids.items()}
    best = max(common.values(), default=0)
    if best == 0:
        return None, f"its name and its grade ids match no notebook of {sources.assignment} " \
                     f"({sources.listed()})"
    tied = sorted(n for n, c in common.items() if c == best)
    if len(tied) > 1:
        return None, f"its grade ids match {' and '.join(tied)} equally"
    return tied[0], ""


# --- inputs as trees: folders on disk and zips alike ---------------------------------------


class Unreadable(Exception):
    """A file that could not be read within the caps; the message is the reason."""


@dataclass
class File:
    """A file of an input, read only when needed."""

    origin: str  # shown in the report: "/dl/x.ipynb" or "/dl/class.zip:a/x.ipynb"
    size: int
    when: dt.datetime  # naive UTC
    when_from: str
    read: Callable[[], bytes]  # raises Unreadable
    zip_error: str = ""  # a .zip that could not be opened


@dataclass
class Folder:
    """A folder of an input: on disk, or a zip (or a folder inside one)."""

    name: str
    origin: str
    when: dt.datetime
    when_from: str
    files: list[tuple[str, File]] = field(default_factory=list)
    folders: dict[str, Folder] = field(default_factory=dict)
    disk: Path | None = None
    raw: tuple[str, File] | None = None  # for a zip read as a folder: its own name and file

    def file(self, name: str) -> File | None:
        return next((f for n, f in self.files if n == name), None)


def _utc(timestamp: float) -> dt.datetime:
    return dt.datetime.fromtimestamp(timestamp, dt.UTC).replace(tzinfo=None)


def _read_disk(path: Path, limit: int) -> bytes:
    try:
        # O_NOFOLLOW: a file swapped for a symbolic link after the scan is still not followed
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
        with os.fdopen(fd, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise Unreadable(f"unreadable ({exc.strerror})") from None
    if len(data) > limit:
        raise Unreadable(f"larger than {limit // 2**20} MB")
    return data


def _disk_file(path: Path, info: os.stat_result) -> File:
    return File(str(path), info.st_size, _utc(info.st_mtime), "the file's mtime",
                partial(_read_disk, path, MAX_MEMBER_BYTES))


def _disk_folder(path: Path, scan: Scan) -> Folder:
    folder = Folder(path.name, str(path), _utc(path.stat().st_mtime), "the folder's mtime",
                    disk=path)
    try:
        entries = sorted(os.scandir(path), key=lambda e: e.name)
    except OSError as exc:
        scan.skip(str(path), f"unreadable folder ({exc.strerror})")
        return folder
    for entry in entries:
        child = Path(entry.path)
        if entry.is_symlink():
            scan.skip(str(child), "symbolic link (never followed)")
        elif entry.is_dir(follow_symlinks=False):
            if scan.is_target(child):
                scan.skip(str(child), "this course's own folder (collect writes there)")
            else:
                _mount(folder, _disk_folder(child, scan))
        elif entry.is_file(follow_symlinks=False):
            _add_file(folder, entry.name, _disk_file(child, entry.stat(follow_symlinks=False)),
                      child, scan, 0)
        else:
            scan.skip(str(child), "not a regular file")
    return folder


def _add_file(folder: Folder, name: str, file: File, source: Path | None, scan: Scan,
              depth: int) -> None:
    """Add a file; a zip is added as a folder named after it (a student's zip = their folder)."""
    if not name.lower().endswith(".zip"):
        folder.files.append((name, file))
        return
    try:
        if depth >= MAX_ZIP_DEPTH:
            raise Unreadable(f"a zip inside {MAX_ZIP_DEPTH} zips is not opened")
        data = source if source is not None else _capped(file, MAX_NESTED_ZIP_BYTES)
        _mount(folder, _zip_folder(name, file, data, scan, depth + 1))
    except Unreadable as exc:
        folder.files.append((name, File(file.origin, file.size, file.when, file.when_from,
                                        file.read, zip_error=str(exc))))


def _capped(file: File, limit: int) -> bytes:
    if file.size > limit:
        raise Unreadable(f"larger than {limit // 2**20} MB")
    return file.read()


def _mount(parent: Folder, child: Folder) -> None:
    name = child.name
    if name in parent.folders:  # "jane/" beside "jane.zip": keep both
        name = child.raw[0] if child.raw else f"{name} ({len(parent.folders)})"
    parent.folders[name] = child


class Archives:
    """Zips on disk, reopened when needed so that at most MAX_OPEN_ZIPS are open at a time."""

    def __init__(self) -> None:
        self.open: OrderedDict[Path, zipfile.ZipFile] = OrderedDict()

    def get(self, path: Path) -> zipfile.ZipFile:
        if path in self.open:
            self.open.move_to_end(path)
            return self.open[path]
        try:
            archive = zipfile.ZipFile(path)
        except (zipfile.BadZipFile, OSError, ValueError) as exc:
            raise Unreadable(f"not a readable zip ({exc})") from None
        self.open[path] = archive
        if len(self.open) > MAX_OPEN_ZIPS:
            self.open.popitem(last=False)[1].close()
        return archive

    def close(self) -> None:
        for archive in self.open.values():
            archive.close()
        self.open.clear()


class _Budget:
    """Bytes still allowed out of one zip."""

    def __init__(self, total: int) -> None:
        self.left = total

    def take(self, n: int) -> None:
        self.left -= n
        if self.left < 0:
            raise Unreadable(f"the zip holds more than {MAX_ZIP_TOTAL // 2**20} MB unpacked")


def _read_member(archive: Callable[[], zipfile.ZipFile], member: zipfile.ZipInfo,
                 budget: _Budget, limit: int = MAX_MEMBER_BYTES) -> bytes:
    if member.file_size > limit:
        raise Unreadable(f"larger than {limit // 2**20} MB")
    try:
        with archive().open(member) as handle:
            data = handle.read(limit + 1)  # the header may lie about the size
    except (zipfile.BadZipFile, OSError, RuntimeError, NotImplementedError, EOFError) as exc:
        raise Unreadable(f"unreadable zip member ({exc})") from None
    if len(data) > limit:
        raise Unreadable(f"larger than {limit // 2**20} MB")
    budget.take(len(data))
    return data


def member_parts(name: str) -> list[str]:
    """A zip member's name as path parts without '', '.', '..' or drive roots (never a path)."""
    return [p for p in re.split(r"[\\/]+", name) if p not in ("", ".", "..")]


def _member_time(member: zipfile.ZipInfo) -> dt.datetime:
    try:
        return dt.datetime(*member.date_time)
    except ValueError:  # a zero date in the header
        return dt.datetime(1980, 1, 1)


def _opener(source: Path | bytes, archives: Archives) -> Callable[[], zipfile.ZipFile]:
    """How to get the open zip: reopened from disk when needed, or kept in memory."""
    if isinstance(source, Path):
        return partial(archives.get, source)
    try:  # a zip inside a zip: already in memory, no file stays open
        in_memory = zipfile.ZipFile(io.BytesIO(source))
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise Unreadable(f"not a readable zip ({exc})") from None

    def get() -> zipfile.ZipFile:
        return in_memory

    return get


def _zip_folder(name: str, file: File, source: Path | bytes, scan: Scan, depth: int) -> Folder:
    archive = _opener(source, scan.archives)
    members = archive().infolist()
    if len(members) > MAX_MEMBERS:
        raise Unreadable(f"more than {MAX_MEMBERS} entries")
    root = Folder(re.sub(r"\.zip$", "", name, flags=re.I), file.origin, file.when,
                  file.when_from, raw=(name, file))
    budget = _Budget(MAX_ZIP_TOTAL)
    for member in members:
        origin = f"{file.origin}:{member.filename}"
        parts = member_parts(member.filename)
        if not parts:
            scan.skip(origin, "no usable name")
            continue
        when = _member_time(member)
        where = _zip_subfolder(root, parts if member.is_dir() else parts[:-1], when, file)
        if member.is_dir():
            continue
        if stat.S_ISLNK(member.external_attr >> 16):
            scan.skip(origin, "symbolic link (never followed)")
            continue
        limit = MAX_NESTED_ZIP_BYTES if parts[-1].lower().endswith(".zip") else MAX_MEMBER_BYTES
        entry = File(origin, member.file_size, when, "the zip member's date",
                     partial(_read_member, archive, member, budget, limit))
        _add_file(where, parts[-1], entry, None, scan, depth)
    return _unwrap(root, scan.sources.assignment)


def _zip_subfolder(root: Folder, parts: list[str], when: dt.datetime, file: File) -> Folder:
    folder = root
    for i, part in enumerate(parts):
        if part not in folder.folders:
            origin = f"{file.origin}:{'/'.join(parts[:i + 1])}"
            folder.folders[part] = Folder(part, origin, when, "the zip member's date")
        folder = folder.folders[part]
    return folder


def _unwrap(root: Folder, assignment: str) -> Folder:
    """A zip holding one folder (`work/...`) is read as that folder, under the zip's name."""
    real = {n: f for n, f in root.folders.items() if n not in JUNK}
    if root.files or len(real) != 1:
        return root
    (inner,) = real.values()
    if _special(inner, assignment):
        return root
    junk = {n: f for n, f in root.folders.items() if n in JUNK}
    return Folder(root.name, root.origin, root.when, root.when_from, list(inner.files),
                  {**junk, **inner.folders}, raw=root.raw)


# --- recognising layouts -------------------------------------------------------------------


def _junk(name: str) -> str | None:
    if name in JUNK:
        return JUNK[name]
    return "hidden folder" if name.startswith(".") else None


def _is_course(folder: Folder) -> bool:
    names = set(folder.folders) | {n for n, _ in folder.files}
    return "submitted" in folder.folders and bool(names & COURSE_MARKERS)


def _is_exchange_course(folder: Folder) -> bool:
    return "inbound" in folder.folders and folder.name != "inbound"


def _is_submission(folder: Folder) -> bool:
    """nbgrader's `<assignment>/` folder: it has a timestamp.txt."""
    return folder.file("timestamp.txt") is not None


def _is_student_folder(folder: Folder, assignment: str) -> bool:
    """nbgrader's `<student>/` folder: `<student>/<assignment>/timestamp.txt`."""
    sub = folder.folders.get(assignment)
    return sub is not None and _is_submission(sub)


def _is_submitted_root(folder: Folder, assignment: str) -> bool:
    return folder.name == "submitted" or any(
        _is_student_folder(s, assignment) for s in folder.folders.values())


def _special(folder: Folder, assignment: str) -> bool:
    """A folder in one of nbgrader's layouts (not an LMS folder)."""
    return bool(_exchange_name(folder.name) or folder.name == "inbound"
                or _is_course(folder) or _is_exchange_course(folder)
                or _is_submitted_root(folder, assignment)
                or _is_student_folder(folder, assignment)
                or (folder.name == assignment and _is_submission(folder)))


def _structured(folder: Folder, sources: Sources) -> bool:
    """Holds LMS-named notebooks or an nbgrader layout: not one student's folder."""
    if any(_lms_named(n, sources) for n, _ in folder.files):
        return True
    return any(_special(sub, sources.assignment) or _structured(sub, sources)
               for name, sub in folder.folders.items() if name not in JUNK)


# --- walking an input ----------------------------------------------------------------------


@dataclass
class Pick:
    """A notebook of a student, matched to a source notebook."""

    notebook: str
    file: File
    when: dt.datetime
    when_from: str
    by_name: bool
    how: str = ""
    lms: str = ""  # what the LMS's name says (whose, late, which attempt)
    timeless: bool = False  # the LMS gives no submission time (Canvas)
    upload: int = 0  # the LMS's order of uploads, when it has one (Canvas)


@dataclass
class Submission:
    """What goes into one submitted/<student>/<assignment>/ folder."""

    student: str
    origin: str
    when: dt.datetime
    when_from: str
    kind: str  # submitted | exchange | lms
    notebooks: dict[str, Pick] = field(default_factory=dict)
    stamp: bytes | None = None  # timestamp.txt to copy as is
    extras: list[tuple[tuple[str, ...], File]] = field(default_factory=list)
    note: str = ""
    timeless: bool = False  # no real time known: no timestamp.txt is written


@dataclass
class Scan:
    """What walking the inputs found so far."""

    course: Course
    sources: Sources
    result: CollectResult
    archives: Archives
    submissions: list[Submission] = field(default_factory=list)
    pool: dict[str, list[Pick]] = field(default_factory=dict)  # LMS notebooks by student
    empty: dict[str, Folder] = field(default_factory=dict)  # LMS students' folders, no notebook
    seen: set[str] = field(default_factory=set)

    def skip(self, origin: str, reason: str) -> None:
        self.result.skipped.append(f"{origin}: {reason}")

    def is_target(self, path: Path) -> bool:
        return path.resolve() == self.course.root.resolve()

    @property
    def assignment(self) -> str:
        return self.sources.assignment


def _visit(folder: Folder, scan: Scan, top: bool = False) -> None:
    """Read one folder by what it looks like (see the module's docstring)."""
    assignment = scan.assignment
    exchange = _exchange_name(folder.name)
    if not top and (why := _junk(folder.name)):
        scan.skip(folder.origin, f"ignored ({why})")
    elif exchange:
        _exchange_submission(folder, *exchange, scan)
    elif folder.name == "inbound":
        _inbound(folder, scan)
    elif _is_course(folder):
        _course_dir(folder, scan)
    elif _is_exchange_course(folder):
        _exchange_course(folder, scan)
    elif _is_submitted_root(folder, assignment):
        _submitted_root(folder, scan)
    elif _is_student_folder(folder, assignment):
        _student_folder(folder, folder.name, scan)
    elif top and folder.name == assignment and _is_submission(folder):
        if folder.disk:  # submitted/<student>/<assignment> passed on its own
            _nbgrader_submission(folder, folder.disk.resolve().parent.name, scan)
        else:
            scan.skip(folder.origin, "cannot tell whose submission this is; pass its student's "
                      "folder")
    elif _structured(folder, scan.sources) or (top and not _one_students(folder)):
        _batch(folder, scan)
    else:
        _unit(folder, scan)


def _one_students(folder: Folder) -> bool:
    """A folder or zip passed on its own that is one student's: notebooks at its top, or a zip
    of files only (`jane.zip` with a report and no notebook)."""
    return (any(n.lower().endswith(".ipynb") for n, _ in folder.files)
            or (folder.raw is not None and not folder.folders))


def _batch(folder: Folder, scan: Scan) -> None:
    """A folder of LMS files and students' folders."""
    for name, file in folder.files:
        _loose(name, file, scan)
    for sub in folder.folders.values():
        _visit(sub, scan)


def _loose(name: str, file: File, scan: Scan) -> None:
    """A file in a class folder: a notebook whose name names the student, or skipped."""
    if file.zip_error:
        scan.skip(file.origin, file.zip_error)
        return
    if not name.lower().endswith(".ipynb"):
        scan.skip(file.origin, "not a notebook")
        return
    split = split_lms_name(name[:-6], scan.sources)
    if not split or not split.student:
        scan.skip(file.origin, "no student id in its name, and not in a student's folder")
    elif not SAFE_ID.match(split.student):
        scan.skip(file.origin, f"{split.student!r} is not a valid student id")
    else:
        _pool(split.student, name, split.rest, file, scan)


def _pool(student: str, name: str, rest: str, file: File, scan: Scan) -> None:
    scan.seen.add(student)
    pick = _pick(name, rest, file, scan)
    if pick:
        scan.pool.setdefault(student, []).append(pick)


def _pick(name: str, stem: str, file: File, scan: Scan) -> Pick | None:
    """Match a notebook to a source notebook (by name, else by grade ids); None: skipped."""
    if file.size > MAX_MEMBER_BYTES:
        scan.skip(file.origin, f"larger than {MAX_MEMBER_BYTES // 2**20} MB")
        return None
    named = _name_time(name)
    when, when_from = (named, "the file name") if named else (file.when, file.when_from)
    parsed = lms_names.parse(name)
    about = {"lms": parsed.describe() if parsed else ""}
    if parsed is not None and parsed.platform is lms_names.Platform.CANVAS and not named:
        when_from = "nowhere: Canvas's download has no submission time"
        about.update(timeless=True, upload=parsed.upload)
    notebook = _notebook_by_name(stem, scan.sources)
    if notebook:
        return Pick(notebook, file, when, when_from, by_name=True, **about)
    try:
        ids = _grade_ids(file.read())
    except Unreadable as exc:
        scan.skip(file.origin, str(exc))
        return None
    if ids is None:
        scan.skip(file.origin, f"its name matches no notebook of {scan.assignment} "
                  f"({scan.sources.listed()}) and it is not a readable notebook")
        return None
    notebook, why = _by_grade_ids(ids, scan.sources)
    if notebook is None:
        scan.skip(file.origin, why)
        return None
    return Pick(notebook, file, when, when_from, by_name=False,
                how=f"matched {name} to {notebook} by its grade ids", **about)


def _unit(folder: Folder, scan: Scan) -> None:
    """One student's LMS folder or zip: every notebook in it is theirs."""
    parsed = lms_names.parse(folder.name)
    student = parsed.student if parsed is not None else \
        student_id(folder.name, scan.sources.strippable())
    if not student or not SAFE_ID.match(student):
        scan.skip(folder.origin, "no student id in the folder's name")
        return
    scan.seen.add(student)
    found = False
    for name, file in _files(folder, scan):
        if file.zip_error:
            scan.skip(file.origin, file.zip_error)
        elif not name.lower().endswith(".ipynb"):
            scan.skip(file.origin, "not a notebook")
        elif pick := _pick(name, name[:-6], file, scan):
            scan.pool.setdefault(student, []).append(pick)
            found = True
    if not found:
        scan.empty.setdefault(student, folder)


def _files(folder: Folder, scan: Scan) -> Iterator[tuple[str, File]]:
    """Every file under `folder`; junk folders are skipped (one line each)."""
    yield from folder.files
    for name, sub in folder.folders.items():
        if why := _junk(name):
            scan.skip(sub.origin, f"ignored ({why})")
        else:
            yield from _files(sub, scan)


def _course_dir(folder: Folder, scan: Scan) -> None:
    """An nbgrader course directory: only its submitted/ holds submissions."""
    for name, sub in folder.folders.items():
        if name == "submitted":
            _submitted_root(sub, scan)
        else:
            scan.skip(sub.origin, "course folder, not submissions (only submitted/ is read)")
    for _, file in folder.files:
        scan.skip(file.origin, "course file, not a submission")


def _exchange_course(folder: Folder, scan: Scan) -> None:
    """`<exchange>/<course_id>/`: inbound/ holds the submissions."""
    for name, sub in folder.folders.items():
        if name in ("outbound", "feedback"):
            scan.skip(sub.origin, f"exchange {name}/, not submissions")
        else:
            _visit(sub, scan)
    for _, file in folder.files:
        scan.skip(file.origin, "not in a submission folder")


def _inbound(folder: Folder, scan: Scan) -> None:
    for sub in folder.folders.values():
        if _exchange_name(sub.name):
            _visit(sub, scan)
        else:
            scan.skip(sub.origin, "not a submission folder (<student>+<assignment>+<time>+...)")
    for _, file in folder.files:
        scan.skip(file.origin, "not in a submission folder")


def _submitted_root(folder: Folder, scan: Scan) -> None:
    """nbgrader's submitted/: one folder per student."""
    for name, sub in folder.folders.items():
        if _junk(name):
            _visit(sub, scan)
        elif scan.assignment in sub.folders:
            _student_folder(sub, name, scan)
        else:
            if SAFE_ID.match(name):
                scan.seen.add(name)
            others = ", ".join(sorted(sub.folders)) or "nothing"
            scan.skip(sub.origin, f"{name} has no {scan.assignment} folder (has: {others})")
    for name, file in folder.files:
        _loose(name, file, scan)


def _student_folder(folder: Folder, student: str, scan: Scan) -> None:
    for name, sub in folder.folders.items():
        if name == scan.assignment:
            _nbgrader_submission(sub, student, scan)
        else:
            scan.skip(sub.origin, f"another assignment ({name})")
    for _, file in folder.files:
        scan.skip(file.origin, f"not in an assignment folder of {student}")


def _exchange_submission(folder: Folder, student: str, assignment: str, when: dt.datetime,
                         scan: Scan) -> None:
    if assignment != scan.assignment:
        scan.skip(folder.origin, f"another assignment ({assignment})")
    else:
        _nbgrader_submission(folder, student, scan, when)


def _nbgrader_submission(folder: Folder, student: str, scan: Scan,
                         exchange_time: dt.datetime | None = None) -> None:
    """Layouts 1 and 2: notebooks, timestamp.txt and the student's other files."""
    if not SAFE_ID.match(student):
        scan.skip(folder.origin, f"{student!r} is not a valid student id")
        return
    scan.seen.add(student)
    kind = "exchange" if exchange_time else "submitted"
    sub = Submission(student, folder.origin, folder.when, folder.when_from, kind)
    picks = [p for n, f in folder.files if n.lower().endswith(".ipynb")
             if (p := _pick(n, n[:-6], f, scan))]
    _set_time(sub, folder, picks, exchange_time)
    sub.notebooks = _one_per_notebook(student, picks, scan, by_time_first=False)
    sub.extras = list(_extras(folder, scan))
    scan.submissions.append(sub)


def _set_time(sub: Submission, folder: Folder, picks: list[Pick],
              exchange_time: dt.datetime | None) -> None:
    """The real time: the exchange folder's name, else timestamp.txt, else the notebooks'."""
    stamp, when, problem = _read_stamp(folder.file("timestamp.txt"))
    sub.stamp = stamp
    if exchange_time:
        sub.when, sub.when_from = exchange_time, "the exchange folder's name"
    elif when:
        sub.when, sub.when_from = when, "timestamp.txt"
    elif picks:
        newest = max(picks, key=lambda p: p.file.when)
        sub.when, sub.when_from = newest.file.when, f"{newest.file.when_from} ({problem})"
    else:
        sub.when_from = f"{folder.when_from} ({problem})"
    for pick in picks:  # the notebooks of an nbgrader submission share its time
        pick.when, pick.when_from = sub.when, sub.when_from


def _read_stamp(file: File | None) -> tuple[bytes | None, dt.datetime | None, str]:
    """(bytes to copy, time, why not): an unreadable timestamp.txt is rewritten."""
    if file is None:
        return None, None, "no timestamp.txt"
    try:
        data = _capped(file, MAX_STAMP_BYTES)
        when = _parse_time(data.decode("utf-8").strip())
    except (Unreadable, UnicodeDecodeError) as exc:
        return None, None, f"timestamp.txt unreadable: {exc}"
    if when is None:
        return None, None, "timestamp.txt unreadable"
    return data, when, ""


def _extras(folder: Folder, scan: Scan, prefix: tuple[str, ...] = ()
            ) -> Iterator[tuple[tuple[str, ...], File]]:
    """The student's other files, as nbgrader copies them (ignoring what it ignores)."""
    for name, file in folder.files:
        if not prefix and (name == "timestamp.txt" or name.lower().endswith(".ipynb")):
            continue  # handled as the submission's time and notebooks
        if name.endswith(".pyc"):
            scan.skip(file.origin, "ignored like nbgrader (*.pyc)")
        else:
            yield (*prefix, name), file
    for name, sub in folder.folders.items():
        if name in NBGRADER_IGNORED:
            scan.skip(sub.origin, "ignored like nbgrader")
        elif sub.raw:  # a zip the student submitted: copied as it is
            yield (*prefix, sub.raw[0]), sub.raw[1]
        else:
            yield from _extras(sub, scan, (*prefix, name))


# --- choosing ------------------------------------------------------------------------------


def _show(when: dt.datetime) -> str:
    return when.strftime("%Y-%m-%d %H:%M:%S")


def _described(pick: Pick) -> str:
    how = "" if pick.by_name else ", by grade ids"
    return f"{pick.file.origin} ({_show(pick.when)} from {pick.when_from}{how})"


def _one_per_notebook(student: str, picks: list[Pick], scan: Scan,
                      by_time_first: bool) -> dict[str, Pick]:
    """One notebook per source notebook: the latest (LMS) or the one named so (nbgrader)."""
    def key(p: Pick) -> tuple[Any, ...]:
        # LMS copies differ by time (Canvas's by upload); in one nbgrader submission prefer
        # the file named so
        rank = (p.when, p.upload, p.by_name) if by_time_first else (p.by_name, p.file.when)
        return (*rank, p.file.origin)

    groups: dict[str, list[Pick]] = {}
    for pick in picks:
        groups.setdefault(pick.notebook, []).append(pick)
    chosen = {}
    for notebook, items in sorted(groups.items()):
        keep = max(items, key=key)
        chosen[notebook] = keep
        if len(items) > 1:
            others = ", ".join(_described(p) for p in items if p is not keep)
            scan.result.ambiguous.append(f"{student}/{notebook}: {len(items)} notebooks; kept "
                                         f"{_described(keep)}, not {others}")
    return chosen


def _lms_submissions(scan: Scan) -> None:
    """One submission per LMS student: the latest copy of each notebook."""
    for student in sorted(set(scan.pool) | set(scan.empty)):
        picks = scan.pool.get(student, [])
        folder = scan.empty.get(student)
        if not picks and folder:
            scan.submissions.append(Submission(student, folder.origin, folder.when,
                                               folder.when_from, "lms"))
            continue
        if folder:
            scan.skip(folder.origin, f"no notebook of {scan.assignment} here "
                      f"({student}'s notebooks are elsewhere)")
        chosen = _one_per_notebook(student, picks, scan, by_time_first=True)
        newest = max(chosen.values(), key=lambda p: (p.when, p.upload))
        scan.submissions.append(Submission(student, newest.file.origin, newest.when,
                                           newest.when_from, "lms", chosen,
                                           timeless=all(p.timeless for p in chosen.values())))


def _one_per_student(scan: Scan) -> list[Submission]:
    """The latest submission of each student; the others reported (replaced or ambiguous)."""
    groups: dict[str, list[Submission]] = {}
    for sub in scan.submissions:
        groups.setdefault(sub.student, []).append(sub)
    chosen = []
    for student, subs in sorted(groups.items()):
        keep = max(subs, key=lambda s: (bool(s.notebooks), s.when, s.origin))
        chosen.append(keep)
        for other in (s for s in subs if s is not keep):
            if other.kind == keep.kind == "exchange":
                scan.skip(other.origin, f"replaced by the later submission {keep.origin} "
                          f"({_show(other.when)} → {_show(keep.when)})")
        others = [s for s in subs if s is not keep and not s.kind == keep.kind == "exchange"]
        if others:
            text = ", ".join(f"{s.origin} ({_show(s.when)})" for s in others)
            scan.result.ambiguous.append(f"{student}: {len(subs)} submissions; kept "
                                         f"{keep.origin} ({_show(keep.when)}), not {text}")
    return chosen


# --- placing -------------------------------------------------------------------------------


Extra = tuple[tuple[str, ...], bytes, File]  # a student's other file: where, bytes, origin


@dataclass
class Existing:
    """What submitted/<student>/<assignment>/ already holds."""

    when: dt.datetime | None
    notebooks: list[str]


def _existing(folder: Path) -> Existing | None:
    if not folder.is_dir():
        return None
    notebooks = sorted(folder.glob("*.ipynb"))
    try:
        when = _parse_time((folder / "timestamp.txt").read_text(encoding="utf-8").strip())
    except (OSError, UnicodeDecodeError):
        when = None
    if when is None and notebooks:
        when = max(_utc(p.stat().st_mtime) for p in notebooks)
    return Existing(when, [p.stem for p in notebooks])


def _why_not_replace(old: Existing, sub: Submission, notebooks: bool) -> str:
    """Why the submission already collected stays ('' to replace it)."""
    old_time = _show(old.when) if old.when else "no time"
    if not notebooks:
        have = ", ".join(old.notebooks) or "no notebook"
        return f"already collected ({have}, {old_time}); this one has no notebook"
    if not old.notebooks or old.when is None:
        return ""
    if sub.when == old.when:
        return f"already collected (same time, {old_time})"
    if sub.when < old.when:
        return (f"older ({_show(sub.when)}) than the submission already collected "
                f"({old_time}); kept that one")
    return ""


def _read_all(sub: Submission, scan: Scan) -> tuple[dict[str, bytes], list[Extra]]:
    """The bytes to write; what cannot be read (or is over the caps) is skipped."""
    notebooks: dict[str, bytes] = {}
    files: list[Extra] = []
    total = 0
    for name, pick in sub.notebooks.items():
        try:
            notebooks[name] = pick.file.read()
        except Unreadable as exc:
            scan.skip(pick.file.origin, str(exc))
    for rel, file in sub.extras:
        if not all(_safe_part(p) for p in rel):
            scan.skip(file.origin, "unsafe file name")
            continue
        try:
            data = _capped(file, MAX_MEMBER_BYTES)
        except Unreadable as exc:
            scan.skip(file.origin, str(exc))
            continue
        total += len(data)
        if total > MAX_SUBMISSION_BYTES:
            scan.skip(file.origin, f"the submission's files exceed "
                      f"{MAX_SUBMISSION_BYTES // 2**20} MB")
            continue
        files.append((rel, data, file))
    return notebooks, files


def _safe_part(part: str) -> bool:
    return part not in ("", ".", "..") and not re.search(r"[/\\\x00]", part) and len(part) < 256


def _place(sub: Submission, scan: Scan) -> None:
    """Write one submission into submitted/, unless a newer one is already there."""
    folder = scan.course.path("submitted", sub.student, scan.assignment)
    base = (scan.course.root / "submitted").resolve()
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()) or \
            not folder.resolve().is_relative_to(base):
        scan.skip(sub.origin, f"{folder} is a symbolic link or not a folder; left alone")
        return
    notebooks, files = _read_all(sub, scan)
    old = _existing(folder)
    if old is not None and sub.timeless and notebooks:  # no times to compare: the files
        if all((folder / f"{name}.ipynb").is_file() and
               (folder / f"{name}.ipynb").read_bytes() == data
               for name, data in notebooks.items()):
            scan.skip(sub.origin, f"{sub.student}: already collected (the same notebooks)")
            return
        sub.note = "replaced what was collected before (no times to compare: these files " \
                   "differ)"
        old = None
    if old is not None:
        why = _why_not_replace(old, sub, bool(notebooks))
        if why:
            scan.skip(sub.origin, f"{sub.student}: {why}")
            return
        sub.note = ("replaced a submission with no notebook" if not old.notebooks else
                    f"replaced older submission ({_show(old.when) if old.when else '?'} "
                    f"→ {_show(sub.when)})")
        kept = [n for n in old.notebooks if n not in notebooks]
        if sub.kind != "lms":  # nbgrader replaces the whole folder
            shutil.rmtree(folder)
        elif kept:  # LMS files come one by one: a notebook not in this download stays
            sub.note += f"; kept {', '.join(kept)} from before"
    if sub.timeless:
        (folder / "timestamp.txt").unlink(missing_ok=True)  # none is better than a wrong one
        stamp = b"no submission time"
    else:
        stamp = sub.stamp or sub.when.strftime(TIME_FORMAT).encode()
        _write(folder, ("timestamp.txt",), stamp)
    for name, data in notebooks.items():
        _write(folder, (f"{name}.ipynb",), data)
    for rel, data, _ in files:
        _write(folder, rel, data)
    _report(sub, notebooks, files, stamp.decode("utf-8", "replace").strip(), scan)


def _write(folder: Path, rel: tuple[str, ...], data: bytes) -> None:
    path = folder.joinpath(*rel)
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.parent.resolve().is_relative_to(folder.resolve()):
        raise GradingError(f"refusing to write {path}: outside {folder}")  # cannot happen
    if path.is_symlink():
        path.unlink()
    path.write_bytes(data)


def _report(sub: Submission, notebooks: dict[str, bytes],
            files: list[Extra], stamp: str, scan: Scan) -> None:
    placed = scan.result.placed
    for name in notebooks:
        pick = sub.notebooks[name]
        note = "; ".join(filter(None, [pick.lms, f"time from {pick.when_from}", pick.how,
                                       sub.note]))
        placed.append(Placed(sub.student, name, pick.file.origin, stamp, note))
    if not notebooks:
        note = "; ".join(filter(None, [f"time from {sub.when_from}", sub.note]))
        placed.append(Placed(sub.student, "", sub.origin, stamp, note, kind="none"))
    for rel, _, file in files:
        placed.append(Placed(sub.student, "/".join(rel), file.origin, stamp, kind="file"))


# --- the stage -----------------------------------------------------------------------------


def collect(course: Course, assignment: str, paths: list[Path]) -> CollectResult:
    """Find every submission of `assignment` in `paths` and place it in submitted/."""
    sources = read_sources(course, assignment)
    paths = [Path(p) for p in paths]
    for path in paths:
        _check_input(path, course)
    result = CollectResult(expected=sorted(sources.grade_ids))
    scan = Scan(course, sources, result, Archives())
    try:
        for path in paths:
            _read_input(path, scan)
        _lms_submissions(scan)
        for sub in _one_per_student(scan):
            _place(sub, scan)
    finally:
        scan.archives.close()
    result.missing = sorted(set(_gradebook_students(course)) - scan.seen)
    return result


def _check_input(path: Path, course: Course) -> None:
    allowed = "pass folders, zips or notebooks (.ipynb)"
    if not path.exists():
        raise GradingError(f"{path} does not exist; {allowed}")
    resolved, root = path.resolve(), course.root.resolve()
    if resolved == root or resolved.is_relative_to(root / "submitted"):
        raise GradingError(f"{path} is this course's own folder; pass downloads, a copy of "
                           "another submitted/, another course's directory or an exchange")
    if path.is_file() and not (path.suffix.lower() in (".zip", ".ipynb")
                               or zipfile.is_zipfile(path)):
        raise GradingError(f"{path} is not a folder, a zip or a notebook; {allowed}")


def _read_input(path: Path, scan: Scan) -> None:
    if path.is_dir():
        _visit(_disk_folder(path, scan), scan, top=True)
        return
    file = _disk_file(path, path.stat())
    if path.suffix.lower() == ".ipynb":
        _single_notebook(path, file, scan)
        return
    try:
        folder = _zip_folder(path.name, file, path, scan, 1)
    except Unreadable as exc:
        scan.skip(str(path), str(exc))
        return
    _visit(folder, scan, top=True)


def _single_notebook(path: Path, file: File, scan: Scan) -> None:
    """A notebook passed on its own: the student from its name, else from its folder."""
    split = split_lms_name(path.stem, scan.sources)
    student = split.student if split and split.student else \
        student_id(path.parent.name, scan.sources.strippable())
    if not student or not SAFE_ID.match(student):
        scan.skip(str(path), "no student id in its name or its folder's name")
        return
    rest = split.rest if split and split.student else path.stem
    _pool(student, path.name, rest, file, scan)


def _parse_time(text: str) -> dt.datetime | None:
    """A time as nbgrader reads it (naive UTC), or None."""
    from nbgrader.utils import parse_utc

    try:
        return parse_utc(text) if text else None
    except (ValueError, OverflowError, TypeError):
        return None


def _gradebook_students(course: Course) -> list[str]:
    if course.gradebook_url.startswith("sqlite:///") and not Path(
            course.gradebook_url.removeprefix("sqlite:///")).exists():
        return []
    with course.gradebook() as gb:
        return [s.id for s in gb.students]
