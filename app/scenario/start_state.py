"""The start state editor: what has already happened when play begins, for a scenario that starts
mid-game (`Scenario.start`, engine/model/scenario.py). Four tabs:

* Steps lost: every unit with where it starts and the steps (Koenig: Hits) it has already lost, edited
  in the table or with the spin box under it; the most a unit may have lost and still be in play is
  the family's rule (F&M 8.2.4: one for a unit with a reduced side, none for a one-step unit; Koenig
  9.2: two Hits), engine/validation/checks.py `max_steps_lost`.
* Hexsides: bridges demolished (F&M 10.6.3) and engineer ferries in operation (F&M 10.6.5): pick a bridge
  or water hexside from the list or type its label ("1422/1423"), choose the state, Add; the state is
  edited in the table.
* Markers: the hex a marker stands in at the start (a drop zone already moved), over its own hex.
* Turn and state: the turn and phase play begins in, the family's own start state and the units not on
  the map (start_play.py).

Each row shows the problems `hexwright validate` finds with its entry. Every edit is one command on the
document's undo stack (app/scenario/commands.py SetStepsLost, SetHexsideState, SetStartMarker); the
spin box's arrow presses on one unit merge into one undo step.
"""

from __future__ import annotations

from dataclasses import replace

from hexwright.engine.hexgrid import Hexside
from hexwright.engine.model import Scenario
from hexwright.engine.model.oob import unit_status
from hexwright.engine.model.scenario import HEXSIDE_START_STATES
from hexwright.engine.validation import Diagnostic, Severity, SourceMap, validate_scenario
from hexwright.engine.validation.checks import hexside_is_water, loss_words, max_steps_lost
from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QCheckBox,
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

from .grid import EditGrid, ScenarioPanel
from .start_commands import SetHexsideState, SetStartMarker, SetStepsLost
from .start_play import PlayStartPage

UNIT_COLUMNS = ["Unit", "Side", "Where", "Steps lost", "At most", "Problems"]
U_UNIT, U_SIDE, U_WHERE, U_STEPS, U_MOST, U_PROBLEMS = range(len(UNIT_COLUMNS))
HEXSIDE_COLUMNS = ["Hexside", "On the map", "State", "Problems"]
H_LABEL, H_MAP, H_STATE, H_PROBLEMS = range(len(HEXSIDE_COLUMNS))
MARKER_COLUMNS = ["Marker", "Kind", "Printed hex", "Start hex", "Problems"]
M_ID, M_KIND, M_PRINTED, M_START, M_PROBLEMS = range(len(MARKER_COLUMNS))
PARTS = ("steps_lost", "hexsides", "markers")
_KEY = Qt.ItemDataRole.UserRole  # the entry's key (unit id, hexside label, marker id) on a row's first cell
_MOST = Qt.ItemDataRole.UserRole + 1  # the spin box's maximum on a steps cell


def hexside_text(sc: Scenario, side: Hexside) -> str:
    """A hexside as rulebooks print it, the lower label first: '1422/1423'."""
    a, b = (sc.map.label(h) for h in side.hexes())
    return f"{a}/{b}" if a <= b else f"{b}/{a}"


def describe_hexside(sc: Scenario, side: Hexside | None) -> str:
    """What the map has on a hexside, in the words the start state is about: its bridge and water."""
    if side is None:
        return "not a hexside of the map"
    info = sc.map.hexsides.get(side)
    if info is None:
        return "no bridge or water"
    table = sc.map.terrain_table
    parts = []
    if info.bridge is not None:
        bt = table.bridges.get(info.bridge)
        name = (bt.name if bt is not None else info.bridge).lower()
        parts.append(name if "bridge" in name else f"{name} bridge")
    water = [f for f in info.features if hexside_is_water(sc.map, (f,))]
    if water:
        names = [(table.hexside_features[f].name if f in table.hexside_features else f).lower() for f in water]
        parts.append(("over " if info.bridge is not None else "") + ", ".join(names))
    return " ".join(parts) if parts else "no bridge or water"


def start_candidates(sc: Scenario) -> list[tuple[str, str]]:
    """(label, description) of the hexsides a start state is about: bridges first (they may start
    demolished, F&M 10.6.3), then unbridged water hexsides (a ferry may run there, F&M 10.6.5)."""
    bridges, water = [], []
    m = sc.map
    for side, info in m.hexsides.items():
        a, b = side.hexes()
        if not (m.contains(a) and m.contains(b)):
            continue
        if info.bridge is not None:
            bridges.append((hexside_text(sc, side), describe_hexside(sc, side)))
        elif hexside_is_water(m, info.features):
            water.append((hexside_text(sc, side), describe_hexside(sc, side)))
    return sorted(bridges) + sorted(water)


