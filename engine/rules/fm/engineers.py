"""Engineers and bridges, Arnhem exclusive rules 10.6.3-10.6.6 (000_e5c3deafb2cea4af.txt).

* 10.6.3 bridge demolition: when an Allied unit enters a bridge hex in a movement phase, the German
  player may attempt to demolish each bridge there that a German unit could reach (not one where an
  Allied unit began the phase, not twice a GT, not one repaired this GT); a roll on the demolition table
  by bridge type. The mover then goes on with the MP it has left (movement.GoOnStep).
* 10.6.4 bridge repair and 10.6.5 ferry: at the start of the Allied Movement Phase the engineer may try
  to repair one demolished bridge in range (not next to a German unit or in a German ZOC; the engineer
  may not move that phase) or operate a ferry across a river or canal hexside for the GT. The ferry is in
  force while the engineer is within range of it (a query of the position, board.active_ferry); a German
  unit occupying an adjoining hex cancels it for the rest of the GT (board.cancel_ferry_beside).
* 10.6.6 engineer replacement: an eliminated Allied engineer returns in the Movement Phase of the next
  GT on a south map edge road hex.
"""

from __future__ import annotations

from fractions import Fraction

from ...hexgrid import Hex, Hexside, hex_distance
from ...model.hexmap import EDGE_SIDES
from ..kit import ChanceStep
from ..protocol import CHANCE, Action, Roll
from .actions import Demolish, Ferry, Pass, Repair
from .board import DEMOLISHED, Arrival, FMBoard, FMStep
from .decisions import DemolitionChoice, DemolitionRoll, EngineerChoice, GoOn, MoveChoice, RepairRoll
from .game import cite, rule_ref
from .tables import die_range

DIE: list[tuple[Action, Fraction]] = [(Roll(v), Fraction(1, 6)) for v in range(1, 7)]


def engineer_in_range(state: FMBoard, s: Hexside) -> bool:
    """10.6.4, 10.6.5: an Allied engineer within its MA of the hexside."""
    g = state.game
    a, b = s.hexes()
    on_map = state.position.hexes
    return any(g.units[u].side == g.allied and min(hex_distance(h, a), hex_distance(h, b))
               <= int(state.current_values(u).get("movement", 0))
               for u in g.engineer_ids if (h := on_map.get(u)) is not None)


# -- 10.6.3 bridge demolition -------------------------------------------------------------------------
def demolition_candidates(state: FMBoard, uid: str, h: Hex) -> list[Hexside]:
    """The bridges of `h` the German player may attempt to demolish as `uid` enters it."""
    g = state.game
    phase = state.player_phase
    if g.units[uid].side != g.allied or phase is None or not phase.moving:
        return []
    out = []
    demolished = state.demolished()
    for s in g.bridges_at.get(h, ()):
        if s in demolished or s in state.demolition_tried or s in state.repaired_gt:
            continue
        if s in state.began_at_bridge:
            continue  # 10.6.3 Important: an Allied unit began the phase there
        if _german_in_range(state, s):
            out.append(s)
    return out


def _german_in_range(state: FMBoard, s: Hexside) -> bool:
    """10.6.3: a German unit within its MA of the bridge hexside `s` (kept while no German unit changes)."""
    g = state.game
    memo = state.of_side(g.german)
    key = ("demolition range", s)
    got: bool | None = memo.get(key)
    if got is None:
        a, b = s.hexes()
        got = memo[key] = any(
            g.units[u].side == g.german and min(hex_distance(x, a), hex_distance(x, b))
            <= int(state.current_values(u).get("movement", 0)) for u, x in state.position.hexes.items())
    return got


def check_demolition(state: FMBoard, uid: str, h: Hex, mover: str, mobile: bool) -> None:
    """Ask the German player about the bridges of `h`, if any may be demolished."""
    cands = demolition_candidates(state, uid, h)
    if cands:
        g = state.game
        state.ask(DemolitionChoice(g.german, tuple(g.hexside_label(s) for s in cands), uid, mover, mobile))


