"""Saves that cannot be lost: a scenario and its map file commit together, a save killed at any moment
leaves the previous or the new pair (never a mix, never a half-written file), the next save removes
the temporary files a killed save left, and concurrent saves do not collide.

The kill tests run in a helper process (`_harness`) that forks the savers: it is single-threaded, so
forking it is safe, and a fork starts in a few milliseconds with the scenario already loaded."""

from __future__ import annotations

import hashlib
import json
import mmap
import os
import random
import signal
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hexwright.engine.formats import atomic_write_text, load_scenario, save_map, save_scenario
from hexwright.engine.formats.atomic import committed_replacement
from hexwright.engine.model.hexmap import GridSpec, HexMap

ROOT = Path(__file__).resolve().parents[2]
ARNHEM = ROOT / "scenarios" / "fm-arnhem" / "scenario-1-historical.yaml"
VERSIONS = 3  # savers cycle through three versions, so "previous or new" tells a rollback from a save

needs_fork = pytest.mark.skipif(not hasattr(os, "fork") or not hasattr(signal, "SIGKILL"),
                                reason="the kill tests fork and SIGKILL savers (POSIX)")


# ---------------------------------------------------------------------------------------------
# the helper process
# ---------------------------------------------------------------------------------------------
class _Versions:
    """The Arnhem scenario with small changes: version v has v in its title and its map's name and
    one hex's terrain chosen by v, so a loaded pair tells which version each file holds."""

    def __init__(self) -> None:
        result = load_scenario(ARNHEM)
        assert result.ok, [d.format() for d in result.diagnostics]
        self.sc = result.scenario
        self.title, self.map_name = self.sc.title, self.sc.map.name
        self.hex = self.sc.map.hexes[0]
        self.codes = list(self.sc.map.terrain_table.terrain)[:VERSIONS]

    def apply(self, v: int) -> None:
        self.sc.title = f"{self.title} (v{v})"
        self.sc.map.name = f"{self.map_name} (v{v})"
        self.sc.map.set_terrain({self.hex: self.codes[v]})

    def version_of(self, path: Path) -> int:
        """The version of the pair on disk; fails if it does not load or the two files are out of step."""
        result = load_scenario(path)
        assert result.ok, [d.format() for d in result.diagnostics]
        sc = result.scenario
        v = int(sc.title.rsplit("(v", 1)[1].rstrip(")"))
        assert sc.map.name == f"{self.map_name} (v{v})", f"out of step: scenario v{v}, map {sc.map.name!r}"
        assert sc.map.terrain_at(self.hex) == self.codes[v], f"out of step: scenario v{v}, map terrain"
        return v


def _pair_state(scenario: Path, map_path: Path) -> tuple[str, str]:
    """The bytes a load of `scenario` reads (its map file, or the complete temporary file that replaces
    it after a kill between the renames): a load gives the same result for the same state."""
    read = committed_replacement(map_path, scenario) or map_path
    return hashlib.sha256(scenario.read_bytes()).hexdigest(), hashlib.sha256(read.read_bytes()).hexdigest()


def _kill_at_nth_file_operation(n: int) -> None:
    """In a saver: SIGKILL this process just before its n-th rename or removal of a file."""
    count = [0]
    for name in ("replace", "rename", "unlink", "remove"):
        real = getattr(os, name)

        def wrapper(*args, _real=real, **kw):
            count[0] += 1
            if count[0] == n:
                os.kill(os.getpid(), signal.SIGKILL)
            return _real(*args, **kw)

        setattr(os, name, wrapper)


