"""The instructor Lab (./course lab --solutions): formgrader, Create Assignment and the
Nbgrader menu work on this repository's own course (grader/course/, its gradebook and
exchange), the same one `agentloop-grade` uses without --course."""

from pathlib import Path

c = get_config()  # noqa: F821  (provided by traitlets)
load_subconfig(str(Path(__file__).resolve().parents[3] / "grader" / "nbgrader_config.py"))  # noqa: F821
