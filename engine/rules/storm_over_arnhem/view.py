"""What a player interface shows of a game of Storm over Arnhem: The Crossing (003_6afad32bba8815b2.txt), read
through the state's queries (board.py, movement.py, fire.py), its pending decision and the typed actions;
rules/presentation.py describes the views. Areas stand where the hex families put hexes: `UnitView.hex` is
the unit's area id ("17"), a move's `hexes` its path of areas, `move_costs` MF by area.

* Units with their attack-defense-movement values, committed or not; the 9th SS Recon on the bridge (3.42-3.46)
  is listed "on the bridge (areas 4/5)", in no area.
* Moves carry their path of areas and MF; fire declarations and close combat groups the firing and target
  areas; `resolve` previews the group's strength, the modifiers and the Fire Table's casualty points for each
  die face (the table is reconstructed and the preview says so).
* Markers: the Tactical Advantage's holder, the German VP marker, the British perimeter control counters,
  the area control of the Victory Point Areas.
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
from .actions import Fire, Move, Pass, Perimeter, Place, Resolve, Retreat
from .board import ELIMINATED, GERMAN, ON_BRIDGE, ON_MAP, REPLACED, WAITING
from .decisions import BorderFire, Designate, FireGroup, LeaveBridge, PlacePerimeter, PlaceUnit
from .fire import make_volley, strength
from .game import BRIDGE_BORDERS
from .movement import reach
from .recon import border_firers, leave_options
from .state import SoAState, Stage
from .wording import action_words, choice_label

# a unit the stacking limit does not count (the conformance test reads this flag)
NOT_STACKED = "does not count for stacking (Storm over Arnhem 1.1)"
PHASES = ("Set-up and arrivals", "Movement/Fire impulses", "Close Combat Phase", "End of the turn")


def _st(state: GameState) -> SoAState:
    if not isinstance(state, SoAState):
        raise TypeError(f"a Storm over Arnhem presenter reads Storm over Arnhem states, not {type(state).__name__}")
    return state


def values_text(st: SoAState, uid: str) -> str:
    d = st.sc.units[uid].values.get("defense")
    return f"{st.attack(uid)}-{d if isinstance(d, int) else 'X'}-{st.movement(uid)}"


class SoAPresenter(Presenter):
    ask_before_pass = False  # passing an impulse is play: the units act in the impulses to come

    def units(self, state: GameState, viewer: str | None = None) -> list[UnitView]:
        st = _st(state)
        out = []
        bridge = ""
        if st.bridge is not None:
            a, b = BRIDGE_BORDERS[st.bridge.border]
            bridge = f"on the bridge (areas {a}/{b})"
        for uid in st.unit_ids():
            u = st.sc.units[uid]
            status = st.status(uid)
            shown = {ON_MAP: ON_MAP, ON_BRIDGE: bridge or ON_BRIDGE, WAITING: "reinforcement",
                     ELIMINATED: "eliminated", REPLACED: "replaced (1.3)"}.get(status, status)
            flags = []
            if status == ON_MAP and uid in st.committed:
                flags.append("committed")
            if st.is_pillbox(uid):
                flags.append(f"pillbox: no effect on movement; {NOT_STACKED}")
            out.append(UnitView(uid, u.side, u.name or uid, st.area_of(uid), shown, values_text(st, uid), tuple(flags)))
        return out

    def action_views(self, state: GameState) -> list[ActionView]:
        st = _st(state)
        out = []
        d = st.pending_decision()
        for a in st.legal_actions():
            if isinstance(a, Move):
                if isinstance(d, LeaveBridge):
                    spent, path = leave_options(st, a.unit, d.border)[a.dest]
                else:
                    spent, path = reach(st, a.unit).get(a.dest, (0, (a.dest,)))
                out.append(ActionView(a, MOVE, f"move {a.unit} to area {a.dest} ({spent} MF)", (a.unit,), path,
                                      float(spent), "move", rule="Storm over Arnhem 3.6"))
            elif isinstance(a, Place):
                out.append(ActionView(a, ENTER, f"set up {a.unit} in area {a.dest}", (a.unit,), (a.dest,), verb="place",
                                      rule="Storm over Arnhem 2.1"))
            elif isinstance(a, Fire):
                out.append(ActionView(a, ATTACK, f"fire from area {a.origin} at area {a.target}",
                                      tuple(st.fighting(a.origin, d.player if d else "")), (a.origin, a.target),
                                      verb="fire", rule="Storm over Arnhem 3.6"))
            elif isinstance(a, Retreat):
                here = st.area_of(a.unit)
                out.append(ActionView(a, CHOICE, f"retreat {a.unit} to area {a.dest} (1 casualty point)", (a.unit,),
                                      tuple(x for x in (here, a.dest) if x), verb="retreat"))
            elif isinstance(a, Perimeter):
                out.append(ActionView(a, CHOICE, f"perimeter control counter on area {a.area}", (), (a.area,),
                                      verb="perimeter", rule="Storm over Arnhem 3.5"))
            elif isinstance(a, Pass):
                out.append(ActionView(a, PASS, "pass the impulse", verb="pass", rule="Storm over Arnhem 3.41"))
            else:
                unit = getattr(a, "unit", None)
                out.append(ActionView(a, CHOICE, choice_label(st, a), (unit,) if isinstance(unit, str) else (),
                                      verb=verb_of(a), probability=None))
        return out

    def action_text(self, state: GameState, action: Action) -> str:
        return action_words(action)

    def move_costs(self, state: GameState, unit: str) -> dict[str, float]:
        st = _st(state)
        if st.area_of(unit) is None:
            return {}
        return {a: float(c) for a, (c, _) in reach(st, unit).items()}

    def combat_preview(self, state: GameState, action: Action) -> CombatPreview | None:
        st = _st(state)
        d = st.pending_decision()
        c = st.combat
        if not isinstance(action, Resolve) or c is None or not c.group:
            return None
        if isinstance(d, FireGroup):
            targets = tuple(st.fighting(d.target, st.enemy(d.player)))
            v = make_volley(st, d.player, c.group, targets, d.target, "Storm over Arnhem 3.6", "")
        elif isinstance(d, BorderFire):
            v = make_volley(st, d.player, c.group, tuple(st.bridge_units()), "", "Storm over Arnhem 3.42", "",
                            terrain_area=d.areas[0])
        else:
            return None
        total = strength(st, v.units)
        dist: dict[str, Fraction] = {}
        for face in range(1, 7):
            key = f"{st.game.fire.casualties(total, face + v.drm)} CP"
            dist[key] = dist.get(key, Fraction(0)) + Fraction(1, 6)
        col = st.game.fire.column(total)
        heading = st.game.fire.headings[col] if col >= 0 else "none"
        return CombatPreview(action, v.units, v.area or "the bridge",
                             f"attack strength {total} at {len(v.targets)} unit(s), die {v.drm:+d} (Fire Table)",
                             heading, "", v.modifiers, dist, v.targets, reconstructed=True)

    def prompt(self, state: GameState) -> str:
        st = _st(state)
        if st.is_terminal():
            return super().prompt(state)
        d = st.pending_decision()
        step = st.pending_step()
        if d is None or step is None:
            return super().prompt(state)
        who = "dice" if d.player == "chance" else st.side_name(d.player)
        extra = ""
        if isinstance(d, BorderFire):
            extra = f" ({len(border_firers(st, d.at))} British unit(s) may fire)"
        elif isinstance(d, Designate):
            extra = f" (area {d.area}, against {d.target})"
        return f"Turn {st.label()}: {who}: {step.name}{extra} ({st.phase.rule})"

    def events(self, state: GameState, since: int = 0) -> list[str]:
        """The log lines caused by history entries `since`, `since + 1`, ... (a note made while entry k is
        applied is numbered k + 1: kit.SequenceState.note); `events(state, 0)` starts with the game's
        opening lines."""
        return _st(state).events_since(0 if since <= 0 else since + 1)

    def turn_track(self, state: GameState) -> TurnTrack:
        st = _st(state)
        current = {Stage.START: 0, Stage.IMPULSES: 1, Stage.END: 3}.get(st.stage, -1)
        if isinstance(st.pending_decision(), Designate):
            current = 2
        elif isinstance(st.pending_decision(), (PlaceUnit, PlacePerimeter)):  # the turn's set-up (2.1-2.3, 3.5)
            current = 0
        return TurnTrack(st.track_turn(), st.game.last_turn + 1, PHASES, current, st.label(),
                         st.game.labels[st.game.last_turn])

    def markers(self, state: GameState, viewer: str | None = None) -> list[MarkerView]:
        st = _st(state)
        out = [MarkerView("tactical-advantage", "Tactical Advantage", st.ta,
                          f"held by the {st.side_people(st.ta)} (Storm over Arnhem 3.41)"),
               MarkerView("german-vp", "victory points", GERMAN, f"German VP {st.vp} (starts at -2, 3.7)")]
        for a in sorted(st.perimeter, key=lambda x: (len(x), x)):
            out.append(MarkerView(f"perimeter-{a}", "perimeter control", "british", "British perimeter (3.5)", a))
        for a in st.areas.vp_areas():
            side = st.controller(a)
            if side:
                out.append(MarkerView(f"control-{a}", "control", side, f"controlled by the {st.side_people(side)}", a))
        return out

    def result_legend(self, state: GameState) -> dict[str, str]:
        return {"CP": "casualty points: expended by eliminating a unit (up to its defense, at most 4) or retreating "
                      "one (1 each); by elimination only on the bridge (Storm over Arnhem 3.42; Fire Table "
                      "reconstructed)"}

    def move_action(self, state: GameState, unit: str, path: list[str]) -> Action | None:
        return Move(unit, path[-1]) if path else None


__all__ = ["SoAPresenter"]
