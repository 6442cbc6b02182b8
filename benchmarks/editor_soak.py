"""The editor soak (issue 29): N documents opened and closed one after another in ONE editor process,
offscreen, the way a person works through a folder of files: File > Open in the current window (a file
of the other map kind opens a window of its own, and the person closes the window left behind), File > Close,
File > New now and then, and a window closed and a fresh one opened every few files. The documents are
the shipped scenarios and maps of both kinds (hex maps, area maps, scenarios on each) and generated hex
maps, a big one (120 x 120) every 50 opens.

Recorded per open: the wall time and CPU time of the open (open_path until the window has painted),
the process' resident memory after it, the live QWidgets (QApplication.allWidgets()), the top-level
widgets and the editor windows among them that are not shown, the objects the garbage collector
tracks, and the sizes of the module-level caches the editor fills (`known_caches`).

The rows compare the first 10 opens (after one warm-up cycle through the files) with the last opens of
the same 10 files after the same actions: the open time ratio and the whole step's (the action before
the open included; targets <= 1.5: flat) and the resident memory grown between them. The baseline of
each row is the first 10 opens of the same run. `--quick` runs 60 opens; the full run 500.
`HEXWRIGHT_SOAK_N` sets another count, `HEXWRIGHT_SOAK_CSV` a file for the per-open figures."""

from __future__ import annotations

import gc
import math
import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .core import Row, Settings, median, register

ROOT = Path(__file__).resolve().parent.parent
FULL_N = 500
QUICK_N = 60
BIG_EVERY = 50
BIG = (120, 120)
ACTIONS = ("open", "open", "close+open", "open", "new+open", "open", "window+open")  # before each open


def rss_bytes() -> int:
    """The process' resident memory now (Linux /proc; ru_maxrss is the peak, not the current)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:  # pragma: no cover - not Linux
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def known_caches() -> dict[str, int]:
    """The sizes of the module-level caches an editor session fills (those imported by now)."""
    import sys

    sizes: dict[str, int] = {}
    for module, name in (("hexwright.app.render.paths", "_BOUNDS"), ("hexwright.app.areamap.view", "_FONTS"),
                         ("hexwright.app.areamap.view", "_WIDTHS"), ("hexwright.app.editor.sampling", "_PRINTED_INK"),
                         ("hexwright.app.editor.autosave", "_writers"), ("hexwright.engine.rules.fm.game", "_GRAPHS")):
        mod = sys.modules.get(module)
        if mod is not None and hasattr(mod, name):
            sizes[f"{module.rsplit('.', 1)[-1]}.{name}"] = len(getattr(mod, name))
    return sizes


@dataclass
class Sample:
    index: int
    file: str
    action: str
    wall: float
    cpu: float
    step_wall: float  # the whole step: the action before the open (File > Close, New, a new window) and the open
    step_cpu: float
    rss: int
    widgets: int
    top_level: int
    hidden_windows: int
    gc_objects: int
    caches: dict[str, int]


def soak_files(folder: Path) -> list[Path]:
    """The shipped scenarios and maps of both kinds, and three generated hex maps."""
    from .editor import write_map

    shipped = sorted(p for p in (ROOT / "scenarios").rglob("*.yaml"))
    made = []
    for size in ((20, 16), (40, 30), (60, 45)):
        sub = folder / f"gen{size[0]}"
        sub.mkdir(exist_ok=True)
        made.append(write_map(*size, sub)[1])
    return shipped + made


def editor_windows() -> list[Any]:
    from hexwright.app.editor.window import EditorWindow
    from PySide6.QtWidgets import QApplication

    return [w for w in QApplication.topLevelWidgets() if isinstance(w, EditorWindow)]


def settle() -> None:
    """What the event loop does between a person's actions: posted events, deferred deletes."""
    from PySide6.QtCore import QCoreApplication, QEvent

    QCoreApplication.processEvents()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()


