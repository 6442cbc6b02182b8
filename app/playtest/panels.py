"""The playtest window's panels, each fed from the presenter's plain views (engine/rules/presentation.py):

* `TurnTrackWidget`: the game turn of the last, and the steps of a turn with the current one lit;
* `DecisionPanel`: the current decision's actions by their labels (a filter, "Do it", and the
  "Pass / End phase" button); hovering or selecting one shows on the board what it is about;
* `CombatPreviewPanel`: an attack's participants, strengths or differential, column, line, every
  modifier and the exact probability of each result as a table with bars;
* `GameLogPanel`: the game's account (each action with its phase, dice and results in the rules' words).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hexwright.engine.rules.presentation import (
    MOVE,
    ActionView,
    TurnTrack,
    UnitView,
)
from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QHelpEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QSizePolicy,
    QToolTip,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)


def is_map_move(view: ActionView) -> bool:
    """A unit's movement (a MOVE with its MP cost): made on the map by selecting the unit and clicking a hex,
    so not listed. Retreats, displacements and advances are MOVE views without a cost: they are listed."""
    return view.kind == MOVE and view.cost is not None


# words of the sequence of play written short on the turn track (the full names are in its tooltips)
SHORT_WORDS = (("Support Fire Marker", "SFM"), ("Mobile Movement", "Mobile Move"), ("Movement", "Move"),
               ("Bombardment", "Bombard"), ("Game Turn End", "GT End"), ("Redeployment", "Redeploy"),
               ("Paratroop Landing", "Landing"), ("Operations", "Ops"), ("Housekeeping", "Housekeep"))


def short_phase_names(phases: tuple[str, ...] | list[str], sides: tuple[str, ...] = ()) -> list[str]:
    """Short labels for the steps of a turn: " Phase" dropped, long words shortened, and a side's name
    written only on the first of its consecutive steps ("Allied Move", "Bombard", "Combat", ...)."""
    out = []
    prev_side = None
    for name in phases:
        short = name[:-len(" Phase")] if name.endswith(" Phase") else name
        for long, brief in SHORT_WORDS:
            short = short.replace(long, brief)
        side = next((s for s in sides if s and short.startswith(s + " ")), None)
        if side is not None and side == prev_side:
            short = short[len(side) + 1:]
        prev_side = side
        out.append(short)
    return out


class TurnTrackWidget(QWidget):
    """Game turn N of M and the steps of one game turn, the current one highlighted."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.track: TurnTrack | None = None
        self.sides: tuple[str, ...] = ()
        self.rule = ""
        self.labels: list[str] = []
        self.chips: list[QRectF] = []
        self.setMinimumHeight(34)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_track(self, track: TurnTrack | None, sides: tuple[str, ...] = (), rule: str = "") -> None:
        """The track to show; `sides` are the side names (to shorten "German Movement Phase" and the like),
        `rule` the current step's citation (in its tooltip)."""
        self.track = track
        self.sides = tuple(sides)
        self.rule = rule
        self.labels = short_phase_names(track.phases, self.sides) if track is not None else []
        self.update()

    def event(self, ev: QEvent) -> bool:
        if ev.type() == QEvent.Type.ToolTip and self.track is not None and isinstance(ev, QHelpEvent):
            pos = ev.pos()
            for i, r in enumerate(self.chips):
                if r.contains(QPointF(pos)):
                    t = self.track
                    tip = t.phases[i] + (f" ({self.rule})" if i == t.current and self.rule else "")
                    QToolTip.showText(ev.globalPos(), tip, self)
                    return True
            QToolTip.showText(ev.globalPos(), " > ".join(self.track.phases), self)
            return True
        return super().event(ev)

    def sizeHint(self) -> QSize:  # Qt API
        return QSize(600, 34)

    def text(self) -> str:
        t = self.track
        if t is None:
            return ""
        cur = t.phases[t.current] if 0 <= t.current < len(t.phases) else "-"
        if t.turn_label:
            return f"Turn {t.turn_label} (last turn {t.last_label or t.last_turn}): {cur}"
        return f"Turn {t.turn} of {t.last_turn}: {cur}"

    def paintEvent(self, event: QPaintEvent) -> None:  # Qt API
        t = self.track
        if t is None:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        h = self.height() - 6
        bold = QFont(self.font())
        bold.setBold(True)
        p.setFont(bold)
        turn_text = t.turn_text()
        x = 4.0
        w = p.fontMetrics().horizontalAdvance(turn_text) + 16
        p.setPen(QPen(QColor("#303030"), 1))
        p.setBrush(QColor("#f3e4b0"))
        p.drawRoundedRect(QRectF(x, 3, w, h), 5, 5)
        p.drawText(QRectF(x, 3, w, h), Qt.AlignmentFlag.AlignCenter, turn_text)
        x += w + 8
        avail = max(40.0, self.width() - x - 4)
        # each step as wide as its short name needs, the spare width shared out
        widths = [p.fontMetrics().horizontalAdvance(name) + 14.0 for name in self.labels]
        spare = (avail - sum(widths)) / max(1, len(widths))
        widths = [w + spare for w in widths] if spare > 0 else [avail / max(1, len(widths))] * len(widths)
        self.chips = []
        left = x
        for i, name in enumerate(self.labels):
            current = i == t.current
            r = QRectF(left + 1, 3, widths[i] - 4, h)
            left += widths[i]
            self.chips.append(r)
            p.setBrush(QColor("#2f6fb5") if current else QColor("#e4e7eb"))
            p.setPen(QPen(QColor("#1b3f66") if current else QColor("#a0a6ad"), 1.5 if current else 1))
            p.drawRoundedRect(r, 4, 4)
            p.setPen(QColor("white") if current else QColor("#303030"))
            p.setFont(bold if current else self.font())
            text = p.fontMetrics().elidedText(name, Qt.TextElideMode.ElideRight, int(r.width()) - 6)
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, text)
        p.end()


