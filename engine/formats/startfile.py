"""The scenario file's `start:` section (Scenario.start, engine/model/scenario.py): what has already
happened when a game that starts mid-way begins.

    start:
      turn: 4                 # the turn track's number, or its label ("B")
      phase: german-movement  # one of the family's start phases (its registry entry's start_phases)
      steps_lost: {101-7: 1}
      hexsides: {'1422/1423': demolished}
      markers: {dz-x: '1010'}
      out_of_play: {g-12: eliminated}
      offboard: {ss-9: E}     # families with off-board areas (Target Arnhem)
      tactical_advantage: german   # the family's own fields (registry entry's start_fields)

Every entry is anchored to its line (("start", key) and ("start", part, key)) for the checks of
engine/validation/checks.py; a value of the wrong kind is reported at its line and left out. A key the
family does not declare is reported like any unknown key, with the keys it may have."""

from __future__ import annotations

from typing import Any

from ..model.bounds import MAX_STEPS, MAX_TURNS
from ..model.scenario import HEXSIDE_START_STATES, OUT_OF_PLAY_STATES, StartState
from ..rules.registry import RULES_FAMILIES, START_FIELD_KINDS, StartField
from ..validation.diagnostics import SourceMap, short
from .emit import flow, scalar
from .fields import Fields
from .yamlio import Numeral, YamlReader, YDict

# the keys every family's start state may have, in the order the file writes them
COMMON_START_KEYS = ("turn", "phase", "steps_lost", "hexsides", "markers", "out_of_play", "offboard")


def start_keys(rules: str) -> tuple[str, ...]:
    family = RULES_FAMILIES.get(rules)
    return COMMON_START_KEYS + (tuple(f.name for f in family.start_fields) if family is not None else ())


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _text(v: Any) -> str | None:
    """A scalar as text (hex labels, ids, area names written as numbers), None for a mapping or list."""
    if v is None or isinstance(v, (dict, list, bool)):
        return None
    return str(v)


def read_start(reader: YamlReader, top: Fields, rules: str, sm: SourceMap) -> StartState:
    """The `start:` section of a scenario of the family `rules`."""
    start = StartState()
    if "start" not in top.data:
        return start
    fname = reader.filename
    sm.set(("start",), fname, *top.where("start"))
    f = Fields(reader, top.mapping("start"), "start", start_keys(rules))
    for key in f.data:
        sm.set(("start", str(key)), fname, *f.where(key))
    _read_turn(reader, f, start)
    steps = f.mapping("steps_lost")
    for uid, n in steps.items():
        key = str(uid)
        sm.set(("start", "steps_lost", key), fname, *steps.where(uid))
        if not _whole(n):
            reader.error("bad-value", f"start: steps_lost of unit {key} must be a whole number, not {n!r}",
                         steps.where_value(uid), unit=key)
        elif n < 0:
            reader.error("bad-value", f"start: steps_lost of unit {key} must be 0 or more, not {n}",
                         steps.where_value(uid), unit=key)
        elif n > MAX_STEPS:
            reader.error("bad-value", f"start: steps_lost of unit {key} must be at most {MAX_STEPS}, not {short(n)}",
                         steps.where_value(uid), unit=key)
        else:
            start.steps_lost[key] = int(n)
    sides = f.mapping("hexsides")
    for label, state in sides.items():
        key = str(label)
        sm.set(("start", "hexsides", key), fname, *sides.where(label))
        if not isinstance(state, str) or state not in HEXSIDE_START_STATES:
            reader.error("bad-value", f"start: hexside {key} must be {' or '.join(HEXSIDE_START_STATES)}, "
                         f"not {state!r}", sides.where_value(label), hex=key)
        else:
            start.hexsides[key] = state
    markers = f.mapping("markers")
    for mid, label in markers.items():
        key = str(mid)
        sm.set(("start", "markers", key), fname, *markers.where(mid))
        text = _text(label)
        if text is None:
            reader.error("bad-value", f"start: marker {key} must be given a hex label, not {label!r}",
                         markers.where_value(mid))
        else:
            start.markers[key] = text
    family = RULES_FAMILIES.get(rules)
    states = OUT_OF_PLAY_STATES + (family.start_unit_states if family is not None else ())
    gone = f.mapping("out_of_play")
    for uid, state in gone.items():
        key = str(uid)
        sm.set(("start", "out_of_play", key), fname, *gone.where(uid))
        if state not in states:
            reader.error("bad-value", f"start: out_of_play of unit {key} must be {', '.join(states[:-1])} or "
                         f"{states[-1]}, not {short(state)}", gone.where_value(uid), unit=key)
        else:
            start.out_of_play[key] = str(state)
    off = f.mapping("offboard")
    for uid, area in off.items():
        key = str(uid)
        sm.set(("start", "offboard", key), fname, *off.where(uid))
        text = _text(area)
        if text is None:
            reader.error("bad-value", f"start: offboard of unit {key} must name an off-board area, not "
                         f"{short(area)}", off.where_value(uid), unit=key)
        else:
            start.offboard[key] = text
    for field in family.start_fields if family is not None else ():
        if field.name in f.data:
            value = read_field(reader, f, field)
            if value is not None:
                start.family[field.name] = value
    return start


