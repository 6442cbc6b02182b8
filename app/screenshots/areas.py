"""Screenshots of area maps for docs/screenshots (run under Xvfb for the real window look):

    xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb \\
        python -m hexwright.app.screenshots.areas docs/screenshots

area-drawing.png: areas being drawn over a scan of The Crossing's map. No scan of the printed Storm over
Arnhem map ships with Hexwright, so the "scan" is The Crossing's own map drawn by the renderer, then
softened and tinted like paper (written to a temporary folder); half of its areas are traced, one is
selected in the Area panel, and the next polygon is in progress with the Draw tool.
area-playtest.png: The Crossing in the playtest window after the set-up, a unit selected with the areas
it can reach (MF of each) and the path of the move to the hovered area.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from hexwright.app.areamap.tools import DrawAreaTool
from hexwright.app.render.settle import settle
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parents[2]
CROSSING = ROOT / "scenarios" / "storm-arnhem" / "the-crossing.yaml"
CROSSING_MAP = ROOT / "scenarios" / "storm-arnhem" / "the-crossing-map.yaml"


def stand_in_scan(path: Path) -> tuple[int, int]:
    """The Crossing's map drawn by the renderer, softened and tinted like a scanned sheet of paper."""
    from hexwright.app.render.areadraw import AreaRenderOptions, paint_area_map
    from hexwright.engine.formats.areamapfile import read_area_map_file

    m = read_area_map_file(CROSSING_MAP)
    assert m is not None
    w, h = int(m.width), int(m.height)
    img = QImage(w, h, QImage.Format.Format_RGB32)
    img.fill(QColor("#efe6cc"))
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_area_map(p, m, AreaRenderOptions(legend=False, background="#efe6cc", zones=False))
    p.end()
    soft = img.scaled(w // 2, h // 2, Qt.AspectRatioMode.IgnoreAspectRatio,
                      Qt.TransformationMode.SmoothTransformation).scaled(
        w, h, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation)
    p = QPainter(soft)
    p.fillRect(QRectF(0, 0, w, h), QColor(200, 170, 90, 40))
    p.end()
    soft.save(str(path))
    return w, h


def drawing_shot(app: QApplication, out: Path) -> None:
    from hexwright.app.areamap.document import AreaMapDocument
    from hexwright.app.editor.window import EditorWindow
    from hexwright.engine.formats.areamapfile import read_area_map_file
    from hexwright.engine.model.areamap import AreaMap
    from hexwright.engine.model.hexmap import Underlay
    from PySide6.QtCore import QSettings

    tmp = Path(tempfile.mkdtemp())
    scan = tmp / "the-crossing-scan.png"
    w, h = stand_in_scan(scan)
    printed = read_area_map_file(CROSSING_MAP)
    assert printed is not None
    amap = AreaMap(name="The Crossing (tracing)", width=w, height=h, terrain_table=printed.terrain_table)
    amap.underlay = Underlay(str(scan), opacity=0.9)
    doc = AreaMapDocument(amap)
    ids = list(printed.areas)
    for aid in ids[: len(ids) // 2]:
        a = printed.areas[aid]
        doc.add_area(a.polygon, area_id=aid, terrain=a.terrain)
        doc.set_area_properties(aid, name=a.name, vp=a.vp, zone=a.zone, tags=a.tags)
    for br in printed.borders.values():
        if br.edited and br.a in amap.areas and br.b in amap.areas:
            doc.set_border_kind(br.a, br.b, br.kind)
    win = EditorWindow(doc, settings=QSettings(str(tmp / "settings.ini"), QSettings.Format.IniFormat))
    win.ask_to_save = False
    win.resize(1600, 1000)
    win.show()
    settle(app, 0.6)
    win.view.fit_map()
    sel = next((a for a in amap.areas if amap.areas[a].vp), next(iter(amap.areas)))
    win.select_areas([sel])
    win.set_tool("draw")
    tool = win.tools["draw"]
    assert isinstance(tool, DrawAreaTool)
    nxt = printed.areas[ids[len(ids) // 2]]
    for x, y in nxt.polygon[:3]:
        tool.press(QPointF(x, y), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    x, y = nxt.polygon[3] if len(nxt.polygon) > 3 else nxt.polygon[0]
    tool.move(QPointF(x + 2, y + 2), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    win.show_status(f"{len(tool.points)} points; double-click or Enter to finish, Esc cancels")
    settle(app, 0.6)
    win.grab().save(str(out / "area-drawing.png"))
    win.close()


def playtest_shot(app: QApplication, out: Path) -> None:
    from hexwright.app.playtest.panels import is_map_move
    from hexwright.app.playtest.session import HUMAN, GameSession, load_playable
    from hexwright.app.playtest.window import PlaytestWindow

    sc = load_playable(CROSSING)
    session = GameSession(sc, 3, {s.id: HUMAN for s in sc.sides}, str(CROSSING))
    win = PlaytestWindow(session, CROSSING.parent)
    win.resize(1600, 1000)
    win.show()
    settle(app, 0.6)
    for _ in range(400):  # the set-up, each unit in the last area it is offered
        views = win.views()
        if not views or any(is_map_move(v) and len(v.hexes) > 1 for v in views):
            break
        enter = [v for v in views if v.kind == "enter"]
        win.apply_action((enter[-1] if enter else views[0]).action)
    moves = [v for v in win.views() if is_map_move(v) and len(v.hexes) > 1]
    if moves:
        mv = max(moves, key=lambda v: len(v.hexes))
        win.select_unit(mv.units[0])
        win.hover_hex(mv.hexes[-1])
    win.board.view.fit_map()
    settle(app, 0.6)
    win.grab().save(str(out / "area-playtest.png"))
    win.close()


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([])
    drawing_shot(app, out)
    playtest_shot(app, out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
