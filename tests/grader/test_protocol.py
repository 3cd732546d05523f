"""What crosses between the grader and the sandbox (protocol.py): messages round-trip and
nothing else is accepted; a job carries its Limits, the only definition of what a notebook
may use, across unchanged."""

from __future__ import annotations

import json

import pytest
from agentloop_grader.protocol import (
    CellFinished,
    CellJob,
    CellKind,
    CellResult,
    CellStarted,
    Done,
    Job,
    Limits,
    Probe,
    ProbeBook,
    ProtocolError,
    Ready,
    SubmittedFile,
    decode,
    decode_control,
    encode,
    encode_control,
)


def test_messages_round_trip_and_nothing_else_is_accepted():
    result = CellResult(outputs=[{"output_type": "stream", "name": "stdout", "text": "1\n"}],
                        error=None, wrote_stderr=False, result_text="2", lie=None, seconds=0.1)
    for message in (Ready(), CellStarted("a"), CellFinished("a", result),
                    CellFinished("c", probes={"k": [{"value": 1}]}), Done()):
        assert decode(encode(message).strip()) == message
    for line in (b"not json", b"[1]", b'{"kind": "nope"}', b'{"kind": "ready", "x": 1}',
                 b'{"kind": "started", "cell_id": 5}',
                 b'{"kind": "finished", "cell_id": "a", "result": {"outputs": []}}',
                 b'{"kind": "finished", "cell_id": "a", "probes": {"k": 3}}',
                 b'{"kind": "done", "extra": true}'):
        with pytest.raises(ProtocolError):
            decode(line)


def test_a_job_and_its_limits_cross_as_plain_data():
    limits = Limits(time_s=2.5, memory_mb=512, disk_mb=10)
    job = Job("j1", "ada", "part1", (CellJob("q1", CellKind.CHECK, "check('x')",
                                             (Probe("x", "f", "call", [[1, 2]]),)),),
              limits, (SubmittedFile("helpers.py", "eA=="),), ("data.csv",))
    plain = json.loads(json.dumps(job.to_plain()))
    assert plain["limits"] == {"time_s": 2.5, "memory_mb": 512, "file_mb": 64,
                               "open_files": 256, "disk_mb": 10}
    assert Job.from_plain(plain) == job


def test_a_workers_book_of_probes_replaces_them_in_its_jobs():
    probe = Probe("x", "f", "call", [[1, 2], {"a": [3]}])
    book = {"part1/q1": (probe,)}
    job = Job("j1", "ada", "part1", (CellJob("q1", CellKind.CHECK, "check('x')", (probe,),
                                             "part1/q1"),
                                     CellJob("p", CellKind.PLAIN, "x = 1")))
    assert job.to_plain()["cells"][0]["probes"]  # inline unless the worker holds the book
    plain = json.loads(json.dumps(job.to_plain(shared=frozenset(book))))
    assert plain["cells"][0]["probes"] == [] and plain["cells"][0]["probes_key"] == "part1/q1"
    assert job.to_plain()["cells"][0]["probes"], "to_plain(shared) changed the job"
    sent = decode_control(encode_control(ProbeBook.of(book))[4:])
    assert isinstance(sent, ProbeBook)
    assert Job.from_plain(plain).with_probes(sent.book()) == job
    with pytest.raises(ProtocolError, match=r"part1/q1.* never sent to this worker"):
        Job.from_plain(plain).with_probes({})


@pytest.mark.parametrize("given,message", [
    ({"time_s": 0}, "time limit must be > 0 seconds, got 0"),
    ({"memory_mb": 10}, "memory limit must be at least 64 MB, got 10"),
    ({"disk_mb": 0}, "disk limit must be at least 1 MB, got 0"),
])
def test_limits_refuse_what_no_notebook_could_run_in(given, message):
    with pytest.raises(ValueError, match=message):
        Limits(**given)


def test_what_the_sandbox_sends_of_a_cell_is_protocols_cell_result():
    """sandbox/cells.py keeps its own CellResult (it lives in the hardened modules); it must
    stay field for field protocol's, and what it sends must decode strictly."""
    import dataclasses

    from agentloop_grader.sandbox import cells

    assert [f.name for f in dataclasses.fields(cells.CellResult)] == \
        [f.name for f in dataclasses.fields(CellResult)]
    sent = cells.CellResult([{"output_type": "stream", "name": "stdout", "text": "1\n"}],
                            None, False, None, None, 0.25)
    line = encode(CellFinished("q1", sent)).strip()
    assert decode(line) == CellFinished("q1", CellResult(**dataclasses.asdict(sent)))
