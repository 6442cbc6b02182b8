"""Screenshots of a refusal in each rules family's playtest, for docs/playtest.md (run under Xvfb for the real
window look):

    xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb \\
        python -m hexwright.app.playtest.screenshots_refusals docs/screenshots

Each picture is the whole window after a click the rules forbid: the status bar names the one rule, the hex
clicked and the figures; the decision panel shows the decision in hand in the players' words.

* playtest-refusal-fm.png: F&M Scenario 1 after Land all, 101-7 pointed at a hex beyond its MP (5.2 a, c).
* playtest-refusal-koenig.png: Arnhem Bridge, an activation, an enemy counter clicked (7.1).
* playtest-refusal-target-arnhem.png: an Allied impulse, a hex three away clicked off the road (Movement).
* playtest-refusal-storm.png: The Crossing, a unit pointed at an area beyond its MF (3.1).
* playtest-declared-attack.png: Target Arnhem, an attack declared, its preview before a row is picked.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from hexwright.engine.hexgrid import hex_distance
from hexwright.engine.rules.presentation import ATTACK, ENTER, MOVE, PASS, ActionView
from PySide6.QtWidgets import QApplication

from .panels import is_map_move
from .screenshots import _settle, _wait
from .session import HUMAN, GameSession, load_playable
from .window import PlaytestWindow

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"


def _window(app: QApplication, name: str, seats: dict[str, str], seed: int) -> PlaytestWindow:
    path = SCENARIOS / name
    s = GameSession(load_playable(path), seed, seats, str(path))
    w = PlaytestWindow(s, path.parent, pace_ms=0)
    w.move(0, 0)
    w.resize(1600, 1000)
    w.show()
    _wait(app, lambda: s.human_to_act() or s.state.is_terminal())
    return w


Pick = Callable[[list[ActionView]], ActionView]


def _play(app: QApplication, w: PlaytestWindow, done: Callable[[], bool], pick: Pick, limit: int = 600) -> None:
    s = w.session
    for _ in range(limit):
        _wait(app, lambda: s.human_to_act() or s.state.is_terminal())
        if done() or s.state.is_terminal():
            return
        w.apply_action(pick(w.views()).action)  # a script: the pass question is not asked


def _shot(app: QApplication, w: PlaytestWindow, out: Path, name: str) -> None:
    _settle(app, 0.8)
    w.grab().save(str(out / name))
    print(f"{name}: {w.last_message}")


def fm(app: QApplication, out: Path) -> None:
    w = _window(app, "fm-arnhem/scenario-1-historical.yaml", {"allied": HUMAN, "german": "heuristic"}, 1)
    s = w.session
    while s.human_to_act() and s.presenter.batch_answers(s.state):
        w.run_batch(s.presenter.batch_answers(s.state)[0])
        _wait(app, lambda: s.human_to_act() or s.state.is_terminal())
    uid = "101-7"
    w.select_unit(uid)
    m = s.scenario.map
    here = m.hex_at(w.board.units[uid].hex or "")
    assert here is not None
    reach = set(w.board.reach)
    far = max((h for h in m.hexes if m.label(h) not in reach and 5 <= hex_distance(here, h) <= 6),
              key=lambda h: (h.q, -h.r))  # toward Arnhem, east of the drop zones
    far_label = m.label(far)
    w.click_hex(far_label)
    _shot(app, w, out, "playtest-refusal-fm.png")
    w.close()


def koenig(app: QApplication, out: Path) -> None:
    w = _window(app, "koenig-arnhem-bridge/arnhem-bridge.yaml", {"allied": HUMAN, "german": "random"}, 4)
    enemy_on_map = lambda: any(u.side == "german" and u.hex for u in w.board.units.values())  # noqa: E731
    _play(app, w, lambda: enemy_on_map() and any(v.kind == MOVE for v in w.views()),
          lambda views: next((v for v in views if v.kind in (ENTER, MOVE)), views[0]))
    enemy = next(u for u in w.board.units.values() if u.side == "german" and u.hex)
    w.select_unit(None)
    w.click_hex(enemy.hex or "")  # the enemy counter selected: why it may not operate, in the status bar
    _shot(app, w, out, "playtest-refusal-koenig.png")
    w.close()


def target_arnhem(app: QApplication, out: Path) -> None:
    w = _window(app, "target-arnhem/target-arnhem.yaml", {"allied": HUMAN, "german": "random"}, 5)
    s = w.session
    _play(app, w, lambda: any(is_map_move(v) and len(v.hexes) > 1 for v in w.views()),
          lambda views: next((v for v in views if v.kind == ENTER), None) or next(
              (v for v in views if v.kind == PASS), views[0]))
    mv = next(v for v in w.views() if is_map_move(v) and len(v.hexes) > 1)
    uid = mv.units[0]
    w.select_unit(uid)
    g = s.scenario.map
    here = g.hex_at(w.board.units[uid].hex or "")
    reach = set(w.board.reach)
    far = next(g.label(h) for h in sorted(g.hexes) if here is not None and hex_distance(here, h) == 3
               and g.label(h) not in reach and not w.board.units_at(g.label(h)))
    w.click_hex(far)
    _shot(app, w, out, "playtest-refusal-target-arnhem.png")
    _play(app, w, lambda: bool([v for v in w.views() if v.kind == ATTACK]),
          lambda views: next((v for v in views if v.kind == MOVE), views[0]), 200)
    attacks = [v for v in w.views() if v.kind == ATTACK]
    if attacks:
        w.apply_action(attacks[0].action)
        _shot(app, w, out, "playtest-declared-attack.png")
    w.close()


def storm(app: QApplication, out: Path) -> None:
    w = _window(app, "storm-arnhem/the-crossing.yaml", {"british": HUMAN, "german": HUMAN}, 3)
    _play(app, w, lambda: any(is_map_move(v) and len(v.hexes) > 1 for v in w.views()),
          lambda views: next((v for v in views if v.kind == ENTER), None) or next(
              (v for v in views if v.verb in ("pass", "done", "end")), views[0]))
    mv = next(v for v in w.views() if is_map_move(v) and len(v.hexes) > 1)
    uid = mv.units[0]
    w.select_unit(uid)
    reach = set(w.board.reach)
    areas = w.session.scenario.area_map
    assert areas is not None
    far = next(a for a in sorted(areas.areas, key=lambda a: (len(a), a))
               if a not in reach and a != w.board.units[uid].hex)
    w.click_hex(far)
    _shot(app, w, out, "playtest-refusal-storm.png")
    w.close()


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "docs/screenshots")
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    for make in (fm, koenig, target_arnhem, storm):
        make(app, out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
