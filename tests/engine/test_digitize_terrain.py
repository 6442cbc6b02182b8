"""Terrain proposals taught by example (engine/digitize/terrain.py), on small synthetic boards
painted with numpy: clear fields, clear hexes with one small dark house, woods as dark blotches,
grain as stripes of two yellows, black hex outlines, a slight colour cast and pixel noise. No Qt and
no fetched data."""

from __future__ import annotations

import numpy as np
import pytest
from hexwright.engine.digitize.reading import calibrated_threshold
from hexwright.engine.digitize.scan import Scan
from hexwright.engine.digitize.terrain import (
    Cancelled,
    HexProposal,
    hex_colors,
    hex_rgb,
    next_to_ask,
    propose_terrain,
    srgb_to_lab,
)
from hexwright.engine.hexgrid import Hex
from hexwright.engine.model.hexmap import GridSpec, HexMap
from hexwright.engine.model.terrain import TerrainTable, TerrainType

CLEAR = (175, 188, 106)
HOUSE = (95, 62, 30)
WOODS = (70, 90, 40)
GRAIN = ((250, 236, 110), (222, 200, 90))
TRANSFORM = (1.0, 0.0, 0.0, 1.0, -6.0, -4.0)  # image px -> scene: the board printed 6 px right, 4 px down


def table() -> TerrainTable:
    t = TerrainTable()
    for code, color in (("clear", CLEAR), ("building", (140, 100, 60)), ("woods", WOODS), ("grain", GRAIN[0])):
        t.terrain[code] = TerrainType(code, code, color="#{:02x}{:02x}{:02x}".format(*color))
    return t


def board(seed: int = 1, cast=(1.0, 0.97, 0.9), noise: float = 4.0) -> tuple[HexMap, np.ndarray]:
    """A 12 x 8 map with random terrain and its printed image (about 28 px per hex side)."""
    rng = np.random.default_rng(seed)
    m = HexMap(GridSpec(columns=12, rows=8, hex_size=28.0), table(), "clear")
    codes = ["clear", "clear", "building", "woods", "grain"]
    m.set_terrain({h: codes[int(rng.integers(len(codes)))] for h in m.hexes})
    w, h = m.grid.pixel_size()
    H, W = int(h) + 12, int(w) + 12
    ys, xs = np.mgrid[0:H, 0:W].astype(float)
    sx, sy = xs - 6.0, ys - 4.0  # scene coordinates of each pixel
    lay = m.layout()
    qr = lay.pixels_to_hexes(np.column_stack([sx.ravel(), sy.ravel()]))
    img = np.full((H, W, 3), 255.0)
    index = {hx: i for i, hx in enumerate(m.hexes)}
    which = np.array([index.get(Hex(int(q), int(r)), -1) for q, r in qr]).reshape(H, W)
    centres = lay.hexes_to_pixels(np.array(m.hexes, dtype=float).reshape(-1, 2))
    for i, hx in enumerate(m.hexes):
        sel = which == i
        if not sel.any():
            continue
        code = m.terrain[hx]
        cx, cy = centres[i]
        dx, dy = sx[sel] - cx, sy[sel] - cy
        col = np.tile(np.array(CLEAR, dtype=float), (int(sel.sum()), 1))
        if code == "grain":
            stripe = (np.floor((dy + 0.5 * dx) / 3.0) % 2).astype(int)
            col = np.array(GRAIN, dtype=float)[stripe]
        elif code == "woods":
            for _ in range(6):  # blotches of trees
                bx, by = rng.uniform(-14, 14, 2)
                col[(dx - bx) ** 2 + (dy - by) ** 2 < rng.uniform(40, 90)] = WOODS
        elif code == "building":  # one small house, about a tenth of the hex, somewhere near the centre
            bx, by = rng.uniform(-8, 8, 2)
            col[(np.abs(dx - bx) < 5) & (np.abs(dy - by) < 7)] = HOUSE
        img[sel] = col
    # the printed hex outlines
    frac = lay.pixels_to_hexes(np.column_stack([sx.ravel() + 1.2, sy.ravel()]))
    edge = (frac != qr).any(axis=1).reshape(H, W) & (which >= 0)
    img[edge] = (30, 30, 30)
    img = img * np.array(cast) + np.random.default_rng(seed + 100).normal(0, noise, img.shape)
    return m, np.clip(img, 0, 255).astype(np.uint8)


