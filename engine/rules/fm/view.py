"""What a player interface shows of an F&M game (000_e5c3deafb2cea4af.txt), read from the state's typed
queries, its pending decision (decisions.py) and the rule modules' functions (rules/presentation.py
describes the views). Rules are cited as a player reads them: "F&M 8.3", "Arnhem: The Farthest Bridge
11.1" (game.rule_ref).

* Units: on the map with their current values ("4-4-10", "2-3-8 (depleted)"), reinforcements and
  airborne arrivals waiting (11.1, 11.4), eliminated units; in Scenario 2's secret set-up (12.0) the
  other side's recorded placements are hidden from a viewer until both sides reveal them.
* Support fire markers are not units (7.0): the owner sees the values of his markers, the other player
  their number only; markers committed to a combat lie face down until revealed (7.2, 8.2.1 b, c).
* Actions on the map: moves with their full path and MP (5.x, 6.1), entries (11.1), landings (11.4),
  set-up (12.0), bombardments (8.1) and attacks (8.2) with their participants, retreat, displacement
  and advance paths (8.3, 8.3.1, 8.5), and every other decision as a choice worded by its rule.
* Combat previews: totals, differential, CRT line (terrain and hexsides, 8.2.2, 10.6), the column after
  fortification (8.2.3) and the CRT notes, and the exact distribution of results over the six faces.
  The CRT body is reconstructed (tables.py); previews say so.
"""

from __future__ import annotations

from dataclasses import asdict
from fractions import Fraction
from typing import Any

from ...hexgrid import Hex, hexside_between
from ...model.scenario import Table
from ..kit import Decision
from ..presentation import (
    ATTACK,
    CHOICE,
    ENTER,
    MOVE,
    PASS,
    ActionView,
    BatchAnswer,
    CombatPreview,
    MarkerView,
    Presenter,
    TurnTrack,
    UnitView,
    outcome_text,
)
from ..protocol import CHANCE, Action, Draw, GameState, HistoryEntry, Roll
from . import crt as cb
from .actions import (
    Advance,
    Attack,
    Bombard,
    Commit,
    Demolish,
    Deplete,
    Displace,
    DrawSplit,
    Enter,
    Ferry,
    Halt,
    Land,
    MarkerId,
    Move,
    Pass,
    Repair,
    Retreat,
    Setup,
    ShiftDropZone,
    Stiff,
)
from .board import Arrival
from .decisions import (
    AdvanceChoice,
    AirpowerDraw,
    AirpowerRoll,
    AttackChoice,
    BombardChoice,
    CombatRoll,
    DemolitionChoice,
    DemolitionRoll,
    DisplaceChoice,
    DrawSplitChoice,
    DropZoneShift,
    EngineerChoice,
    GoOn,
    LandingChoice,
    LandingRoll,
    MarkerCommit,
    MarkerDraw,
    MoveChoice,
    RepairRoll,
    RetreatChoice,
    SetupChoice,
    StepLossChoice,
)
from .game import FMGameBase, is_fortification, rule_ref
from .reach import cheapest_path, unit_reach
from .sequence import PlayerPhase, Stage
from .state import STEPS, FMState
from .tables import differentials
from .wording import LAND_ALL, action_text, land_all_action, marker_text, pool_counts, pool_name, split_text

# what each decision asks (its fields fill the braces; the rule is its step's, state.STEPS)
PROMPTS: dict[type[Decision], str] = {
    SetupChoice: "secretly record the set-up hex of {unit}",
    DropZoneShift: "move drop zone marker {marker} off the German unit to an adjacent eligible hex",
    DrawSplitChoice: "choose how many of the {n} support fire markers to draw from each pool",
    MoveChoice: "move units, bring on reinforcements, or pass to end the phase",
    GoOn: "{unit} may go on with its remaining MP or halt",
    DemolitionChoice: "{unit} entered a bridge hex: attempt to demolish {bridges}?",
    EngineerChoice: "the engineer may repair a demolished bridge or operate a ferry",
    LandingChoice: "choose the landing hex of {unit} within {within} hexes of its drop zone",
    BombardChoice: "declare a bombardment with support fire markers, or pass",
    AttackChoice: "declare an attack on an adjacent enemy unit, or pass",
    MarkerCommit: "commit a support fire marker face down to the combat at {target}, or none",
    StepLossChoice: "choose the unit that takes the step loss",
    RetreatChoice: "retreat {unit} {n} hexes, or offer stiff resistance",
    DisplaceChoice: "displace {unit} one hex so that {retreating} can end its retreat",
    AdvanceChoice: "advance a unit along the path of retreat, or pass",
    MarkerDraw: "draw a support fire marker for {side} at random from the {pool} pool",
    AirpowerRoll: "roll on the Airpower SFMs Available Table",
    AirpowerDraw: "draw an airpower marker for {side} at random",
    DemolitionRoll: "roll for the demolition of bridge {bridge}",
    RepairRoll: "roll for the repair of bridge {bridge}",
    LandingRoll: "roll on the Airborne Drop Table for {unit}",
    CombatRoll: "roll for the combat at {target}",
}


