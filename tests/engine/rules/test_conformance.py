"""Conformance of every rules family on every shipped scenario (after OpenSpiel's games_sim_test).

The cases are every playable family of the registry (engine/rules/registry.py) times every scenario under
scenarios/ whose `rules` is that family (found by globbing and loading; map files are skipped), plus the
synthetic positions of tests/engine/rules/synthetic.py: a new family is covered by registering it and
shipping a scenario. Each game is played to the end by choosing uniformly among the legal actions, every
chance node drawn from the game's seeded sampler; a scenario's boolean options (optional rules) are
switched on or off per seed. The test reads the game only through the protocol (engine/rules/protocol.py)
and the family's presenter (`presenter_for(state).units(state, None)`), so it holds while a family's
insides change.

After every action:
* on an area map, every unit the presenter shows on the map is in an area of the map, and no side exceeds an
  area's stacking limit at the end of a phase (`area_problems`); on a hex map:
* every unit the presenter shows on the map is on a map hex (F&M 5.2 f), not in a hex its movement class
  may not be in (engine/model/placement.py: F&M 5.2 e, 10.5), and not in a hex with an enemy unit unless
  the family lets both sides share a hex (`RulesFamily.shared_hex_rule`: Koenig 10.0 Close Combat);
* at the end of every phase, no hex holds more units than the scenario's stacking limit (F&M 5.3, both
  sides' units counted together as in Koenig 8.2), and after every action where the family says the
  limit always holds (`RulesFamily.stacking_every_action`: Koenig 8.2);
* `legal_actions()` is not empty and is the same list when asked twice; at a chance node it is the
  chance outcomes, whose probabilities sum to 1, and the sampler's draw is one of them;
* now and then a refused action (a legal action's text from elsewhere in the game, a chance outcome that
  cannot come up) raises IllegalAction through the checked path and leaves the position (fingerprint),
  the history and the legal actions as they were.
Once along the game, a clone equals the state and then follows it action for action to the same end, and
the serialized state deserializes to the same position. At the end: no legal action, an outcome, the
checked path refuses any action, and the game log (engine/rules/log.py) replays exactly (every action
checked, every chance outcome re-drawn from the seed) to the same position and result.

The default run plays a few games of each case; `pytest -m slow` plays HEXWRIGHT_CONFORMANCE_GAMES games
of each shipped scenario (default 2000) from seed HEXWRIGHT_CONFORMANCE_FIRST_SEED (default 1000) on
HEXWRIGHT_CONFORMANCE_WORKERS worker processes (default: every CPU); HEXWRIGHT_CONFORMANCE_PROGRESS names a
file to follow a long run in, HEXWRIGHT_CONFORMANCE_DEFAULT_GAMES changes the default run's number.
docs/rules-engine.md, "Conformance", has the counts of the last slow run."""

from __future__ import annotations

import multiprocessing
import os
import random
import time
import traceback
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hexwright.engine.formats import load_scenario
from hexwright.engine.model import Scenario
from hexwright.engine.model.placement import hex_prohibited, movement_class_of
from hexwright.engine.rules.chance import Sampler, SeededSampler
from hexwright.engine.rules.log import GameLog, replay
from hexwright.engine.rules.presentation import ON_MAP, UnitView, presenter_for
from hexwright.engine.rules.protocol import (
    CHANCE,
    Action,
    Draw,
    Game,
    GameState,
    IllegalAction,
    Outcome,
    Phase,
    Roll,
    make_game,
    new_game,
)
from hexwright.engine.rules.registry import family, load, playable_families

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"
SCENARIO_KIND = "hexwright-scenario"
# the default run: games of each case from seed 1 until at least DEFAULT_GAMES games and DEFAULT_ACTIONS
# actions, or MAX_DEFAULT_GAMES games (a family with short games plays more of them)
DEFAULT_GAMES = 2
DEFAULT_ACTIONS = 2000
MAX_DEFAULT_GAMES = 20
REFUSALS = 0.1  # the share of positions where a refused action is tried


def _kind(path: Path) -> str | None:
    for line in path.read_text(encoding="utf-8").splitlines()[:20]:
        if line.startswith("kind:"):
            return line.split(":", 1)[1].strip()
    return None


