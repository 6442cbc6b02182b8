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


def quicker_pyside_module_check() -> bool:
    """Once PySide6 is loaded, it looks at every module imported afterwards for its opt-in
    `from __feature__ import ...` (PySide6's snake_case and true_property): the module's source is
    read with `inspect.getsource` and searched for the word "PySide6" (shibokensupport/feature.py,
    `_mod_uses_pyside`). Through `inspect` and `linecache` that costs about 0.1 ms a module, some
    25 ms over the ~250 modules of an editor start (docs/benchmarks.md, "Editor start"). The same test
    is made here on the file's bytes, for a module loaded from a .py file; any other module goes to
    PySide6's own check. The answer is the same ("PySide6" in the source), so PySide6 selects the same
    features for every module. True when installed; False when this PySide6 has no such check (its
    internals changed), and nothing is changed then."""
    feature = sys.modules.get("shibokensupport.feature")
    check = getattr(feature, "_mod_uses_pyside", None)
    if getattr(check, "quicker", False):
        return True  # installed already
    if check is None or getattr(check, "__name__", "") != "_mod_uses_pyside":
        return False

    def mod_uses_pyside(module) -> bool:
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and path.endswith(".py"):
            try:
                with open(path, "rb") as f:
                    return b"PySide6" in f.read()
            except OSError:
                pass
        return check(module)

    mod_uses_pyside.quicker = True  # type: ignore[attr-defined]
    mod_uses_pyside.pyside_check = check  # type: ignore[attr-defined]
    feature._mod_uses_pyside = mod_uses_pyside  # type: ignore[union-attr]
    return True


def install_launchers() -> None:
    """Register the windows the editor opens from its Play menu (app/editor/launchers.py): the playtest
    and the balance lab sit above the editor in the app's layers, so the editor does not import them."""
    from .editor import launchers

    def playtest(editor, *args, **kwargs):
        from .playtest import open_playtest

        return open_playtest(editor, *args, **kwargs)

    def balance_lab(parent, scenario_path):
        from .balance_lab.dialog import open_balance_lab

        return open_balance_lab(parent, scenario_path)

    def pbem_game(parent, path):
        from .playtest import open_pbem_game

        return open_pbem_game(parent, path)

    launchers.register(launchers.PLAYTEST, playtest)
    launchers.register(launchers.BALANCE_LAB, balance_lab)
    launchers.register(launchers.PBEM_GAME, pbem_game)


def run_editor(path: str | None) -> int:
    """The editor on `path`. Python's cyclic garbage collector is paused from here until the window has
    painted (`application.main(..., resume_gc=True)`): the start creates some 300,000 objects that all
    stay alive (modules, classes, the map), and each collection run on the way scanned them again,
    about 50 ms of a start of half a second (docs/benchmarks.md, "Editor start"). Nothing is left
    uncollected: the collector runs as usual from the first paint on."""
    gc.disable()
    try:
        import PySide6.QtCore  # noqa: F401 - loaded first, so that the check below is in place for the rest

        quicker_pyside_module_check()
        load_numpy_with_one_blas_thread()
        from .editor.application import main

        install_launchers()
        return main(path, resume_gc=True)
    finally:
        gc.enable()
