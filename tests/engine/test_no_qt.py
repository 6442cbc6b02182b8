"""The engine never imports Qt (napari-style layering): checked by importing every engine module in
a fresh interpreter and by reading the sources."""

import pkgutil
import subprocess
import sys
from pathlib import Path

import hexwright.engine as engine_pkg

ENGINE_DIR = Path(engine_pkg.__file__).parent


def test_importing_every_engine_module_loads_no_qt():
    names = [m.name for m in pkgutil.walk_packages([str(ENGINE_DIR)], "hexwright.engine.")]
    assert len(names) > 10
    code = (
        "import importlib, sys\n"
        f"for n in {names!r}: importlib.import_module(n)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'PyQt5', 'PyQt6'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_no_engine_source_mentions_a_qt_binding():
    offenders = [
        str(p.relative_to(ENGINE_DIR))
        for p in ENGINE_DIR.rglob("*.py")
        if any(word in p.read_text(encoding="utf-8") for word in ("PySide6", "PyQt5", "PyQt6", "shiboken"))
    ]
    assert offenders == []
