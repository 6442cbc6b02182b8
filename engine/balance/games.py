"""One game of a balance study: the task sent to a worker and the small record it sends back.

A task names the scenario file, the bots, the play options, an optional what-if parameter and the
game's index; the worker loads the scenario once per process (a worker of a pool or a cluster is sent
the loaded scenario itself, `send_scenario`, and never reads the file), plays the game through the protocol and
returns a `GameRecord` of a few hundred bytes (no state crosses processes). The scenario's `Game`
(its compiled movement graphs and tables, rules/protocol.py) is also made once per process and shared
by the games, as the protocol intends. The game's seed and its
bots' seeds come from the master seed and the index alone, so a study gives the same records whatever
runs it (one process, a process pool or a Dask cluster)."""

from __future__ import annotations

import hashlib
import os
import pickle
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from ..formats import load_scenario
from ..model.scenario import Scenario
from ..rules.chance import SeededSampler
from ..rules.kit import SequenceState, UnitStatus
from ..rules.presentation import ON_MAP, presenter_for
from ..rules.protocol import CHANCE, Action, Game, GameState, make_game
from .sweep import apply_parameter


def game_seed(master: int, index: int, salt: str = "game") -> int:
    """A 63-bit seed from the master seed and the game index (stable across Python runs)."""
    digest = hashlib.blake2b(f"hexwright-balance:{salt}:{master}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(frozen=True)
class GameTask:
    scenario: str  # path of the scenario file
    bots: tuple[str, ...]  # one per side, in side order
    seed: int  # the study's master seed
    index: int
    options: tuple[tuple[str, Any], ...] = ()
    parameter: tuple[str, Any] | None = None  # a what-if (path, value)


@dataclass
class GameRecord:
    index: int
    seed: int
    winner: str | None
    draw: bool
    reason: str
    decided_turn: int
    actions: int
    losses: dict[str, int] = field(default_factory=dict)  # side -> units eliminated
    lost_at: list[str] = field(default_factory=list)  # hex labels (areas on an area map) where units were eliminated
    combats_at: list[str] = field(default_factory=list)  # hex labels (areas) of attacks / fire / close combat
    victory_hits: list[str] = field(default_factory=list)  # victory conditions that held
    vp: dict[str, int] = field(default_factory=dict)
    finished: bool = True
    decided_label: str = ""  # the decided turn as the game prints it ("5", "A") when not its number
    first: str = ""  # the side that acted first
    leaders: list[str] = field(default_factory=list)  # the leading side at each game turn's end ("": none)
    digest: str = ""  # of the players' decisions: the same digest, the same game (metrics.py: game diversity)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameRecord:
        return cls(**d)


_SCENARIOS: dict[tuple[Any, ...], Scenario] = {}
SENT = "sent:"  # the name of a scenario sent to the workers starts so (send_scenario)
_SENT: dict[str, Scenario] = {}


def send_scenario(path: str) -> tuple[str, Scenario]:
    """A scenario file as a study sends it to its workers: the loaded scenario (its map and tables
    included) and a name for it made of its content's digest and the path. A worker finds the scenario
    by that name (`receive_scenarios`) and never reads the path, which may name another file, or none,
    in the worker's folder or on the worker's machine."""
    sc = scenario_for(path)
    digest = hashlib.blake2b(pickle.dumps(sc, protocol=pickle.HIGHEST_PROTOCOL), digest_size=12).hexdigest()
    return f"{SENT}{digest}:{path}", sc


def receive_scenarios(sent: dict[str, Scenario]) -> None:
    """Keep the scenarios a study sent, for its tasks that name them (a worker's side of send_scenario)."""
    for name, sc in sent.items():
        _SENT.setdefault(name, sc)  # the first copy stays: its games and their Game are made once


def scenario_for(path: str, parameter: tuple[str, Any] | None = None) -> Scenario:
    """The scenario of a task, loaded once per process (and per what-if value); a file changed on disk
    since (another modification time or size) is loaded again. A name made by `send_scenario` gives the
    scenario the study sent."""
    if path.startswith(SENT):
        return _sent_scenario(path, parameter)
    try:
        st = os.stat(path)
    except OSError as exc:
        raise ValueError(f"{path}: cannot read the scenario: {exc.strerror}") from None
    stamp = (path, st.st_mtime_ns, st.st_size)
    key = (*stamp, parameter)
    sc = _SCENARIOS.get(key)
    if sc is None:
        base = _SCENARIOS.get((*stamp, None))
        if base is None:
            result = load_scenario(path)
            errors = [d for d in result.diagnostics if d.severity.name == "ERROR"]
            if result.scenario is None or errors:
                first = "; ".join(d.format() for d in errors[:3])
                more = f" and {len(errors) - 3} more" if len(errors) > 3 else ""
                raise ValueError(f"{path}: the scenario has errors: {first}{more} (hexwright validate {path})")
            base = _SCENARIOS[(*stamp, None)] = result.scenario
        sc = base if parameter is None else apply_parameter(base, parameter[0], parameter[1])
        _SCENARIOS[key] = sc
    return sc


def _sent_scenario(name: str, parameter: tuple[str, Any] | None) -> Scenario:
    key = (name, parameter)
    sc = _SCENARIOS.get(key)
    if sc is None:
        base = _SENT.get(name)
        if base is None:
            raise ValueError(f"{name.split(':', 2)[-1]}: the scenario was not sent to this worker")
        sc = base if parameter is None else apply_parameter(base, parameter[0], parameter[1])
        _SCENARIOS[key] = sc
    return sc


_THREAD = threading.local()


def _games() -> dict[tuple[int, tuple[tuple[str, Any], ...]], tuple[Scenario, Game]]:
    got = getattr(_THREAD, "games", None)
    if got is None:
        got = _THREAD.games = {}
    return got


def game_for(sc: Scenario, options: tuple[tuple[str, Any], ...] = ()) -> Game:
    """The rules engine's `Game` of a loaded scenario and play options, made once per worker: every
    game of a study starts from its `new_initial_state(seed)`, as `protocol.new_game` would. One per
    thread, since a Game's compiled movement graphs keep scratch space (a Dask worker may run games
    in several threads)."""
    games = _games()
    key = (id(sc), options)
    got = games.get(key)
    if got is None or got[0] is not sc:  # the scenario object is kept with it, so its id is not reused
        got = games[key] = (sc, make_game(sc, dict(options)))
    return got[1]


class GameCancelled(Exception):
    """A game stopped on request before its end (`play_game(stop=...)`)."""


def warm_up(keys: list[tuple[str, tuple[str, Any] | None, tuple[tuple[str, Any], ...]]]) -> None:
    """Load and compile what a worker process needs before its first game: each (scenario file,
    what-if parameter, options) of the study's tasks, its `Game`, and the code of a first position's
    legal actions (the movement kernel, compiled or loaded from its cache)."""
    for path, parameter, options in keys:
        sc = scenario_for(path, parameter)
        state = game_for(sc, options).new_initial_state(0, SeededSampler(0))
        if not state.is_terminal() and state.current_player != CHANCE:
            state.legal_actions()


def _positions(state: GameState) -> dict[str, str]:
    """Unit -> hex label of every unit on the map: the kit's position (engine/rules/kit/position.py) of a
    family on the kit, what the family's presenter shows of any other."""
    if isinstance(state, SequenceState):
        label = state.game.scenario.map.label
        out = {uid: label(h) for uid, h in state.position.hexes.items()}
        out.update(state.position.areas)  # an area map's units are in areas (Storm over Arnhem)
        return out
    return {u.id: u.hex for u in presenter_for(state).units(state, None) if u.status == ON_MAP and u.hex}


def _eliminated(state: GameState) -> set[str]:
    if isinstance(state, SequenceState):
        return set(state.position.units_with(UnitStatus.ELIMINATED))
    return {u.id for u in presenter_for(state).units(state, None) if u.status == "eliminated"}


STOP_EVERY = 32  # actions between two looks at `stop`


def play_game(task: GameTask, stop: Callable[[], bool] | None = None) -> GameRecord:
    """Play one game of a study to its end (or the `max_turns` option) and record it. `stop` is asked
    every few actions; when it is true the game is abandoned (GameCancelled)."""
    from ..bots import make_bot
    from ..bots.lead import Lead

    sc = scenario_for(task.scenario, task.parameter)
    seed = game_seed(task.seed, task.index)
    state = game_for(sc, task.options).new_initial_state(seed, SeededSampler(seed))
    sides = [s.id for s in sc.sides]
    bots = {side: make_bot(name, game_seed(task.seed, task.index, f"bot{i}"), sc)
            for i, (side, name) in enumerate(zip(sides, task.bots, strict=True))}
    side_of = {uid: u.side for uid, u in sc.units.items()}
    places = set(sc.area_map.areas) if sc.area_map is not None else {sc.map.label(h) for h in sc.map.hexes}
    combats: list[str] = []
    lost_at: list[str] = []
    before: dict[str, Any] = {"pos": _positions(state), "gone": _eliminated(state)}

    def place(word: str) -> str | None:
        """`word` if it names a hex of the map (an area of an area map), else None: a fire's `+bomb` or
        a resolution that names no place is no combat location."""
        return word if word in places else None

    def observe(st: GameState, action: Action) -> None:
        text = action.text()
        verb = text.split(" ", 1)[0]
        where: str | None = None
        if verb in ("attack", "bombard"):  # F&M 8.1, 8.2; Target Arnhem's Combat (`attack HEX`)
            where = place(text.rsplit(" ", 1)[-1] if verb == "attack" else text.split(" ")[1])
        elif verb in ("fire", "mfire"):  # Koenig 9.0; Storm over Arnhem's fire (`fire FROM AT`)
            where = place(text.rsplit(" ", 1)[-1])
        if where is not None:
            combats.append(where)
        elif verb in ("move", "cmove") and st.current_player != CHANCE:
            parts = text.split(" ")
            dest = parts[-1].split("-")[-1]
            mover = side_of.get(parts[1])
            if any(h == dest and side_of.get(u) != mover for u, h in before["pos"].items()):
                combats.append(dest)  # Koenig 10.0: moving into an enemy hex is a close combat

    def after(st: GameState) -> None:
        gone = _eliminated(st)
        for uid in sorted(gone - before["gone"]):  # a set's order would change from run to run
            lab = before["pos"].get(uid)
            if lab:
                lost_at.append(lab)
        before["gone"] = gone
        before["pos"] = _positions(st)

    lead = Lead(sc)
    leaders: list[str] = []
    first = ""
    turn = state.phase.turn
    n = 0
    while not state.is_terminal():
        player = state.current_player
        if not first and player != CHANCE:
            first = player
        action = state.sample_chance() if player == CHANCE else bots[player].choose(state)
        observe(state, action)
        state.apply(action)
        after(state)
        n += 1
        if not state.is_terminal() and state.phase.turn != turn:  # a game turn ended: who leads now
            turn = state.phase.turn
            leaders.append(lead.leader(state))
        if stop is not None and n % STOP_EVERY == 0 and stop():
            raise GameCancelled(f"game {task.index} stopped after {n} actions")
    out = state.outcome()
    hist = state.history()
    losses = {s: 0 for s in sides}
    for uid in _eliminated(state):
        losses[side_of[uid]] = losses.get(side_of[uid], 0) + 1
    lines = getattr(state, "victory_lines", None)
    if lines is not None:
        hits = [f"{state.side_name(ln.side)}: {ln.description}" for ln in lines() if ln.points > 0]
    else:
        hits = [out.reason] if out is not None else []
    vp_fn = getattr(state, "victory_points", None)
    if out is not None:  # the last turn's end: the game's result
        leaders.append("" if out.draw or out.winner is None else out.winner)
    # the players' decisions only: games whose dice differ but whose every decision is the same are one game
    # as a designer reads it (Target Arnhem's heuristic games, issue 31)
    choices = "\n".join(e.action.text() for e in hist if e.player != CHANCE)
    digest = hashlib.blake2b(choices.encode(), digest_size=8).hexdigest()
    return GameRecord(
        index=task.index, seed=seed, winner=out.winner if out else None, draw=bool(out and out.draw),
        reason=out.reason if out else "", decided_turn=hist[-1].phase.turn if hist else 0,
        decided_label=hist[-1].phase.turn_label if hist else "", actions=n,
        losses=losses, lost_at=lost_at, combats_at=combats, victory_hits=hits,
        vp=dict(vp_fn()) if vp_fn is not None else {}, finished=out is not None, first=first, leaders=leaders,
        digest=digest)



__all__ = ["GameCancelled", "GameRecord", "GameTask", "game_for", "game_seed", "play_game", "receive_scenarios",
           "scenario_for", "send_scenario", "warm_up"]