def resume_mover(state: FMBoard, uid: str, mover: str, mobile: bool) -> None:
    """The demolition attempts done: the unit goes on (5.1), or the phase does if it has stopped."""
    if uid in state.moved or uid not in state.position.hexes:
        state.ask(MoveChoice(mover, mobile))
    else:
        state.ask(GoOn(mover, uid, mobile))


class DemolitionStep(FMStep[DemolitionChoice]):
    decision = DemolitionChoice
    rule = rule_ref("10.6.3")
    name = "attempt to demolish a bridge"

    def legal(self, state: FMBoard, d: DemolitionChoice) -> list[Action]:
        return [Demolish(b) for b in d.bridges] + [Pass()]

    def explain(self, state: FMBoard, d: DemolitionChoice, action: Action) -> str:
        if isinstance(action, Demolish):
            why = demolition_refusal(state, d.unit, action.hexside)
            if why:
                return f"{action.text()}: {why}"
        return super().explain(state, d, action)

    def apply(self, state: FMBoard, d: DemolitionChoice, action: Action) -> None:
        if isinstance(action, Demolish):
            s = state.game.hexside(action.hexside)
            assert s is not None
            state.demolition_tried.add(s)
            rest = tuple(b for b in d.bridges if b != action.hexside)
            state.ask(DemolitionRoll(CHANCE, action.hexside, rest, d.unit, d.mover, d.mobile))
            return
        resume_mover(state, d.unit, d.mover, d.mobile)


class DemolitionRollStep(ChanceStep[FMBoard, DemolitionRoll]):
    decision = DemolitionRoll
    rule = rule_ref("10.6.3")
    name = "roll for a bridge demolition"

    def outcomes(self, state: FMBoard, d: DemolitionRoll) -> list[tuple[Action, Fraction]]:
        return list(DIE)

    def apply(self, state: FMBoard, d: DemolitionRoll, action: Action) -> None:
        assert isinstance(action, Roll)
        g = state.game
        s = g.hexside(d.bridge)
        assert s is not None
        kind = g.bridge_kind(s)
        ok = action.value in die_range(g.table("bridge_demolition").rows[kind][0])
        state.note(f"demolition of the {kind} bridge {d.bridge}: roll {action.value}, "
                   + ("demolished" if ok else "fails") + f" {cite('10.6.3')}")
        if ok:
            state.set_hexside_state(s, DEMOLISHED, True)
        if d.bridges:
            state.ask(DemolitionChoice(g.german, d.bridges, d.unit, d.mover, d.mobile))
        else:
            resume_mover(state, d.unit, d.mover, d.mobile)


