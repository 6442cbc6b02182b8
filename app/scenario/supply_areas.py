"""The supply and off-board areas editor of a Target Arnhem scenario (Target Arnhem: Across 6 Bridges,
001_69d92a61f68ed4f9.txt: Supply Points, Re-Supply, German Overrun of Paratroop Supply Marker, Movement),
in three tabs:

* Supply stripes: every unit with its stripe (gold Wehrmacht, red SS, maroon British 1st and Polish Para,
  yellow 101st, light green 82nd, none for XXX Corps) and the supply points it spends; the stripe is chosen
  in the table (a combo box: F2 or typing opens it) or set for every selected unit at once.
* Para supply markers: one per airborne division, its stripe and its hex; added, edited, removed.
* Off-board areas: the map regions of kind `offboard`: name, the edge hexes they adjoin (typed as labels,
  added along a map edge, or painted with the editor's region tool), the areas next to them, a label.

The data's shape is engine/rules/target_arnhem/design.py's. Every edit is one command on the document's
undo stack: a stripe is `ChangeUnit(.., "supply", ..)` (several units at once are one macro), a marker
`EditMarker`, an area `EditOffboardArea` (app/scenario/offboard.py). Each row shows the problems
`hexwright validate` finds with it.
"""

from __future__ import annotations

from hexwright.app.counters.draw import SUPPLY_STRIPES
from hexwright.engine.model import MarkerDef, Region, Scenario
from hexwright.engine.model.hexmap import EDGE_SIDES, MapChange
from hexwright.engine.rules.registry import RULES_FAMILIES
from hexwright.engine.rules.target_arnhem.design import (
    AIRBORNE_STRIPES,
    OFFBOARD,
    PARA_SUPPLY,
    STRIPES,
    offboard_areas,
    para_markers,
)
from hexwright.engine.validation import Diagnostic, Severity, SourceMap, validate_scenario
from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt, QTimer
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from .commands import ChangeUnit, EditMarker
from .grid import EditGrid, ScenarioPanel, split_list
from .offboard import AREA_COLOR, EditOffboardArea

STRIPE_COLUMNS = ["Unit", "Side", "Formation", "Type", "Stripe", "Spends", "Problems"]
S_UNIT, S_SIDE, S_FORMATION, S_TYPE, S_STRIPE, S_SPENDS, S_PROBLEMS = range(len(STRIPE_COLUMNS))
MARKER_COLUMNS = ["Marker", "Stripe", "Hex", "Label", "Problems"]
M_ID, M_STRIPE, M_HEX, M_LABEL, M_PROBLEMS = range(len(MARKER_COLUMNS))
AREA_COLUMNS = ["Area", "Hexes", "Adjacent areas", "Label", "Problems"]
A_NAME, A_HEXES, A_ADJACENT, A_LABEL, A_PROBLEMS = range(len(AREA_COLUMNS))
_KEY = Qt.ItemDataRole.UserRole  # the row's unit id, marker id or area name, on its first cell
_STRIPE = Qt.ItemDataRole.UserRole + 1  # the stripe id on a stripe cell
FILES = {"unit": "<units>", "marker": "<markers>", "region": "<areas>"}


def shows_supply_areas(sc: Scenario) -> bool:
    """Whether a scenario needs this editor: its family draws supply stripes (its registry entry's
    `supply_stripes`: Target Arnhem), or it already has off-board areas or para supply markers."""
    family = RULES_FAMILIES.get(sc.rules)
    return (family is not None and family.supply_stripes) or bool(offboard_areas(sc.map)) or bool(para_markers(sc))


def stripe_icon(stripe: str, size: int = 14) -> QIcon:
    pm = QPixmap(size, size)
    pm.fill(QColor(SUPPLY_STRIPES.get(stripe, "#00000000")) if stripe else QColor(0, 0, 0, 0))
    return QIcon(pm)