def taught_two(m: HexMap) -> dict[Hex, str]:
    out: dict[Hex, str] = {}
    for code in m.terrain_table.terrain:
        for h in sorted((h for h in m.hexes if m.terrain[h] == code), key=m.label)[:2]:
            out[h] = code
    return out


def test_two_taught_hexes_per_terrain_read_the_board():
    m, img = board()
    truth = dict(m.terrain)
    taught = taught_two(m)
    props = propose_terrain(m, img, TRANSFORM, taught)
    assert len(props) == len(m.hexes)
    rest = [p for p in props if p.hex not in taught]
    right = sum(p.terrain == truth[p.hex] for p in rest)
    assert right >= 0.95 * len(rest)
    # a small house in a clear field is a building, although the hex's colour is the field's
    houses = [p for p in rest if truth[p.hex] == "building"]
    assert houses and sum(p.terrain == "building" for p in houses) >= 0.9 * len(houses)
    # the taught hexes are the designer's word
    assert all(p.terrain == taught[p.hex] and p.proposed and p.confidence == 1.0 for p in props if p.hex in taught)


def test_colour_alone_reads_small_houses_as_fields():
    """Why texture matters: the nearest mean colour of the taught hexes misses the houses."""
    m, img = board()
    truth = dict(m.terrain)
    taught = taught_two(m)
    hexes = list(m.hexes)
    cols = srgb_to_lab(hex_colors(m, img, TRANSFORM, hexes))
    codes = list(m.terrain_table.terrain)
    means = np.array([cols[[hexes.index(h) for h, c in taught.items() if c == code]].mean(axis=0) for code in codes])
    best = np.argmin(np.linalg.norm(cols[:, None, :] - means[None, :, :], axis=2), axis=1)
    houses = [i for i, h in enumerate(hexes) if truth[h] == "building" and h not in taught]
    by_colour = sum(codes[best[i]] == "building" for i in houses)
    props = {p.hex: p for p in propose_terrain(m, img, TRANSFORM, taught)}
    by_example = sum(props[hexes[i]].terrain == "building" for i in houses)
    assert by_example > by_colour


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_proposed_means_right(seed):
    """The calibration's promise: what is marked proposed is right; most hexes are proposed."""
    m, img = board(seed=seed)
    truth = dict(m.terrain)
    props = propose_terrain(m, img, TRANSFORM, taught_two(m))
    proposed = [p for p in props if p.proposed]
    assert all(p.terrain == truth[p.hex] for p in proposed)
    assert len(proposed) >= 0.6 * len(props)


def test_untaught_is_rarely_sure_and_wrong():
    m, img = board(cast=(1.0, 1.0, 1.0))
    truth = dict(m.terrain)
    props = propose_terrain(m, img, TRANSFORM)
    sure_wrong = [p for p in props if p.proposed and p.terrain != truth[p.hex]]
    assert len(sure_wrong) <= len(props) / 50
    assert any(p.proposed for p in props)


def test_scan_object_reads_like_an_array():
    m, img = board()
    taught = taught_two(m)
    a = propose_terrain(m, img, TRANSFORM, taught)
    b = propose_terrain(m, Scan(img), TRANSFORM, taught)
    assert [(p.hex, p.terrain, p.proposed) for p in a] == [(p.hex, p.terrain, p.proposed) for p in b]


def test_progress_reports_and_cancels():
    m, img = board()
    seen: list[tuple[int, int]] = []

    def keep_going(done: int, total: int) -> bool:
        seen.append((done, total))
        return True

    propose_terrain(m, img, TRANSFORM, taught_two(m), progress=keep_going)
    assert seen and seen[-1][0] == seen[-1][1] == len(m.hexes)
    with pytest.raises(Cancelled):
        propose_terrain(m, img, TRANSFORM, taught_two(m), progress=lambda done, total: False)


def test_the_underlay_transform_is_the_default():
    from hexwright.engine.model.hexmap import Underlay

    m, img = board()
    with pytest.raises(ValueError, match="no underlay"):
        propose_terrain(m, img)
    m.set_underlay(Underlay("board.png", TRANSFORM))
    assert [p.terrain for p in propose_terrain(m, img)] == [p.terrain for p in propose_terrain(m, img, TRANSFORM)]


