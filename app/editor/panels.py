"""The dockable panels: terrain palette, layers, properties of the selection, diagnostics, overview."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from hexwright.app.hexmap.canvas import LAYERS, qcolor
from hexwright.engine.model.hexmap import HexMap
from hexwright.engine.validation import Diagnostic, Severity
from PySide6.QtCore import QModelIndex, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QIcon, QImage, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSlider,
    QSpinBox,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

# palette groups: key -> (title, the tool the choice belongs to)
PALETTE_GROUPS = (
    ("terrain", "Terrain", "brush"),
    ("feature", "Features (overlay)", "overlay"),
    ("hexside_feature", "Hexside features", "hexside"),
    ("bridge", "Bridges", "hexside"),
    ("path", "Roads, trails, rail", "path"),
    ("region", "Regions", "region"),
)


def swatch(color: str, kind: str = "terrain") -> QIcon:
    pm = QPixmap(22, 16)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    c = qcolor(color)
    if kind in ("hexside_feature", "path"):
        p.setPen(QPen(c, 4 if kind == "hexside_feature" else 3))
        p.drawLine(2, 8, 20, 8)
    elif kind == "bridge":
        p.setPen(QPen(c, 2))
        p.drawLine(6, 4, 16, 4)
        p.drawLine(6, 12, 16, 12)
    elif kind == "feature":
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(c)
        p.drawEllipse(QPointF(11, 8), 5, 5)
    else:
        p.setPen(QPen(QColor(40, 40, 40), 1))
        p.setBrush(c)
        p.drawRect(1, 1, 19, 13)
    p.end()
    return QIcon(pm)


class PalettePanel(QWidget):
    """The map's terrain table as a palette: choosing an entry selects it for its tool."""

    chosen = Signal(str, str)  # group, code

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.itemClicked.connect(self._clicked)
        lay.addWidget(self.tree)
        row = QHBoxLayout()
        row.addWidget(QLabel("Brush radius"))
        self.radius = QSpinBox()
        self.radius.setRange(0, 12)
        row.addWidget(self.radius)
        row.addStretch(1)
        lay.addLayout(row)
        regions = QHBoxLayout()
        self.new_region = QPushButton("New region…")
        self.rename_region = QPushButton("Rename…")
        self.delete_region = QPushButton("Delete")
        for b in (self.new_region, self.rename_region, self.delete_region):
            regions.addWidget(b)
        lay.addLayout(regions)
        self._items: dict[tuple[str, str], QTreeWidgetItem] = {}

    def set_map(self, m: HexMap) -> None:
        self.tree.clear()
        self._items.clear()
        t = m.terrain_table
        groups = {
            "terrain": [(c, v.name, v.color) for c, v in t.terrain.items()],
            "feature": [(c, v.name, v.color) for c, v in t.features.items()],
            "hexside_feature": [(c, v.name, v.color) for c, v in t.hexside_features.items()],
            "bridge": [(c, v.name, v.color) for c, v in t.bridges.items()],
            "path": [(c, v.name, v.color) for c, v in t.paths.items()],
            "region": [(n, f"{n} ({len(r.hexes)} hexes)", r.color) for n, r in sorted(m.regions.items())],
        }
        for key, title, _tool in PALETTE_GROUPS:
            top = QTreeWidgetItem([title])
            top.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.tree.addTopLevelItem(top)
            for code, name, color in groups[key]:
                it = QTreeWidgetItem([f"{name}  [{code}]" if name and name != code else code])
                it.setIcon(0, swatch(color, key))
                it.setData(0, Qt.ItemDataRole.UserRole, (key, code))
                top.addChild(it)
                self._items[(key, code)] = it
            top.setExpanded(True)

    def mark(self, group: str, code: str) -> None:
        """Highlight the entry the active tool paints with; an unknown one clears the highlight."""
        it = self._items.get((group, code))
        if it is not None:
            self.tree.setCurrentItem(it)
        else:
            self.tree.clearSelection()
            self.tree.setCurrentIndex(QModelIndex())

    def follow_tool(self, tool_name: str, brush) -> None:
        """Highlight what the tool `tool_name` paints with from the BrushState (nothing for the tools
        that use no palette entry: select, eraser, label, stamp...)."""
        b = brush
        chosen = {"brush": ("terrain", b.terrain), "fill": ("terrain", b.terrain),
                  "overlay": ("feature", b.feature),
                  "hexside": ("bridge" if b.hexside_kind == "bridge" else "hexside_feature", b.hexside_code),
                  "path": ("path", b.path), "region": ("region", b.region)}.get(tool_name)
        self.mark(*(chosen or ("", "")))

    def marked(self) -> tuple[str, str] | None:
        """The highlighted entry (group, code), or None."""
        items = self.tree.selectedItems()
        data = items[0].data(0, Qt.ItemDataRole.UserRole) if items else None
        return tuple(data) if data else None

    def _clicked(self, item: QTreeWidgetItem) -> None:
        data = item.data(0, Qt.ItemDataRole.UserRole)
        if data:
            self.chosen.emit(*data)


