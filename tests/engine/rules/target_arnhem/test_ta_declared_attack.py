"""A declared Target Arnhem attack can be cancelled before it is resolved (no unit has acted), and the combat
preview shows the declared attack before its resolution is picked (001_69d92a61f68ed4f9.txt: Attack, Combat);
the decision rows say what each choice does, the notation stays the action's text."""

from __future__ import annotations

import pytest
from hexwright.engine.rules.presentation import presenter_for
from hexwright.engine.rules.protocol import IllegalAction
from hexwright.engine.rules.target_arnhem.actions import Attack, Cancel, Fire, With

from tests.engine.rules.target_arnhem.test_ta_sequence import impulse


def declared(board):
    board.put("A-GrenGds", "0105")
    board.put("A-IrishGds", "0205")
    board.put("G-59-1", "0106")
    st = impulse(board)
    st.apply_checked(Attack("0106"))
    return st


def test_a_declared_attack_is_cancelled_and_not_declared_again_until_the_side_does_something_else(board):
    st = declared(board)
    assert Cancel() in st.legal_actions()
    st.apply_checked(With("A-GrenGds"))
    st.apply_checked(Cancel())
    assert st.combat is None and "A-GrenGds" not in st.acted
    assert st.events[-1][1] == "the attack on 0106 is cancelled: no unit has acted (Target Arnhem: Attack)"
    # a cancel never leads back where it started: the same target waits for another act of the side
    assert Attack("0106") not in st.legal_actions()
    st.apply_checked("move A-IrishGds 0204")
    assert Attack("0106") in st.legal_actions()


def test_the_preview_shows_the_declared_attack_before_its_resolution_is_picked(board):
    st = declared(board)
    p = presenter_for(st)
    view = p.declared_attack(st)
    assert view is not None and view.action == Cancel()  # no unit yet
    empty = p.combat_preview(st, view.action)
    assert empty is not None and empty.target == "0106" and empty.defenders == ("G-59-1",)
    assert empty.summary.startswith("attack declared on 0106 (G-59-1), no attacking unit yet")
    joining = p.combat_preview(st, With("A-GrenGds"))
    assert joining is not None and joining.attackers == ("A-GrenGds",) and joining.column
    st.apply_checked(With("A-GrenGds"))
    view = p.declared_attack(st)
    assert view is not None and view.action == Fire(False)
    shown = p.combat_preview(st, view.action)
    assert shown is not None and shown.attackers == ("A-GrenGds",) and shown.column == joining.column


def test_the_rows_are_in_the_players_words(board):
    st = declared(board)
    labels = {v.action.text(): v.label for v in presenter_for(st).action_views(st)}
    assert labels["with A-GrenGds"].startswith("A-GrenGds (") and labels["with A-GrenGds"].endswith(
        "in 0105) joins the attack on 0106")
    assert labels["cancel"] == "cancel the attack on 0106: no unit has acted"
    st.apply_checked(With("A-GrenGds"))
    labels = {v.action.text(): v.label for v in presenter_for(st).action_views(st)}
    assert labels["fire"] == "resolve the attack on 0106 by A-GrenGds"
    assert presenter_for(st).action_text(st, With("A-GrenGds")) == "A-GrenGds joins the attack"


def refusal(st, action) -> str:
    with pytest.raises(IllegalAction) as refused:
        st.apply_checked(action)
    return str(refused.value)


def test_a_unit_that_may_not_join_and_a_resolution_too_soon_are_refused_with_their_reason(board):
    board.put("A-CldmGds", "0305")
    st = declared(board)
    assert refusal(st, With("A-CldmGds")) == ("with A-CldmGds: A-CldmGds is not adjacent to 0106: attacks are only "
                                              "ever with adjacent on-board units (Target Arnhem: Attack)")
    assert refusal(st, Fire(False)) == "fire: no unit attacks 0106 yet: add one first (Target Arnhem: Combat)"
    st.apply_checked(With("A-GrenGds"))
    assert refusal(st, With("A-GrenGds")) == "with A-GrenGds: A-GrenGds already attacks 0106"
