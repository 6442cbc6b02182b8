"""What a player interface shows of a game of Paul Koenig's Market-Garden (002_fe1216aa5df94854.txt), read
from the state's public queries and the family's pure functions (rules/presentation.py describes the views).

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
* The log: the state keeps no list of events, so the presenter replays the history once (incrementally)
  and words each entry from the position before and after it.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...hexgrid import Hex
from ...movement.kernel import MovementHooks, Reach, entry_cost, reachable
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
from ..protocol import CHANCE, Action, GameState
from .actions import KoenigAction, act
from .combat import (
    CLOSE,
    EXCHANGE,
    FULL,
    HIT,
    MISS,
    MOBILE,
    Firer,
    attack_factor,
    fire_distribution,
    fire_line,
    fire_result,
    fire_strength,
    halve,
    terrain_modifier,
)
from .movement import movement_hooks
from .position import ALLIED, GERMAN
from .state import FUTURE, KoenigState
from .tables import support_per_battle
from .victory import ELIMINATED, EXITED, LOST, ON_MAP, PENDING, RETREATED_OFF

SOURCE = "002_fe1216aa5df94854.txt"

# 4.0: the phases of a Game Turn, and the state's steps in each
PHASES = ("Paratroop Landing Phase", "Support Phase", "Operations Phase", "German Redeployment Phase",
          "Housekeeping Phase")
STEP_PHASE = {"start": 0, "landing": 0, "after_landing": 0, "rolloff": 1, "support_roll": 1, "interdiction": 1,
              "interdiction_done": 1, "next_draw": 2, "before_draw": 2, "draw": 2, "activation": 2, "redeploy": 3,
              "housekeeping": 4}
STATUS = {ON_MAP: "on map", FUTURE: "reinforcement", PENDING: "reinforcement", ELIMINATED: "eliminated",
          EXITED: "exited", RETREATED_OFF: "retreated off the map", LOST: "never arrived"}
FIRE_NAMES = {FULL: "Full Fire", MOBILE: "Mobile Fire", CLOSE: "Close Combat"}


def cite(section: str) -> str:
    return f"Koenig {section}, {SOURCE}"


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
        eligible = set(st.eligible()) if st.step == "activation" else set()
        out = []
        for uid, u in st.units.items():
            d = sc.units[uid]
            vals = f"{st.strength(uid)}-{st.allowance(uid)}"
            if u.hits >= 2:
                vals += f" (2 Hits: fires at {max(0, st.strength(uid) - 1)})"
            flags: list[str] = []
            if u.hits:
                flags.append("1 Hit" if u.hits == 1 else f"{u.hits} Hits")
            if u.status in (FUTURE, PENDING) and uid in arrive:
                flags.append(f"GT {arrive[uid]}")
                if u.status == PENDING:
                    flags.append("may enter")
            if u.done:
                flags.append("operated")
            if uid in eligible:
                flags.append("active")
            doing = st.in_progress.get(uid)
            if doing == "moved":
                flags.append("moved: may Mobile Fire")  # 8.4, 8.4.1
            elif doing == "fired":
                flags.append("fired: may move half MA")
            elif doing == "overrun":
                flags.append(f"overrun: {_mp(st.overrun_mp.get(uid, 0))} MP left")  # 14.5
            if u.attached:
                flags.append(f"attached to {u.attached}")  # 14.1
            if uid in st.reconstituted:
                flags.append("reconstituted")
            if st.heavy_weapons(uid):
                flags.append("heavy weapons")
            if st.independent(uid):
                flags.append("independent")
            if u.hex is not None and u.hex in st.interdicted:
                flags.append("interdicted hex")
            hex_label = st.map.label(u.hex) if u.hex is not None and u.status == ON_MAP else None
            out.append(UnitView(uid, d.side, d.name or uid, hex_label, STATUS.get(u.status, u.status), vals,
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
    def _hooks(self, st: KoenigState, side: str, close_combat: bool = True) -> MovementHooks:
        return movement_hooks(st.game.graph, st.occupants(), st.game.side_of, side, st.interdicted, close_combat,
                              st.sc.stacking_limit or 2)

    def _routes(self, st: KoenigState, uid: str, allowance: float, close_combat: bool) -> dict[Hex, tuple[float, list]]:
        """Destination -> (MP spent, path) for a unit on the map or entering (exclusive 8.5, 8.3.1): the
        cheapest path the movement kernel finds, as `move_options` costs it."""
        side = st.side_of(uid)
        hooks = self._hooks(st, side, close_combat)
        u = st.units[uid]
        g = st.game
        out: dict[Hex, tuple[float, list]] = {}
        if u.status != PENDING:
            if u.hex is None or allowance <= 0:
                return out
            reach = reachable(g.graph, u.hex, allowance, hooks)
            for h, c in reach.spent.items():
                if h != u.hex:
                    out[h] = (c, reach.path(h))
            return out
        occ = st.occupants()
        starts: list[tuple[Hex, float]] = []
        for e in st.entry_hexes(uid):
            here = occ.get(e, [])
            if any(st.side_of(x) != side for x in here):
                if e in hooks.stop and e not in hooks.blocked:
                    c = 1 + hooks.enter_extra.get(e, 0)
                    if c <= allowance:
                        out[e] = min(out.get(e, (1e9, [])), (c, [e]), key=lambda x: x[0])
                for n in st.map.neighbors_on_map(e):
                    if n in hooks.blocked or n in hooks.stop:
                        continue
                    c = entry_cost(st.map, n, g.graph.cls)
                    if c is not None:
                        starts.append((n, c + hooks.enter_extra.get(n, 0)))
            elif e not in hooks.blocked:
                starts.append((e, 1 + hooks.enter_extra.get(e, 0)))
        for h, c in starts:
            if c <= allowance and c < out.get(h, (1e9, []))[0]:
                out[h] = (c, [h])
            if c < allowance:
                reach: Reach = reachable(g.graph, h, allowance - c, hooks)
                for d, spent in reach.spent.items():
                    if d != h and c + spent <= allowance and c + spent < out.get(d, (1e9, []))[0]:
                        out[d] = (c + spent, reach.path(d))
        return out

    def _exit_route(self, st: KoenigState, uid: str, routes: dict[Hex, tuple[float, list]]) -> list:
        """The path to the bottom-edge road hex a unit exits from (exclusive 12.0): the cheapest."""
        u = st.units[uid]
        best: tuple[float, list] | None = None
        for h in st.map.edge_side_hexes("bottom"):
            if not st.road_off_map(h):
                continue
            if u.status == ON_MAP and u.hex == h:
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
        return act("move", unit, path[-1])

    # -- actions -------------------------------------------------------------------------------
    def action_views(self, state: GameState) -> list[ActionView]:
        st = _ko(state)
        actions = st.legal_actions()
        if st.current_player == CHANCE:
            probs = dict(st.chance_outcomes())
            out = []
            for a in actions:
                assert isinstance(a, KoenigAction)
                if a.verb == "draw":
                    label = f"draw {a.args[0]} from the Command Cup"
                    out.append(ActionView(a, CHOICE, label, verb="draw", markers=(a.args[0],), rule=cite("7.0"),
                                          probability=probs.get(a)))
                else:
                    out.append(ActionView(a, CHOICE, f"die roll {a.args[0]}", verb="roll",
                                          rule=cite(st.phase.rule.removeprefix("Koenig ")), probability=probs.get(a)))
            return out
        routes: dict[tuple[str, bool], dict[Hex, tuple[float, list]]] = {}
        return [self._view(st, a, routes) for a in actions]  # type: ignore[arg-type]

    def _allowance(self, st: KoenigState, a: KoenigAction) -> float:
        """The MP a move action may spend (8.0, 8.4 half MA, 14.1 Force March doubles, 14.5 overrun, 4.0
        night redeployment at half MA)."""
        uid = a.args[0]
        ma = st.allowance(uid)
        march = "+march" in a.args
        doing = st.in_progress.get(uid)
        if doing == "overrun":
            return st.overrun_mp.get(uid, 0.0)
        if a.verb == "redeploy":
            return halve(ma)
        if a.verb == "move":
            return ma * (2 if march else 1)
        return ma if (march or uid in st.march_combined) else halve(ma)

    def _view(self, st: KoenigState, a: KoenigAction, routes: dict) -> ActionView:
        v = a.verb
        lab = st.map.label
        if v in ("move", "cmove", "redeploy"):
            uid, dest = a.args[0], a.args[1]
            close = v != "redeploy"
            key = (uid, close)
            if key not in routes:
                ma = st.allowance(uid)
                reach_mp = max(2 * ma, st.overrun_mp.get(uid, 0.0), 1)
                routes[key] = self._routes(st, uid, reach_mp, close)
            r = routes[key]
            entering = st.units[uid].status == PENDING
            ma = st.allowance(uid)
            march = " by Force March (14.1)" if "+march" in a.args else ""
            how = {"move": "Movement", "cmove": "Combined move at half MA", "redeploy": "Redeployment"}[v]
            rule = {"move": "8.0", "cmove": "8.4", "redeploy": "4.0"}[v]
            if dest == "off":
                path = self._exit_route(st, uid, r)
                hexes = tuple(lab(h) for h in path)
                return ActionView(a, MOVE, f"{uid} exits off the map{march} ({how})", (uid,), hexes, None, "exit",
                                  rule=cite("exclusive 12.0"))
            h = st.map.hex_at(dest)
            cost, path = r.get(h, (None, [h]))
            hexes = tuple(lab(x) for x in path)
            start = st.units[uid].hex
            if start is not None and not entering:
                hexes = hexes if hexes and hexes[0] == lab(start) else (lab(start),) + hexes
            enemy = [x for x in st.units_at(h) if st.side_of(x) != st.side_of(uid)]
            spent = f" ({_mp(cost)} of {ma} MP)" if cost is not None else ""
            if enemy:
                return ActionView(a, MOVE, f"{uid} enters {dest} for Close Combat with {', '.join(enemy)}{spent}"
                                  f"{march} ({how})", (uid,), hexes, cost, "close-combat", rule=cite("10.0"))
            if entering:
                return ActionView(a, ENTER, f"{uid} enters the map and moves to {dest}{spent}{march} ({how})", (uid,),
                                  hexes, cost, v, rule=cite("exclusive 8.5"))
            return ActionView(a, MOVE, f"{how}: {uid} to {dest}{spent}{march}", (uid,), hexes, cost, v,
                              rule=cite(rule))
        if v in ("fire", "mfire"):
            units = tuple(a.args[0].split(","))
            kind = FULL if v == "fire" else MOBILE
            target = st.map.hex_at(a.args[1])
            af, _ = self._fire_af(st, kind, units, target, 0, 0)
            hexes = tuple(lab(st.units[u].hex) for u in units if st.units[u].hex is not None) + (a.args[1],)
            p = fire_distribution(af)[HIT]
            return ActionView(a, ATTACK, f"{FIRE_NAMES[kind]} by {', '.join(units)} at {a.args[1]}: AF {af}, "
                              f"Hit {p}", units, hexes, verb=v, rule=cite("9.0" if kind == FULL else "8.4, 9.0"))
        if v == "support":
            b = st.battle
            side = st.active_side
            if b is not None:
                side = st.enemy(b.attacker) if b.stage == "def_support" else b.attacker
            what = "Artillery Point" if side == GERMAN else "Allied Support Point"
            k = int(a.args[0])
            lead = " and the Leadership marker as Corps Artillery (14.1)" if "+lead" in a.args else ""
            stage = "Defensive" if b is not None and b.stage == "def_support" else "Offensive"
            return ActionView(a, CHOICE, f"{stage} Support: {k} {what}{'s' if k != 1 else ''}{lead}", verb="support",
                              rule=cite("9.0"))
        if v == "hit":
            uid = a.args[0]
            h = st.units[uid].hex
            return ActionView(a, CHOICE, f"{uid} takes the Hit ({st.units[uid].hits + 1} Hits then)", (uid,),
                              (lab(h),) if h is not None else (), verb="hit", rule=cite("9.2.2"))
        if v == "retreat":
            uid, dest = a.args[0], a.args[1]
            h = st.units[uid].hex
            frm = (lab(h),) if h is not None else ()
            if dest == "off":
                return ActionView(a, CHOICE, f"{uid} retreats off the map: it cannot re-enter play", (uid,), frm,
                                  verb="retreat", rule=cite("11.1"))
            return ActionView(a, MOVE, f"{uid} retreats to {dest}", (uid,), frm + (dest,), verb="retreat",
                              rule=cite("11.0"))
        if v == "stay":
            close = st.battle is not None and st.battle.kind == CLOSE
            text = f"{a.args[0]} stays and fights on" if close else f"{a.args[0]} stays in its hex"
            return ActionView(a, CHOICE, text, (a.args[0],), verb="stay", rule=cite("10.0" if close else "9.2.3"))
        if v == "capture":
            return ActionView(a, CHOICE, f"Capture!: {a.args[0]} takes a second Hit to hold the hex", (a.args[0],),
                              verb="capture", rule=cite("11.2"))
        if v == "lead-hold":
            return ActionView(a, CHOICE, f"{a.args[0]} ignores the retreat with the Leadership marker", (a.args[0],),
                              verb="lead-hold", rule=cite("14.1"))
        if v == "end":
            return ActionView(a, CHOICE, f"end the Operation of {a.args[0]}", (a.args[0],), verb="end",
                              rule=cite("7.1, 8.4.1"))
        if v == "done":
            if st.step == "interdiction":
                return ActionView(a, PASS, "no more Interdiction markers", verb="done", rule=cite("14.2"))
            if st.step == "redeploy":
                return ActionView(a, PASS, "end the German Redeployment", verb="done", rule=cite("4.0"))
            return ActionView(a, PASS, f"end the activation of {st.active}", verb="done", rule=cite("7.2"))
        if v == "pass":
            return ActionView(a, PASS, "draw from the Command Cup", verb="pass", rule=cite("14.1"))
        if v == "interdict":
            lead = " with the Leadership marker" if "+lead" in a.args else " for an Allied Support Point"
            return ActionView(a, CHOICE, f"Interdiction marker on {a.args[0]}{lead}", (), (a.args[0],),
                              verb="interdict", rule=cite("14.2"))
        if v == "lead-activate":
            return ActionView(a, CHOICE, f"Automatic Activation of {a.args[0]} with the Leadership marker",
                              verb="lead-activate", markers=(a.args[0],), rule=cite("14.1"))
        if v == "lead-reroll":
            return ActionView(a, CHOICE, "re-roll with the Leadership marker", verb="lead-reroll", rule=cite("14.1"))
        if v == "accept":
            b = st.battle
            res = f": {fire_result(st.current_af(), b.die)}" if b is not None else ""
            return ActionView(a, CHOICE, f"accept the roll{res}", verb="accept", rule=cite("14.1"))
        if v == "attach":
            return ActionView(a, CHOICE, f"Temporary Attachment of {a.args[0]} to {st.active}", (a.args[0],),
                              verb="attach", rule=cite("14.1"))
        if v == "recover":
            return ActionView(a, ENTER, f"Unit Recovery: {a.args[0]} returns in {a.args[1]} with 2 Hits",
                              (a.args[0],), (a.args[1],), verb="recover", rule=cite("14.1"))
        return ActionView(a, CHOICE, a.text(), verb=v)

    # -- combat --------------------------------------------------------------------------------
    def _fire_af(self, st: KoenigState, kind: str, units: tuple[str, ...], target: Hex, off: int,
                 dfd: int) -> tuple[int, list[str]]:
        """The net Attack Factor of a Full or Mobile Fire (9.0) and the modifiers that made it."""
        strengths = []
        firers = []
        mods: list[str] = []
        for uid in units:
            u = st.units[uid]
            if u.status != ON_MAP or u.hex is None:
                continue
            line = fire_line(st.map, u.hex, target, kind)
            indirect = not line.allowed
            halved = line.halved or indirect or kind == MOBILE
            s = fire_strength(st.strength(uid), u.hits, halved)
            strengths.append(s)
            firers.append(Firer(u.hex, st.strength(uid), u.hits, indirect))
            why = []
            if kind == MOBILE:
                why.append("Mobile Fire at half strength (8.4)")
            elif indirect:
                why.append("Indirect Fire at half strength (14.3)")
            elif line.halved:
                why.append("Full Fire across Arnhem Bridge at half strength (exclusive 8.5)")
            if u.hits >= 2:
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
        if not isinstance(action, KoenigAction):
            return None
        v = action.verb
        if v in ("fire", "mfire"):
            units = tuple(action.args[0].split(","))
            kind = FULL if v == "fire" else MOBILE
            target = st.map.hex_at(action.args[1])
            af, mods = self._fire_af(st, kind, units, target, 0, 0)
            return self._fire_preview(st, action, kind, units, target, af, mods, "no support committed yet")
        if v in ("move", "cmove") and action.args[1] != "off":
            uid = action.args[0]
            h = st.map.hex_at(action.args[1])
            enemy = [x for x in st.units_at(h) if st.side_of(x) != st.side_of(uid)]
            if not enemy:
                return None
            return self._close_preview(st, action, uid, enemy[0], h, 0)
        b = st.battle
        if b is None:
            return None
        if v == "support":
            trial = st.clone()
            trial.apply(action)
            while trial.battle is not None and trial.battle.stage in ("def_support", "off_support") and \
                    trial.current_player != CHANCE:
                trial.apply(act("support", "0"))
            tb = trial.battle
            if tb is None or tb.stage not in ("roll",):
                return None
            return self._battle_preview(trial, action)
        if v == "roll" and b.stage == "roll":
            return self._battle_preview(st, action)
        return None

    def _battle_preview(self, st: KoenigState, action: Action) -> CombatPreview:
        b = st.battle
        assert b is not None
        net = f"support: +{b.off_support} offensive, -{b.def_support} defensive ({cite('9.0, 10.2')})"
        if b.kind == CLOSE:
            af = st.current_af()
            defensive = b.round_step == "defensive"
            who = "Defensive Close Fire" if defensive else "Offensive Close Fire"
            dist = fire_distribution(af)
            mods = (net, f"terrain has no effect ({cite('10.1')})")
            d = next((x for x in b.defenders if st.units[x].status == ON_MAP), b.defenders[0])
            return CombatPreview(action, b.firers, st.map.label(b.target),
                                 f"{who} at {st.map.label(b.target)}: AF {af}: {_pct(dist)} ({cite('10.0')})",
                                 f"AF {af}", "", mods, dist, (d,))
        _af, mods = self._fire_af(st, b.kind, b.firers, b.target, b.off_support, b.def_support)
        af = st.current_af()
        return self._fire_preview(st, action, b.kind, b.firers, b.target, af, mods, "")

    def _fire_preview(self, st: KoenigState, action: Action, kind: str, units: tuple[str, ...], target: Hex, af: int,
                      mods: list[str], note: str) -> CombatPreview:
        dist = fire_distribution(af)
        defenders = tuple(st.units_at(target))
        summary = (f"{FIRE_NAMES[kind]} at {st.map.label(target)}: Attack Factor {af}: a roll below is a Hit, equal "
                   f"an Exchange, above a Miss ({cite('9.0')})" + (f"; {note}" if note else ""))
        return CombatPreview(action, units, st.map.label(target), summary, f"AF {af}", "", tuple(mods), dist, defenders)

    def _close_preview(self, st: KoenigState, action: Action, uid: str, dfd: str, h: Hex, net: int) -> CombatPreview:
        """10.0: the defender fires first; a Hit or Exchange sends the attacker back; otherwise the attacker
        fires; both missing ends the round (either side may retreat, or fight another round)."""
        d_af = attack_factor([fire_strength(st.strength(dfd), st.units[dfd].hits)], 0, net)
        a_af = attack_factor([fire_strength(st.strength(uid), st.units[uid].hits)], net, 0)
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
            return f"Game over: {st.outcome()}"
        who = "Dice" if st.current_player == CHANCE else self.side_name(st, st.current_player)
        text, rule = self._prompt(st)
        return f"{who}: {text} ({cite(rule)})"

    def _prompt(self, st: KoenigState) -> tuple[str, str]:
        b = st.battle
        if b is not None:
            where = st.map.label(b.target)
            name = FIRE_NAMES[b.kind]
            if b.stage == "def_support":
                side = st.enemy(b.attacker)
                return (f"assign Defensive Support to the {name} at {where} (up to "
                        f"{min(st.points[side], support_per_battle(st.sc, side))})", "9.0")
            if b.stage == "off_support":
                return (f"assign Offensive Support to the {name} at {where} (up to "
                        f"{min(st.points[b.attacker], support_per_battle(st.sc, b.attacker))})", "9.0")
            if b.stage == "roll":
                if b.kind == CLOSE:
                    step = "Defensive Close Fire" if b.round_step == "defensive" else "Offensive Close Fire"
                    return f"roll the {step} at {where}: AF {st.current_af()}", "10.0"
                return f"roll the {name} at {where}: AF {st.current_af()}", "9.0"
            if b.stage == "reroll":
                return f"accept the roll of {b.die} at {where} or re-roll with the Leadership marker", "14.1"
            if b.stage == "hits":
                side = "defending" if b.hit_queue[0] == "defender" else "firing"
                return f"choose the {side} unit that takes the Hit at {where}", "9.2.2"
            if b.stage == "retreats":
                uid, must, capture = b.retreat_queue[0]
                if capture:
                    return f"{uid} must retreat, or take a second Hit to hold the hex (Capture!)", "9.2.3, 11.2"
                if must:
                    return f"{uid} was hit in Close Combat and must retreat", "9.2.3, 11.0"
                if b.kind == CLOSE:
                    return f"both Close Fires missed: {uid} may retreat and end the Close Combat, or stay", "10.0"
                return f"{uid} was hit and may retreat", "9.2.3, 11.0"
        s = st.step
        if s == "landing":
            return f"Paratroop Landing roll for {st.landing_queue[0]}", "5.0, exclusive 4.0"
        if s == "rolloff":
            side = "German" if not st.rolloff else "Allied"
            return f"Leadership roll-off: the {side} roll", "14.1"
        if s == "support_roll":
            if st._support_rolls == 0:  # noqa: SLF001 - which of the two rolls of 6.0 is due
                return "the German player rolls for Artillery Points", "6.1"
            return "the Allied player rolls for Allied Support Points", "6.2"
        if s == "interdiction":
            return f"place Interdiction markers ({len(st.interdicted)} of 3 placed)", "14.2"
        if s == "before_draw":
            return "use the Leadership marker for an Automatic Activation, or draw from the Command Cup", "14.1"
        if s == "draw":
            return f"draw an HQ from the Command Cup ({len(st.cup)} left)", "7.0"
        if s == "activation":
            if st.in_progress:
                uid, doing = sorted(st.in_progress.items())[0]
                if doing == "moved":
                    return f"{uid} may make the Mobile Fire of its Combined Operation, or end it", "8.4, 8.4.1"
                if doing == "fired":
                    return f"{uid} may make the move of its Combined Operation at half MA, or end it", "8.4, 8.4.1"
                return f"{uid} overran its target and may move on with its MP left, or end", "14.5"
            return (f"formation {st.active} is active: each unit may Move, Full Fire or do a Combined Operation; "
                    f"done ends the activation", "7.0, 7.1, 7.2")
        if s == "redeploy":
            return "redeploy units not adjacent to enemy units up to half their Movement Allowance", "4.0"
        return st.phase.name, st.phase.rule.removeprefix("Koenig ")

    def turn_track(self, state: GameState) -> TurnTrack:
        """4.0: Paratroop Landing, Support (day), Operations (day), German Redeployment (night),
        Housekeeping."""
        st = _ko(state)
        current = -1 if st.is_terminal() else STEP_PHASE.get(st.step, -1)
        return TurnTrack(st.turn, st.game.last_turn, PHASES, current)

    # -- the log -------------------------------------------------------------------------------
    def events(self, state: GameState, since: int = 0) -> list[str]:
        """Log lines in the rules' words caused by history entries `since`, `since + 1`, ...: dice with
        what they gave (5.0, 6.1, 6.2, 9.0, 14.1), HQ draws (7.0), moves, fires, support, Hits, retreats and
        eliminations (9.2, 11.0), the turns and the end (12.0). Built by replaying the history."""
        st = _ko(state)
        start, entries = _log_for(st)
        out: list[str] = []
        if since <= 0:
            out += start
        for lines in entries[max(0, since):]:
            out += lines
        return out


# -- the log replay ------------------------------------------------------------------------------

@dataclass
class _Log:
    game: Any
    seed: int
    texts: list[str] = field(default_factory=list)
    start: list[str] = field(default_factory=list)
    lines: list[list[str]] = field(default_factory=list)
    replay: Any = None
    plain: bool = False  # the replay does not reach the state (a position set up directly): plain texts


_LOGS: dict[int, _Log] = {}
_LOCK = threading.Lock()
_MAX_LOGS = 8
_REPLAY_ERRORS = (ValueError, KeyError, IndexError, AssertionError, AttributeError, TypeError)


def _log_for(st: KoenigState) -> tuple[list[str], list[list[str]]]:
    """The log's opening lines and the lines of each history entry of `st`. One replay per game is kept
    and extended as the game goes on; states behind it (an earlier copy) read its first entries."""
    history = st.history()
    texts = [e.action.text() for e in history]
    with _LOCK:
        log = _LOGS.get(id(st.game))
        if log is not None and log.game is st.game and log.texts[:len(texts)] == texts:
            return log.start, log.lines[:len(texts)]
        if log is None or log.game is not st.game or texts[:len(log.texts)] != log.texts:
            log = _Log(st.game, st.game_seed)
            log.replay = st.game.new_initial_state(st.game_seed)
            log.start = [_turn_line(log.replay)]
            if len(_LOGS) >= _MAX_LOGS:
                _LOGS.pop(next(iter(_LOGS)))
            _LOGS[id(st.game)] = log
        for entry in history[len(log.texts):]:
            if not log.plain:
                try:
                    log.lines.append(_describe(log.replay, entry.action))  # type: ignore[arg-type]
                except _REPLAY_ERRORS:
                    log.plain = True
                    log.lines.append(_plain(st, entry))
            else:
                log.lines.append(_plain(st, entry))
            log.texts.append(entry.action.text())
        if not log.plain and log.replay.fingerprint() != st.fingerprint():
            # the state was not reached by these actions from the scenario's start (a position set up
            # directly): its lines are the actions' texts
            log.plain = True
            log.lines = [_plain(st, e) for e in history]
        return log.start, list(log.lines)


def _plain(st: KoenigState, entry: Any) -> list[str]:
    who = "Dice" if entry.player == CHANCE else {ALLIED: "Allied", GERMAN: "German"}.get(entry.player, entry.player)
    return [f"{who}: {entry.action.text()} ({entry.phase})"]


def _turn_line(st: KoenigState) -> str:
    t = st.sc.turns[st.turn - 1] if st.sc.turns and st.turn <= len(st.sc.turns) else None
    label = f" ({t.label})" if t is not None and t.label else ""
    night = ", a night turn" if st.is_night() else ""
    return f"Game Turn {st.turn}{label}{night} ({cite('4.0')})"


def _snapshot(st: KoenigState) -> dict[str, tuple]:
    return {uid: (u.status, u.hex, u.hits) for uid, u in st.units.items()}


def _describe(st: KoenigState, a: KoenigAction) -> list[str]:
    """Apply `a` to the replay `st` and word what it did."""
    lab = st.map.label
    name = {ALLIED: "Allied", GERMAN: "German"}
    before = _snapshot(st)
    turn = st.turn
    b = st.battle
    lines: list[str] = []
    moved: set[str] = set()
    v = a.verb
    # what the action is, read before it is applied
    if v == "roll":
        die = int(a.args[0])
        if b is not None:
            af = st.current_af()
            if b.kind == CLOSE:
                what = "Defensive Close Fire" if b.round_step == "defensive" else "Offensive Close Fire"
                rule = "10.0"
            else:
                what, rule = f"{FIRE_NAMES[b.kind]} by {', '.join(b.firers)}", "9.0"
            lines.append(f"{what} at {lab(b.target)}: AF {af}, roll {die}: {fire_result(af, die)} ({cite(rule)})")
        elif st.step == "landing":
            uid = st.landing_queue[0]
            st.apply(a)
            u = st.units[uid]
            res = "never arrives" if u.status == LOST else (
                "arrives intact" if u.hits == 0 else f"arrives with {u.hits} Hit{'s' if u.hits > 1 else ''}")
            return [f"Paratroop Landing for {uid}: roll {die}: {res} ({cite('5.0, exclusive 4.0')})"] + _after(
                st, before, turn, set(), skip_hits={uid})
        elif st.step == "rolloff":
            first = not st.rolloff
            st.apply(a)
            if first:
                return [f"Leadership roll-off: German rolls {die} ({cite('14.1')})"]
            who = f"{name[st.leader]} takes" if st.leader else "nobody takes"
            return [f"Leadership roll-off: Allied rolls {die}: {who} the Leadership marker ({cite('14.1')})"] + _after(
                st, before, turn, set())
        elif st.step == "support_roll":
            side = GERMAN if st._support_rolls == 0 else ALLIED  # noqa: SLF001 - which roll of 6.0 this is
            st.apply(a)
            kind, rule = ("Artillery Points", "6.1") if side == GERMAN else ("Allied Support Points", "6.2")
            return [f"{name[side]} rolls {die} for {kind}: {st.points[side]} ({cite(rule)})"] + _after(
                st, before, turn, set())
    elif v == "draw" or v == "lead-activate":
        hq = a.args[0]
        how = "drawn from the Command Cup" if v == "draw" else "activated with the Leadership marker (14.1)"
        lines.append(f"{hq} {how}: formation {st.formation_of_hq(hq)} is active ({cite('7.0')})")
    elif v in ("move", "cmove", "redeploy"):
        uid, dest = a.args[0], a.args[1]
        moved.add(uid)
        entering = st.units[uid].status == PENDING
        march = " by Force March (14.1)" if "+march" in a.args else ""
        if dest == "off":
            lines.append(f"{uid} exits off the map{march} ({cite('exclusive 12.0')})")
        else:
            h = st.map.hex_at(dest)
            enemy = [x for x in st.units_at(h) if st.side_of(x) != st.side_of(uid)]
            verb = {"move": "moves", "cmove": "moves at half MA (Combined)", "redeploy": "redeploys"}[v]
            if entering:
                verb = "enters the map and " + verb
            if enemy:
                lines.append(f"{uid} {verb} into {dest}{march}: Close Combat with {', '.join(enemy)} "
                             f"({cite('10.0')})")
            else:
                rule = {"move": "8.0", "cmove": "8.4", "redeploy": "4.0"}[v]
                lines.append(f"{uid} {verb} to {dest}{march} ({cite(rule)})")
    elif v in ("fire", "mfire"):
        kind = "Full Fire" if v == "fire" else "Mobile Fire"
        lines.append(f"{kind} by {a.args[0].replace(',', ', ')} at {a.args[1]} ({cite('9.0')})")
    elif v == "support" and b is not None:
        side = st.enemy(b.attacker) if b.stage == "def_support" else b.attacker
        what = "Artillery Points" if side == GERMAN else "Allied Support Points"
        stage = "Defensive" if b.stage == "def_support" else "Offensive"
        lead = " and the Leadership marker as Corps Artillery (14.1)" if "+lead" in a.args else ""
        if a.args[0] == "1":
            what = what.replace("Points", "Point")
        lines.append(f"{stage} Support: {name[side]} assigns {a.args[0]} {what}{lead} ({cite('9.0')})")
    elif v == "capture":
        lines.append(f"Capture!: {a.args[0]} takes a second Hit to hold the hex ({cite('11.2')})")
    elif v == "stay" and b is not None and b.kind == CLOSE:
        lines.append(f"{a.args[0]} stays ({cite('10.0')})")
    elif v == "lead-hold":
        lines.append(f"{a.args[0]} ignores the retreat with the Leadership marker ({cite('14.1')})")
    elif v == "lead-reroll":
        lines.append(f"re-roll with the Leadership marker ({cite('14.1')})")
    elif v == "attach":
        lines.append(f"{a.args[0]} is temporarily attached to formation {st.active} ({cite('14.1')})")
    elif v == "recover":
        moved.add(a.args[0])
        lines.append(f"Unit Recovery: {a.args[0]} returns in {a.args[1]} with 2 Hits ({cite('14.1')})")
    elif v == "interdict":
        lines.append(f"Interdiction marker on {a.args[0]} ({cite('14.2')})")
    elif v == "done" and st.step == "activation" and st.battle is None:
        lines.append(f"formation {st.active} ends its activation ({cite('7.2')})")
    st.apply(a)
    return lines + _after(st, before, turn, moved)


def _after(st: KoenigState, before: dict[str, tuple], turn: int, moved: set[str],
           skip_hits: set[str] | None = None) -> list[str]:
    """What changed to the units besides the action's own move: Hits, eliminations, retreats (9.2, 11.0,
    11.1); then a new turn or the end of the game."""
    lab = st.map.label
    out: list[str] = []
    for uid, (status, h, hits) in before.items():
        u = st.units[uid]
        if uid in (skip_hits or set()):
            continue
        if u.hits > hits:
            n = u.hits
            out.append(f"{uid} takes a Hit: {n} Hit{'s' if n > 1 else ''} ({cite('9.2')})" if n < 3 else
                       f"{uid} takes a third Hit and is eliminated ({cite('9.2')})")
        elif u.status == ELIMINATED and status != ELIMINATED:
            out.append(f"{uid} is eliminated ({cite('11.0')})")
        if uid in moved:
            continue
        if u.status == RETREATED_OFF and status != RETREATED_OFF:
            out.append(f"{uid} retreats off the map: it is not eliminated ({cite('11.1')})")
        elif u.status == ON_MAP and status == ON_MAP and u.hex != h and u.hex is not None:
            out.append(f"{uid} retreats to {lab(u.hex)} ({cite('11.0')})")
    if st.is_terminal():
        out.append(f"Game over: {st.outcome()}")
    elif st.turn != turn:
        out.append(_turn_line(st))
    return out


def _ko(state: GameState) -> KoenigState:
    if not isinstance(state, KoenigState):
        raise TypeError(f"a Koenig presenter reads Koenig states, not {type(state).__name__}")
    return state


__all__ = ["KoenigPresenter", "PHASES"]