def row_problems(sc: Scenario) -> dict[tuple[str, str], list[Diagnostic]]:
    """The validation diagnostics of each unit, marker and off-board area, keyed by (kind, id): the same
    checks `hexwright validate` runs, each item anchored to its own line of a pseudo-file per kind."""
    sm = SourceMap()
    keys: dict[str, list[str]] = {"unit": list(sc.units), "marker": list(sc.markers),
                                  "region": list(sc.map.regions)}
    for part, ids in keys.items():
        for i, key in enumerate(ids):
            sm.set((part, key), FILES[part], i + 1)
    out: dict[tuple[str, str], list[Diagnostic]] = {}
    files = {f: k for k, f in FILES.items()}
    for d in validate_scenario(sc, sm):
        kind = files.get(d.file)
        if kind is None or d.severity is Severity.INFO or not 1 <= d.line <= len(keys[kind]):
            continue
        out.setdefault((kind, keys[kind][d.line - 1]), []).append(d)
    return out


class _StripeDelegate(QStyledItemDelegate):
    """A stripe cell is edited with a combo box of the stripes (`airborne`: only the airborne divisions')."""

    def __init__(self, parent: QWidget, airborne: bool = False) -> None:
        super().__init__(parent)
        self.stripes = [s for s in STRIPES.values() if s.airborne or not airborne]

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:
        combo = QComboBox(parent)
        for s in self.stripes:
            combo.addItem(stripe_icon(s.id), s.name, s.id)
        return combo

    def setEditorData(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex) -> None:
        assert isinstance(editor, QComboBox)
        editor.setCurrentIndex(max(0, editor.findData(index.data(_STRIPE))))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel,
                     index: QModelIndex | QPersistentModelIndex) -> None:
        assert isinstance(editor, QComboBox)
        model.setData(index, editor.currentData(), _STRIPE)  # the panel pushes the edit; its refresh shows it


def _page(table: EditGrid, side: QVBoxLayout, note: str) -> QWidget:
    """A tab: the table, and its controls in a column beside it (the dock is wide and short)."""
    table.setMinimumHeight(72)
    table.setWordWrap(False)
    table.horizontalHeader().setSectionResizeMode(table.columnCount() - 1, QHeaderView.ResizeMode.Stretch)
    table.setSelectionBehavior(EditGrid.SelectionBehavior.SelectRows)
    text = QLabel(note)
    text.setWordWrap(True)
    side.insertWidget(0, text)
    side.addStretch(1)
    holder = QWidget()
    holder.setLayout(side)
    holder.setFixedWidth(310)
    page = QWidget()
    lay = QHBoxLayout(page)
    lay.setContentsMargins(4, 4, 4, 4)
    lay.addWidget(table, 1)
    lay.addWidget(holder)
    return page


def _key(grid: EditGrid, row: int) -> str:
    item = grid.item(row, 0)
    return str(item.data(_KEY)) if item is not None else ""


def _selected_rows(grid: EditGrid) -> list[int]:
    rows = sorted({i.row() for i in grid.selectedIndexes()})
    if not rows and grid.currentRow() >= 0:
        rows = [grid.currentRow()]
    return rows


