"""Validation that returns data: a list of Diagnostic records, never exceptions (python-chess
`Board.status()` in spirit). The loader reports what is malformed; `validate_scenario` reports what
is well-formed but wrong by the rules of the format and the game."""

from .areachecks import area_map_diagnostics as validate_area_map
from .checks import validate_scenario
from .diagnostics import Diagnostic, Severity, SourceMap, has_errors

__all__ = ["Diagnostic", "Severity", "SourceMap", "has_errors", "validate_area_map", "validate_scenario"]
