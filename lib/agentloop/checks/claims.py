"""What a written message claims: the shared reading behind chapter 1's and chapter 5's
text checks ("found", "every card checked", success words, a card id), with negation.

Text is first made `plain` (lower case, straight apostrophes, ids and quoted error text
blanked out), so a card id or an error message quoted by the learner cannot trip a rule.
"""

from __future__ import annotations

import re

SUCCESS_WORDS = re.compile(
    r"\b(done|success\w*|succeed\w*|complet\w*|finish\w*|ready|solved|all set|all good|"
    r"all clear)\b")
NOT_ALL = re.compile(
    r"\bnot (all|every|everything)\b|\bbefore (checking|reading|looking at|every|all|"
    r"i could|it could)\b|\b(was|were|are|is|have|has) (not|never) (been )?(checked|read)\b"
    r"|\bunchecked\b|\bunread\b|\bonly (some|part)\b"
    r"|\b(did ?n[o']t|could ?n[o']t|cannot|can ?n[o']t) (check|read|get through|look at) "
    r"(all|every|the rest)\b")
ALL_CHECKED = re.compile(r"\b(all|every|everything|each)\b((?:\s+\w+){0,3}?)\s+(checked|read)\b")
CARD_LIKE = re.compile(r"\b[a-z]+-\d+\b")
NEGATION = re.compile(r"\b(no|not|nothing|none|never|without|cannot|before|until)\b|n't\b")


def plain_text(text: str, remove: list[str], noise: re.Pattern[str] | None = None) -> str:
    """Lower case, straight apostrophes, the given pieces (ids, error text) and whatever
    `noise` matches blanked out."""
    out = text.lower().replace("’", "'")
    for piece in sorted(remove, key=len, reverse=True):
        if piece:
            out = out.replace(piece.lower(), " ")
    return noise.sub(" ", out) if noise else out


def says_found(text: str) -> bool:
    """A "found" that is not negated ("no card was found", "found nothing" are not)."""
    for match in re.finditer(r"\bfound\b", text):
        # the words just before it, within the same clause
        before = re.split(r"[,;:.!?()—]", text[max(0, match.start() - 25):match.start()])[-1]
        after = text[match.end():match.end() + 10]
        if not NEGATION.search(before) and not re.match(r"\s+(no|nothing|none)\b", after):
            return True
    return False


def claims_all_checked(text: str) -> bool:
    """"all cards were checked", "every card read" — unless negated."""
    for match in ALL_CHECKED.finditer(text):
        before = re.split(r"[,;:.!?()—]", text[max(0, match.start() - 12):match.start()])[-1]
        if not NEGATION.search(before) and not NEGATION.search(match[2]):
            return True
    return False
