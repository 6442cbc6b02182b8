"""A scenario that starts mid-game (Scenario.start): for every family that plays, a game played some
steps is saved as a scenario with "start from here" (engine/rules/kit/start.py), written to its file and
read back; the new game starts at the opening of the phase the first game was in, with the same
position, the same start state and the same legal actions as that game had when the phase opened."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hexwright.engine.formats import load_scenario
from hexwright.engine.formats.scenariofile import dump_scenario, load_document
from hexwright.engine.rules.kit.start import start_from_here
from hexwright.engine.rules.protocol import make_game
from hexwright.engine.rules.registry import RULES_FAMILIES
from hexwright.engine.validation import Severity, validate_scenario

ROOT = Path(__file__).resolve().parents[3] / "scenarios"


def _shipped() -> dict[str, tuple[str, Path]]:
    """Every shipped scenario of a family that can start mid-game (its registry entry's
    `start_capture`): its folder and file name -> (family id, path)."""
    out: dict[str, tuple[str, Path]] = {}
    for path in sorted(ROOT.glob("*/*.yaml")):
        text = path.read_text(encoding="utf-8")
        if "kind: hexwright-scenario" not in text:
            continue
        rules = load_scenario(path).scenario.rules
        family = RULES_FAMILIES.get(rules)
        if family is not None and family.start_capture:
            out[f"{path.parent.name}/{path.name}"] = (rules, path)
    return out


SHIPPED = _shipped()


def test_every_playing_family_starts_anywhere() -> None:
    playing = {f.id for f in RULES_FAMILIES.values() if f.plays and f.start_capture}
    assert {rules for rules, _ in SHIPPED.values()} == playing and len(playing) >= 4


def _load(path: Path):
    res = load_scenario(path)
    assert res.scenario is not None, [str(d) for d in res.diagnostics]
    return res.scenario


def _play(state, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply(state.sample_chance())
        else:
            state.apply(rng.choice(list(state.legal_actions())))


def _opening(state, rng: random.Random):
    """Play on to the opening of the next phase: the state as it stands before its first decision is
    answered (the snapshot `start from here` takes is then the state itself)."""
    first = state.opening
    while not state.is_terminal() and state.opening is first:
        _play(state, rng, 1)
    return state


def _summary(state):
    """Phase, position, legal actions. The steps an eliminated unit had lost are not part of a start
    state (a unit out of play has none to lose), so they are left out of the position compared."""
    pos = state.position
    gone = {u for u in pos.units() if pos.status(u) not in ("on map", "waiting") and not pos.is_on_map(u)}
    key = list(pos.key())
    key[2] = tuple((u, n) for u, n in key[2] if u not in gone)
    return (state.phase.name, state.phase.turn, tuple(key), sorted(a.text() for a in state.legal_actions()),
            state.is_chance_node())


@pytest.mark.parametrize("name", sorted(SHIPPED))
@pytest.mark.parametrize("seed,steps", [(1, 40), (7, 150)])
def test_start_from_here_round_trip(name: str, seed: int, steps: int, tmp_path: Path) -> None:
    path = SHIPPED[name][1]
    sc = _load(path)
    rng = random.Random(seed)
    state = make_game(sc).new_initial_state(seed=seed)
    _play(state, rng, steps)
    _opening(state, rng)
    assert not state.is_terminal()
    later = start_from_here(state)
    text = dump_scenario(later)
    saved = tmp_path / path.name
    saved.write_text(text, encoding="utf-8")
    for other in path.parent.glob("*map*.yaml"):
        (tmp_path / other.name).write_text(other.read_text(encoding="utf-8"), encoding="utf-8")
    res = load_document(text, str(saved), tmp_path)
    assert res.ok, [str(d) for d in res.diagnostics]
    errors = [d.format() for d in validate_scenario(res.scenario, res.source_map) if d.severity is Severity.ERROR]
    assert errors == []  # a scenario to play: the playtest and `hexwright play` refuse one with errors
    again = make_game(res.scenario).new_initial_state(seed=seed + 1)
    assert _summary(again) == _summary(state)
    # the start state reads back as it was written, and the new game's own opening is the same
    assert dump_scenario(res.scenario) == text
    assert dump_scenario(start_from_here(again)) == text
