"""What a player interface shows of a game of Target Arnhem: Across 6 Bridges (001_69d92a61f68ed4f9.txt),
read through the state's typed queries (board.py, supply.py, movement.py), its pending decision and the typed
actions (actions.py); rules/presentation.py describes the views.

* Units with their printed strength and endurance and the damage taken (Damage), whether they are
  Pickaxe-fortified (Fortifications), have acted this impulse (Impulses 1-3) or are out of supply
  (Re-Supply); German units in off-board areas, reinforcements not yet arrived, eliminated units.
* Moves carry a path (Movement), attacks the target hex, paradrops the drop hex; the resolution of an attack
  (`fire`) previews the strengths, every modifier, the Combat Ratio Table column and its damage (the table's
  values are reconstructed and marked so).
* Markers: the para supply markers on the map, each side's supply points by pool, and the German units
  waiting in each off-board area (the board shows no off-board area: the list says who is where).
* There are no zones of control; a hex next to the enemy stops a move (`zoc_hexes` gives those hexes).
* The log is the state's own notes.
"""

from __future__ import annotations

from fractions import Fraction

from ..kit import verb_of
from ..presentation import (
    ATTACK,
    CHOICE,
    ENTER,
    MOVE,
    PASS,
    ActionView,
    CombatPreview,
    MarkerView,
    Presenter,
    TurnTrack,
    UnitView,
)
from ..protocol import Action, GameState
from .actions import Advance, Attack, Cancel, Damage, Eliminate, Enter, Fire, Move, Pass, Resupply, With
from .board import ALLIED, ELIMINATED, GERMAN, OFF_BOARD, ON_MAP, WAITING, Stage, cite
from .combat import odds
from .decisions import AttackWith
from .movement import destinations
from .state import TAState
from .supply import ONE_POINT_POOLS, PARA_SUPPLY, UNLIMITED, WEHRMACHT_POOL, in_supply
from .tables import DEFENDER, combat_table
from .wording import action_words, choice_label

# the supply point pools of each side in the order a player reads them (Supply Points)
POOL_ORDER = {ALLIED: [p for p, side in ONE_POINT_POOLS.items() if side == ALLIED],
              GERMAN: [WEHRMACHT_POOL] + [p for p, side in ONE_POINT_POOLS.items() if side == GERMAN]}
STAGES = tuple(stage.title for stage in Stage)


def _ta(state: GameState) -> TAState:
    if not isinstance(state, TAState):
        raise TypeError(f"a Target Arnhem presenter reads Target Arnhem states, not {type(state).__name__}")
    return state