@cache
def _load(name: str) -> Scenario:
    """A case's scenario: a shipped file (its path under scenarios/) or a synthetic one ("synthetic:corridor")."""
    if name.startswith("synthetic:"):
        from tests.engine.rules import synthetic

        maker: Callable[[], Scenario] = getattr(synthetic, name.partition(":")[2])
        return maker()
    result = load_scenario(SCENARIOS / name)
    assert result.scenario is not None, [d.format() for d in result.diagnostics]
    return result.scenario


@cache
def shipped_scenarios() -> dict[str, str]:
    """Every shipped scenario file (its path under scenarios/) with its rules family id."""
    out = {}
    for path in sorted(SCENARIOS.rglob("*.yaml")):
        if _kind(path) == SCENARIO_KIND:  # map files and anything else are not games
            name = path.relative_to(SCENARIOS).as_posix()
            out[name] = _load(name).rules
    return out


SYNTHETIC = ("synthetic:corridor",)  # small positions a family's tests build (tests/engine/rules/synthetic.py)
FM_SCENARIO = "fm-arnhem/scenario-1-historical.yaml"
KOENIG_SCENARIO = "koenig-arnhem-bridge/arnhem-bridge.yaml"


def cases(kind: str) -> list[Any]:
    """Every playable family of the registry (a family registered at run time included) times its scenarios."""
    named = shipped_scenarios() if kind == "shipped" else {name: _load(name).rules for name in SYNTHETIC}
    return [pytest.param(f.id, name, id=f"{f.id}:{name}") for f in playable_families()
            for name, rules in named.items() if rules == f.id]


@dataclass(frozen=True)
class Board:
    """What the position checks need of a scenario: its map, stacking limit, each unit's movement class,
    and whether the family lets both sides share a hex."""

    scenario: Scenario
    classes: dict[str, str]
    enemies_share_hexes: bool
    stacking_every_action: bool
    prohibited: dict[tuple[str, str], bool] = field(default_factory=dict)  # (hex label, class) -> memo

    @classmethod
    def of(cls, sc: Scenario) -> Board:
        classes = {uid: movement_class_of(sc.map, u.flags) for uid, u in sc.units.items()}
        f = family(sc.rules)
        return cls(sc, classes, bool(f.shared_hex_rule), f.stacking_every_action)

    def may_not_be_in(self, label: str, cls: str) -> bool:
        key = (label, cls)
        if key not in self.prohibited:
            m = self.scenario.map
            h = m.hex_at(label)
            self.prohibited[key] = h is not None and hex_prohibited(m, h, cls)
        return self.prohibited[key]


NOT_STACKED = "does not count for stacking"  # a UnitView flag: a unit the stacking limit leaves out (a pillbox)


def area_problems(board: Board, units: list[UnitView], phase_ended: bool) -> list[str]:
    """On an area map (Storm over Arnhem): every unit shown on the map is in an area of the map, and at the end
    of a phase no side has more units in an area than the area's stacking limit (or the scenario's); both
    sides may share an area (Close Combat)."""
    am = board.scenario.area_map
    assert am is not None
    out = []
    count: Counter[tuple[str, str]] = Counter()
    for u in units:
        if u.status != ON_MAP:
            continue
        if u.hex is None or u.hex not in am.areas:
            out.append(f"{u.id} is on the map in no area of the map ({u.hex})")
            continue
        if not any(NOT_STACKED in f for f in u.flags):
            count[(u.hex, u.side)] += 1
    if phase_ended or board.stacking_every_action:
        for (a, side), n in count.items():
            limit = am.areas[a].stacking or board.scenario.stacking_limit
            if n > limit:
                out.append(f"{n} {side} units in area {a}; the limit is {limit}")
    return out


def position_problems(board: Board, units: list[UnitView], phase_ended: bool) -> list[str]:
    """What is wrong with the units the presenter shows on the map."""
    if board.scenario.area_map is not None:
        return area_problems(board, units, phase_ended)
    m = board.scenario.map
    out = []
    sides: dict[str, set[str]] = {}
    count: Counter[str] = Counter()
    for u in units:
        if u.status != ON_MAP:
            continue
        if u.hex is None:
            out.append(f"{u.id} is on the map at no hex")
            continue
        if m.hex_at(u.hex) is None:
            out.append(f"{u.id} is off the map at {u.hex} (F&M 5.2 f)")
            continue
        cls = board.classes.get(u.id, "")
        if board.may_not_be_in(u.hex, cls):
            out.append(f"{u.id} is in {u.hex}, prohibited terrain for a {cls} unit (F&M 5.2 e, 10.5)")
        sides.setdefault(u.hex, set()).add(u.side)
        count[u.hex] += 1
    if not board.enemies_share_hexes:
        out.extend(f"units of both sides in {h} (F&M 5.2 d)" for h, s in sides.items() if len(s) > 1)
    limit = board.scenario.stacking_limit
    if limit and (phase_ended or board.stacking_every_action):
        when = "at the end of a phase" if phase_ended else "after an action"
        out.extend(f"{n} units in {h} {when}; the limit is {limit}" for h, n in count.items() if n > limit)
    return out


