"""The editor's preferences (Edit > Preferences): units of measure for printed sizes, the autosave
interval, the default hex size of a new map and the canvas colours. Kept in the editor's QSettings under
"preferences/" and applied to the open windows at once (Apply or OK), without a restart.

* `Preferences.load(settings)` / `save(settings)`: the values, each checked (a hand-edited settings file
  with a bad value falls back to that value's default);
* `LengthSpinBox`: a length held in millimetres and shown in the chosen unit (mm or inches);
* `PreferencesDialog`: the form; `applied(Preferences)` when Apply or OK is pressed.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from PySide6.QtCore import QSettings, Signal
from PySide6.QtGui import QColor, QValidator
from PySide6.QtWidgets import (
    QColorDialog,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

GROUP = "preferences"
UNITS = {"mm": ("millimetres", 1.0, "mm"), "in": ("inches", 25.4, "in")}


@dataclass
class Preferences:
    units: str = "mm"  # printed sizes (export hex width, margins): "mm" or "in"
    autosave_minutes: int = 3  # 0: no autosave
    hex_size: float = 32.0  # a new map's hex size, px from centre to corner
    background: str = "#5a5f66"  # the canvas around the map
    selection: str = "#ffcc00"  # the selected hex's outline

    @classmethod
    def load(cls, settings: QSettings) -> Preferences:
        """The stored preferences; a missing or bad value is its default."""
        p = cls()
        settings.beginGroup(GROUP)
        try:
            units = str(settings.value("units", p.units))
            if units in UNITS:
                p.units = units
            try:
                minutes = int(str(settings.value("autosave_minutes", p.autosave_minutes)))
                if 0 <= minutes <= 120:
                    p.autosave_minutes = minutes
            except (TypeError, ValueError):
                pass
            try:
                size = float(str(settings.value("hex_size", p.hex_size)))
                if 4.0 <= size <= 512.0:
                    p.hex_size = size
            except (TypeError, ValueError):
                pass
            for name in ("background", "selection"):
                value = str(settings.value(name, getattr(p, name)))
                if QColor(value).isValid():
                    setattr(p, name, QColor(value).name())
        finally:
            settings.endGroup()
        return p

    def save(self, settings: QSettings) -> None:
        settings.beginGroup(GROUP)
        for k, v in asdict(self).items():
            settings.setValue(k, v)
        settings.endGroup()
        settings.sync()

    @property
    def autosave_ms(self) -> int:
        return self.autosave_minutes * 60_000


def unit_suffix(units: str) -> str:
    return UNITS.get(units, UNITS["mm"])[2]


class LengthSpinBox(QDoubleSpinBox):
    """A length whose `value()` is in millimetres, shown and typed in the chosen unit (`set_units`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.units = "mm"
        self.setDecimals(4)  # the value in mm keeps the precision an inch figure needs
        self.set_units("mm")

    def set_units(self, units: str) -> None:
        self.units = units if units in UNITS else "mm"
        self.setSuffix(" " + unit_suffix(self.units))
        self.setSingleStep(1.0 if self.units == "mm" else 25.4 / 16)  # a sixteenth of an inch
        self.lineEdit().setText(self.textFromValue(self.value()) + self.suffix())

    def _factor(self) -> float:
        return UNITS[self.units][1]

    def textFromValue(self, value: float) -> str:
        shown = value / self._factor()
        return f"{shown:.1f}" if self.units == "mm" else f"{shown:.3f}".rstrip("0").rstrip(".")

    def valueFromText(self, text: str) -> float:
        t = text.replace(self.suffix(), "").strip().replace(",", ".")
        try:
            return float(t) * self._factor()
        except ValueError:
            return self.value()

    def validate(self, text: str, pos: int):
        t = text.replace(self.suffix(), "").strip().replace(",", ".")
        if t in ("", "."):
            return QValidator.State.Intermediate, text, pos
        try:
            v = float(t) * self._factor()
        except ValueError:
            return QValidator.State.Invalid, text, pos
        ok = self.minimum() <= v <= self.maximum()
        return (QValidator.State.Acceptable if ok else QValidator.State.Intermediate), text, pos


class ColourButton(QPushButton):
    """A colour swatch; a click opens the colour dialog."""

    def __init__(self, colour: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMinimumWidth(90)
        self.clicked.connect(self._pick)
        self.set_colour(colour)

    def set_colour(self, colour: str) -> None:
        self.colour = QColor(colour).name()
        text = "#000000" if QColor(self.colour).lightness() > 128 else "#ffffff"
        self.setText(self.colour)
        self.setStyleSheet(f"QPushButton {{ background: {self.colour}; color: {text}; }}")

    def _pick(self) -> None:
        c = QColorDialog.getColor(QColor(self.colour), self, "Choose a colour")
        if c.isValid():
            self.set_colour(c.name())


class PreferencesDialog(QDialog):
    """Edit > Preferences: the form of `Preferences`; Apply and OK emit `applied`, OK and Cancel close."""

    applied = Signal(object)  # Preferences

    def __init__(self, prefs: Preferences, parent: QWidget | None = None, settings_file: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("Preferences")
        form = QFormLayout()
        self.units = QComboBox()
        for key, (name, _, short) in UNITS.items():
            self.units.addItem(f"{name} ({short})", key)
        self.units.setToolTip("The unit of printed sizes: the export's hex width and margins")
        form.addRow("Units of measure:", self.units)
        self.autosave = QSpinBox()
        self.autosave.setRange(0, 120)
        self.autosave.setSuffix(" min")
        self.autosave.setSpecialValueText("off")
        self.autosave.setToolTip("Unsaved edits are written to a side file this often (0: never)")
        form.addRow("Autosave every:", self.autosave)
        self.hex_size = QDoubleSpinBox()
        self.hex_size.setRange(4.0, 512.0)
        self.hex_size.setSuffix(" px (centre to corner)")
        self.hex_size.setToolTip("The hex size a new map starts with (File > New)")
        form.addRow("Default hex size:", self.hex_size)
        self.background = ColourButton(prefs.background)
        form.addRow("Canvas background:", self.background)
        self.selection = ColourButton(prefs.selection)
        form.addRow("Selection outline:", self.selection)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Apply
                                        | QDialogButtonBox.StandardButton.Cancel
                                        | QDialogButtonBox.StandardButton.RestoreDefaults)
        self.buttons.accepted.connect(self._ok)
        self.buttons.rejected.connect(self.reject)
        self.buttons.button(QDialogButtonBox.StandardButton.Apply).clicked.connect(self.apply)
        self.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(
            lambda: self.set_values(Preferences()))
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        if settings_file:
            where = QLabel(f"Kept in {settings_file}")
            where.setWordWrap(True)
            where.setStyleSheet("color: #606060;")
            lay.addWidget(where)
        row = QHBoxLayout()
        row.addWidget(self.buttons)
        lay.addLayout(row)
        self.set_values(prefs)

    def set_values(self, p: Preferences) -> None:
        self.units.setCurrentIndex(max(0, self.units.findData(p.units)))
        self.autosave.setValue(p.autosave_minutes)
        self.hex_size.setValue(p.hex_size)
        self.background.set_colour(p.background)
        self.selection.set_colour(p.selection)

    def values(self) -> Preferences:
        return Preferences(self.units.currentData(), self.autosave.value(), self.hex_size.value(),
                           self.background.colour, self.selection.colour)

    def apply(self) -> None:
        self.applied.emit(self.values())

    def _ok(self) -> None:
        self.apply()
        self.accept()


__all__ = ["ColourButton", "LengthSpinBox", "Preferences", "PreferencesDialog", "UNITS", "unit_suffix"]
