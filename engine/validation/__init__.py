"""Validation that returns data: a list of Diagnostic records, never exceptions (python-chess
`Board.status()` in spirit). The loader reports what is malformed; `validate_scenario` reports what
is well-formed but wrong by the rules of the format and the game."""

from .diagnostics import Diagnostic, Severity, SourceMap, has_errors
from .checks import validate_scenario

__all__ = ["Diagnostic", "Severity", "SourceMap", "has_errors", "validate_scenario"]
