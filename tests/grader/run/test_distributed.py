"""Jobs on a Dask cluster (agentloop_grader.run.distributed): a local cluster, with threads or with
processes, grades a class as the thread pool does and loses no gradebook row."""

from __future__ import annotations

import pytest
from agentloop_grader import testing as T
from agentloop_grader.autograde import Options, autograde
from agentloop_grader.course import Course
from agentloop_grader.protocol import Limits
from agentloop_grader.release import release
from graded_class import place_class

pytestmark = pytest.mark.slow

A = "01_agent_loop"


@pytest.fixture(scope="module")
def released(tmp_path_factory: pytest.TempPathFactory) -> Course:
    course = Course(tmp_path_factory.mktemp("distributed") / "course")
    release(course, [A])
    return course


@pytest.mark.parametrize("processes", [False, True], ids=["threads", "processes"])
def test_dask_local_cluster(released, processes):
    from distributed import LocalCluster

    expected = place_class(released, 12)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=processes,
                      dashboard_address=None) as cluster:
        report = autograde(released, A, Options(scheduler=cluster.scheduler_address,
                                                progress=False, limits=Limits(time_s=20)))
    assert report.settings["scheduler"] == cluster.scheduler_address
    assert len(report.rows) == 12
    scores = T.gradebook_scores(released, A)
    assert {student: scores[student] for student in expected} == expected