class TAPresenter(Presenter):
    ask_before_pass = False  # passing an impulse is play: the units act in the impulses to come

    def units(self, state: GameState, viewer: str | None = None) -> list[UnitView]:
        st = _ta(state)
        out = []
        for uid in st.unit_ids():
            u = st.sc.units[uid]
            status = st.status(uid)
            shown = {ON_MAP: ON_MAP, OFF_BOARD: f"off-board area {st.area_of(uid)}", WAITING: "reinforcement",
                     ELIMINATED: "eliminated"}.get(status, status)
            flags = []
            if st.is_fortified(uid):
                flags.append("Pickaxe fortified")
            if uid in st.acted:
                flags.append("acted")
            if st.in_play(uid) and not in_supply(st, uid):
                flags.append("out of supply")
            dmg = st.damage(uid)
            values = f"{st.strength(uid)}-{st.endurance(uid)}" + (f" ({dmg} damage)" if dmg else "")
            out.append(UnitView(uid, u.side, u.name or uid, st.hex_label(uid), shown, values, tuple(flags)))
        return out

    def action_views(self, state: GameState) -> list[ActionView]:
        st = _ta(state)
        out = []
        paths: dict[str, dict[str, tuple[str, ...]]] = {}
        for a in st.legal_actions():
            if isinstance(a, Move):
                route = paths.setdefault(a.unit, destinations(st, a.unit)).get(a.dest, (a.dest,))
                hexes = tuple(x for x in route if st.map.hex_at(x) is not None)
                if st.on_map(a.unit) and hexes and hexes[-1] == a.dest:
                    # a move on the map: made by selecting the unit and clicking the hex (its cost in hexes)
                    n = len(hexes) - 1
                    out.append(ActionView(a, MOVE, f"move {a.unit} to {a.dest} ({n} hex{'es' if n != 1 else ''})",
                                          (a.unit,), hexes, float(n), "move", rule="Target Arnhem: Movement"))
                elif hexes and hexes[-1] == a.dest:  # from an off-board area onto the map: listed, or a click
                    out.append(ActionView(a, MOVE, f"move {a.unit} to {a.dest}", (a.unit,), (a.dest,), None,
                                          "move", rule="Target Arnhem: Movement"))
                else:  # into an off-board area: listed only (no hex of the map ends it)
                    out.append(ActionView(a, MOVE, f"move {a.unit} into off-board area {a.dest}", (a.unit,), (),
                                          None, "move", rule="Target Arnhem: Movement"))
            elif isinstance(a, Enter):
                hexes = (a.dest,) if st.map.hex_at(a.dest) is not None else ()
                out.append(ActionView(a, ENTER, f"{a.unit} arrives at {a.dest}", (a.unit,), hexes, verb="enter",
                                      rule="Target Arnhem: Reinforcements"))
            elif isinstance(a, Attack):
                out.append(ActionView(a, ATTACK, choice_label(st, a), (), (a.target,), verb="attack",
                                      rule="Target Arnhem: Attack"))
            elif isinstance(a, Pass):
                out.append(ActionView(a, PASS, "end the impulse", verb="pass", rule="Target Arnhem: Sequence of Play"))
            else:
                units = (a.unit,) if isinstance(a, (With, Damage, Advance, Eliminate, Resupply)) else ()
                out.append(ActionView(a, CHOICE, choice_label(st, a), units, verb=verb_of(a)))
        return out

    def action_text(self, state: GameState, action: Action) -> str:
        return action_words(action)

    def declared_attack(self, state: GameState) -> ActionView | None:
        """The attack being formed (a declared attack waiting for its units or its resolution): its preview
        is shown before any row is picked; the view is the plain resolution once a unit has joined."""
        st = _ta(state)
        if not isinstance(st.pending_decision(), AttackWith) or st.combat is None:
            return None
        views = self.action_views(state)
        return next((v for v in views if isinstance(v.action, Fire) and not v.action.bomb), None) or next(
            (v for v in views if isinstance(v.action, Cancel)), None)

    def zoc_hexes(self, state: GameState, side: str) -> set[str]:
        """Hexes next to `side`'s enemies, where a move stops (Movement)."""
        st = _ta(state)
        return {st.map.label(h) for h in st.map.hexes if st.enemy_adjacent(h, side)}

    def move_costs(self, state: GameState, unit: str) -> dict[str, float]:
        st = _ta(state)
        if not st.in_play(unit):
            return {}
        return {d: float(len(p) - 1) for d, p in destinations(st, unit).items() if st.map.hex_at(d) is not None}

    def combat_preview(self, state: GameState, action: Action) -> CombatPreview | None:
        st = _ta(state)
        d = st.pending_decision()
        c = st.combat
        if not isinstance(d, AttackWith) or c is None or not isinstance(action, (Fire, With, Cancel)):
            return None
        units = (*c.units, action.unit) if isinstance(action, With) else c.units
        bomb = isinstance(action, Fire) and action.bomb
        if not units:  # declared, no unit yet: what is attacked, and how to go on
            where = st.map.label(c.target)
            return CombatPreview(action, (), where,
                                 f"attack declared on {where} ({', '.join(c.defenders)}), no attacking unit yet: add "
                                 f"adjacent units that have not acted, then resolve it, or cancel it {cite('Attack')}",
                                 "", "", (), {}, c.defenders)
        o = odds(st, units, c.target, bomb)
        summary = (f"strength {float(o.attack):g} vs {float(o.defense):g}, net shift {o.shift:+d}: column "
                   f"{o.result.column} {cite('Combat Ratio Equations')}")
        dist = {f"{o.result.defender} to the defender, {o.result.attacker} to the attacker": Fraction(1)}
        table = combat_table(st.sc)
        return CombatPreview(action, units, st.map.label(c.target), summary, o.result.column, "", o.modifiers,
                             dist, c.defenders, table.reconstructed)

    def prompt(self, state: GameState) -> str:
        st = _ta(state)
        out = st.outcome()
        if out is not None:
            return f"Game over: {st.side_name(out.winner)} wins: {out.reason}" if out.winner else "Game over"
        step = st.pending_step()
        who = st.side_name(st.current_player)
        what = step.name if step is not None else ""
        rule = step.rule if step is not None else ""
        return f"Turn {st.turn}, {st.stage.title}: {who}: {what} ({rule})"

    def events(self, state: GameState, since: int = 0) -> list[str]:
        st = _ta(state)
        first = 0 if since <= 0 else since + 1
        return [text for i, text in st.events if i >= first]

    def turn_track(self, state: GameState) -> TurnTrack:
        st = _ta(state)
        return TurnTrack(st.turn, st.game.last_turn, STAGES, -1 if st.is_terminal() else st.stage)

    def markers(self, state: GameState, viewer: str | None = None) -> list[MarkerView]:
        st = _ta(state)
        out = []
        for mid, mk in st.sc.markers.items():
            if mk.kind != PARA_SUPPLY:
                continue
            h = st.position.marker_hex(mid)
            text = mk.label or mid
            if h is None:
                text += " (overrun)"
            out.append(MarkerView(mid, "para supply marker", mk.side, text, st.map.label(h) if h else None))
        for side in (ALLIED, GERMAN):  # each side's supply points by pool (Supply Points)
            pools = [f"{pool} {st.points[pool]}" for pool in POOL_ORDER[side] if pool in st.points]
            if side == ALLIED:
                pools.append(f"{UNLIMITED} unlimited")
            out.append(MarkerView(f"points-{side}", "supply points", side, ", ".join(pools)))
        for name in st.game.areas:  # the German units waiting in each off-board area (Movement)
            there = [uid for uid in st.unit_ids() if st.area_of(uid) == name]
            if there:
                closed = " (closed: its units are eliminated in the Adjustment)" if st.area_closed(name) else ""
                out.append(MarkerView(f"area-{name}", f"off-board area {name}", GERMAN,
                                      ", ".join(there) + closed))
        return out

    def result_legend(self, state: GameState) -> dict[str, str]:
        st = _ta(state)
        table = combat_table(st.sc)
        out = {}
        for col in table.columns:
            dmg = table.cell(DEFENDER, col) if DEFENDER in table.rows else 0
            att = table.cell("attacker", col) if "attacker" in table.rows else 0
            out[col] = (f"{dmg} damage to the defender, {att} to the attacker"
                        + (" (reconstructed values)" if table.reconstructed else "") + f" {cite('Combat')}")
        return out

    def move_action(self, state: GameState, unit: str, path: list[str]) -> Action | None:
        return Move(unit, path[-1]) if path else None


__all__ = ["TAPresenter"]