class UnitsPanel(QTreeWidget):
    """Every unit as the viewer may see it, by side and status (on the map, reinforcements with their
    turn, eliminated...): hex, printed values and the rules' flags. Clicking a unit on the map selects it."""

    unitActivated = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setColumnCount(4)
        self.setHeaderLabels(["Unit", "Hex", "Values", "Status and flags"])
        self.setRootIsDecorated(True)
        self.setUniformRowHeights(True)
        self.itemClicked.connect(self._clicked)
        self._key: tuple = ()

    def set_units(self, units: Sequence[UnitView], side_name: Callable[[str], str]) -> None:
        key = tuple(units)
        if key == self._key:
            return
        self._key = key
        tops = [self.topLevelItem(i) for i in range(self.topLevelItemCount())]
        expanded = {t.text(0): t.isExpanded() for t in tops if t is not None}
        self.clear()
        groups: dict[str, QTreeWidgetItem] = {}
        for u in units:
            title = f"{side_name(u.side)}: {u.status}"
            group = groups.get(title)
            if group is None:
                group = QTreeWidgetItem([title])
                groups[title] = group
                self.addTopLevelItem(group)
            flags = ", ".join(u.flags)
            item = QTreeWidgetItem([u.name or u.id, u.hex or "", u.values, flags])
            item.setData(0, Qt.ItemDataRole.UserRole, u.id)
            item.setToolTip(0, u.id)
            item.setToolTip(3, flags)
            group.addChild(item)
        for title, group in groups.items():
            group.setText(0, f"{title} ({group.childCount()})")
            group.setExpanded(expanded.get(group.text(0), title.endswith("on map")))
        for c in range(3):
            self.resizeColumnToContents(c)

    def _clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        uid = item.data(0, Qt.ItemDataRole.UserRole)
        if uid and item.text(1):
            self.unitActivated.emit(uid)


__all__ = ["TurnTrackWidget", "UnitsPanel", "is_map_move", "short_phase_names"]