class LayerHolder(Protocol):
    """What the Layers panel reads of a map kind's layers (MapCanvas, AreaLayers)."""

    map: Any

    def is_visible(self, layer: str) -> bool: ...
    def is_locked(self, layer: str) -> bool: ...


class LayersPanel(QWidget):
    """Each layer with a visibility and a lock toggle, and the underlay's opacity. `layers`: the map
    kind's layers, id -> (title, z), the hex canvas's by default (an area map's: app/areamap/view.py
    AREA_LAYERS); `sync` reads a kind's layer holder (is_visible, is_locked, map.underlay)."""

    visibilityChanged = Signal(str, bool)
    lockChanged = Signal(str, bool)
    opacityChanged = Signal(float)
    opacityReleased = Signal()

    def __init__(self, parent: QWidget | None = None, layers: dict[str, tuple[str, float]] | None = None) -> None:
        super().__init__(parent)
        layers = LAYERS if layers is None else layers
        grid = QGridLayout(self)
        grid.setContentsMargins(4, 4, 4, 4)
        grid.addWidget(QLabel("<b>Layer</b>"), 0, 0)
        grid.addWidget(QLabel("<b>Show</b>"), 0, 1)
        grid.addWidget(QLabel("<b>Lock</b>"), 0, 2)
        self.visible_boxes: dict[str, QCheckBox] = {}
        self.lock_boxes: dict[str, QCheckBox] = {}
        for i, (layer, (title, _z)) in enumerate(reversed(list(layers.items())), start=1):
            grid.addWidget(QLabel(title), i, 0)
            v = QCheckBox()
            v.setChecked(True)
            v.setToolTip(f"Show the {title.lower()} layer")
            v.toggled.connect(lambda on, k=layer: self.visibilityChanged.emit(k, on))
            lk = QCheckBox()
            lk.setToolTip(f"Lock the {title.lower()} layer against edits")
            lk.toggled.connect(lambda on, k=layer: self.lockChanged.emit(k, on))
            grid.addWidget(v, i, 1)
            grid.addWidget(lk, i, 2)
            self.visible_boxes[layer] = v
            self.lock_boxes[layer] = lk
        n = len(layers) + 1
        grid.addWidget(QLabel("Underlay opacity"), n, 0)
        self.opacity = QSlider(Qt.Orientation.Horizontal)
        self.opacity.setRange(0, 100)
        self.opacity.setValue(50)
        self.opacity.valueChanged.connect(lambda v: self.opacityChanged.emit(v / 100.0))
        self.opacity.sliderReleased.connect(self.opacityReleased)
        grid.addWidget(self.opacity, n, 1, 1, 2)
        grid.setRowStretch(n + 1, 1)

    def sync(self, canvas: LayerHolder) -> None:
        for layer, box in self.visible_boxes.items():
            box.blockSignals(True)
            box.setChecked(canvas.is_visible(layer))
            box.blockSignals(False)
            self.lock_boxes[layer].blockSignals(True)
            self.lock_boxes[layer].setChecked(canvas.is_locked(layer))
            self.lock_boxes[layer].blockSignals(False)
        u = canvas.map.underlay
        self.opacity.blockSignals(True)
        self.opacity.setEnabled(u is not None)
        self.opacity.setValue(round((u.opacity if u else 0.5) * 100))
        self.opacity.blockSignals(False)


