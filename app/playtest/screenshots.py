"""Screenshots of a playtest in progress for docs/screenshots (run under Xvfb for the real window look):

    xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb \\
        python -m hexwright.app.playtest.screenshots docs/screenshots

playtest.png: F&M Scenario 1 as the Allies against the heuristic bot after the landings, a unit next to the
German line selected (its reach with the MP of each hex, the enemy zones of control), the path to a hex;
playtest-combat.png: the German side's first ground attack with its combat preview.
With "decisions" after the folder, only the decision panel's: playtest-landing.png (the first airborne
landing, "Land all" offered), playtest-decision-panel.png (the German attacks listed, the third picked and
previewed: the list and "Do it" where they were before the pick).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

from hexwright.engine.rules.presentation import ATTACK, MOVE, PASS
from PySide6.QtWidgets import QApplication

from .session import GameSession, load_playable
from .window import PlaytestWindow

ROOT = Path(__file__).resolve().parents[2]
FM1 = ROOT / "scenarios" / "fm-arnhem" / "scenario-1-historical.yaml"


def _wait(app: QApplication, cond: Callable[[], bool], seconds: float = 60.0) -> None:
    t0 = time.monotonic()
    while not cond() and time.monotonic() - t0 < seconds:
        app.processEvents()
        time.sleep(0.005)


def _settle(app: QApplication, seconds: float = 1.0) -> None:
    _wait(app, lambda: False, seconds)


def decisions(app: QApplication, out: Path) -> None:
    sc = load_playable(FM1)
    s = GameSession(sc, 1, {"allied": "human", "german": "heuristic"}, str(FM1))
    w = PlaytestWindow(s, pace_ms=0)
    w.move(0, 0)
    w.resize(1600, 1000)
    w.show()
    _wait(app, s.human_to_act)
    w.decision.list.setCurrentRow(0)
    _settle(app, 1.0)
    w.grab().save(str(out / "playtest-landing.png"))
    s2 = GameSession(sc, 3, {"allied": "heuristic", "german": "human"}, str(FM1))
    w.set_session(s2)
    for _ in range(600):
        _wait(app, s2.human_to_act)
        views = w.views()
        if len([v for v in views if v.kind == ATTACK]) >= 3:
            break
        w.apply_action(next((v for v in views if v.kind == PASS), views[0]).action)  # a script: no question
    _settle(app, 0.5)
    before = (w.decision.do_button.mapTo(w, w.decision.do_button.rect().topLeft()), w.decision.list.height())
    w.decision.list.setCurrentRow(2)
    _settle(app, 1.5)
    after = (w.decision.do_button.mapTo(w, w.decision.do_button.rect().topLeft()), w.decision.list.height())
    print(f"Do it at {before[0].toTuple()} then {after[0].toTuple()}; list {before[1]} then {after[1]} px high")
    w.grab().save(str(out / "playtest-decision-panel.png"))
    w.close()


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "docs/screenshots")
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([])
    if args[1:] == ["decisions"]:
        decisions(app, out)
        return 0
    sc = load_playable(FM1)
    s = GameSession(sc, 1, {"allied": "human", "german": "heuristic"}, str(FM1))
    w = PlaytestWindow(s, pace_ms=0)
    w.move(0, 0)
    w.resize(1600, 1000)
    w.show()
    for _ in range(300):  # the landings: the first hex offered for each
        _wait(app, s.human_to_act)
        views = w.views()
        if any(v.kind == MOVE for v in views):
            break
        w.apply_action(views[0].action)
    _settle(app)
    moves = [v for v in w.views() if v.kind == MOVE and v.cost is not None]
    zoc = s.presenter.zoc_hexes(s.state, "allied")
    uid = max({v.units[0] for v in moves}, key=lambda u: (len(set(s.presenter.move_costs(s.state, u)) & zoc),
                                                          len([v for v in moves if v.units[0] == u])))
    w.board.view.set_zoom(1.4)
    start = w.board.units[uid].hex
    assert start is not None
    w.click_hex(start)
    w.board.view.centerOn(w.board.centre(start))
    _settle(app, 0.3)
    vis = w.board.view.visible_scene_rect().adjusted(60, 60, -60, -60)
    far = max((v for v in w.unit_moves(uid) if vis.contains(w.board.centre(v.hexes[-1]))), key=lambda v: len(v.hexes))
    w.hover_hex(far.hexes[-1])
    _settle(app, 1.5)
    w.grab().save(str(out / "playtest.png"))
    s2 = GameSession(sc, 3, {"allied": "heuristic", "german": "human"}, str(FM1))
    w.set_session(s2)
    attacks = []
    for _ in range(600):  # pass as the German until two ground attacks are offered
        _wait(app, s2.human_to_act)
        views = w.views()
        attacks = [v for v in views if v.kind == ATTACK and v.verb == "attack"]
        if len(attacks) >= 2:
            break
        w.apply_action(next((v for v in views if v.kind == PASS), views[0]).action)  # a script: no question
    target = attacks[0].hexes[-1]
    w.board.view.set_zoom(1.6)
    w.board.view.centerOn(w.board.centre(target))
    w.click_hex(target)
    _settle(app, 1.5)
    w.grab().save(str(out / "playtest-combat.png"))
    w.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
