"""What a player interface shows of a tiny game: the units on the map and the moves as moves."""

from __future__ import annotations

from hexwright.engine.rules.presentation import MOVE, PASS, ActionView, Presenter, UnitView
from hexwright.engine.rules.protocol import GameState

from .game import Move, TinyState


class TinyPresenter(Presenter):
    def units(self, state: GameState, viewer: str | None = None) -> list[UnitView]:
        assert isinstance(state, TinyState)
        sc = state.game.scenario
        out = []
        for uid, u in sc.units.items():
            h = state.position.hex_of(uid)
            out.append(UnitView(uid, u.side, u.name, sc.map.label(h) if h is not None else None,
                                values=f"{u.values.get('strength')}-{u.values.get('movement')}"))
        return out

    def action_views(self, state: GameState) -> list[ActionView]:
        assert isinstance(state, TinyState)
        out = []
        for a in state.legal_actions():
            if isinstance(a, Move):
                h = state.position.hex_of(a.unit)
                start = state.game.scenario.map.label(h) if h is not None else ""
                out.append(ActionView(a, MOVE, f"move {a.unit} to {a.dest}", (a.unit,), (start, a.dest), 1.0,
                                      "move", rule="Tiny 2"))
            else:
                out.append(ActionView(a, PASS, "pass", verb="pass", rule="Tiny 2"))
        return out
