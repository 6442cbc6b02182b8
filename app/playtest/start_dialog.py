"""The playtest start dialog: for each side a person or a bot (engine/bots: random, heuristic, mcts), the seed
of the dice and of the bots, and the pace at which bots play (a pause after each bot decision so a
person can follow). Two people make a hot-seat game."""

from __future__ import annotations

from hexwright.engine.bots import BOT_NAMES
from hexwright.engine.model import Scenario
from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QSpinBox, QWidget

from .session import HUMAN

SEAT_TITLES = {HUMAN: "Human", "random": "Bot: random", "heuristic": "Bot: heuristic",
               "mcts": "Bot: MCTS (searches: up to about 2 s a decision)"}
DEFAULT_PACE_MS = 400


class StartDialog(QDialog):
    def __init__(self, scenario: Scenario, parent: QWidget | None = None, seed: int = 0,
                 seats: dict[str, str] | None = None, seed_fixed: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Playtest: {scenario.title}")
        form = QFormLayout(self)
        form.addRow(QLabel(f"<b>{scenario.title}</b> ({scenario.rules})"))
        self.combos: dict[str, QComboBox] = {}
        sides = [s.id for s in scenario.sides]
        for i, s in enumerate(scenario.sides):
            box = QComboBox()
            for kind in (HUMAN, *BOT_NAMES):
                box.addItem(SEAT_TITLES.get(kind, f"Bot: {kind}"), kind)
            default = (seats or {}).get(s.id, HUMAN if i == 0 else "heuristic")
            box.setCurrentIndex(max(0, box.findData(default)))
            self.combos[s.id] = box
            form.addRow(f"{s.name or s.id}:", box)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(seed)
        self.seed.setEnabled(not seed_fixed)
        self.seed.setToolTip("Seeds the dice and the bots: the same seed and the same decisions give the same game")
        form.addRow("Seed:", self.seed)
        self.pace = QSpinBox()
        self.pace.setRange(0, 5000)
        self.pace.setSingleStep(100)
        self.pace.setSuffix(" ms")
        self.pace.setValue(DEFAULT_PACE_MS)
        self.pace.setToolTip("Pause after each bot decision")
        form.addRow("Bot pace:", self.pace)
        self.hint = QLabel()
        form.addRow(self.hint)
        for box in self.combos.values():
            box.currentIndexChanged.connect(self._update_hint)
        self._update_hint()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Play")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self._sides = sides

    def _update_hint(self) -> None:
        humans = [s for s, kind in self.seats().items() if kind == HUMAN]
        self.hint.setText("Hot-seat: the players take turns at this screen." if len(humans) > 1 else
                          "Bots play every side; watch or step through the game." if not humans else "")

    def seats(self) -> dict[str, str]:
        return {side: box.currentData() for side, box in self.combos.items()}


__all__ = ["DEFAULT_PACE_MS", "StartDialog"]
