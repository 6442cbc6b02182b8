"""What a player interface shows of a game of Paul Koenig's Market-Garden (002_fe1216aa5df94854.txt), read
through the state's typed queries (board.py, state.py), its pending decision and the typed actions
(actions.py), and the family's pure functions (rules/presentation.py describes the views).

* Units with their printed Combat Strength and Movement Allowance (2.2), Hits (9.2: 2 Hits fire at -1 CS),
  whether they have conducted their Operation (7.0) and the Operation in progress (8.4, 14.5);
  reinforcements waiting (8.5), units that never arrived (exclusive 4.0), exited (exclusive 12.0),
  retreated off the map (11.1) or eliminated. Nothing is hidden: HQ draws and support points are public.
* Moves carry the path the movement kernel finds (8.0-8.3, 14.2), a move into an enemy hex is Close
  Combat (10.0); fire actions carry the firing units and the target (9.0, 7.1.1).
* Combat previews: the Attack Factor after the Rule of Halves (2.2, 8.4, exclusive 8.5, 14.3), Hits
  (9.2.1), support (9.0) and terrain (9.1), and the exact odds of Hit, Exchange and Miss (9.0); for Close
  Combat the first round: the defender's Close Fire, then the attacker's (10.0, 10.1).
* There are no zones of control (8.3).
* The log is the state's own notes (the steps word what they do as they do it).
"""

from __future__ import annotations

from fractions import Fraction

from ...hexgrid import Hex
from ...movement.kernel import Reach, entry_cost, reachable
from ..kit import Decision
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
from ..protocol import CHANCE, Action, GameState, Roll
from .actions import (
    OFF,
    Accept,
    Attach,
    Capture,
    CombinedMove,
    CupDraw,
    Done,
    End,
    FireAttack,
    Hit,
    Interdict,
    LeadActivate,
    LeadHold,
    LeadReroll,
    MobileFire,
    Move,
    Pass,
    Recover,
    Redeploy,
    Retreat,
    Stay,
    Support,
    UnitMove,
)
from .battle import FIRE_NAMES, FireRoll, HitChoice, RerollChoice, SupportChoice, support_cap
from .board import ALLIED, ELIMINATED, EXITED, GERMAN, LOST, ON_MAP, PENDING, RETREATED_OFF, WAITING, Doing, FireKind
from .combat import (
    EXCHANGE,
    HIT,
    MISS,
    Firer,
    attack_factor,
    fire_distribution,
    fire_line,
    fire_result,
    fire_strength,
    terrain_modifier,
)
from .landing import LandingRoll
from .night import Redeployment
from .operations import Activation, AutomaticActivation, CupDrawing, OperationInProgress
from .retreat import RetreatChoice
from .state import KoenigState
from .support import Interdiction, LeadershipRollOff, SupportRoll
from .wording import action_words

# 4.0: the phases of a Game Turn, and the decisions of each
PHASES = ("Paratroop Landing Phase", "Support Phase", "Operations Phase", "German Redeployment Phase",
          "Housekeeping Phase")
DECISION_PHASE: dict[type[Decision], int] = {
    LandingRoll: 0, LeadershipRollOff: 1, SupportRoll: 1, Interdiction: 1, AutomaticActivation: 2, CupDrawing: 2,
    Activation: 2, OperationInProgress: 2, SupportChoice: 2, FireRoll: 2, RerollChoice: 2, HitChoice: 2,
    RetreatChoice: 2, Redeployment: 3}
STATUS = {ON_MAP: "on map", WAITING: "reinforcement", PENDING: "reinforcement", ELIMINATED: "eliminated",
          EXITED: "exited", RETREATED_OFF: "retreated off the map", LOST: "never arrived"}
MOVE_HOW = {Move: ("Movement", "8.0"), Redeploy: ("Redeployment", "4.0")}
Routes = dict[Hex, tuple[float, list[Hex]]]


def cite(section: str) -> str:
    """The rule an action or a line is made under, as a player reads it: "Koenig 9.0"."""
    if section.startswith("exclusive"):
        return f"Arnhem Bridge {section}"
    return f"Koenig {section}"