def _impossible_outcomes(state: GameState) -> list[Action]:
    """Chance outcomes of the protocol's kinds that the chance node cannot produce."""
    outcomes = [o for o, _ in state.chance_outcomes()]
    faces = [o.value for o in outcomes if isinstance(o, Roll)]
    out: list[Action] = [Draw("no such item")]
    if faces:
        out.append(Roll(max(faces) + 1))
    return out


def refusal_problems(state: GameState, legal: list[Action], earlier: list[str], rng: random.Random) -> list[str]:
    """Try one refused action: a text of an action taken earlier in the game that is not legal here, or
    (at a chance node) an outcome that cannot come up. It must raise IllegalAction and change nothing."""
    legal_texts = [a.text() for a in legal]
    candidates: list[Action | str] = [t for t in earlier if t not in legal_texts]
    if state.current_player == CHANCE:
        candidates += _impossible_outcomes(state)
    if not candidates:
        return []
    attempt = candidates[rng.randrange(len(candidates))]
    what = attempt if isinstance(attempt, str) else attempt.text()
    parsed: Action | None = attempt if isinstance(attempt, Action) else None
    if parsed is None:
        try:
            parsed = state.parse_action(attempt)
        except ValueError:
            parsed = None
    if parsed is not None:
        same = state.listed_equivalent(parsed)
        if same is not None:  # another legal way to make a listed action (a move by another path, F&M 5.1)
            if same not in legal:
                return [f"{what!r} is said to stand for {same.text()!r}, which is not listed"]
            if not state.is_legal(parsed):
                return [f"{what!r} is said to stand for {same.text()!r} but is refused"]
            return []
    before, n = state.fingerprint(), len(state.history())
    try:
        state.apply_checked(attempt)
    except IllegalAction as exc:
        if not str(exc):
            return [f"refusing {what!r} gives no reason"]
    else:
        return [f"{what!r} was accepted in {state.phase}, where the legal actions were {legal_texts[:8]}, "
                f"and it stands for none of them (listed_equivalent)"]
    out = []
    if state.fingerprint() != before or len(state.history()) != n:
        out.append(f"refusing {what!r} changed the position")
    if [a.text() for a in state.legal_actions()] != legal_texts:
        out.append(f"refusing {what!r} changed the legal actions")
    return out


def options_for(sc: Scenario, seed: int) -> dict[str, Any]:
    """The scenario's boolean options (optional rules) switched on or off by the seed."""
    rng = random.Random(seed * 7919)
    return {k: rng.random() < 0.5 for k, v in sc.options.items() if isinstance(v, bool)}