# -- 10.6.4 bridge repair, 10.6.5 ferry --------------------------------------------------------------
class EngineerStep(FMStep[EngineerChoice]):
    decision = EngineerChoice
    rule = rule_ref("10.6.4, 10.6.5")
    name = "repair a bridge or operate a ferry"

    def legal(self, state: FMBoard, d: EngineerChoice) -> list[Action]:
        g = state.game
        out: list[Action] = []
        german = {h for u, h in state.position.hexes.items() if g.units[u].side == g.german}
        gzoc = state.enemy_zoc(g.allied)
        demolished = state.demolished()
        if state.engineer_op != "ferry":
            for s in sorted(demolished, key=g.hexside_label):
                if s in state.repair_tried or not engineer_in_range(state, s):
                    continue
                if any(h in german or h in gzoc for h in s.hexes()):
                    continue  # 10.6.4 exception
                out.append(Repair(g.hexside_label(s)))
        if not state.engineer_op:
            allied = {h for u, h in state.position.hexes.items() if g.units[u].side == g.allied}
            seen: set[Hexside] = set()
            for h in allied:
                for s in g.water_sides(h):  # hexside_of(h, 0..5) that are water, both hexes on the map
                    if s in seen:
                        continue
                    seen.add(s)
                    info = g.map.hexsides[s]
                    if info.bridge and s not in demolished:
                        continue
                    if any(x in german for x in s.hexes()) or not engineer_in_range(state, s):
                        continue
                    out.append(Ferry(g.hexside_label(s)))
            out = sorted([x for x in out if isinstance(x, Repair)], key=lambda x: x.text()) + sorted(
                [x for x in out if isinstance(x, Ferry)], key=lambda x: x.text())
        out.append(Pass())
        return out

    def explain(self, state: FMBoard, d: EngineerChoice, action: Action) -> str:
        if isinstance(action, Repair):
            why = repair_refusal(state, action.hexside)
            if why:
                return f"{action.text()}: {why}"
        return super().explain(state, d, action)

    def apply(self, state: FMBoard, d: EngineerChoice, action: Action) -> None:
        g = state.game
        if isinstance(action, Repair):
            s = g.hexside(action.hexside)
            assert s is not None
            state.repair_tried.add(s)
            state.engineer_op = "repair"
            for u in state.position.hexes:
                if g.units[u].side == g.allied and g.is_engineer(u):
                    state.cannot_move.add(u)  # 10.6.4: the engineer may not move this Movement Phase
            state.ask(RepairRoll(CHANCE, action.hexside))
        elif isinstance(action, Ferry):
            state.set_ferry(g.hexside(action.hexside))
            state.engineer_op = "ferry"
            state.note(f"the engineer ferries across {action.hexside} this GT {cite('10.6.5')}")


class RepairRollStep(ChanceStep[FMBoard, RepairRoll]):
    decision = RepairRoll
    rule = rule_ref("10.6.4")
    name = "roll for a bridge repair"

    def outcomes(self, state: FMBoard, d: RepairRoll) -> list[tuple[Action, Fraction]]:
        return list(DIE)

    def apply(self, state: FMBoard, d: RepairRoll, action: Action) -> None:
        assert isinstance(action, Roll)
        g = state.game
        s = g.hexside(d.bridge)
        assert s is not None
        kind = g.bridge_kind(s)
        ok = action.value in die_range(g.table("bridge_repair").rows[kind][0])
        state.note(f"repair of the {kind} bridge {d.bridge}: roll {action.value}, "
                   + ("repaired" if ok else "fails") + f" {cite('10.6.4')}")
        if ok:
            state.set_hexside_state(s, DEMOLISHED, False)
            state.repaired_gt.add(s)
        state.ask(EngineerChoice(g.allied))


# -- why a demolition or a repair is refused: the one reason, with the hexes and figures ------------------
def _bridge(state: FMBoard, label: str, section: str) -> tuple[Hexside | None, str]:
    """The bridge hexside `label` names, or why there is none."""
    g = state.game
    s = g.hexside(label)
    if s is None:
        return None, f"{label} is not a hexside between two adjacent map hexes {cite(section)}"
    if s not in g.map.hexsides or not g.map.hexsides[s].bridge:
        return None, f"{label} has no bridge {cite(section)}"
    return s, ""


def _nearest(state: FMBoard, side: str, s: Hexside, engineers: bool = False) -> str:
    """The unit of `side` (its engineers only, if asked) nearest to the hexside `s`, with its distance in
    hexes and its printed MA (the movement range of 10.6.3), or "" when there is none."""
    g = state.game
    a, b = s.hexes()
    best: tuple[int, str, Hex] | None = None
    for u, h in state.position.hexes.items():
        if g.units[u].side != side or (engineers and not g.is_engineer(u)):
            continue
        d = min(hex_distance(h, a), hex_distance(h, b))
        if best is None or (d, u) < best[:2]:
            best = (d, u, h)
    if best is None:
        return ""
    d, u, h = best
    ma = int(state.current_values(u).get("movement", 0))
    return f"{u} at {g.label(h)} is {d} hexes away with an MA of {ma}"


