"""Free deployment, Arnhem exclusive rules 12.0 (Scenario 2, 000_e5c3deafb2cea4af.txt).

Each player secretly records the set-up of his units (and the Allied drop zone markers) in the hexes
the scenario's set-up zones allow (game.setup_hexes) and his units' class may stand in; then both
place what they recorded at the same time. A drop zone marker on a German unit moves to an adjacent
eligible hex, or a hex two away with +1 on the Airborne Drop Table (landings.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...hexgrid import Hex, hex_distance
from ..kit import Ask, Task
from ..protocol import Action
from .actions import Pass, Setup, ShiftDropZone
from .board import FMBoard, FMStep
from .decisions import DropZoneShift, SetupChoice
from .game import cite, rule_ref


@dataclass(frozen=True)
class SetupBegin(Task):
    """Ask each side (German first) for its secret set-up, then reveal both."""

    def run(self, state: FMBoard) -> None:
        g = state.game
        for side in (g.german, g.allied):
            ids = tuple(u for u in g.setup_hexes if (u in g.units and g.units[u].side == side)
                        or (u in g.scenario.markers and (g.scenario.markers[u].side or g.allied) == side))
            if ids:
                state.queue.append(Ask(SetupChoice(side, ids)))
        state.queue.append(SetupReveal())


class SetupStep(FMStep[SetupChoice]):
    decision = SetupChoice
    rule = rule_ref("12.0")
    name = "record a set-up hex secretly"

    def legal(self, state: FMBoard, d: SetupChoice) -> list[Action]:
        g = state.game
        uid = d.remaining[0]
        taken = set(state.secret.get(d.player, {}).values())
        is_unit = uid in g.units
        out: list[Action] = []
        for h in g.setup_hexes.get(uid, []):
            if h in taken or (is_unit and not g.may_stand(uid, h)):
                continue
            out.append(Setup(uid, g.label(h)))
        return sorted(out, key=lambda a: a.text()) or [Pass()]

    def apply(self, state: FMBoard, d: SetupChoice, action: Action) -> None:
        if isinstance(action, Setup):
            h = state.game.hex(action.hex)
            assert h is not None
            state.secret.setdefault(d.player, {})[action.unit] = h
        else:  # no hex of the zones is left for this unit: it stays off the map
            state.note(f"{d.remaining[0]} has no eligible set-up hex {cite('12.0')}")
        rest = d.remaining[1:]
        if rest:
            state.ask(SetupChoice(d.player, rest))


@dataclass(frozen=True)
class SetupReveal(Task):
    """Both players place what they recorded at the same time; drop zones on German units move."""

    def run(self, state: FMBoard) -> None:
        g = state.game
        for _side, placed in state.secret.items():
            for uid, h in placed.items():
                if uid in g.units:
                    state.place(uid, h)
                else:
                    state.position.set_marker(uid, h)
        state.note("both players reveal their set-ups: " + ", ".join(
            f"{u} {g.label(h)}" for side in state.secret for u, h in state.secret[side].items()) + f" {cite('12.0')}")
        german = {h for u, h in state.position.hexes.items() if g.units[u].side == g.german}
        for mid, h in sorted(state.drop_zones().items()):
            if h in german:
                state.queue.append(Ask(DropZoneShift(g.allied, mid)))


def drop_zone_targets(state: FMBoard, mid: str) -> tuple[list[Hex], int]:
    """The eligible hexes a drop zone marker moves to off a German unit, and the DRM it then carries."""
    g = state.game
    h = state.drop_zone(mid)
    assert h is not None
    german = {x for u, x in state.position.hexes.items() if g.units[u].side == g.german}
    ok = set(g.setup_hexes.get(mid, g.map.hexes))
    for dist, drm in ((1, 0), (2, 1)):
        cands = sorted(x for x in g.map.hexes if hex_distance(x, h) == dist and x in ok and x not in german)
        if cands:
            return cands, drm
    return [], 0


class DropZoneShiftStep(FMStep[DropZoneShift]):
    decision = DropZoneShift
    rule = rule_ref("12.0")
    name = "move a drop zone marker off a German unit"

    def legal(self, state: FMBoard, d: DropZoneShift) -> list[Action]:
        cands, _ = drop_zone_targets(state, d.marker)
        return [ShiftDropZone(d.marker, state.game.label(h)) for h in cands] or [Pass()]

    def apply(self, state: FMBoard, d: DropZoneShift, action: Action) -> None:
        if isinstance(action, ShiftDropZone):
            _, drm = drop_zone_targets(state, d.marker)
            state.position.set_marker(d.marker, state.game.hex(action.hex))
            if drm:
                state.dz_extra_drm[d.marker] = drm
                state.note(f"drop zone {d.marker} moves two hexes: +1 DRM on the Airborne Drop Table {cite('12.0')}")


STEPS = (SetupStep(), DropZoneShiftStep())
