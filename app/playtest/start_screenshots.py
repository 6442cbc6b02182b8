"""Screenshots of a scenario that starts mid-game for docs/screenshots (run under Xvfb for the real look):

    xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb \\
        python -m hexwright.app.playtest.start_screenshots docs/screenshots

start-state-turn.png: the Start state panel's "Turn and state" tab of Target Arnhem starting on turn 4 in
the German impulse 2, with supply points, a unit in off-board area P, a unit eliminated and the problems
validation finds; playtest-mid-game.png: a Target Arnhem game played 300 random decisions, saved with
File > Start from Here and played from there (the window's title names the turn and phase it starts in).
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

from hexwright.engine.formats import load_scenario
from PySide6.QtWidgets import QApplication

from .screenshots import _settle
from .session import GameSession, load_playable
from .window import PlaytestWindow

ROOT = Path(__file__).resolve().parents[2]
TA = ROOT / "scenarios" / "target-arnhem" / "target-arnhem.yaml"


def start_state_panel(app: QApplication, out: Path) -> None:
    from hexwright.app.scenario.document import ScenarioDocument
    from hexwright.app.scenario.start_commands import SetStartValue, SetUnitStart
    from hexwright.app.scenario.start_state import StartStateEditor

    result = load_scenario(TA)
    assert result.scenario is not None
    doc = ScenarioDocument(result.scenario)
    for key, value in (("turn", 4), ("phase", "german-impulse-2"), ("supply_points", {"SS": 3, "German": 2}),
                       ("unfortified", ["G-FJWalther"])):
        doc.undo_stack.push(SetStartValue(doc, key, value))
    doc.undo_stack.push(SetUnitStart(doc, "G-59-1", "offboard", "P"))
    doc.undo_stack.push(SetUnitStart(doc, "G-FJ2", "out_of_play", "eliminated"))
    panel = StartStateEditor(doc)
    panel.tabs.setCurrentIndex(panel.tabs.count() - 1)
    panel.resize(1100, 420)
    panel.move(0, 0)
    panel.show()
    _settle(app, 1.0)
    panel.grab().save(str(out / "start-state-turn.png"))
    panel.close()


def mid_game(app: QApplication, out: Path) -> None:
    sc = load_playable(TA)
    s = GameSession(sc, 5, {"allied": "human", "german": "human"}, str(TA))
    w = PlaytestWindow(s, pace_ms=0)
    w.move(0, 0)
    w.resize(1600, 1000)
    w.show()
    rng = random.Random(5)
    for _ in range(300):
        st = s.state
        if st.is_terminal():
            break
        s.apply(st.sample_chance() if st.is_chance_node() else rng.choice(list(st.legal_actions())))
    with tempfile.TemporaryDirectory() as tmp:
        if not w.files.start_from_here(Path(tmp) / "target-arnhem-later.yaml"):
            raise SystemExit("start from here failed")
        _settle(app, 2.0)
        print(w.windowTitle())
        w.grab().save(str(out / "playtest-mid-game.png"))
    w.close()


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "docs/screenshots")
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([])
    start_state_panel(app, out)
    mid_game(app, out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
