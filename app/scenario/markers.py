"""The markers editor: map markers (drop zones, F&M 11.0 and 10.7.2, 000_e5c3deafb2cea4af.txt;
Target Arnhem para supply markers, 001_69d92a61f68ed4f9.txt) with their hexes, and each side's
support fire marker pools (F&M 7.1, 10.7): markers of a value, how many, nationality, kind
(artillery, airpower, naval, priest) and range, with a preview of the printed marker.
"""

from __future__ import annotations

import copy

from hexwright.app.counters.draw import paint_marker, paint_support_marker
from hexwright.engine.model import MarkerDef, SupportMarker
from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from .commands import EditMarker, EditSupportPool
from .grid import EditGrid, ScenarioPanel, mapping_text, parse_mapping

MARKER_KINDS = ("drop_zone", "supply", "control", "objective")
SUPPORT_KINDS = ("artillery", "airpower", "naval", "priest")
MARKER_COLUMNS = ["Id", "Kind", "Side", "Label", "Hex", "Values", "Problems"]
M_ID, M_KIND, M_SIDE, M_LABEL, M_HEX, M_VALUES, M_PROBLEMS = range(len(MARKER_COLUMNS))
POOL_COLUMNS = ["Value", "Count", "Nationality", "Kind", "Range"]
P_VALUE, P_COUNT, P_NATIONALITY, P_KIND, P_RANGE = range(len(POOL_COLUMNS))