def _read_turn(reader: YamlReader, f: Fields, start: StartState) -> None:
    if "turn" in f.data:
        v = f.data["turn"]
        if _whole(v) and not isinstance(v, Numeral):
            if not 1 <= v <= MAX_TURNS:
                reader.error("bad-value", f"start: turn must be from 1 to {MAX_TURNS}, not {v}", f.where_value("turn"))
            else:
                start.turn = int(v)
        elif isinstance(v, (str, Numeral)) and str(v).strip():
            start.turn = str(v).strip()
        else:
            reader.error("bad-value", f"start: turn must be a turn's number or its label on the turn track, not "
                         f"{short(v)}", f.where_value("turn"))
    if "phase" in f.data:
        v = f.data["phase"]
        if isinstance(v, str) and v.strip():
            start.phase = v.strip()
        else:
            reader.error("bad-value", f"start: phase must be the name of a phase, not {short(v)}",
                         f.where_value("phase"))


def read_field(reader: YamlReader, f: Fields, field: StartField) -> Any:
    """One family field's value as its kind holds it, or None (reported at its line) when it is not one."""
    v = f.data[field.name]
    at = f.where_value(field.name)
    what = f"start: {field.name} ({field.label}, {field.rule})"

    def bad(extra: str = "") -> None:
        reader.error("bad-value", f"{what} must be {START_FIELD_KINDS[field.kind]}{extra}, not {short(v)}", at)

    kind = field.kind
    if kind == "number":
        if not _whole(v):
            bad()
            return None
        if not field.low <= v <= field.high:
            reader.error("bad-value", f"{what} must be from {field.low} to {field.high}, not {v}", at)
            return None
        return int(v)
    if kind == "flag":
        if not isinstance(v, bool):
            bad()
            return None
        return v
    if kind == "side":
        text = _text(v)
        if text is None:
            bad()
        return text
    if kind in ("sides", "areas", "units", "names"):
        if not isinstance(v, list) or any(_text(x) is None for x in v):
            bad()
            return None
        return [str(x) for x in v]
    if kind == "side-names":
        if not isinstance(v, dict) or any(not isinstance(x, list) or any(_text(y) is None for y in x)
                                          for x in v.values()):
            bad()
            return None
        return {str(k): [str(y) for y in x] for k, x in v.items()}
    if kind in ("area-sides", "pool-numbers"):
        if not isinstance(v, YDict):
            bad()
            return None
        out: dict[str, Any] = {}
        for k, x in v.items():
            name = str(k)
            if kind == "pool-numbers":
                if field.choices and name not in field.choices:
                    reader.error("bad-value", f"{what}: no supply pool {name!r}; the pools are "
                                 f"{', '.join(field.choices)}", v.where(k))
                elif not _whole(x) or not field.low <= x <= field.high:
                    reader.error("bad-value", f"{what}: {name} must be a whole number from {field.low} to "
                                 f"{field.high}, not {short(x)}", v.where_value(k))
                else:
                    out[name] = int(x)
            elif _text(x) is None:
                reader.error("bad-value", f"{what}: area {name} must be given a side id, not {short(x)}",
                             v.where_value(k))
            else:
                out[name] = str(x)
        return out
    raise ValueError(f"unknown start field kind {kind!r}")


def dump_start(start: StartState, rules: str = "") -> str:
    """The `start:` section, one entry per line in the scenario's order; "" when the start is empty."""
    if start.is_empty():
        return ""
    out = ["start:\n"]
    if start.turn is not None:
        out.append(f"  turn: {scalar(start.turn)}\n")
    if start.phase:
        out.append(f"  phase: {scalar(start.phase)}\n")
    for key, part in (("steps_lost", start.steps_lost), ("hexsides", start.hexsides), ("markers", start.markers),
                      ("out_of_play", start.out_of_play), ("offboard", start.offboard)):
        if part:
            out.append(f"  {key}:\n")
            out.extend(f"    {scalar(k)}: {scalar(v)}\n" for k, v in part.items())
    family = RULES_FAMILIES.get(rules)
    order = [f.name for f in family.start_fields] if family is not None else []
    for name in order + sorted(k for k in start.family if k not in order):
        if name in start.family:
            out.append(f"  {name}: {flow(start.family[name])}\n")
    return "".join(out)


def parse_field(field: StartField, text: str) -> tuple[Any, str]:
    """A field's value typed as the file writes it ("german", "4", "{SS: 3}", "[british]"): (value, "")
    or (None, what is wrong, in the loader's words). Empty text is (None, ""): the field is cleared."""
    from ..validation.diagnostics import Diagnostic
    from .yamlio import load_yaml

    if not text.strip():
        return None, ""
    found: list[Diagnostic] = []
    data, reader = load_yaml(f"{field.name}: {text}\n", "<start>", found)
    if data is None or found:
        return None, found[0].message if found else f"{field.name}: not a value"
    f = Fields(reader, data, "start", (field.name,))
    value = read_field(reader, f, field)
    return (value, "") if value is not None and not found else (None, found[0].message if found else "")


def field_text(value: Any) -> str:
    """A field's value as the Start state panel shows it (the file's flow style)."""
    return "" if value is None else flow(value)
