"""Stage 3, as stock's OverwriteKernelspec: the notebook runs with the source's kernelspec
(the student's own when the source has none)."""

from __future__ import annotations

from .cells import Notebook, Sanitised, Source


def overwrite_kernelspec(notebook: Notebook, source: Source) -> Sanitised:
    """The metadata with the source notebook's kernelspec."""
    metadata = notebook.metadata
    kernelspec = source.spec.raw.get("metadata", {}).get("kernelspec",
                                                         metadata.get("kernelspec", {}))
    return Sanitised(Notebook(dict(metadata, kernelspec=kernelspec), notebook.cells))
