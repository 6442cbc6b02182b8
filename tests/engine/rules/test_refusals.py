"""A refused action leaves the state exactly as it was, in every family (protocol.GameState.apply and
apply_checked).

For every playable family of the registry and every shipped scenario of it (the conformance test's cases),
positions along a short random game (player decisions, chance nodes and the end of the game) are offered
what is not a legal action here: None, a number, a text that is no action, an action of another family, an
object that poses as an action of this family (its text is a legal action's, but it is not one), an action
of this family taken elsewhere in the game, and at a chance node an outcome that cannot come up. Through
`apply_checked` each raises IllegalAction with a reason; through the unchecked `apply` what is no action at
all raises TypeError saying so and every action raises IllegalAction. Either way the position
(`fingerprint()`), the history (`action_texts()`), the legal actions and the player to act are unchanged,
and the state goes on to play the next action as an untouched copy of it does."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hexwright.engine.rules.protocol import CHANCE, Action, Draw, GameState, IllegalAction, Roll, new_game

from tests.engine.rules.test_conformance import _load, cases, shipped_scenarios

MAX_ACTIONS = 600  # at most, in the short game (max_turns 1) the positions are taken from
POSITIONS = 12  # positions tried along it, besides the first and the last


class Impostor(Action):
    """Not an action of any family, though its text is one."""

    def __init__(self, text: str) -> None:
        self._text = text

    def text(self) -> str:
        return self._text


@cache
def family_actions(rules: str) -> tuple[Action, ...]:
    """Actions of a family's own classes (not the dice and draws every family shares), from a short game of
    its first shipped scenario."""
    name = next(n for n, r in shipped_scenarios().items() if r == rules)
    state = new_game(_load(name), 3, {"max_turns": 1})
    rng = random.Random(3)
    found: list[Action] = []
    while not state.is_terminal() and len(found) < 20 and len(state.history()) < MAX_ACTIONS:
        legal = state.legal_actions()
        found += [a for a in legal[:3] if not isinstance(a, (Roll, Draw))]
        state.apply(state.sample_chance() if state.current_player == CHANCE else rng.choice(legal))
    assert found, f"a short {rules} game shows no action of the family's own"
    return tuple(found)


def refused(state: GameState, earlier: list[Action], rng: random.Random) -> list[object]:
    """What to offer `state`: none of it is legal there."""
    legal = state.legal_actions()
    foreign = [a for rules in {r for r in shipped_scenarios().values() if r != state.game.scenario.rules}
               for a in family_actions(rules)]
    out: list[object] = [None, 5, "no such action here 0101", rng.choice(foreign)]
    if legal:
        out.append(Impostor(legal[0].text()))
    own = [a for a in earlier if a not in legal]
    if own:
        out.append(rng.choice(own))
    if state.current_player == CHANCE:
        out += [Roll(99), Draw("no such marker")]
    return out


def snapshot(state: GameState) -> tuple[object, ...]:
    return (state.fingerprint(), state.action_texts(), [a.text() for a in state.legal_actions()],
            state.current_player, state.is_terminal())


def check_refusals(state: GameState, earlier: list[Action], rng: random.Random) -> None:
    untouched = state.clone()
    before = snapshot(state)
    for bad in refused(state, earlier, rng):
        with pytest.raises(IllegalAction) as checked:
            state.apply_checked(bad)  # type: ignore[arg-type]
        assert str(checked.value), f"refusing {bad!r} gives no reason"
        assert snapshot(state) == before, f"apply_checked({bad!r}) changed the state"
        if isinstance(bad, Action):
            with pytest.raises(IllegalAction) as unchecked:
                state.apply(bad)
            assert str(unchecked.value)
        else:
            with pytest.raises(TypeError, match="not an action"):
                state.apply(bad)  # type: ignore[arg-type]
        assert snapshot(state) == before, f"apply({bad!r}) changed the state"
    if not state.is_terminal():  # the state plays on as a copy that was never offered anything does
        twin, probe = untouched.clone(), state.clone()  # (a draw from a copy's sampler leaves the state's)
        action = twin.sample_chance() if twin.current_player == CHANCE else twin.legal_actions()[0]
        assert (probe.sample_chance() if probe.current_player == CHANCE else probe.legal_actions()[0]) == action
        twin.apply(action)
        probe.apply(action)
        assert snapshot(probe) == snapshot(twin)


def short_game(name: str) -> tuple[GameState, random.Random]:
    return new_game(_load(name), 11, {"max_turns": 1}), random.Random(11)


def next_action(state: GameState, rng: random.Random) -> Action:
    return state.sample_chance() if state.current_player == CHANCE else rng.choice(state.legal_actions())


@pytest.mark.parametrize(("rules", "name"), cases("shipped"))
def test_a_refused_action_changes_nothing(rules: str, name: str) -> None:
    state, rng = short_game(name)
    length = 0
    while not state.is_terminal() and length < MAX_ACTIONS:
        state.apply(next_action(state, rng))
        length += 1
    assert state.is_terminal(), f"a one-turn game of {name} did not end in {MAX_ACTIONS} actions"
    at = {1 + i * (length - 1) // POSITIONS for i in range(POSITIONS)}  # spread along the same game again
    state, rng = short_game(name)
    assert state.game.scenario.rules == rules
    offers = random.Random(5)
    earlier: list[Action] = []
    kinds = set()
    check_refusals(state, earlier, offers)
    while not state.is_terminal():
        if len(earlier) in at or (state.current_player == CHANCE) not in kinds:  # and a first chance node
            kinds.add(state.current_player == CHANCE)
            check_refusals(state, earlier, offers)
        action = next_action(state, rng)
        state.apply(action)
        earlier.append(action)
    assert len(earlier) == length
    check_refusals(state, earlier, offers)
    assert len(kinds) == 2, "the positions tried were not both chance nodes and player decisions"


def test_a_refusal_names_what_is_wrong() -> None:
    name, rules = next(iter(shipped_scenarios().items()))
    state = new_game(_load(name), 1)
    other = next(r for r in set(shipped_scenarios().values()) if r != rules)
    foreign = family_actions(other)[0]
    with pytest.raises(IllegalAction, match="is not an action of"):
        state.apply_checked(foreign)
    with pytest.raises(IllegalAction, match="is not an action of"):
        state.apply(Impostor(state.legal_actions()[0].text()))
    with pytest.raises(IllegalAction, match="not an action"):
        state.apply_checked(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="apply_checked reads an action's text"):
        state.apply(state.legal_actions()[0].text())  # type: ignore[arg-type]
