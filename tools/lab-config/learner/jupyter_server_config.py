"""The learner's Lab (./course lab): no teacher tools. nbgrader's lab extension (its menu,
Formgrader, Create Assignment, Course and Assignment List, Validate) is not loaded and its
server extensions are off; the course's own plugin (labextensions/agentloop-course: chapter 1
first, the start page, a progress page that fills itself in, one kernel per notebook on
screen) is. Read after common/, so this setting wins."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from lab_extensions import only_some

c = get_config()  # noqa: F821  (provided by traitlets)
c.LabApp.labextensions_path = only_some(
    "learner", {"@jupyterlite/pyodide-kernel-extension", "@jupyter/nbgrader"},
    add=(Path(__file__).resolve().parent / "labextensions",))
c.ServerApp.jpserver_extensions = {
    "nbgrader.server_extensions.formgrader": False,
    "nbgrader.server_extensions.validate_assignment": False,
    "nbgrader.server_extensions.assignment_list": False,
    "nbgrader.server_extensions.course_list": False,
}
