"""Place downloaded submissions in nbgrader's layout: submitted/<student>/<assignment>/.

Accepts folders and zip files (one per student, or a whole-class LMS download) with
whatever names the LMS gave them, e.g.
"Jane Doe_12345_attempt_2026-11-30 01_agent_loop (1).ipynb" → student `jane_doe_12345`.
Zips are read in memory, member by member, with size caps; member paths are never used
as file system paths, so `../` or absolute names cannot write anywhere.
"""

from __future__ import annotations

import datetime as dt
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from .course import SAFE_ID, Course, GradingError

MAX_MEMBER_BYTES = 20 * 1024 * 1024
MAX_ZIP_TOTAL = 500 * 1024 * 1024
MAX_MEMBERS = 5_000
NOISE = [
    re.compile(r"\(\d+\)"),  # "(1)" download copies
    re.compile(r"attempt[\s_-]*\d{4}-\d{2}-\d{2}([\s_-]*\d{2}[-:]\d{2}([-:]\d{2})?)?", re.I),
    re.compile(r"assignsubmission_file_?|onlinetext_?|submission|late\b", re.I),
]


@dataclass
class Found:
    """One candidate notebook: where it came from, its bytes and the student it names."""

    origin: str
    student: str
    data: bytes
    when: dt.datetime


@dataclass
class CollectResult:
    placed: dict[str, str] = field(default_factory=dict)  # student -> origin
    ambiguous: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)  # in the gradebook, nothing found

    def summary(self) -> str:
        lines = [f"placed {len(self.placed)} submission(s)"]
        lines += [f"  {s} ← {o}" for s, o in sorted(self.placed.items())]
        lines += [f"ambiguous: {a}" for a in self.ambiguous]
        lines += [f"skipped: {s}" for s in self.skipped]
        if self.missing:
            lines.append(f"missing (in the gradebook, no submission): {', '.join(self.missing)}")
        return "\n".join(lines)


def student_id(name: str, assignment: str) -> str:
    """A safe nbgrader student id from an LMS file or folder name ('' when none is left)."""
    stem = re.sub(r"\.(ipynb|zip)$", "", name, flags=re.I)
    stem = stem.replace(assignment, " ")
    for pattern in NOISE:
        stem = pattern.sub(" ", stem)
    words = re.findall(r"[A-Za-z0-9]+", stem)
    return "_".join(words).lower()[:64]


def collect(course: Course, assignment: str, paths: list[Path]) -> CollectResult:
    """Find every notebook in `paths`, pick one per student, place it; report the rest."""
    result = CollectResult()
    found: list[Found] = []
    for path in paths:
        if path.is_dir():
            found += _from_folder(path, assignment, result)
        elif path.is_file() and zipfile.is_zipfile(path):
            found += _from_zip(path, assignment, result)
        elif path.is_file() and path.suffix == ".ipynb":
            found += _one(str(path), path.name, path.parent.name, path.read_bytes(),
                          _mtime(path), assignment, result)
        else:
            raise GradingError(f"{path} is not a folder, a zip or a notebook")
    for student, items in _by_student(found).items():
        chosen = max(items, key=lambda f: (f.when, f.origin))
        if len(items) > 1:
            others = ", ".join(f.origin for f in items if f is not chosen)
            result.ambiguous.append(f"{student}: {len(items)} notebooks; took the latest "
                                    f"{chosen.origin} (not {others})")
        _place(course, assignment, chosen)
        result.placed[student] = chosen.origin
    result.missing = sorted(set(_gradebook_students(course)) - set(result.placed))
    return result


def _one(origin: str, name: str, folder: str, data: bytes, when: dt.datetime,
         assignment: str, result: CollectResult) -> list[Found]:
    if not name.lower().endswith(".ipynb"):
        return []
    plain = re.sub(r"\s*\(\d+\)", "", Path(name).stem)
    student = student_id(name, assignment)
    if not student or plain == assignment:
        student = student_id(folder, assignment)  # e.g. jane_doe/01_agent_loop.ipynb
    if not student or not SAFE_ID.match(student):
        result.skipped.append(f"{origin}: no student id in its name")
        return []
    if assignment not in name and not name.lower().startswith(student):
        result.skipped.append(f"{origin}: not a {assignment} notebook")
        return []
    return [Found(origin, student, data, when)]


