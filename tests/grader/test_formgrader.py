"""formgrader, pointed at a course graded by agentloop-grade, lists the assignment and shows
the person grading by hand the student's own answers (a written answer, a code answer,
a task) — not the released blanks.

Runs nbgrader's formgrader server extension in a real Jupyter server on 127.0.0.1 and
reads its HTTP interface, as the formgrader page does.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from agentloop_grader.cli import main

sys.path.insert(0, str(Path(__file__).resolve().parent / "assignments"))
import make_class as mc

pytestmark = pytest.mark.slow
A = mc.ASSIGNMENT


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read().decode()


@pytest.fixture(scope="module")
def formgrader(tmp_path_factory: pytest.TempPathFactory):
    base = tmp_path_factory.mktemp("formgrader")
    course = base / "course"
    (course / "source").mkdir(parents=True)
    subprocess.run(["cp", "-r", str(mc.SOURCE), str(course / "source" / A)], check=True)
    (course / "nbgrader_config.py").write_text(
        f"c = get_config()  # noqa\nc.CourseDirectory.root = {str(course)!r}\n"
        "c.CourseDirectory.course_id = 'default_course'\n")
    assert main(["release", A, "--course", str(course)]) == 0
    mc.make_class(course, ["manual_answers", "blank"])
    assert main(["autograde", A, "--course", str(course), "--no-progress",
                 "--time-limit", "10"]) == 0
    port = _free_port()
    jupyter = base / "jupyter"
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(jupyter / "config"),
               JUPYTER_DATA_DIR=str(jupyter / "data"),
               JUPYTER_RUNTIME_DIR=str(jupyter / "runtime"))
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyter_server", "--no-browser", "--allow-root",
         "--ip=127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
         "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
         f"--ServerApp.root_dir={course}"],
        cwd=course, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                _get(f"{url}/formgrader/api/status")
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError("formgrader did not start: " +
                                       server.stderr.read(4000).decode()) from None
                time.sleep(0.5)
        yield url
    finally:
        os.killpg(server.pid, 9)
        server.wait()


def test_formgrader_lists_the_assignment(formgrader):
    assignments = json.loads(_get(f"{formgrader}/formgrader/api/assignments"))
    names = {a["name"]: a for a in assignments}
    assert A in names and names[A]["num_submissions"] == 2


def test_the_manual_answers_are_the_students(formgrader):
    for notebook in ("part1", "part2"):
        submitted = json.loads(_get(
            f"{formgrader}/formgrader/api/submitted_notebooks/{A}/{notebook}"))
        by_student = {s["student"]: s for s in submitted}
        assert by_student["manual_answers"]["needs_manual_grade"]
        page = _get(f"{formgrader}/formgrader/submissions/{by_student['manual_answers']['id']}/")
        if notebook == "part1":
            assert "MANUAL-ANSWER-explain_mean" in page  # the written answer, as written
        else:
            assert "MANUAL-ANSWER-check_by_hand" in page  # the task cell's answer
            assert "MANUAL-ANSWER-report" in page  # the code answer graded by hand
        assert "YOUR ANSWER HERE" not in page.split("MANUAL-ANSWER", 1)[0][-2000:]
        blank = _get(f"{formgrader}/formgrader/submissions/{by_student['blank']['id']}/")
        assert "MANUAL-ANSWER" not in blank
