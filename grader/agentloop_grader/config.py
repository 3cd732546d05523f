"""The teacher's nbgrader settings, read as nbgrader reads them.

nbgrader reads `nbgrader_config.py` from Jupyter's config directories and then from the
directory a command runs in. agentloop-grade does the same, and also reads the course
directory and its parent (where a course is usually run from), so a teacher's existing
course works unchanged: its `CourseDirectory.root`, `db_url` and `course_id`, its
`ExecutePreprocessor.timeout`, its `ClearSolutions` stubs and its late-penalty plugin.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .protocol import Limits

CONFIG_NAME = "nbgrader_config.py"


class ConfigError(ValueError):
    """An nbgrader_config.py that cannot be read (the CLI prints one line)."""


def config_dirs(course_root: Path | None) -> list[Path]:
    """Where nbgrader_config.py is read from, lowest priority first (each place once)."""
    from jupyter_core.paths import jupyter_config_path

    dirs = [*reversed(jupyter_config_path())]
    if course_root is not None:
        dirs += [course_root.parent, course_root]
    dirs.append(Path.cwd())
    seen: dict[Path, None] = {}
    for folder in dirs:
        folder = Path(folder).resolve()
        seen.pop(folder, None)  # keep the later, higher-priority place
        seen[folder] = None
    return list(seen)


# nbgrader's own renames (apps/baseapp.py, NbGrader._load_config): old sections merged
# into NbGrader, then NbGrader's course options moved to CourseDirectory, as stock does with
# a warning, so an old nbgrader_config.py means the same here.
OLD_SECTIONS = ("NbGraderConfig", "BasicConfig", "BaseNbGraderApp", "BaseApp")
OLD_COURSE_OPTIONS = (
    ("student_id", "student_id"), ("assignment_id", "assignment_id"),
    ("notebook_id", "notebook_id"), ("directory_structure", "directory_structure"),
    ("source_directory", "source_directory"), ("release_directory", "release_directory"),
    ("submitted_directory", "submitted_directory"),
    ("autograded_directory", "autograded_directory"),
    ("feedback_directory", "feedback_directory"),
    ("solution_directory", "solution_directory"), ("db_url", "db_url"),
    ("course_directory", "root"), ("ignore", "ignore"), ("course_id", "course_id"))


def modernize(config: Any) -> list[str]:
    """Apply nbgrader's renames of old settings to `config` in place; returns what was
    renamed (old name -> new name), as stock warns about it."""
    renamed = []
    for section in OLD_SECTIONS:
        if section in config:
            config.NbGrader.merge(config[section])
            del config[section]
            renamed.append(f"{section} -> NbGrader")
    for old, new in OLD_COURSE_OPTIONS:
        if old in config.get("NbGrader", {}):
            config.CourseDirectory[new] = config.NbGrader[old]
            del config.NbGrader[old]
            renamed.append(f"NbGrader.{old} -> CourseDirectory.{new}")
    if "course_id" in config.get("Exchange", {}):
        config.CourseDirectory.course_id = config.Exchange.course_id
        del config.Exchange.course_id
        renamed.append("Exchange.course_id -> CourseDirectory.course_id")
    course_id = config.get("CourseDirectory", {}).get("course_id")
    if isinstance(course_id, str) and course_id != course_id.strip():
        config.CourseDirectory.course_id = course_id.strip()  # stock strips it too
    return renamed


def teacher_config(course_root: Path | None) -> Any:
    """The merged traitlets Config of every nbgrader_config.py in `config_dirs`, with
    nbgrader's renames of old settings applied (`modernize`)."""
    from traitlets.config import Config
    from traitlets.config.loader import ConfigFileNotFound, PyFileConfigLoader

    config = Config()
    for folder in config_dirs(course_root):
        try:
            if not (folder / CONFIG_NAME).is_file():
                continue
        except OSError:  # a folder this user may not enter (nbgrader skips it too)
            continue
        try:
            config.merge(PyFileConfigLoader(CONFIG_NAME, path=str(folder)).load_config())
        except ConfigFileNotFound:
            continue
        except Exception as exc:  # the teacher's file has a bug: say which one
            raise ConfigError(f"cannot read {folder / CONFIG_NAME}: {exc!r}") from None
    modernize(config)
    return config


def setting(config: Any, section: str, name: str, default: Any = None) -> Any:
    """One value of a traitlets Config, or `default` when the teacher did not set it."""
    block = config.get(section, {})
    return block[name] if name in block else default


def execute_timeout(config: Any) -> float:
    """Seconds per cell, as stock autograde: Execute.timeout, else ExecutePreprocessor's,
    else nbgrader's default of 30, Limits' (None or ≤ 0 means no limit there; we keep 30)."""
    for section in ("Execute", "ExecutePreprocessor"):
        value = setting(config, section, "timeout")
        if isinstance(value, int | float) and value > 0:
            return float(value)
    return Limits().time_s


def course_limits(config: Any, time_s: float | None = None, memory_mb: int | None = None,
                  disk_mb: int | None = None) -> Limits:
    """A run's Limits: what the teacher passed (`--time-limit`, `--memory-limit`,
    `--disk-limit`), else the course's time limit per cell and Limits' own defaults."""
    given = {"memory_mb": memory_mb, "disk_mb": disk_mb}
    return Limits(time_s=time_s or execute_timeout(config),
                  **{name: value for name, value in given.items() if value is not None})
