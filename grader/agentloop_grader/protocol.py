"""What crosses between the grader and the sandbox: one `Job` in, typed messages out.

A job is one notebook of one student. The sandbox runs its cells in order and answers on
its channel with one JSON line per message, always in this order:

    Ready
    CellStarted(cell_id) → CellFinished(cell_id, ...)      for every cell of the job
    Done

(a job started without a command host that runs a shell command after all ends early with
`WantsCommands`, and runs again with one), or, before any student code, `Unfit(reason)`
alone: the sandbox cannot give the notebook what it needs (the assignment's files), and
the run must stop rather than grade wrongly.

The grader accepts nothing else: `decode` refuses unknown kinds, fields and types, and the
supervisor refuses messages out of order. Every value here is plain data, so a job and its
run also cross Dask's process boundary unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, fields, is_dataclass, replace
from enum import StrEnum
from typing import Any, ClassVar

Plain = None | bool | int | float | str | list | dict


def wire_data(value: Any) -> Any:
    """`value` with its dataclasses turned into dicts, sharing the plain data they hold: what
    a message is on the wire before it is encoded. (Not `agentloop.checks.to_plain`, which
    checks that a learner's value is exact plain data.)

    Unlike `dataclasses.asdict`, lists and dicts of plain data are not copied: a job's
    probe inputs (hundreds of cases) would be deep-copied once per job, and then once more
    to encode it, which costs far more than the JSON encoding itself. Treat the result as
    read-only: it is made to be encoded or pickled.
    """
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: wire_data(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, list | tuple) and any(is_dataclass(item) for item in value):
        return type(value)(wire_data(item) for item in value)
    if isinstance(value, dict) and any(is_dataclass(item) for item in value.values()):
        return {key: wire_data(item) for key, item in value.items()}
    return value


class CellKind(StrEnum):
    """How a code cell is run, from the SOURCE notebook's nbgrader metadata."""

    PLAIN = "plain"  # no nbgrader metadata: the student's text
    LOCKED = "locked"  # read-only cell: the source's text
    ANSWER = "answer"  # autograded answer (solution): the student's text
    MANUAL = "manual"  # manually graded code answer (solution + grade): the student's text
    TEST = "test"  # ordinary test cell: the source's text, run hardened
    CHECK = "check"  # test cell made only of check() calls: probes, judged by the grader

    @property
    def students_text(self) -> bool:
        return self in (CellKind.PLAIN, CellKind.ANSWER, CellKind.MANUAL)


@dataclass(frozen=True)
class Probe:
    """Run the learner's `answer` on each input of one check (a check cell may hold several).

    `probe` names one of agentloop.checks.PROBES; "" means the check's own probe function,
    found in the course library (`agentloop.checks.chN`) inside the sandbox.
    """

    check_id: str
    answer: str
    probe: str
    inputs: list[Plain]


@dataclass(frozen=True)
class CellJob:
    cell_id: str
    kind: CellKind
    source: str
    probes: tuple[Probe, ...] = ()
    probes_key: str = ""  # where these probes are in the run's ProbeBook: a warm worker
    # that holds the book gets the key alone (Job.to_plain(shared=...))


@dataclass(frozen=True)
class SubmittedFile:
    """A file the student submitted beside the notebook (their helper module, say)."""

    path: str  # relative, already checked: no '..', not absolute
    data_b64: str


@dataclass(frozen=True)
class Limits:
    """What one notebook may use: the only definition, with its defaults. The CLI (or the
    course's ExecutePreprocessor.timeout, see config.course_limits) makes one; every Job
    carries it into the sandbox, where each of its numbers is enforced in one place:

        time_s      per cell, wall clock: the supervisor's `Sequence.deadline` kills the
                    job when a cell outlives it (and, as a backstop, a job that outlives
                    `job_seconds`); the job's CPU rlimit (`cpu_seconds`) only stops one
                    that burns more CPU than that on many threads
        memory_mb   the job's address space, on top of what its warm worker maps (RLIMIT_AS)
        disk_mb     what the job may write in its work dir, all files together (the
                    worker's DiskWatch)
        file_mb     the largest file it may write (RLIMIT_FSIZE)
        open_files  RLIMIT_NOFILE
    """

    time_s: float = 30.0  # stock nbgrader's ExecutePreprocessor timeout
    memory_mb: int = 2048
    file_mb: int = 64
    open_files: int = 256
    disk_mb: int = 1024

    STARTUP_S: ClassVar[float] = 20.0  # fork, set-up and confinement, before the first cell

    def job_seconds(self, cells: int) -> float:
        """Wall clock for a whole job of `cells` cells: the start-up, one time limit per
        cell and one more (the per-cell deadline always comes first in a healthy job)."""
        return self.STARTUP_S + self.time_s * (cells + 1)

    def cpu_seconds(self, cells: int) -> int:
        """CPU time of a whole job of `cells` cells (RLIMIT_CPU)."""
        return int(self.time_s * (cells + 1)) + 5

    def __post_init__(self) -> None:
        if not self.time_s > 0:
            raise ValueError(f"time limit must be > 0 seconds, got {self.time_s!r}")
        if self.memory_mb < 64:
            raise ValueError(f"memory limit must be at least 64 MB, got {self.memory_mb!r}")
        if self.disk_mb < 1:
            raise ValueError(f"disk limit must be at least 1 MB, got {self.disk_mb!r}")


@dataclass(frozen=True)
class Job:
    job_id: str
    student: str
    notebook: str
    cells: tuple[CellJob, ...]
    limits: Limits = field(default_factory=Limits)
    files: tuple[SubmittedFile, ...] = ()
    keep_own: tuple[str, ...] = ()  # the student's files the assignment's do not replace
    # (nbgrader's Autograde.exclude_overwriting)
    commands: bool = True  # start the job with a command host (its shell commands); false
    # when no cell looks like it runs one (run/jobs.py): a job that runs one all the same
    # says so (WantsCommands) and runs again with a host

    def to_plain(self, shared: Collection[str] = ()) -> dict[str, Any]:
        """Plain data; the probes of a cell whose `probes_key` is in `shared` (the keys of
        the ProbeBook its worker holds) are left out: the worker puts them back."""
        plain = wire_data(self)
        if shared:
            for cell in plain["cells"]:
                if cell["probes_key"] in shared:
                    cell["probes"] = []
        return plain

    @classmethod
    def from_plain(cls, data: dict[str, Any]) -> Job:
        cells = tuple(CellJob(c["cell_id"], CellKind(c["kind"]), c["source"],
                              tuple(Probe(**p) for p in c["probes"]), c["probes_key"])
                      for c in data["cells"])
        return cls(data["job_id"], data["student"], data["notebook"], cells,
                   Limits(**data["limits"]), tuple(SubmittedFile(**f) for f in data["files"]),
                   tuple(data["keep_own"]), bool(data["commands"]))

    def with_probes(self, book: Mapping[str, tuple[Probe, ...]]) -> Job:
        """This job with the probes its cells name by key put back from `book` (what the
        worker was sent once); ProtocolError when a key is not in the book."""
        cells = []
        for cell in self.cells:
            if cell.probes_key and not cell.probes:
                if cell.probes_key not in book:
                    raise ProtocolError(f"cell {cell.cell_id}: its probes "
                                        f"{cell.probes_key!r} were never sent to this worker")
                cell = replace(cell, probes=book[cell.probes_key])
            cells.append(cell)
        return replace(self, cells=tuple(cells))


@dataclass(frozen=True)
class CellResult:
    """What one cell did, as nbformat v4 outputs plus what grading needs from them."""

    outputs: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None  # one line, e.g. "ZeroDivisionError: division by zero"
    wrote_stderr: bool = False
    result_text: str | None = None  # the execute_result's text/plain, if any
    lie: str | None = None  # an object that lied about == in an assert
    seconds: float = 0.0

    def to_plain(self) -> dict[str, Any]:
        return wire_data(self)

    @classmethod
    def from_plain(cls, data: dict[str, Any]) -> CellResult:
        return cls(**_fields(data, _CELL_RESULT_TYPES))


_CELL_RESULT_TYPES: dict[str, tuple[type, ...]] = {
    "outputs": (list,), "error": (str, type(None)), "wrote_stderr": (bool,),
    "result_text": (str, type(None)), "lie": (str, type(None)), "seconds": (int, float)}


# --- messages -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Ready:
    pass


@dataclass(frozen=True)
class CellStarted:
    cell_id: str


@dataclass(frozen=True)
class CellFinished:
    """A cell's end. Code cells carry `result`; check cells carry `probes` (check id → one
    {"value": …} or {"raised": …} per input), or `missing` (the answer name is undefined)."""

    cell_id: str
    result: CellResult | None = None
    probes: dict[str, list[dict[str, Plain]]] | None = None
    missing: dict[str, str] | None = None  # check id → the undefined answer name


@dataclass(frozen=True)
class Done:
    pass


@dataclass(frozen=True)
class WantsCommands:
    """Sent by a job that was started without a command host (Job.commands false) when
    its notebook runs a shell command after all: the job ends, and the grader runs it again
    from the start with one."""


@dataclass(frozen=True)
class Unfit:
    """Sent instead of Ready: the sandbox cannot run this notebook as stock would (e.g. an
    assignment file is not readable in its folder). Nothing of the student's has run."""

    reason: str


Message = Ready | CellStarted | CellFinished | Done | Unfit | WantsCommands
_KINDS: dict[str, type] = {"ready": Ready, "started": CellStarted, "finished": CellFinished,
                           "done": Done, "unfit": Unfit, "commands": WantsCommands}
_NAMES = {kind: name for name, kind in _KINDS.items()}


def encode(message: Message) -> bytes:
    """One JSON line."""
    body: dict[str, Any] = {"kind": _NAMES[type(message)]}
    body.update({k: v for k, v in wire_data(message).items() if v is not None})
    return (json.dumps(body, separators=(",", ":"), ensure_ascii=False) + "\n").encode()


class ProtocolError(ValueError):
    """A line on the channel that is not a well-formed message."""


def decode(line: bytes) -> Message:
    """Parse one line strictly: right kind, only known fields, each of the right type."""
    try:
        data = json.loads(line)
    except ValueError:
        raise ProtocolError("not JSON") from None
    if not isinstance(data, dict) or data.get("kind") not in _KINDS:
        raise ProtocolError("no known message kind")
    kind = _KINDS[data.pop("kind")]
    if kind in (Ready, Done, WantsCommands):
        if data:
            raise ProtocolError("unexpected fields")
        return kind()
    if kind is CellStarted:
        return CellStarted(**_fields(data, {"cell_id": (str,)}))
    if kind is Unfit:
        return Unfit(**_fields(data, {"reason": (str,)}))
    fields = _fields(data, {"cell_id": (str,), "result": (dict,), "probes": (dict,),
                            "missing": (dict,)}, required=("cell_id",))
    result = fields.get("result")
    probes = fields.get("probes")
    missing = fields.get("missing")
    if probes is not None and not all(isinstance(k, str) and isinstance(v, list)
                                      for k, v in probes.items()):
        raise ProtocolError("probes must map check ids to lists")
    if missing is not None and not all(isinstance(v, str) for v in missing.values()):
        raise ProtocolError("missing must map check ids to names")
    return CellFinished(fields["cell_id"],
                        CellResult.from_plain(result) if result is not None else None,
                        probes, missing)


def _fields(data: dict[str, Any], types: dict[str, tuple[type, ...]],
            required: tuple[str, ...] | None = None) -> dict[str, Any]:
    unknown = set(data) - set(types)
    if unknown:
        raise ProtocolError(f"unexpected fields {sorted(unknown)}")
    for name in required if required is not None else types:
        if name not in data:
            raise ProtocolError(f"missing field {name}")
    for name, value in data.items():
        if type(value) not in types[name]:  # exact types: no subclasses from the sandbox
            raise ProtocolError(f"field {name} has type {type(value).__name__}")
    return data


# --- what the supervisor hands back for one job ---------------------------------------------

@dataclass
class CellRun:
    """One cell's end, merged over the job's attempts."""

    result: CellResult | None = None
    probes: dict[str, list[dict[str, Plain]]] | None = None
    missing: dict[str, str] | None = None
    excluded: str | None = None  # the cell was cut: why (time limit, the process died)


@dataclass
class Run:
    """Everything one job's sandbox said, after reruns; plain data (crosses Dask)."""

    job_id: str
    student: str
    notebook: str
    cells: dict[str, CellRun] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    stdout: str = ""
    stderr: str = ""
    attempts: int = 0
    seconds: float = 0.0
    written: list[SubmittedFile] = field(default_factory=list)  # files the notebook left
    # in its folder (what stock's autograded/ keeps), from the last attempt
    starved: list[str] = field(default_factory=list)  # cells killed at the time limit while
    # the job got too little of a core (the machine was busy: see run/timing.py)

    def to_plain(self) -> dict[str, Any]:
        return wire_data(self)

    @classmethod
    def from_plain(cls, data: dict[str, Any]) -> Run:
        cells = {cid: CellRun(CellResult.from_plain(c["result"]) if c["result"] else None,
                              c["probes"], c["missing"], c["excluded"])
                 for cid, c in data["cells"].items()}
        return cls(data["job_id"], data["student"], data["notebook"], cells,
                   list(data["problems"]), data["stdout"], data["stderr"], data["attempts"],
                   data["seconds"], [SubmittedFile(**f) for f in data["written"]],
                   list(data["starved"]))


# --- the grader and its warm workers (control socket, length-prefixed JSON) ----------------

@dataclass(frozen=True)
class Setup:
    """What a worker prepares once, before any job: imports, checks, its view and mode."""

    preload: tuple[str, ...]  # modules to import once (numpy, pandas, …)
    check_modules: tuple[str, ...]  # the course library's check modules in use
    files_dir: str  # the assignment's files (read-only), linked into each job's work dir
    isolation: dict[str, Any]  # isolation.Choice.to_plain()
    view: dict[str, Any]  # isolation.View.to_plain()
    files: tuple[str, ...] = ()  # every file under files_dir, relative: each job gets each
    # one in its folder, or the sandbox is Unfit
    environment: dict[str, str] = field(default_factory=dict)  # what a notebook's process
    # sees besides the sandbox's own variables (nbgrader's NBGRADER_EXECUTION, say)

    def to_plain(self) -> dict[str, Any]:
        return wire_data(self)

    @classmethod
    def from_plain(cls, data: dict[str, Any]) -> Setup:
        return cls(tuple(data["preload"]), tuple(data["check_modules"]), data["files_dir"],
                   dict(data["isolation"]), dict(data["view"]), tuple(data["files"]),
                   dict(data["environment"]))


@dataclass(frozen=True)
class WorkerReady:
    imported: tuple[str, ...]
    failed: tuple[str, ...]


@dataclass(frozen=True)
class ProbeBook:
    """Every check cell's probes of a run, sent once to each warm worker (before its first
    job, again if it restarts): the class's cases are the same for every student, so a
    job names its cells' probes by key (CellJob.probes_key) instead of carrying them."""

    probes: dict[str, list[dict[str, Any]]]  # key → its probes, as Probe plain data

    @classmethod
    def of(cls, book: Mapping[str, tuple[Probe, ...]]) -> ProbeBook:
        return cls({key: [wire_data(p) for p in probes] for key, probes in book.items()})

    def book(self) -> dict[str, tuple[Probe, ...]]:
        return {key: tuple(Probe(**p) for p in probes) for key, probes in self.probes.items()}


@dataclass(frozen=True)
class RunJob:
    job: dict[str, Any]  # Job.to_plain(); the three pipe ends travel beside it (SCM_RIGHTS)
    workdir: str


@dataclass(frozen=True)
class KillJob:
    job_id: str


@dataclass(frozen=True)
class JobEnded:
    job_id: str
    returncode: int  # negative: killed by that signal
    cpu_seconds: float = 0.0  # the job's CPU time (user + system, its reaped children too)


Control = Setup | WorkerReady | ProbeBook | RunJob | KillJob | JobEnded
_CONTROL: dict[str, type] = {"setup": Setup, "ready": WorkerReady, "probes": ProbeBook,
                             "run": RunJob, "kill": KillJob, "ended": JobEnded}


def encode_control(message: Control) -> bytes:
    body = json.dumps({"kind": next(k for k, v in _CONTROL.items() if v is type(message)),
                       "body": wire_data(message)}, separators=(",", ":")).encode()
    return len(body).to_bytes(4, "big") + body


def decode_control(data: bytes) -> Control:
    message = json.loads(data)
    kind = _CONTROL[message["kind"]]
    body = message["body"]
    if kind is Setup:
        return Setup.from_plain(body)
    if kind is WorkerReady:
        return WorkerReady(tuple(body["imported"]), tuple(body["failed"]))
    return kind(**body)