def start_diagnostics(sc: Scenario) -> dict[tuple[str, str], list[Diagnostic]]:
    """The validation diagnostics of each start entry, keyed by (part, key): the same checks
    `hexwright validate` runs, each entry anchored to its own line of a pseudo-file per part."""
    sm = SourceMap()
    keys: dict[str, list[str]] = {}
    for part in PARTS:
        keys[part] = list(getattr(sc.start, part))
        for i, key in enumerate(keys[part]):
            sm.set(("start", part, key), f"<start:{part}>", i + 1)
    out: dict[tuple[str, str], list[Diagnostic]] = {}
    for d in validate_scenario(sc, sm):
        part = d.file[len("<start:"):-1] if d.file.startswith("<start:") else ""
        if part in keys and 1 <= d.line <= len(keys[part]) and d.severity is not Severity.INFO:
            # the row says which entry it is about: "start: " would only repeat the panel's name
            shown = replace(d, message=d.message.removeprefix("start: "))
            out.setdefault((part, keys[part][d.line - 1]), []).append(shown)
    return out


def _key(grid: EditGrid, row: int, col: int) -> str:
    """The entry key kept on a row's first cell."""
    item = grid.item(row, col)
    return str(item.data(_KEY)) if item is not None else ""


class _StepsDelegate(QStyledItemDelegate):
    """The steps lost cell is edited with a spin box from 0 to the most the unit may have lost."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:
        spin = QSpinBox(parent)
        spin.setRange(0, int(index.data(_MOST) or 0))
        return spin

    def setEditorData(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex) -> None:
        assert isinstance(editor, QSpinBox)
        editor.setValue(int(index.data(Qt.ItemDataRole.EditRole) or 0))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel,
                     index: QModelIndex | QPersistentModelIndex) -> None:
        assert isinstance(editor, QSpinBox)
        editor.interpretText()
        model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)


class _StateDelegate(QStyledItemDelegate):
    """The hexside state cell is edited with a combo box of the states a hexside may start in."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:
        combo = QComboBox(parent)
        combo.addItems(list(HEXSIDE_START_STATES))
        return combo

    def setEditorData(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex) -> None:
        assert isinstance(editor, QComboBox)
        editor.setCurrentIndex(max(0, editor.findText(str(index.data(Qt.ItemDataRole.EditRole)))))

    def setModelData(self, editor: QWidget, model: QAbstractItemModel,
                     index: QModelIndex | QPersistentModelIndex) -> None:
        assert isinstance(editor, QComboBox)
        model.setData(index, editor.currentText(), Qt.ItemDataRole.EditRole)


def _fit_columns(table: EditGrid, problems: int) -> None:
    """Every column but the problems (which takes the rest) as wide as its text, within reason."""
    for col in range(problems):
        table.resizeColumnToContents(col)
        table.setColumnWidth(col, min(table.columnWidth(col), 240))


def _page(table: EditGrid, side: QVBoxLayout) -> QWidget:
    """A tab: the table, and its controls in a column beside it (the dock is wide and short)."""
    table.setMinimumHeight(72)
    table.setWordWrap(False)
    holder = QWidget()
    holder.setLayout(side)
    holder.setFixedWidth(300)
    page = QWidget()
    lay = QHBoxLayout(page)
    lay.setContentsMargins(4, 4, 4, 4)
    lay.addWidget(table, 1)
    lay.addWidget(holder)
    return page


