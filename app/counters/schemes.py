"""Nationality colour schemes of counters: printed counters tell nationalities apart by colour within a
side (US olive drab, British khaki, Polish, German Heer field grey, Waffen-SS dark), not by side alone.

* A counter's background is, first found: the unit's own colour, its formation's colour, its nationality's
  colour, its side's colour (draw.counter_colors).
* The nationality colours are the scenario's `options.nationality_colors` (nationality -> colour, saved with
  the scenario) over `DEFAULT_SCHEME`; the key of a unit is its nationality, normalised ("American" -> "us"),
  and "german_ss" for a German unit of a Waffen-SS formation (an "SS" in its formation or id, e.g. "9SS",
  "1/10SS") unless its nationality says otherwise.
* `SetColourSchemes` is the one undoable edit of the nationality colours and the side colours;
  `ColourSchemesDialog` edits them, side by side, each nationality a side's units have.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from hexwright.engine.model import Scenario, UnitDef
from PySide6.QtGui import QColor, QUndoCommand
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from .pixmap_cache import clear_pixmap_cache

OPTION = "nationality_colors"
# the usual colours of printed WW2 counters; a scenario's own scheme (OPTION) wins
DEFAULT_SCHEME = {
    "us": "#8f9a5c",  # olive drab
    "british": "#c9ac78",  # khaki
    "polish": "#c7a0a6",  # Polish red, faded
    "canadian": "#a9b47a",
    "german": "#8d9ba6",  # Heer field grey
    "german_ss": "#4c5446",  # Waffen-SS, dark
}
NAMES = {"us": "US", "british": "British", "polish": "Polish", "canadian": "Canadian", "german": "German (Heer)",
         "german_ss": "German (Waffen-SS)"}
ALIASES = {"american": "us", "usa": "us", "u.s.": "us", "uk": "british", "england": "british", "poland": "polish",
           "heer": "german", "wehrmacht": "german", "ss": "german_ss", "waffen_ss": "german_ss"}
_SS = re.compile(r"SS\b|SS$|\bSS")


def nationality_key(nationality: str) -> str:
    """A nationality as a scheme key: "American" -> "us", "Waffen SS" -> "german_ss"."""
    nat = nationality.strip().lower().replace(" ", "_").replace("-", "_")
    return ALIASES.get(nat, nat)


def scheme_key(unit: UnitDef) -> str:
    """The nationality key of a unit's colour: "us", "british", "german", "german_ss", ..."""
    nat = nationality_key(unit.nationality)
    if nat == "german" and (_SS.search(unit.formation or "") or _SS.search(unit.id)):
        return "german_ss"
    return nat


def scheme(scenario: Scenario | None) -> dict[str, str]:
    """The nationality colours in use: the defaults with the scenario's own on top."""
    out = dict(DEFAULT_SCHEME)
    given = scenario.options.get(OPTION) if scenario is not None and isinstance(scenario.options, dict) else None
    if isinstance(given, dict):
        out.update({str(k): str(v) for k, v in given.items()})
    return out


def nationality_color(scenario: Scenario | None, unit: UnitDef) -> str:
    """The colour of the unit's nationality ("" when it has none: the side's colour is used)."""
    if not unit.nationality and scenario is None:
        return ""
    key = scheme_key(unit)
    return scheme(scenario).get(key, "") if key else ""


def nationalities_by_side(scenario: Scenario) -> dict[str, list[str]]:
    """Each side's nationality keys, in the order its units first have them."""
    out: dict[str, list[str]] = {s.id: [] for s in scenario.sides}
    for u in scenario.units.values():
        key = scheme_key(u)
        if key and key not in out.setdefault(u.side, []):
            out[u.side].append(key)
    return out


def scheme_name(key: str) -> str:
    return NAMES.get(key, key.replace("_", " ").title())


