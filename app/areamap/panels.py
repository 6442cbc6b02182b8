"""The area-map editor's panels: the Area inspector (number, name, terrain, VP, zone A-E, stacking limit,
tags), the Borders panel (the derived adjacency of the selected area with each border's kind, editable
where the printed map differs), the Problems panel (overlaps, gaps, slivers, isolated areas; double-click
one to go there) and, for a scenario, the Units panel (set up the selected units in the selected area).
Every change a panel makes goes through the document: one undo step each."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from .document import area_sort_key
from .geometry import AreaGeometryError

ZONES = ("", "A", "B", "C", "D", "E")
EDITABLE_KINDS = ("open", "river", "bridge", "ramp", "perimeter", "none")


class AreaInspector(QWidget):
    """The selected area's properties; each edit is one undo step (SetAreaProperties / renumber)."""

    message = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.doc = None
        self.area_id: str | None = None
        self._filling = False
        form = QFormLayout(self)
        self.title = QLabel("No area selected")
        form.addRow(self.title)
        self.number = QLineEdit()
        self.number.setToolTip("The area's number as printed (17) or a zone id (P1); Enter renumbers it")
        self.name = QLineEdit()
        self.terrain = QComboBox()
        self.vp = QSpinBox()
        self.vp.setRange(-99, 99)
        self.vp.setToolTip("Victory points for holding the area")
        self.zone = QComboBox()
        self.zone.addItems([z or "(none)" for z in ZONES])
        self.zone.setToolTip("Set-up zone (The Crossing: zones A-E)")
        self.stacking = QSpinBox()
        self.stacking.setRange(0, 99)
        self.stacking.setSpecialValueText("rules default")
        self.stacking.setToolTip("Stacking limit in units; 'rules default' uses the rules family's")
        self.tags = QLineEdit()
        self.tags.setToolTip("Tags the rules read, separated by commas: perimeter, pillbox...")
        form.addRow("Number", self.number)
        form.addRow("Name", self.name)
        form.addRow("Terrain", self.terrain)
        form.addRow("Victory points", self.vp)
        form.addRow("Set-up zone", self.zone)
        form.addRow("Stacking limit", self.stacking)
        form.addRow("Tags", self.tags)
        self.neighbours = QLabel()
        self.neighbours.setWordWrap(True)
        form.addRow("Neighbours", self.neighbours)
        self.number.editingFinished.connect(self._renumber)
        self.name.editingFinished.connect(lambda: self._set(name=self.name.text().strip()))
        self.terrain.activated.connect(lambda _i: self._set(terrain=self.terrain.currentData()))
        self.vp.editingFinished.connect(lambda: self._set(vp=self.vp.value()))
        self.zone.activated.connect(lambda i: self._set(zone=ZONES[i] or None))
        self.stacking.editingFinished.connect(lambda: self._set(stacking=self.stacking.value() or None))
        self.tags.editingFinished.connect(
            lambda: self._set(tags=frozenset(t.strip() for t in self.tags.text().split(",") if t.strip())))
        self.show_area(None, None)

    def show_area(self, doc, area_id: str | None) -> None:
        self.doc = doc
        self.area_id = area_id if doc is not None and area_id in doc.area_map.areas else None
        self._filling = True
        try:
            on = self.area_id is not None
            for w in (self.number, self.name, self.terrain, self.vp, self.zone, self.stacking, self.tags):
                w.setEnabled(on)
            if not on:
                self.title.setText("No area selected: click one with the Select tool (S)")
                self.neighbours.setText("")
                return
            a = doc.area_map.areas[self.area_id]
            self.title.setText(f"<b>Area {a.id}</b>")
            self.number.setText(a.id)
            self.name.setText(a.name)
            self.terrain.clear()
            for code, tt in doc.area_map.terrain_table.terrain.items():
                self.terrain.addItem(tt.name or code, code)
            i = self.terrain.findData(a.terrain)
            if i < 0:
                self.terrain.addItem(f"{a.terrain} (unknown)", a.terrain)
                i = self.terrain.count() - 1
            self.terrain.setCurrentIndex(i)
            self.vp.setValue(a.vp)
            self.zone.setCurrentIndex(ZONES.index(a.zone) if a.zone in ZONES else 0)
            self.stacking.setValue(a.stacking or 0)
            self.tags.setText(", ".join(sorted(a.tags)))
            nb = doc.area_map.neighbours(self.area_id)
            self.neighbours.setText(", ".join(nb) if nb else "none (the area touches no other)")
        finally:
            self._filling = False

    def _set(self, **changes) -> None:
        if self._filling or self.doc is None or self.area_id is None:
            return
        self.doc.set_area_properties(self.area_id, **changes)

    def _renumber(self) -> None:
        if self._filling or self.doc is None or self.area_id is None:
            return
        new = self.number.text().strip()
        if new == self.area_id:
            return
        try:
            self.doc.renumber(self.area_id, new)
        except AreaGeometryError as exc:
            self.message.emit(str(exc))
            self.number.setText(self.area_id)
            return
        self.area_id = new