def _mp(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"


def _pct(dist: dict[str, Fraction]) -> str:
    return ", ".join(f"{k} {v}" for k, v in dist.items() if v)


class KoenigPresenter(Presenter):
    """Views of a `KoenigState` (002_fe1216aa5df94854.txt)."""

    # -- units and markers ---------------------------------------------------------------------
    def units(self, state: GameState, viewer: str | None = None) -> list[UnitView]:
        """Every unit; the Koenig rules hide nothing from either player, so `viewer` changes nothing."""
        st = _ko(state)
        sc = st.sc
        arrive = {uid: rf.turn for rf in sc.reinforcements for uid in rf.units}
        eligible = set(st.eligible())
        out = []
        for uid in st.unit_ids():
            d = sc.units[uid]
            hits, status = st.hits(uid), st.status(uid)
            vals = f"{st.strength(uid)}-{st.allowance(uid)}"
            if hits >= 2:
                vals += f" (2 Hits: fires at {max(0, st.strength(uid) - 1)})"
            flags: list[str] = []
            if hits:
                flags.append("1 Hit" if hits == 1 else f"{hits} Hits")
            if status in (WAITING, PENDING) and uid in arrive:
                flags.append(f"GT {arrive[uid]}")
                if status == PENDING:
                    flags.append("may enter")
            if st.has_operated(uid):
                flags.append("operated")
            if uid in eligible:
                flags.append("active")
            doing = st.doing(uid)
            if doing == Doing.MOVED:
                flags.append("moved: may Mobile Fire")  # 8.4, 8.4.1
            elif doing == Doing.FIRED:
                flags.append("fired: may move half MA")
            elif doing == Doing.OVERRUN:
                flags.append(f"overrun: {_mp(st.overrun_left(uid))} MP left")  # 14.5
            if st.attached_to(uid):
                flags.append(f"attached to {st.attached_to(uid)}")  # 14.1
            if st.is_reconstituted(uid):
                flags.append("reconstituted")
            if st.heavy_weapons(uid):
                flags.append("heavy weapons")
            if st.independent(uid):
                flags.append("independent")
            h = st.position.hex_of(uid)
            if h is not None and h in st.interdicted:
                flags.append("interdicted hex")
            out.append(UnitView(uid, d.side, d.name or uid, st.hex_label(uid), STATUS.get(status, status), vals,
                                tuple(flags)))
        return out

    def markers(self, state: GameState, viewer: str | None = None) -> list[MarkerView]:
        """The HQs in the Command Cup and the active one (7.0), each side's support points this turn (6.1,
        6.2), the Leadership marker (14.1) and Interdiction markers (14.2). All public."""
        st = _ko(state)
        out: list[MarkerView] = []
        for hq in st.cup:
            out.append(MarkerView(hq, "HQ", st.hq_side(hq), f"{hq} in the Command Cup"))
        if st.active:
            hq = st.hq_of(st.active)
            out.append(MarkerView(hq, "HQ", st.active_side, f"{hq} active: formation {st.active}"))
        for side, n in sorted(st.points.items()):
            if n:
                kind = "Artillery Points" if side == GERMAN else "Allied Support Points"
                out.append(MarkerView(f"points-{side}", "support points", side, f"{n} {kind}"))
        if st.leader:
            out.append(MarkerView("leadership", "leadership", st.leader, "Leadership marker"))
        for i, h in enumerate(st.interdicted):
            out.append(MarkerView(f"interdiction-{i + 1}", "interdiction", ALLIED, "Interdiction marker",
                                  st.map.label(h)))
        return out

    # -- movement ------------------------------------------------------------------------------
    def _routes(self, st: KoenigState, uid: str, allowance: float, close_combat: bool) -> Routes:
        """Destination -> (MP spent, path) for a unit on the map or entering (exclusive 8.5, 8.3.1): the
        cheapest path the movement kernel finds, as `move_options` costs it."""
        side = st.side_of(uid)
        hooks = st.hooks(side, close_combat)
        here = st.position.hex_of(uid)
        g = st.game
        out: Routes = {}
        if st.status(uid) != PENDING:
            if here is None or allowance <= 0:
                return out
            reach = reachable(g.graph, here, allowance, hooks)
            for h, c in reach.spent.items():
                if h != here:
                    out[h] = (c, reach.path(h))
            return out
        occ = st.occupants()
        starts: list[tuple[Hex, float]] = []
        for e in st.entry_hexes(uid):
            if any(st.side_of(x) != side for x in occ.get(e, ())):
                if e in hooks.stop and e not in hooks.blocked:
                    c = 1 + hooks.enter_extra.get(e, 0)
                    if c <= allowance:
                        out[e] = min(out.get(e, (1e9, [])), (c, [e]), key=lambda x: x[0])
                for n in st.map.neighbors_on_map(e):
                    if n in hooks.blocked or n in hooks.stop:
                        continue
                    ec = entry_cost(st.map, n, g.graph.cls)
                    if ec is not None:
                        starts.append((n, ec + hooks.enter_extra.get(n, 0)))
            elif e not in hooks.blocked:
                starts.append((e, 1 + hooks.enter_extra.get(e, 0)))
        for h, c in starts:
            if c <= allowance and c < out.get(h, (1e9, []))[0]:
                out[h] = (c, [h])
            if c < allowance:
                entry_reach: Reach = reachable(g.graph, h, allowance - c, hooks)
                for d, spent in entry_reach.spent.items():
                    if d != h and c + spent <= allowance and c + spent < out.get(d, (1e9, []))[0]:
                        out[d] = (c + spent, entry_reach.path(d))
        return out

    def _exit_route(self, st: KoenigState, uid: str, routes: Routes) -> list[Hex]:
        """The path to the bottom-edge road hex a unit exits from (exclusive 12.0): the cheapest."""
        here = st.position.hex_of(uid)
        best: tuple[float, list[Hex]] | None = None
        for h in st.map.edge_side_hexes("bottom"):
            if not st.road_off_map(h):
                continue
            if here == h:
                return [h]
            if h in routes and (best is None or routes[h][0] < best[0]):
                best = routes[h]
        return best[1] if best else []

    def move_costs(self, state: GameState, unit: str) -> dict[str, float]:
        """The MP `unit` spends on arriving in each hex it may move to now (8.0-8.3, 14.2), from its legal
        moves (a Combined move at half MA, 8.4, and a Force March, 14.1, included)."""
        out: dict[str, float] = {}
        for v in self.action_views(state):
            if v.units == (unit,) and v.cost is not None and v.verb in ("move", "cmove", "redeploy", "close-combat"):
                h = v.hexes[-1]
                out[h] = min(out.get(h, v.cost), v.cost)
        return out

    def zoc_hexes(self, state: GameState, side: str) -> set[str]:
        """None: "there are no 'Zones of Control' in these games" (Koenig 8.3); units stop only on entering
        a hex with an enemy unit, for Close Combat (10.0)."""
        return set()

    def move_action(self, state: GameState, unit: str, path: list[str]) -> Action | None:
        """The move a person means by pointing: a night Redeployment (4.0), the move of a Combined Operation
        that has fired (8.4), else a Movement Operation (8.0)."""
        st = _ko(state)
        d = st.pending_decision()
        if isinstance(d, Redeployment):
            return Redeploy(unit, path[-1])
        if st.in_progress.get(unit) == Doing.FIRED:
            return CombinedMove(unit, path[-1])
        return Move(unit, path[-1])


    # -- actions -------------------------------------------------------------------------------
    def action_views(self, state: GameState) -> list[ActionView]:
        st = _ko(state)
        actions = st.legal_actions()
        if st.current_player == CHANCE:
            probs = dict(st.chance_outcomes())
            out = []
            for a in actions:
                if isinstance(a, CupDraw):
                    out.append(ActionView(a, CHOICE, f"draw {a.hq} from the Command Cup", verb="draw",
                                          markers=(a.hq,), rule=cite("7.0"), probability=probs.get(a)))
                else:
                    assert isinstance(a, Roll)
                    out.append(ActionView(a, CHOICE, f"die roll {a.value}", verb="roll", rule=st.phase.rule,
                                          probability=probs.get(a)))
            return out
        routes: dict[tuple[str, bool], Routes] = {}
        return [self._view(st, a, routes) for a in actions]

    def _move_view(self, st: KoenigState, a: UnitMove, routes: dict[tuple[str, bool], Routes]) -> ActionView:
        uid, dest = a.unit, a.dest
        close = not isinstance(a, Redeploy)
        key = (uid, close)
        if key not in routes:
            ma = st.allowance(uid)
            routes[key] = self._routes(st, uid, max(2 * ma, st.overrun_left(uid), 1), close)
        r = routes[key]
        entering = st.status(uid) == PENDING
        ma = st.allowance(uid)
        march = " by Force March (14.1)" if a.march else ""
        how, rule = MOVE_HOW.get(type(a), ("Combined move at half MA", "8.4"))
        lab = st.map.label
        if dest == OFF:
            hexes = tuple(lab(h) for h in self._exit_route(st, uid, r))
            return ActionView(a, MOVE, f"{uid} exits off the map{march} ({how})", (uid,), hexes, None, "exit",
                              rule=cite("exclusive 12.0"))
        h = st.map.hex_at(dest)
        assert h is not None
        cost, path = r.get(h, (None, [h]))
        hexes = tuple(lab(x) for x in path)
        start = st.hex_label(uid)
        if start is not None and not entering:
            hexes = hexes if hexes and hexes[0] == start else (start,) + hexes
        enemy = [x for x in st.units_at(h) if st.side_of(x) != st.side_of(uid)]
        spent = f" ({_mp(cost)} of {ma} MP)" if cost is not None else ""
        if enemy:
            return ActionView(a, MOVE, f"{uid} enters {dest} for Close Combat with {', '.join(enemy)}{spent}"
                              f"{march} ({how})", (uid,), hexes, cost, "close-combat", rule=cite("10.0"))
        if entering:
            return ActionView(a, ENTER, f"{uid} enters the map and moves to {dest}{spent}{march} ({how})", (uid,),
                              hexes, cost, a.verb, rule=cite("exclusive 8.5"))
        return ActionView(a, MOVE, f"{how}: {uid} to {dest}{spent}{march}", (uid,), hexes, cost, a.verb,
                          rule=cite(rule))

    def _view(self, st: KoenigState, a: Action, routes: dict[tuple[str, bool], Routes]) -> ActionView:
        if isinstance(a, UnitMove):
            return self._move_view(st, a, routes)
        d = st.pending_decision()
        if isinstance(a, FireAttack):
            kind = FireKind.MOBILE if isinstance(a, MobileFire) else FireKind.FULL
            target = st.map.hex_at(a.target)
            assert target is not None
            af, _ = self._fire_af(st, kind, a.units, target, 0, 0)
            hexes = tuple(x for x in (st.hex_label(u) for u in a.units) if x is not None) + (a.target,)
            p = fire_distribution(af)[HIT]
            return ActionView(a, ATTACK, f"{FIRE_NAMES[kind]} by {', '.join(a.units)} at {a.target}: AF {af}, "
                              f"Hit {p}", a.units, hexes, verb=a.verb,
                              rule=cite("9.0" if kind == FireKind.FULL else "8.4, 9.0"))
        if isinstance(a, Support):
            side = d.player if d is not None else st.active_side
            defensive = isinstance(d, SupportChoice) and d.defensive
            what = "Artillery Point" if side == GERMAN else "Allied Support Point"
            lead = " and the Leadership marker as Corps Artillery (14.1)" if a.lead else ""
            return ActionView(a, CHOICE, f"{'Defensive' if defensive else 'Offensive'} Support: {a.points} {what}"
                              f"{'s' if a.points != 1 else ''}{lead}", verb="support", rule=cite("9.0"))
        if isinstance(a, Hit):
            here = st.hex_label(a.unit)
            return ActionView(a, CHOICE, f"{a.unit} takes the Hit ({st.hits(a.unit) + 1} Hits then)", (a.unit,),
                              (here,) if here is not None else (), verb="hit", rule=cite("9.2.2"))
        if isinstance(a, Retreat):
            here = st.hex_label(a.unit)
            frm = (here,) if here is not None else ()
            if a.dest == OFF:
                return ActionView(a, CHOICE, f"{a.unit} retreats off the map: it cannot re-enter play", (a.unit,), frm,
                                  verb="retreat", rule=cite("11.1"))
            return ActionView(a, MOVE, f"{a.unit} retreats to {a.dest}", (a.unit,), frm + (a.dest,), verb="retreat",
                              rule=cite("11.0"))
        if isinstance(a, Stay):
            close = st.battle is not None and st.battle.kind == FireKind.CLOSE
            text = f"{a.unit} stays and fights on" if close else f"{a.unit} stays in its hex"
            return ActionView(a, CHOICE, text, (a.unit,), verb="stay", rule=cite("10.0" if close else "9.2.3"))
        if isinstance(a, Capture):
            return ActionView(a, CHOICE, f"Capture!: {a.unit} takes a second Hit to hold the hex", (a.unit,),
                              verb="capture", rule=cite("11.2"))
        if isinstance(a, LeadHold):
            return ActionView(a, CHOICE, f"{a.unit} ignores the retreat with the Leadership marker", (a.unit,),
                              verb="lead-hold", rule=cite("14.1"))
        if isinstance(a, End):
            return ActionView(a, CHOICE, f"end the Operation of {a.unit}", (a.unit,), verb="end",
                              rule=cite("7.1, 8.4.1"))
        if isinstance(a, Done):
            if isinstance(d, Interdiction):
                return ActionView(a, PASS, "no more Interdiction markers", verb="done", rule=cite("14.2"))
            if isinstance(d, Redeployment):
                return ActionView(a, PASS, "end the German Redeployment", verb="done", rule=cite("4.0"))
            return ActionView(a, PASS, f"end the activation of {st.active}", verb="done", rule=cite("7.2"))
        if isinstance(a, Pass):
            return ActionView(a, PASS, "draw from the Command Cup", verb="pass", rule=cite("14.1"))
        if isinstance(a, Interdict):
            lead = " with the Leadership marker" if a.lead else " for an Allied Support Point"
            return ActionView(a, CHOICE, f"Interdiction marker on {a.hex}{lead}", (), (a.hex,), verb="interdict",
                              rule=cite("14.2"))
        if isinstance(a, LeadActivate):
            return ActionView(a, CHOICE, f"Automatic Activation of {a.hq} with the Leadership marker",
                              verb="lead-activate", markers=(a.hq,), rule=cite("14.1"))
        if isinstance(a, LeadReroll):
            return ActionView(a, CHOICE, "re-roll with the Leadership marker", verb="lead-reroll", rule=cite("14.1"))
        if isinstance(a, Accept):
            b = st.battle
            res = f": {fire_result(st.current_af(), b.die)}" if b is not None else ""
            return ActionView(a, CHOICE, f"accept the roll{res}", verb="accept", rule=cite("14.1"))
        if isinstance(a, Attach):
            return ActionView(a, CHOICE, f"Temporary Attachment of {a.unit} to {st.active}", (a.unit,),
                              verb="attach", rule=cite("14.1"))
        if isinstance(a, Recover):
            return ActionView(a, ENTER, f"Unit Recovery: {a.unit} returns in {a.dest} with 2 Hits", (a.unit,),
                              (a.dest,), verb="recover", rule=cite("14.1"))
        return ActionView(a, CHOICE, a.text(), verb=a.text().split(" ", 1)[0])

    # -- combat --------------------------------------------------------------------------------
    def _fire_af(self, st: KoenigState, kind: FireKind, units: tuple[str, ...], target: Hex, off: int,
                 dfd: int) -> tuple[int, list[str]]:
        """The net Attack Factor of a Full or Mobile Fire (9.0) and the modifiers that made it."""
        strengths = []
        firers = []
        mods: list[str] = []
        for uid in units:
            h = st.position.hex_of(uid)
            if h is None:
                continue
            hits = st.hits(uid)
            line = fire_line(st.map, h, target, kind)
            indirect = not line.allowed
            halved = line.halved or indirect or kind == FireKind.MOBILE
            s = fire_strength(st.strength(uid), hits, halved)
            strengths.append(s)
            firers.append(Firer(h, st.strength(uid), hits, indirect))
            why = []
            if kind == FireKind.MOBILE:
                why.append("Mobile Fire at half strength (8.4)")
            elif indirect:
                why.append("Indirect Fire at half strength (14.3)")
            elif line.halved:
                why.append("Full Fire across Arnhem Bridge at half strength (exclusive 8.5)")
            if hits >= 2:
                why.append("2 Hits: -1 CS (9.2.1)")
            mods.append(f"{uid}: {st.strength(uid)} -> {s}" + (f" ({'; '.join(why)})" if why else ""))
        terrain = terrain_modifier(st.map, target, firers)
        if terrain:
            tt = st.map.terrain_table.terrain.get(st.map.terrain_at(target))
            mods.append(f"terrain {terrain:+d} ({tt.name if tt else 'target hex'} and hexsides, {cite('9.1')})")
        if off or dfd:
            mods.append(f"support: +{off} offensive, -{dfd} defensive; the net applies ({cite('9.0')})")
        return attack_factor(strengths, off, dfd, terrain), mods

    def combat_preview(self, state: GameState, action: Action) -> CombatPreview | None:
        """The odds of a Full or Mobile Fire declared now with no support (9.0, 9.1), of the first round of a
        Close Combat a move starts (10.0), of a support commitment (the other side's support still to come
        counted as none), or of the roll about to be made."""
        st = _ko(state)
        if isinstance(action, FireAttack):
            kind = FireKind.MOBILE if isinstance(action, MobileFire) else FireKind.FULL
            target = st.map.hex_at(action.target)
            assert target is not None
            af, mods = self._fire_af(st, kind, action.units, target, 0, 0)
            return self._fire_preview(st, action, kind, action.units, target, af, mods, "no support committed yet")
        if isinstance(action, UnitMove) and not isinstance(action, Redeploy) and action.dest != OFF:
            h = st.map.hex_at(action.dest)
            assert h is not None
            enemy = [x for x in st.units_at(h) if st.side_of(x) != st.side_of(action.unit)]
            return self._close_preview(st, action, action.unit, enemy[0], h, 0) if enemy else None
        if st.battle is None:
            return None
        if isinstance(action, Support):
            trial = st.clone()
            assert isinstance(trial, KoenigState)
            trial.apply(action)
            while isinstance(trial.pending_decision(), SupportChoice):
                trial.apply(Support(0))
            if trial.battle is None or not isinstance(trial.pending_decision(), FireRoll):
                return None
            return self._battle_preview(trial, action)
        if isinstance(action, Roll) and isinstance(st.pending_decision(), FireRoll):
            return self._battle_preview(st, action)
        return None

    def _battle_preview(self, st: KoenigState, action: Action) -> CombatPreview:
        b = st.battle
        assert b is not None
        net = f"support: +{b.off_support} offensive, -{b.def_support} defensive ({cite('9.0, 10.2')})"
        if b.kind == FireKind.CLOSE:
            af = st.current_af()
            who = "Defensive Close Fire" if b.defensive_round else "Offensive Close Fire"
            dist = fire_distribution(af)
            d = next((x for x in b.defenders if st.on_map(x)), b.defenders[0])
            return CombatPreview(action, b.firers, st.map.label(b.target),
                                 f"{who} at {st.map.label(b.target)}: AF {af}: {_pct(dist)} ({cite('10.0')})",
                                 f"AF {af}", "", (net, f"terrain has no effect ({cite('10.1')})"), dist, (d,))
        _af, mods = self._fire_af(st, b.kind, b.firers, b.target, b.off_support, b.def_support)
        return self._fire_preview(st, action, b.kind, b.firers, b.target, st.current_af(), mods, "")

    def _fire_preview(self, st: KoenigState, action: Action, kind: FireKind, units: tuple[str, ...], target: Hex,
                      af: int, mods: list[str], note: str) -> CombatPreview:
        dist = fire_distribution(af)
        summary = (f"{FIRE_NAMES[kind]} at {st.map.label(target)}: Attack Factor {af}: a roll below is a Hit, equal "
                   f"an Exchange, above a Miss ({cite('9.0')})" + (f"; {note}" if note else ""))
        return CombatPreview(action, units, st.map.label(target), summary, f"AF {af}", "", tuple(mods), dist,
                             tuple(st.units_at(target)))

    def _close_preview(self, st: KoenigState, action: Action, uid: str, dfd: str, h: Hex, net: int) -> CombatPreview:
        """10.0: the defender fires first; a Hit or Exchange sends the attacker back; otherwise the attacker
        fires; both missing ends the round (either side may retreat, or fight another round)."""
        d_af = attack_factor([fire_strength(st.strength(dfd), st.hits(dfd))], 0, net)
        a_af = attack_factor([fire_strength(st.strength(uid), st.hits(uid))], net, 0)
        dd, ad = fire_distribution(d_af), fire_distribution(a_af)
        dist = {
            "Defensive Close Fire: Hit (the attacker retreats)": dd[HIT],
            "Defensive Close Fire: Exchange": dd[EXCHANGE],
            "Offensive Close Fire: Hit (the defender retreats)": dd[MISS] * ad[HIT],
            "Offensive Close Fire: Exchange": dd[MISS] * ad[EXCHANGE],
            "both miss: retreat or another round": dd[MISS] * ad[MISS],
        }
        summary = (f"Close Combat at {st.map.label(h)}, first round: {dfd} fires with AF {d_af}, then {uid} with AF "
                   f"{a_af} ({cite('10.0')})")
        mods = (f"terrain has no effect ({cite('10.1')})", f"no support committed yet ({cite('9.0, 10.2')})")
        return CombatPreview(action, (uid,), st.map.label(h), summary, f"AF {d_af} / AF {a_af}", "", mods, dist, (dfd,))

    def result_legend(self, state: GameState) -> dict[str, str]:
        """9.0 Combat Resolution (and 10.0 for Close Combat's keys)."""
        return {
            HIT: "the die is below the Attack Factor: one Hit on the target (9.0, 9.2)",
            EXCHANGE: "the die equals the Attack Factor: both sides take one Hit (9.0)",
            MISS: "the die is above the Attack Factor: no effect (9.0)",
            "Defensive Close Fire: Hit (the attacker retreats)": "the defender's Close Fire hits: the attacker "
                                                                 "retreats and the Close Combat is over (10.0)",
            "Defensive Close Fire: Exchange": "both take a Hit; the defender retreats first (9.2.3, 11.2)",
            "Offensive Close Fire: Hit (the defender retreats)": "the attacker's Close Fire hits: the defender "
                                                                 "retreats (10.0)",
            "Offensive Close Fire: Exchange": "both take a Hit; the defender retreats first (9.2.3, 11.2)",
            "both miss: retreat or another round": "either side, the defender first, may retreat; else another "
                                                   "round of fire (10.0)",
        }

    # -- sequence ------------------------------------------------------------------------------
    def prompt(self, state: GameState) -> str:
        st = _ko(state)
        if st.is_terminal():
            return f"Game over: {st.result_text()}"
        who = "Dice" if st.current_player == CHANCE else self.side_name(st, st.current_player)
        text, rule = self._prompt(st, st.pending_decision())
        return f"{who}: {text} ({cite(rule)})"

    def _prompt(self, st: KoenigState, d: Decision | None) -> tuple[str, str]:
        b = st.battle
        where = st.map.label(b.target) if b is not None else ""
        name = FIRE_NAMES[b.kind] if b is not None else ""
        if isinstance(d, SupportChoice):
            stage = "Defensive" if d.defensive else "Offensive"
            return f"assign {stage} Support to the {name} at {where} (up to {support_cap(st, d.player)})", "9.0"
        if isinstance(d, FireRoll) and b is not None:
            if b.kind == FireKind.CLOSE:
                step = "Defensive Close Fire" if b.defensive_round else "Offensive Close Fire"
                return f"roll the {step} at {where}: AF {st.current_af()}", "10.0"
            return f"roll the {name} at {where}: AF {st.current_af()}", "9.0"
        if isinstance(d, RerollChoice) and b is not None:
            return f"accept the roll of {b.die} at {where} or re-roll with the Leadership marker", "14.1"
        if isinstance(d, HitChoice):
            side = "defending" if d.who == "defender" else "firing"
            return f"choose the {side} unit that takes the Hit at {where}", "9.2.2"
        if isinstance(d, RetreatChoice):
            if d.capture:
                return f"{d.unit} must retreat, or take a second Hit to hold the hex (Capture!)", "9.2.3, 11.2"
            if d.must:
                return f"{d.unit} was hit in Close Combat and must retreat", "9.2.3, 11.0"
            if b is not None and b.kind == FireKind.CLOSE:
                return f"both Close Fires missed: {d.unit} may retreat and end the Close Combat, or stay", "10.0"
            return f"{d.unit} was hit and may retreat", "9.2.3, 11.0"
        if isinstance(d, LandingRoll):
            return f"Paratroop Landing roll for {d.unit}", "5.0; Arnhem Bridge exclusive 4.0"
        if isinstance(d, LeadershipRollOff):
            return f"Leadership roll-off: the {st.side_name(ALLIED if d.german else GERMAN)} roll", "14.1"
        if isinstance(d, SupportRoll):
            if d.side == GERMAN:
                return f"the {st.side_name(GERMAN)} player rolls for Artillery Points", "6.1"
            return f"the {st.side_name(ALLIED)} player rolls for Allied Support Points", "6.2"
        if isinstance(d, Interdiction):
            return f"place Interdiction markers ({len(st.interdicted)} of 3 placed)", "14.2"
        if isinstance(d, AutomaticActivation):
            return "use the Leadership marker for an Automatic Activation, or draw from the Command Cup", "14.1"
        if isinstance(d, CupDrawing):
            return f"draw an HQ from the Command Cup ({len(st.cup)} left)", "7.0"
        if isinstance(d, OperationInProgress):
            doing = st.doing(d.unit)
            if doing == Doing.MOVED:
                return f"{d.unit} may make the Mobile Fire of its Combined Operation, or end it", "8.4, 8.4.1"
            if doing == Doing.FIRED:
                return f"{d.unit} may make the move of its Combined Operation at half MA, or end it", "8.4, 8.4.1"
            return f"{d.unit} overran its target and may move on with its MP left, or end", "14.5"
        if isinstance(d, Activation):
            return (f"formation {st.active} is active: each unit may Move, Full Fire or do a Combined Operation; "
                    f"done ends the activation", "7.0, 7.1, 7.2")
        if isinstance(d, Redeployment):
            return "redeploy units not adjacent to enemy units up to half their Movement Allowance", "4.0"
        return st.phase.name, st.phase.rule.removeprefix("Koenig ")

    def turn_track(self, state: GameState) -> TurnTrack:
        """4.0: Paratroop Landing, Support (day), Operations (day), German Redeployment (night),
        Housekeeping."""
        st = _ko(state)
        d = st.pending_decision()
        current = DECISION_PHASE.get(type(d), -1) if d is not None else -1
        return TurnTrack(st.turn, st.game.last_turn, PHASES, current)

    # -- the log -------------------------------------------------------------------------------
    def action_text(self, state: GameState, action: Action) -> str:
        """An action as the game's log says it ("Combined move at half MA: B-1Para to 0904"); the notation
        stays the action's text."""
        return action_words(action)

    def events(self, state: GameState, since: int = 0) -> list[str]:
        """Log lines in the rules' words caused by history entries `since`, `since + 1`, ...: the state's notes
        (dice with what they gave, HQ draws, moves, fires, support, Hits, retreats, eliminations, the turns
        and the end); `events(state, 0)` starts with the game's opening lines."""
        st = _ko(state)
        first = 0 if since <= 0 else since + 1
        return [text for i, text in st.events if i >= first]


def _ko(state: GameState) -> KoenigState:
    if not isinstance(state, KoenigState):
        raise TypeError(f"a Koenig presenter reads Koenig states, not {type(state).__name__}")
    return state


__all__ = ["PHASES", "KoenigPresenter"]