class PropertiesPanel(QTextBrowser):
    """What the selected hex or hexside holds."""

    def show_hex(self, m: HexMap, label: Callable, h) -> None:
        if h is None or not m.contains(h):
            self.setHtml("<i>Nothing selected. Use the select tool (S) and click a hex or near an edge.</i>")
            return
        t = m.terrain_table
        terrain = m.terrain[h]
        rows = [("Hex", label(h)), ("Terrain", t.terrain[terrain].name if terrain in t.terrain else terrain)]
        if m.features_at(h):
            rows.append(("Features", ", ".join(m.features_at(h))))
        rows.append(("Elevation", str(m.elevation_at(h))))
        for loc in m.locations.get(h, ()):
            rows.append((f"Level {loc.level}", loc.terrain + (f" ({', '.join(loc.features)})" if loc.features else "")))
        names = m.direction_names()
        from hexwright.engine.hexgrid import hexside_of

        for d in range(6):
            info = m.hexside(hexside_of(h, d))
            if info is not None:
                rows.append((f"Side {names[d]}", describe_hexside(info)))
        regions = [r.name for r in m.regions.values() if h in r.hexes]
        if regions:
            rows.append(("Regions", ", ".join(sorted(regions))))
        places = [p.text for p in m.places if p.hex == h]
        if places:
            rows.append(("Places", ", ".join(places)))
        self.setHtml(_table(rows))

    def show_hexside(self, m: HexMap, side) -> None:
        info = m.hexside(side)
        rows = [("Hexside", m.hexside_label(side)), ("Holds", describe_hexside(info) if info else "nothing")]
        self.setHtml(_table(rows))


def describe_hexside(info) -> str:
    parts = list(info.features)
    if info.bridge:
        parts.append(f"{info.bridge} bridge")
    if info.paths:
        parts.append(" + ".join(info.paths))
    if info.level is not None:
        parts.append(f"level {info.level}")
    return ", ".join(parts) or "nothing"


def _table(rows: list[tuple[str, str]]) -> str:
    body = "".join(f"<tr><td><b>{k}</b></td><td>{v}</td></tr>" for k, v in rows)
    return f"<table cellspacing='4'>{body}</table>"


class DiagnosticsPanel(QWidget):
    """Load and validation diagnostics; double-click jumps to the hex and selects the unit it names."""

    jumpToHex = Signal(str)
    unitActivated = Signal(str)
    revalidate = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(2, 2, 2, 2)
        self.list = QListWidget()
        self.list.itemDoubleClicked.connect(self._activated)
        lay.addWidget(self.list)
        row = QHBoxLayout()
        self.summary = QLabel("")
        row.addWidget(self.summary, 1)
        b = QPushButton("Validate")
        b.clicked.connect(self.revalidate)
        row.addWidget(b)
        lay.addLayout(row)

    def set_diagnostics(self, diags: list[Diagnostic]) -> None:
        self.shown: list[Diagnostic] = list(diags)
        self.list.clear()
        icons = {Severity.ERROR: "✖", Severity.WARNING: "⚠", Severity.INFO: "ℹ"}
        for d in diags:
            it = QListWidgetItem(f"{icons.get(d.severity, '')} {d.format()}")
            it.setData(Qt.ItemDataRole.UserRole, d.hex)
            it.setData(Qt.ItemDataRole.UserRole + 1, d.unit)
            if d.severity is Severity.ERROR:
                it.setForeground(QColor("#b00020"))
            self.list.addItem(it)
        errors = sum(d.severity is Severity.ERROR for d in diags)
        warnings = sum(d.severity is Severity.WARNING for d in diags)
        self.summary.setText(f"{errors} errors, {warnings} warnings" if diags else "No problems found")

    def _activated(self, item: QListWidgetItem) -> None:
        hex_label = item.data(Qt.ItemDataRole.UserRole)
        if hex_label:
            self.jumpToHex.emit(str(hex_label).split(",")[0].strip())
        unit = item.data(Qt.ItemDataRole.UserRole + 1)
        if unit:
            self.unitActivated.emit(str(unit))


