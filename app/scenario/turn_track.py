"""The turn track editor: the number of turns, the first player, and for each turn whether it is a
night turn (Koenig night turns, 002_fe1216aa5df94854.txt 4.0), its per-side allotments (F&M support
fire markers printed in each GTRT box, e.g. "8/9": 8 for the first player, 9 for the second,
000_e5c3deafb2cea4af.txt 7.1; Koenig support rolls), a label and special events.

Allotments are edited as one cell per side; a cell takes a number or any text the rules family reads
(e.g. "1d6"). Events are separated by ";".

Units dragged from the order of battle onto a turn's row are scheduled to arrive on that turn, one
undo step (app/scenario/scheduling.py `schedule_units`); the order of battle keeps its rows (a copy
drop, as onto the map).
"""

from __future__ import annotations

import copy

from hexwright.engine.model import TurnInfo
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QComboBox, QFormLayout, QHeaderView, QLabel, QSpinBox, QVBoxLayout, QWidget

from .commands import EditTurnTrack
from .grid import EditGrid, ScenarioPanel, parse_scalar

NIGHT, LABEL = 0, 1


class TurnTrackEditor(ScenarioPanel):
    refresh_on = ('turns', 'sides', 'reinforcements')

    def __init__(self, document, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.turns_spin = QSpinBox()
        self.turns_spin.setRange(0, 200)
        self.turns_spin.editingFinished.connect(lambda: self.set_turn_count(self.turns_spin.value()))
        self.first_combo = QComboBox()
        self.first_combo.activated.connect(lambda _i: self._push(first_player=self.first_combo.currentData()))
        self.summary = QLabel()
        self.grid = EditGrid([])
        self.grid.itemChanged.connect(self._on_item_changed)
        form = QFormLayout()
        form.addRow("Number of turns", self.turns_spin)
        form.addRow("First player", self.first_combo)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.summary)
        layout.addWidget(self.grid)
        self.drop_message = QLabel("Drag units from the order of battle onto a turn to schedule them.")
        self.drop_message.setWordWrap(True)
        layout.addWidget(self.drop_message)
        self.grid.setAcceptDrops(True)
        self.grid.viewport().setAcceptDrops(True)
        self.grid.viewport().installEventFilter(self)
        self.watch()

    # -- units dropped on a turn ----------------------------------------------------------------
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        from .oob_panel import parse_unit_mime

        kind = event.type()
        if not isinstance(event, QDropEvent):  # drag enter and drag move events are drop events too
            return super().eventFilter(obj, event)
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            if parse_unit_mime(event.mimeData()) and self.grid.rowAt(event.position().toPoint().y()) >= 0:
                event.setDropAction(Qt.DropAction.CopyAction)
                event.accept()
            else:
                event.ignore()
            return True
        if kind == QEvent.Type.Drop:
            ids = parse_unit_mime(event.mimeData())
            row = self.grid.rowAt(event.position().toPoint().y())
            if ids and row >= 0 and self.schedule(ids, self.scenario.turns[row].number):
                event.setDropAction(Qt.DropAction.CopyAction)
                event.accept()
            else:
                event.ignore()
            return True
        return super().eventFilter(obj, event)

    def schedule(self, unit_ids: list[str], turn: int) -> bool:
        """Schedule units to arrive on a turn (one undo step); False, with the reason shown, if refused."""
        from .scheduling import schedule_units

        refusal = schedule_units(self.document, unit_ids, turn)
        if refusal is not None:
            self.drop_message.setText(f"Not scheduled: {refusal}")
            return False
        self.drop_message.setText(f"Scheduled {', '.join(unit_ids)} to arrive on turn {turn}.")
        return True

    def side_ids(self) -> list[str]:
        return [s.id for s in self.scenario.sides]

    def columns(self) -> list[str]:
        return ["Night", "Label"] + [f"{s.name or s.id} allotment" for s in self.scenario.sides] + ["Events",
                                                                                                    "Arrives"]

    def arrivals_text(self, turn: int) -> str:
        """The units scheduled to arrive on the turn, with where they enter ("no entry given" when the
        entry is still to be chosen: validation reports it)."""
        from hexwright.engine.model.oob import describe_entry

        return "; ".join(f"{', '.join(rf.units)} ({describe_entry(rf.entry)})"
                         for rf in self.scenario.reinforcements if rf.turn == turn and rf.units)

    def refresh(self) -> None:
        sc = self.scenario
        g = self.grid
        g.loading = True
        try:
            self.turns_spin.setValue(len(sc.turns))
            self.first_combo.clear()
            for s in sc.sides:
                self.first_combo.addItem(s.name or s.id, s.id)
            self.first_combo.setCurrentIndex(max(0, self.first_combo.findData(sc.first_player)))
            cols = self.columns()
            g.setColumnCount(len(cols))
            g.setHorizontalHeaderLabels(cols)
            g.horizontalHeader().setSectionResizeMode(len(cols) - 1, QHeaderView.ResizeMode.Stretch)
            g.horizontalHeader().setSectionResizeMode(len(cols) - 2, QHeaderView.ResizeMode.Interactive)
            g.setRowCount(len(sc.turns))
            g.setVerticalHeaderLabels([f"GT {t.number}" for t in sc.turns])
            sides = self.side_ids()
            for i, t in enumerate(sc.turns):
                g.set_check(i, NIGHT, t.night)
                g.set_text(i, LABEL, t.label)
                for j, sid in enumerate(sides):
                    v = t.allotments.get(sid)
                    g.set_text(i, 2 + j, "" if v is None else str(v))
                g.set_text(i, 2 + len(sides), "; ".join(t.events))
                arrives = self.arrivals_text(t.number)
                item = g.set_text(i, 3 + len(sides), arrives, editable=False,
                                  tip="edit where they enter in the Reinforcements panel")
                if "no entry given" in arrives:
                    item.setForeground(Qt.GlobalColor.red)
            nights = sum(t.night for t in sc.turns)
            self.summary.setText(f"{len(sc.turns)} turns ({nights} night); allotments per side as printed on the "
                                 "turn record track, e.g. F&M '8/9' is 8 for the first player and 9 for the second "
                                 "(F&M 7.1)")
            self.summary.setWordWrap(True)
        finally:
            g.loading = False

    def allotment_text(self, turn: int) -> str:
        """The turn's allotments in the GTRT's style, first player first: "8/9"."""
        t = self.scenario.turns[turn - 1]
        order = sorted(self.side_ids(), key=lambda s: s != self.scenario.first_player)
        return "/".join(str(t.allotments.get(s, "-")) for s in order)

    # -- edits --------------------------------------------------------------------------------
    def _push(self, turns: list[TurnInfo] | None = None, first_player: str | None = None,
              text: str = "Edit turn track") -> None:
        sc = self.scenario
        new_turns = sc.turns if turns is None else turns
        if new_turns == sc.turns and (first_player is None or first_player == sc.first_player):
            return
        self.document.undo_stack.push(EditTurnTrack(self.document, new_turns, first_player, text))

    def set_turn_count(self, n: int) -> None:
        """Shorten the track, or lengthen it with turns like the last one (its allotments, day/night
        alternation kept by copying the turn two back when there is one)."""
        sc = self.scenario
        turns = copy.deepcopy(sc.turns[:n])
        while len(turns) < n:
            model = turns[-2] if len(turns) >= 2 else (turns[-1] if turns else TurnInfo(1))
            t = TurnInfo(len(turns) + 1, model.night, copy.deepcopy(model.allotments))
            turns.append(t)
        self._push(turns, text=f"Set the turn track to {n} turns")

    def _on_item_changed(self, item) -> None:
        if self.grid.loading:
            return
        row, col = item.row(), item.column()
        turns = copy.deepcopy(self.scenario.turns)
        t = turns[row]
        sides = self.side_ids()
        if col == NIGHT:
            t.night = self.grid.checked(row, NIGHT)
        elif col == LABEL:
            t.label = self.grid.text(row, LABEL)
        elif 2 <= col < 2 + len(sides):
            sid = sides[col - 2]
            text = self.grid.text(row, col)
            if text:
                t.allotments[sid] = parse_scalar(text)
            else:
                t.allotments.pop(sid, None)
        elif col == 2 + len(sides):
            t.events = [e.strip() for e in self.grid.text(row, col).split(";") if e.strip()]
        else:
            return
        self._push(turns, text=f"Edit turn {row + 1}")
