"""The rules kit's common parts (engine/rules/kit/actions.py, steps.VerbStep, machine.end_game): the one
action reader every family's `parse_action` is, refusal by verb, and the public end of a game; and that
no family reaches into the machine's private state."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest
from hexwright.engine.rules import registry
from hexwright.engine.rules.kit import ActionReader, Decision, OfUnit, UnitTo, VerbStep, Word, verb_of
from hexwright.engine.rules.protocol import Action, Draw, Roll

from .test_kit import _game


@dataclass(frozen=True)
class Hit(OfUnit):
    verb: ClassVar[str] = "hit"


@dataclass(frozen=True)
class Go(UnitTo):
    verb: ClassVar[str] = "go"


@dataclass(frozen=True)
class Done(Word):
    verb: ClassVar[str] = "done"


@dataclass(frozen=True)
class Points(Action):
    verb: ClassVar[str] = "points"
    n: int

    def text(self) -> str:
        return f"points {self.n}"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        (n,) = words
        return cls(int(n))


READ = ActionReader("Toy", [Roll, Draw, Hit, Go, Done, Points])


@pytest.mark.parametrize("action", [Roll(4), Draw("HQ 9SS"), Hit("B-2"), Go("B-2", "0503"), Done(), Points(3)])
def test_every_action_reads_back_from_its_text(action: Action) -> None:
    assert READ(action.text()) == action and verb_of(action) == action.text().split()[0]


def test_white_space_and_the_verbs_case_do_not_matter() -> None:
    assert READ("  go   B-2\t0503 ") == Go("B-2", "0503") and READ("DONE") == Done()


@pytest.mark.parametrize(("text", "why"), [
    ("", "an empty action"),
    ("jump B-2", "unknown action 'jump'; Toy actions are: roll, draw, hit, go, done, points"),
    ("hit", "cannot read 'hit'"),
    ("go B-2", "cannot read 'go B-2'"),
    ("done now", "cannot read 'done now': takes no arguments"),
    ("points many", "cannot read 'points many'"),
])
def test_what_cannot_be_read_is_refused_with_what_is_wrong(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=re.escape(why)):
        READ(text)


def test_a_reader_refuses_two_classes_of_one_verb_and_a_class_without_one() -> None:
    @dataclass(frozen=True)
    class Other(Word):
        verb: ClassVar[str] = "done"

    with pytest.raises(ValueError, match="two actions are written 'done'"):
        ActionReader("Toy", [Done, Other])
    with pytest.raises(ValueError, match="has no verb"):
        ActionReader("Toy", [Word])


@dataclass(frozen=True)
class Choose(Decision):
    pass


class ChooseStep(VerbStep["object", Choose]):
    decision = Choose
    rule = "Toy 4.2"
    name = "choose a unit to hit"
    why: ClassVar[dict[str, str]] = {"hit": "only a unit in the battle takes a Hit (Toy 4.2)"}
    takes = ("points",)


class _Asked:
    """The little of a state a step's refusal reads: its legal actions and the sides' names."""

    def __init__(self, legal: list[Action]) -> None:
        self.legal = legal

    def legal_actions(self) -> list[Action]:
        return self.legal

    def side_name(self, side: str) -> str:
        return side.capitalize()


def test_a_verb_step_refuses_by_verb_with_the_rule() -> None:
    step, d, st = ChooseStep(), Choose("allies"), _Asked([Hit("A"), Hit("B"), Done()])
    assert step.explain(st, d, Hit("Z")) == "hit Z: only a unit in the battle takes a Hit (Toy 4.2)"
    assert step.explain(st, d, Go("A", "0101")) == ("go A 0101 is not legal now: Allies must decide: choose a unit to "
                                                    "hit (Toy 4.2); legal here: done, hit")
    # a verb the step takes though none is legal now: its own reason (here the default one)
    assert step.explain(st, d, Points(2)) == "points 2: not allowed here (Toy 4.2)"


def test_end_game_is_the_public_end_of_a_game() -> None:
    from hexwright.engine.rules.protocol import Outcome

    st = _game().new_initial_state(1)
    assert not st.is_terminal() and st.pending_decision() is not None
    st.end_game(Outcome("germans", reason="conceded (Toy 9.9)"))
    assert st.is_terminal() and st.outcome() == Outcome("germans", reason="conceded (Toy 9.9)")
    assert st.pending_decision() is None and st.legal_actions() == [] and st.current_player == ""
    assert st.events[-1][1] == "game over: Germans wins: conceded (Toy 9.9)"


FAMILIES = Path(registry.__file__).resolve().parent
PRIVATE = re.compile(r"\.(_outcome|_pending)\b|\.pending\s*=")


@pytest.mark.parametrize("family", sorted(p.name for p in FAMILIES.iterdir() if (p / "__init__.py").exists()
                                          and p.name != "kit"))
def test_no_family_writes_the_machines_private_state(family: str) -> None:
    """A family ends a game with end_game and asks a decision with ask: it never sets the outcome or the
    pending decision itself."""
    found = [f"{f.name}:{n}: {line.strip()}" for f in sorted((FAMILIES / family).glob("*.py"))
             for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1) if PRIVATE.search(line)]
    assert found == []