class OverviewWidget(QWidget):
    """A small picture of the whole map with the main view's visible rectangle; click or drag to move
    the main view there. The picture is re-rendered a moment after the map changes."""

    navigate = Signal(QPointF)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumSize(160, 140)
        self.scene = None
        self.source = QRectF()
        self.visible_rect = QRectF()
        self.image: QImage | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(400)
        self._timer.timeout.connect(self.rerender)

    def set_scene(self, scene, source: QRectF) -> None:
        """Show `scene`'s `source` rectangle; drawn a moment later (a picture of the whole map takes a
        few hundred milliseconds, which would delay the main view's first paint)."""
        self.scene = scene
        self.source = source
        self.image = None
        self.update()
        self.schedule()

    def schedule(self) -> None:
        self._timer.start()

    def _target(self) -> QRectF:
        if self.source.isEmpty():
            return QRectF()
        s = min(self.width() / self.source.width(), self.height() / self.source.height())
        w, h = self.source.width() * s, self.source.height() * s
        return QRectF((self.width() - w) / 2, (self.height() - h) / 2, w, h)

    def rerender(self) -> None:
        if self.scene is None or self.source.isEmpty() or not self.isVisible():
            self.image = None
            self.update()
            return
        t = self._target()
        img = QImage(max(1, int(t.width())), max(1, int(t.height())), QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(QColor("#5a5f66"))
        p = QPainter(img)
        self.scene.render(p, QRectF(0, 0, img.width(), img.height()), self.source)
        p.end()
        self.image = img
        self.update()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.schedule()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.schedule()

    def set_visible_rect(self, rect: QRectF) -> None:
        self.visible_rect = rect
        self.update()

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), QColor("#3a3d42"))
        t = self._target()
        if self.image is not None:
            p.drawImage(t.topLeft(), self.image)
        if not self.source.isEmpty() and not self.visible_rect.isEmpty():
            s = t.width() / self.source.width()
            r = QRectF(t.left() + (self.visible_rect.left() - self.source.left()) * s,
                       t.top() + (self.visible_rect.top() - self.source.top()) * s,
                       self.visible_rect.width() * s, self.visible_rect.height() * s)
            p.setPen(QPen(QColor("#ffcc00"), 2))
            p.drawRect(r.intersected(t))
        p.end()

    def _to_scene(self, pos) -> QPointF:
        t = self._target()
        s = t.width() / self.source.width() if self.source.width() else 1.0
        return QPointF(self.source.left() + (pos.x() - t.left()) / s, self.source.top() + (pos.y() - t.top()) / s)

    def mousePressEvent(self, event) -> None:
        if not self.source.isEmpty():
            self.navigate.emit(self._to_scene(event.position()))

    def mouseMoveEvent(self, event) -> None:
        if event.buttons() & Qt.MouseButton.LeftButton and not self.source.isEmpty():
            self.navigate.emit(self._to_scene(event.position()))


class HexEditor(QWidget):
    """Edits of the selected hex from the Properties panel: its terrain and its elevation."""

    terrainChosen = Signal(str)
    elevationChosen = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        from PySide6.QtWidgets import QComboBox

        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(2, 2, 2, 2)
        grid.addWidget(QLabel("Terrain"), 0, 0)
        self.terrain = QComboBox()
        grid.addWidget(self.terrain, 0, 1)
        grid.addWidget(QLabel("Elevation"), 1, 0)
        self.elevation = QSpinBox()
        self.elevation.setRange(-20, 50)
        grid.addWidget(self.elevation, 1, 1)
        self.terrain.activated.connect(lambda i: self.terrainChosen.emit(self.terrain.itemData(i)))
        self.elevation.valueChanged.connect(self._elevation)
        self._quiet = False
        self.setEnabled(False)

    def _elevation(self, v: int) -> None:
        if not self._quiet:
            self.elevationChosen.emit(v)

    def show_hex(self, m: HexMap, h) -> None:
        self._quiet = True
        self.terrain.clear()
        for code, t in m.terrain_table.terrain.items():
            self.terrain.addItem(swatch(t.color), t.name, code)
        if h is not None and m.contains(h):
            self.terrain.setCurrentIndex(self.terrain.findData(m.terrain[h]))
            self.elevation.setValue(m.elevation_at(h))
            self.setEnabled(True)
        else:
            self.setEnabled(False)
        self._quiet = False
