"""The learner release: the folder every self-study copy of the course is made from.

    <release>/
        release.json          its format, what it was made from (a digest), its notebooks in order
        01_agent_loop.ipynb … the chapters' student versions (exactly nbgrader's)
        00_progress.ipynb     the progress page
        course.json           every chapter's exercises and checks (the course catalog)
        solutions.bundle      each exercise's reference answer, sealed (see bundle.py)

The teacher's side makes it from the instructor notebooks (`agentloop_grader.learner_release`,
which needs nbgrader; `./course lab` writes build/learner-release/); the learner's side only
reads it (`read_release`) and copies from it into a workspace (agentloop.practice.update).
A learner edition and the zero-install site carry one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

FORMAT = 1
MANIFEST = "release.json"
CATALOG = "course.json"
BUNDLE = "solutions.bundle"
ENV = "AGENTLOOP_RELEASE"


@dataclass(frozen=True)
class Release:
    folder: Path
    sources: str  # digest of what the release was made from
    notebooks: tuple[str, ...]  # in the order a workspace lists them

    def path(self, name: str) -> Path:
        return self.folder / name


def read_release(folder: Path) -> Release:
    """The release in `folder`; ValueError, saying how to make one, when it is not one."""
    how = ("a learner release is made by ./course lab, or by python -m "
           "agentloop_grader.learner_release --out DIR")
    path = Path(folder) / MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"--release {str(folder)!r} is not a learner release (it has no "
                         f"{MANIFEST}); {how}") from None
    except (OSError, ValueError) as exc:
        raise ValueError(f"--release {str(folder)!r}: {MANIFEST} is unreadable ({exc}); "
                         f"{how}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"--release {str(folder)!r} is a learner release of format "
                         f"{data.get('format') if isinstance(data, dict) else None!r}; this "
                         f"library reads format {FORMAT}: {how}")
    notebooks = tuple(data.get("notebooks", []))
    missing = [name for name in (*notebooks, CATALOG, BUNDLE)
               if not (Path(folder) / name).is_file()]
    if not notebooks or missing:
        raise ValueError(f"--release {str(folder)!r} is incomplete (missing: "
                         f"{', '.join(missing) or 'every notebook'}); {how}")
    return Release(Path(folder), str(data.get("sources", "")), notebooks)
