"""The counter designer: edit one unit's counter (UnitDef) with a live preview of both sides at map
scale and at print scale.

Fields follow what the rules family prints (engine/rules/registry.py: F&M attack/defense/movement,
000_e5c3deafb2cea4af.txt 2.3; Koenig strength/movement, 002_fe1216aa5df94854.txt 2.2; Target Arnhem
strength/endurance, 001_69d92a61f68ed4f9.txt), the reduced side (F&M 2.3 note), steps and the flags
the rules read (engine KNOWN_FLAGS). Every edit is an undo command on the document
(app/scenario/commands.py); typing in a field is one undo step.
"""

from __future__ import annotations

from pathlib import Path

from hexwright.app.counters.draw import SUPPLY_STRIPES, counter_pixmap, paint_counter
from hexwright.app.counters.symbols import SYMBOL_NAMES, paint_type_symbol
from hexwright.engine.formats.csv_units import CsvImport
from hexwright.engine.model import UnitDef
from hexwright.engine.model.counters import KNOWN_FLAGS, SIZE_SYMBOLS, UNIT_SIZES, UNIT_TYPES
from hexwright.engine.model.oob import duplicate_unit, unused_unit_id
from hexwright.engine.rules.registry import RULES_FAMILIES
from hexwright.engine.validation import Diagnostic, Severity, SourceMap, validate_scenario
from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from . import counter_tables
from .commands import AddUnit, ChangeUnit, RemoveUnit

MAP_SCALE_PX = 48  # a counter at the map view's 100 % zoom
PRINT_SCALE_PX = 150  # 1/2 inch at 300 dpi


def symbol_icon(unit_type: str, width: int = 36, height: int = 24) -> QIcon:
    pm = QPixmap(width, height)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    paint_type_symbol(p, QRectF(1.5, 1.5, width - 3, height - 3), unit_type, QColor("#111111"), QColor("#ffffff"), 1.6)
    p.end()
    return QIcon(pm)


def _value_text(v: object) -> str:
    return "" if v is None else str(v)