# 8.2.4: the combat results of the CRT; 8.1.3 for bombardment
RESULT_LEGEND = {
    "De": "eliminate the defending unit (F&M 8.2.4)",
    "D3": "the defending unit retreats three hexes, or stiff resistance (F&M 8.2.4, 8.4)",
    "D2": "the defending unit retreats two hexes, or stiff resistance (F&M 8.2.4, 8.4)",
    "Ex": "the defending unit and one attacking unit are depleted (F&M 8.2.4); no effect in a bombardment (F&M 8.1.3)",
    "A1": "the attacking units retreat one hex (F&M 8.2.4); no effect in a bombardment (F&M 8.1.3)",
    "A2": "the attacking units retreat two hexes (F&M 8.2.4); no effect in a bombardment (F&M 8.1.3)",
    "A3": "the attacking units retreat three hexes (F&M 8.2.4); no effect in a bombardment (F&M 8.1.3)",
    "(A)": "deplete one adjacent attacking unit (F&M 8.2.4)",
    "Ae": "eliminate all attacking units (F&M 8.2.4); no effect in a bombardment (F&M 8.1.3)",
    "•": "no effect (F&M 8.2.4)",
}


def step_rule(d: Decision) -> str:
    """The rule of the step that answers `d`, as a player reads it."""
    return STEPS.step_for(d).rule