def test_next_to_ask_names_the_least_sure_over_several_terrains():
    h = [Hex(i, 0) for i in range(8)]
    props = [
        HexProposal(h[0], "clear", 0.95, True),
        HexProposal(h[1], "clear", 0.10, False),
        HexProposal(h[2], "clear", 0.05, False),
        HexProposal(h[3], "woods", 0.20, False),
        HexProposal(h[4], "grain", 0.30, False),
        HexProposal(h[5], "clear", 1.0, True),  # taught
        HexProposal(h[6], "woods", 0.90, True),
        HexProposal(h[7], "clear", 0.15, False),
    ]
    ask = next_to_ask(props, 3)
    assert ask == [h[2], h[3], h[4]]  # the least sure first, then one of each other terrain read
    assert h[5] not in next_to_ask(props, 7)
    assert len(next_to_ask(props, 2)) == 2


def test_calibration_sets_the_bar_above_wrong_held_out_answers():
    # 1-d colours: two examples of each terrain; the second "b" example sits nearer the "a" ones,
    # so held out it reads as "a", with some margin: the bar must rise above that margin.
    lab = np.array([[50, 0, 0], [52, 0, 0], [70, 0, 0], [55, 0, 0]], dtype=float)
    feats = np.hstack([lab, np.zeros((4, 3 + 8))])
    labels = np.array([0, 0, 1, 1])
    from hexwright.engine.digitize.reading import MIN_SURE, nearest_terrain

    best, margin = nearest_terrain(feats[3:4], feats[:3], labels[:3], 2)
    assert best[0] == 0
    threshold = calibrated_threshold(feats, labels, 2, np.ones(4, dtype=bool))
    assert threshold > margin[0] and threshold >= MIN_SURE
    # examples that tell their terrains apart keep the floor
    clean = np.hstack([np.array([[50, 0, 0], [51, 0, 0], [80, 0, 0], [81, 0, 0]], float), np.zeros((4, 11))])
    assert calibrated_threshold(clean, labels, 2, np.ones(4, dtype=bool)) == MIN_SURE


def test_calibration_skips_a_held_out_answer_the_whole_reading_leaves_for_review():
    # as above, the second "b" example reads as "a" when held out; when the rest of the reading (the
    # signature step) would leave that hex for review, its margin is no evidence against proposing
    lab = np.array([[50, 0, 0], [52, 0, 0], [70, 0, 0], [55, 0, 0]], dtype=float)
    feats = np.hstack([lab, np.zeros((4, 3 + 8))])
    labels = np.array([0, 0, 1, 1])
    from hexwright.engine.digitize.reading import MIN_SURE

    asked = []

    def review(i, keep, best, per):
        asked.append((i, int(best[0]), int(keep.sum()), per.shape))
        return i == 3

    assert calibrated_threshold(feats, labels, 2, np.ones(4, dtype=bool), review) == MIN_SURE
    assert (3, 0, 3, (1, 2)) in asked  # asked about the wrong one only, with its nearest and distances
    assert all(i == 3 for i, *_ in asked)
    assert calibrated_threshold(feats, labels, 2, np.ones(4, dtype=bool), lambda *a: False) > MIN_SURE


def test_the_mean_colour_vote_names_no_feature_the_hex_shows_none_of():
    # houses (1) taught by a big roof and by an answer that is a small house mostly of grass: the
    # houses' median colour drifts to the grass's, and a plain field votes "house" unless the vote
    # knows the field shows none of the houses' signature
    from hexwright.engine.digitize.reading import mean_colour_vote

    examples = np.hstack([np.array([[70, -20, 40], [70, -20, 40], [40, 0, 0], [66, -17, 34], [68, -19, 38]],
                                   dtype=float), np.zeros((5, 11))])
    labels = np.array([0, 0, 1, 1, 1])
    field = np.hstack([np.array([[65, -16, 33], [41, 0, 0]], dtype=float), np.zeros((2, 11))])
    best, _margin = mean_colour_vote(field, examples, labels, 2)
    assert list(best) == [1, 1]  # the field votes house
    lacks = np.array([[False, True], [False, False]])  # the field shows no roof colour; the roof hex does
    best, _margin = mean_colour_vote(field, examples, labels, 2, lacks)
    assert list(best) == [0, 1]