class SupplyAreasEditor(ScenarioPanel):
    refresh_on = ("units", "markers", "areas", "reinforcements", "sides")

    def __init__(self, document, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.message = QLabel()
        self.message.setStyleSheet("color: #b00020;")
        self.message.hide()
        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_stripes(), "Supply stripes")
        self.tabs.addTab(self._build_markers(), "Para supply markers")
        self.tabs.addTab(self._build_areas(), "Off-board areas")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.message)
        self._areas_due = False
        self._map = self.scenario.map
        self._map.subscribe(self._on_map_change)  # the region tool paints areas too
        self.watch()

    def detach(self) -> None:
        """Stop following the map (the panel is closed)."""
        self._map.unsubscribe(self._on_map_change)

    def _on_map_change(self, change: MapChange) -> None:
        """A region painted or changed on the map: the areas are shown again once the edit is done."""
        if change.kind == "regions" and not self._areas_due:
            self._areas_due = True
            QTimer.singleShot(0, self._refresh_areas_due)

    def _refresh_areas_due(self) -> None:
        if self._areas_due:
            self._areas_due = False
            self.refresh_areas(row_problems(self.scenario))

    def say(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    # -- building ------------------------------------------------------------------------------------
    def _build_stripes(self) -> QWidget:
        self.stripes = EditGrid(STRIPE_COLUMNS)
        self.stripes.setItemDelegateForColumn(S_STRIPE, _StripeDelegate(self.stripes))
        self.stripes.itemChanged.connect(self._on_stripe_item_changed)
        self.stripe_combo = QComboBox()
        for s in STRIPES.values():
            self.stripe_combo.addItem(stripe_icon(s.id), s.name, s.id)
        self.stripe_combo.setAccessibleName("Supply stripe for the selected units")
        self.set_stripe_button = QPushButton("Set &stripe of the selected units")
        self.set_stripe_button.clicked.connect(lambda: self.set_selected_stripe())
        label = QLabel("S&tripe")
        label.setBuddy(self.stripe_combo)
        form = QFormLayout()
        form.addRow(label, self.stripe_combo)
        side = QVBoxLayout()
        side.addLayout(form)
        side.addWidget(self.set_stripe_button)
        return _page(self.stripes, side, "Each unit spends the supply points of its stripe (Target Arnhem: "
                     "Supply Points). Pick a stripe in the table (F2), or select units and set one for all.")

    def _build_markers(self) -> QWidget:
        self.markers = EditGrid(MARKER_COLUMNS)
        self.markers.setItemDelegateForColumn(M_STRIPE, _StripeDelegate(self.markers, airborne=True))
        self.markers.itemChanged.connect(self._on_marker_item_changed)
        self.add_marker_button = QPushButton("&Add para supply marker")
        self.add_marker_button.clicked.connect(lambda: self.add_marker())
        self.remove_marker_button = QPushButton("&Remove marker")
        self.remove_marker_button.clicked.connect(self.remove_markers)
        side = QVBoxLayout()
        side.addWidget(self.add_marker_button)
        side.addWidget(self.remove_marker_button)
        return _page(self.markers, side, "Airborne units are in supply within 2 hexes of their division's "
                     "marker and drop there (Target Arnhem: Re-Supply, Reinforcements); a German unit entering its "
                     "hex overruns it.")

    def _build_areas(self) -> QWidget:
        self.areas = EditGrid(AREA_COLUMNS)
        self.areas.itemChanged.connect(self._on_area_item_changed)
        self.area_name = QLineEdit()
        self.area_name.setPlaceholderText("a name in one word: F")
        self.edge_combo = QComboBox()
        self.first_spin = QSpinBox()
        self.last_spin = QSpinBox()
        for spin in (self.first_spin, self.last_spin):
            spin.setRange(1, 999)
        self.first_spin.setAccessibleName("First hex along the edge")
        self.last_spin.setAccessibleName("Last hex along the edge")
        self.edge_combo.currentIndexChanged.connect(lambda _i: self._fit_spins())
        self.add_area_button = QPushButton("A&dd area along the edge")
        self.add_area_button.clicked.connect(lambda: self.add_area_from_form())
        self.area_name.returnPressed.connect(lambda: self.add_area_from_form())
        self.remove_area_button = QPushButton("Re&move area")
        self.remove_area_button.clicked.connect(self.remove_areas)
        name_label = QLabel("&Name")
        name_label.setBuddy(self.area_name)
        edge_label = QLabel("&Edge")
        edge_label.setBuddy(self.edge_combo)
        span = QHBoxLayout()
        span.addWidget(self.first_spin)
        span.addWidget(QLabel("to"))
        span.addWidget(self.last_spin)
        form = QFormLayout()
        form.addRow(name_label, self.area_name)
        form.addRow(edge_label, self.edge_combo)
        form.addRow("Hexes", span)
        side = QVBoxLayout()
        side.addLayout(form)
        side.addWidget(self.add_area_button)
        side.addWidget(self.remove_area_button)
        return _page(self.areas, side, "German units enter and trace supply from off-board areas; each adjoins "
                     "hexes on the map's edge (Target Arnhem: Movement). Type hex labels, or paint them with the "
                     "region tool.")

    # -- showing -------------------------------------------------------------------------------------
    def refresh(self) -> None:
        self._areas_due = False
        problems = row_problems(self.scenario)
        self.refresh_stripes(problems)
        self.refresh_markers(problems)
        self.refresh_areas(problems)
        self._fill_edges()

    def refresh_stripes(self, problems: dict[tuple[str, str], list[Diagnostic]]) -> None:
        sc = self.scenario
        g = self.stripes
        g.loading = True
        try:
            g.setRowCount(len(sc.units))
            for i, (uid, u) in enumerate(sc.units.items()):
                g.set_text(i, S_UNIT, uid, editable=False, tip=u.name).setData(_KEY, uid)
                side = sc.side(u.side)
                g.set_text(i, S_SIDE, side.name if side else u.side, editable=False)
                g.set_text(i, S_FORMATION, u.formation, editable=False)
                g.set_text(i, S_TYPE, u.unit_type, editable=False)
                s = STRIPES.get(u.supply)
                item = g.set_text(i, S_STRIPE, s.name if s else u.supply, tip="F2: choose the stripe")
                item.setData(_STRIPE, u.supply)
                item.setIcon(stripe_icon(u.supply))
                g.set_text(i, S_SPENDS, ", ".join(s.pools) + " points" if s else "", editable=False)
                g.mark_row(i, problems.get(("unit", uid), []), S_PROBLEMS)
        finally:
            g.loading = False
        n = sum(1 for u in sc.units.values() if u.supply)
        self.tabs.setTabText(0, f"Supply stripes ({n})")

    def refresh_markers(self, problems: dict[tuple[str, str], list[Diagnostic]]) -> None:
        sc = self.scenario
        g = self.markers
        ids = list(para_markers(sc))
        g.loading = True
        try:
            g.setRowCount(len(ids))
            for i, mid in enumerate(ids):
                mk = sc.markers[mid]
                g.set_text(i, M_ID, mid).setData(_KEY, mid)
                stripe = str(mk.values.get("stripe", ""))
                s = STRIPES.get(stripe)
                item = g.set_text(i, M_STRIPE, s.name if s else stripe, tip="F2: choose the division's stripe")
                item.setData(_STRIPE, stripe)
                item.setIcon(stripe_icon(stripe))
                g.set_text(i, M_HEX, mk.hex or "", tip="the hex of the para supply area")
                g.set_text(i, M_LABEL, mk.label)
                g.mark_row(i, problems.get(("marker", mid), []), M_PROBLEMS)
        finally:
            g.loading = False
        self.tabs.setTabText(1, f"Para supply markers ({len(ids)})")

    def refresh_areas(self, problems: dict[tuple[str, str], list[Diagnostic]]) -> None:
        m = self.scenario.map
        areas = offboard_areas(m)
        g = self.areas
        g.loading = True
        try:
            g.setRowCount(len(areas))
            for i, (name, r) in enumerate(areas.items()):
                g.set_text(i, A_NAME, name).setData(_KEY, name)
                labels = sorted(m.label(h) for h in r.hexes)
                g.set_text(i, A_HEXES, ", ".join(labels), tip=f"{len(labels)} hexes")
                g.set_text(i, A_ADJACENT, ", ".join(r.adjacent))
                g.set_text(i, A_LABEL, r.label)
                g.mark_row(i, problems.get(("region", name), []), A_PROBLEMS)
        finally:
            g.loading = False
        self.tabs.setTabText(2, f"Off-board areas ({len(areas)})")

    def _fill_edges(self) -> None:
        m = self.scenario.map
        current = self.edge_combo.currentData()
        self.edge_combo.blockSignals(True)
        self.edge_combo.clear()
        compass = {v: k for k, v in m.edges.items()}
        for side in EDGE_SIDES:
            self.edge_combo.addItem(f"{side} ({compass[side]})" if side in compass else side, side)
        i = self.edge_combo.findData(current)
        self.edge_combo.setCurrentIndex(i if i >= 0 else 0)
        self.edge_combo.blockSignals(False)
        self._fit_spins()

    def _fit_spins(self) -> None:
        side = self.edge_combo.currentData()
        n = len(self.scenario.map.edge_side_hexes(side)) if side else 1
        for spin in (self.first_spin, self.last_spin):
            spin.setRange(1, max(1, n))
        self.last_spin.setValue(min(self.last_spin.value() or n, n))

    # -- supply stripes ------------------------------------------------------------------------------
    def set_stripe(self, unit_ids: list[str], stripe: str) -> None:
        """One unit's stripe, or several units' as one undo step."""
        sc = self.scenario
        ids = [u for u in unit_ids if u in sc.units and sc.units[u].supply != stripe]
        if not ids:
            return
        stack = self.document.undo_stack
        if len(ids) == 1:
            stack.push(ChangeUnit(self.document, ids[0], "supply", stripe))
            return
        name = STRIPES[stripe].name if stripe in STRIPES else stripe
        stack.beginMacro(f"Set the supply stripe of {len(ids)} units to {name}")
        for uid in ids:
            stack.push(ChangeUnit(self.document, uid, "supply", stripe))
        stack.endMacro()

    def set_selected_stripe(self) -> None:
        rows = _selected_rows(self.stripes)
        if not rows:
            self.say("Select the units first")
            return
        self.say("")
        self.set_stripe([_key(self.stripes, r) for r in rows], str(self.stripe_combo.currentData()))

    def _on_stripe_item_changed(self, item: QTableWidgetItem) -> None:
        if self.stripes.loading or item.column() != S_STRIPE:
            return
        stripe = item.data(_STRIPE)
        uid = _key(self.stripes, item.row())
        if stripe is None or uid not in self.scenario.units or self.scenario.units[uid].supply == stripe:
            return
        self.set_stripe([uid], str(stripe))

    # -- para supply markers -------------------------------------------------------------------------
    def _allied_side(self) -> str:
        sides = [s.id for s in self.scenario.sides]
        return "allied" if "allied" in sides else (sides[0] if sides else "")

    def add_marker(self, stripe: str | None = None, hex_label: str | None = None) -> str:
        """A para supply marker for `stripe` (the first airborne stripe without one) in `hex_label` (the map's
        middle hex)."""
        sc = self.scenario
        if stripe is None:
            taken = set(para_markers(sc).values())
            stripe = next((s for s in AIRBORNE_STRIPES if s not in taken), AIRBORNE_STRIPES[0])
        n, mid = 1, f"para-{stripe}"
        while mid in sc.markers or mid in sc.units:
            n += 1
            mid = f"para-{stripe}-{n}"
        if hex_label is None:
            hexes = sc.map.hexes
            hex_label = sc.map.label(hexes[len(hexes) // 2]) if hexes else None
        name = STRIPES[stripe].name if stripe in STRIPES else stripe
        marker = MarkerDef(mid, PARA_SUPPLY, self._allied_side(), f"Para supply: {name}", hex_label,
                           {"stripe": stripe})
        self.document.undo_stack.push(EditMarker(self.document, mid, marker))
        return mid

    def remove_markers(self) -> None:
        ids = [_key(self.markers, r) for r in _selected_rows(self.markers)]
        if not ids:
            return
        stack = self.document.undo_stack
        stack.beginMacro(f"Remove {len(ids)} para supply marker{'s' if len(ids) != 1 else ''}")
        for mid in ids:
            stack.push(EditMarker(self.document, mid, None))
        stack.endMacro()

    def _on_marker_item_changed(self, item: QTableWidgetItem) -> None:
        g = self.markers
        if g.loading or item.column() == M_PROBLEMS:
            return
        row = item.row()
        old_id = _key(g, row)
        old = self.scenario.markers.get(old_id)
        if old is None:
            return
        cell = g.item(row, M_STRIPE)
        stripe = cell.data(_STRIPE) if cell is not None else None
        values = dict(old.values)
        values["stripe"] = stripe if stripe is not None else values.get("stripe", "")
        new = MarkerDef(g.text(row, M_ID), PARA_SUPPLY, old.side, g.text(row, M_LABEL), g.text(row, M_HEX) or None,
                        values)
        if new == old:
            return
        try:
            cmd = EditMarker(self.document, old_id, new)
        except ValueError as exc:
            self.say(f"Marker {old_id}: {exc}")
            self.refresh_markers(row_problems(self.scenario))
            return
        self.say("")
        self.document.undo_stack.push(cmd)

    # -- off-board areas -----------------------------------------------------------------------------
    def edit_area(self, name: str | None, new: Region | None) -> bool:
        """Push the area's edit; False (and the reason shown) when it is refused."""
        try:
            cmd = EditOffboardArea(self.document, name, new)
        except (ValueError, KeyError) as exc:
            self.say(f"Off-board area: {exc.args[0] if exc.args else exc}")
            return False
        self.say("")
        self.document.undo_stack.push(cmd)
        return True

    def add_area(self, name: str, edge: str, first: int, last: int, adjacent: list[str] | None = None) -> bool:
        """An area adjoining hexes `first` to `last` (1-based, in order along the edge) of a map edge."""
        along = self.scenario.map.edge_side_hexes(edge)
        lo, hi = sorted((first, last))
        hexes = set(along[max(0, lo - 1):hi])
        label = f"Off-board area {name}"
        return self.edit_area(None, Region(name, OFFBOARD, hexes, adjacent=list(adjacent or []), color=AREA_COLOR,
                                           label=label))

    def add_area_from_form(self) -> bool:
        ok = self.add_area(self.area_name.text().strip(), str(self.edge_combo.currentData()),
                           self.first_spin.value(), self.last_spin.value())
        if ok:
            self.area_name.clear()
        return ok

    def remove_areas(self) -> None:
        names = [_key(self.areas, r) for r in _selected_rows(self.areas)]
        if not names:
            return
        stack = self.document.undo_stack
        stack.beginMacro(f"Remove {len(names)} off-board area{'s' if len(names) != 1 else ''}")
        for name in names:
            self.edit_area(name, None)
        stack.endMacro()

    def _on_area_item_changed(self, item: QTableWidgetItem) -> None:
        g = self.areas
        if g.loading or item.column() == A_PROBLEMS:
            return
        row = item.row()
        name = _key(g, row)
        m = self.scenario.map
        old = m.regions.get(name)
        if old is None:
            return
        hexes = set()
        for lab in split_list(g.text(row, A_HEXES), spaces=True):
            h = m.hex_at(lab)
            if h is None:
                self.say(f"Off-board area {name}: {lab} is not a hex of the map")
                self.refresh_areas(row_problems(self.scenario))
                return
            hexes.add(h)
        new = Region(g.text(row, A_NAME), OFFBOARD, hexes, list(old.polygon), split_list(g.text(row, A_ADJACENT)),
                     old.color, g.text(row, A_LABEL))
        if new == old:
            return
        if not self.edit_area(name, new):
            self.refresh_areas(row_problems(self.scenario))
