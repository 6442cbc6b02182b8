"""The rules kit's lazily listed legal actions (kit/listing.py): a `Listing` reads exactly as the list it
stands for (length, order, indexing, slicing, `in`, equality), a `Lazy` part makes an action only when it
is read and then always gives the same object, and F&M's Movement Phase lists its moves so (F&M 5.1)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pytest
from hexwright.engine.formats import load_scenario
from hexwright.engine.rules.chance import SeededSampler
from hexwright.engine.rules.fm.actions import Move, Pass
from hexwright.engine.rules.kit.listing import Lazy, Listing
from hexwright.engine.rules.protocol import CHANCE, Action, make_game

ROOT = Path(__file__).resolve().parents[3]
FM_S1 = ROOT / "scenarios" / "fm-arnhem" / "scenario-1-historical.yaml"


@dataclass(frozen=True)
class Num(Action):
    n: int

    def text(self) -> str:
        return f"num {self.n}"


def lazy(keys: list[int], made: dict[int, Action], calls: list[int]) -> Lazy:
    def make(k: int) -> Action:
        calls.append(k)
        return Num(k)

    def key_of(a: Action) -> int | None:
        return a.n if isinstance(a, Num) else None

    return Lazy(keys, make, made, key_of, Num)


def test_a_listing_reads_as_the_list_it_stands_for():
    calls: list[int] = []
    made: dict[int, Action] = {}
    listing = Listing([[Num(-1)], [], lazy([3, 1, 2], made, calls), (Pass(),)])
    plain = [Num(-1), Num(3), Num(1), Num(2), Pass()]
    assert calls == []  # nothing made yet
    assert len(listing) == 5
    assert listing[1] == Num(3) and calls == [3]
    assert listing[-1] == Pass() and listing[-2] == Num(2)
    assert listing[1:3] == [Num(3), Num(1)] and listing[::-1] == plain[::-1]
    assert listing == plain and plain == listing and listing != plain[:-1]
    assert list(listing) == plain
    assert listing + [Num(9)] == [*plain, Num(9)]
    assert Num(2) in listing and Num(7) not in listing and Pass() in listing
    assert listing.index(Num(2)) == 3
    with pytest.raises(IndexError):
        listing[5]
    with pytest.raises(IndexError):
        listing[-6]
    assert listing.kinds() == {Num, Pass}
    assert listing.of_kind(Num) == [Num(-1), Num(3), Num(1), Num(2)]
    assert Listing([]) == [] and len(Listing([[], ()])) == 0


def test_a_lazy_part_gives_the_same_object_each_time_and_holds_it_by_identity():
    calls: list[int] = []
    made: dict[int, Action] = {}
    first = lazy([1, 2, 3], made, calls)
    a = first[0]
    assert first[0] is a and calls == [1]
    again = lazy([1, 3], made, calls)  # a later list over the same source: the same objects
    assert again[0] is a
    listing = Listing([again])
    assert listing.holds(a)
    assert not listing.holds(Num(1))  # equal but not the object listed
    assert not Listing([lazy([3], made, calls)]).holds(a)  # made, but no longer listed
    assert Num(2) not in again  # made for another list, not in this one


def test_fm_movement_lists_moves_lazily_and_the_random_games_are_unchanged():
    """The legal list of an F&M Movement Phase is a Listing whose moves are made when read; reading it
    whole gives the same actions as its indexing, and `is_legal` finds a listed move by identity."""
    game = make_game(load_scenario(str(FM_S1)).scenario)
    state = game.new_initial_state(3, SeededSampler(3))
    rng = random.Random(3)
    seen = 0
    while not state.is_terminal() and seen < 40:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
            continue
        legal = state.legal_actions()
        if isinstance(legal, Listing) and any(isinstance(p, Lazy) for p in legal.parts):
            seen += 1
            i = rng.randrange(len(legal))
            picked = legal[i]
            assert state.legal_actions()[i] is picked  # the memo gives the same listing and objects
            assert state.is_legal(picked)
            assert list(legal)[i] is picked
            assert [a.text() for a in legal] == [legal[j].text() for j in range(len(legal))]
            moves = [a for a in legal if isinstance(a, Move)]
            assert moves and all(m in legal for m in moves[:5])
            detour = Move(moves[0].unit, moves[0].path + ("ZZZZ",))
            assert detour not in legal  # not a listed move
            state.apply(picked)
        else:
            state.apply(legal[rng.randrange(len(legal))])
    assert seen == 40
