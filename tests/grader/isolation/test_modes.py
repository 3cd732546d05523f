"""How the grader picks its isolation (agentloop_grader.isolation.modes): auto picks the
strongest mode this machine has, a forced mode that is not there says why in one line,
trusted needs its flag."""

from __future__ import annotations

import sys
import tempfile

import pytest
from agentloop_grader.isolation import (
    IsolationUnavailable,
    Layer,
    Mode,
    View,
    bwrap,
    choose,
    container,
    landlock_layer,
    worker_command,
)
from unprivileged import (
    is_root,
    run_as_teacher,
    teacher_tmp,  # noqa: F401 - a fixture
)

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")


def test_auto_picks_namespaces_here(teacher_tmp: str) -> None:  # noqa: F811
    choice = choose()
    assert choice.mode is Mode.NAMESPACES
    assert "\n" not in choice.describe() and "seccomp" in choice.describe()
    assert Layer.SECCOMP in choice.layers and Layer.RLIMITS in choice.layers
    assert choice.guarantees() and choice.caveats()
    if is_root():
        assert choice.sandbox_uid == 65534 and Layer.NOBODY in choice.layers
    code = "from agentloop_grader.isolation import choose; print(choose().mode)"
    done = run_as_teacher([sys.executable, "-I", "-c", code], cwd=teacher_tmp)
    assert done.stdout.strip() == "namespaces", done.stderr


def test_forcing_an_unavailable_mode_says_why_in_one_line() -> None:
    if container.find()[0] is not None:
        pytest.skip("a container engine works here")
    with pytest.raises(IsolationUnavailable) as caught:
        choose("container")
    message = str(caught.value)
    assert message.startswith("isolation container is not available: ")
    assert "\n" not in message


def test_nothing_available_names_what_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bwrap, "candidates", lambda: ["/usr/bin/bwrap"])
    monkeypatch.setattr(bwrap, "probe", lambda binary, euid: f"{bwrap.USERNS_HINT} (x)")
    assert choose().mode is Mode.LANDLOCK  # the next strongest
    monkeypatch.setattr(landlock_layer, "abi", lambda: 0)
    with pytest.raises(IsolationUnavailable) as caught:
        choose()
    message = str(caught.value)
    assert "\n" not in message
    for words in ("no sandbox available", "user namespaces", "Landlock", "bubblewrap",
                  "--isolation container", "--trusted-submissions"):
        assert words in message
    with pytest.raises(IsolationUnavailable, match="isolation namespaces is not available"):
        choose("namespaces")
    with pytest.raises(IsolationUnavailable, match="no Landlock"):
        choose("landlock")
    assert choose(trusted=True).mode is Mode.TRUSTED  # the flag is the way out
    monkeypatch.setattr(bwrap, "candidates", list)
    with pytest.raises(IsolationUnavailable, match="bubblewrap is not installed"):
        choose("namespaces")


def test_trusted_needs_the_explicit_flag() -> None:
    with pytest.raises(IsolationUnavailable, match="--trusted-submissions"):
        choose("trusted")
    choice = choose("trusted", trusted=True)
    assert choice.mode is Mode.TRUSTED and Layer.SECCOMP not in choice.layers
    assert "no isolation" in choice.caveats()[0]
    view = View.for_this_python(tempfile.gettempdir())
    assert worker_command(choice, view, ["python", "-c", "1"]) == ["python", "-c", "1"]
    assert choose(trusted=True).mode is Mode.NAMESPACES  # the flag never weakens auto
    with pytest.raises(ValueError, match="unknown isolation mode"):
        choose("chroot")
