"""The playtest window asks before a pass that leaves units unmoved (app/playtest/seats.py `ask`, a modal
question): a test driving a game answers Yes, so a test that passes plays on instead of waiting for a person;
`pass_questions` records what was asked, and a test of the question itself sets its own answer."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def pass_questions(monkeypatch):
    asked: list[tuple[str, str]] = []

    def answer_yes(parent, title: str, text: str) -> bool:
        asked.append((title, text))
        return True

    from hexwright.app.playtest import seats

    monkeypatch.setattr(seats, "ask", answer_yes)
    return asked