def _mp(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"


def values_text(values: dict[str, Any]) -> str:
    """The printed values as on the counter (2.3): attack-defense-movement."""
    return "-".join(str(values.get(k, "?")) for k in ("attack", "defense", "movement"))


def _unit_text(g: FMGameBase, memo: dict[Any, Any], uid: str, reduced: bool,
               st: FMState) -> tuple[str, str, tuple[str, ...]]:
    """A unit's name, its values as shown (its reduced side once depleted, 2.3) and its flags that never
    change (FMPresenter._static_flags): kept per game for each side of the counter."""
    key = (uid, reduced)
    got: tuple[str, str, tuple[str, ...]] | None = memo.get(key)
    if got is None:
        u = g.units[uid]
        vals = values_text(st.current_values(uid)) + (" (depleted)" if reduced else "")
        got = memo[key] = (u.name or uid, vals, FMPresenter._static_flags(g, uid))
    return got


class FMPresenter(Presenter):
    """Views of an `FMState` (000_e5c3deafb2cea4af.txt)."""

    # -- units and markers ---------------------------------------------------------------------
    def units(self, state: GameState, viewer: str | None = None) -> list[UnitView]:
        """Every unit of the scenario as `viewer` may see it (None: everything, as after the game).

        Scenario 2 (12.0): "each player secretly records his initial set up"; until both sides place
        their units at the same time, the other side's recorded placements are hidden (status "hidden",
        no hex) and the owner sees them at their recorded hex with status "set up (secret)"."""
        st = _fm(state)
        g = st.game
        recorded = st.recorded_setup()
        setting_up = st.setting_up()
        d = st.pending_decision()
        to_set_up = set(d.remaining) if isinstance(d, SetupChoice) else set()
        arrivals: dict[str, Arrival] = {}
        for a in st.arrivals:
            arrivals.setdefault(a.unit, a)  # the first of a unit's, as st.arrival(uid)
        pos = st.position.hexes
        memo = g.view_memo
        phase = st.player_phase
        moving = phase is not None and phase.moving
        zocs: dict[str, frozenset[Hex]] = {}
        out = []
        for uid in g.unit_ids:
            u = g.units[uid]
            reduced = st.is_depleted(uid)
            # the unit's name, printed values and flags that never change (kept per game)
            name, vals, static = _unit_text(g, memo, uid, reduced, st)
            h = pos.get(uid)
            if h is not None:
                zoc = zocs.get(u.side)
                if zoc is None:
                    zoc = zocs[u.side] = st.enemy_zoc(u.side)
                out.append(UnitView(uid, u.side, name, g.label(h), "on map", vals,
                                    self._flags(st, uid, h, reduced, moving, zoc) + static))
                continue
            arrival = arrivals.get(uid)
            if uid in recorded:
                if viewer is None or viewer == u.side:
                    out.append(UnitView(uid, u.side, name, g.label(recorded[uid]), "set up (secret)", vals, static))
                else:
                    out.append(UnitView(uid, u.side, name, None, "hidden", "", ()))
            elif uid in to_set_up or (setting_up and uid in g.setup_hexes):
                out.append(UnitView(uid, u.side, name, None, "to set up", vals, static))
            elif arrival is not None:
                when = f"GT {arrival.turn}"
                flags = (when, "airborne landing") if arrival.marker else (when,)
                out.append(UnitView(uid, u.side, name, None, "reinforcement", vals, flags + static))
            elif st.is_eliminated(uid):
                out.append(UnitView(uid, u.side, name, None, "eliminated", vals, static))
            else:
                out.append(UnitView(uid, u.side, name, None, "off map", vals, static))
        return out

    @staticmethod
    def _static_flags(g: FMGameBase, uid: str) -> tuple[str, ...]:
        out = ["mobile" if g.is_mobile(uid) else "leg"]
        if g.is_airborne(uid):
            out.append("airborne")
        if g.is_engineer(uid):
            out.append("engineer")
        if not g.exerts_zoc(uid):
            out.append("no zoc")  # 6.0: the black hexagon
        return tuple(out)

    @staticmethod
    def _flags(st: FMState, uid: str, h: Hex, depleted: bool, moving: bool, ezoc: frozenset[Hex]) -> tuple[str, ...]:
        """What the unit has done this phase and player turn (`FMBoard.activity`'s marks), for a unit in `h`;
        `moving`: a Movement or Mobile Movement Phase is under way; `ezoc`: its enemy's zones of control."""
        out = []
        if depleted:
            out.append("depleted")
        if uid in st.moved:
            out.append("moved")
        elif moving and st.mp_spent(uid) > 0:
            out.append(f"{_mp(st.mp_spent(uid))} MP spent")
        if uid in st.moved_in_movement and st.game.is_mobile(uid):
            out.append("moved in the Movement Phase")  # 4.1, 5.5: no Mobile Movement Phase move
        if uid in st.cannot_move:
            out.append("cannot move")
        exhausted = uid in st.exhausted
        if exhausted:
            out.append("exhausted")  # 8.5: advanced, no other activity this player turn
        if uid in st.attacked_phase:
            out.append("attacked")
        if uid in st.no_attack and not exhausted:
            out.append("may not attack")  # 8.3.1: displaced
        if uid in st.defended_phase:
            out.append("was attacked")  # 8.0: one attack per defending unit and phase
        if h in ezoc:
            out.append("in enemy ZOC")
        return tuple(out)

    def markers(self, state: GameState, viewer: str | None = None) -> list[MarkerView]:
        """Drop zones (11.4, 12.0), each side's support fire markers this GT (7.2: the owner knows their
        values, the other player their number), markers committed to the combat in progress (face down
        until revealed, 8.2.1 b, c), demolished bridges (10.6.3) and the engineer's ferry (10.6.5)."""
        st = _fm(state)
        g = st.game
        out: list[MarkerView] = []
        secret_dz = {m: h for m, h in st.recorded_setup().items() if m not in g.units}
        setting_up = st.setting_up()
        zones = st.drop_zones()
        for mid in sorted(set(zones) | set(secret_dz)):
            mk = g.scenario.markers.get(mid)
            side = (mk.side if mk is not None else "") or g.allied
            name = mk.label if mk is not None and mk.label else mid
            if setting_up and mid in g.setup_hexes:  # 12.0: recorded secretly, placed when both reveal
                if viewer not in (None, side):
                    out.append(MarkerView(mid, "drop zone", side, f"drop zone {name} (set up secretly)", hidden=True))
                elif mid in secret_dz:
                    out.append(MarkerView(mid, "drop zone", side, f"drop zone {name} (set up secretly)",
                                          g.label(secret_dz[mid])))
                else:
                    out.append(MarkerView(mid, "drop zone", side, f"drop zone {name} (to set up)"))
                continue
            h = zones.get(mid)
            extra = st.drop_zone_drm(mid)
            out.append(MarkerView(mid, "drop zone", side, f"drop zone {name}" + (f" (+{extra} DRM)" if extra else ""),
                                  g.label(h) if h is not None else None))
        c = st.combat_in_progress()
        revealed = c is not None and (c.kind == "bombard" or not isinstance(st.pending_decision(), MarkerCommit))
        for side in g.side_ids:
            avail = sorted(st.markers_available(side), key=lambda m: (m.value, m.token()))
            if avail:
                own = viewer is None or viewer == side
                text = pool_counts(avail) if own else f"{len(avail)} marker{'s' if len(avail) != 1 else ''}"
                out.append(MarkerView(f"sfm-{side}", "support fire markers", side, text, hidden=not own))
            if c is not None and c.markers.get(side):
                ms = c.markers[side]
                own = viewer is None or viewer == side or revealed
                text = (pool_counts(ms) if own
                        else f"{len(ms)} marker{'s' if len(ms) > 1 else ''} face down")
                out.append(MarkerView(f"committed-{side}", "committed markers", side, text, g.label(c.target),
                                      hidden=not own))
        for s in sorted(st.demolished(), key=g.hexside_label):
            out.append(MarkerView(f"demolished-{g.hexside_label(s)}", "demolished bridge", g.german,
                                  f"{g.bridge_kind(s)} bridge demolished ({rule_ref('10.6.3')})",
                                  hexside=g.hexside_label(s)))
        ferry = st.declared_ferry()
        if ferry is not None:
            lab = g.hexside_label(ferry)
            live = st.active_ferry() is not None
            out.append(MarkerView(f"ferry-{lab}", "ferry", g.allied, f"engineer ferry ({rule_ref('10.6.5')})"
                                  + ("" if live else ": not in operation"), hexside=lab))
        return out

    # -- actions -------------------------------------------------------------------------------
    def action_views(self, state: GameState) -> list[ActionView]:
        st = _fm(state)
        actions = st.legal_actions()
        d = st.pending_decision()
        if d is None:
            return []
        if d.player == CHANCE:
            probs = dict(st.chance_outcomes())
            return [self._chance_view(d, a, probs.get(a)) for a in actions]
        reaches: dict[str, Any] = {}
        return [self._view(st, d, a, reaches) for a in actions]

    def _chance_view(self, d: Decision, a: Action, pr: Fraction | None) -> ActionView:
        rule = step_rule(d)
        if isinstance(a, Roll):
            return ActionView(a, CHOICE, f"die roll {a.value}", verb="roll", rule=rule, probability=pr)
        assert isinstance(a, Draw)
        return ActionView(a, CHOICE, action_text(a), verb="draw", markers=(a.item,), rule=rule, probability=pr)

    def _view(self, st: FMState, d: Decision, a: Action, reaches: dict[str, Any]) -> ActionView:
        g = st.game
        lab = g.label
        if isinstance(a, Move):
            uid = a.unit
            reach = reaches.get(uid)
            if reach is None:
                reach = reaches[uid] = unit_reach(st, uid)
            dest = g.hex(a.path[-1])
            cost = st.mp_spent(uid) + (float(reach.spent.get(dest, 0.0)) if dest is not None else 0.0)
            ma = st.current_values(uid).get("movement", 0)
            return ActionView(a, MOVE, f"move {uid} to {a.path[-1]} ({_mp(cost)} of {ma} MP)", (uid,), a.path, cost,
                              "move", rule=rule_ref("5.1"))
        if isinstance(a, Enter):
            cost = self.entry_cost(st, a.unit, a.hex)
            return ActionView(a, ENTER, f"{a.unit} enters at {a.hex} ({_mp(cost)} MP)", (a.unit,), (a.hex,), cost,
                              "enter", rule=rule_ref("11.1"))
        if isinstance(a, Land):
            h = g.hex(a.hex)
            tt = g.map.terrain_table.terrain.get(g.map.terrain[h]) if h is not None else None
            where = f" ({tt.name})" if tt is not None else ""
            return ActionView(a, ENTER, f"land {a.unit} in {a.hex}{where}", (a.unit,), (a.hex,), verb="land",
                              rule=rule_ref("11.4"))
        if isinstance(a, Setup):
            return ActionView(a, ENTER, f"set up {a.unit} in {a.hex} (recorded secretly)", (a.unit,), (a.hex,),
                              verb="setup", rule=rule_ref("12.0"))
        if isinstance(a, ShiftDropZone):
            frm = st.drop_zone(a.marker)
            hexes = ((lab(frm),) if frm is not None else ()) + (a.hex,)
            return ActionView(a, ENTER, f"move drop zone {a.marker} to {a.hex}", (), hexes, verb="shift-dz",
                              markers=(a.marker,), rule=rule_ref("12.0"))
        if isinstance(a, Attack):
            return self._attack_view(st, a)
        if isinstance(a, Bombard):
            t = g.hex(a.target)
            dfd = st.occupant(t)
            total = sum(cb.halved_for_fortification(g, t, MarkerId.parse(m).value) for m in a.markers) if t else 0
            shown = ", ".join(marker_text(MarkerId.parse(m)) for m in a.markers)
            return ActionView(a, ATTACK, f"bombard {a.target} ({dfd}) with {shown}: {total}",
                              (), (a.target,), verb="bombard", markers=a.markers, rule=rule_ref("8.1"))
        if isinstance(a, Commit):
            if a.marker is None:
                return ActionView(a, CHOICE, "commit no support fire marker", verb="sfm", rule=rule_ref("8.2.1 b"))
            return ActionView(a, CHOICE, f"commit a {marker_text(MarkerId.parse(a.marker))} support fire marker face "
                              "down", verb="sfm",
                              markers=(a.marker,), rule=rule_ref("8.2.1 b"))
        if isinstance(a, Deplete):
            h = st.unit_hex(a.unit)
            return ActionView(a, CHOICE, f"{a.unit} takes the step loss", (a.unit,),
                              (lab(h),) if h is not None else (), verb="deplete", rule=rule_ref("8.2.4"))
        if isinstance(a, Retreat):
            if len(a.path) == 1:
                return ActionView(a, CHOICE, f"{a.unit} cannot retreat and is eliminated", (a.unit,), a.path,
                                  verb="retreat", rule=rule_ref("8.3"))
            n = d.n if isinstance(d, RetreatChoice) else len(a.path) - 1
            short = len(a.path) - 1 < n
            onto = st.occupant(g.hex(a.path[-1]))
            extra = (f", displacing {onto}" if onto is not None else "") + (", then depleted" if short else "")
            return ActionView(a, MOVE, f"retreat {a.unit} to {a.path[-1]} via {'-'.join(a.path[1:])}{extra}",
                              (a.unit,), a.path, verb="retreat", rule=rule_ref("8.3"))
        if isinstance(a, Stiff):
            h = st.unit_hex(a.unit)
            return ActionView(a, CHOICE, f"stiff resistance: {a.unit} is depleted instead of retreating", (a.unit,),
                              (lab(h),) if h is not None else (), verb="stiff", rule=rule_ref("8.4"))
        if isinstance(a, Displace):
            return ActionView(a, MOVE, f"displace {a.unit} to {a.path[1]}", (a.unit,), a.path, verb="displace",
                              rule=rule_ref("8.3.1"))
        if isinstance(a, Advance):
            return ActionView(a, MOVE, f"advance {a.unit} to {a.path[-1]}", (a.unit,), a.path, verb="advance",
                              rule=rule_ref("8.5"))
        if isinstance(a, Halt):
            h = st.unit_hex(a.unit)
            return ActionView(a, CHOICE, f"halt {a.unit}" + (f" in {lab(h)}" if h is not None else ""), (a.unit,),
                              (lab(h),) if h is not None else (), verb="halt", rule=rule_ref("10.6.3"))
        if isinstance(a, Demolish):
            s = g.hexside(a.hexside)
            kind = g.bridge_kind(s) if s is not None else "bridge"
            return ActionView(a, CHOICE, f"attempt to demolish the {kind} bridge {a.hexside}", (),
                              tuple(a.hexside.split("/")), verb="demolish", rule=rule_ref("10.6.3"))
        if isinstance(a, Repair):
            return ActionView(a, CHOICE, f"the engineer attempts to repair the bridge {a.hexside}", (),
                              tuple(a.hexside.split("/")), verb="repair", rule=rule_ref("10.6.4"))
        if isinstance(a, Ferry):
            return ActionView(a, CHOICE, f"the engineer operates a ferry across {a.hexside} this GT", (),
                              tuple(a.hexside.split("/")), verb="ferry", rule=rule_ref("10.6.5"))
        if isinstance(a, DrawSplit):
            return ActionView(a, CHOICE, f"draw {split_text(a)}", verb="draw-split", rule=rule_ref("10.7"))
        if isinstance(a, Pass):
            return ActionView(a, PASS, self._pass_label(st, d), verb="pass", rule=step_rule(d))
        return ActionView(a, CHOICE, a.text())

    def _pass_label(self, st: FMState, d: Decision) -> str:
        if isinstance(d, MoveChoice):
            return f"end the {st.phase.name}"
        if isinstance(d, BombardChoice):
            return "no more bombardments this phase"
        if isinstance(d, AttackChoice):
            return f"no more attacks this {st.phase.name.removesuffix(' Phase')} Phase"
        if isinstance(d, AdvanceChoice):
            return "do not advance after combat"
        if isinstance(d, DemolitionChoice):
            return "no demolition attempt"
        if isinstance(d, EngineerChoice):
            return "no engineer operation this GT"
        if isinstance(d, DisplaceChoice):
            return f"no displacement is possible: {d.retreating} is depleted instead"
        if isinstance(d, SetupChoice):
            return f"{d.remaining[0]} has no eligible set-up hex"
        if isinstance(d, DropZoneShift):
            return f"no eligible hex for drop zone {d.marker}"
        return "pass"

    def _attack_view(self, st: FMState, a: Attack) -> ActionView:
        g = st.game
        t = g.hex(a.target)
        dfd = st.occupant(t)
        atk = [st.occupant(g.hex(x)) for x in a.attackers]
        units = tuple(u for u in atk if u is not None)
        attack = sum(int(st.current_values(u).get("attack", 0)) for u in units)
        defense = cb.defense_strength(g, t, int(st.current_values(dfd).get("defense", 0))) if dfd and t else 0
        who = ", ".join(f"{u} ({h})" for u, h in zip(units, a.attackers, strict=False))
        return ActionView(a, ATTACK, f"attack {dfd} in {a.target} with {who}: {attack} vs {defense}, "
                          f"differential {attack - defense:+d}", units, a.attackers + (a.target,), verb="attack",
                          rule=rule_ref("8.2"))

    def entry_cost(self, state: GameState, uid: str, hex_label: str) -> float:
        """11.1 and 6.1: the MP a reinforcement spends entering at `hex_label` (the state's own charge)."""
        st = _fm(state)
        h = st.game.hex(hex_label)
        assert h is not None, hex_label
        return st.entry_cost(uid, h)

    def move_action(self, state: GameState, unit: str, path: list[str]) -> Action | None:
        """The move a person means by pointing at `path[-1]`: along the unit's cheapest path there however
        many MP it costs (so a refusal names the MP that really limit it, 5.2 a, c), else along `path`."""
        st = _fm(state)
        start, dest = (st.game.hex(lab) for lab in (path[0], path[-1])) if path else (None, None)
        if (unit in st.position.hexes and start == st.unit_hex(unit) and dest is not None
                and (cheapest := cheapest_path(st, unit, dest)) is not None):
            return Move(unit, tuple(st.game.label(h) for h in cheapest))
        return Move(unit, tuple(path))

    # -- movement ------------------------------------------------------------------------------
    def move_costs(self, state: GameState, unit: str) -> dict[str, float]:
        """The MP `unit` has spent this phase on arriving in each hex it may end its move in now (5.x,
        6.1), from its legal moves; for a reinforcement waiting to enter, each entry hex's cost (11.1)."""
        out: dict[str, float] = {}
        for v in self.action_views(state):
            if v.units == (unit,) and v.cost is not None and v.verb in ("move", "enter"):
                out[v.hexes[-1]] = v.cost
        return out

    def zoc_hexes(self, state: GameState, side: str) -> set[str]:
        """6.0: the hexes around every enemy unit that exerts a zone of control; a leg unit of `side`
        entering one stops (6.1), a mobile unit pays half its MA more, retreats may not enter them (6.2)."""
        st = _fm(state)
        return {st.game.label(h) for h in st.enemy_zoc(side)}

    # -- combat --------------------------------------------------------------------------------
    def combat_preview(self, state: GameState, action: Action) -> CombatPreview | None:
        """The odds of an attack (8.2) or bombardment (8.1) declared now with no support fire markers, of
        the combat in progress with the markers the acting player may know of (a marker he commits, his
        own, those revealed; the other side's face-down markers are listed but not counted), or of the
        combat about to be rolled."""
        st = _fm(state)
        g = st.game
        if isinstance(action, Attack):
            t = g.hex(action.target)
            dfd = st.occupant(t)
            if t is None or dfd is None:
                return None
            atk = tuple(u for u in (st.occupant(g.hex(x)) for x in action.attackers) if u is not None)
            return self._preview(st, action, "ground", t, atk, dfd, [], [])
        if isinstance(action, Bombard):
            t = g.hex(action.target)
            dfd = st.occupant(t)
            if t is None or dfd is None:
                return None
            return self._preview(st, action, "bombard", t, (), dfd, [MarkerId.parse(m) for m in action.markers], [])
        c = st.combat_in_progress()
        if c is None:
            return None
        d = st.pending_decision()
        if isinstance(action, Commit) and isinstance(d, MarkerCommit):
            me = d.player
            mine = list(c.markers.get(me, [])) + ([MarkerId.parse(action.marker)] if action.marker else [])
            other = c.defender if me == c.attacker else c.attacker
            hidden = len(c.markers.get(other, []))
            atk_m, dfd_m = (mine, []) if me == c.attacker else ([], mine)
            return self._preview(st, action, c.kind, c.target, tuple(c.attackers), c.defending, atk_m, dfd_m,
                                 hidden_other=hidden)
        if isinstance(action, Roll) and isinstance(d, CombatRoll):
            return self._preview(st, action, c.kind, c.target, tuple(c.attackers), c.defending,
                                 list(c.markers.get(c.attacker, [])), list(c.markers.get(c.defender, [])))
        return None

    def _preview(self, st: FMState, action: Action, kind: str, target: Hex, attackers: tuple[str, ...], dfd: str,
                 atk_markers: list[MarkerId], dfd_markers: list[MarkerId], hidden_other: int = 0) -> CombatPreview:
        """8.1.2 / 8.2.1 c-d: the totals, differential, CRT line and column, from combat.py's functions."""
        g = st.game
        lab = g.label
        mods: list[str] = []
        fort = is_fortification(g.map, target)
        units = sum(int(st.current_values(u).get("attack", 0)) for u in attackers)
        atk_sfm = sum(cb.halved_for_fortification(g, target, m.value) for m in atk_markers)
        printed = int(st.current_values(dfd).get("defense", 0))
        defense = cb.defense_strength(g, target, printed) + sum(m.value for m in dfd_markers)
        attack = units + atk_sfm
        if atk_markers:
            mods.append(f"attacker's markers {', '.join(m.label() for m in atk_markers)}: +{atk_sfm}"
                        + (" (halved against a fortification)" if fort else "") + f" ({rule_ref('8.2.1 c, 8.2.3')})")
        if fort:
            mods.append(f"fortification: defense strength doubled to {cb.defense_strength(g, target, printed)} "
                        f"({rule_ref('8.2.3')})")
        if dfd_markers:
            mods.append(f"defender's markers {', '.join(m.label() for m in dfd_markers)}: "
                        f"+{sum(m.value for m in dfd_markers)} ({rule_ref('8.2.1 c')})")
        if hidden_other:
            mods.append(f"{hidden_other} marker{'s' if hidden_other > 1 else ''} of the other side face down, not "
                        f"counted ({rule_ref('8.2.1 b')})")
        attacker_hexes = [h for h in (st.unit_hex(u) for u in attackers) if h is not None]
        line = cb.defender_line(g, target, attacker_hexes, st.demolished(), bombardment=kind == "bombard")
        terrain = self._line_reason(st, target, attacker_hexes, line, kind == "bombard")
        if terrain:
            mods.append(terrain)
        diff = attack - defense
        table = g.table("crt_terrain")
        column = cb.column_for(table, line, diff)
        lo, hi = _line_bounds(table, line)
        if lo is not None and diff < lo:
            mods.append(f"differential {diff:+d} below the line's lowest {lo:+d}: its lowest column (CRT notes)")
        if hi is not None and diff > hi:
            mods.append(f"differential {diff:+d} above {hi:+d}: the {hi:+d} column (CRT notes)")
        if kind == "bombard":
            mods.append(f"Ae, A1-A3 and Ex have no effect in a bombardment; (A): an adjacent attacking unit takes a "
                        f"step loss ({rule_ref('8.1.3')})")
        dist = cb.result_distribution(g, column)
        recon = bool(g.table("crt").reconstructed or table.reconstructed)
        what = "bombardment" if kind == "bombard" else "attack"
        summary = (f"{what} {attack} vs defense {defense}: differential {diff:+d}, {line} line, column {column} "
                   f"({rule_ref('8.1.2' if kind == 'bombard' else '8.2.1')})"
                   + ("; the CRT is reconstructed (its body is truncated in the source)" if recon else ""))
        names = tuple(attackers) if attackers else tuple(marker_text(m) for m in atk_markers)
        return CombatPreview(action, names, lab(target), summary, column, line, tuple(mods), dist, (dfd,), recon)

    @staticmethod
    def _line_reason(st: FMState, target: Hex, attacker_hexes: list[Hex], line: str, bombardment: bool) -> str:
        """Why the CRT line is the one it is (8.2.2, 10.6, 8.1.2)."""
        g = st.game
        m = g.map
        codes = [m.terrain[target], *m.features.get(target, ())]
        by_terrain = [c for c in codes if cb.crt_line_of(g, c) == line]
        if by_terrain:
            return f"{line} line: the defender's hex ({', '.join(by_terrain)}) ({rule_ref('8.2.2')})"
        if not bombardment:
            water = [a for a in attacker_hexes if g.is_water(hexside_between(a, target))]
            if water:
                bridged = any(m.hexsides[hexside_between(a, target)].bridge is not None
                              and hexside_between(a, target) not in st.demolished() for a in water)
                if bridged:
                    return f"{line} line: an attacker attacks across a bridged river or canal ({rule_ref('10.6')})"
                return f"{line} line: every attacker attacks across a river or canal hexside ({rule_ref('8.2.2')})"
        return f"{line} line ({rule_ref('8.2.2')})"

    def result_legend(self, state: GameState) -> dict[str, str]:
        """8.2.4: each result of the CRT in use (the scenario's table) with its meaning; a code the rules do
        not name is listed as itself."""
        st = _fm(state)
        codes = {str(c) for row in st.game.table("crt").rows.values() for c in row}
        return {c: RESULT_LEGEND.get(c, c) for c in sorted(codes, key=lambda c: (c not in RESULT_LEGEND, c))}

    # -- sequence ------------------------------------------------------------------------------
    def prompt(self, state: GameState) -> str:
        """The decision pending, who makes it and the rule, e.g. "German: choose the unit that takes the step
        loss (F&M 8.2.4, 000_e5c3deafb2cea4af.txt)"."""
        st = _fm(state)
        if st.is_terminal():
            return f"Game over: {outcome_text(st)}"
        d = st.pending_decision()
        if d is None:
            return f"{st.phase}"
        text, rule = PROMPTS.get(type(d), type(d).__name__), step_rule(d)
        if isinstance(d, MoveChoice) and d.mobile:
            text, rule = "move mobile units that did not move in the Movement Phase, or pass", rule_ref("4.1, 5.5")
        elif isinstance(d, AttackChoice) and st.player_phase is PlayerPhase.MOBILE_COMBAT:
            text, rule = ("declare an attack with mobile units that did not attack in the Combat Phase, or pass",
                          rule_ref("4.1, 8.2"))
        c = st.combat_in_progress()
        g = st.game
        data: dict[str, Any] = asdict(d)
        if isinstance(d, SetupChoice):
            data["unit"] = d.remaining[0]
        if isinstance(d, DemolitionChoice):
            data["bridges"] = " or ".join(d.bridges) or "a bridge"
        data["target"] = g.label(c.target) if c is not None else ""
        if isinstance(d, LandingChoice):
            arr = st.arrival(d.unit)
            data["within"] = arr.within if arr is not None else 3
        if isinstance(d, (MarkerDraw, AirpowerDraw)):
            data["side"] = self.side_name(st, d.side)
        if isinstance(d, MarkerDraw):
            data["pool"] = pool_name(d.pool)
        if isinstance(d, MarkerCommit) and c is not None:
            role = "attacker" if d.player == c.attacker else "defender"
            text = text + f" (step {d.step} of 4, as the {role})"
        try:
            what = text.format(**data)
        except (KeyError, IndexError):
            what = text
        who = "Dice" if d.player == CHANCE else self.side_name(st, d.player)
        return f"{who}: {what} ({rule})"

    def batch_answers(self, state: GameState) -> list[BatchAnswer]:
        """11.4: "Conduct the below procedure for each arriving airborne unit": "land all" places each one
        in turn (wording.land_all_action), each landing followed by its own roll on the Airborne Drop Table."""
        st = _fm(state)
        d = st.pending_decision()
        if not isinstance(d, LandingChoice) or land_all_action(st) is None:
            return []
        n = sum(1 for a in st.arrivals if a.airborne and a.turn <= st.turn)
        return [BatchAnswer(LAND_ALL, f"Land all ({n})" if n > 1 else "Land all",
                            "Land every arriving airborne unit, each in the hex within range of its drop zone with "
                            "the least chance of loss on the Airborne Drop Table, and roll for each (every roll is "
                            f"in the game log) ({rule_ref('11.4')})")]

    def batch_action(self, state: GameState, name: str) -> Action | None:
        st = _fm(state)
        return land_all_action(st) if name == LAND_ALL else None

    def action_text(self, state: GameState, action: Action) -> str:
        return action_text(action)

    def turn_track(self, state: GameState) -> TurnTrack:
        """4.1: the Support Fire Marker Phase, each player's Movement, Bombardment, Combat, Mobile Movement
        and Mobile Combat Phases (first player, then second), the Game Turn End Phase; -1 during the
        set-up of 12.0."""
        st = _fm(state)
        g = st.game
        phases = ["Support Fire Marker Phase"]
        for player in (g.first_player, g.second_player):
            name = self.side_name(st, player)
            phases += [f"{name} {ph.title}" for ph in PlayerPhase]
        phases.append("Game Turn End Phase")
        current = int(st.stage) if st.stage is not Stage.SET_UP and not st.is_terminal() else -1
        return TurnTrack(st.turn, g.last_turn, tuple(phases), current)

    def events(self, state: GameState, since: int = 0) -> list[str]:
        """The log in the rules' words: the state's notes (dice, results, moves, retreats, eliminations) and,
        for the decisions the notes do not tell, a line from the history (a step loss, a marker committed
        face down, a marker draw split, a declared attack or bombardment). Hidden choices are worded as
        the other player sees them (12.0, 8.2.1 b)."""
        st = _fm(state)
        notes: dict[int, list[str]] = {}
        for i, text in st.events:
            notes.setdefault(i, []).append(text)
        out: list[str] = []
        if since <= 0:
            out += notes.get(0, [])
        for j, entry in enumerate(st.history()):
            if j >= since:
                line = self._history_line(st, entry)
                if line:
                    out.append(line)
            if j + 1 > since:
                out += notes.get(j + 1, [])
        return out

    def _history_line(self, st: FMState, entry: HistoryEntry) -> str:
        a = entry.action
        who = self.side_name(st, entry.player)
        if isinstance(a, Deplete):
            return f"{who}: {a.unit} takes the step loss ({rule_ref('8.2.4')})"
        if isinstance(a, Commit):
            if a.marker is None:
                return f"{who} commits no support fire marker ({rule_ref('8.2.1 b')})"
            return f"{who} commits a support fire marker face down ({rule_ref('8.2.1 b')})"
        if isinstance(a, DrawSplit):
            return f"{who} draws support fire markers: {split_text(a)} ({rule_ref('10.7')})"
        if isinstance(a, Attack):
            return f"{who} attacks {a.target} from {', '.join(a.attackers)} ({rule_ref('8.2')})"
        if isinstance(a, Bombard):
            return f"{who} bombards {a.target} with {len(a.markers)} marker{'s' if len(a.markers) > 1 else ''} " \
                   f"({rule_ref('8.1')})"
        if isinstance(a, Setup):
            return f"{who} records the set-up of {a.unit} secretly ({rule_ref('12.0')})"
        if isinstance(a, ShiftDropZone):
            return f"{who} moves drop zone {a.marker} to {a.hex} ({rule_ref('12.0')})"
        return ""


def _line_bounds(table: Table, line: str) -> tuple[int | None, int | None]:
    values = [d for cell in table.rows[line] for d in differentials(cell)]
    return (min(values), max(values)) if values else (None, None)


def _fm(state: GameState) -> FMState:
    if not isinstance(state, FMState):
        raise TypeError(f"an F&M presenter reads F&M states, not {type(state).__name__}")
    return state


__all__ = ["FMPresenter", "PROMPTS", "values_text"]