def _from_folder(folder: Path, assignment: str, result: CollectResult) -> list[Found]:
    found = []
    for path in sorted(folder.rglob("*")):
        if path.is_symlink():
            result.skipped.append(f"{path}: symbolic link")
        elif path.is_file() and zipfile.is_zipfile(path):
            found += _from_zip(path, assignment, result)
        elif path.is_file() and path.suffix == ".ipynb" and ".ipynb_checkpoints" not in \
                path.parts:
            if path.stat().st_size > MAX_MEMBER_BYTES:
                result.skipped.append(f"{path}: larger than {MAX_MEMBER_BYTES // 2**20} MB")
                continue
            found += _one(str(path), path.name, path.parent.name, path.read_bytes(),
                          _mtime(path), assignment, result)
    return found


def _from_zip(path: Path, assignment: str, result: CollectResult) -> list[Found]:
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as exc:
        result.skipped.append(f"{path}: not a readable zip ({exc})")
        return []
    found, total = [], 0
    with archive:
        members = [m for m in archive.infolist() if m.filename.lower().endswith(".ipynb")
                   and "__MACOSX" not in m.filename and not m.is_dir()]
        if len(archive.infolist()) > MAX_MEMBERS:
            result.skipped.append(f"{path}: more than {MAX_MEMBERS} entries")
            return []
        single = len(members) == 1
        for member in members:
            origin = f"{path.name}:{member.filename}"
            data = _read_member(archive, member, result, origin)
            if data is None:
                continue
            total += len(data)
            if total > MAX_ZIP_TOTAL:
                result.skipped.append(f"{path}: more than {MAX_ZIP_TOTAL // 2**20} MB unpacked")
                break
            parts = [p for p in re.split(r"[\\/]+", member.filename) if p not in ("", ".", "..")]
            name = parts[-1] if parts else ""
            folder = parts[-2] if len(parts) > 1 else path.stem
            if single and (not student_id(name, assignment) or
                           re.sub(r"\s*\(\d+\)", "", Path(name).stem) == assignment):
                folder = path.stem  # one notebook per zip: the zip names the student
            when = dt.datetime(*member.date_time)
            found += _one(origin, name, folder, data, when, assignment, result)
    return found


def _read_member(archive: zipfile.ZipFile, member: zipfile.ZipInfo, result: CollectResult,
                 origin: str) -> bytes | None:
    if member.file_size > MAX_MEMBER_BYTES:
        result.skipped.append(f"{origin}: larger than {MAX_MEMBER_BYTES // 2**20} MB")
        return None
    try:
        with archive.open(member) as handle:
            data = handle.read(MAX_MEMBER_BYTES + 1)  # the header may lie about the size
    except (zipfile.BadZipFile, OSError, RuntimeError, NotImplementedError) as exc:
        result.skipped.append(f"{origin}: unreadable ({exc})")
        return None
    if len(data) > MAX_MEMBER_BYTES:
        result.skipped.append(f"{origin}: larger than {MAX_MEMBER_BYTES // 2**20} MB")
        return None
    return data


def _by_student(found: list[Found]) -> dict[str, list[Found]]:
    groups: dict[str, list[Found]] = {}
    for item in found:
        groups.setdefault(item.student, []).append(item)
    return dict(sorted(groups.items()))


def _place(course: Course, assignment: str, item: Found) -> None:
    folder = course.path("submitted", item.student, assignment)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{assignment}.ipynb").write_bytes(item.data)
    stamp = item.when.strftime("%Y-%m-%d %H:%M:%S.%f")
    (folder / "timestamp.txt").write_text(f"{stamp} UTC\n", encoding="utf-8")


def _mtime(path: Path) -> dt.datetime:
    return dt.datetime.fromtimestamp(path.stat().st_mtime, dt.UTC).replace(tzinfo=None)


def _gradebook_students(course: Course) -> list[str]:
    if course.gradebook_url.startswith("sqlite:///") and not Path(
            course.gradebook_url.removeprefix("sqlite:///")).exists():
        return []
    with course.gradebook() as gb:
        return [s.id for s in gb.students]