class CounterDesigner(QWidget):
    """Units of the scenario in a list on the left; the selected unit's counter form and previews.
    `unit_selected(str)` is emitted when the designer's selection changes."""

    unit_selected = Signal(str)

    def __init__(self, document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.unit_id: str | None = None
        self._loading = False
        self.last_import: CsvImport | None = None

        self.unit_list = QListWidget()
        self.unit_list.setIconSize(QSize(40, 40))
        self.unit_list.setMinimumWidth(190)
        self.unit_list.currentItemChanged.connect(self._on_list_selection)

        self.new_button = QPushButton("New")
        self.duplicate_button = QPushButton("Duplicate")
        self.delete_button = QPushButton("Delete")
        self.import_button = QPushButton("Import CSV…")
        self.new_button.clicked.connect(self.new_unit)
        self.duplicate_button.clicked.connect(self.duplicate)
        self.delete_button.clicked.connect(self.delete)
        self.import_button.clicked.connect(self._ask_import_csv)
        self.update_check = QCheckBox("Update existing")
        self.update_check.setToolTip("Import CSV replaces the units whose id the scenario already has (a table "
                                     "exported, edited and imported again); off, such rows are refused")
        self.export_button = QPushButton("Export CSV…")
        self.export_button.clicked.connect(self._ask_export_csv)
        self.colours_button = QPushButton("Colours…")
        self.colours_button.setToolTip("Counter colours by side and nationality (US, British, Polish, German Heer "
                                       "and SS ...), saved with the scenario")
        self.colours_button.clicked.connect(self.edit_colours)
        self.images_button = QPushButton("Export Images…")
        self.images_button.setToolTip("One PNG or SVG file per counter face")
        self.images_button.clicked.connect(self._ask_export_images)

        # -- the form
        self.id_edit = QLineEdit()
        self.id_edit.editingFinished.connect(self._on_id_edited)
        self.name_edit = QLineEdit()
        self.name_edit.textEdited.connect(lambda t: self._change("name", t))
        self.side_combo = QComboBox()
        self.side_combo.activated.connect(lambda _i: self._change("side", self.side_combo.currentData()))
        self.nationality_edit = QLineEdit()
        self.nationality_edit.textEdited.connect(lambda t: self._change("nationality", t))
        self.formation_combo = QComboBox()
        self.formation_combo.setEditable(True)
        _line_edit(self.formation_combo).textEdited.connect(lambda t: self._change("formation", t))
        self.formation_combo.activated.connect(lambda _i: self._change("formation", self.formation_combo.currentText()))
        self.type_combo = QComboBox()
        self.type_combo.setIconSize(QSize(36, 24))
        for t in UNIT_TYPES:
            self.type_combo.addItem(symbol_icon(t), SYMBOL_NAMES.get(t, t), t)
        self.type_combo.activated.connect(lambda _i: self._change("unit_type", self.type_combo.currentData()))
        self.size_combo = QComboBox()
        for s in UNIT_SIZES:
            self.size_combo.addItem(f"{SIZE_SYMBOLS[s]}  {s}", s)
        self.size_combo.activated.connect(lambda _i: self._change("size", self.size_combo.currentData()))

        self.values_box = QGroupBox("Printed values")
        self.values_grid = QGridLayout(self.values_box)
        self.value_spins: dict[str, QSpinBox] = {}
        self.reduced_spins: dict[str, QSpinBox] = {}
        self.reduced_check = QCheckBox("Reduced (back) side")
        self.reduced_check.toggled.connect(self._on_reduced_toggled)
        self.steps_spin = QSpinBox()
        self.steps_spin.setRange(1, 10)
        self.steps_spin.valueChanged.connect(lambda v: self._change("steps", v))

        self.flags_box = QGroupBox("Flags the rules read")
        flags_grid = QGridLayout(self.flags_box)
        self.flag_checks: dict[str, QCheckBox] = {}
        for i, f in enumerate(KNOWN_FLAGS):
            cb = QCheckBox(f.replace("_", " "))
            cb.toggled.connect(self._on_flag_toggled)
            self.flag_checks[f] = cb
            flags_grid.addWidget(cb, i // 3, i % 3)

        self.supply_combo = QComboBox()
        self.supply_combo.setEditable(True)
        self.supply_combo.addItems([""] + [s.replace("_", " ") for s in SUPPLY_STRIPES])
        _line_edit(self.supply_combo).textEdited.connect(lambda t: self._change("supply", t))
        self.supply_combo.activated.connect(lambda _i: self._change("supply", self.supply_combo.currentText()))
        self.color_edit = QLineEdit()
        self.color_edit.setPlaceholderText("side or formation colour")
        self.color_edit.editingFinished.connect(self._on_color_edited)
        self.color_button = QPushButton("Pick…")
        self.color_button.clicked.connect(self._pick_color)
        color_row = QHBoxLayout()
        color_row.addWidget(self.color_edit)
        color_row.addWidget(self.color_button)
        self.notes_edit = QLineEdit()
        self.notes_edit.textEdited.connect(lambda t: self._change("notes", t))

        self.problems = QLabel()
        self.problems.setWordWrap(True)
        self.problems.setStyleSheet("color: #8a5a00;")
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #b00020;")
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        form = QFormLayout()
        form.addRow("Id", self.id_edit)
        form.addRow("Name", self.name_edit)
        form.addRow("Side", self.side_combo)
        form.addRow("Nationality", self.nationality_edit)
        form.addRow("Formation", self.formation_combo)
        form.addRow("Type", self.type_combo)
        form.addRow("Size", self.size_combo)
        form.addRow("Supply stripe", self.supply_combo)
        form.addRow("Colour", color_row)
        form.addRow("Notes", self.notes_edit)

        # -- previews: front and back at map scale and at print scale
        self.preview_front = QLabel()
        self.preview_back = QLabel()
        self.preview_front_map = QLabel()
        self.preview_back_map = QLabel()
        previews = QGridLayout()
        previews.addWidget(QLabel("Front"), 0, 0, Qt.AlignmentFlag.AlignHCenter)
        previews.addWidget(QLabel("Back"), 0, 1, Qt.AlignmentFlag.AlignHCenter)
        previews.addWidget(self.preview_front, 1, 0)
        previews.addWidget(self.preview_back, 1, 1)
        previews.addWidget(self.preview_front_map, 2, 0, Qt.AlignmentFlag.AlignHCenter)
        previews.addWidget(self.preview_back_map, 2, 1, Qt.AlignmentFlag.AlignHCenter)
        previews.addWidget(QLabel("print scale (1/2 inch at 300 dpi) and map scale"), 3, 0, 1, 2,
                           Qt.AlignmentFlag.AlignHCenter)
        preview_frame = QFrame()
        preview_frame.setFrameShape(QFrame.Shape.StyledPanel)
        preview_frame.setLayout(previews)

        left = QVBoxLayout()  # the buttons above the list: in sight however short the dock is (issue 33)
        buttons = QGridLayout()
        buttons.addWidget(self.new_button, 0, 0)
        buttons.addWidget(self.duplicate_button, 0, 1)
        buttons.addWidget(self.delete_button, 0, 2)
        buttons.addWidget(self.import_button, 1, 0)
        buttons.addWidget(self.export_button, 1, 1)
        buttons.addWidget(self.update_check, 1, 2)
        buttons.addWidget(self.colours_button, 2, 0)
        buttons.addWidget(self.images_button, 2, 1, 1, 2)
        left.addLayout(buttons)
        left.addWidget(self.unit_list, 1)

        middle = QVBoxLayout()
        middle.addLayout(form)
        middle.addWidget(self.values_box)
        middle.addWidget(self.flags_box)
        middle.addWidget(self.problems)
        middle.addWidget(self.message)
        middle.addStretch(1)

        right = QVBoxLayout()
        right.addWidget(preview_frame)
        right.addStretch(1)

        layout = QHBoxLayout(self)
        layout.addLayout(left, 0)
        layout.addLayout(middle, 1)
        layout.addLayout(right, 0)

        document.scenario_changed.connect(self._on_scenario_changed)
        self._build_value_fields()
        self.refresh()

    # -- state from the document --------------------------------------------------------------
    @property
    def scenario(self):
        return self.document.scenario

    @property
    def unit(self) -> UnitDef | None:
        return self.scenario.units.get(self.unit_id) if self.unit_id else None

    def value_names(self) -> tuple[str, ...]:
        family = RULES_FAMILIES.get(self.scenario.rules)
        names = list(family.unit_values) if family else []
        for u in self.scenario.units.values():
            for k in list(u.values) + list(u.reduced or {}):
                if k not in names:
                    names.append(k)
        return tuple(names) or ("strength", "movement")

    def _build_value_fields(self) -> None:
        names = self.value_names()
        if tuple(self.value_spins) == names:
            return
        while self.values_grid.count():
            item = self.values_grid.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:
                w.deleteLater()
        self.value_spins.clear()
        self.reduced_spins.clear()
        family = RULES_FAMILIES.get(self.scenario.rules)
        self.values_grid.addWidget(QLabel(f"<i>{family.values_source}</i>" if family else ""), 0, 0, 1, 3)
        self.values_grid.addWidget(QLabel("Front"), 1, 1)
        self.values_grid.addWidget(self.reduced_check, 1, 2)
        for row, name in enumerate(names, start=2):
            self.values_grid.addWidget(QLabel(name.replace("_", " ").capitalize()), row, 0)
            front, back = QSpinBox(), QSpinBox()
            for spin in (front, back):
                spin.setRange(0, 99)
            front.valueChanged.connect(lambda v, n=name: self._change(f"values.{n}", v))
            back.valueChanged.connect(lambda v, n=name: self._change(f"reduced.{n}", v))
            self.value_spins[name] = front
            self.reduced_spins[name] = back
            self.values_grid.addWidget(front, row, 1)
            self.values_grid.addWidget(back, row, 2)
        row = len(names) + 2
        self.values_grid.addWidget(QLabel("Steps"), row, 0)
        self.values_grid.addWidget(self.steps_spin, row, 1)

    def refresh(self) -> None:
        """Reload the list and the form from the scenario (no edits are pushed while loading)."""
        self._loading = True
        try:
            self._build_value_fields()
            self._reload_list()
            self._reload_form()
        finally:
            self._loading = False

    def _reload_list(self) -> None:
        sc = self.scenario
        self.unit_list.blockSignals(True)
        self.unit_list.clear()
        for u in sc.units.values():
            item = QListWidgetItem(QIcon(counter_pixmap(u, sc, 40)), f"{u.id}\n{u.side}  {u.formation}".rstrip())
            item.setData(Qt.ItemDataRole.UserRole, u.id)
            self.unit_list.addItem(item)
            if u.id == self.unit_id:
                self.unit_list.setCurrentItem(item)
        self.unit_list.blockSignals(False)
        if self.unit_id not in sc.units:
            self.unit_id = next(iter(sc.units), None)
            if self.unit_id is not None:
                self.unit_list.setCurrentRow(0)

    def _reload_form(self) -> None:
        sc, u = self.scenario, self.unit
        for w in (self.values_box, self.flags_box, self.id_edit, self.name_edit, self.side_combo,
                  self.nationality_edit, self.formation_combo, self.type_combo, self.size_combo, self.supply_combo,
                  self.color_edit, self.color_button, self.notes_edit, self.duplicate_button, self.delete_button):
            w.setEnabled(u is not None)
        self.side_combo.clear()
        for s in sc.sides:
            self.side_combo.addItem(s.name or s.id, s.id)
        formations = sorted({x.formation for x in sc.units.values() if x.formation})
        self.formation_combo.clear()
        self.formation_combo.addItems([""] + formations)
        if u is None:
            self._set_previews(None)
            return
        _set_text(self.id_edit, u.id)
        _set_text(self.name_edit, u.name)
        i = self.side_combo.findData(u.side)
        if i < 0:
            self.side_combo.addItem(f"{u.side} (not a side)", u.side)
            i = self.side_combo.count() - 1
        self.side_combo.setCurrentIndex(i)
        _set_text(self.nationality_edit, u.nationality)
        self.formation_combo.setEditText(u.formation)
        self.type_combo.setCurrentIndex(max(0, self.type_combo.findData(u.unit_type)))
        self.size_combo.setCurrentIndex(max(0, self.size_combo.findData(u.size)))
        for name, spin in self.value_spins.items():
            v = u.values.get(name)
            spin.setValue(int(v) if isinstance(v, (int, float)) else 0)
        self.reduced_check.setChecked(u.reduced is not None)
        for name, spin in self.reduced_spins.items():
            v = (u.reduced or {}).get(name)
            spin.setValue(int(v) if isinstance(v, (int, float)) else 0)
            spin.setEnabled(u.reduced is not None)
        self.steps_spin.setValue(u.steps)
        for f, cb in self.flag_checks.items():
            cb.setChecked(f in u.flags)
        self.supply_combo.setEditText(u.supply)
        _set_text(self.color_edit, u.color)
        _set_text(self.notes_edit, u.notes)
        self._set_previews(u)
        self._show_problems(u)

    def unit_problems(self, unit_id: str) -> list[Diagnostic]:
        """What `hexwright validate` says about this unit's definition (missing values, unknown
        flags, a reduced side on a one-step unit, ...)."""
        sm = SourceMap()
        sm.set(("unit", unit_id), "<unit>", 1)
        return [d for d in validate_scenario(self.scenario, sm)
                if d.file == "<unit>" and d.severity is not Severity.INFO]

    def _show_problems(self, u: UnitDef) -> None:
        problems = self.unit_problems(u.id)
        self.problems.setText("\n".join(f"{d.severity.value}: {d.message}" for d in problems))
        self.problems.setVisible(bool(problems))

    def _set_previews(self, u: UnitDef | None) -> None:
        labels = ((self.preview_front, PRINT_SCALE_PX, False), (self.preview_back, PRINT_SCALE_PX, True),
                  (self.preview_front_map, MAP_SCALE_PX, False), (self.preview_back_map, MAP_SCALE_PX, True))
        for label, size, back in labels:
            if u is None:
                label.clear()
                continue
            dpr = self.devicePixelRatioF()
            label.setPixmap(counter_pixmap(u, self.scenario, size, back, dpr))

    def preview_image(self, back: bool = False, size: int = PRINT_SCALE_PX):
        """The counter the preview shows, as a QImage (for tests and screenshots)."""
        from PySide6.QtGui import QImage

        img = QImage(size, size, QImage.Format.Format_ARGB32)
        img.fill(Qt.GlobalColor.transparent)
        if self.unit is not None:
            p = QPainter(img)
            paint_counter(p, QRectF(0, 0, size, size), self.unit, self.scenario, back)
            p.end()
        return img

    def _on_scenario_changed(self, part: str) -> None:
        if part in ("units", "sides", ""):
            self.refresh()

    # -- selection ----------------------------------------------------------------------------
    def select_unit(self, unit_id: str | None) -> None:
        if unit_id == self.unit_id:
            return
        self.unit_id = unit_id if unit_id in self.scenario.units else None
        self.message.clear()
        self._loading = True
        try:
            for row in range(self.unit_list.count()):
                item = self.unit_list.item(row)
                if item.data(Qt.ItemDataRole.UserRole) == self.unit_id:
                    self.unit_list.blockSignals(True)
                    self.unit_list.setCurrentItem(item)
                    self.unit_list.scrollToItem(item)
                    self.unit_list.blockSignals(False)
            self._reload_form()
        finally:
            self._loading = False
        if self.unit_id:
            self.unit_selected.emit(self.unit_id)

    def _on_list_selection(self, current: QListWidgetItem | None, _previous) -> None:
        if current is not None and not self._loading:
            self.select_unit(current.data(Qt.ItemDataRole.UserRole))

    # -- edits ----------------------------------------------------------------------------------
    def _push(self, command) -> None:
        self.document.undo_stack.push(command)

    def _change(self, field: str, value) -> None:
        if self._loading or self.unit_id is None:
            return
        u = self.unit
        try:
            cmd = ChangeUnit(self.document, self.unit_id, field, value)
        except (KeyError, ValueError) as exc:
            self.message.setText(str(exc))
            return
        if cmd.old == cmd.new or (u is not None and field.startswith("reduced.") and u.reduced is None):
            return
        self.message.clear()
        self._push(cmd)

    def _on_id_edited(self) -> None:
        new = self.id_edit.text().strip()
        if self._loading or self.unit_id is None or new == self.unit_id:
            return
        try:
            cmd = ChangeUnit(self.document, self.unit_id, "id", new)
        except ValueError as exc:
            self.message.setText(f"Id not changed: {exc}")
            return
        self.unit_id = new
        self.message.clear()
        self._push(cmd)

    def _on_reduced_toggled(self, on: bool) -> None:
        u = self.unit
        if self._loading or u is None or on == (u.reduced is not None):
            return
        stack = self.document.undo_stack
        stack.beginMacro(f"{'Add' if on else 'Remove'} reduced side of {u.id}")
        if on:
            self._push(ChangeUnit(self.document, u.id, "steps", max(2, u.steps)))
            self._push(ChangeUnit(self.document, u.id, "reduced", {k: v for k, v in u.values.items()}))
        else:
            self._push(ChangeUnit(self.document, u.id, "reduced", None))
            if u.steps == 2:
                self._push(ChangeUnit(self.document, u.id, "steps", 1))
        stack.endMacro()

    def _on_flag_toggled(self, _on: bool) -> None:
        u = self.unit
        if self._loading or u is None:
            return
        checked = [f for f, cb in self.flag_checks.items() if cb.isChecked()]
        others = [f for f in u.flags if f not in self.flag_checks]
        self._change("flags", tuple(checked + others))

    def _on_color_edited(self) -> None:
        text = self.color_edit.text().strip()
        if text and not QColor(text).isValid():
            self.message.setText(f"{text!r} is not a colour (try #7d8a8e or a colour name)")
            return
        self._change("color", text)

    def _pick_color(self) -> None:
        u = self.unit
        if u is None:
            return
        c = QColorDialog.getColor(QColor(u.color or "#ffffff"), self, f"Colour of {u.id}")
        if c.isValid():
            self.color_edit.setText(c.name())
            self._change("color", c.name())

    # -- buttons ------------------------------------------------------------------------------
    def new_unit(self) -> str:
        sc = self.scenario
        template = self.unit
        uid = unused_unit_id(sc, "unit")
        family = RULES_FAMILIES.get(sc.rules)
        values = {k: 1 for k in (family.unit_values if family else ())}
        side = template.side if template else (sc.sides[0].id if sc.sides else "")
        unit = UnitDef(uid, uid, side, template.nationality if template else "",
                       template.formation if template else "", values=values)
        self._push(AddUnit(self.document, unit))
        self.select_unit(uid)
        return uid

    def duplicate(self) -> str | None:
        if self.unit_id is None:
            return None
        dup = duplicate_unit(self.scenario, self.unit_id)
        index = list(self.scenario.units).index(self.unit_id) + 1
        self._push(AddUnit(self.document, dup, index))
        self.select_unit(dup.id)
        return dup.id

    def delete(self) -> None:
        if self.unit_id is None:
            return
        keys = list(self.scenario.units)
        i = keys.index(self.unit_id)
        self._push(RemoveUnit(self.document, self.unit_id))
        rest = list(self.scenario.units)
        self.select_unit(rest[min(i, len(rest) - 1)] if rest else None)

    def _ask_import_csv(self) -> None:
        counter_tables.ask_import_csv(self)

    def _ask_export_csv(self) -> None:
        counter_tables.ask_export_csv(self)

    def export_csv(self, path: str | Path) -> None:
        counter_tables.export_csv(self, path)

    def import_csv(self, path: str | Path, update: bool | None = None) -> CsvImport:
        return counter_tables.import_csv(self, path, update)

    def edit_colours(self):
        """The colour schemes dialog (schemes.py); OK is one undoable command."""
        from .schemes import ColourSchemesDialog

        dlg = ColourSchemesDialog(self.document, self)
        dlg.open()
        return dlg

    def _ask_export_images(self) -> None:
        from PySide6.QtWidgets import QInputDialog

        fmt, ok = QInputDialog.getItem(self, "Export counter images", "Format:", ["PNG (300 px)", "SVG (1/2 inch)"],
                                       0, False)
        if not ok:
            return
        directory = QFileDialog.getExistingDirectory(self, "Folder for the counter images", counter_tables.folder(self))
        if directory:
            self.export_images(directory, "svg" if fmt.startswith("SVG") else "png")

    def export_images(self, directory: str | Path, fmt: str = "png", only_selected: bool = False) -> int:
        """Each counter face as a file in `directory`; the number of files written (0 on an error, said)."""
        from .images import export_counter_images

        units = [self.unit.id] if only_selected and self.unit is not None else None
        try:
            report = export_counter_images(self.scenario, directory, fmt, units=units)
        except (OSError, ValueError) as exc:
            self.message.setText(f"Cannot export the images: {exc}")
            return 0
        self.message.setText(f"{len(report.files)} {fmt.upper()} files written to {report.directory}")
        return len(report.files)

def _set_text(edit: QLineEdit, text: str) -> None:
    """Set a line edit's text only when it differs, so typing in it keeps its cursor."""
    if edit.text() != text:
        edit.setText(text)
        if not edit.hasFocus():
            edit.setCursorPosition(0)


def _line_edit(combo: QComboBox) -> QLineEdit:
    """The line edit of an editable combo box (Qt gives one to every editable combo box)."""
    edit = combo.lineEdit()
    if edit is None:
        raise ValueError("the combo box is not editable")
    return edit
