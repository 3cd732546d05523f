"""Hardened asserts (agentloop_grader.sandbox.asserts): an `==` that lies fails the assert it
would have passed in a plain kernel, honest equality (numpy, pandas, pytest.approx, a student's
own __eq__) still passes, the rewrite keeps Python's semantics, and a shadowed builtin in the
namespace is noticed."""

from __future__ import annotations

import pytest
from cell_runs import POINTS, STUDENT, TEST, WRONG, grade, in_fork

LIARS = {
    "always equal": "class Answer:\n    def __eq__(self, other):\n        return True\n",
    "str subclass": "class Answer(str):\n    __hash__ = str.__hash__\n"
                    "    def __eq__(self, other):\n        return isinstance(other, str)\n",
    "knows the probe": "class Answer:\n    def __eq__(self, other):\n"
                       "        return type(other) is not object\n",
    "ne too": "class Answer:\n    __eq__ = lambda self, other: True\n"
              "    __ne__ = lambda self, other: False\n",
}


HONEST = [
    "a = np.array([1, 2, 3])\nassert (a == np.array([1, 2, 3])).all()",
    "assert np.array_equal(np.arange(3), [0, 1, 2])",
    "assert np.float64(0.5) == 0.5 and np.int64(2) == 2",
    "assert np.arange(3).tolist() == [0, 1, 2]",
    "assert np.array([1]) == np.array([1])",
    "assert 0.1 + 0.2 != 0.3 and 0.5 == 0.5 and 1 == 1.0 == True",
    "assert [[1, 2], {'a': (3,)}] == [[1, 2], {'a': (3,)}]",
    "from fractions import Fraction\nfrom decimal import Decimal\n"
    "assert Fraction(1, 2) == 0.5 and Decimal('0.5') == 0.5",
    "from dataclasses import dataclass\n@dataclass\nclass P:\n    x: int\nassert P(1) == P(1)",
    "assert 1 < 2 == 2 < 3",
    "from unittest import mock\nassert [1, 2] == [mock.ANY, 2]",
    "class Point:\n    def __init__(self, x): self.x = x\n"
    "    def __eq__(self, other): return isinstance(other, Point) and self.x == other.x\n"
    "assert Point(1) == Point(1)",
    "assert not (1 == 2)",
]


def test_shadowed_builtins_in_the_namespace(zygote):
    cheat, star, data = in_fork(zygote, [
        (STUDENT, WRONG + "all = bool\nlen = lambda x: 3"),
        (TEST, "assert all(answer() == 42 for _ in 'x') or len([]) == 3"),
        (STUDENT, "from numpy import *"),  # numpy's all, any, round... as in stock
        (TEST, "import numpy as np\nassert all(np.ones((2, 2)) > 0)"),
        (STUDENT, "list = [1, 2]"),  # plain data: the test fails, as in stock
        (TEST, "assert list('ab') == ['a', 'b']"),
    ])[1::2]
    assert grade(cheat.outputs) == 0
    assert grade(star.outputs) == POINTS, star.outputs
    assert data.error == "TypeError: 'list' object is not callable"


@pytest.mark.parametrize("liar", sorted(LIARS))
@pytest.mark.parametrize("test", ["assert answer() == EXPECTED",
                                  "assert EXPECTED == answer()",
                                  "assert answer() == EXPECTED and True",
                                  "assert 0 < 1 == 1 and answer() == EXPECTED",
                                  "def check():\n    assert answer() == EXPECTED\ncheck()"])
def test_lying_equality_fails_the_assert(zygote, liar, test):
    expected, made = ("'forty-two'", "Answer('x')") if liar == "str subclass" else ("42",
                                                                                  "Answer()")
    student = LIARS[liar] + f"def answer():\n    return {made}\n"
    _, result = in_fork(zygote, [(STUDENT, student),
                                 (TEST, test.replace("EXPECTED", expected))])
    assert grade(result.outputs) == 0, result.outputs
    assert result.lie and "dishonest ==" in result.lie
    assert result.error.startswith("AssertionError: dishonest ==")


@pytest.mark.parametrize("liar", sorted(LIARS))
def test_the_same_liars_fool_an_unhardened_assert(zygote, liar):
    expected, made = ("'forty-two'", "Answer('x')") if liar == "str subclass" else ("42",
                                                                                  "Answer()")
    cells = [(STUDENT, LIARS[liar] + f"def answer():\n    return {made}\n"),
             (STUDENT, f"assert answer() == {expected}")]
    _, result = in_fork(zygote, cells)
    assert grade(result.outputs) == POINTS


def test_a_lie_caught_by_the_test_itself_still_fails(zygote):
    cells = [(STUDENT, LIARS["always equal"] + "def answer():\n    return Answer()\n"),
             (TEST, "try:\n    assert answer() == 42\nexcept AssertionError:\n    pass\n0.5")]
    _, result = in_fork(zygote, cells)
    assert grade(result.outputs) == 0 and result.lie


@pytest.mark.parametrize("source", HONEST)
def test_honest_equality_still_passes(zygote, source):
    _, result = in_fork(zygote, [(STUDENT, "import numpy as np"), (TEST, source)])
    assert grade(result.outputs) == POINTS, (source, result.outputs)
    assert result.lie is None


def test_honest_student_classes_with_their_own_eq_pass(zygote):
    student = ("from dataclasses import dataclass\n@dataclass\nclass Move:\n    x: int\n"
               "class Vec:\n    def __init__(self, *v): self.v = v\n"
               "    def __eq__(self, other):\n"
               "        return isinstance(other, Vec) and self.v == other.v\n"
               "def answer():\n    return Move(3), Vec(1, 2)\n")
    _, result = in_fork(zygote, [(STUDENT, student),
                                 (TEST, "m, v = answer()\nassert m == Move(3) and v == Vec(1, 2)")])
    assert grade(result.outputs) == POINTS and result.lie is None


def test_pytest_approx(zygote):
    (result,) = in_fork(zygote, [(TEST, "import pytest\nassert 0.1 + 0.2 == pytest.approx(0.3)\n"
                                        "assert pytest.approx([1.0, 2.0]) == [1.0, 2.0 + 1e-9]")])
    assert grade(result.outputs) == POINTS and result.lie is None, result.outputs


def test_pandas_equality(zygote):
    pytest.importorskip("pandas")
    (result,) = in_fork(zygote, [(TEST, "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2]})\n"
                                        "assert df.equals(df.copy())\n"
                                        "assert (df == df.copy()).all().all()")])
    assert grade(result.outputs) == POINTS and result.lie is None, result.outputs


def test_the_rewrite_keeps_python_semantics(zygote):
    setup = "calls = []\ndef f(x):\n    calls.append(x)\n    return x\n"
    first, short, check, ambiguous = in_fork(zygote, [
        (TEST, setup + "assert f(1) == f(1) == f(1)"),
        (TEST, "assert f(2) == f(3) == f(4)"),
        (TEST, "assert calls == [1, 1, 1, 2, 3], calls"),
        (TEST, "import numpy as np\nassert np.array([1, 2]) == np.array([1, 2])")])
    assert grade(first.outputs) == POINTS and grade(short.outputs) == 0
    assert grade(check.outputs) == POINTS, check.outputs
    assert ambiguous.error.startswith("ValueError: The truth value of an array")