def _harness(mode: str, folder: str, count: str, seed: str) -> None:
    """mode "loop": `count` savers one after the other, each saving new versions in a loop (its first
    save cleaning up after the saver killed before it) and killed at a random moment; after each of its
    saves a saver checks that only the scenario and its map are left in the folder.
    mode "at": `count` savers, saver n killed just before its save's n-th file operation, and a save
    after each kill that must leave only the two files.
    After each kill the pair on disk must load, in step, at the previous or the new version. Prints a
    JSON summary."""
    work = Path(folder)
    rng = random.Random(int(seed))
    versions = _Versions()
    scenario = work / ARNHEM.name
    map_path = work / versions.sc.map_file
    expected = {scenario.name, map_path.name}
    version = 0
    versions.apply(version)
    save_scenario(versions.sc, scenario)
    started = time.perf_counter()
    save_scenario(versions.sc, scenario)
    save_time = time.perf_counter() - started  # only to spread the kills over a few saves
    shared = mmap.mmap(-1, 4096)  # completed saves, then a saver's complaint
    loaded: dict[tuple[str, str], int] = {}

    def on_disk() -> int:
        state = _pair_state(scenario, map_path)
        if state not in loaded:
            loaded[state] = versions.version_of(scenario)
        return loaded[state]

    summary = {"kills": 0, "interrupted": 0, "completed_saves": 0, "states": 0}
    for i in range(int(count)):
        shared[:] = bytes(4096)
        pid = os.fork()
        if pid == 0:  # the saver
            try:
                if mode == "at":
                    _kill_at_nth_file_operation(i + 1)
                n = 0
                while True:
                    n += 1
                    versions.apply((version + n) % VERSIONS)
                    save_scenario(versions.sc, scenario)
                    left = sorted(p.name for p in work.iterdir())
                    if set(left) != expected:
                        message = f"save {n} of saver {i} left {left}".encode()[:4000]
                        shared[8:8 + len(message)] = message
                        os._exit(3)
                    struct.pack_into("q", shared, 0, n)
                    if mode == "at":
                        os.kill(os.getpid(), signal.SIGKILL)  # as if killed right after the save
            finally:
                os._exit(1)
        if mode == "loop":
            time.sleep(rng.uniform(0, 2.5 * save_time))
            os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        complaint = shared[8:].rstrip(b"\0").decode()
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, complaint or f"status {status}"
        summary["kills"] += 1
        done = struct.unpack_from("q", shared, 0)[0]
        summary["completed_saves"] += done
        if {p.name for p in work.iterdir()} != expected:
            summary["interrupted"] += 1
        found = on_disk()
        previous, new = (version + done) % VERSIONS, (version + done + 1) % VERSIONS
        assert found in (previous, new), f"kill {i}: v{found} on disk, expected v{previous} or v{new}"
        version = found
        if mode == "at":  # the next save commits and cleans up after the killed one
            version = (version + 1) % VERSIONS
            versions.apply(version)
            save_scenario(versions.sc, scenario)
            left = sorted(p.name for p in work.iterdir())
            assert set(left) == expected, f"kill {i}: the next save left {left}"
            assert on_disk() == version
    version = (version + 1) % VERSIONS
    versions.apply(version)
    save_scenario(versions.sc, scenario)
    left = sorted(p.name for p in work.iterdir())
    assert set(left) == expected, f"the last save left {left}"
    assert on_disk() == version
    summary["states"] = len(loaded)
    print(json.dumps(summary))


