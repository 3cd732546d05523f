"""Where a run keeps its temporary files (agentloop_grader.run.scratch): on a tmpfs with room,
only for the run, never where TMPDIR says otherwise; and the disk limit of a job."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest
from agentloop_grader.protocol import Limits
from agentloop_grader.run import scratch
from agentloop_grader.run.workers import DiskWatch
from unprivileged import run_as_teacher, teacher_tmp  # noqa: F401 - teacher_tmp is a fixture


def _mounts(tmp_path: Path, fstype: str) -> str:
    table = tmp_path / "mounts"
    table.write_text(f"proc /proc proc rw 0 0\nshm /dev/shm {fstype} rw,nosuid 0 0\n")
    return str(table)


def test_only_a_tmpfs_is_taken_for_ram(tmp_path: Path) -> None:
    usable = os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK)
    assert scratch.ram_dir(_mounts(tmp_path, "tmpfs")) == ("/dev/shm" if usable else None)
    assert scratch.ram_dir(_mounts(tmp_path, "ext4")) is None
    assert scratch.ram_dir(str(tmp_path / "no-such-table")) is None


def test_the_run_scratch_is_private_and_goes_away(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TMPDIR", raising=False)
    if scratch.ram_dir() is None:
        pytest.skip("no tmpfs with room on this machine")
    before, disk = tempfile.tempdir, tempfile.gettempdir()
    with scratch.ram_tempdir() as folder:
        assert folder is not None and folder.startswith("/dev/shm/agentloop-grader-")
        assert tempfile.gettempdir() == folder and os.path.isdir(folder)
        assert scratch.disk_tempdir() == disk  # what the jobs fall back to
        with tempfile.NamedTemporaryFile() as item:
            assert item.name.startswith(folder)
    assert not os.path.exists(folder)
    assert tempfile.tempdir == before


def test_tmpdir_decides(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    with scratch.ram_tempdir() as folder:
        assert folder is None
    assert scratch.work_root_base(2, 1024) == tempfile.gettempdir()


def test_jobs_go_to_ram_only_with_room_for_every_disk_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TMPDIR", raising=False)
    if scratch.ram_dir() is None:
        pytest.skip("no tmpfs with room on this machine")
    stats = os.statvfs("/dev/shm")
    free_mb = stats.f_bavail * stats.f_frsize // (1024 * 1024)
    assert scratch.work_root_base(1, 1) == "/dev/shm"
    assert scratch.work_root_base(2, free_mb) == scratch.disk_tempdir()


def test_each_side_can_be_forced(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """AGENTLOOP_GRADE_SCRATCH=disk|ram picks a side whatever the machine would choose (the
    tests grade one class on each), and the report says which and why."""
    monkeypatch.delenv("TMPDIR", raising=False)
    monkeypatch.setenv(scratch.SCRATCH_ENV, "disk")
    disk = scratch.placement(2, 1)
    assert (disk.path, disk.tmpfs) == (tempfile.gettempdir(), False)
    assert "AGENTLOOP_GRADE_SCRATCH=disk" in disk.describe()
    with scratch.ram_tempdir() as folder:
        assert folder is None
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setenv(scratch.SCRATCH_ENV, "ram")
    if scratch.ram_dir() is None:
        with pytest.raises(scratch.ScratchError, match="no writable tmpfs"):
            scratch.placement(2, 1)
        return
    ram = scratch.placement(2, 1 << 30)  # forced: even without room for every disk limit
    assert (ram.path, ram.tmpfs) == ("/dev/shm", True)
    assert "a tmpfs" in ram.describe()
    monkeypatch.setenv(scratch.SCRATCH_ENV, "auto")
    assert scratch.placement(2, 1) == scratch.Placement(tempfile.gettempdir(), False,
                                                       "TMPDIR is set")


def test_an_unknown_side_is_one_clear_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(scratch.SCRATCH_ENV, "fast")
    with pytest.raises(scratch.ScratchError, match="'fast' is not one of auto, ram, disk"):
        scratch.placement(1, 1)


def test_the_disk_limit_counts_the_jobs_own_files(tmp_path: Path) -> None:
    workdir = tmp_path / "job"
    workdir.mkdir()
    watch = DiskWatch(workdir, Limits(disk_mb=1))
    (workdir / "small.txt").write_bytes(b"x" * 1000)
    watch.free_at_start += 10 << 20  # as if 10 MB had gone since the job started
    assert not watch.over()  # ...but not into this job's work dir
    (workdir / "sub").mkdir()
    (workdir / "sub" / "big.bin").write_bytes(os.urandom(2 << 20))
    assert watch.over()
    os.unlink(workdir / "sub" / "big.bin")
    assert not watch.over()
    os.link(workdir / "small.txt", workdir / "sub" / "same.txt")  # counted once
    assert not watch.over()


HIDDEN = r"""
import os, sys, tempfile
from pathlib import Path
from agentloop_grader.protocol import Limits
from agentloop_grader.run.workers import DiskWatch