def demolition_refusal(state: FMBoard, uid: str, label: str) -> str:
    """Why the German player may not attempt to demolish the bridge `label` as `uid` enters its hex (10.6.3,
    10.6.4), the first of: no such bridge, already demolished, not beside the hex entered, already attempted
    this GT, repaired this GT, an Allied unit began the phase beside it, no German unit within range."""
    g = state.game
    s, why = _bridge(state, label, "10.6.3")
    if s is None:
        return why
    if s in state.demolished():
        return f"the bridge {label} is already demolished {cite('10.6.3')}"
    h = state.position.hexes.get(uid)
    if h is None or h not in s.hexes():
        where = g.label(h) if h is not None else "no hex"
        return f"the bridge {label} does not adjoin {where}, the hex {uid} entered {cite('10.6.3')}"
    if s in state.demolition_tried:
        return f"the bridge {label} has had its attempt this GT: one attempt per bridge per GT {cite('10.6.3')}"
    if s in state.repaired_gt:
        return f"the bridge {label} was repaired this GT and may not be demolished until the next {cite('10.6.4')}"
    if s in state.began_at_bridge:
        return f"an Allied unit began this phase in a hex adjoining the bridge {label} {cite('10.6.3')}"
    nearest = _nearest(state, g.german, s)
    if not nearest:
        return f"no German unit is on the map to attempt it {cite('10.6.3')}"
    return f"no German unit is within its printed MA, in hexes, of {label}: {nearest} {cite('10.6.3')}"


def repair_refusal(state: FMBoard, label: str) -> str:
    """Why the Allied engineer may not attempt to repair the bridge `label` now (10.6.4, 10.6.5), the first
    of: a ferry this GT, no such bridge, not demolished, already attempted this GT, a German unit in an
    adjoining hex, an adjoining hex in a German ZOC, no engineer within range."""
    g = state.game
    if state.engineer_op == "ferry":
        return f"the engineer conducts ferry operations this GT: not a repair as well {cite('10.6.5')}"
    s, why = _bridge(state, label, "10.6.4")
    if s is None:
        return why
    if s not in state.demolished():
        return f"the bridge {label} is not demolished {cite('10.6.4')}"
    if s in state.repair_tried:
        return f"the bridge {label} has had its repair attempt this GT: one attempt per bridge per GT {cite('10.6.4')}"
    for h in s.hexes():
        germans = sorted(u for u, x in state.position.hexes.items() if x == h and g.units[u].side == g.german)
        if germans:
            return (f"{g.label(h)} holds {' and '.join(germans)}: no repair of a bridge adjoining a German-occupied "
                    f"hex {cite('10.6.4')}")
    zoc = state.enemy_zoc(g.allied)
    for h in s.hexes():
        if h in zoc:
            return (f"{g.label(h)} is in a German zone of control: no repair of a bridge adjoining it "
                    f"{cite('10.6.4')}")
    nearest = _nearest(state, g.allied, s, engineers=True)
    if not nearest:
        return f"no Allied engineer is on the map {cite('10.6.4')}"
    return f"no Allied engineer is within its printed MA, in hexes, of {label}: {nearest} {cite('10.6.4')}"


# -- 10.6.6 engineer replacement -----------------------------------------------------------------------
def engineer_returns(state: FMBoard, uid: str) -> bool:
    """An eliminated Allied engineer returns in the Movement Phase of the next GT on a south map edge
    road hex: it becomes an arrival (True), if there is such a hex."""
    g = state.game
    if not (g.is_engineer(uid) and g.units[uid].side == g.allied):
        return False
    hexes = state.south_road_hexes()
    if not hexes:
        return False
    edge = next((s for s in EDGE_SIDES if hexes[0] in g.map.edge_side_hexes(s)), "")
    state.arrivals.append(Arrival(uid, state.turn + 1, hexes, edge=edge))
    state.note(f"{uid} may return on GT {state.turn + 1} {cite('10.6.6')}")
    return True


STEPS = (DemolitionStep(), DemolitionRollStep(), EngineerStep(), RepairRollStep())