class MarkersEditor(ScenarioPanel):
    refresh_on = ('markers', 'sides')

    def __init__(self, document, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.message = QLabel()
        self.message.setStyleSheet("color: #b00020;")

        self.markers = EditGrid(MARKER_COLUMNS)
        self.markers.setIconSize(QSize(28, 28))
        self.markers.horizontalHeader().setSectionResizeMode(M_PROBLEMS, QHeaderView.ResizeMode.Stretch)
        self.markers.itemChanged.connect(lambda item: self._on_marker_edit(item.row()))
        self.add_marker_button = QPushButton("Add marker")
        self.remove_marker_button = QPushButton("Remove marker")
        self.add_marker_button.clicked.connect(lambda: self.add_marker())
        self.remove_marker_button.clicked.connect(self.remove_marker)
        mbox = QGroupBox("Map markers")
        ml = QVBoxLayout(mbox)
        ml.addWidget(self.markers)
        mb = QHBoxLayout()
        mb.addWidget(self.add_marker_button)
        mb.addWidget(self.remove_marker_button)
        mb.addStretch(1)
        ml.addLayout(mb)

        self.side_combo = QComboBox()
        self.pool_combo = QComboBox()
        self.pool_combo.setEditable(True)
        self.side_combo.currentIndexChanged.connect(lambda _i: self._fill_pool_names())
        self.pool_combo.currentIndexChanged.connect(lambda _i: self.refresh_pool())
        self.pool = EditGrid(POOL_COLUMNS)
        self.pool.setIconSize(QSize(28, 28))
        self.pool.itemChanged.connect(lambda _item: self._on_pool_edit())
        self.pool_total = QLabel()
        self.add_support_button = QPushButton("Add support marker")
        self.remove_support_button = QPushButton("Remove support marker")
        self.add_support_button.clicked.connect(lambda: self.add_support_marker())
        self.remove_support_button.clicked.connect(self.remove_support_marker)
        pbox = QGroupBox("Support fire marker pools (F&M 7.1)")
        pl = QVBoxLayout(pbox)
        row = QHBoxLayout()
        row.addWidget(QLabel("Side"))
        row.addWidget(self.side_combo)
        row.addWidget(QLabel("Pool"))
        row.addWidget(self.pool_combo, 1)
        pl.addLayout(row)
        pl.addWidget(self.pool)
        pl.addWidget(self.pool_total)
        pb = QHBoxLayout()
        pb.addWidget(self.add_support_button)
        pb.addWidget(self.remove_support_button)
        pb.addStretch(1)
        pl.addLayout(pb)

        layout = QVBoxLayout(self)
        layout.addWidget(mbox, 1)
        layout.addWidget(pbox, 1)
        layout.addWidget(self.message)
        self._loading = False
        self.watch()

    def refresh(self) -> None:
        self.refresh_markers()
        self._loading = True
        current = self.side_combo.currentData()
        self.side_combo.clear()
        for s in self.scenario.sides:
            self.side_combo.addItem(s.name or s.id, s.id)
        i = self.side_combo.findData(current)
        self.side_combo.setCurrentIndex(i if i >= 0 else 0)
        self._loading = False
        self._fill_pool_names()

    # -- map markers ------------------------------------------------------------------------------
    def refresh_markers(self) -> None:
        sc = self.scenario
        g = self.markers
        g.loading = True
        try:
            g.setRowCount(len(sc.markers))
            for i, mk in enumerate(sc.markers.values()):
                g.set_text(i, M_ID, mk.id).setIcon(QIcon(_marker_pixmap(mk, sc)))
                g.set_text(i, M_KIND, mk.kind, tip=", ".join(MARKER_KINDS))
                g.set_text(i, M_SIDE, mk.side)
                g.set_text(i, M_LABEL, mk.label)
                g.set_text(i, M_HEX, mk.hex or "", tip="empty: placed during play")
                g.set_text(i, M_VALUES, mapping_text(mk.values))
                problems = []
                if mk.hex and sc.map.hex_at(mk.hex) is None:
                    problems.append(f"hex {mk.hex} is not on the map")
                if mk.side and sc.side(mk.side) is None:
                    problems.append(f"side {mk.side!r} is not a side")
                g.set_text(i, M_PROBLEMS, "; ".join(problems), editable=False)
        finally:
            g.loading = False

    def _on_marker_edit(self, row: int) -> None:
        if self.markers.loading:
            return
        g = self.markers
        old_id = list(self.scenario.markers)[row]
        try:
            new = MarkerDef(g.text(row, M_ID), g.text(row, M_KIND), g.text(row, M_SIDE),
                            g.text(row, M_LABEL) or g.text(row, M_ID), g.text(row, M_HEX) or None,
                            parse_mapping(g.text(row, M_VALUES)))
            if new == self.scenario.markers[old_id]:
                return
            cmd = EditMarker(self.document, old_id, new)
        except ValueError as exc:
            self.message.setText(f"Marker {old_id}: {exc}")
            return
        self.message.clear()
        self.document.undo_stack.push(cmd)

    def add_marker(self, marker: MarkerDef | None = None) -> str:
        sc = self.scenario
        if marker is None:
            n = 1
            while f"dz-{n}" in sc.markers or f"dz-{n}" in sc.units:
                n += 1
            side = sc.sides[0].id if sc.sides else ""
            marker = MarkerDef(f"dz-{n}", "drop_zone", side, f"Drop zone {n}")
        self.document.undo_stack.push(EditMarker(self.document, marker.id, marker))
        return marker.id

    def remove_marker(self) -> None:
        row = self.markers.currentRow()
        ids = list(self.scenario.markers)
        if 0 <= row < len(ids):
            self.document.undo_stack.push(EditMarker(self.document, ids[row], None))

    # -- support pools ----------------------------------------------------------------------------
    def _fill_pool_names(self) -> None:
        if self._loading:
            return
        side = self.scenario.side(self.side_combo.currentData() or "")
        current = self.pool_combo.currentText()
        self._loading = True
        self.pool_combo.clear()
        if side is not None:
            self.pool_combo.addItems(list(side.support_pools))
        i = self.pool_combo.findText(current)
        self.pool_combo.setCurrentIndex(i if i >= 0 else 0)
        self._loading = False
        self.refresh_pool()

    def pool_key(self) -> tuple[str, str]:
        return self.side_combo.currentData() or "", self.pool_combo.currentText().strip()

    def refresh_pool(self) -> None:
        if self._loading:
            return
        sid, name = self.pool_key()
        side = self.scenario.side(sid)
        markers = side.support_pools.get(name, []) if side else []
        g = self.pool
        g.loading = True
        try:
            g.setRowCount(len(markers))
            for i, m in enumerate(markers):
                g.set_text(i, P_VALUE, str(m.value)).setIcon(QIcon(_support_pixmap(m, side.color if side else "")))
                g.set_text(i, P_COUNT, str(m.count))
                g.set_text(i, P_NATIONALITY, m.nationality)
                g.set_text(i, P_KIND, m.kind, tip=", ".join(SUPPORT_KINDS))
                g.set_text(i, P_RANGE, m.range, tip="adjacent, 2, anywhere")
            total = sum(m.count for m in markers)
            self.pool_total.setText(f"{total} markers in this pool" if side else "")
        finally:
            g.loading = False

    def _pool_from_grid(self) -> list[SupportMarker]:
        g = self.pool
        out = []
        for r in range(g.rowCount()):
            try:
                value, count = int(g.text(r, P_VALUE)), int(g.text(r, P_COUNT))
            except ValueError:
                raise ValueError(f"row {r + 1}: value and count must be whole numbers") from None
            if count < 0:
                raise ValueError(f"row {r + 1}: count cannot be negative")
            out.append(SupportMarker(value, count, g.text(r, P_NATIONALITY), g.text(r, P_KIND) or "artillery",
                                     g.text(r, P_RANGE) or "adjacent"))
        return out

    def _on_pool_edit(self) -> None:
        if self.pool.loading:
            return
        sid, name = self.pool_key()
        try:
            markers = self._pool_from_grid()
        except ValueError as exc:
            self.message.setText(f"Pool {name}: {exc}")
            return
        self.message.clear()
        self._push_pool(sid, name, markers)

    def _push_pool(self, sid: str, name: str, markers: list[SupportMarker] | None) -> None:
        side = self.scenario.side(sid)
        if side is None or not name:
            self.message.setText("Choose a side and name the pool first")
            return
        if side.support_pools.get(name) == markers:
            return
        self.document.undo_stack.push(EditSupportPool(self.document, sid, name, markers))

    def add_support_marker(self, marker: SupportMarker | None = None) -> None:
        sid, name = self.pool_key()
        side = self.scenario.side(sid)
        if side is None or not name:
            self.message.setText("Choose a side and name the pool first")
            return
        markers = copy.deepcopy(side.support_pools.get(name, []))
        markers.append(marker or SupportMarker(1, 1, name))
        self._push_pool(sid, name, markers)

    def remove_support_marker(self) -> None:
        sid, name = self.pool_key()
        side = self.scenario.side(sid)
        row = self.pool.currentRow()
        if side is None or name not in side.support_pools or not 0 <= row < len(side.support_pools[name]):
            return
        markers = copy.deepcopy(side.support_pools[name])
        del markers[row]
        self._push_pool(sid, name, markers)


def _marker_pixmap(mk: MarkerDef, sc, size: int = 28) -> QPixmap:
    pm = QPixmap(size, size)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    paint_marker(p, QRectF(0, 0, size, size), mk, sc)
    p.end()
    return pm


def _support_pixmap(m: SupportMarker, color: str, size: int = 28) -> QPixmap:
    pm = QPixmap(size, size)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    paint_support_marker(p, QRectF(0, 0, size, size), m, color)
    p.end()
    return pm
