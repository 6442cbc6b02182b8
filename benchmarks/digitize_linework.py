"""Linework from a realistic scan (`--only digitize_linework`): rivers, canals, roads, trails and railroads.

The scan is the one benchmarks/digitize.py makes (the F&M Arnhem corridor map printed by Hexwright's
renderer, enlarged 1.6x, turned 2.5 degrees, blurred, with pixel noise) yellowed like old paper
(x 0.98, 0.95, 0.86), and read with a grid fit 3 px off (the transform shifted by (2.4, -1.8) scan
pixels), as a fit clicked by hand is. The map it was printed from is the truth. Per code: precision
(the share of the proposals marked `proposed` that are right) and recall (the share of the map's
lines proposed), for

* after: engine/digitize/linework.py, untaught, and taught one example of each code (a plain
  hexside of each in the map's order);
* before: the reader of issue 18 (benchmarks/_linework_before.py, the editor's until issue 27), on
  the same scan in the same run (every proposal of it counts: it has no confidence cut).

"Told from roads": of the map's trail (railroad) links proposed as a road, trail or railroad, the
share proposed as what they are. A railroad running along a road is printed under it and cannot be
seen; those links (and the map's four ferries, drawn as a crossing mark) are counted apart. So are,
for this share, the trail links that carry a road too (the road is printed over the trail; a road
proposed there is right).
The time to read the map is given against the reader at 3eb2245 too (its linework.py taken from git in
the run); `--only digitize_linework_speed` times both readers in turn on our own map and on tuning
VASL boards, medians of CPU and wall time, against the target of at most 1.5x that reader's time.
Real boards: when tests/data/real/ holds boards with a linework truth (it is git-ignored, fetched by
the terrain benchmark) they are measured too; none is measured otherwise.
"""

from __future__ import annotations

from .core import Row, Settings, register

CAST = (0.98, 0.95, 0.86)
FIT_OFF_PX = (2.4, -1.8)
CODES = ("river", "canal", "road", "trail", "railroad")


def shifted(transform, dx: float, dy: float) -> tuple[float, ...]:
    """An image -> scene transform reading the scan (dx, dy) scan pixels off."""
    a, b, c, d, e, f = transform
    return (a, b, c, d, e - (a * dx + b * dy), f - (c * dx + d * dy))


def clicked_fit(m, exact, noise_px: float = 2.0, seed: int = 4) -> tuple[tuple[float, ...], float, float]:
    """The fit from four hexes clicked near the map's corners with `noise_px` of hand error (seeded):
    (image -> scene transform, mean and worst distance in scan pixels of the hex centres from where
    the exact fit puts them)."""
    import numpy as np
    from hexwright.engine.hexgrid.fit import fit_grid, invert_transform

    lay = m.layout()
    at = m.grid.offset.to_hex
    cols, rows = m.grid.columns, m.grid.rows
    hexes = [at(2, 2), at(cols - 3, 3), at(3, rows - 3), at(cols - 4, rows - 2)]
    a, b, c, d, e, f = invert_transform(exact)
    rng = np.random.default_rng(seed)
    pairs = []
    for h in hexes:
        x, y = lay.hex_to_pixel(h)
        pairs.append((h, (a * x + b * y + e + rng.normal(0, noise_px), c * x + d * y + f + rng.normal(0, noise_px))))
    fit = fit_grid(pairs, lay)
    a2, b2, c2, d2, e2, f2 = invert_transform(fit.transform)
    cs = lay.hexes_to_pixels(np.array(list(m.hexes), dtype=float))
    p1 = np.stack([a * cs[:, 0] + b * cs[:, 1] + e, c * cs[:, 0] + d * cs[:, 1] + f], 1)
    p2 = np.stack([a2 * cs[:, 0] + b2 * cs[:, 1] + e2, c2 * cs[:, 0] + d2 * cs[:, 1] + f2], 1)
    err = np.linalg.norm(p1 - p2, axis=1)
    return tuple(fit.transform), float(err.mean()), float(err.max())


def truth_of(m) -> dict[str, set]:
    out: dict[str, set] = {}
    for side, info in m.hexsides.items():
        if not (m.contains(side.hex) and m.contains(side.other)):
            continue
        for code in (*info.features, *info.paths):
            out.setdefault(code, set()).add(side)
    return out


