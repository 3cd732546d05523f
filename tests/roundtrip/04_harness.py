"""Chapter 4's subtly wrong submission for the grader's round trip test.

This guard is "safe" the lazy way: it blocks every tool call. Every dangerous command is
blocked, so ch4-block-dangerous passes; every safe call is blocked too, so ch4-allow-safe
fails. The other exercises keep their solutions and pass.
"""

WRONG = {
    "ch4-guard-answer": '''\
def block_rm_rf(payload):
    """Refuse every tool call: nothing dangerous can run, and nothing useful either."""
    raise PermissionError(f"blocked {payload.get('tool')}: every tool call is refused")
''',
}

PARTIAL = {
    "ch4-block-dangerous": True,
    "ch4-allow-safe": False,
    "ch4-figures-totals": True,
    "ch4-figures-per-step": True,
    "ch4-finish-turns": True,
    "ch4-finish-any-limit": True,
    "ch4-table-rows": True,
    "ch4-table-catches": True,
}
