"""One way to show an exception as text, shared by the harness's event log and the checks."""

from __future__ import annotations


def describe_error(exc: BaseException, limit: int | None = None) -> str:
    """`PermissionError: rm is not allowed here`; just the type when the message is empty.

    `limit`: longer messages are cut to that many characters and end with "…".
    """
    text = str(exc)
    if limit is not None and len(text) > limit:
        text = text[:limit] + "…"
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
