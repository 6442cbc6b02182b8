"""The Start state panel's "Turn and state" tab: where a scenario that starts mid-game begins (the turn
and the phase, `Scenario.start.turn` and `.phase`), the family's own start state (its registry entry's
`start_fields`: the Tactical Advantage, area control, VP, supply points, support fire markers held) and
the units not on the map when play begins: out of play (eliminated, exited, a family's own states such
as Koenig's lost landings) or in an off-board area (Target Arnhem).

A field is typed as the scenario file writes it ("german", "4", "{SS: 3}", "[british]") and checked
as the loader checks the file (formats/startfile.py `parse_field`): a value it refuses is not set and
the refusal is shown. Every edit is one command on the document's undo stack (start_commands.py
SetStartValue, SetUnitStart). The problems `hexwright validate` finds with these entries are listed
under the tab."""

from __future__ import annotations

from hexwright.engine.formats.startfile import field_text, parse_field
from hexwright.engine.model.scenario import OUT_OF_PLAY_STATES, turn_index
from hexwright.engine.rules.registry import RULES_FAMILIES, RulesFamily
from hexwright.engine.validation import validate_scenario
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from .grid import EditGrid, ScenarioPanel
from .start_commands import SetStartValue, SetUnitStart

# the codes of the diagnostics this tab's entries can have (engine/validation/startchecks.py)
PLAY_CODES = ("start-turn", "start-phase", "start-field", "start-offboard", "start-out-of-play", "start-arrived")
FIRST_TURN = "first turn (play as printed)"
OPENING = "the turn's opening"
OFFBOARD = "off-board area "