class SetColourSchemes(QUndoCommand):
    """One undoable edit of the counters' colours: the nationality colours (`options.nationality_colors`,
    only those that differ from the defaults are kept) and the side colours."""

    def __init__(self, doc: Any, nationality: dict[str, str], sides: dict[str, str]) -> None:
        super().__init__("Change counter colours")
        sc = doc.scenario
        self.doc = doc
        self.old_option = copy.deepcopy(sc.options.get(OPTION))
        own = {k: QColor(v).name() for k, v in nationality.items()
               if QColor(v).isValid() and QColor(v).name() != DEFAULT_SCHEME.get(k)}
        self.new_option = own or None
        self.old_sides = {s.id: s.color for s in sc.sides}
        self.new_sides = {s.id: QColor(sides[s.id]).name() if s.id in sides and QColor(sides[s.id]).isValid()
                          else s.color for s in sc.sides}

    def _set(self, option: dict | None, sides: dict[str, str]) -> None:
        sc = self.doc.scenario
        if option:
            sc.options[OPTION] = dict(option)
        else:
            sc.options.pop(OPTION, None)
        for s in sc.sides:
            s.color = sides.get(s.id, s.color)
        clear_pixmap_cache()
        self.doc.scenario_changed.emit("units")
        self.doc.scenario_changed.emit("sides")

    def redo(self) -> None:
        self._set(self.new_option, self.new_sides)

    def undo(self) -> None:
        self._set(self.old_option, self.old_sides)


class _Swatch(QPushButton):
    def __init__(self, colour: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumWidth(96)
        self.clicked.connect(self._pick)
        self.set_colour(colour)

    def set_colour(self, colour: str) -> None:
        c = QColor(colour)
        self.colour = c.name() if c.isValid() else "#b8b8a8"
        ink = "#111111" if QColor(self.colour).lightness() > 128 else "#fafafa"
        self.setText(self.colour)
        self.setStyleSheet(f"QPushButton {{ background: {self.colour}; color: {ink}; }}")

    def _pick(self) -> None:
        from PySide6.QtWidgets import QColorDialog

        c = QColorDialog.getColor(QColor(self.colour), self, "Counter colour")
        if c.isValid():
            self.set_colour(c.name())


class ColourSchemesDialog(QDialog):
    """Counter colours per side and per nationality; OK pushes one `SetColourSchemes` on the document's
    undo stack."""

    def __init__(self, doc: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Counter colour schemes")
        self.doc = doc
        sc: Scenario = doc.scenario
        colours = scheme(sc)
        self.side_swatches: dict[str, _Swatch] = {}
        self.nat_swatches: dict[str, _Swatch] = {}
        lay = QVBoxLayout(self)
        note = QLabel("A counter's background: its own colour if it has one, else its formation's, else its "
                      "nationality's, else its side's. German units of SS formations have their own scheme.")
        note.setWordWrap(True)
        lay.addWidget(note)
        by_side = nationalities_by_side(sc)
        for side in sc.sides:
            box = QGroupBox(side.name or side.id)
            form = QFormLayout(box)
            sw = _Swatch(side.color)
            self.side_swatches[side.id] = sw
            form.addRow("Side colour:", sw)
            for key in by_side.get(side.id, []):
                if key in self.nat_swatches:
                    continue
                nsw = _Swatch(colours.get(key, side.color))
                self.nat_swatches[key] = nsw
                reset = QPushButton("Default")
                reset.setEnabled(key in DEFAULT_SCHEME)
                reset.clicked.connect(lambda _=False, k=key: self.nat_swatches[k].set_colour(DEFAULT_SCHEME[k]))
                row = QHBoxLayout()
                row.addWidget(nsw, 1)
                row.addWidget(reset)
                n = sum(1 for u in sc.units.values() if u.side == side.id and scheme_key(u) == key)
                form.addRow(f"{scheme_name(key)} ({n}):", row)
            lay.addWidget(box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.apply)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    def apply(self) -> None:
        nat = {k: sw.colour for k, sw in self.nat_swatches.items()}
        sc = self.doc.scenario
        keep = {k: v for k, v in (sc.options.get(OPTION) or {}).items() if k not in nat}  # nationalities not shown
        sides = {k: sw.colour for k, sw in self.side_swatches.items()}
        self.doc.undo_stack.push(SetColourSchemes(self.doc, {**keep, **nat}, sides))
        self.accept()


__all__ = ["ColourSchemesDialog", "DEFAULT_SCHEME", "OPTION", "SetColourSchemes", "nationalities_by_side",
           "nationality_color", "nationality_key", "scheme", "scheme_key", "scheme_name"]
