"""F&M actions and their text notation (000_e5c3deafb2cea4af.txt).

Hexes are written as printed labels, paths as labels joined by '-' starting with the hex the unit is
in, hexsides as 'aaaa/bbbb', support fire markers as '+value:nationality[:kind]':

    pass                                   end the current step of the sequence of play
    setup 2/406 2025                       free deployment (12.0), secret until both sides are done
    shift-dz 82nd 2324                     move a drop zone marker off a German unit (12.0)
    draw-split british 5, us 3             how many markers to draw from each Allied pool (10.7)
    land 1/501 1008                        place an arriving airborne unit (11.4)
    repair 1422/1423 | ferry 0507/0606     engineer operations (10.6.4, 10.6.5)
    enter 1CG 0104                         a reinforcement enters (11.1)
    move 2/406 2025-2125-2226              movement (5.x)
    halt 2/406                             end a move interrupted by a demolition attempt (10.6.3)
    demolish 1422/1423                     attempt a demolition (10.6.3)
    bombard 3623 +3:british,+6:british     bombardment (8.1)
    attack 3722,3724 -> 3623               ground combat (8.2)
    sfm +3:us | sfm none                   support fire marker commitment (8.2.1 b)
    deplete 2/406                          which unit takes the step loss (8.2.4 Ex, (A))
    retreat 2/406 2025-2026-2027           retreat path (8.3); a path of one hex: cannot retreat
    stiff 2/406                            stiff resistance (8.4)
    displace 1/406 2026-2027               displacement (8.3.1)
    advance 2/9SS 3724-3623-3622           advance after combat (8.5)
    roll 4 | draw +3:us                    chance outcomes
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..protocol import Action, Draw, Roll


@dataclass(frozen=True)
class MarkerId:
    """One kind of support fire marker (7.0): its value, nationality and kind (artillery, airpower ...),
    written '+value:nationality[:kind]'."""

    value: int
    nationality: str = ""
    kind: str = "artillery"

    def token(self) -> str:
        out = f"+{self.value}"
        if self.nationality:
            out += f":{self.nationality}"
        if self.kind and self.kind != "artillery":
            out += f":{self.kind}" if self.nationality else f"::{self.kind}"
        return out

    def label(self) -> str:
        """The marker as a player reads it: "+3 US", "+4 German", "+2 British airpower"."""
        nat = {"us": "US", "uk": "UK"}.get(self.nationality, self.nationality.replace("_", " ").title())
        out = f"+{self.value} {nat}" if nat else f"+{self.value}"
        return out + (f" {self.kind}" if self.kind and self.kind != "artillery" else "")

    @classmethod
    def parse(cls, token: str) -> MarkerId:
        parts = token.strip().split(":")
        try:
            value = int(parts[0].lstrip("+"))
        except ValueError as exc:
            raise ValueError(f"{token!r} is not a support fire marker such as +3:us") from exc
        nat = parts[1] if len(parts) > 1 else ""
        kind = parts[2] if len(parts) > 2 and parts[2] else "artillery"
        return cls(value, nat, kind)

    @property
    def airpower(self) -> bool:
        return self.kind in ("airpower", "air", "aircraft")


@dataclass(frozen=True)
class Pass(Action):
    def text(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Setup(Action):
    unit: str
    hex: str

    def text(self) -> str:
        return f"setup {self.unit} {self.hex}"

    def public_text(self) -> str:
        return f"setup {self.unit} (recorded secretly, Arnhem: The Farthest Bridge 12.0)"


@dataclass(frozen=True)
class ShiftDropZone(Action):
    marker: str
    hex: str

    def text(self) -> str:
        return f"shift-dz {self.marker} {self.hex}"


@dataclass(frozen=True)
class DrawSplit(Action):
    counts: tuple[tuple[str, int], ...]

    def text(self) -> str:
        return "draw-split " + ", ".join(f"{p} {n}" for p, n in self.counts)


@dataclass(frozen=True)
class Land(Action):
    unit: str
    hex: str

    def text(self) -> str:
        return f"land {self.unit} {self.hex}"


@dataclass(frozen=True)
class Repair(Action):
    hexside: str

    def text(self) -> str:
        return f"repair {self.hexside}"


@dataclass(frozen=True)
class Ferry(Action):
    hexside: str

    def text(self) -> str:
        return f"ferry {self.hexside}"


@dataclass(frozen=True)
class Enter(Action):
    unit: str
    hex: str

    def text(self) -> str:
        return f"enter {self.unit} {self.hex}"


@dataclass(frozen=True)
class Move(Action):
    """A unit's move along `path` (labels, the hex it is in first). The legal list's moves name their
    path lazily (movement.reach_moves): spelled out from the unit's reach the first time it is read, so
    a random or searching bot that takes one of hundreds of moves spells out only that one; equality,
    hashing, copying and pickling read it like any field."""

    unit: str
    path: tuple[str, ...]

    def text(self) -> str:
        return f"move {self.unit} {'-'.join(self.path)}"

    def __getattr__(self, name: str) -> Any:
        # only called for an attribute not set: the path of a move listed with its route (reach_moves)
        if name == "path":
            d = self.__dict__
            route = d.get("_route")
            if route is not None:  # (how, reach, labels, known paths) and the hex: movement.route_labels
                path = d["path"] = route[0](route, d.pop("_to"))
                del d["_route"]
                return path
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self) -> dict[str, Any]:
        return {"unit": self.unit, "path": self.path}


@dataclass(frozen=True)
class Halt(Action):
    unit: str

    def text(self) -> str:
        return f"halt {self.unit}"


@dataclass(frozen=True)
class Demolish(Action):
    hexside: str

    def text(self) -> str:
        return f"demolish {self.hexside}"


@dataclass(frozen=True)
class Bombard(Action):
    target: str
    markers: tuple[str, ...]

    def text(self) -> str:
        return f"bombard {self.target} {','.join(self.markers)}"


@dataclass(frozen=True)
class Attack(Action):
    attackers: tuple[str, ...]  # hex labels of the attacking units
    target: str

    def text(self) -> str:
        return f"attack {','.join(self.attackers)} -> {self.target}"


@dataclass(frozen=True)
class Commit(Action):
    marker: str | None  # None: no marker at this step

    def text(self) -> str:
        return f"sfm {self.marker or 'none'}"

    def public_text(self) -> str:
        return "sfm none" if self.marker is None else "sfm (face down)"


@dataclass(frozen=True)
class Deplete(Action):
    unit: str

    def text(self) -> str:
        return f"deplete {self.unit}"


@dataclass(frozen=True)
class Retreat(Action):
    unit: str
    path: tuple[str, ...]

    def text(self) -> str:
        return f"retreat {self.unit} {'-'.join(self.path)}"


@dataclass(frozen=True)
class Stiff(Action):
    unit: str

    def text(self) -> str:
        return f"stiff {self.unit}"


@dataclass(frozen=True)
class Displace(Action):
    unit: str
    path: tuple[str, str]

    def text(self) -> str:
        return f"displace {self.unit} {'-'.join(self.path)}"


@dataclass(frozen=True)
class Advance(Action):
    unit: str
    path: tuple[str, ...]

    def text(self) -> str:
        return f"advance {self.unit} {'-'.join(self.path)}"


_UNIT_PATH = re.compile(r"^(\S+)\s+(.+?)\s+(\S+)$")


def _unit_and_last(rest: str, verb: str) -> tuple[str, str]:
    rest = rest.strip()
    if " " not in rest:
        raise ValueError(f"'{verb}' needs a unit and a hex or path: {verb} UNIT HEX")
    unit, last = rest.rsplit(" ", 1)
    return unit.strip(), last.strip()


def parse_action(text: str) -> Action:
    """Read an action's text notation (see the module docstring); ValueError if it is not one."""
    t = " ".join(text.strip().split())
    if not t:
        raise ValueError("empty action")
    verb, _, rest = t.partition(" ")
    verb = verb.lower()
    if verb == "pass" and not rest:
        return Pass()
    if verb == "roll":
        return Roll(int(rest))
    if verb == "draw":
        return Draw(rest)
    if verb in ("halt", "deplete", "stiff"):
        if not rest:
            raise ValueError(f"'{verb}' needs a unit")
        one: dict[str, type[Halt | Deplete | Stiff]] = {"halt": Halt, "deplete": Deplete, "stiff": Stiff}
        return one[verb](rest)
    if verb in ("repair", "ferry", "demolish"):
        if "/" not in rest:
            raise ValueError(f"'{verb}' needs a hexside such as 1422/1423")
        side: dict[str, type[Repair | Ferry | Demolish]] = {"repair": Repair, "ferry": Ferry, "demolish": Demolish}
        return side[verb](rest)
    if verb == "sfm":
        return Commit(None if rest in ("none", "") else rest)
    if verb == "draw-split":
        counts = []
        for part in rest.split(","):
            name, _, n = part.strip().rpartition(" ")
            counts.append((name, int(n)))
        return DrawSplit(tuple(counts))
    if verb == "bombard":
        target, _, markers = rest.partition(" ")
        if not markers:
            raise ValueError("'bombard' needs a target hex and one or two markers: bombard 3623 +3:british")
        return Bombard(target, tuple(m.strip() for m in markers.split(",")))
    if verb == "attack":
        left, arrow, target = rest.partition("->")
        if not arrow:
            raise ValueError("'attack' is written: attack 3722,3724 -> 3623")
        return Attack(tuple(h.strip() for h in left.split(",") if h.strip()), target.strip())
    if verb in ("setup", "shift-dz", "land", "enter"):
        unit, hex_ = _unit_and_last(rest, verb)
        placing: dict[str, type[Setup | ShiftDropZone | Land | Enter]] = {
            "setup": Setup, "shift-dz": ShiftDropZone, "land": Land, "enter": Enter}
        return placing[verb](unit, hex_)
    if verb in ("move", "retreat", "advance", "displace"):
        unit, path = _unit_and_last(rest, verb)
        hexes = tuple(path.split("-"))
        if verb == "displace":
            if len(hexes) != 2:
                raise ValueError("'displace' moves a unit one hex: displace UNIT FROM-TO")
            return Displace(unit, (hexes[0], hexes[1]))
        moving: dict[str, type[Move | Retreat | Advance]] = {"move": Move, "retreat": Retreat, "advance": Advance}
        return moving[verb](unit, hexes)
    raise ValueError(f"unknown action {verb!r}")