def play_and_check(name: str, seed: int) -> dict[str, Any]:
    """Play one random game of a case and check it; returns its length, outcome and problems."""
    problems: list[str] = []
    n = 0
    outcome = ""
    on_map = 0
    try:
        sc = _load(name)
        board = Board.of(sc)
        state = new_game(sc, seed, options_for(sc, seed))
        presenter = presenter_for(state)
        rng = random.Random(seed * 7919 + 1)
        clone_at = rng.randrange(20, 300)
        clone: GameState | None = None
        taken: list[str] = []
        phase = state.phase
        problems += position_problems(board, presenter.units(state, None), True)
        while not state.is_terminal() and not problems:
            legal = state.legal_actions()
            if not legal:
                problems.append(f"no legal action at {state.phase}, action {n}")
                break
            if state.legal_actions() != legal:
                problems.append(f"legal_actions() changed when asked again at {state.phase}")
            if state.current_player == CHANCE:
                outcomes = state.chance_outcomes()
                if sum(p for _, p in outcomes) != 1:
                    problems.append(f"the chance outcomes at {state.phase} do not sum to 1")
                if [o for o, _ in outcomes] != legal:
                    problems.append(f"the legal actions at the chance node {state.phase} are not its outcomes")
                action = state.sample_chance()
                if action not in legal:
                    problems.append(f"the sampler drew {action.text()}, not an outcome at {state.phase}")
            else:
                action = legal[rng.randrange(len(legal))]
            if rng.random() < REFUSALS:
                problems += [f"before action {n + 1}: {p}" for p in refusal_problems(state, legal, taken, rng)]
            state.apply(action)
            if clone is not None:
                clone.apply(action)
            taken.append(action.text())
            n += 1
            units = presenter.units(state, None)
            on_map = max(on_map, sum(u.status == ON_MAP for u in units))
            ended = state.phase != phase or state.is_terminal()
            problems += [f"after action {n} ({action.text()}, {phase}): {p}"
                         for p in position_problems(board, units, ended)]
            phase = state.phase
            if n == clone_at:
                clone = state.clone()
                if clone is state or clone != state:
                    problems.append(f"a clone at action {n} differs from the state")
                if state.game.deserialize(state.serialize()) != state:
                    problems.append(f"the state serialized at action {n} deserializes to another position")
        if not problems:
            problems += _end_problems(name, state, clone, on_map)
            outcome = str(state.outcome())
    except Exception:  # every exception is a conformance failure, reported with its seed
        problems.append(traceback.format_exc())
    return {"scenario": name, "seed": seed, "actions": n, "outcome": outcome, "problems": problems}


def _end_problems(name: str, state: GameState, clone: GameState | None, on_map: int) -> list[str]:
    out = []
    if not on_map:
        out.append(f"the presenter never showed a unit {ON_MAP!r}")
    if state.outcome() is None or state.legal_actions():
        out.append("the game stopped without an outcome, or with legal actions left")
    before = state.fingerprint()
    try:
        state.apply_checked("pass")
        out.append("the checked path accepted an action after the end")
    except IllegalAction:
        pass
    if state.fingerprint() != before:
        out.append("refusing an action after the end changed the position")
    if clone is not None and (clone != state or str(clone.outcome()) != str(state.outcome())):
        out.append("the clone, given the same actions, did not reach the same end")
    if state.game.deserialize(state.serialize()) != state:
        out.append("the final state serialized deserializes to another position")
    log = GameLog.loads(GameLog.of(state, name).dumps())
    again = replay(state.game.scenario, log)
    if again.action_texts() != state.action_texts() or again != state or str(again.outcome()) != log.result:
        out.append("the log does not replay to the same position and result")
    return out


def run_games(names: list[str], seeds: range, workers: int) -> tuple[list[dict[str, Any]], float]:
    jobs = [(name, seed) for seed in seeds for name in names]  # the cases in turn: a partial run is even
    t0 = time.perf_counter()
    if workers <= 1:
        return [play_and_check(*job) for job in jobs], time.perf_counter() - t0
    ctx = multiprocessing.get_context("spawn")  # no fork of a process that may hold Qt state
    results = []
    progress = os.environ.get("HEXWRIGHT_CONFORMANCE_PROGRESS")
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        for r in pool.map(play_and_check, *zip(*jobs, strict=True), chunksize=2):
            results.append(r)
            if progress:
                with open(progress, "a", encoding="utf-8") as f:
                    f.write(f"{len(results)}/{len(jobs)} {time.perf_counter() - t0:.0f}s {r['scenario']} "
                            f"seed {r['seed']}: {r['actions']} actions, {r['outcome'] or 'FAILED'}"
                            f"{' PROBLEMS ' + repr(r['problems'][:2]) if r['problems'] else ''}\n")
    return results, time.perf_counter() - t0


def report(results: list[dict[str, Any]]) -> str:
    lines = []
    for name in dict.fromkeys(r["scenario"] for r in results):
        rs = [r for r in results if r["scenario"] == name]
        wins = Counter(r["outcome"].split(":")[0] if r["outcome"] else "failed" for r in rs)
        bad = sum(1 for r in rs if r["problems"])
        lines.append(f"{name}: {len(rs)} games, {sum(r['actions'] for r in rs)} actions, {bad} failed; "
                     + ", ".join(f"{k} {v}" for k, v in sorted(wins.items())))
    return "\n".join(lines)


def failures(results: list[dict[str, Any]]) -> str:
    return "\n\n".join(f"{r['scenario']} seed {r['seed']}:\n" + "\n".join(r["problems"][:5])
                       for r in results if r["problems"])