class StartStateEditor(ScenarioPanel):
    refresh_on = ("start", "units", "placements", "reinforcements", "markers", "sides")

    def __init__(self, document, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.message = QLabel()
        self.message.setStyleSheet("color: #b00020;")
        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_units(), "Steps lost")
        self.tabs.addTab(self._build_hexsides(), "Hexsides")
        self.tabs.addTab(self._build_markers(), "Markers")
        self.play = PlayStartPage(document)  # turn, phase, the family's fields, units off the map
        self.tabs.addTab(self.play, "Turn and state")
        self.message.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.summary)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.message)
        self.watch()

    def say(self, text: str) -> None:
        """Show why an edit was refused (or clear it)."""
        self.message.setText(text)
        self.message.setVisible(bool(text))

    # -- building ----------------------------------------------------------------------------------
    def _build_units(self) -> QWidget:
        self.units = EditGrid(UNIT_COLUMNS)
        self.units.setItemDelegateForColumn(U_STEPS, _StepsDelegate(self.units))
        self.units.horizontalHeader().setSectionResizeMode(U_PROBLEMS, QHeaderView.ResizeMode.Stretch)
        self.units.setSelectionBehavior(EditGrid.SelectionBehavior.SelectRows)
        self.units.setSelectionMode(EditGrid.SelectionMode.SingleSelection)
        self.units.itemChanged.connect(self._on_unit_item_changed)
        self.units.currentCellChanged.connect(lambda *_a: self._sync_spin())
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("Filter units by id, side or where they start")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(lambda _t: self._apply_filter())
        self.only_lost = QCheckBox("Only units with steps lost")
        self.only_lost.toggled.connect(lambda _on: self._apply_filter())
        self.steps_label = QLabel("Steps lost")
        self.steps_spin = QSpinBox()
        self.steps_spin.setAccessibleName("Steps lost of the selected unit")
        self.steps_spin.valueChanged.connect(self._on_spin)
        self.steps_label.setBuddy(self.steps_spin)
        self.steps_why = QLabel()
        self.steps_why.setWordWrap(True)
        spin_row = QHBoxLayout()
        spin_row.addWidget(self.steps_label, 1)
        spin_row.addWidget(self.steps_spin)
        side = QVBoxLayout()
        side.addWidget(self.filter_edit)
        side.addWidget(self.only_lost)
        side.addSpacing(6)
        side.addLayout(spin_row)
        side.addWidget(self.steps_why)
        side.addStretch(1)
        return _page(self.units, side)

    def _build_hexsides(self) -> QWidget:
        self.hexsides = EditGrid(HEXSIDE_COLUMNS)
        self.hexsides.setItemDelegateForColumn(H_STATE, _StateDelegate(self.hexsides))
        self.hexsides.horizontalHeader().setSectionResizeMode(H_PROBLEMS, QHeaderView.ResizeMode.Stretch)
        self.hexsides.setSelectionBehavior(EditGrid.SelectionBehavior.SelectRows)
        self.hexsides.itemChanged.connect(self._on_hexside_item_changed)
        self.hexside_pick = QComboBox()
        self.hexside_pick.setEditable(True)
        self.hexside_pick.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.hexside_pick.setMinimumContentsLength(16)
        self.hexside_pick.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.hexside_pick.setToolTip("A bridge or water hexside of the map, or type its label: 1422/1423")
        line = self.hexside_pick.lineEdit()
        assert line is not None
        line.setPlaceholderText("pick, or type 1422/1423")
        line.returnPressed.connect(self.add_hexside)
        self.hexside_pick.currentIndexChanged.connect(self._on_pick)
        self.state_combo = QComboBox()
        self.state_combo.addItems(list(HEXSIDE_START_STATES))
        self.state_combo.setAccessibleName("Start state of the hexside")
        self.add_hexside_button = QPushButton("&Add hexside")
        self.add_hexside_button.clicked.connect(lambda: self.add_hexside())
        self.remove_hexside_button = QPushButton("&Remove hexside")
        self.remove_hexside_button.clicked.connect(self.remove_hexsides)
        pick_label = QLabel("&Hexside")
        pick_label.setBuddy(self.hexside_pick)
        state_label = QLabel("&State")
        state_label.setBuddy(self.state_combo)
        form = QFormLayout()
        form.addRow(pick_label, self.hexside_pick)
        form.addRow(state_label, self.state_combo)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_hexside_button)
        buttons.addWidget(self.remove_hexside_button)
        side = QVBoxLayout()
        side.addLayout(form)
        side.addLayout(buttons)
        side.addStretch(1)
        return _page(self.hexsides, side)

    def _build_markers(self) -> QWidget:
        self.markers = EditGrid(MARKER_COLUMNS)
        self.markers.horizontalHeader().setSectionResizeMode(M_PROBLEMS, QHeaderView.ResizeMode.Stretch)
        self.markers.setSelectionBehavior(EditGrid.SelectionBehavior.SelectRows)
        self.markers.itemChanged.connect(self._on_marker_item_changed)
        self.clear_marker_button = QPushButton("&Clear start hex")
        self.clear_marker_button.clicked.connect(self.clear_markers)
        note = QLabel("Type a hex in Start hex to have the marker start there instead of its printed hex "
                      "(a drop zone already moved); clear it to use the printed hex.")
        note.setWordWrap(True)
        side = QVBoxLayout()
        side.addWidget(note)
        side.addWidget(self.clear_marker_button)
        side.addStretch(1)
        return _page(self.markers, side)

    # -- showing -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        problems = start_diagnostics(self.scenario)
        self._refresh_units(problems)
        self._refresh_hexsides(problems)
        self._refresh_markers(problems)
        self._refresh_summary()

    def _refresh_summary(self) -> None:
        start = self.scenario.start
        lost_name = loss_words(self.scenario, 2)  # "steps lost", "Hits" (Koenig 9.2)
        if start.is_empty():
            self.summary.setText("Play begins from the printed set-up: no unit has lost a step, no bridge is "
                                 "demolished, no ferry runs and every marker is on its own hex.")
        else:
            lost = sum(n > 0 for n in start.steps_lost.values())
            states = list(start.hexsides.values())
            parts = [f"{lost} unit{'s' if lost != 1 else ''} with {lost_name}",
                     f"{states.count('demolished')} bridge{'s' if states.count('demolished') != 1 else ''} "
                     "demolished", f"{states.count('ferry')} ferr{'ies' if states.count('ferry') != 1 else 'y'}",
                     f"{len(start.markers)} marker{'s' if len(start.markers) != 1 else ''} moved"]
            when = (f"turn {start.turn}" if start.turn is not None else "the first turn") \
                + (f", {start.phase}" if start.phase else "")
            self.summary.setText(f"This scenario starts mid-game ({when}): " + ", ".join(parts) + ".")
        with_lost = sum(n > 0 for n in start.steps_lost.values())
        self.tabs.setTabText(0, f"{lost_name[:1].upper()}{lost_name[1:]} ({with_lost})")
        self.tabs.setTabText(1, f"Hexsides ({len(start.hexsides)})")
        self.tabs.setTabText(2, f"Markers ({len(start.markers)})")

    def _unit_rows(self) -> list[str]:
        sc = self.scenario
        return list(sc.units) + [uid for uid in sc.start.steps_lost if uid not in sc.units]

    def _refresh_units(self, problems: dict[tuple[str, str], list[Diagnostic]]) -> None:
        sc = self.scenario
        g = self.units
        rows = self._unit_rows()
        sides = {s.id: s.name or s.id for s in sc.sides}
        g.loading = True
        try:
            g.setRowCount(len(rows))
            for i, uid in enumerate(rows):
                u = sc.units.get(uid)
                n = sc.start.steps_lost.get(uid, 0)
                first = g.set_text(i, U_UNIT, uid, editable=False, tip=u.name if u is not None else "")
                first.setData(_KEY, uid)
                g.set_text(i, U_SIDE, sides.get(u.side, u.side) if u is not None else "", editable=False)
                where = unit_status(sc, uid).text() if u is not None else "no such unit"
                g.set_text(i, U_WHERE, where, editable=False, tip=where)
                most, why = max_steps_lost(sc, u) if u is not None else (0, "no unit has this id")
                steps = QTableWidgetItem()
                steps.setData(Qt.ItemDataRole.EditRole, n)
                steps.setData(_MOST, max(most, n))
                steps.setToolTip(why)
                steps.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEditable)
                steps.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                g.setItem(i, U_STEPS, steps)
                g.set_text(i, U_MOST, str(most), editable=False, tip=why).setTextAlignment(
                    Qt.AlignmentFlag.AlignCenter)
                g.mark_row(i, problems.get(("steps_lost", uid), []), U_PROBLEMS)
        finally:
            g.loading = False
        _fit_columns(g, U_PROBLEMS)
        self._apply_filter()
        self._sync_spin()

    def _refresh_hexsides(self, problems: dict[tuple[str, str], list[Diagnostic]]) -> None:
        sc = self.scenario
        g = self.hexsides
        g.loading = True
        try:
            g.setRowCount(len(sc.start.hexsides))
            for i, (label, state) in enumerate(sc.start.hexsides.items()):
                g.set_text(i, H_LABEL, label, editable=False).setData(_KEY, label)
                g.set_text(i, H_MAP, describe_hexside(sc, sc.map.hexside_at(label)), editable=False)
                g.set_text(i, H_STATE, state, tip="demolished: a bridge blown (F&M 10.6.3); ferry: an engineer "
                           "ferry in operation (F&M 10.6.5)")
                g.mark_row(i, problems.get(("hexsides", label), []), H_PROBLEMS)
        finally:
            g.loading = False
        _fit_columns(g, H_PROBLEMS)
        self._fill_candidates()

    def _fill_candidates(self) -> None:
        pick = self.hexside_pick
        text = pick.currentText()
        pick.blockSignals(True)
        try:
            pick.clear()
            for label, what in start_candidates(self.scenario):
                pick.addItem(f"{label}  {what}", label)
            pick.setCurrentIndex(-1)
            pick.setEditText(text)
        finally:
            pick.blockSignals(False)

    def _marker_rows(self) -> list[str]:
        sc = self.scenario
        return list(sc.markers) + [mid for mid in sc.start.markers if mid not in sc.markers]

    def _refresh_markers(self, problems: dict[tuple[str, str], list[Diagnostic]]) -> None:
        sc = self.scenario
        g = self.markers
        rows = self._marker_rows()
        g.loading = True
        try:
            g.setRowCount(len(rows))
            for i, mid in enumerate(rows):
                mk = sc.markers.get(mid)
                g.set_text(i, M_ID, mid, editable=False, tip=mk.label if mk is not None else "").setData(_KEY, mid)
                g.set_text(i, M_KIND, mk.kind if mk is not None else "no such marker", editable=False)
                g.set_text(i, M_PRINTED, (mk.hex or "placed during play") if mk is not None else "", editable=False)
                g.set_text(i, M_START, sc.start.markers.get(mid, ""), tip="empty: the marker starts on its printed hex")
                g.mark_row(i, problems.get(("markers", mid), []), M_PROBLEMS)
        finally:
            g.loading = False
        _fit_columns(g, M_PROBLEMS)

    def _apply_filter(self) -> None:
        words = self.filter_edit.text().strip().lower()
        only = self.only_lost.isChecked()
        g = self.units
        steps_lost = self.scenario.start.steps_lost
        for row in range(g.rowCount()):
            text = " ".join(g.text(row, c) for c in (U_UNIT, U_SIDE, U_WHERE)).lower()
            lost = steps_lost.get(_key(g, row, U_UNIT), 0) > 0
            g.setRowHidden(row, (bool(words) and words not in text) or (only and not lost))

    def current_unit(self) -> str | None:
        row = self.units.currentRow()
        item = self.units.item(row, U_UNIT) if row >= 0 else None
        return str(item.data(_KEY)) if item is not None else None

    def _sync_spin(self) -> None:
        uid = self.current_unit()
        spin = self.steps_spin
        spin.blockSignals(True)
        try:
            if uid is None:
                spin.setEnabled(False)
                spin.setValue(0)
                self.steps_label.setText("Steps lost (select a unit)")
                self.steps_why.clear()
                return
            u = self.scenario.units.get(uid)
            n = self.scenario.start.steps_lost.get(uid, 0)
            most, why = max_steps_lost(self.scenario, u) if u is not None else (0, "no unit has this id")
            spin.setRange(0, max(most, n))
            spin.setValue(n)
            spin.setEnabled(max(most, n) > 0)
            lost = loss_words(self.scenario, 2)
            lost = lost[:1].upper() + lost[1:]
            self.steps_label.setText(f"{lost} of {uid}")
            self.steps_why.setText(f"at most {most}: {why}")
        finally:
            spin.blockSignals(False)

    # -- edits -------------------------------------------------------------------------------------
    def set_steps_lost(self, unit_id: str, steps: int) -> bool:
        """Push the edit; False (with the reason shown) when it is refused."""
        if self.scenario.start.steps_lost.get(unit_id, 0) == steps:
            return True
        try:
            command = SetStepsLost(self.document, unit_id, steps)
        except (KeyError, ValueError) as exc:
            self.say(str(exc).strip("'\""))
            return False
        self.say("")
        self.document.undo_stack.push(command)
        return True

    def _on_spin(self, value: int) -> None:
        uid = self.current_unit()
        if uid is not None:
            self.set_steps_lost(uid, value)

    def _on_unit_item_changed(self, item: QTableWidgetItem) -> None:
        if self.units.loading or item.column() != U_STEPS:
            return
        uid = _key(self.units, item.row(), U_UNIT)
        value = item.data(Qt.ItemDataRole.EditRole)
        try:
            steps = int(value)
        except (TypeError, ValueError):
            self.say(f"steps lost of {uid} must be a whole number, not {value!r}")
            self.refresh()
            return
        if not self.set_steps_lost(str(uid), steps):
            self.refresh()

    def _on_pick(self, index: int) -> None:
        """A bridge is picked to be demolished, an unbridged water hexside to carry a ferry."""
        label = self.hexside_pick.itemData(index)
        side = self.scenario.map.hexside_at(str(label)) if label else None
        info = self.scenario.map.hexsides.get(side) if side is not None else None
        if info is not None:
            self.state_combo.setCurrentText("demolished" if info.bridge is not None else "ferry")

    def picked_label(self) -> str:
        pick = self.hexside_pick
        text = pick.currentText().strip()
        i = pick.findText(text)
        data = pick.itemData(i) if i >= 0 else None
        return str(data) if data else (text.split()[0] if text else "")

    def add_hexside(self, label: str | None = None, state: str | None = None) -> bool:
        """Give a hexside (picked, typed or `label`) a start state; one that already has one changes
        state. A label that is not two adjacent hexes of the map is refused with the reason shown."""
        sc = self.scenario
        label = (label if label is not None else self.picked_label()).strip()
        state = state or self.state_combo.currentText()
        side = sc.map.hexside_at(label)
        if side is None:
            self.say(f"{label or 'nothing'} is not a hexside of the map: write two adjacent hexes, "
                                 "for example 1422/1423" if label else "pick a hexside or type its label")
            return False
        existing = next((k for k in sc.start.hexsides if sc.map.hexside_at(k) == side), None)
        key = existing or hexside_text(sc, side)
        if sc.start.hexsides.get(key) == state:
            self.say(f"hexside {key} already starts {state}")
            return False
        self.say("")
        self.document.undo_stack.push(SetHexsideState(self.document, key, state))
        self.hexside_pick.setEditText("")
        return True

    def remove_hexsides(self) -> None:
        g = self.hexsides
        rows = sorted({i.row() for i in g.selectedIndexes()} or ({g.currentRow()} - {-1}))
        labels = [_key(g, r, H_LABEL) for r in rows]
        if not labels:
            return
        stack = self.document.undo_stack
        stack.beginMacro(f"Clear the start state of {len(labels)} hexside{'s' if len(labels) != 1 else ''}")
        for label in labels:
            stack.push(SetHexsideState(self.document, label, None))
        stack.endMacro()

    def _on_hexside_item_changed(self, item: QTableWidgetItem) -> None:
        if self.hexsides.loading or item.column() != H_STATE:
            return
        label = _key(self.hexsides, item.row(), H_LABEL)
        state = item.text().strip()
        if state == self.scenario.start.hexsides.get(label):
            return
        try:
            command = SetHexsideState(self.document, label, state)
        except (KeyError, ValueError) as exc:
            self.say(str(exc))
            self.refresh()
            return
        self.say("")
        self.document.undo_stack.push(command)

    def set_marker_hex(self, marker_id: str, hex_label: str | None) -> bool:
        if self.scenario.start.markers.get(marker_id) == hex_label:
            return True
        try:
            command = SetStartMarker(self.document, marker_id, hex_label)
        except (KeyError, ValueError) as exc:
            self.say(str(exc).strip("'\""))
            return False
        self.say("")
        self.document.undo_stack.push(command)
        return True

    def _on_marker_item_changed(self, item: QTableWidgetItem) -> None:
        if self.markers.loading or item.column() != M_START:
            return
        mid = _key(self.markers, item.row(), M_ID)
        text = item.text().strip()
        if not self.set_marker_hex(mid, text or None):
            self.refresh()

    def clear_markers(self) -> None:
        g = self.markers
        rows = sorted({i.row() for i in g.selectedIndexes()} or ({g.currentRow()} - {-1}))
        ids = [_key(g, r, M_ID) for r in rows]
        ids = [mid for mid in ids if mid in self.scenario.start.markers]
        if not ids:
            return
        stack = self.document.undo_stack
        stack.beginMacro(f"Clear the start hex of {len(ids)} marker{'s' if len(ids) != 1 else ''}")
        for mid in ids:
            stack.push(SetStartMarker(self.document, mid, None))
        stack.endMacro()
