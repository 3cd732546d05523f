"""A cell's outputs (agentloop_grader.sandbox.capture): floods are capped as nbgrader's
LimitOutput caps them."""

from __future__ import annotations

import nbformat
from agentloop_grader.sandbox.capture import limit_streams
from cell_runs import PNG_1PX, STUDENT, TEST, grade, in_fork
from hypothesis import given, settings
from hypothesis import strategies as st


def test_floods_are_capped_like_limit_output(zygote):
    lines, big, images, deep, late_stderr = in_fork(zygote, [
        (STUDENT, "for i in range(5000):\n    print(i)"),
        (STUDENT, "print('x' * 10_000_000)"),
        (STUDENT, f"import base64\nfrom IPython.display import Image, display\n"
                  f"png = base64.b64decode('{PNG_1PX}' * 1)\n"
                  f"for _ in range(3000):\n    display(Image(data=png * 200))"),
        (STUDENT, "".join(f"def f{i}():\n    return f{i + 1}()\n" for i in range(150))
         + "def f150():\n    1 / 0\nf0()"),
        (TEST, "for i in range(2000):\n    print(i)\nimport sys\nprint('bad', file=sys.stderr)"),
    ])
    text = lines.outputs[0]["text"]
    assert text.split("\n")[-1] == "... Output truncated ..." and len(text.split("\n")) == 1000
    assert len(big.outputs[0]["text"]) < 70_000
    assert len(images.outputs) <= 501 and "dropped" in str(images.outputs[-1]["data"])
    assert len(deep.outputs[-1]["traceback"]) == 100
    assert grade(late_stderr.outputs) == 0  # stock LimitOutput would drop this stderr


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["stdout", "stderr", "display"]),
                          st.integers(0, 700)), max_size=6))
def test_stream_limits_match_limit_output(parts):
    """Same as nbgrader's LimitOutput, except that stderr past the cap leaves a trace."""
    from nbgrader.preprocessors import LimitOutput

    outputs = [{"output_type": "display_data", "data": {"text/plain": "x"}, "metadata": {}}
               if kind == "display" else
               {"output_type": "stream", "name": kind, "text": "line\n" * n}
               for kind, n in parts]
    cell = nbformat.v4.new_code_cell("pass")
    cell.outputs = [nbformat.from_dict(o) for o in outputs]
    stock = LimitOutput().preprocess_cell(cell, {}, 0)[0].outputs
    ours = limit_streams(outputs, 1000)
    stock_names = [o.get("name") for o in stock]
    if "stderr" in [o.get("name") for o in outputs] and "stderr" not in stock_names:
        assert "stderr" in [o.get("name") for o in ours]  # the deliberate difference
        ours = [o for o in ours if o.get("text") != "... Output truncated ..."
                or o.get("name") != "stderr" or o in stock]
    assert ours == [dict(o) for o in stock]
