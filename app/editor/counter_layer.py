"""The set-up counters on the map: each placed unit (Scenario.placements) drawn as its counter in the
canvas's counters layer, stacks offset with a count badge, a red warning on a hex over the stacking
limit (validation's `stacking` rule, engine/rules/registry.py for the family's wording) and a red mark
on a counter that breaks its set-up zone (validation's `setup-zone` diagnostics). Map markers with a
hex (drop zones, supply sources: Scenario.markers) are drawn there too, under the units, and can be
dragged to another hex or taken off the map (EditMarker).

It also handles what the person does with counters: drop a unit dragged from the order of battle
(OobPanel's UNIT_MIME payload) to set it up, drag a counter to another hex, Delete or the context menu
to take it off the map; every one is a scenario command (PlaceUnit / RemovePlacement) on the
document's undo stack. Clicking a counter selects its unit (`unit_selected`).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from hexwright.app.counters.draw import counter_pixmap
from hexwright.app.kindbase.counters import (
    COUNTER_SCALE,
    PIXMAP_PX,
    SELECT_COLOR,
    STACK_STEP,
    WARNING_COLOR,
    CounterItem,
    MarkerItem,
    hexside_cross,
    marker_pixmap,
    stack_badge,
)
from hexwright.app.scenario.commands import EditMarker, RemovePlacement
from hexwright.engine.hexgrid import Hex
from hexwright.engine.model.placement import location_levels, location_text, set_up_level
from hexwright.engine.rules.registry import RULES_FAMILIES
from hexwright.engine.validation import Diagnostic
from PySide6.QtCore import QMimeData, QObject, QPoint, QPointF, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsPolygonItem,
    QMenu,
)

LEVEL_STEP = 0.3  # offset up and right of the units in each location above a hex's ground one, in counter sides
# tools whose press goes to the hex under a counter (the line of sight from a unit's hex, the terrain under
# it), never to the counter: with them a drag from a counter does not move the unit
SEE_THROUGH_TOOLS = ("los", "eyedropper")


def parse_unit_mime(mime: QMimeData) -> list[str]:
    """The unit ids an order-of-battle drag carries (app/scenario/oob_panel.py)."""
    from hexwright.app.scenario.oob_panel import parse_unit_mime as parse  # its widgets load after the first paint

    return parse(mime)



class CounterLayer(QObject):
    """Keeps the counters layer in step with a scenario document and handles counter mouse work."""

    unit_selected = Signal(str)

    def __init__(self, window) -> None:
        super().__init__(window)
        self.win = window
        self.items: dict[str, CounterItem] = {}
        self.marker_items: dict[str, MarkerItem] = {}
        self.badges: dict[str, QGraphicsItem] = {}  # hex label -> badge
        self.warnings: dict[str, QGraphicsPolygonItem] = {}  # hex label -> stacking warning
        self.start_marks: dict[str, QGraphicsPathItem] = {}  # hexside label -> its start state's cross
        self.zone_problems: dict[str, str] = {}  # unit id -> set-up zone message
        self.selected: str | None = None
        self._press: tuple[str, str, QPointF] | None = None  # "unit"/"marker", id, scene position of a press
        self._dragging = False
        self._drop_preview: QGraphicsPolygonItem | None = None
        self.last_refusal: str | None = None  # why the last drop or move was refused

    # -- helpers ---------------------------------------------------------------------------------
    @property
    def document(self):
        return self.win.document

    @property
    def canvas(self):
        return self.win.canvas

    @property
    def scenario(self):
        doc = self.document
        return doc.scenario if doc is not None else None

    def counter_side(self) -> float:
        return self.canvas.geometry.size * COUNTER_SCALE

    def interactive(self) -> bool:
        return self.scenario is not None and self.canvas is not None and self.canvas.is_visible("counters")

    def editable(self) -> bool:
        return self.interactive() and not self.canvas.is_locked("counters")

    def hex_label_at(self, scene_pos: QPointF) -> str | None:
        h: Hex = self.canvas.geometry.hex_at(scene_pos)
        return self.canvas.label(h) if self.document.map.contains(h) else None

    def piece_at(self, scene_pos: QPointF) -> tuple[str, str] | None:
        """The topmost counter ("unit", id) or marker ("marker", id) under a scene position."""
        for item in self.win.view.scene().items(scene_pos):
            while item is not None and not isinstance(item, (CounterItem, MarkerItem)):
                item = item.parentItem()
            if isinstance(item, CounterItem):
                return "unit", item.unit_id
            if isinstance(item, MarkerItem):
                return "marker", item.marker_id
        return None

    def unit_at(self, scene_pos: QPointF) -> str | None:
        piece = self.piece_at(scene_pos)
        return piece[1] if piece is not None and piece[0] == "unit" else None

    # -- drawing --------------------------------------------------------------------------------
    def clear(self) -> None:
        layer = self.canvas.counters if self.canvas is not None else None
        if layer is not None:
            for child in list(layer.childItems()):
                child.setParentItem(None)
                if child.scene() is not None:
                    child.scene().removeItem(child)
        self.items.clear()
        self.marker_items.clear()
        self.badges.clear()
        self.warnings.clear()
        self.start_marks.clear()
        self._drop_preview = None

    def stacks(self) -> dict[str, list[str]]:
        """Hex label -> the units set up there, in placement order (the last is on top)."""
        out: dict[str, list[str]] = defaultdict(list)
        sc = self.scenario
        m = self.document.map
        for uid, lab in sc.placements.items():
            if uid in sc.units and m.hex_at(lab) is not None:
                out[lab].append(uid)
        return out

    def rebuild(self) -> None:
        self.clear()
        sc = self.scenario
        if sc is None or self.canvas is None:
            return
        layer = self.canvas.counters
        g = self.canvas.geometry
        m = self.document.map
        side = self.counter_side()
        step = side * STACK_STEP
        limit = sc.stacking_limit
        family = RULES_FAMILIES.get(sc.rules)
        stacks = self.stacks()
        for lab, uids in stacks.items():
            h = m.hex_at(lab)
            c = g.centre(h)
            n = len(uids)
            if n > limit:
                warn = QGraphicsPolygonItem(g.polygon(h), layer)
                pen = QPen(WARNING_COLOR, 3)
                pen.setCosmetic(True)
                warn.setPen(pen)
                warn.setBrush(QColor(224, 16, 16, 70))
                warn.setZValue(-1)
                rule = f" ({family.stacking_rule})" if family else ""
                warn.setToolTip(f"{n} units in {lab}: over the stacking limit of {limit}{rule}")
                self.warnings[lab] = warn
            # one stack per location of the hex (ASL Arnhem Bridge 1.1): the ground one centred, each one above
            # it offset up and right, drawn over it and tagged with its level
            by_level: dict[int | None, list[str]] = defaultdict(list)
            for uid in uids:
                by_level[set_up_level(sc, uid)].append(uid)
            ground = m.elevation_at(h)
            order = location_levels(m, h)  # a location's offset is its rank above (or below) the ground one
            levels = sorted(by_level, key=lambda lv: ground if lv is None else lv)
            for gi, level in enumerate(levels):
                group = by_level[level]
                k = len(group)
                rank = 0 if level is None else order.index(level) - order.index(ground)
                shift = QPointF(rank * side * LEVEL_STEP, -rank * side * LEVEL_STEP)
                for i, uid in enumerate(group):
                    depth = k - 1 - i  # 0 for the top counter
                    pm = counter_pixmap(sc.units[uid], sc, PIXMAP_PX)
                    item = CounterItem(uid, pm, side, layer)
                    item.unit, item.scenario = sc.units[uid], sc
                    item.setPos(c + shift + QPointF(depth * step, depth * step)
                                - QPointF((k - 1) * step / 2, (k - 1) * step / 2))
                    item.setZValue(gi * n + i)
                    if level is not None:
                        item.set_level_badge(level)
                        item.setToolTip(f"{uid} at {location_text(m, h, level)}")
                    else:
                        item.setToolTip(uid)
                    self.items[uid] = item
            if n > 1:
                self.badges[lab] = stack_badge(layer, c, side, n, WARNING_COLOR if n > limit else None)
        for mid, marker in sc.markers.items():
            h = m.hex_at(marker.hex) if marker.hex else None
            if h is None:
                continue
            shared = marker.hex in stacks  # under units: peek out at the lower left
            mitem = MarkerItem(mid, marker_pixmap(marker, sc), side * (0.75 if shared else 1.0), layer)
            mitem.setPos(g.centre(h) + (QPointF(-side * 0.25, side * 0.18) if shared else QPointF()))
            mitem.setZValue(-0.5)
            mitem.setToolTip(f"{mid}: {marker.kind.replace('_', ' ')} marker at {marker.hex}")
            self.marker_items[mid] = mitem
        self._draw_start_hexsides(layer)
        for uid, item in self.items.items():
            if uid in self.zone_problems:
                item.set_zone_problem(self.zone_problems[uid])
        if self.selected in self.items:
            self.items[self.selected].set_selected_mark(True)
            self.items[self.selected].setZValue(1000)

    def _draw_start_hexsides(self, layer: QGraphicsItem) -> None:
        """The hexside states a scenario starts with (Scenario.start.hexsides, the Start state panel): a red
        cross on a demolished bridge (F&M 10.6.3), a blue one on a ferry in operation (10.6.5), as the
        playtest board draws them."""
        g = self.canvas.geometry
        m = self.document.map
        self.start_marks.clear()
        for label, state in self.scenario.start.hexsides.items():
            side = m.hexside_at(label)
            if side is None:
                continue  # validation reports it
            item = QGraphicsPathItem(hexside_cross(g.side_line(side).center(), g.size * 0.3), layer)
            pen = QPen(QColor("#d00000") if "demolished" in state else QColor("#0050d0"), 4.0)
            pen.setCosmetic(True)
            item.setPen(pen)
            item.setZValue(-0.25)
            words = " and ".join({"demolished": "bridge demolished", "ferry": "ferry in operation"}.get(x, x)
                                 for x in state.split("+"))
            item.setToolTip(f"{label}: {words} at the start (Start state)")
            self.start_marks[label] = item

    def set_diagnostics(self, diags: list[Diagnostic]) -> None:
        """Mark counters that break their set-up zone (validation's `setup-zone` diagnostics)."""
        problems = {d.unit: d.message for d in diags if d.code == "setup-zone" and d.unit}
        self.zone_problems = problems
        for uid, item in self.items.items():
            item.set_zone_problem(problems.get(uid))

    def on_scenario_changed(self, part: str) -> None:
        if part in ("placements", "units", "sides", "markers", "start", ""):
            self.rebuild()

    # -- selection -------------------------------------------------------------------------------
    def select(self, unit_id: str | None, centre: bool = False) -> None:
        """Show a unit as selected (no signal); centre the view on its counter if asked."""
        if self.selected in self.items:
            old = self.items[self.selected]
            old.set_selected_mark(False)
            uids = self.stacks().get(self.scenario.placements.get(self.selected, ""), [])
            old.setZValue(uids.index(self.selected) if self.selected in uids else 0)
        self.selected = unit_id
        item = self.items.get(unit_id or "")
        if item is not None:
            item.set_selected_mark(True)
            item.setZValue(1000)
            if centre:
                self.win.view.centerOn(item.scenePos())

    # -- mouse -----------------------------------------------------------------------------------
    def mouse_press(self, event: QMouseEvent) -> bool:
        if not self.interactive() or event.button() not in (Qt.MouseButton.LeftButton,):
            return False
        tool = getattr(self.win.view, "tool", None)
        if getattr(tool, "name", "") in SEE_THROUGH_TOOLS:
            return False  # the tool reads the hex under the counter: a drag draws a line of sight, not a move
        scene_pos = self.win.view.mapToScene(event.position().toPoint())
        piece = self.piece_at(scene_pos)
        if piece is None:
            return False
        kind, pid = piece
        if kind == "unit":
            self.select(pid)
            self.unit_selected.emit(pid)
        self._press = (kind, pid, scene_pos)
        self._dragging = False
        return True

    def mouse_move(self, event: QMouseEvent) -> bool:
        if self._press is None:
            return False
        kind, pid, start = self._press
        scene_pos = self.win.view.mapToScene(event.position().toPoint())
        if not self._dragging and (scene_pos - start).manhattanLength() < self.counter_side() * 0.2:
            return True
        if not self.editable():
            return True
        self._dragging = True
        item = self.items.get(pid) if kind == "unit" else self.marker_items.get(pid)
        if item is not None:
            item.setPos(scene_pos)
        self.drag_over(scene_pos)
        return True

    def mouse_release(self, event: QMouseEvent) -> bool:
        if self._press is None:
            return False
        kind, pid, _start = self._press
        self._press = None
        self.drag_over(None)
        if self._dragging:
            self._dragging = False
            lab = self.hex_label_at(self.win.view.mapToScene(event.position().toPoint()))
            if lab is None:  # dropped off the map: it stays where it was
                self.rebuild()
            elif kind == "unit":
                self.move_unit(pid, lab)
            else:
                self.move_marker(pid, lab)
        return True

    def move_marker(self, marker_id: str, hex_label: str | None) -> bool:
        """Put a map marker in a hex (None: off the map, placed during play): one EditMarker command."""
        sc = self.scenario
        marker = sc.markers.get(marker_id)
        if marker is None or not self.editable() or marker.hex == hex_label:
            self.rebuild()
            return False
        self.document.push(EditMarker(self.document, marker_id, replace(marker, hex=hex_label)))
        return True

    def move_unit(self, unit_id: str, hex_label: str | None) -> bool:
        """Set up (or move) a unit at a hex: one PlaceUnit command. Off the map, it stays where it was."""
        sc = self.scenario
        if hex_label is None or unit_id not in sc.units or not self.editable():
            self.rebuild()
            return False
        if sc.placements.get(unit_id) == hex_label:
            self.rebuild()
            return False
        return self._set_up([unit_id], hex_label)

    def _set_up(self, unit_ids: list[str], hex_label: str) -> bool:
        """Set units up in a hex as one undo step (app/scenario/scheduling.py): scheduled units leave
        the reinforcement schedule in the same step; a hex over the stacking limit refuses the drop
        and the status bar says why."""
        from hexwright.app.scenario.scheduling import set_up_units

        refusal = set_up_units(self.document, unit_ids, hex_label)
        if refusal is not None:
            self.last_refusal = refusal
            self.win.show_status(f"Not set up: {refusal}")
            self.rebuild()
            return False
        self.last_refusal = None
        return True

    # -- drops from the order of battle ----------------------------------------------------------
    def accepts(self, mime: QMimeData) -> bool:
        return self.editable() and bool(parse_unit_mime(mime))

    def drag_over(self, scene_pos: QPointF | None, mime: QMimeData | None = None) -> None:
        """Outline the hex a drop would go to (None hides it); red, with the reason in the status bar,
        when the units dragged (`mime`, a drag from the order of battle) would be refused there."""
        lab = self.hex_label_at(scene_pos) if scene_pos is not None and self.canvas is not None else None
        if lab is None:
            if self._drop_preview is not None:
                self._drop_preview.hide()
            return
        refusal = None
        if mime is not None:
            from hexwright.app.scenario.scheduling import stacking_rule
            from hexwright.engine.model.placement import stacking_refusal

            sc = self.scenario
            uids = [u for u in parse_unit_mime(mime) if u in sc.units]
            refusal = stacking_refusal(sc, uids, lab, stacking_rule(sc)) if uids else None
            if refusal is not None:
                self.win.show_status(f"Cannot set up here: {refusal}")
        g = self.canvas.geometry
        poly = g.polygon(self.document.map.hex_at(lab))
        if self._drop_preview is None:
            self._drop_preview = QGraphicsPolygonItem(self.canvas.counters)
            pen = QPen(SELECT_COLOR, 3)
            pen.setCosmetic(True)
            self._drop_preview.setPen(pen)
            self._drop_preview.setBrush(QColor(255, 204, 0, 60))
            self._drop_preview.setZValue(3000)
        colour = WARNING_COLOR if refusal is not None else SELECT_COLOR
        pen = QPen(colour, 3)
        pen.setCosmetic(True)
        self._drop_preview.setPen(pen)
        fill = QColor(colour)
        fill.setAlpha(60)
        self._drop_preview.setBrush(fill)
        self._drop_preview.setPolygon(poly)
        self._drop_preview.show()

    def drop(self, mime: QMimeData, scene_pos: QPointF) -> bool:
        """Set up the dragged units at the hex under `scene_pos`: one undo step for the whole drop."""
        self.drag_over(None)
        if not self.accepts(mime):
            return False
        lab = self.hex_label_at(scene_pos)
        sc = self.scenario
        uids = [u for u in parse_unit_mime(mime) if u in sc.units and sc.placements.get(u) != lab]
        if lab is None or not uids:
            return False
        if not self._set_up(uids, lab):
            return False
        self.select(uids[-1])
        self.unit_selected.emit(uids[-1])
        return True

    # -- removing -----------------------------------------------------------------------------------
    def remove_unit(self, unit_id: str) -> bool:
        if not self.editable() or unit_id not in self.scenario.placements:
            return False
        self.document.push(RemovePlacement(self.document, unit_id))
        return True

    def remove_selected(self) -> bool:
        return self.selected is not None and self.remove_unit(self.selected)

    def context_menu(self, view_pos: QPoint, global_pos: QPoint) -> bool:
        if not self.interactive():
            return False
        piece = self.piece_at(self.win.view.mapToScene(view_pos))
        if piece is None:
            return False
        if piece[0] == "marker":
            mid = piece[1]
            menu = QMenu(self.win)
            act = menu.addAction(f"Take marker {mid} off the map")
            act.setEnabled(self.editable())
            act.triggered.connect(lambda: self.move_marker(mid, None))
            menu.popup(global_pos)
            self.context_menu_widget = menu
            return True
        uid = piece[1]
        self.select(uid)
        self.unit_selected.emit(uid)
        menu = QMenu(self.win)
        act = menu.addAction(f"Remove {uid} from the map")
        act.setEnabled(self.editable())
        act.triggered.connect(lambda: self.remove_unit(uid))
        menu.popup(global_pos)
        self.context_menu_widget = menu
        return True
