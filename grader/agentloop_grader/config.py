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


def teacher_config(course_root: Path | None) -> Any:
    """The merged traitlets Config of every nbgrader_config.py in `config_dirs`."""
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
    return config


def setting(config: Any, section: str, name: str, default: Any = None) -> Any:
    """One value of a traitlets Config, or `default` when the teacher did not set it."""
    block = config.get(section, {})
    return block[name] if name in block else default


def execute_timeout(config: Any) -> float:
    """Seconds per cell, as stock autograde: Execute.timeout, else ExecutePreprocessor's,
    else nbgrader's default of 30 (None or ≤ 0 means no limit there; we keep 30)."""
    for section in ("Execute", "ExecutePreprocessor"):
        value = setting(config, section, "timeout")
        if isinstance(value, int | float) and value > 0:
            return float(value)
    return 30.0