class PlayStartPage(ScenarioPanel):
    """Turn, phase, the family's fields and the units not on the map when play begins."""

    refresh_on = ("start", "units", "placements", "reinforcements", "sides", "turns", "rules", "map")

    def __init__(self, document, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.loading = False
        self.turn_combo = QComboBox()
        self.turn_combo.setAccessibleName("Turn play starts in")
        self.turn_combo.activated.connect(lambda _i: self._on_turn())
        self.phase_combo = QComboBox()
        self.phase_combo.setAccessibleName("Phase play starts in")
        self.phase_combo.activated.connect(lambda _i: self._on_phase())
        self.form = QFormLayout()
        self.form.addRow("&Turn", self.turn_combo)
        self.form.addRow("&Phase", self.phase_combo)
        self.field_edits: dict[str, QLineEdit] = {}
        self.units = EditGrid(["Unit", "Starts"])
        self.units.horizontalHeader().setStretchLastSection(True)
        self.units.setSelectionBehavior(EditGrid.SelectionBehavior.SelectRows)
        self.unit_pick = QComboBox()
        self.unit_pick.setEditable(True)
        self.unit_pick.setAccessibleName("Unit not on the map")
        self.where_pick = QComboBox()
        self.where_pick.setAccessibleName("Where the unit starts")
        self.set_unit_button = QPushButton("&Set")
        self.set_unit_button.clicked.connect(self.set_unit)
        self.clear_unit_button = QPushButton("C&lear")
        self.clear_unit_button.clicked.connect(self.clear_units)
        self.message = QLabel()
        self.message.setStyleSheet("color: #b00020;")
        self.message.setWordWrap(True)
        self.problems = QPlainTextEdit()  # the problems validation finds, a few lines tall and scrolled
        self.problems.setReadOnly(True)
        self.problems.setMaximumHeight(96)
        self.problems.setAccessibleName("Problems with where play starts")
        left = QVBoxLayout()
        left.addLayout(self.form)
        left.addStretch(1)
        pick = QHBoxLayout()
        pick.addWidget(self.unit_pick, 1)
        pick.addWidget(self.where_pick, 1)
        pick.addWidget(self.set_unit_button)
        pick.addWidget(self.clear_unit_button)
        right = QVBoxLayout()
        right.addWidget(QLabel("Units not on the map when play begins"))
        right.addWidget(self.units, 1)
        right.addLayout(pick)
        top = QHBoxLayout()
        top.addLayout(left, 1)
        top.addLayout(right, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top, 1)
        layout.addWidget(self.message)
        layout.addWidget(self.problems)
        self.watch()

    @property
    def family(self) -> RulesFamily | None:
        return RULES_FAMILIES.get(self.scenario.rules)

    def say(self, text: str) -> None:
        self.message.setText(text)

    def push(self, command) -> None:
        self.say("")
        self.document.undo_stack.push(command)

    # -- showing ---------------------------------------------------------------------------------------
    def refresh(self) -> None:
        self.loading = True
        try:
            self._refresh()
        finally:
            self.loading = False

    def _refresh(self) -> None:
        sc = self.scenario
        start = sc.start
        family = self.family
        self.turn_combo.clear()
        self.turn_combo.addItem(FIRST_TURN, None)
        for t in sc.turns:
            self.turn_combo.addItem(f"{t.number}" + (f": {t.label}" if t.label else ""), t.number)
        chosen = 0
        if start.turn is not None:
            row = turn_index(sc, start.turn)
            chosen = row if row is not None and row <= len(sc.turns) else 0
            if row is None or row > len(sc.turns):
                self.turn_combo.addItem(f"{start.turn} (not on the turn track)", start.turn)
                chosen = self.turn_combo.count() - 1
        self.turn_combo.setCurrentIndex(chosen)
        phases = family.start_phases if family is not None else ()
        self.phase_combo.clear()
        self.phase_combo.addItem(OPENING, None)
        for p in phases:
            self.phase_combo.addItem(p, p)
        if start.phase and start.phase not in phases:
            self.phase_combo.addItem(f"{start.phase} (not a phase of these rules)", start.phase)
        self.phase_combo.setCurrentIndex(max(0, self.phase_combo.findData(start.phase or None)))
        self.phase_combo.setEnabled(bool(phases) or bool(start.phase))
        self._refresh_fields(family)
        self._refresh_units(family)
        found = [d for d in validate_scenario(sc) if d.code in PLAY_CODES]
        self.problems.setPlainText("\n".join(f"{d.severity.value}: {d.message.removeprefix('start: ')}"
                                             for d in found) if found else "No problems with where play starts.")
        self.problems.setVisible(bool(found))

    def _refresh_fields(self, family: RulesFamily | None) -> None:
        fields = family.start_fields if family is not None else ()
        names = [f.name for f in fields]
        if list(self.field_edits) != names:
            while self.form.rowCount() > 2:
                self.form.removeRow(2)
            self.field_edits = {}
            for f in fields:
                edit = QLineEdit()
                edit.setPlaceholderText("as the game begins")
                edit.setToolTip(f"{f.help} ({f.rule}); write it as the scenario file does")
                edit.setAccessibleName(f.label)
                edit.editingFinished.connect(lambda name=f.name: self._on_field(name))
                self.form.addRow(f.label, edit)
                self.field_edits[f.name] = edit
        for name, edit in self.field_edits.items():
            edit.setText(field_text(self.scenario.start.family.get(name)))

    def _refresh_units(self, family: RulesFamily | None) -> None:
        sc = self.scenario
        start = sc.start
        rows = [(u, s) for u, s in start.out_of_play.items()] + [(u, OFFBOARD + a) for u, a in start.offboard.items()]
        self.units.setRowCount(len(rows))
        for i, (uid, where) in enumerate(rows):
            self.units.set_text(i, 0, uid, editable=False)
            self.units.set_text(i, 1, where, editable=False)
        current = self.unit_pick.currentText()
        self.unit_pick.clear()
        self.unit_pick.addItems([u for u in sc.units if u not in sc.placements])
        self.unit_pick.setEditText(current)
        self.where_pick.clear()
        states = OUT_OF_PLAY_STATES + (family.start_unit_states if family is not None else ())
        self.where_pick.addItems(list(states))
        if family is not None and family.start_offboard_rule:
            self.where_pick.addItems([OFFBOARD + r for r, reg in sc.map.regions.items() if reg.kind == "offboard"])

    # -- editing ---------------------------------------------------------------------------------------
    def _on_turn(self) -> None:
        if self.loading:
            return
        value = self.turn_combo.currentData()
        if value != self.scenario.start.turn:
            self.push(SetStartValue(self.document, "turn", value))

    def _on_phase(self) -> None:
        if self.loading:
            return
        value = self.phase_combo.currentData()
        if (value or "") != self.scenario.start.phase:
            self.push(SetStartValue(self.document, "phase", value))

    def _on_field(self, name: str) -> None:
        family = self.family
        field = family.start_field(name) if family is not None else None
        if self.loading or field is None:
            return
        value, why = parse_field(field, self.field_edits[name].text())
        if why:
            self.say(why)
            return
        if value != self.scenario.start.family.get(name):
            self.push(SetStartValue(self.document, name, value))

    def set_unit(self) -> None:
        uid = self.unit_pick.currentText().strip()
        where = self.where_pick.currentText()
        if uid not in self.scenario.units:
            self.say(f"no unit has id {uid!r}")
            return
        if uid in self.scenario.placements:
            self.say(f"{uid} is set up at {self.scenario.placements[uid]}: take it off the map first")
            return
        if where.startswith(OFFBOARD):
            self.push(SetUnitStart(self.document, uid, "offboard", where.removeprefix(OFFBOARD)))
        else:
            self.push(SetUnitStart(self.document, uid, "out_of_play", where))

    def clear_units(self) -> None:
        rows = sorted({i.row() for i in self.units.selectedIndexes()}, reverse=True)
        ids = [self.units.text(r, 0) for r in rows]
        if not ids:
            self.say("select the units to clear in the table")
            return
        stack = self.document.undo_stack
        stack.beginMacro(f"Clear where {len(ids)} unit{'s' if len(ids) != 1 else ''} start")
        for uid in ids:
            stack.push(SetUnitStart(self.document, uid, None, None))
        stack.endMacro()
