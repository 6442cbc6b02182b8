"""Game logs: the scenario file, the seed, the options and every action's text, chance outcomes included.

Replaying a log applies each action with the checked path and, at every chance node, checks that the
seeded sampler draws the recorded outcome, so a log replays bit-for-bit or says where it diverges.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..formats.atomic import atomic_write_text
from ..model.scenario import Scenario
from .chance import SeededSampler
from .protocol import CHANCE, GameState, IllegalAction, make_game

LOG_KIND = "hexwright-game-log"
# libyaml's safe loader and dumper when PyYAML has them (a log holds a thousand lines or more), the pure
# Python ones otherwise: the same documents either way
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


class LogError(ValueError):
    """A log that cannot be read or does not replay."""


@dataclass
class GameLog:
    scenario: str  # path of the scenario file, as given
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    rules: str = ""
    result: str = ""
    scenario_absolute: str = ""  # the scenario's absolute path when saved: the fallback of a relative `scenario`

    @classmethod
    def of(cls, state: GameState, scenario_path: str) -> GameLog:
        out = state.outcome()
        return cls(scenario_path, state.game_seed, dict(state.game.options), state.action_texts(),
                   state.game.scenario.rules, str(out) if out else "")

    def dumps(self) -> str:
        data: dict[str, Any] = {"kind": LOG_KIND, "format_version": 1, "scenario": self.scenario}
        if self.scenario_absolute:
            data["scenario_absolute"] = self.scenario_absolute
        data.update({"rules": self.rules, "seed": self.seed, "options": self.options, "result": self.result,
                     "actions": self.actions})
        return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=120)

    def save(self, path: str | Path) -> None:
        """Write the log to `path` atomically, naming the scenario relative to the log's folder (a folder
        holding both moves as one) with its absolute path as the fallback."""
        path = Path(path)
        out = self
        if self.scenario:
            absolute = Path(self.scenario).resolve()
            try:
                relative = Path(os.path.relpath(absolute, path.resolve().parent)).as_posix()
            except ValueError:  # another drive: no relative path
                relative = str(absolute)
            out = GameLog(relative, self.seed, self.options, self.actions, self.rules, self.result, str(absolute))
        atomic_write_text(path, out.dumps())

    def scenario_file(self, log_path: str | Path) -> Path:
        """The scenario this log (read from `log_path`) names: relative to the log's folder, then as given,
        then the absolute path it was saved with; the first of them when none exists (for the error)."""
        given = Path(self.scenario)
        candidates = [given] if given.is_absolute() else [Path(log_path).parent / given, given]
        if self.scenario_absolute:
            candidates.append(Path(self.scenario_absolute))
        return next((c for c in candidates if c.is_file()), candidates[0])

    @classmethod
    def loads(cls, text: str) -> GameLog:
        try:
            data = yaml.load(text, Loader=_Loader)
        except yaml.YAMLError as exc:
            raise LogError(f"not a game log: {exc}") from exc
        if not isinstance(data, dict) or data.get("kind") != LOG_KIND:
            raise LogError(f"not a game log (expected kind: {LOG_KIND})")
        try:
            return cls(str(data["scenario"]), int(data["seed"]), dict(data.get("options") or {}),
                       [str(a) for a in data.get("actions") or []], str(data.get("rules", "")),
                       str(data.get("result", "")), str(data.get("scenario_absolute") or ""))
        except (KeyError, TypeError, ValueError) as exc:
            raise LogError(f"bad game log: {exc}") from exc

    @classmethod
    def load(cls, path: str | Path) -> GameLog:
        return cls.loads(Path(path).read_text(encoding="utf-8"))


def replay(scenario: Scenario, log: GameLog, check_dice: bool = True) -> GameState:
    """Rebuild the game of `log`. Every action is checked; with `check_dice` every chance outcome must
    be the one the seeded sampler draws (bit-for-bit replay)."""
    state = make_game(scenario, log.options).new_initial_state(log.seed, SeededSampler(log.seed))
    for i, text in enumerate(log.actions, 1):
        if state.current_player == CHANCE and check_dice:
            drawn = state.sample_chance()
            if drawn.text() != text:
                raise LogError(f"action {i}: the log records {text!r} but the seed draws {drawn.text()!r}")
        try:
            state.apply_checked(text)
        except IllegalAction as exc:
            raise LogError(f"action {i} ({text!r}) is illegal: {exc}") from exc
    return state
