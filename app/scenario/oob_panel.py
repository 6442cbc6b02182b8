"""The order of battle panel: every unit of each side in a tree by formation, with its counter, its
printed values and where it is: set up on the map at a hex, arriving on turn N (and where it enters),
or not yet placed (engine/model/oob.py). Selecting a unit emits `unit_selected(str)` so the map can
show it; `select_unit` does the reverse when the map selects one.
"""

from __future__ import annotations

from hexwright.app.counters.draw import counter_pixmap, formation_color, value_parts
from hexwright.engine.model.oob import ARRIVING, NOT_PLACED, SET_UP, order_of_battle
from PySide6.QtCore import QMimeData, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QIcon, QPixmap
from PySide6.QtWidgets import QHeaderView, QLineEdit, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

UNIT_MIME = "application/x-hexwright-unit"  # drag payload: the unit id, UTF-8
STATUS_COLORS = {SET_UP: "#1d6b2f", ARRIVING: "#1f4f9a", NOT_PLACED: "#9a5b00"}
ID_ROLE = Qt.ItemDataRole.UserRole


class _OobTree(QTreeWidget):
    def mimeData(self, items):
        ids = [i.data(0, ID_ROLE) for i in items if i.data(0, ID_ROLE)]
        if not ids:
            return None
        data = QMimeData()
        data.setData(UNIT_MIME, "\n".join(ids).encode("utf-8"))
        data.setText("\n".join(ids))
        return data

    def mimeTypes(self):
        return [UNIT_MIME, "text/plain"]


