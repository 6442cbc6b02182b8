"""The editor's open/close soak (issue 29): files opened one after another in one editor process, each in
the window of its kind (hex maps and scenarios in the main window, the Storm over Arnhem scenario in an area
window that is then closed), leave nothing behind. Before, every document opened in a window stayed in
memory with its map and scenario (the window's stopped autosaver, still its child, held it), and every
closed window of the other kind stayed whole (its panels' signal lambdas held it, a cycle through Qt that
Python's collector cannot see): 465 widgets and 4 MB an open, each open slower than the last.

The default run opens 48 files; `pytest -m slow` opens HEXWRIGHT_SOAK_OPENS (default 500) and prints the CPU
time of the opens and the memory along the way (docs/reliability.md has the figures)."""

from __future__ import annotations

import gc
import os
import time

import pytest
from hexwright.app.editor.window import EditorWindow
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication

from tests.conftest import SCENARIOS

FILES = [SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml",
         SCENARIOS / "koenig-arnhem-bridge" / "arnhem-bridge.yaml",
         SCENARIOS / "target-arnhem" / "target-arnhem.yaml", SCENARIOS / "fm-arnhem" / "arnhem-corridor.map.yaml",
         SCENARIOS / "asl-arnhem-bridge" / "arnhem-bridge-fragment.map.yaml",
         SCENARIOS / "storm-arnhem" / "the-crossing.yaml"]  # an area scenario: opens in a window of its own


def _settle(app: QApplication) -> None:
    """What the event loop does between two user actions, deferred deletions included."""
    app.processEvents()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    app.processEvents()


def _open(win: EditorWindow, app: QApplication, n: int) -> float:
    """Open FILES[n % len] in `win` (another kind opens its own window, closed at once); the CPU seconds."""
    t0 = time.process_time()
    assert win.open_path(FILES[n % len(FILES)], ask_save=False)
    _settle(app)
    spent = time.process_time() - t0
    for w in QApplication.topLevelWidgets():
        if w is not win and w.isVisible() and hasattr(w, "ask_to_save"):
            w.ask_to_save = False
            w.close()
    _settle(app)
    return spent


def _census() -> dict[str, int]:
    gc.collect()
    kinds = ("MapDocument", "AreaMapDocument", "HexMap", "AreaMap", "Scenario", "Autosaver", "EditorWindow")
    counts = dict.fromkeys(kinds, 0)
    for o in gc.get_objects():
        name = type(o).__name__
        if name in counts:
            counts[name] += 1
    counts["widgets"] = len(QApplication.allWidgets())
    counts["windows"] = len(QApplication.topLevelWidgets())
    return counts


def _rss_mb() -> float:
    with open("/proc/self/statm", encoding="ascii") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


@pytest.fixture
def window(qapp):
    win = EditorWindow()
    win.ask_to_save = False
    win.show()
    yield win
    win.close()
    _settle(qapp)


def test_opening_files_one_after_another_leaves_nothing_behind(window, qapp):
    for n in range(2 * len(FILES)):  # every kind opened twice: caches and fonts are made
        _open(window, qapp, n)
    before = _census()
    for n in range(6 * len(FILES)):
        _open(window, qapp, n)
    after = _census()
    # nothing grows with the opens (the counts are the whole process's: windows other tests made are in both)
    assert after == before, {k: (before[k], after[k]) for k in before if before[k] != after[k]}


@pytest.mark.slow
@pytest.mark.timeout(0)
def test_a_soak_of_hundreds_of_files_keeps_memory_and_open_time_flat(window, qapp):
    opens = int(os.environ.get("HEXWRIGHT_SOAK_OPENS", "500"))
    times: list[float] = []
    rss: list[float] = []
    for n in range(opens):
        times.append(_open(window, qapp, n))
        if (n + 1) % 50 == 0:
            gc.collect()
            rss.append(_rss_mb())
            print(f"{n + 1} opens: the last 50 took {sum(times[-50:]) / 50 * 1000:.0f} ms of CPU each, "
                  f"{rss[-1]:.0f} MB", flush=True)
    # memory: from the 100th open on (caches made), the process grows by less than 1 % of its opens' worth
    assert rss[-1] - rss[1] < 30, rss
    census = _census()
    assert census["MapDocument"] <= 2 and census["EditorWindow"] <= 2, census
