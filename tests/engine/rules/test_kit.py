"""The rules kit (engine/rules/kit/): the position, the step table and the sequence machine, on a toy
family of two steps, so that what every family relies on is tested apart from any rulebook."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

import pytest
from hexwright.engine.model import StartState
from hexwright.engine.rules.chance import SeededSampler
from hexwright.engine.rules.kit import (
    ActionReader,
    ChanceStep,
    Decision,
    Position,
    SequenceState,
    Step,
    StepTable,
    Task,
    UnitStatus,
    Word,
)
from hexwright.engine.rules.protocol import CHANCE, Action, Game, IllegalAction, Outcome, Phase, Roll

from .synthetic import H, blank_map, scenario, unit


@dataclass(frozen=True)
class Go(Action):
    verb: ClassVar[str] = "go"
    hex: str

    def text(self) -> str:
        return f"go {self.hex}"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        (h,) = words
        return cls(h)


@dataclass(frozen=True)
class Wait(Word):
    verb: ClassVar[str] = "wait"


@dataclass(frozen=True)
class MoveDecision(Decision):
    unit: str
    skip_when_only = Wait()


@dataclass(frozen=True)
class RollDecision(Decision):
    pass


class MoveStep(Step["ToyState", MoveDecision]):
    decision = MoveDecision
    rule = "Toy 1.1"
    name = "move the unit"

    def legal(self, state: ToyState, d: MoveDecision) -> list[Action]:
        m = state.game.scenario.map
        h = state.position.hex_of(d.unit)
        out: list[Action] = []
        if h is not None and not state.frozen:
            out += [Go(m.label(n)) for n in m.neighbors_on_map(h) if state.position.occupant(n) is None]
        return sorted(out, key=lambda a: a.text()) + [Wait()]

    def apply(self, state: ToyState, d: MoveDecision, action: Action) -> None:
        if isinstance(action, Go):
            h = state.game.scenario.map.hex_at(action.hex)
            assert h is not None
            state.position.place(d.unit, h)
        state.ask(RollDecision(CHANCE))


class RollStep(ChanceStep["ToyState", RollDecision]):
    decision = RollDecision
    rule = "Toy 1.2"

    def outcomes(self, state: ToyState, d: RollDecision) -> list[tuple[Action, Fraction]]:
        return [(Roll(v), Fraction(1, 6)) for v in range(1, 7)]

    def apply(self, state: ToyState, d: RollDecision, action: Action) -> None:
        assert isinstance(action, Roll)
        state.rolls.append(action.value)
        if action.value == 1:
            state.position.lose_steps("A")


@dataclass(frozen=True)
class NextTurn(Task):
    def run(self, state: ToyState) -> None:
        state.turn += 1
        state.ask(MoveDecision("allies", "A"))


class ToyState(SequenceState):
    steps = StepTable([MoveStep(), RollStep()])

    def __init__(self, game: ToyGame, seed: int) -> None:
        super().__init__(game, SeededSampler(seed))
        self.position = Position.from_scenario(game.scenario)
        self.turn = 0
        self.rolls: list[int] = []
        self.frozen = False
        self.advance()

    def next_stage(self) -> None:
        if self.turn >= 3:
            self.end_game(Outcome("allies", reason="three turns played (Toy 2.0)"))
        else:
            self.queue.append(NextTurn())

    def check_victory(self) -> Outcome | None:
        if self.position.steps_lost("A") >= 2:
            return Outcome("germans", reason="A lost two steps (Toy 3.0)")
        return None

    @property
    def phase(self) -> Phase:
        return Phase("Toy phase", "Toy 1.0", self.turn)

    def fingerprint(self) -> object:
        return (self.turn, self.position.key(), self.pending_decision(), tuple(self.queue), self.action_texts())


class ToyGame(Game):
    def new_initial_state(self, seed: int = 0, sampler=None) -> ToyState:
        return ToyState(self, seed)

    def parse_action(self, text: str) -> Action:
        return READ(text)


READ = ActionReader("Toy", [Go, Wait, Roll])


def _game(**start: dict) -> ToyGame:
    m = blank_map(6, 6)
    sc = scenario(m, [unit("A", "allies", 2, 2, 4, reduced=(1, 1, 4)), unit("G", "germans", 2, 2, 4)],
                  {"A": "0303", "G": "0305"})
    sc.start = StartState(**start)
    return ToyGame(sc)


def test_position_from_scenario_places_units_and_applies_the_start_state():
    g = _game(steps_lost={"A": 1}, hexsides={"0303/0304": "demolished"})
    m = g.scenario.map
    pos = Position.from_scenario(g.scenario)
    assert pos.hex_of("A") == H(m, "0303") and pos.status("A") == UnitStatus.ON_MAP
    assert pos.steps_lost("A") == 1 and pos.steps_lost("G") == 0
    assert pos.hexsides_in("demolished") == {m.hexside_at("0303/0304")}
    assert pos.occupant(H(m, "0305")) == "G" and pos.units_at(H(m, "0101")) == ()


def test_position_changes_bump_the_revision_and_refresh_occupancy():
    g = _game()
    m = g.scenario.map
    pos = Position.from_scenario(g.scenario)
    r = pos.revision
    assert pos.occupant(H(m, "0303")) == "A"
    pos.place("A", H(m, "0404"))
    assert pos.revision > r and pos.occupant(H(m, "0303")) is None and pos.occupant(H(m, "0404")) == "A"
    pos.remove("A")
    assert pos.status("A") == UnitStatus.ELIMINATED and pos.hex_of("A") is None
    with pytest.raises(ValueError):
        pos.set_status("A", UnitStatus.ON_MAP)  # a unit comes on the map only with a hex


def test_a_position_copy_is_independent():
    pos = Position.from_scenario(_game().scenario)
    other = copy.deepcopy(pos)
    other.lose_steps("A")
    assert pos.steps_lost("A") == 0 and other.steps_lost("A") == 1 and pos.key() != other.key()


def test_a_step_table_refuses_two_steps_for_one_decision():
    with pytest.raises(ValueError, match="two steps answer MoveDecision"):
        StepTable([MoveStep(), MoveStep()])


def test_the_machine_asks_the_pending_steps_legal_actions_and_applies_them():
    st = _game().new_initial_state(1)
    assert st.current_player == "allies" and isinstance(st.pending_decision(), MoveDecision)
    assert Wait() in st.legal_actions() and Go("0304") in st.legal_actions()
    st.apply_checked("go 0304")
    assert st.unit_hex("A") == H(st.game.scenario.map, "0304")
    assert st.current_player == CHANCE and len(st.chance_outcomes()) == 6


def test_a_refused_action_names_the_rule_and_changes_nothing():
    st = _game().new_initial_state(1)
    before = st.fingerprint()
    with pytest.raises(IllegalAction, match=r"Toy 1\.1"):
        st.apply_checked(Go("0101"))
    with pytest.raises(IllegalAction, match="not an action"):
        st.apply_checked(None)  # type: ignore[arg-type]
    assert st.fingerprint() == before and st.history() == []


def test_a_decision_with_only_its_empty_choice_is_taken_and_logged():
    st = _game().new_initial_state(1)
    st.frozen = True  # nothing to move: the only legal action is Wait
    st.apply(Wait())
    st.apply(Roll(3))
    # the next turn's move decision had only Wait: it was taken, recorded and logged, not asked
    assert st.skipped and st.skipped[-1].action == Wait() and st.skipped[-1].decision == MoveDecision("allies", "A")
    assert any("nothing to decide (Toy 1.1)" in t and t.startswith("Allies") for t in st.events_since(0))
    assert st.current_player == CHANCE


def test_victory_at_any_time_ends_the_game():
    g = _game(steps_lost={"A": 1})
    st = g.new_initial_state(1)
    st.apply(Wait())
    st.apply(Roll(1))
    assert st.is_terminal() and st.outcome() == Outcome("germans", reason="A lost two steps (Toy 3.0)")
    assert st.legal_actions() == [] and st.current_player == ""
    with pytest.raises(IllegalAction, match="game is over"):
        st.apply_checked(Wait())


def test_clone_equality_and_independence():
    st = _game().new_initial_state(2)
    st.apply(Go("0304"))
    other = st.clone()
    assert other == st and other.game is st.game
    other.apply(Roll(2))
    assert other != st and st.current_player == CHANCE