def default_run(name: str) -> list[dict[str, Any]]:
    """The default run's games of a case (HEXWRIGHT_CONFORMANCE_DEFAULT_GAMES: exactly that many)."""
    exact = os.environ.get("HEXWRIGHT_CONFORMANCE_DEFAULT_GAMES")
    results: list[dict[str, Any]] = []
    seed = 1
    while len(results) < (int(exact) if exact else MAX_DEFAULT_GAMES):
        results.append(play_and_check(name, seed))
        seed += 1
        if not exact and len(results) >= DEFAULT_GAMES and sum(r["actions"] for r in results) >= DEFAULT_ACTIONS:
            break
    return results


# -- the cases ----------------------------------------------------------------------------------------


def test_every_playable_family_ships_a_scenario():
    """A family with a rules engine is covered here only through a shipped scenario of its own."""
    covered = set(shipped_scenarios().values())
    assert [f.id for f in playable_families() if f.id not in covered] == []


@pytest.mark.parametrize("rules, name", cases("shipped"))
def test_random_games_of_a_shipped_scenario_play_to_the_end_legally_and_replay(rules, name):
    results = default_run(name)
    assert not failures(results), failures(results)
    assert all(r["actions"] > 100 and r["outcome"] for r in results)


@pytest.mark.parametrize("rules, name", cases("synthetic"))
def test_random_games_of_a_synthetic_position_play_to_the_end_legally_and_replay(rules, name):
    results = default_run(name)
    assert not failures(results), failures(results)


@pytest.mark.slow
@pytest.mark.timeout(0)  # hours on a small machine: no per-test time limit
def test_thousands_of_random_games_of_every_shipped_scenario():
    games = int(os.environ.get("HEXWRIGHT_CONFORMANCE_GAMES", "2000"))
    first = int(os.environ.get("HEXWRIGHT_CONFORMANCE_FIRST_SEED", "1000"))
    workers = int(os.environ.get("HEXWRIGHT_CONFORMANCE_WORKERS", os.cpu_count() or 1))
    names = [name for name, rules in shipped_scenarios().items() if family(rules).plays]
    results, seconds = run_games(names, range(first, first + games), workers)
    print(f"\n{report(results)}\n{len(results)} games in {seconds:.0f} s on {workers} workers")
    assert len(results) == games * len(names)
    assert not failures(results), failures(results)


@pytest.mark.parametrize("rules, name", cases("shipped"))
def test_new_game_makes_the_registered_family_s_game_with_the_scenario_s_options_overridden(rules, name):
    sc = _load(name)
    flags = [k for k, v in sc.options.items() if isinstance(v, bool)]
    given = {flags[0]: not sc.options[flags[0]]} if flags else {}
    state = new_game(sc, 3, given)
    assert isinstance(state.game, load(family(rules).game))
    assert state.game.options == {**sc.options, **given}


def test_an_unknown_optional_rule_is_refused_where_the_family_names_its_optional_rules():
    """Koenig lists its optional rules (14.1-14.5): a misspelt one is refused, naming them."""
    with pytest.raises(ValueError, match="14.1"):
        make_game(_load(KOENIG_SCENARIO), {"leadershp": True})


# -- the checks themselves ----------------------------------------------------------------------------


def _first_game(name: str) -> GameState:
    """A new game of a shipped scenario (its path under scenarios/)."""
    return new_game(_load(name), 1)


def test_position_checks_catch_stacking_enemy_hexes_off_map_units_and_prohibited_terrain():
    """A hex over the limit at a phase end, both sides in one hex (where the family forbids it), a unit
    off the map and a mobile unit in marsh with no road or trail are each reported."""
    state = _first_game(FM_SCENARIO)
    sc = state.game.scenario
    board = Board.of(sc)
    m = sc.map
    friends = [u for u in sc.units.values() if u.side == sc.sides[0].id][:2]
    enemy = next(u for u in sc.units.values() if u.side != friends[0].side)
    classes = m.terrain_table.movement_classes
    clear = next(m.label(h) for h in m.hexes if not any(hex_prohibited(m, h, c) for c in classes))

    def view(uid: str, side: str, hex_label: str) -> UnitView:
        return UnitView(uid, side, uid, hex_label, ON_MAP)

    stacked = [view(u.id, u.side, clear) for u in friends]
    assert position_problems(board, stacked, False) == []  # moving through friends within a phase
    assert any("end of a phase" in p for p in position_problems(board, stacked, True))
    always = Board(sc, board.classes, False, True)
    assert any("after an action" in p for p in position_problems(always, stacked, False))
    assert any("both sides" in p for p in position_problems(board, [*stacked[:1], view(enemy.id, enemy.side, clear)],
                                                                   False))
    assert any("off the map" in p for p in position_problems(board, [view(enemy.id, enemy.side, "9999")], False))
    mobile = next(uid for uid, c in board.classes.items() if c == "mobile")
    marsh = next(m.label(h) for h in m.hexes if hex_prohibited(m, h, "mobile"))
    assert any("prohibited" in p for p in position_problems(board, [view(mobile, "", marsh)], False))
    assert position_problems(board, [UnitView(enemy.id, enemy.side, enemy.id, "9999", "set up (secret)")], True) == []


