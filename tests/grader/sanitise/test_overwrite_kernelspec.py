"""overwrite_kernelspec, as stock's OverwriteKernelspec: the notebook runs with the source's
kernelspec, whatever the student's says."""

from __future__ import annotations

from dataclasses import replace

from agentloop_grader.sanitise import Notebook
from agentloop_grader.sanitise.overwrite_kernelspec import overwrite_kernelspec


def test_the_sources_kernelspec_wins(source):
    given = Notebook({"kernelspec": {"name": "mine"}, "language_info": {"name": "python"}}, [])
    done = overwrite_kernelspec(given, source)
    assert done.notebook.metadata == {"kernelspec": source.spec.raw["metadata"]["kernelspec"],
                                      "language_info": {"name": "python"}}
    assert given.metadata["kernelspec"] == {"name": "mine"} and done.problems == ()


def test_without_one_in_the_source_the_students_stays(source):
    bare = replace(source, spec=replace(source.spec, raw={"cells": []}))
    given = Notebook({"kernelspec": {"name": "mine"}}, [])
    assert overwrite_kernelspec(given, bare).notebook.metadata == {"kernelspec": {"name": "mine"}}
