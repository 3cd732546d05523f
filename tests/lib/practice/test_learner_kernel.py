"""The learner's Lab (`./course lab`) runs its notebooks in a kernel holding the learner's
distribution alone: `.venv-learner` (agentloop, editable from lib/, with ipykernel and
ipywidgets), the `python3` kernelspec in the Lab's own state folder
(workspace/.agentloop/jupyter/kernel, first on the Lab's JUPYTER_PATH). Whatever its
environment says, that kernel cannot import the grader or the teacher's edition, finds no
course seed, and a check shows only its visible cases. Tested as root and as an ordinary
account.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from learner_builds import learner_release
from unprivileged import is_root, run_as_teacher, teacher_tmp  # noqa: F401  (fixture)

ROOT = Path(__file__).resolve().parents[3]
COURSE = ROOT / "course"
LEARNER_PYTHON = ROOT / ".venv-learner" / "bin" / "python"
VISIBLE = 8  # ch1-decide-failure's visible cases

pytestmark = pytest.mark.slow

# Run by the dev venv's Python (as root or as the teacher): one notebook, in the workspace,
# on the kernel the Lab's data folder names python3.
RUN_KERNEL = r'''
import json, sys
import nbformat
from nbclient import NotebookClient

workspace = sys.argv[1]
cells = [
    "import sys; print(sys.executable)",
    "try:\n    import agentloop_grader\n    print('grader: imported')\n"
    "except ImportError as error:\n    print('grader:', type(error).__name__)",
    "try:\n    import nbgrader\n    print('nbgrader: imported')\n"
    "except ImportError as error:\n    print('nbgrader:', type(error).__name__)",
    "import os\nfrom agentloop import checks\n"
    "print('teacher edition:', checks._teacher_edition(checks.get_check('ch1-decide-failure')))",
    "os.environ['NBGRADER_EXECUTION'] = 'autograde'\n"
    "checks.check('ch1-decide-failure', lambda state: 'continue')",
]
nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True,
               resources={"metadata": {"path": workspace}}).execute()
out = []
for cell in nb.cells:
    out.append("".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")
               + "".join(o.get("ename", "") for o in cell.outputs if o.output_type == "error"))
print(json.dumps(out))
'''


def course_lab(workspace: Path, as_teacher: bool) -> subprocess.CompletedProcess[str]:
    """`./course lab --no-browser`, printing the Lab command instead of running it."""
    env = {"COURSE_DRY_RUN": "1", "AGENTLOOP_WORKSPACE": str(workspace),
           "AGENTLOOP_RELEASE": str(learner_release())}
    if as_teacher:
        return run_as_teacher([str(COURSE), "lab", "--no-browser"], cwd=str(workspace.parent),
                              env=env, timeout=900)
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "IPYTHON"))}
    return subprocess.run([str(COURSE), "lab", "--no-browser"], capture_output=True, text=True,
                          env={**clean, **env}, timeout=900)


def lab_environment(dry_run: str) -> dict[str, str]:
    """The Jupyter variables `./course lab` gives the Lab (and so its kernels)."""
    return dict(line.split("=", 1) for line in dry_run.splitlines()
                if line.startswith("JUPYTER_") and "=" in line)


def run_kernel(workspace: Path, lab_env: dict[str, str], as_teacher: bool) -> list[str]:
    env = {**lab_env, "JUPYTER_RUNTIME_DIR": str(workspace / "runtime"),
           "NBGRADER_EXECUTION": "autograde"}  # as if the Lab had been started with it
    command = [str(ROOT / ".venv" / "bin" / "python"), "-c", RUN_KERNEL, str(workspace)]
    if as_teacher:
        done = run_as_teacher(command, cwd=str(workspace), env=env, timeout=300)
    else:
        clean = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "IPYTHON"))}
        done = subprocess.run(command, capture_output=True, text=True, timeout=300,
                              env={**clean, **env}, cwd=workspace)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def seeded_course_around(folder: Path) -> None:
    """A course's secret seed in a folder above the workspace: the teacher's own place."""
    seed = folder / ".agentloop" / "secret-seed"
    seed.parent.mkdir(parents=True, exist_ok=True)
    seed.write_text("0" * 64 + "\n", encoding="ascii")


@pytest.mark.parametrize("as_teacher", [False, True], ids=["this user", "ordinary account"])
def test_the_learners_kernel_holds_the_learners_distribution_alone(
        teacher_tmp: str, as_teacher: bool) -> None:  # noqa: F811
    if as_teacher and not is_root():
        pytest.skip("the ordinary account's run is this user's own when not root")
    base = Path(teacher_tmp)
    seeded_course_around(base)
    workspace = base / "ws"
    if as_teacher:  # made first as this user, so the teacher's run has nothing to install
        course_lab(base / "setup" / "ws", as_teacher=False)
    done = course_lab(workspace, as_teacher)
    assert done.returncode == 0, done.stderr[-3000:]
    command = done.stdout.strip().splitlines()[-1]
    assert ("--allow-root" in command) == (is_root() and not as_teacher)
    assert f"--ServerApp.root_dir={workspace}" in command
    lab_env = lab_environment(done.stdout)
    kernels = workspace / ".agentloop" / "jupyter" / "kernel"
    assert lab_env["JUPYTER_PATH"].split(":")[0] == str(kernels)
    spec = json.loads((kernels / "kernels" / "python3" / "kernel.json").read_text("utf-8"))
    assert spec["argv"][0] == str(LEARNER_PYTHON)
    if as_teacher:
        assert os.stat(workspace / "01_agent_loop.ipynb").st_uid == os.stat(base).st_uid != 0

    executable, grader, nbgrader, teacher, check = run_kernel(workspace, lab_env, as_teacher)
    assert executable.strip() == str(LEARNER_PYTHON)
    assert grader.strip() == "grader: ModuleNotFoundError"
    assert nbgrader.strip() == "nbgrader: ModuleNotFoundError"
    assert teacher.strip() == "teacher edition: None"
    # under NBGRADER_EXECUTION=autograde, a seed above: still the visible cases only
    lines = [line for line in check.splitlines() if line.startswith("  ✘ ")]
    assert len(lines) < VISIBLE and f"/{VISIBLE} cases passed: not yet" in check
    assert check.endswith("AssertionError")  # under nbgrader a failure also raises


def test_the_instructor_lab_keeps_the_full_environment(tmp_path: Path) -> None:
    """`./course lab --solutions` names no kernel of its own: the .venv's python3 runs."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "IPYTHON"))}
    done = subprocess.run([str(COURSE), "lab", "--solutions", "--no-browser"],
                          capture_output=True, text=True, timeout=300,
                          env={**env, "COURSE_DRY_RUN": "1"})
    assert done.returncode == 0, done.stderr[-2000:]
    assert lab_environment(done.stdout)["JUPYTER_PATH"] == env.get("JUPYTER_PATH", "")
