"""A very large scan (`--only digitize_bigscan`): a printed map scanned at 600 dpi, ~280 Mpx.

The scan is benchmarks/digitize.py's printed and yellowed F&M Arnhem corridor enlarged 5.7x (bilinear)
to 18,935 x 14,883 pixels (a hex 292 px across its corners, as a map with 1.2 cm hexes scanned at
600 dpi), written as a tiled TIFF and as a PNG (both streamed by libvips: the benchmark itself never
holds the decoded image). Each is opened in a fresh process, as the editor opens a map with a scan
underlay (offscreen), measured:

* the time to open it the first time (the tiled pyramid made from the file, streaming) and again
  (the pyramid reused), and the process's peak resident memory against the decoded image's size
  (w x h x 3 bytes);
* the time to draw the view zoomed out to the whole scan, and at 1:1 panned across it;
* the time to read the linework of the whole map from it (with progress; engine/digitize/linework.py
  through `Scan.sample`), and the terrain proposal when engine/digitize/terrain.py exists, and the
  peak memory after them.

Baseline, in the same run: the editor's way before issue 27, the scan read whole by QImageReader into
one pixmap (its time and peak memory, in its own process), on the PNG.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from .core import Row, Settings, register

ENLARGE = 5.7


def make_big_scans(folder: Path) -> tuple[Path, Path, tuple[float, ...], int, int]:
    """(tiff, png, image -> scene transform, width, height) of the enlarged scan, made in `folder`."""
    import pyvips
    from hexwright.engine.formats import read_map_file

    from .digitize import printed_scan
    from .digitize_linework import CAST

    m = read_map_file(Path(__file__).resolve().parents[1] / "scenarios" / "fm-arnhem" / "arnhem-corridor.map.yaml")
    scan, transform = printed_scan(m, cast=CAST)
    small = pyvips.Image.new_from_array(scan, interpretation="srgb")
    big = small.resize(ENLARGE, kernel="linear")
    tiff, png = folder / "big.tif", folder / "big.png"
    big.tiffsave(str(tiff), tile=True, compression="deflate", predictor="horizontal")
    big.pngsave(str(png), compression=1)
    a, b, c, d, e, f = transform
    k = 1.0 / ENLARGE
    return tiff, png, (a * k, b * k, c * k, d * k, e, f), int(big.width), int(big.height)


def peak_rss() -> int:
    """This process's peak resident memory in bytes: VmHWM (Linux; unlike getrusage's ru_maxrss it does
    not carry over the peak of the process that started this one), else ru_maxrss."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def child(mode: str, path: str, transform: list[float]) -> dict:
    """Run in a fresh process: open the scan in the editor (or, mode 'pixmap', as before issue 27)."""
    import time

    from hexwright.engine.formats import read_map_file
    from hexwright.engine.model.hexmap import Underlay

    from .editor import qapp

    app = qapp()
    out: dict = {}
    if mode == "pixmap":
        from hexwright.app.kindbase.underlay import load_large_pixmap

        t0 = time.perf_counter()
        pix = load_large_pixmap(Path(path))
        out["open_s"] = time.perf_counter() - t0
        out["ok"] = not pix.isNull()
        out["peak_rss"] = peak_rss()
        return out
    from hexwright.app.editor.document import MapDocument
    from hexwright.app.editor.window import EditorWindow
    from PySide6.QtCore import QPointF, QSettings

    m = read_map_file(Path(__file__).resolve().parents[1] / "scenarios" / "fm-arnhem" / "arnhem-corridor.map.yaml")
    assert m is not None
    a, b, c, d, e, f = (float(v) for v in transform)
    six = (a, b, c, d, e, f)
    m.set_underlay(Underlay(path, six, 1.0))
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "s.ini"), QSettings.Format.IniFormat)
    win = EditorWindow(settings=settings)
    win.resize(1400, 900)
    win.show()
    app.processEvents()
    for label in ("open_cold_s", "open_warm_s"):
        t0 = time.perf_counter()
        win.set_document(MapDocument(m))
        app.processEvents()
        out[label] = time.perf_counter() - t0
        win.document.undo_stack.setClean()
    tiles = win.canvas.underlay.tiles
    out["tiled"] = tiles is not None
    out["peak_rss_open"] = peak_rss()
    view = win.view
    rect = win.canvas.underlay.image_scene_rect()
    t0 = time.perf_counter()
    view.fitInView(rect)
    view.viewport().grab()
    out["draw_whole_s"] = time.perf_counter() - t0
    view.resetTransform()
    view.scale(ENLARGE / 1.6, ENLARGE / 1.6)  # about 1 screen pixel per scan pixel
    times = []
    for i in range(8):
        p = QPointF(rect.left() + rect.width() * (0.2 + 0.08 * i), rect.top() + rect.height() * (0.3 + 0.05 * i))
        t0 = time.perf_counter()
        view.centerOn(p)
        view.viewport().grab()
        times.append(time.perf_counter() - t0)
    out["pan_1to1_s"] = sorted(times)[len(times) // 2]
    out["pan_1to1_max_s"] = max(times)
    out["peak_rss_view"] = peak_rss()
    from hexwright.engine.digitize.linework import propose_linework
    from hexwright.engine.digitize.scan import Scan

    scan = Scan.open(path)
    calls: list[int] = []

    def count(done: int, total: int) -> bool:
        calls.append(done)
        return True

    t0 = time.perf_counter()
    found = propose_linework(m, scan, six, progress=count)
    out["linework_s"] = time.perf_counter() - t0
    out["linework_found"] = sum(p.proposed for p in found)
    out["progress_calls"] = len(calls)
    from hexwright.engine.digitize import terrain

    t0 = time.perf_counter()
    terrain.propose_terrain(m, scan, six, progress=lambda d, t: True)
    out["terrain_s"] = time.perf_counter() - t0
    out["peak_rss_all"] = peak_rss()
    return out


def _run_child(mode: str, path: Path, transform, cache: Path) -> dict:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HEXWRIGHT_SCAN_CACHE=str(cache))
    code = ("import json, sys; from benchmarks.digitize_bigscan import child; "
            "print('RESULT ' + json.dumps(child(sys.argv[1], sys.argv[2], json.loads(sys.argv[3]))))")
    res = subprocess.run([sys.executable, "-c", code, mode, str(path), json.dumps(list(transform))],
                         capture_output=True, text=True, env=env, cwd=Path(__file__).resolve().parents[1])
    for line in res.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[7:])
    raise RuntimeError(f"the measuring process failed: {res.stderr[-2000:]}")


