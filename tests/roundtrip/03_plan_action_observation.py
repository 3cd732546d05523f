"""Chapter 3's subtly wrong submission for the grader's round trip test.

This `repeated_action` compares only the tool's name, not its input: asking for the
status of 1187 and then of 1042 counts as "the same action". It fails
ch3-repeated-guard (histories with the same tool on another order) but passes
ch3-repeated-courier, because the support agent never calls one tool twice in a row
with different inputs. The other answer cells keep the instructor solution.
"""

WRONG = {
    "ch3-repeated-answer": '''\
def repeated_action(steps):
    if len(steps) >= 2 and steps[-1]["tool"] == steps[-2]["tool"]:
        return "same action twice → to an employee"
    return None
''',
}

PARTIAL = {
    "ch3-repeated-guard": False,
    "ch3-repeated-courier": True,
    "ch3-token-guard": True,
    "ch3-token-courier": True,
    "ch3-fix-loop-answers": True,
    "ch3-fix-loop-exits": True,
    "ch3-quiz": True,
    "ch3-exit-report": True,
}
