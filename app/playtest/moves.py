"""Why a move a person tried is not allowed: the family's own explanation (`explain_illegal`) of the move
action the person meant by pointing, built from the presenter's `move_action` if it has one, or from
the text of a move this decision offers with the unit and the path put in.
"""

from __future__ import annotations

from collections.abc import Sequence

from hexwright.engine.rules.presentation import ActionView
from hexwright.engine.rules.protocol import Action

from .panels import is_map_move
from .session import GameSession


def construct_move(session: GameSession, views: Sequence[ActionView], uid: str, path: Sequence[str]) -> Action | None:
    """The family's move action of `uid` along `path` (for its explanation), or None if none can be made."""
    make = getattr(session.presenter, "move_action", None)
    if make is not None:
        try:
            a = make(session.state, uid, tuple(path))
        except (ValueError, KeyError):
            a = None
        if a is not None:
            return a
    template = next((v for v in views if is_map_move(v) and v.units and v.hexes), None)
    if template is None:
        return None
    text = template.action.text()
    joined = "-".join(template.hexes)
    if text.endswith(joined) and len(template.hexes) > 1:
        new = text[: -len(joined)] + "-".join(path)
    elif text.endswith(template.hexes[-1]):
        new = text[: -len(template.hexes[-1])] + path[-1]
    else:
        return None
    tu = template.units[0]
    if f" {tu} " not in new:
        return None
    new = new.replace(f" {tu} ", f" {uid} ", 1)
    try:
        return session.state.parse_action(new)
    except ValueError:
        return None


def explain_move(session: GameSession, views: Sequence[ActionView], uid: str, path: Sequence[str]) -> str:
    """Which rule forbids moving `uid` along `path`: the family's explanation of that move."""
    st = session.state
    if not path:
        return f"{uid} is not on the map"
    action = construct_move(session, views, uid, path)
    if action is None:
        return f"No unit moves in this step of the sequence of play: {session.presenter.prompt(st)}"
    if action in st.legal_actions():
        return f"{action.text()} is legal"
    try:
        why = st.explain_illegal(action)
    except Exception as exc:  # an explanation must never break the window
        return f"{action.text()} is not legal here ({exc})"
    # the person pointed, he wrote no notation: the reason without the action's text in front of it
    return why.removeprefix(f"{action.text()}: ")


__all__ = ["construct_move", "explain_move"]