@register("digitize_bigscan")
def digitize_bigscan_benchmark(settings: Settings) -> list[Row]:
    from .editor import qapp

    _app = qapp()  # the printed map is drawn by Qt (offscreen)
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="hexwright-bigscan-") as tmp:
        folder = Path(tmp)
        tiff, png, transform, w, h = make_big_scans(folder)
        decoded = w * h * 3
        case = f"{w} x {h} scan ({w * h / 1e6:.0f} Mpx, decoded {decoded / 1e9:.2f} GB)"
        before = _run_child("pixmap", png, transform, folder / "cache-before")
        for name, path in (("TIFF", tiff), ("PNG", png)):
            r = _run_child("editor", path, transform, folder / f"cache-{name}")
            c = f"{case}, {name} ({path.stat().st_size / 1e6:.0f} MB file)"
            notes = [f"{name}: opened through the tiles: {r['tiled']}; linework proposals made: "
                     f"{r['linework_found']} (progress reported {r['progress_calls']} times)"]
            if "terrain_error" in r:
                notes.append(f"{name}: terrain proposal not measured: {r['terrain_error']}")
            rows += [
                Row("digitize_bigscan", c, "open in the editor, first time", r["open_cold_s"],
                    "read whole into a pixmap (before issue 27, PNG)", before["open_s"], notes=notes),
                Row("digitize_bigscan", c, "open again (pyramid reused)", r["open_warm_s"]),
                Row("digitize_bigscan", c, "peak memory, editor open and drawn", r["peak_rss_view"],
                    "read whole into a pixmap (before issue 27, PNG)", before["peak_rss"], unit="bytes",
                    target="bounded well below the decoded image",
                    notes=[f"{name}: peak memory / decoded image: {r['peak_rss_view'] / decoded:.2f}; before: "
                           f"{before['peak_rss'] / decoded:.2f}"]),
                Row("digitize_bigscan", c, "draw: the whole scan in view", r["draw_whole_s"]),
                Row("digitize_bigscan", c, "draw: pan at 1:1 (median of 8)", r["pan_1to1_s"],
                    notes=[f"{name}: slowest pan redraw {r['pan_1to1_max_s']:.3f} s"]),
                Row("digitize_bigscan", c, "linework of the whole map (1,009 hexes)", r["linework_s"]),
                Row("digitize_bigscan", c, "peak memory after the proposals", r["peak_rss_all"], unit="bytes",
                    notes=[f"{name}: peak memory after the proposals / decoded image: "
                           f"{r['peak_rss_all'] / decoded:.2f}"]),
            ]
            if "terrain_s" in r:
                rows.append(Row("digitize_bigscan", c, "terrain proposal over the whole map", r["terrain_s"]))
    return rows
