"""F&M words a player reads that the action notation writes for the machine (000_e5c3deafb2cea4af.txt):
support fire marker pools as counts by nationality and value (7.0, 7.2: "British +3 x3, US +2 x2"), pool
names as printed ("British", "US"), a marker drawn ("draw British +3") and a draw split (10.7), and the
batch answer "land all" of the Airborne Landing Procedure (11.4), which places every arriving airborne
unit in turn, each with its own roll on the Airborne Drop Table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from fractions import Fraction

from ...hexgrid import hex_distance
from ..protocol import Action, Draw
from .actions import Advance, Attack, Bombard, Commit, Deplete, DrawSplit, Enter, Land, MarkerId, Move, Retreat, Stiff
from .board import FMBoard
from .decisions import LandingChoice
from .landings import drop_row
from .tables import die_range

LAND_ALL = "land-all"


def pool_name(pool: str) -> str:
    """A pool or nationality as printed: "us" -> "US", "british" -> "British", "waffen_ss" -> "Waffen SS"."""
    return {"us": "US", "uk": "UK", "ss": "SS"}.get(pool.lower(), pool.replace("_", " ").title())


def marker_text(m: MarkerId) -> str:
    """One marker, nationality first: "British +3", "US +6 airpower"."""
    nat = pool_name(m.nationality) if m.nationality else ""
    out = f"{nat} +{m.value}" if nat else f"+{m.value}"
    return out + (f" {m.kind}" if m.kind and m.kind != "artillery" else "")


def pool_counts(markers: Iterable[MarkerId]) -> str:
    """Markers as readable counts, by nationality then value, highest first: "British +3 x3, US +2 x2"
    (a single marker without "x1")."""
    counts = Counter(markers)
    order = sorted(counts, key=lambda m: (pool_name(m.nationality), m.kind != "artillery", m.kind, -m.value))
    return ", ".join(marker_text(m) + (f" x{counts[m]}" if counts[m] > 1 else "") for m in order)


def split_text(a: DrawSplit) -> str:
    """10.7: "3 from the British pool and 3 from the US pool"."""
    return " and ".join(f"{n} from the {pool_name(pool)} pool" for pool, n in a.counts)


def action_text(a: Action) -> str:
    """An action as a player reads it in the game's log; the notation for what needs no other words."""
    if isinstance(a, Draw):
        try:
            return f"draw {marker_text(MarkerId.parse(a.item))}"
        except ValueError:
            return a.text()
    if isinstance(a, DrawSplit):
        return f"draw {split_text(a)}"
    if isinstance(a, Commit):  # 8.2.1 b: the other player sees "sfm (face down)" (public_text)
        if a.marker is None:
            return "commit no support fire marker"
        return f"commit a {_marker_words(a.marker)} support fire marker face down"
    if isinstance(a, Bombard):  # 8.1
        return f"bombard {a.target} with {', '.join(_marker_words(m) for m in a.markers)}"
    if isinstance(a, Move):  # 5.1: the path stays the action's text (and the log's next line, the MP)
        return f"move {a.unit} to {a.path[-1]}" if a.path else a.text()
    if isinstance(a, Land):  # 11.4
        return f"land {a.unit} in {a.hex}"
    if isinstance(a, Enter):  # 11.1
        return f"{a.unit} enters at {a.hex}"
    if isinstance(a, Attack):  # 8.2
        return f"attack {a.target} from {', '.join(a.attackers)}"
    if isinstance(a, Retreat):  # 8.3
        return f"retreat {a.unit} to {a.path[-1]}" if len(a.path) > 1 else f"{a.unit} cannot retreat"
    if isinstance(a, Advance):  # 8.5
        return f"{a.unit} advances to {a.path[-1]}" if a.path else a.text()
    if isinstance(a, Stiff):  # 8.4
        return f"stiff resistance: {a.unit} is depleted instead of retreating"
    if isinstance(a, Deplete):  # 8.2.4
        return f"{a.unit} takes the step loss"
    return a.text()


def _marker_words(marker: str) -> str:
    try:
        return marker_text(MarkerId.parse(marker))
    except ValueError:
        return marker


# -- 11.4: land all -------------------------------------------------------------------------------------


def landing_drm(state: FMBoard, uid: str, label: str) -> int:
    """11.4 and 12.0: the DRMs the landing of `uid` in `label` would have (landings.LandingStep.apply)."""
    g = state.game
    h = g.hex(label)
    assert h is not None
    drm = 1 if g.units[uid].has("glider") or g.units[uid].unit_type == "glider" else 0
    if any(g.units[u].side != g.units[uid].side and hex_distance(x, h) == 1 for u, x in state.position.hexes.items()):
        drm += 1
    arr = state.arrival(uid)
    return drm + (state.drop_zone_drm(arr.marker or "") if arr is not None else 0)


def landing_risk(state: FMBoard, uid: str, label: str) -> tuple[Fraction, Fraction]:
    """The exact chances (eliminated, depleted or eliminated) of landing `uid` in `label`: the hex's line of
    the Airborne Drop Table with the DRMs, 1d6 (11.4)."""
    g = state.game
    h = g.hex(label)
    assert h is not None
    row = drop_row(state, h)
    if row is None:
        return Fraction(1), Fraction(1)
    t = g.table("airborne_drop")
    cells = t.rows[row]
    top = max((max(die_range(c)) for c in cells if die_range(c)), default=6)
    drm = landing_drm(state, uid, label)
    elim = bad = 0
    for die in range(1, 7):
        roll = min(die + drm, top)
        col = next((i for i, c in enumerate(cells) if roll in die_range(c)), 0)
        if col > 0:
            bad += 1
            if t.columns[col].lower().startswith("elim"):
                elim += 1
    return Fraction(elim, 6), Fraction(bad, 6)


def land_all_action(state: FMBoard) -> Land | None:
    """The landing "land all" makes for the unit now to land (11.4: the owner places each arriving airborne
    unit in any hex within three hexes of its drop zone marker): the legal hex with the least chance of
    elimination, then of any loss, then the nearest to the marker, then the lowest label. None when the
    decision is not a landing."""
    d = state.pending_decision()
    if not isinstance(d, LandingChoice):
        return None
    lands = [a for a in state.legal_actions() if isinstance(a, Land)]
    if not lands:
        return None
    g = state.game
    arr = state.arrival(d.unit)
    centre = state.drop_zone(arr.marker or "") if arr is not None else None

    def key(a: Land) -> tuple:
        elim, bad = landing_risk(state, a.unit, a.hex)
        h = g.hex(a.hex)
        dist = hex_distance(centre, h) if centre is not None and h is not None else 0
        return elim, bad, dist, a.hex

    return min(lands, key=key)


__all__ = ["LAND_ALL", "action_text", "land_all_action", "landing_drm", "landing_risk", "marker_text",
           "pool_counts", "pool_name", "split_text"]
