"""Opening the editor window (the map editor is built in app/editor/)."""

from __future__ import annotations

import gc
import os
import sys


def load_numpy_with_one_blas_thread() -> None:
    """numpy's OpenBLAS starts a thread per core as it loads: about 50 ms of CPU in an editor start
    of about a second (docs/benchmarks.md, "Editor start"), for linear algebra the editor does not do
    (its largest product is pixels x 3 x 3 colours, in app/editor/sampling.py). Loaded here with one
    BLAS thread; the environment is left as it was for the processes the editor starts (playtest and
    balance lab workers)."""
    if "numpy" in sys.modules or "OPENBLAS_NUM_THREADS" in os.environ:
        return
    os.environ["OPENBLAS_NUM_THREADS"] = "1"
    try:
        import numpy  # noqa: F401 - loaded now, with the setting above
    finally:
        del os.environ["OPENBLAS_NUM_THREADS"]


def run_editor(path: str | None) -> int:
    """The editor on `path`. Python's cyclic garbage collector is paused from here until the window has
    painted (`application.main(..., resume_gc=True)`): the start creates some 300,000 objects that all
    stay alive (modules, classes, the map), and each collection run on the way scanned them again,
    about 50 ms of a start of half a second (docs/benchmarks.md, "Editor start"). Nothing is left
    uncollected: the collector runs as usual from the first paint on."""
    gc.disable()
    try:
        load_numpy_with_one_blas_thread()
        from .editor.application import main

        return main(path, resume_gc=True)
    finally:
        gc.enable()
