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

Each action class names its verb and reads its words back (`read`); `parse_action` is the rules kit's
`ActionReader` over them (kit/actions.py). A unit id is every word before the last where an action
names a unit and a hex or path (unit ids may hold spaces).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..kit.actions import ActionReader, OfUnit, Word
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
        if self.kind == UNKNOWN_KIND:
            return "a marker not revealed yet"
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

    @property
    def unknown(self) -> bool:
        """A marker the other side drew in secret and has not revealed (UNKNOWN)."""
        return self.kind == UNKNOWN_KIND


def _unit_and_last(verb: str, words: list[str]) -> tuple[str, str]:
    """A unit (every word but the last) and a hex or path (the last word)."""
    if len(words) < 2:
        raise ValueError(f"'{verb}' needs a unit and a hex or path: {verb} UNIT HEX")
    return " ".join(words[:-1]), words[-1]


def _hexside(verb: str, words: list[str]) -> str:
    rest = " ".join(words)
    if "/" not in rest:
        raise ValueError(f"'{verb}' needs a hexside such as 1422/1423")
    return rest



UNKNOWN_KIND = "unknown"
# a marker the other side drew in secret (F&M 7.2), as a machine that may not see it holds it in a play-by-e-mail
# game: it may stand for any of the side's markers until the side reveals it (FMState.fit_stand_ins)
UNKNOWN = MarkerId(0, "", UNKNOWN_KIND)

@dataclass(frozen=True)
class Pass(Word):
    """The end of the current step of the sequence of play."""

    verb: ClassVar[str] = "pass"


@dataclass(frozen=True)
class _UnitHex(Action):
    """A unit and the hex it goes to (`verb UNIT HEX`)."""

    unit: str
    hex: str

    def text(self) -> str:
        return f"{self.verb} {self.unit} {self.hex}"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        return cls(*_unit_and_last(cls.verb, words))


@dataclass(frozen=True)
class Setup(_UnitHex):
    """Free deployment (12.0), secret until both sides are done."""

    verb: ClassVar[str] = "setup"

    def public_text(self) -> str:
        return f"setup {self.unit} (recorded secretly, Arnhem: The Farthest Bridge 12.0)"


@dataclass(frozen=True)
class ShiftDropZone(Action):
    """A drop zone marker moved off a German unit (12.0)."""

    verb: ClassVar[str] = "shift-dz"
    marker: str
    hex: str

    def text(self) -> str:
        return f"shift-dz {self.marker} {self.hex}"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        return cls(*_unit_and_last(cls.verb, words))


@dataclass(frozen=True)
class DrawSplit(Action):
    """How many markers to draw from each Allied pool (10.7): `draw-split british 5, us 3`."""

    verb: ClassVar[str] = "draw-split"
    counts: tuple[tuple[str, int], ...]

    def text(self) -> str:
        return "draw-split " + ", ".join(f"{p} {n}" for p, n in self.counts)

    @classmethod
    def read(cls, words: list[str]) -> Action:
        counts = []
        for part in " ".join(words).split(","):
            name, _, n = part.strip().rpartition(" ")
            counts.append((name, int(n)))
        return cls(tuple(counts))


@dataclass(frozen=True)
class Land(_UnitHex):
    """An arriving airborne unit placed (11.4)."""

    verb: ClassVar[str] = "land"


@dataclass(frozen=True)
class _OfHexside(Action):
    hexside: str

    def text(self) -> str:
        return f"{self.verb} {self.hexside}"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        return cls(_hexside(cls.verb, words))


@dataclass(frozen=True)
class Repair(_OfHexside):
    """An engineer's bridge repair (10.6.4)."""

    verb: ClassVar[str] = "repair"


@dataclass(frozen=True)
class Ferry(_OfHexside):
    """An engineer's ferry (10.6.5)."""

    verb: ClassVar[str] = "ferry"


@dataclass(frozen=True)
class Enter(_UnitHex):
    """A reinforcement enters (11.1)."""

    verb: ClassVar[str] = "enter"


def _unit_path(cls: type[Move | Retreat | Advance], words: list[str]) -> Action:
    unit, path = _unit_and_last(cls.verb, words)
    return cls(unit, tuple(path.split("-")))