workdir = Path(tempfile.mkdtemp()) / "job"
(workdir / "hidden").mkdir(parents=True)
watch = DiskWatch(workdir, Limits(disk_mb=1))
watch.free_at_start += 10 << 20  # as if 10 MB had gone since the job started
clear = watch.over()
os.chmod(workdir / "hidden", 0)
hidden = watch.over()
os.chmod(workdir / "hidden", 0o700)
print(clear, hidden)
"""


def test_a_folder_hidden_from_the_count_counts_against_the_job(teacher_tmp: str) -> None:  # noqa: F811
    """As an ordinary account (root reads a folder whatever its mode)."""
    done = run_as_teacher([sys.executable, "-c", HIDDEN], cwd=teacher_tmp,
                          env={"TMPDIR": teacher_tmp})
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["False", "True"]


def test_a_disk_limit_below_one_megabyte_is_refused() -> None:
    with pytest.raises(ValueError, match="disk limit must be at least 1 MB"):
        Limits(disk_mb=0)


HOLD_FOLDER = '''
import sys, time
from agentloop_grader.run import scratch
with scratch.run_folder(sys.argv[1], sys.argv[2]) as folder:
    print(folder, flush=True)
    time.sleep(600)
'''


def _hold(prefix: str, base: Path) -> tuple[object, Path]:
    import subprocess

    proc = subprocess.Popen([sys.executable, "-c", HOLD_FOLDER, prefix, str(base)],
                            stdout=subprocess.PIPE, text=True)
    return proc, Path(proc.stdout.readline().strip())


def test_a_killed_runs_folders_are_swept_and_a_live_runs_are_not(tmp_path: Path) -> None:
    live, live_folder = _hold("agentloop-grade-", tmp_path)
    killed, killed_folder = _hold("agentloop-grader-", tmp_path)
    try:
        (killed_folder / "worker0" / "j00001n0.1").mkdir(parents=True)
        (killed_folder / "worker0" / "j00001n0.1" / "board.md").write_text("x")
        killed.kill()
        killed.wait()
        other = tmp_path / "agentloop-grade-made-by-an-older-version"  # no lock: left alone
        other.mkdir()
        unrelated = tmp_path / "my-notes"
        unrelated.mkdir()
        assert scratch.sweep(str(tmp_path)) == [str(killed_folder)]
        assert not killed_folder.exists()
        assert live_folder.is_dir() and other.is_dir() and unrelated.is_dir()
        with scratch.run_folder("agentloop-grade-", str(tmp_path)) as mine:
            assert Path(mine, scratch.LOCK_FILE).is_file()
            assert scratch.sweep(str(tmp_path)) == []  # nor is this run's own
        assert not Path(mine).exists()
    finally:
        live.kill()
        live.wait()
    assert scratch.sweep(str(tmp_path)) == [str(live_folder)]


def test_the_next_run_sweeps_what_a_killed_grader_left(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    killed, left = _hold("agentloop-grader-", tmp_path)
    killed.kill()
    killed.wait()
    monkeypatch.setattr(scratch, "_ram_base", lambda need=0: str(tmp_path))
    with scratch.ram_tempdir() as folder:
        assert folder is not None and Path(folder).parent == tmp_path
        assert not left.exists()
