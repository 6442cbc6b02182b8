"""The 9th SS Recon's entry over the bridge (Storm over Arnhem: The Crossing, 003_6afad32bba8815b2.txt
3.41-3.47).

* 3.42: all six units are placed on the bridge on the border of areas 4 and 5 (1 MF to enter + 1 for the
  ramp, 3.46). Uncommitted British units in areas 4 and 5 that wish to fire do so as one combined group (any
  size), never AT units; casualty points are expended by elimination only (up to 4 a unit); the firers are
  committed.
* 3.43: survivors advance to the border of areas 18 and 17 (3 MF); uncommitted British units there fire as a
  combined group, and their uncommitted AT units as a separate attack; the points are expended, by
  elimination only, after both attacks.
* 3.44: each survivor enters area 18 or 17 (it stops there if British units are in it; if not it moves on,
  having spent 3 MF, paying the area's normal cost), or goes on to the border of areas 22 and 23 (4 MF), where
  the British there fire as in 3.43, except that the Germans may expend casualty points by retreating.
* 3.45: survivors on the 22/23 border enter area 22, 23 or 28, stopping where British units are, else moving
  on having spent 4 MF.
* 3.46: no unit ends the impulse on a border; all surviving 9th SS Recon units are committed at its end and
  the British have the next impulse.
* 3.47: no artillery at units on the ramp (this family has no artillery: the basic game's artillery rules are
  not in the source).

Readings: the combined group's terrain modifier is that of the firers' area more favourable to the Germans
(3.42: "as if they were occupants of their own area"); a retreat from the 22/23 border is back to area 17 or
18 if free of British units.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..kit import Task
from ..protocol import Action
from .actions import Hold, Move, Onward, Resolve, With
from .board import BRITISH, GERMAN, ON_BRIDGE, Bridge, Combat, SoABoard, Volley, cite
from .decisions import BorderFire, LeaveBridge
from .fire import make_volley, queue_volleys
from .game import BRIDGE_BORDERS, BRIDGE_EXITS
from .movement import case_b, reach, terrain_cost
from .step import SoAStep

POOL = "bridge"
BORDER_MF = (2, 3, 4)  # MF spent on reaching each border (3.44, 3.45, 3.46)


def border_name(i: int) -> str:
    a, b = BRIDGE_BORDERS[i]
    return f"the bridge border of areas {a} and {b}"


@dataclass(frozen=True)
class ReconEnters(Task):
    """3.41, 3.42: the whole 9th SS Recon enters on the 4/5 border."""

    by_passes: bool = False

    def run(self, state: SoABoard) -> None:
        state.recon_entered = True
        state.passes = 0
        units = [u for u in state.unit_ids() if state.is_recon(u) and state.status(u) == "waiting"]
        for u in units:
            state.position.set_status(u, ON_BRIDGE)
        state.bridge = Bridge(0, BORDER_MF[0], by_passes=self.by_passes)
        state.impulse_side = GERMAN
        state.note(f"the 9th SS Recon ({', '.join(units)}) enters at {border_name(0)} (2 MF) {cite('3.42')}")
        state.queue[0:0] = [AskBorderFire(), AfterBorder()]


def border_firers(state: SoABoard, at: bool) -> list[str]:
    b = state.bridge
    if b is None:
        return []
    out = []
    for area in BRIDGE_BORDERS[b.border]:
        for u in state.fighting(area, BRITISH):
            if state.uncommitted(u) and state.attack(u) > 0 and state.is_at(u) == at:
                out.append(u)
    return out


@dataclass(frozen=True)
class AskBorderFire(Task):
    at: bool = False

    def run(self, state: SoABoard) -> None:
        b = state.bridge
        if b is None or not state.bridge_units():
            return
        if state.combat is None:
            state.combat = Combat(BRITISH)
        state.ask(BorderFire(BRITISH, BRIDGE_BORDERS[b.border], self.at))


def border_rule(border: int, at: bool) -> str:
    return "Storm over Arnhem 3.42" if border == 0 else ("Storm over Arnhem 3.44" if border == 2 else
                                                         "Storm over Arnhem 3.43")


class BorderFireStep(SoAStep[BorderFire]):
    decision = BorderFire
    rule = "Storm over Arnhem 3.42"
    name = "add a British unit to the combined group firing at the bridge border, fire, or hold fire"
    stage = "9th SS Recon entry"
    why = {"with": f"only uncommitted British units of the two areas beside the border fire, no AT units at the "
                   f"4/5 border and AT units only as their own attack at the others {cite('3.42')}"}

    def legal(self, state: SoABoard, d: BorderFire) -> list[Action]:
        c = state.combat
        group = c.group if c else ()
        out: list[Action] = [Resolve()] if group else [Hold()]
        b = state.bridge
        if b is not None and (not d.at or b.border > 0):
            out += [With(u) for u in border_firers(state, d.at) if u not in group]
        return out

    def apply(self, state: SoABoard, d: BorderFire, action: Action) -> None:
        c = state.combat
        b = state.bridge
        assert c is not None and b is not None
        if isinstance(action, With):
            c.group = (*c.group, action.unit)
            state.ask(BorderFire(d.player, d.areas, d.at))
            return
        if isinstance(action, Resolve):
            group = c.group
            c.group = ()
            state.commit(group)
            drm_area = min((a for a in d.areas if any(state.area_of(u) == a for u in group)),
                           key=lambda a: state.game.fire.drm_of(state.area(a).terrain))
            v = make_volley(state, BRITISH, group, tuple(state.bridge_units()), "", border_rule(b.border, d.at),
                            POOL, terrain_area=drm_area)
            if d.at:
                v = Volley(v.side, v.units, v.targets, v.area, v.drm, (*v.modifiers, "AT units' separate attack"),
                           v.rule, v.pool)
            c.volleys.append(v)
            c.targets[POOL] = tuple(state.bridge_units())
            c.retreat[POOL] = b.border == 2
            c.points.setdefault(POOL, 0)
        else:
            assert isinstance(action, Hold)
        if not d.at and b.border > 0:
            state.queue.insert(0, AskBorderFire(at=True))  # 3.43: the AT units' separate attack
            return
        if c.volleys:
            queue_volleys(state, [], retreat=b.border == 2)
        else:
            state.combat = None


@dataclass(frozen=True)
class AfterBorder(Task):
    """After the fire at a border: on to the next border, or off the bridge (3.43-3.46)."""

    def run(self, state: SoABoard) -> None:
        b = state.bridge
        if b is None:
            return
        survivors = state.bridge_units()
        if not survivors:
            state.queue.insert(0, ReconImpulseEnds())
            return
        if b.border == 0:
            b.border, b.spent = 1, BORDER_MF[1]
            state.note(f"the surviving 9th SS Recon units ({', '.join(survivors)}) advance to {border_name(1)} "
                       f"(3 MF) {cite('3.43')}")
            state.queue[0:0] = [AskBorderFire(), AfterBorder()]
            return
        state.queue[0:0] = [NextLeaver(b.border)]


@dataclass(frozen=True)
class NextLeaver(Task):
    border: int

    def run(self, state: SoABoard) -> None:
        b = state.bridge
        assert b is not None
        waiting = [u for u in state.bridge_units() if u not in b.onward]
        if waiting:
            state.ask(LeaveBridge(GERMAN, waiting[0], self.border))
            state.queue.insert(0, NextLeaver(self.border))
            return
        if b.onward and self.border == 1:
            b.border, b.spent, b.onward = 2, BORDER_MF[2], ()
            state.note(f"9th SS Recon units go on to {border_name(2)} (4 MF) {cite('3.44')}")
            state.queue[0:0] = [AskBorderFire(), AfterBorder()]
            return
        state.queue.insert(0, ReconImpulseEnds())


def exits(state: SoABoard, border: int) -> tuple[str, ...]:
    return BRIDGE_BORDERS[1] if border == 1 else BRIDGE_EXITS


def leave_options(state: SoABoard, uid: str, border: int) -> dict[str, tuple[int, tuple[str, ...]]]:
    """Where a unit leaving the bridge may end its move: the areas entered from the border (paying the MF spent
    on the bridge and the area's normal cost, 3.46), stopping there if British units are in it, else on."""
    b = state.bridge
    spent = b.spent if b is not None else BORDER_MF[border]
    starts = {}
    for a in exits(state, border):
        if a not in state.game.areas.areas:
            continue
        cost = terrain_cost(state, uid, a)
        if cost is None:
            continue
        starts[a] = spent + cost + (1 if case_b(state, a, GERMAN) else 0)
    mf = max([state.movement(uid), *starts.values()])
    got = reach(state, uid, starts, allowance=max(mf, state.movement(uid)))
    for a, c in starts.items():  # the first area is always open to it (3.45: "must enter")
        got.setdefault(a, (c, (a,)))
    return got


class LeaveBridgeStep(SoAStep[LeaveBridge]):
    decision = LeaveBridge
    rule = "Storm over Arnhem 3.44"
    name = "move the 9th SS Recon unit off the bridge, or on to the next border"
    stage = "9th SS Recon entry"
    why = {"move": f"off the 17/18 border into 17 or 18 (3 MF spent), off the 22/23 border into 22, 23 or 28 "
                   f"(4 MF spent), stopping where British units are {cite('3.44')} {cite('3.45')}",
           "onward": f"only from the 17/18 border {cite('3.44')}"}

    def legal(self, state: SoABoard, d: LeaveBridge) -> list[Action]:
        out: list[Action] = [Move(d.unit, a) for a in sorted(leave_options(state, d.unit, d.border))]
        if d.border == 1:
            out.append(Onward(d.unit))
        return out

    def apply(self, state: SoABoard, d: LeaveBridge, action: Action) -> None:
        b = state.bridge
        assert b is not None
        if isinstance(action, Onward):
            b.onward = (*b.onward, d.unit)
            return
        assert isinstance(action, Move)
        spent, path = leave_options(state, d.unit, d.border)[action.dest]
        state.put(action.unit, action.dest)
        state.note(f"{action.unit} leaves {border_name(d.border)} into area {path[0]}"
                   + (f" and moves on to area {action.dest} ({' > '.join(path)})" if len(path) > 1 else "")
                   + f", {spent} MF {cite('3.45' if d.border == 2 else '3.44')}")


@dataclass(frozen=True)
class ReconImpulseEnds(Task):
    """3.46: the surviving 9th SS Recon units are committed; the British have the next impulse."""

    def run(self, state: SoABoard) -> None:
        b = state.bridge
        by_passes = b.by_passes if b is not None else False
        state.bridge = None
        survivors = [u for u in state.unit_ids() if state.is_recon(u) and state.status(u) == "on map"]
        state.commit(survivors)
        state.note(f"the 9th SS Recon's impulse ends: {len(survivors)} unit(s) survive, committed {cite('3.46')}")
        state.after_recon(by_passes)


__all__ = ["AfterBorder", "BorderFireStep", "LeaveBridgeStep", "ReconEnters", "ReconImpulseEnds", "leave_options"]