def test_table_colours_parse():
    assert hex_rgb("#afbc6a") == (175, 188, 106)
    assert hex_rgb("#abc") == (170, 187, 204)
    assert hex_rgb("white") == (255, 255, 255)


def _feats(lab_rows, ink=0.0) -> np.ndarray:
    """Hex figures with the given median Lab colours, the same ink share and no palette texture."""
    lab = np.array(lab_rows, dtype=float)
    return np.hstack([lab, np.full((len(lab), 3), ink), np.zeros((len(lab), 8))])


def test_a_hex_is_never_its_own_example():
    from hexwright.engine.digitize.reading import nearest_terrain

    feats = _feats([[50, 0, 0], [80, 0, 0], [52, 0, 0]])
    examples = feats[[0, 1]]
    labels = np.array([0, 1])
    # hex 0 is example 0 itself: with `source` it must look past itself, to the other terrain only
    best, margin = nearest_terrain(feats, examples, labels, 2, source=np.array([0, -1]))
    assert best[0] == 1 and margin[0] == 0.0  # only one terrain left to it: no margin
    assert best[2] == 0 and margin[2] > 0.9  # others still see example 0


def test_self_training_checks_and_the_mean_colour_vote():
    from hexwright.engine.digitize.reading import mean_colour_vote, self_trained

    # two terrains far apart in colour, a chain of hexes between the "a" examples and a second look
    # of "a" (darker); the hex at 66 is as near the "b" example as the chain: never sure
    examples = _feats([[50, 0, 0], [51, 0, 0], [80, 0, 0], [81, 0, 0]])
    labels = np.array([0, 0, 1, 1])
    feats = _feats([[50, 0, 0], [53, 0, 0], [56, 0, 0], [80, 0, 0], [66, 0, 0], [65.5, 0, 0]])
    best, conf, sure = self_trained(feats, examples, labels, 2, threshold=0.45)
    assert list(best[:4]) == [0, 0, 0, 1]
    assert sure[:4].all()
    assert not sure[4] and not sure[5]  # between the terrains: left for review
    assert ((conf >= 0) & (conf <= 1)).all()
    by_mean, margin = mean_colour_vote(feats, examples, labels, 2)
    assert list(by_mean) == [0, 0, 0, 1, 1, 0]
    assert margin[0] > 0.9 and margin[4] < 0.1


def test_sure_needs_the_mean_colour_to_agree():
    from hexwright.engine.digitize.reading import self_trained

    # "a" is taught as a darker field with houses (ink), "b" as a pale one; a pale hex with houses is
    # surely "a" by example (its ink must be explained) but "b" by mean colour: read "a", not sure
    examples = np.vstack([_feats([[60, 0, 0], [60, 1, 0]], ink=0.3), _feats([[75, 0, 0], [75, 1, 0]], ink=0.0)])
    labels = np.array([0, 0, 1, 1])
    hexes = _feats([[72, 0, 0]], ink=0.3)
    best, _conf, sure = self_trained(hexes, examples, labels, 2, threshold=0.45)
    assert best[0] == 0 and not sure[0]


def test_nearest_terrain_reads_a_big_map_in_chunks_alike():
    from hexwright.engine.digitize.reading import CHUNK_HEXES, example_distances, nearest_terrain

    rng = np.random.default_rng(3)
    n = 2 * CHUNK_HEXES + 37
    feats = np.hstack([rng.uniform(0, 100, (n, 3)), rng.uniform(0, 0.3, (n, 3)), rng.dirichlet(np.ones(8), n)])
    source = np.array([-1, -1, -1, 5, CHUNK_HEXES + 1, n - 1])
    examples = np.vstack([feats[[0, 1, 2]] + 1.0, feats[source[3:]]])
    labels = np.array([0, 1, 2, 0, 1, 2])
    best, margin = nearest_terrain(feats, examples, labels, 3, source)
    # the same, one hex at a time, by hand
    for i in (0, 5, CHUNK_HEXES + 1, n - 1, n // 2):
        d = example_distances(feats[i:i + 1], examples)[0]
        d[source == i] = np.inf
        per = np.array([d[labels == j].min() for j in range(3)])
        first, second = np.sort(per)[:2]
        assert best[i] == int(np.argmin(per))
        assert margin[i] == pytest.approx((second - first) / second)