class OobPanel(QWidget):
    unit_selected = Signal(str)

    COLUMNS = ("Unit", "Values", "Where")

    def __init__(self, document, parent: QWidget | None = None, icon_px: int = 32) -> None:
        super().__init__(parent)
        self.document = document
        self.icon_px = icon_px
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("Filter units (id, name, formation, hex)…")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.textChanged.connect(self._apply_filter)
        self.tree = _OobTree()
        self.tree.setColumnCount(len(self.COLUMNS))
        self.tree.setHeaderLabels(list(self.COLUMNS))
        self.tree.setIconSize(QSize(icon_px, icon_px))
        self.tree.setUniformRowHeights(False)
        self.tree.setDragEnabled(True)
        self.tree.setAlternatingRowColors(True)
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.tree.currentItemChanged.connect(self._on_current)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.tree)
        self._selected: str | None = None
        self._collapsed: set[str] = set()
        document.scenario_changed.connect(self._on_scenario_changed)
        self.refresh()

    # -- building the tree ------------------------------------------------------------------------
    def _on_scenario_changed(self, part: str) -> None:
        if part in ("units", "placements", "reinforcements", "sides", "turns", ""):
            self.refresh()

    def _remember_collapsed(self) -> None:
        def walk(item: QTreeWidgetItem, path: str) -> None:
            for child in _children(item):
                key = f"{path}/{child.text(0)}"
                if child.childCount():
                    if not child.isExpanded():
                        self._collapsed.add(key)
                    else:
                        self._collapsed.discard(key)
                    walk(child, key)

        walk(self.tree.invisibleRootItem(), "")

    def refresh(self) -> None:
        sc = self.document.scenario
        if self.tree.topLevelItemCount():
            self._remember_collapsed()
        self.tree.blockSignals(True)
        self.tree.clear()
        self.unit_items: dict[str, QTreeWidgetItem] = {}
        bold = self.tree.font()
        bold.setBold(True)
        for side in order_of_battle(sc):
            counts = {k: 0 for k in (SET_UP, ARRIVING, NOT_PLACED)}
            for placed in side.units:
                counts[placed.status.kind] += 1
            side_item = QTreeWidgetItem([side.name + ("" if side.known else " (not a side of the scenario)"),
                                         f"{len(side.units)} units",
                                         f"{counts[SET_UP]} set up, {counts[ARRIVING]} arriving, "
                                         f"{counts[NOT_PLACED]} not placed"])
            side_item.setFont(0, bold)
            side_item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            s = sc.side(side.side_id)
            side_item.setIcon(0, _swatch(s.color if s else "#999999"))
            self.tree.addTopLevelItem(side_item)
            for formation in side.formations:
                f_item = QTreeWidgetItem([formation.title, f"{len(formation.units)}", ""])
                f_item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                color = formation_color(sc, formation.name)
                if color:
                    f_item.setIcon(0, _swatch(color))
                side_item.addChild(f_item)
                for ou in formation.units:
                    u, st = ou.unit, ou.status
                    label = u.id if u.name in ("", u.id) else f"{u.id}  {u.name}"
                    item = QTreeWidgetItem([label, "-".join(value_parts(sc.rules, u.values)), st.text()])
                    item.setData(0, ID_ROLE, u.id)
                    item.setIcon(0, QIcon(counter_pixmap(u, sc, self.icon_px)))
                    item.setForeground(2, QBrush(QColor(STATUS_COLORS[st.kind])))
                    item.setToolTip(0, f"{u.id}: {u.unit_type.replace('_', ' ')} {u.size}"
                                       + (f", formation {u.formation}" if u.formation else ""))
                    item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                                  | Qt.ItemFlag.ItemIsDragEnabled)
                    f_item.addChild(item)
                    self.unit_items[u.id] = item
        self._restore_expansion()
        if self._selected in self.unit_items:
            self.tree.setCurrentItem(self.unit_items[self._selected])
        self.tree.blockSignals(False)
        self._apply_filter(self.filter_edit.text())

    def _restore_expansion(self) -> None:
        def walk(item: QTreeWidgetItem, path: str) -> None:
            for child in _children(item):
                key = f"{path}/{child.text(0)}"
                if child.childCount():
                    child.setExpanded(key not in self._collapsed)
                    walk(child, key)

        walk(self.tree.invisibleRootItem(), "")

    def _apply_filter(self, text: str) -> None:
        needle = text.strip().lower()
        sc = self.document.scenario
        for uid, item in self.unit_items.items():
            u = sc.units.get(uid)
            hay = " ".join([uid, u.name, u.formation, item.text(2)]).lower() if u else uid.lower()
            item.setHidden(bool(needle) and needle not in hay)
        for side in _children(self.tree.invisibleRootItem()):
            for f in _children(side):
                f.setHidden(all(unit.isHidden() for unit in _children(f)))

    # -- selection --------------------------------------------------------------------------------
    def _on_current(self, current: QTreeWidgetItem | None, _previous) -> None:
        uid = current.data(0, ID_ROLE) if current is not None else None
        if uid and uid != self._selected:
            self._selected = uid
            self.unit_selected.emit(uid)

    def select_unit(self, unit_id: str | None) -> None:
        """Select a unit without emitting unit_selected (the map already knows)."""
        self._selected = unit_id
        item = self.unit_items.get(unit_id or "")
        self.tree.blockSignals(True)
        if item is None:
            self.tree.clearSelection()
        else:
            self.tree.setCurrentItem(item)
            self.tree.scrollToItem(item)
        self.tree.blockSignals(False)

    @property
    def selected_unit(self) -> str | None:
        return self._selected

    def status_text(self, unit_id: str) -> str:
        item = self.unit_items.get(unit_id)
        return item.text(2) if item is not None else ""


def _swatch(color: str, size: int = 14) -> QIcon:
    pm = QPixmap(size, size)
    pm.fill(QColor(color))
    return QIcon(pm)


def _children(item: QTreeWidgetItem) -> list[QTreeWidgetItem]:
    """The item's children, in order."""
    return [c for c in (item.child(i) for i in range(item.childCount())) if c is not None]


def parse_unit_mime(mime) -> list[str]:
    """The unit ids a drag from the order of battle carries (UNIT_MIME, one per line), or [] for any
    other drag."""
    if mime is None or not mime.hasFormat(UNIT_MIME):
        return []
    text = bytes(mime.data(UNIT_MIME).data()).decode("utf-8")
    return [t for t in (x.strip() for x in text.splitlines()) if t]