def engine_sets(m, proposals) -> dict[str, set]:
    from hexwright.engine.digitize.linework import parse_side_key

    out: dict[str, set] = {}
    for p in proposals:
        if p.proposed:
            out.setdefault(p.feature, set()).add(parse_side_key(m, p.key))
    return out


def old_sets(proposals) -> dict[str, set]:
    out: dict[str, set] = {}
    for p in proposals:
        out.setdefault(p.code, set()).add(p.hexside)
    return out


def scores(truth: dict[str, set], found: dict[str, set], hidden_rail: set) -> dict[str, tuple[float, float, int, int]]:
    """Per code (precision %, recall %, proposed, on the map); railroads under roads left out."""
    out = {}
    for code in CODES:
        t = truth.get(code, set()) - (hidden_rail if code == "railroad" else set())
        q = found.get(code, set()) - (hidden_rail if code == "railroad" else set())
        hit = len(t & q)
        out[code] = (100.0 * hit / len(q) if q else float("nan"), 100.0 * hit / len(t) if t else float("nan"),
                     len(q), len(t))
    return out


def told_from_roads(truth: dict[str, set], found: dict[str, set], code: str, apart: set) -> tuple[float, int]:
    """(share %, links) of the code's links (those in `apart` left out) proposed as some path that are
    proposed as the code."""
    t = truth.get(code, set()) - apart
    seen = {s for s in t if any(s in found.get(c, set()) for c in ("road", "trail", "railroad"))}
    right = {s for s in seen if s in found.get(code, set())}
    return (100.0 * len(right) / len(seen) if seen else float("nan"), len(seen))


