"""Confining a job (agentloop_grader.isolation.job): as root its folder is handed to nobody."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile

import pytest
from agentloop_grader.isolation import choose, prepare_workdir
from unprivileged import is_root

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")


@pytest.mark.skipif(not is_root(), reason="needs root")
def test_prepare_workdir_as_root_hands_the_dir_to_nobody() -> None:
    root = tempfile.mkdtemp()  # 0700, like a grader's mkdtemp
    try:
        job = os.path.join(root, "job-1")
        prepare_workdir(choose("namespaces"), job)
        info = os.stat(job)
        assert (info.st_uid, info.st_gid, info.st_mode & 0o777) == (65534, 65534, 0o700)
        assert os.stat(root).st_mode & 0o001
    finally:
        shutil.rmtree(root)