class Session:
    """One person's editor session: the current window and the file actions of its menus."""

    def __init__(self, ini: Path) -> None:
        from PySide6.QtCore import QSettings

        self.settings = QSettings(str(ini), QSettings.Format.IniFormat)
        self.win = self.fresh_window()

    def fresh_window(self, kind: Any = None) -> Any:
        from hexwright.app.editor.kinds import HEX, make_window

        win = make_window(kind or HEX, self.settings)
        win.ask_to_save = False
        win.show()
        return win

    def open(self, path: Path) -> None:
        """File > Open: in this window, or in a new one of the file's kind (the blank one closes)."""
        import shiboken6

        before = self.win
        if not before.open_path(path, ask_save=False):
            raise RuntimeError(f"the editor did not open {path}")
        shown = [w for w in editor_windows() if w.isVisible() and w.document is not None
                 and w.document.path is not None and Path(w.document.path) == path]
        if before.document.path is not None and Path(before.document.path) == path:
            self.win = before
        elif shown:
            self.win = shown[-1]
        else:
            raise RuntimeError(f"no window shows {path}")
        self.win.ask_to_save = False
        self.win.wait_shown()
        if self.win is not before and shiboken6.isValid(before) and before.isVisible():
            before.close()  # the person closes the window left behind (a blank one has closed itself)

    def close_document(self) -> None:
        self.win.close_document()

    def new_document(self) -> None:
        """File > New with the dialog's defaults accepted: a new document of the window's kind."""
        from hexwright.app.editor.kinds import HEX

        if self.win.kind is HEX:
            from hexwright.app.editor.dialogs.new_map import NewMapDialog
            from hexwright.app.editor.document import MapDocument

            dlg = NewMapDialog(self.win, str(ROOT))
            doc = MapDocument(dlg.build_map())
            dlg.deleteLater()
        else:
            doc = self.win.kind.empty_document()
        self.win.set_document(doc)

    def close_window(self) -> None:
        """Close the window (its close box) and start a fresh editor window."""
        kind = self.win.kind
        self.win.close()
        self.win = self.fresh_window(kind)

    def end(self) -> None:
        for w in editor_windows():
            w.ask_to_save = False
            w.close()
        settle()


def soak(n: int, files: list[Path], big: Path | None, ini: Path,
         progress: Callable[[Sample], None] | None = None) -> list[Sample]:
    """Open `n` documents one after another in one session; a sample per open."""
    from PySide6.QtWidgets import QApplication

    session = Session(ini)
    samples: list[Sample] = []
    try:
        for i in range(n):
            path = big if (big is not None and i % BIG_EVERY == BIG_EVERY - 1) else files[i % len(files)]
            action = ACTIONS[i % len(ACTIONS)]
            settle()
            s0, st0 = time.process_time(), time.perf_counter()
            if action == "close+open":
                session.close_document()
            elif action == "new+open":
                session.new_document()
            elif action == "window+open":
                session.close_window()
            c0, t0 = time.process_time(), time.perf_counter()
            session.open(path)
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
            settle()
            step_wall, step_cpu = time.perf_counter() - st0, time.process_time() - s0
            wins = editor_windows()
            s = Sample(i, path.name, action, wall, cpu, step_wall, step_cpu, rss_bytes(),
                       len(QApplication.allWidgets()), len(QApplication.topLevelWidgets()),
                       sum(1 for w in wins if not w.isVisible()),
                       len(gc.get_objects()), known_caches())
            samples.append(s)
            if progress is not None:
                progress(s)
    finally:
        session.end()
    return samples