@dataclass(frozen=True)
class Move(Action):
    """A unit's move along `path` (labels, the hex it is in first). The legal list's moves name their
    path lazily (movement.reach_moves): spelled out from the unit's reach the first time it is read, so
    a random or searching bot that takes one of hundreds of moves spells out only that one; equality,
    hashing, copying and pickling read it like any field."""

    verb: ClassVar[str] = "move"
    unit: str
    path: tuple[str, ...]

    def text(self) -> str:
        return f"move {self.unit} {'-'.join(self.path)}"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        return _unit_path(cls, words)

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
class _Unit(OfUnit):
    """An action of one unit, whose id may hold spaces (every word after the verb)."""

    @classmethod
    def read(cls, words: list[str]) -> Action:
        if not words:
            raise ValueError(f"'{cls.verb}' needs a unit")
        return cls(" ".join(words))


@dataclass(frozen=True)
class Halt(_Unit):
    """A move interrupted by a demolition attempt ends here (10.6.3)."""

    verb: ClassVar[str] = "halt"


@dataclass(frozen=True)
class Demolish(_OfHexside):
    """A demolition attempt (10.6.3)."""

    verb: ClassVar[str] = "demolish"


@dataclass(frozen=True)
class Bombard(Action):
    """A bombardment (8.1): `bombard 3623 +3:british,+6:british`."""

    verb: ClassVar[str] = "bombard"
    target: str
    markers: tuple[str, ...]

    def text(self) -> str:
        return f"bombard {self.target} {','.join(self.markers)}"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        target, _, markers = " ".join(words).partition(" ")
        if not markers:
            raise ValueError("'bombard' needs a target hex and one or two markers: bombard 3623 +3:british")
        return cls(target, tuple(m.strip() for m in markers.split(",")))


@dataclass(frozen=True)
class Attack(Action):
    """A ground combat (8.2): `attack 3722,3724 -> 3623`."""

    verb: ClassVar[str] = "attack"
    attackers: tuple[str, ...]  # hex labels of the attacking units
    target: str

    def text(self) -> str:
        return f"attack {','.join(self.attackers)} -> {self.target}"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        left, arrow, target = " ".join(words).partition("->")
        if not arrow:
            raise ValueError("'attack' is written: attack 3722,3724 -> 3623")
        return cls(tuple(h.strip() for h in left.split(",") if h.strip()), target.strip())


@dataclass(frozen=True)
class Commit(Action):
    """A support fire marker committed, or none (8.2.1 b): `sfm +3:us`, `sfm none`."""

    verb: ClassVar[str] = "sfm"
    marker: str | None  # None: no marker at this step

    def text(self) -> str:
        return f"sfm {self.marker or 'none'}"

    def public_text(self) -> str:
        return "sfm none" if self.marker is None else "sfm (face down)"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        rest = " ".join(words)
        return cls(None if rest in ("none", "") else rest)


@dataclass(frozen=True)
class Deplete(_Unit):
    """The unit taking the step loss (8.2.4 Ex, (A))."""

    verb: ClassVar[str] = "deplete"


@dataclass(frozen=True)
class Retreat(Action):
    """A retreat path (8.3); a path of one hex: the unit cannot retreat."""

    verb: ClassVar[str] = "retreat"
    unit: str
    path: tuple[str, ...]

    def text(self) -> str:
        return f"retreat {self.unit} {'-'.join(self.path)}"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        return _unit_path(cls, words)


@dataclass(frozen=True)
class Stiff(_Unit):
    """Stiff resistance (8.4)."""

    verb: ClassVar[str] = "stiff"


@dataclass(frozen=True)
class Displace(Action):
    """A displacement of one hex (8.3.1)."""

    verb: ClassVar[str] = "displace"
    unit: str
    path: tuple[str, str]

    def text(self) -> str:
        return f"displace {self.unit} {'-'.join(self.path)}"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        unit, path = _unit_and_last(cls.verb, words)
        hexes = path.split("-")
        if len(hexes) != 2:
            raise ValueError("'displace' moves a unit one hex: displace UNIT FROM-TO")
        return cls(unit, (hexes[0], hexes[1]))


@dataclass(frozen=True)
class Advance(Action):
    """An advance after combat (8.5)."""

    verb: ClassVar[str] = "advance"
    unit: str
    path: tuple[str, ...]

    def text(self) -> str:
        return f"advance {self.unit} {'-'.join(self.path)}"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        return _unit_path(cls, words)


parse_action = ActionReader("F&M", [
    Pass, Roll, Draw, Halt, Deplete, Stiff, Repair, Ferry, Demolish, Commit, DrawSplit, Bombard, Attack, Setup,
    ShiftDropZone, Land, Enter, Move, Retreat, Advance, Displace,
])
"""Read an action's text notation (see the module docstring); ValueError if it is not one."""