def test_a_family_that_lets_both_sides_share_a_hex_is_not_held_to_it():
    board = Board.of(_first_game(KOENIG_SCENARIO).game.scenario)
    assert board.enemies_share_hexes
    sc = board.scenario
    a, b = (next(u for u in sc.units.values() if u.side == s.id) for s in sc.sides[:2])
    hex_label = next(iter(sc.placements.values()))
    together = [UnitView(a.id, a.side, a.id, hex_label, ON_MAP), UnitView(b.id, b.side, b.id, hex_label, ON_MAP)]
    assert position_problems(board, together, True) == []


@dataclass(frozen=True)
class _Add(Action):
    n: int

    def text(self) -> str:
        return f"add {self.n}"


class _ToyGame(Game):
    """A toy family for the refusal check: a counter that players raise by 1 or 2 to 10."""

    def new_initial_state(self, seed: int = 0, sampler: Sampler | None = None) -> GameState:
        return _ToyState(self, sampler or SeededSampler(seed))

    def parse_action(self, text: str) -> Action:
        return _Add(int(text.split()[1]))


class _ToyState(GameState):
    total = 0

    @property
    def current_player(self) -> str:
        return "a"

    @property
    def phase(self) -> Phase:
        return Phase("count")

    def legal_actions(self) -> list[Action]:
        return [] if self.is_terminal() else [_Add(1), _Add(2)]

    def _apply(self, action: Action) -> None:
        assert isinstance(action, _Add)
        self.total += action.n

    def explain_illegal(self, action: Action) -> str:
        return f"{action} is not 1 or 2"

    def is_terminal(self) -> bool:
        return self.total >= 10

    def outcome(self) -> Outcome | None:
        return Outcome("a", reason="10 reached") if self.is_terminal() else None

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return []

    def fingerprint(self) -> object:
        return self.total


class _Lenient(_ToyState):
    def is_legal(self, action: Action) -> bool:
        return True


class _Liar(_ToyState):
    def listed_equivalent(self, action: Action) -> Action | None:
        return _Add(1)


class _Clumsy(_ToyState):
    def explain_illegal(self, action: Action) -> str:
        self.total += 1
        return super().explain_illegal(action)


def test_refusal_check_catches_an_accepted_or_a_state_changing_refusal():
    """The refusal check passes a family that refuses cleanly and fails one that applies an illegal action
    or changes the position while explaining the refusal."""
    game = _ToyGame(_load(next(iter(shipped_scenarios()))))
    rng = random.Random(0)
    for cls, expected in ((_ToyState, None), (_Lenient, "accepted"), (_Clumsy, "changed the position"),
                          (_Liar, "is refused")):
        state = cls(game, SeededSampler(0))
        problems = refusal_problems(state, state.legal_actions(), ["add 1", "add 3"], rng)
        assert problems == [] if expected is None else any(expected in p for p in problems), (cls, problems)


def test_a_move_by_another_legal_path_passes_the_refusal_check():
    """The 250-games-a-scenario run found F&M Scenario 1, seed 1116, accepting `move 82-7 2322-2421-2521`
    (2.5 MP across mixed terrain) where the list named the road path to 2521 (2 MP): both are legal (F&M
    5.1). The check now asks the family which listed action an accepted one stands for; the game plays clean.
    (Since each marker step of 8.2.1 b and each bombardment is asked whenever a side holds a marker, the
    seed's random game is another one, 993 actions long: it is still played to its end and checked whole.)"""
    result = play_and_check("fm-arnhem/scenario-1-historical.yaml", 1116)
    assert result["problems"] == [] and result["outcome"] and result["actions"] > 900
