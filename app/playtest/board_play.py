"""What a click, a drag or a hover on the playtest board means by the rules: select a unit and show its
reach (the MP or MF each location costs) and the enemy zones of control, draw the path of the move to the
hovered location, make the move clicked or dragged to, pick the attacks on a clicked enemy stack (the
combat preview shows them before they are made), make the decision that ends in the clicked location,
or say in the status bar which rule forbids what was tried. The board (boardview.py) only reports where;
the window (window.py) wires the board's signals here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from hexwright.engine.rules.presentation import ATTACK, ENTER, PASS, ActionView

from .moves import explain_move
from .panels import is_map_move

if TYPE_CHECKING:
    from .window import PlaytestWindow


class BoardPlay:
    """The playtest window's answers to the board's signals."""

    def __init__(self, win: PlaytestWindow) -> None:
        self.win = win

    def default_overlays(self) -> None:
        """With no unit selected: the locations the current decision is about (attack targets, entry and
        landing hexes, the ends of retreat and advance paths)."""
        self.win.board.show_reach({})
        self.win.board.show_zoc(())
        last = self.win._last_bot_view if self.win.live() else None
        self.win.board.show_path(last.hexes if last is not None else ())  # the bot's last move stays in sight
        if not self.win.can_act():
            self.win.board.show_targets(last.hexes[-1:] if last is not None else ())
            return
        self.win.board.show_targets({v.hexes[-1] for v in self.win.views() if not is_map_move(v) and v.hexes})

    # -- the board: selecting, hovering, clicking and dragging ----------------------------------------
    def _side_of(self, uid: str) -> str | None:
        uv = self.win.board.units.get(uid)
        return uv.side if uv is not None else None

    def unit_moves(self, uid: str) -> list[ActionView]:
        return [v for v in self.win.views() if is_map_move(v) and uid in v.units]

    def move_to(self, uid: str, label: str) -> ActionView | None:
        """The move of `uid` that ends in `label` (the cheapest if several paths are offered)."""
        ends = [v for v in self.unit_moves(uid) if v.hexes and v.hexes[-1] == label]
        return min(ends, key=lambda v: v.cost if v.cost is not None else 0.0) if ends else None

    def _explain_move(self, uid: str, path: list[str]) -> str:
        return explain_move(self.win.session, self.win.views(), uid, path)

    def _neighbour_path(self, uid: str) -> list[str]:
        start = self.win.board.units[uid].hex
        return self.win.board.neighbour_path(start) if start else []

    def reselect(self, uid: str) -> bool:
        """Show a selected unit's reach again after the position changed; False if it is gone."""
        if uid not in self.win.board.units or self.win.board.units[uid].hex is None:
            return False
        self._show_unit(uid)
        return True

    def select_unit(self, uid: str | None) -> None:
        self.win.board.select(uid)
        if uid is None:
            self.default_overlays()
            self.win.preview.clear()
            return
        self._show_unit(uid)
        uv = self.win.board.units[uid]
        n = len(self.win.board.reach)
        if self.win.can_act() and uv.side == self.win.session.actor():
            if n:
                self.win.status(f"{uv.name or uid} ({uv.values}): {self.win.board.reach_text(n)}")
            else:
                path = self._neighbour_path(uid)
                self.win.status(self._explain_move(uid, path) if path else f"{uid} cannot move now")
        elif self.win.can_act():
            self.win.status(self._explain_move(uid, self._neighbour_path(uid)) or
                        f"{uv.name or uid} belongs to {self.win.session.side_name(uv.side)}")

    def unit_from_list(self, uid: str) -> None:
        """A unit clicked in the Units panel: centre the board on it and select it."""
        uv = self.win.board.units.get(uid)
        if uv is None or uv.hex is None or not self.win.board.has_location(uv.hex):
            return
        self.win.board.view.centerOn(self.win.board.centre(uv.hex))
        self.select_unit(uid)

    def _show_unit(self, uid: str) -> None:
        s = self.win.session
        st = self.win.state
        side = self._side_of(uid)
        costs = s.presenter.move_costs(st, uid) if self.win.live() and self.win.can_act() else {}
        self.win.board.show_reach(costs)
        self.win.board.show_zoc(s.presenter.zoc_hexes(st, side) if side else ())
        self.win.board.show_path(())
        here = self.win.board.units[uid].hex
        attacks = [v for v in self.win.views() if v.kind == ATTACK and (uid in v.units or here in v.hexes[:-1])]
        self.win.board.show_targets({v.hexes[-1] for v in attacks if v.hexes})

    def hover_hex(self, label: str | None) -> None:
        if not self.win.can_act():
            return
        uid = self.win.board.selected
        if uid is None:  # a retreat, advance, displacement or entry ending here: its path
            ends = [v for v in self.win.views() if not is_map_move(v) and len(v.hexes) > 1 and v.hexes[-1] == label]
            self.win.board.show_path(ends[0].hexes if ends else ())
            return
        if label is None:
            self.win.board.show_path(())
            return
        mv = self.move_to(uid, label)
        self.win.board.show_path(mv.hexes if mv is not None else ())

    def click_hex(self, label: str, top_unit: str | None = None) -> None:
        """A left click on a location: make the move there, select a unit, pick an attack, an entry, a
        retreat or advance destination, or say which rule forbids what was tried."""
        if not self.win.can_act():
            self.win.status(self.win._why_not_now())
            return
        s = self.win.session
        actor = s.actor()
        sel = self.win.board.selected
        if sel is not None:
            mv = self.move_to(sel, label)
            if mv is not None:
                if self._confirm_close_combat(mv, label):
                    return
                self.win.apply_action(mv.action)
                return
        views = [v for v in self.win.views() if not is_map_move(v) and v.hexes and v.hexes[-1] == label]
        here = self.win.board.units_at(label)
        own = [u for u in here if self._side_of(u) == actor]
        enemy = [u for u in here if self._side_of(u) != actor]
        attacks = [v for v in views if v.kind == ATTACK]
        if enemy and attacks:
            if sel is not None:  # the selected unit's attacks first
                sel_hex = self.win.board.units[sel].hex
                attacks.sort(key=lambda v: not (sel in v.units or sel_hex in v.hexes[:-1]))
            self.win.decision.show_only(label, ATTACK)
            self.win.decision.select_view(attacks[0])
            self.show_attack(attacks[0])
            self.win.status(f"{len(attacks)} possible attack(s) on {label}: pick the participants in the Decision "
                            "list; the Combat preview shows the odds; press Attack to make it")
            return
        others = [v for v in views if v.kind != ATTACK]
        if others and not (own and sel != own[-1] and self.unit_moves(own[-1])):
            picked = self.win.decision.picked()
            if picked is not None and len(others) > 1:  # the decision picked in the list, made here
                same = [v for v in others if v == picked] or [
                    v for v in others if picked.units and v.units == picked.units and v.verb == picked.verb]
                others = same or others
            if len(others) == 1:
                self.win.apply_action(others[0].action)
            else:
                self.win.decision.show_only(label)
                self.win.status(f"{len(others)} actions end in {label}: pick one in the Decision list")
            return
        if own:
            pick = top_unit if top_unit in own else own[-1]
            if sel in own and len(own) > 1:  # clicking a stack again picks the next unit in it
                pick = own[(own.index(sel) + 1) % len(own)]
            self.select_unit(pick)
            return
        if sel is not None:
            start = self.win.board.units[sel].hex
            self.win.status(self._explain_move(sel, self.win.board.line_path(start, label)) if start else
                        f"{sel} is not on the map")
            return
        if enemy:
            self.select_unit(enemy[-1])
            return
        tried = self._hex_choice_here(label)
        if tried is not None:  # the rules say why this hex is not one of the choices (one reason, its rule)
            try:
                self.win.apply_action(tried)
                return
            except ValueError:  # not an action of this family after all: the general answer
                pass
        self.win.status(f"Nothing to do in {label}. {s.presenter.prompt(s.state)}")

    def _hex_choice_here(self, label: str) -> str | None:
        """When every choice of the decision is one kind of action on one hex ("interdict 0904"), that
        action on the clicked hex, for the rules to refuse with their reason; else None."""
        views = [v for v in self.win.views() if v.kind != PASS]
        verbs = {v.verb for v in views}
        if not views or len(verbs) != 1 or not all(len(v.hexes) == 1 and v.action.text() == f"{v.verb} {v.hexes[0]}"
                                                 for v in views):
            return None
        return f"{verbs.pop()} {label}"

    def _confirm_close_combat(self, mv: ActionView, label: str) -> bool:
        """A move into an enemy-occupied hex is an attack (Koenig's close combat): show its preview and let
        the Attack button make it, as for any attack. True if the preview is now waiting."""
        enemy = [u for u in self.win.board.units_at(label) if self._side_of(u) != self.win.session.actor()]
        if not enemy or not self.win.preview.preview_action(mv, self.win.session.presenter, self.win.session.state,
                                                        self.win.can_act()):
            return False
        self.win.dock_preview.raise_()
        self.win.board.show_path(mv.hexes)
        self.win.board.show_targets((label,), (mv.hexes[0],))
        self.win.status(f"{mv.label or mv.action.text()}: the Combat preview shows the odds; press Attack to make it")
        return True

    def drag_unit(self, uid: str, start: str, end: str) -> None:
        """A counter dragged from one location to another: the move there, or the rule that forbids it."""
        if not self.win.can_act():
            self.click_hex(end)
            return
        if self._side_of(uid) == self.win.session.actor():
            mv = self.move_to(uid, end)
            if mv is not None:
                self.win.board.select(uid)
                if not self._confirm_close_combat(mv, end):
                    self.win.apply_action(mv.action)
                return
        self.win.status(self._explain_move(uid, self.win.board.line_path(start, end)))

    # -- attacks and other decisions on the board ------------------------------------------------------
    def show_attack(self, view: ActionView) -> None:
        """An attack's preview, its target and the locations of those taking part."""
        self.win.preview.preview_action(view, self.win.session.presenter, self.win.session.state, self.win.can_act())
        self.win.dock_preview.raise_()  # the docks keep their sizes: "Do it" stays where it was
        parts = set(view.hexes[:-1])
        for uid in view.units:
            uv = self.win.board.units.get(uid)
            if uv is not None and uv.hex:
                parts.add(uv.hex)
        self.win.board.show_targets(view.hexes[-1:], parts)

    def show_declared(self) -> None:
        """An attack being formed (declared, its units still to add) is previewed before any row is picked:
        the presenter's `declared_attack`; its Attack button is live only for a resolution the rules allow."""
        s = self.win.session
        view = s.presenter.declared_attack(s.state) if self.win.can_act() else None
        if view is None:
            return
        preview = s.presenter.combat_preview(s.state, view.action)
        if preview is None:
            return
        resolves = view.kind == ATTACK or view.verb == "fire"
        if not resolves:  # no unit yet: the title says what is in hand, not the row it is shown with
            view = replace(view, label=f"Attack declared on {preview.target}: no attacking unit yet")
        self.win.preview.show_preview(view, preview, resolves,
                                      s.presenter.result_legend(s.state) if preview.distribution else {})
        self.win.dock_preview.raise_()
        units = self.win.board.units
        self.win.board.show_targets((preview.target,), [h for u in preview.attackers if u in units
                                                        for h in (units[u].hex,) if h])

    def highlight_view(self, view: ActionView | None) -> None:
        if view is None or not self.win.can_act():
            return
        if view.kind == ATTACK:
            self.show_attack(view)
            return
        # an entry or landing location (a ring), a retreat, advance or displacement path (a line)
        self.win.board.show_path(view.hexes)
        self.win.board.show_targets(view.hexes[-1:])
        if view.kind not in (ENTER, PASS):  # a bombardment or a fire is previewed like an attack
            s = self.win.session
            if self.win.preview.preview_action(view, s.presenter, s.state, self.win.can_act()):
                self.win.dock_preview.raise_()


__all__ = ["BoardPlay"]
