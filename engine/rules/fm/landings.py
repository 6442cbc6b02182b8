"""Airborne landings, Arnhem exclusive rules 11.4 (000_e5c3deafb2cea4af.txt).

At the start of his Movement Phase of their GT the owner places each airborne unit within its range
(three hexes unless the scenario says otherwise) of its drop zone marker, in a vacant hex its class may
stand in and that the Airborne Drop Table has a line for, and rolls on the table: +1 for a glider, +1
next to an enemy unit, +1 for a drop zone shifted two hexes in the set-up (12.0). A unit depleted by the
roll, or landed in an EZOC, may not move that phase (11.4 a); a landed unit has spent the MP of its
hex (11.4 b) for its movement class on the TEC, roads and trails aside. Reading: the example of 11.4 b ("An
airborne unit lands in a woods hex. The Allied unit would subtract three MP") gives the mobile cost of
woods, while the TEC gives woods 2 MP for leg units, which airborne units are: the TEC governs, as the rule
itself says "the movement cost of the terrain in the landing hex".
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...hexgrid import Hex, hex_distance, hexes_within
from ...model.placement import entry_cost
from ..kit import ChanceStep, Task
from ..protocol import CHANCE, Action, Roll
from .actions import Land
from .board import Arrival, FMBoard, FMStep
from .decisions import LandingChoice, LandingRoll
from .engineers import DIE
from .game import cite, rule_ref
from .losses import deplete, eliminate
from .tables import die_range


@dataclass(frozen=True)
class NextLanding(Task):
    """Ask where `unit` lands, if it can land anywhere."""

    unit: str

    def run(self, state: FMBoard) -> None:
        arr = state.arrival(self.unit)
        if arr is None:
            return
        if landing_hexes(state, arr):
            state.ask(LandingChoice(state.game.units[self.unit].side, self.unit))


def landing_hexes(state: FMBoard, arr: Arrival) -> list[Hex]:
    g = state.game
    center = state.drop_zone(arr.marker or "")
    if center is None:
        return []
    key = (g.movement_class(arr.unit), center, arr.within)
    hexes = g.landing_memo.get(key)
    if hexes is None:  # by the map and the table alone (kept per game): in label order
        contains = g.map.contains
        hexes = g.landing_memo[key] = sorted(
            (h for h in hexes_within(center, arr.within)
             if contains(h) and drop_row(state, h) is not None and g.may_stand(arr.unit, h)), key=g.label)
    occ = state.occupancy()
    return [h for h in hexes if h not in occ]


def drop_row(state: FMBoard, h: Hex) -> str | None:
    """The line of the Airborne Drop Table for the terrain of `h` (the most severe that matches); the map
    and the table do not change during a game, so each hex's line is kept per game."""
    rows = state.game.drop_rows
    if h in rows:
        return rows[h]
    got = rows[h] = _drop_row(state, h)
    return got


def _drop_row(state: FMBoard, h: Hex) -> str | None:
    g = state.game
    tt = g.map.terrain_table.terrain.get(g.map.terrain[h])
    names = {g.map.terrain[h].lower()}
    if tt is not None:
        names.add(tt.name.lower())
    for f in g.map.features.get(h, ()):
        names.add(f.lower())
    best = None
    for row in g.table("airborne_drop").rows:
        parts = {x.strip().lower() for x in row.replace(" or ", ",").split(",")}
        if parts & names:
            best = row  # the last matching row is the most severe line of the printed table
    return best


class LandingStep(FMStep[LandingChoice]):
    decision = LandingChoice
    rule = rule_ref("11.4")
    name = "choose a landing hex"

    def legal(self, state: FMBoard, d: LandingChoice) -> list[Action]:
        arr = state.arrival(d.unit)
        assert arr is not None
        return [Land(d.unit, state.game.label(h)) for h in landing_hexes(state, arr)]

    def explain(self, state: FMBoard, d: LandingChoice, action: Action) -> str:
        """The one reason a landing hex is refused (11.4: within range of the drop zone marker; 5.3 one unit a
        hex; a hex of the Airborne Drop Table's terrain), naming the hex and the marker."""
        if not isinstance(action, Land):
            return super().explain(state, d, action)
        g = state.game
        arr = state.arrival(d.unit)
        h = g.hex(action.hex)
        center = state.drop_zone(arr.marker or "") if arr is not None else None
        if action.unit != d.unit:
            why = f"{d.unit} lands now, not {action.unit} {cite('11.4')}"
        elif h is None or not g.map.contains(h):
            why = f"{action.hex} is not a hex of the map {cite('5.2 f')}"
        elif arr is not None and center is not None and hex_distance(center, h) > arr.within:
            why = (f"{action.hex} is {hex_distance(center, h)} hexes from the drop zone marker in {g.label(center)}: "
                   f"a unit lands within {arr.within} hexes of it {cite('11.4')}")
        elif state.occupant(h) is not None:
            why = f"{action.hex} holds {state.occupant(h)}: units cannot stack {cite('5.3')}"
        elif drop_row(state, h) is None or not g.may_stand(d.unit, h):
            why = f"no unit lands in {action.hex}: its terrain is not on the Airborne Drop Table {cite('11.4')}"
        else:
            return super().explain(state, d, action)
        return f"{action.text()}: {why}"

    def apply(self, state: FMBoard, d: LandingChoice, action: Action) -> None:
        assert isinstance(action, Land)
        g = state.game
        uid = action.unit
        h = g.hex(action.hex)
        assert h is not None
        arr = state.arrival(uid)
        assert arr is not None
        state.arrivals = [x for x in state.arrivals if x.unit != uid]
        state.place(uid, h)
        drm = 0
        if g.units[uid].has("glider") or g.units[uid].unit_type == "glider":
            drm += 1
        side = g.units[uid].side
        if any(g.units[u].side != side and hex_distance(x, h) == 1 for u, x in state.position.hexes.items()):
            drm += 1
        drm += state.drop_zone_drm(arr.marker or "")
        state.ask(LandingRoll(CHANCE, uid, drm))


class LandingRollStep(ChanceStep[FMBoard, LandingRoll]):
    decision = LandingRoll
    rule = rule_ref("11.4")
    name = "roll on the Airborne Drop Table"

    def outcomes(self, state: FMBoard, d: LandingRoll) -> list[tuple[Action, Fraction]]:
        return list(DIE)

    def apply(self, state: FMBoard, d: LandingRoll, action: Action) -> None:
        assert isinstance(action, Roll)
        g = state.game
        uid, drm = d.unit, d.drm
        h = state.unit_hex(uid)
        row = drop_row(state, h)
        assert row is not None
        t = g.table("airborne_drop")
        cells = t.rows[row]
        top = max((max(die_range(c)) for c in cells if die_range(c)), default=6)
        roll = min(action.value + drm, top)
        result = next((t.columns[i] for i, c in enumerate(cells) if roll in die_range(c)), t.columns[0])
        state.note(f"{uid} lands in {g.label(h)} ({row}): roll {action.value}{f' +{drm}' if drm else ''} = "
                   f"{roll}: {result} {cite('11.4')}")
        cls = g.movement_class(uid)
        state.set_mp_spent(uid, float(entry_cost(g.map, h, cls) or 0.0))  # 11.4 b
        if result.lower().startswith("elim"):
            eliminate(state, uid)
        elif result.lower().startswith("deplet"):
            deplete(state, uid)
            state.cannot_move.add(uid)  # 11.4 a
        if uid in state.position.hexes and h in state.enemy_zoc(g.units[uid].side):
            state.cannot_move.add(uid)  # 11.4 a


STEPS = (LandingStep(), LandingRollStep())