def _run_harness(tmp_path: Path, mode: str, count: int, seed: int = 17) -> dict:
    work = tmp_path / "saves"
    work.mkdir()
    code = "import sys; from tests.engine.test_save_atomic import _harness; _harness(*sys.argv[1:])"
    proc = subprocess.run([sys.executable, "-c", code, mode, str(work), str(count), str(seed)], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------------------------------------
# kills
# ---------------------------------------------------------------------------------------------
@needs_fork
def test_a_save_killed_before_any_of_its_file_operations_leaves_the_pair_in_step(tmp_path):
    """Saver n is killed just before the n-th rename or removal of its save: between the two files of
    the pair, before and after the commit. Every time, the previous or the new pair loads, in step."""
    summary = _run_harness(tmp_path, "at", 6)
    assert summary["kills"] == 6
    assert summary["interrupted"] >= 2  # some kills did land inside a save


@needs_fork
def test_savers_killed_at_random_moments_never_lose_the_pair(tmp_path):
    summary = _run_harness(tmp_path, "loop", 100)
    assert summary["kills"] == 100
    assert summary["interrupted"] > 0  # kills did land inside saves
    assert summary["completed_saves"] > 0  # and savers did finish saves after a kill (and checked the folder)


@pytest.mark.slow
@needs_fork
def test_savers_killed_at_random_moments_never_lose_the_pair_long(tmp_path):
    summary = _run_harness(tmp_path, "loop", 2000, seed=29)
    assert summary["kills"] == 2000
    assert summary["interrupted"] > 0 and summary["completed_saves"] > 0


# ---------------------------------------------------------------------------------------------
# temporary files
# ---------------------------------------------------------------------------------------------
def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def _age(path: Path, seconds: float) -> None:
    t = time.time() - seconds
    os.utime(path, (t, t))


def test_the_next_save_removes_the_temporary_files_of_killed_saves(tmp_path):
    target = tmp_path / "map.yaml"
    save_map(HexMap(GridSpec(columns=4, rows=4), name="m"), target)
    dead = _dead_pid()
    stale = [tmp_path / ".map.yaml.k2j4_x9a.tmp",  # what tempfile.mkstemp named them before
             tmp_path / f".map.yaml.{dead}-0123abcd.tmp"]
    others = [tmp_path / ".map.yaml.autosave.k2j4_x9a.tmp",  # another file's
              tmp_path / ".other.yaml.k2j4_x9a.tmp",
              tmp_path / "map.yaml.tmp",
              tmp_path / ".map.yaml.notes.tmp",
              tmp_path / f".map.yaml.{os.getppid()}-0123abcd.tmp"]  # a live process's save in progress
    for p in stale + others:
        p.write_text("half a map")
        _age(p, 30)
    save_map(HexMap(GridSpec(columns=4, rows=4), name="m2"), target)
    left = {p.name for p in tmp_path.iterdir()}
    assert left == {"map.yaml"} | {p.name for p in others}


def test_a_temporary_file_newer_than_the_save_is_left_alone(tmp_path):
    target = tmp_path / "notes.txt"
    newer = tmp_path / ".notes.txt.k2j4_x9a.tmp"
    newer.write_text("another save, started after this one")
    t = time.time() + 3600
    os.utime(newer, (t, t))
    atomic_write_text(target, "text")
    assert newer.exists()


def test_concurrent_saves_in_threads_do_not_collide(tmp_path):
    target = tmp_path / "notes.txt"
    errors: list[BaseException] = []
    texts = [f"writer {w} save {i}\n" * 200 for w in range(6) for i in range(25)]

    def writer(w: int) -> None:
        try:
            for i in range(25):
                atomic_write_text(target, f"writer {w} save {i}\n" * 200)
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(w,)) for w in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert target.read_text() in texts
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_concurrent_saves_in_two_processes_do_not_collide(tmp_path):
    target = tmp_path / "notes.txt"
    code = ("import sys; from hexwright.engine.formats import atomic_write_text\n"
            "for i in range(300): atomic_write_text(sys.argv[1], f'other process {i}\\n' * 200)\n")
    other = subprocess.Popen([sys.executable, "-c", code, str(target)], stderr=subprocess.PIPE, text=True)
    mine = 0
    while other.poll() is None or mine < 50:
        atomic_write_text(target, f"this process {mine}\n" * 200)
        mine += 1
    assert other.wait() == 0, other.stderr.read()
    assert target.read_text().splitlines()[0] in {"other process 299", f"this process {mine - 1}"}
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_a_scenario_and_its_map_file_are_saved_together(tmp_path):
    versions = _Versions()
    scenario = tmp_path / "sub" / "scenario.yaml"
    scenario.parent.mkdir()
    versions.sc.map_file = "../maps/corridor.yaml"
    (tmp_path / "maps").mkdir()
    for v in (1, 2):
        versions.apply(v)
        save_scenario(versions.sc, scenario)
        assert versions.version_of(scenario) == v
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["corridor.yaml", "maps", "scenario.yaml", "sub"]


def test_another_threads_tidy_up_never_takes_a_save_in_progress_for_a_leftover(tmp_path, monkeypatch):
    """A save's temporary file is known to be in flight from before it exists: another thread's save of
    the same target, tidying up leftovers of killed saves at that very moment, leaves it alone (it used
    to remove it in the instant between its creation and its registration, and the save then failed)."""
    from hexwright.engine.formats import atomic

    target = tmp_path / "notes.txt"
    target.write_text("old\n")
    real_open = os.open
    tidied: list[list[Path]] = []

    def open_then_tidy(path, flags, mode=0o777, **kw):
        fd = real_open(path, flags, mode, **kw)
        if str(path).endswith(".tmp") and not tidied:  # another thread's save tidies up now
            tidied.append(atomic.clean_stale_temps(target, time.time() + 10))
        return fd

    monkeypatch.setattr(atomic.os, "open", open_then_tidy)
    atomic_write_text(target, "new\n")
    assert tidied == [[]]
    assert target.read_text() == "new\n"
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_another_threads_save_leaves_a_commit_in_progress_alone(tmp_path, monkeypatch):
    """Two files saved together: while the commit record of one thread's save is being renamed into place,
    another thread's save of the same files (`settle` at its start) neither finishes nor drops it."""
    from hexwright.engine.formats import atomic

    first, second = tmp_path / "scenario.yaml", tmp_path / "map.yaml"
    real_replace = os.replace
    settled: list[int] = []

    def settle_then_replace(src, dst):
        if not settled:  # another thread's save of the same pair starts now
            atomic.settle(first)
            settled.append(len(list(tmp_path.glob(".scenario.yaml.*.commit"))))
        return real_replace(src, dst)

    monkeypatch.setattr(atomic.os, "replace", settle_then_replace)
    atomic.atomic_write_texts([(first, "scenario 2\n"), (second, "map 2\n")])
    assert settled == [1]  # the record was still there after the other save's settle
    assert first.read_text() == "scenario 2\n" and second.read_text() == "map 2\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.yaml", "scenario.yaml"]