def first_examples(m, truth: dict[str, set], hidden_rail: set) -> dict[str, str]:
    """One taught hexside per code, as a designer points at a plain example: of the map's hexsides with
    that code alone (no bridge, not on the map's edge), the middle one in the map's order."""
    edge = {h for side in ("left", "right", "top", "bottom") for h in m.edge_side_hexes(side)}
    plain: dict[str, list] = {}
    for side, info in m.hexsides.items():
        codes = (*info.features, *info.paths)
        if len(codes) == 1 and codes[0] in CODES and side not in hidden_rail and info.bridge is None \
                and m.contains(side.hex) and m.contains(side.other) and not ({side.hex, side.other} & edge):
            plain.setdefault(codes[0], []).append(side)
    return {f"{m.label(s.hex)}/{m.label(s.other)}": code
            for code, sides in plain.items() for s in [sides[len(sides) // 2]]}


@register("digitize_linework")
def digitize_linework_benchmark(settings: Settings) -> list[Row]:
    import time
    from pathlib import Path

    from hexwright.engine.digitize.linework import propose_linework
    from hexwright.engine.formats import read_map_file

    from ._linework_before import propose_linework as before
    from .digitize import printed_scan
    from .editor import qapp

    _app = qapp()
    m = read_map_file(Path(__file__).resolve().parents[1] / "scenarios" / "fm-arnhem" / "arnhem-corridor.map.yaml")
    assert m is not None
    scan, exact = printed_scan(m, cast=CAST)
    off = shifted(exact, *FIT_OFF_PX)
    truth = truth_of(m)
    hidden_rail = {s for s in truth.get("railroad", set()) if s in truth.get("road", set())}
    case = "F&M Arnhem corridor printed, scanned, yellowed; fit 3 px off"
    rows: list[Row] = []
    t0 = time.perf_counter()
    old = old_sets(before(m, scan, off))
    t_old = time.perf_counter() - t0
    t0 = time.perf_counter()
    new = engine_sets(m, propose_linework(m, scan, off))
    t_new = time.perf_counter() - t0
    taught = first_examples(m, truth, hidden_rail)
    new_taught = engine_sets(m, propose_linework(m, scan, off, taught))
    exact_new = engine_sets(m, propose_linework(m, scan, exact))
    clicked, err_mean, err_max = clicked_fit(m, exact)
    clicked_new = engine_sets(m, propose_linework(m, scan, clicked))
    clicked_old = old_sets(before(m, scan, clicked))
    s_old, s_new = scores(truth, old, hidden_rail), scores(truth, new, hidden_rail)
    s_taught, s_exact = scores(truth, new_taught, hidden_rail), scores(truth, exact_new, hidden_rail)
    s_clicked, s_clicked_old = scores(truth, clicked_new, hidden_rail), scores(truth, clicked_old, hidden_rail)
    clicked_case = (f"the same scan, fit from 4 clicks (2 px hand error; hex centres {err_mean:.1f} px off on "
                    f"average, {err_max:.1f} px at worst)")
    for code in CODES:
        (p0, r0, q0, n), (p1, r1, q1, _), (p2, r2, q2, _) = s_old[code], s_new[code], s_taught[code]
        note = [f"{code}: {n} on the map" + (f" ({len(hidden_rail)} more run under roads, unseen)"
                                               if code == "railroad" else "")]
        rows.append(Row("digitize_linework", case, f"{code}: recall, untaught ({q1} proposed)", round(r1, 1),
                        f"before issue 27 ({q0} proposed)", round(r0, 1), unit="%",
                        target=">= 90 % at >= 95 % precision" if code in ("river", "canal", "road") else "",
                        notes=note))
        rows.append(Row("digitize_linework", case, f"{code}: precision, untaught", round(p1, 1),
                        "before issue 27", round(p0, 1), unit="%"))
        rows.append(Row("digitize_linework", case, f"{code}: recall, one example taught ({q2} proposed)",
                        round(r2, 1), unit="%", notes=[f"{code}: precision taught {p2:.1f} %"]))
        rows.append(Row("digitize_linework", "the same scan, exact fit", f"{code}: recall, untaught",
                        round(s_exact[code][1], 1), unit="%",
                        notes=[f"{code}, exact fit: precision {s_exact[code][0]:.1f} %"]))
        rows.append(Row("digitize_linework", clicked_case, f"{code}: recall, untaught", round(s_clicked[code][1], 1),
                        "before issue 27", round(s_clicked_old[code][1], 1), unit="%",
                        notes=[f"{code}, clicked fit: precision {s_clicked[code][0]:.1f} % (before issue 27: "
                               f"{s_clicked_old[code][0]:.1f} %)"]))
    # the same print not yellowed (as printed), read 3 px off: reported, not tuned on
    plain_scan, plain_exact = printed_scan(m, cast=(1.0, 1.0, 1.0))
    plain_off = shifted(plain_exact, *FIT_OFF_PX)
    s_plain = scores(truth, engine_sets(m, propose_linework(m, plain_scan, plain_off)), hidden_rail)
    s_plain_old = scores(truth, old_sets(before(m, plain_scan, plain_off)), hidden_rail)
    plain_case = "the same print as printed (not yellowed); fit 3 px off"
    for code in CODES:
        rows.append(Row("digitize_linework", plain_case, f"{code}: recall, untaught", round(s_plain[code][1], 1),
                        "before issue 27", round(s_plain_old[code][1], 1), unit="%",
                        notes=[f"{code}, as printed: precision {s_plain[code][0]:.1f} % (before issue 27: "
                               f"{s_plain_old[code][0]:.1f} %)"]))
    under_road = {"railroad": hidden_rail, "trail": truth.get("trail", set()) & truth.get("road", set())}
    for code in ("trail", "railroad"):
        for label, found, base in (("untaught", new, old), ("taught", new_taught, None)):
            share, k = told_from_roads(truth, found, code, under_road[code])
            b = told_from_roads(truth, base, code, under_road[code])[0] if base is not None else None
            rows.append(Row("digitize_linework", case, f"{code}s told from roads, {label} ({k} found)", round(share, 1),
                            "before issue 27" if b is not None else "", None if b is None else round(b, 1), unit="%",
                            target=">= 90 %"))
    rows.append(Row("digitize_linework", case, "time to read the linework (1,009 hexes)", t_new,
                    "before issue 27", t_old, notes=[f"taught examples: {taught}"]))
    from .digitize_lines_real import BASELINE, baseline_reader

    at_baseline = baseline_reader().propose_linework
    t0 = time.perf_counter()
    at_baseline(m, scan, off)
    rows.append(Row("digitize_linework", case, "time to read the linework (1,009 hexes), once", t_new,
                    f"the reader at {BASELINE}", time.perf_counter() - t0, max_ratio=SPEED_TARGET,
                    target=f"<= {SPEED_TARGET}x the reader at {BASELINE}",
                    notes=["medians of CPU and wall times: `--only digitize_linework_speed`"]))
    return rows


SPEED_TARGET = 1.5  # today's reader takes at most this many times as long as the reader at BASELINE
SPEED_BOARDS = ("bd10", "bd22", "bd59")  # tuning boards timed too, when present


def _timed(read, m, scan, transform) -> tuple[float, float]:
    """(CPU seconds of this process, wall seconds) of one reading."""
    import time

    c0, w0 = time.process_time(), time.perf_counter()
    read(m, scan, transform)
    return time.process_time() - c0, time.perf_counter() - w0


@register("digitize_linework_speed")
def digitize_linework_speed_benchmark(settings: Settings) -> list[Row]:
    """The reader's speed against the reader at BASELINE (its linework.py taken from git in the run) on
    the same scans: our own map yellowed, with the exact fit and 3 px off, and the tuning boards
    SPEED_BOARDS as printed and yellowed (exact fit), when tests/data/real/vasl/ holds them. Each case
    is read `settings.repeat` times by each reader in turn (one untimed reading each first); the
    medians of CPU time (this process's, steadier on a shared machine) and of wall time are given."""
    import os
    from pathlib import Path
    from statistics import median

    from hexwright.engine.digitize.linework import propose_linework
    from hexwright.engine.formats import read_map_file

    from .digitize import aged, printed_scan
    from .digitize_lines_real import BASELINE, baseline_reader, boards
    from .editor import qapp

    _app = qapp()
    before = baseline_reader().propose_linework
    m = read_map_file(Path(__file__).resolve().parents[1] / "scenarios" / "fm-arnhem" / "arnhem-corridor.map.yaml")
    assert m is not None
    scan, exact = printed_scan(m, cast=CAST)
    cases = [("F&M Arnhem corridor printed, scanned, yellowed; fit 3 px off", m, scan, shifted(exact, *FIT_OFF_PX)),
             ("the same scan, exact fit", m, scan, exact)]
    for b in boards(SPEED_BOARDS[:1] if settings.quick else SPEED_BOARDS):
        cases.append((f"VASL board {b.name[2:]} (tuning), as printed, exact fit", b.hexmap, b.rgb, b.transform))
        cases.append((f"VASL board {b.name[2:]} (tuning), printed, yellowed and scanned, exact fit", b.hexmap,
                      aged(b.rgb), b.transform))
    if settings.quick:
        cases = cases[:1] + cases[2:3]
    repeat = 1 if settings.quick else max(1, settings.repeat // 2)
    rows: list[Row] = []
    for case, mm, sc, tr in cases:
        for read in (propose_linework, before):
            _timed(read, mm, sc, tr)
        ours: list[tuple[float, float]] = []
        base: list[tuple[float, float]] = []
        load = os.getloadavg()[0]
        for _ in range(repeat):
            ours.append(_timed(propose_linework, mm, sc, tr))
            base.append(_timed(before, mm, sc, tr))
        note = [f"{repeat} readings each, in turn; load average {load:.1f} -> {os.getloadavg()[0]:.1f}"]
        for i, what in ((0, "CPU"), (1, "wall")):
            rows.append(Row("digitize_linework_speed", case, f"time to read the linework ({what}, median)",
                            median(t[i] for t in ours), f"the reader at {BASELINE}", median(t[i] for t in base),
                            max_ratio=SPEED_TARGET, target=f"<= {SPEED_TARGET}x the reader at {BASELINE}",
                            notes=note if i == 0 else []))
    if not any(c[0].startswith("VASL") for c in cases):
        rows.append(Row("digitize_linework_speed", "VASL boards", "skipped: no boards in tests/data/real/vasl/ "
                        "(tests/data/README.md says how to get them)", float("nan"), unit=""))
    return rows