def write_csv(samples: list[Sample], path: Path) -> None:
    keys = sorted({k for s in samples for k in s.caches})
    head = ("index,file,action,wall_s,cpu_s,step_wall_s,step_cpu_s,rss_mb,widgets,top_level,hidden_windows,"
            "gc_objects," + ",".join(keys))
    lines = [head]
    for s in samples:
        lines.append(",".join([str(s.index), s.file, s.action, f"{s.wall:.4f}", f"{s.cpu:.4f}",
                               f"{s.step_wall:.4f}", f"{s.step_cpu:.4f}",
                               f"{s.rss / 1e6:.1f}", str(s.widgets), str(s.top_level), str(s.hidden_windows),
                               str(s.gc_objects)] + [str(s.caches.get(k, "")) for k in keys]))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def summary_rows(samples: list[Sample], n_files: int) -> list[Row]:
    """First 10 opens (after a warm-up cycle through the files) against the last 10."""
    plain = [s for s in samples if not s.file.startswith("bench-120x")]
    start = n_files if len(plain) >= n_files + 20 else 0  # after one warm-up cycle through the files
    first = plain[start:start + 10]
    # the last opens of the same files with the same action (the files and actions come round together)
    period = math.lcm(n_files, len(ACTIONS))
    last = [max((s for s in plain if s.index % period == f.index % period), key=lambda s: s.index)
            for f in first]
    if any(a is b for a, b in zip(first, last, strict=True)):
        last = plain[-10:]
    t_first, t_last = median([s.wall for s in first]), median([s.wall for s in last])
    c_first, c_last = median([s.cpu for s in first]), median([s.cpu for s in last])
    rss_first, rss_last = median([s.rss for s in first]), median([s.rss for s in last])
    w_first, w_last = median([s.step_wall for s in first]), median([s.step_wall for s in last])
    a, b = first[0], last[-1]
    growth = (f"from open {a.index + 1} to open {b.index + 1}: widgets {a.widgets} -> {b.widgets}, top-level "
              f"{a.top_level} -> {b.top_level}, hidden editor windows {a.hidden_windows} -> {b.hidden_windows}, "
              f"gc objects {a.gc_objects} -> {b.gc_objects}, caches {a.caches} -> {b.caches}")
    case = f"{len(samples)} opens in one process"
    return [
        Row("editor_soak", case, "last 10 opens (median wall)", t_last, "first 10 opens (median wall)", t_first,
            1.5, "open time flat: the last 10 opens at most 1.5x the first 10", notes=[growth]),
        Row("editor_soak", case + ", whole step", "last 10 steps (median wall)", w_last,
            "first 10 steps (median wall)", w_first, 1.5,
            "a step (File > Close, New or a new window, then the open) flat: at most 1.5x",
            notes=[f"the whole run took {sum(s.step_wall for s in samples):.0f} s wall, "
                   f"{sum(s.step_cpu for s in samples):.0f} s CPU"]),
        Row("editor_soak", case + ", CPU", "last 10 opens (median CPU)", c_last, "first 10 opens (median CPU)",
            c_first, None, "(diagnostic) the same in CPU seconds"),
        Row("editor_soak", case + ", RSS", "RSS at the last 10 opens (median)", rss_last,
            "RSS at the first 10 opens (median)", rss_first, None,
            "(diagnostic) resident memory grown over the run", unit="bytes",
            notes=[f"peak {max(s.rss for s in samples) / 1e6:.0f} MB; grown "
                   f"{(rss_last - rss_first) / 1e6:.0f} MB between the two"]),
    ]


@register("editor_soak")
def run(settings: Settings) -> list[Row]:
    n = int(os.environ.get("HEXWRIGHT_SOAK_N", QUICK_N if settings.quick else FULL_N))
    with tempfile.TemporaryDirectory(prefix="hexwright-soak-") as tmp:
        folder = Path(tmp)
        os.environ["XDG_DATA_HOME"] = str(folder / "data")  # autosaves in the scratch folder
        os.environ["XDG_CONFIG_HOME"] = str(folder / "config")
        from .editor import qapp, write_map

        qapp()
        files = soak_files(folder)
        sub = folder / "big"
        sub.mkdir()
        big = write_map(*BIG, sub)[1]
        verbose = bool(os.environ.get("HEXWRIGHT_SOAK_VERBOSE"))

        def progress(s: Sample) -> None:
            if verbose and (s.index % 10 == 0 or s.index < 10):
                print(f"  soak {s.index:4d} {s.wall:7.3f} s cpu {s.cpu:7.3f} s step {s.step_wall:7.3f} s "
                      f"rss {s.rss / 1e6:6.0f} MB "
                      f"widgets {s.widgets:6d} top {s.top_level:4d} hidden {s.hidden_windows:4d} "
                      f"gc {s.gc_objects:8d} {s.file}", flush=True)

        samples = soak(n, files, big, folder / "settings.ini", progress)
        out = os.environ.get("HEXWRIGHT_SOAK_CSV")
        if out:
            write_csv(samples, Path(out))
        return summary_rows(samples, len(files))
