"""The Crossing's decision rows and log lines in the players' words (003_6afad32bba8815b2.txt 3.6, 3.41): a
fire group's rows say who joins which fire, the Tactical Advantage's rows what using it does; the notation
(`with B-A2`, `use-ta`) stays each action's text."""

from __future__ import annotations

from hexwright.engine.rules.presentation import presenter_for
from hexwright.engine.rules.storm_over_arnhem.actions import UseTA, With
from hexwright.engine.rules.storm_over_arnhem.decisions import ContinueTurn

from tests.engine.rules.storm_over_arnhem.board_fixtures import Board


def labels(st) -> dict[str, str]:
    return {v.action.text(): v.label for v in presenter_for(st).action_views(st)}


def test_a_fire_groups_rows_name_the_unit_its_values_and_the_fire():
    b = Board("1")
    for uid, area in (("B-A1", "17"), ("B-A2", "17"), ("G-Gar1", "18")):
        b.put(uid, area)
    b.start("british")
    b.do("fire 17 18")
    rows = labels(b.state)
    assert rows["with B-A1"] == "B-A1 (4-5-5, area 17) joins the fire group from area 17 at area 18"
    b.do("with B-A1")
    assert labels(b.state)["resolve"] == "fire: the group from area 17 at area 18"
    assert presenter_for(b.state).action_text(b.state, With("B-A2")) == "B-A2 joins the group"


def test_the_tactical_advantages_rows_say_what_they_do():
    b = Board("1")
    st = b.state
    st.ask(ContinueTurn("british"))
    rows = labels(st)
    assert rows["use-ta"] == "use the Tactical Advantage to continue the turn (Storm over Arnhem 3.41)"
    assert rows["end-turn"] == "let the turn end (the Tactical Advantage not used)"
    assert UseTA().text() == "use-ta"
