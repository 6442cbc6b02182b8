"""The balance lab dialog: many bot-against-bot games of a scenario in worker processes, with
progress, cancel and the CLI's reports (engine/balance). `open_balance_lab(parent, scenario_path)`
opens it from the editor."""

from .dialog import BalanceLabDialog, open_balance_lab
from .study import StudyRequest, StudyResult, StudyThread

__all__ = ["BalanceLabDialog", "StudyRequest", "StudyResult", "StudyThread", "open_balance_lab"]
