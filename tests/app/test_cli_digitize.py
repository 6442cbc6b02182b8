"""`hexwright digitize` end to end on a synthetic scan (numpy-painted, turned, colour-cast, saved as GIF):
the fit figures, the JSON, a map that validates, and the refusals."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hexwright.app.cli import main
from hexwright.engine.model.hexmap import GridSpec
from PIL import Image

from tests.engine.scan_synth import clicks, paint_hex_scan, scene_to_image
from tests.engine.test_digitize_grid import board

GRID = GridSpec(columns=16, rows=12, hex_size=20.0)
FWD = scene_to_image(1.6, 3.0, 1.0)


@pytest.fixture(scope="module")
def scan_and_points(tmp_path_factory):
    m = board(GRID)
    folder = tmp_path_factory.mktemp("scan")
    path = folder / "board.gif"
    Image.fromarray(paint_hex_scan(m, FWD, cast=(0.98, 0.92, 0.8))).save(path)
    pts = clicks(m, FWD, [(0, 0), (3, 0), (0, 3), (3, 3)], 2.0)
    return path, [f"{m.label(h)}={x:.1f},{y:.1f}" for h, (x, y) in pts], m


def args_for(scan, out, points, *extra):
    argv = ["digitize", str(scan), "-o", str(out), "--columns", "16", "--rows", "12"]
    for p in points:
        argv += ["--point", p]
    return argv + list(extra)


def test_digitize_writes_a_valid_map_and_the_json(scan_and_points, tmp_path, capsys):
    scan, points, truth_map = scan_and_points
    out = tmp_path / "board.map.yaml"
    report = tmp_path / "board.json"
    assert main(args_for(scan, out, points, "--json", str(report))) == 0
    data = json.loads(report.read_text())
    fit = data["fit"]
    assert set(fit) >= {"hex_size_px", "rotation_deg", "rms_px", "max_error_estimate_hex", "warnings"}
    assert fit["hex_size_px"] == pytest.approx(32.0, abs=0.1)  # 20 scene units at 1.6x
    assert fit["rotation_deg"] == pytest.approx(3.0, abs=0.05)
    assert fit["max_error_estimate_hex"] < 0.1 and fit["warnings"] == []
    assert fit["refined_hexsides"] > 100
    assert len(data["hexes"]) == 16 * 12
    scene = truth_map.layout().hexes_to_pixels(np.array(truth_map.hexes, dtype=float))
    truth = scene @ FWD[:, :2].T + FWD[:, 2]
    for entry, (tx, ty) in zip(data["hexes"], truth, strict=True):
        assert set(entry) == {"hex", "x", "y", "terrain", "confidence", "proposed"}
        assert math.hypot(entry["x"] - tx, entry["y"] - ty) < 0.1 * 32.0
        assert 0.0 <= entry["confidence"] <= 1.0 and isinstance(entry["proposed"], bool)
    for side in data["hexsides"]:
        assert {"hexside", "feature", "confidence", "proposed"} <= set(side)
        assert "/" in side["hexside"]
    assert main(["validate", str(out)]) == 0
    text = out.read_text()
    assert "underlay:" in text and "board.gif" in text


def test_json_to_standard_output(scan_and_points, tmp_path, capsys):
    scan, points, _ = scan_and_points
    assert main(args_for(scan, tmp_path / "m.yaml", points, "--json", "-")) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["fit"]["rms_px"] < 4.0


def test_the_steps_are_reported_on_standard_error(scan_and_points, tmp_path, capsys):
    """The JSON goes to standard output untouched; what the run is doing goes to standard error, a line a
    step (not a terminal here, so no running percentage)."""
    scan, points, _ = scan_and_points
    assert main(args_for(scan, tmp_path / "m.yaml", points, "--json", "-")) == 0
    captured = capsys.readouterr()
    json.loads(captured.out)
    steps = [line for line in captured.err.splitlines() if line.startswith("hexwright digitize: ")]
    assert steps[:3] == ["hexwright digitize: fitting the grid...", "hexwright digitize: proposing terrain...",
                         "hexwright digitize: proposing linework..."]
    assert "\r" not in captured.err


def test_corner_clicks_on_a_lineless_scan_warn(tmp_path, capsys):
    m = board(GRID)
    path = tmp_path / "plain.png"
    Image.fromarray(paint_hex_scan(m, FWD, lines=False)).save(path)
    pts = [f"{m.label(h)}={x:.1f},{y:.1f}" for h, (x, y) in clicks(m, FWD, [(0, 0), (2, 0), (0, 2), (2, 2)], 2.0)]
    assert main(args_for(path, tmp_path / "m.yaml", pts, "--json", "-")) == 0
    captured = capsys.readouterr()
    fit = json.loads(captured.out)["fit"]
    assert fit["max_error_estimate_hex"] > 0.1
    assert any("add a point near" in w for w in fit["warnings"])
    assert "warning:" in captured.err


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda pts: pts[:2], "at least 3 --point"),
        (lambda pts: pts[:3] + ["0101:12,30"], "expected LABEL=X,Y"),
        (lambda pts: pts[:3] + ["0101=12,abc"], "expected LABEL=X,Y"),
        (lambda pts: pts[:3] + ["9999=12,30"], "not a hex label"),
    ],
)
def test_bad_points_are_refused(scan_and_points, tmp_path, capsys, change, message):
    scan, points, _ = scan_and_points
    out = tmp_path / "m.yaml"
    assert main(args_for(scan, out, change(points))) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not out.exists()


def test_unreadable_scan_and_unwritable_output(scan_and_points, tmp_path, capsys):
    _, points, _ = scan_and_points
    bad = tmp_path / "scan.png"
    bad.write_bytes(b"not an image")
    assert main(args_for(bad, tmp_path / "m.yaml", points)) == 1
    err = capsys.readouterr().err
    assert str(bad) in err and "not an image" in err
    assert main(args_for(tmp_path / "missing.gif", tmp_path / "m.yaml", points)) == 1
    assert "does not exist" in capsys.readouterr().err
    assert main(args_for(bad, tmp_path / "no-such-folder" / "m.yaml", points)) == 2
    assert "does not exist" in capsys.readouterr().err
    assert main(args_for(bad, tmp_path / "m.yaml", points, "--teach", "woods")) == 2
    assert "TERRAIN=LABEL" in capsys.readouterr().err


def test_taught_terrain_must_be_in_the_table(scan_and_points, tmp_path, capsys):
    scan, points, _ = scan_and_points
    assert main(args_for(scan, tmp_path / "m.yaml", points, "--teach", "lava=0101,0102")) == 2
    assert "not a terrain" in capsys.readouterr().err


def test_taught_terrain_is_proposed_and_applied(scan_and_points, tmp_path, capsys):
    """Two taught hexes per terrain: the map written has the scan's terrain on (nearly) every hex."""
    scan, points, truth_map = scan_and_points
    teach = []
    for code in ("clear", "woods", "rough", "water", "city", "marsh"):
        hexes = [h for h in truth_map.hexes if truth_map.terrain_at(h) == code][:2]
        teach += ["--teach", f"{code}={','.join(truth_map.label(h) for h in hexes)}"]
    out = tmp_path / "taught.map.yaml"
    assert main(args_for(scan, out, points, *teach, "--json", "-")) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["missing"] == []
    right = sum(e["terrain"] == truth_map.terrain_at(truth_map.hex_at(e["hex"])) for e in data["hexes"])
    assert right >= 0.9 * len(data["hexes"])
    from hexwright.engine.formats import read_map_file

    written = read_map_file(out)
    applied = [e for e in data["hexes"] if e["proposed"]]
    assert applied and all(written.terrain_at(written.hex_at(e["hex"])) == e["terrain"] for e in applied)


def test_terrain_table_from_a_map_file(scan_and_points, tmp_path, capsys):
    from pathlib import Path

    scan, points, _ = scan_and_points
    table_file = Path(__file__).resolve().parents[2] / "scenarios" / "fm-arnhem" / "arnhem-corridor.map.yaml"
    out = tmp_path / "fm.map.yaml"
    assert main(args_for(scan, out, points, "--terrain-table", str(table_file))) == 0
    from hexwright.engine.formats import read_map_file

    fm = read_map_file(table_file)
    assert set(read_map_file(out).terrain_table.terrain) == set(fm.terrain_table.terrain)
    missing = tmp_path / "nope.yaml"
    assert main(args_for(scan, tmp_path / "m2.yaml", points, "--terrain-table", str(missing))) == 1
    err = capsys.readouterr().err
    assert str(missing) in err and "no terrain table" in err and "Traceback" not in err
