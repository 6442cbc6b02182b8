"""Screenshots of a scenario that starts mid-game for docs/screenshots (run under Xvfb for the real look):

    xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb \\
        python -m hexwright.app.playtest.start_screenshots docs/screenshots

start-state-turn.png: the Start state panel's "Turn and state" tab of Target Arnhem starting on turn 4 in
the German impulse 2, with supply points, a unit in off-board area P, a unit eliminated and the problems
validation finds; playtest-mid-game.png: a Target Arnhem game played 300 random decisions, saved with
File > Start from Here and played from there (the window's title names the turn and phase it starts in);
playtest-mid-game-FOLDER.png: the same for the first shipped scenario of each other family (120
decisions), FOLDER its folder under scenarios/.
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


def _shipped_by_family() -> dict[str, Path]:
    """The first shipped scenario of each family that can start mid-game, by family id."""
    from hexwright.engine.rules.registry import RULES_FAMILIES

    out: dict[str, Path] = {}
    for path in sorted((ROOT / "scenarios").glob("*/*.yaml")):
        if "kind: hexwright-scenario" not in path.read_text(encoding="utf-8"):
            continue
        sc = load_scenario(path).scenario
        family = RULES_FAMILIES.get(sc.rules) if sc is not None else None
        if sc is not None and family is not None and family.start_capture and sc.rules not in out:
            out[sc.rules] = path
    return out


def mid_game(app: QApplication, out: Path, path: Path, name: str, decisions: int = 300) -> None:
    sc = load_playable(path)
    s = GameSession(sc, 5, {side.id: "human" for side in sc.sides}, str(path))
    w = PlaytestWindow(s, path.parent, pace_ms=0)
    w.move(0, 0)
    w.resize(1400, 900)
    w.show()
    rng = random.Random(5)
    for _ in range(decisions):
        st = s.state
        if st.is_terminal():
            break
        s.apply(st.sample_chance() if st.is_chance_node() else rng.choice(list(st.legal_actions())))
    with tempfile.TemporaryDirectory() as tmp:
        if not w.files.start_from_here(Path(tmp) / f"{path.stem}-later.yaml"):
            raise SystemExit(f"start from here failed for {path.name}")
        _settle(app, 2.0)
        print(w.windowTitle())
        w.grab().save(str(out / name))
    w.close()


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "docs/screenshots")
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([])
    start_state_panel(app, out)
    for path in _shipped_by_family().values():
        name = "playtest-mid-game.png" if path == TA else f"playtest-mid-game-{path.parent.name}.png"
        mid_game(app, out, path, name, 120 if path != TA else 300)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