class BorderPanel(QWidget):
    """The selected area's borders: each neighbour, the kind of border (editable) and whether it was
    edited; 'as derived' drops the edit."""

    message = Signal(str)
    highlighted = Signal(str, str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.doc = None
        self.area_id: str | None = None
        lay = QVBoxLayout(self)
        self.title = QLabel()
        lay.addWidget(self.title)
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Neighbour", "Border", "Edited"])
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.currentCellChanged.connect(self._current)
        lay.addWidget(self.table)
        row = QHBoxLayout()
        self.reset = QPushButton("As derived")
        self.reset.setToolTip("Forget the edit: the border is what the shared polygon edge gives")
        self.reset.clicked.connect(self._reset)
        row.addWidget(self.reset)
        row.addStretch(1)
        lay.addLayout(row)
        self.combos: dict[str, QComboBox] = {}

    def show_area(self, doc, area_id: str | None) -> None:
        self.doc = doc
        self.area_id = area_id if doc is not None and area_id in doc.area_map.areas else None
        self.table.setRowCount(0)
        self.combos = {}
        if self.area_id is None:
            self.title.setText("Select an area to see its borders")
            return
        amap = doc.area_map
        rows = []
        for key, br in amap.borders.items():
            if self.area_id in key:
                rows.append((br.b if br.a == self.area_id else br.a, br))
        rows.sort(key=lambda r: area_sort_key(r[0]))
        self.title.setText(f"Borders of area {self.area_id}: {len(rows)}")
        self.table.setRowCount(len(rows))
        for i, (other, br) in enumerate(rows):
            self.table.setItem(i, 0, QTableWidgetItem(other))
            combo = QComboBox()
            kinds = list(EDITABLE_KINDS) + ([br.kind] if br.kind not in EDITABLE_KINDS else [])
            combo.addItems(kinds)
            combo.setCurrentText(br.kind)
            combo.activated.connect(lambda _i, o=other, c=combo: self._kind(o, c.currentText()))
            self.table.setCellWidget(i, 1, combo)
            self.combos[other] = combo
            self.table.setItem(i, 2, QTableWidgetItem("edited" if br.edited else "derived"))

    def set_kind(self, other: str, kind: str | None) -> None:
        """Set the border with `other` (what choosing in the list does)."""
        self._kind(other, kind)

    def _kind(self, other: str, kind: str | None) -> None:
        if self.doc is None or self.area_id is None:
            return
        br = self.doc.area_map.border(self.area_id, other)
        if kind is not None and br is not None and br.kind == kind and br.edited:
            return
        self.doc.set_border_kind(self.area_id, other, kind)

    def _reset(self) -> None:
        row = self.table.currentRow()
        item = self.table.item(row, 0) if row >= 0 else None
        if item is not None:
            self._kind(item.text(), None)

    def _current(self, row, _col, _prow, _pcol) -> None:
        item = self.table.item(row, 0) if row >= 0 else None
        if item is not None and self.area_id is not None:
            self.highlighted.emit(self.area_id, item.text())


class ProblemsPanel(QListWidget):
    """What is wrong with the drawing (AreaMap.problems) and, for a scenario, what validation finds;
    double-click a line to select its areas."""

    activated_areas = Signal(object)  # list of area ids

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.itemDoubleClicked.connect(self._go)

    def set_problems(self, problems, diagnostics=()) -> None:
        self.clear()
        for p in problems:
            sev = getattr(p, "severity", "error")
            item = QListWidgetItem(f"{sev}: {p.message}")
            item.setData(Qt.ItemDataRole.UserRole, list(getattr(p, "areas", ())))
            item.setForeground(Qt.GlobalColor.darkRed if sev == "error" else Qt.GlobalColor.darkYellow)
            self.addItem(item)
        for d in diagnostics:
            item = QListWidgetItem(d.format() if hasattr(d, "format") else str(d))
            item.setData(Qt.ItemDataRole.UserRole, [])
            self.addItem(item)
        if self.count() == 0:
            self.addItem(QListWidgetItem("No problems: no overlaps, gaps, slivers or isolated areas"))

    def _go(self, item: QListWidgetItem) -> None:
        areas = item.data(Qt.ItemDataRole.UserRole) or []
        if areas:
            self.activated_areas.emit(list(areas))


class UnitsPanel(QWidget):
    """A scenario's units with the area each is set up in; Place puts the selected units in the selected
    area (one undo step), Remove takes them off the map. Counters can also be dragged between areas."""

    place_requested = Signal(object)  # list of unit ids
    remove_requested = Signal(object)
    unit_selected = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        self.list = QListWidget()
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.list.currentItemChanged.connect(self._current_changed)
        lay.addWidget(self.list)
        row = QHBoxLayout()
        self.place = QPushButton("Place in selected area")
        self.place.clicked.connect(lambda: self.place_requested.emit(self.selected_units()))
        self.remove = QPushButton("Take off the map")
        self.remove.clicked.connect(lambda: self.remove_requested.emit(self.selected_units()))
        row.addWidget(self.place)
        row.addWidget(self.remove)
        lay.addLayout(row)

    def _current_changed(self, cur: QListWidgetItem | None, _prev: QListWidgetItem | None) -> None:
        if cur is not None:
            self.unit_selected.emit(cur.data(Qt.ItemDataRole.UserRole))

    def selected_units(self) -> list[str]:
        return [i.data(Qt.ItemDataRole.UserRole) for i in self.list.selectedItems()]

    def set_scenario(self, scenario) -> None:
        keep = set(self.selected_units())
        self.list.clear()
        if scenario is None:
            return
        arrives = arrivals_text(scenario)
        for uid, u in scenario.units.items():
            where = scenario.placements.get(uid)
            text = f"area {where}" if where else arrives.get(uid, "not placed")
            item = QListWidgetItem(f"{uid} ({u.side}): {text}")
            item.setToolTip(f"{u.name or uid} ({u.side}, {u.formation or 'no formation'}): {text}")
            item.setData(Qt.ItemDataRole.UserRole, uid)
            self.list.addItem(item)
            if uid in keep:
                item.setSelected(True)

    def select(self, uid: str) -> None:
        for i in range(self.list.count()):
            item = self.list.item(i)
            item.setSelected(item.data(Qt.ItemDataRole.UserRole) == uid)


def arrivals_text(scenario) -> dict[str, str]:
    """How each reinforcement unit comes on, as the Units panel says it: "arrives Turn B, zone A, B or C"
    (the turn by its label on the turn track, as the game names it), "arrives Turn B at area 4"."""
    turns = {t.number: t.label for t in scenario.turns}
    where: dict[str, tuple[int, list[str]]] = {}
    for rf in scenario.reinforcements:
        e = rf.entry
        place = (f"zone {e.zone}" if e.zone else f"area {e.area}" if e.area else e.hex or e.offboard
                 or e.marker or (f"{e.edge_range[0]}-{e.edge_range[1]}" if e.edge_range else "") or "")
        for uid in rf.units:
            turn, places = where.setdefault(uid, (rf.turn, []))
            if place and place not in places:
                places.append(place)
    out = {}
    for uid, (turn, places) in where.items():
        label = turns.get(turn) or str(turn)
        zones = [p[5:] for p in places if p.startswith("zone ")]
        if zones and len(zones) == len(places):
            at = "zone " + (zones[0] if len(zones) == 1 else ", ".join(zones[:-1]) + " or " + zones[-1])
        else:
            at = " or ".join(places)
        out[uid] = f"arrives Turn {label}" + (f", {at}" if at.startswith("zone") else f" at {at}" if at else "")
    return out
