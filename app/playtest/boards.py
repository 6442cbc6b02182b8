"""The board for a scenario's map: the area board on an area map, else the hex board (both behind the
PlaytestBoard protocol of boardview.py, which imports neither kind)."""

from __future__ import annotations

from pathlib import Path

from hexwright.engine.model import Scenario
from PySide6.QtWidgets import QWidget

from .area_board import AreaBoardView
from .boardview import BoardView
from .hex_board import HexBoardView


def make_board(scenario: Scenario, base_dir: Path | None, parent: QWidget | None = None) -> BoardView:
    """A board for `scenario`'s map, its view a child of `parent`."""
    if scenario.area_map is not None:
        return AreaBoardView(scenario, base_dir, parent)
    return HexBoardView(scenario, base_dir, parent)


__all__ = ["make_board"]
