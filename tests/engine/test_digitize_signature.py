"""Signature colours (engine/digitize/signature.py): a feature drawn on varied ground decides the hex's
terrain. Unit cases on palette shares, and a small board painted with numpy whose houses stand in
fields and in woods (only houses in fields taught). No Qt and no fetched data."""

from __future__ import annotations

import numpy as np
import pytest
from hexwright.engine.digitize import reading
from hexwright.engine.digitize import signature as signature_module
from hexwright.engine.digitize import terrain as tr
from hexwright.engine.digitize.signature import (
    Signature,
    foreign_colours,
    shows,
    signature_reading,
    signatures,
    unexplained,
)
from hexwright.engine.hexgrid import Hex
from hexwright.engine.model.hexmap import GridSpec, HexMap
from hexwright.engine.model.terrain import TerrainTable, TerrainType

# palette colours of the unit cases: 0 field green, 1 woods green, 2 roof brown, 3 roof dark, 4 road, 5 crater
FIELD, WOODS, HOUSE = 0, 1, 2


def shares(**parts: float) -> np.ndarray:
    """A palette histogram of 6 colours from named shares (the rest is field)."""
    names = ["field", "woods", "roof", "roof_dark", "road", "crater"]
    h = np.zeros(6)
    for k, v in parts.items():
        h[names.index(k)] = v
    h[0] += 1.0 - h.sum()
    return h


def test_a_colour_every_house_example_holds_and_no_other_is_the_house_signature():
    ex = np.array([shares(roof=0.2, roof_dark=0.05), shares(roof=0.15, roof_dark=0.04),  # houses (0)
                   shares(), shares(woods=0.01),  # fields (1)
                   shares(woods=0.85), shares(woods=0.8, roof_dark=0.05)])  # woods (2): one has a dark patch
    labels = np.array([0, 0, 1, 1, 2, 2])
    hist = np.vstack([ex, [shares(woods=0.8)] * 10])
    answer = np.array([0, 0, 1, 1, 2, 2] + [2] * 10)
    sigs = signatures(hist, ex, labels, answer)
    by_code = {s.codes: s for s in sigs}
    assert list(by_code[(0,)].colours) == [2]  # the roof; the dark roof is in a woods example too
    assert by_code[(0,)].share == pytest.approx(0.15)
    assert (1,) not in by_code  # a field adds nothing to the ground
    # woods' colour covers most of its examples: not a feature drawn on the ground
    assert (2,) not in by_code


def test_a_big_drawn_feature_keeps_its_signature_a_flat_fill_as_big_does_not(monkeypatch):
    # palette: 0 field, 1 woods, 2 woods dark, 3-6 a roof's four shades (light, dark, ridge, outline)
    def h(**parts: float) -> np.ndarray:
        names = ["field", "woods", "woods_dark", "roof", "roof_dark", "ridge", "outline"]
        out = np.zeros(len(names))
        for k, v in parts.items():
            out[names.index(k)] = v
        out[0] += 1.0 - out.sum()
        return out

    big_roof = dict(roof=0.4, roof_dark=0.25, ridge=0.08, outline=0.06)  # the roof covers 0.79 of the hex
    ex = np.array([h(**big_roof), h(roof=0.38, roof_dark=0.27, ridge=0.07, outline=0.07),  # houses (0)
                   h(), h(),  # fields (1)
                   h(woods=0.6, woods_dark=0.2), h(woods=0.55, woods_dark=0.25)])  # woods (2): 0.8, two greens
    labels = np.array([0, 0, 1, 1, 2, 2])
    answer = np.array([0, 0, 1, 1, 2, 2] + [1] * 10)
    by_code = {s.codes: s for s in signatures(np.vstack([ex, [h()] * 10]), ex, labels, answer)}
    assert by_code[(0,)].share == pytest.approx(0.79)  # over SIG_FEATURE_MAX, yet a drawing of 4 colours
    assert (2,) not in by_code  # the woods' two greens fill the hex: read by their look
    # a small house (an eighth of a hex) in a field now shows the houses
    shown, _reach = shows(np.array([h(roof=0.06, roof_dark=0.04, ridge=0.01, outline=0.01), h()]), by_code[(0,)])
    assert list(shown) == [True, False]
    # with SIG_DRAWN out of reach, the big roof is treated as a fill and has no signature
    monkeypatch.setattr(signature_module, "SIG_DRAWN", 5)
    assert (0,) not in {s.codes for s in signatures(np.vstack([ex, [h()] * 10]), ex, labels, answer)}


def test_a_feature_colour_most_hexes_read_as_another_feature_hold_is_not_its_signature():
    # woods (2) taught with a dark shade (roof_dark) its house examples (0) lack; the other houses of
    # the map hold it: it is not the woods' signature, and the houses' own roof colour stays theirs
    ex = np.array([shares(roof=0.3), shares(roof=0.25),  # houses (0)
                   shares(), shares(),  # fields (1)
                   shares(woods=0.4, roof_dark=0.2), shares(woods=0.5, roof_dark=0.25)])  # woods (2)
    labels = np.array([0, 0, 1, 1, 2, 2])
    answer = np.array([0, 0, 1, 1, 2, 2] + [0] * 10 + [1] * 10)
    held = [shares(roof=0.3, roof_dark=0.06)] * 9 + [shares(roof=0.3)]  # 9 of the 12 hexes read as houses
    by_code = {s.codes: s for s in signatures(np.vstack([ex, held, [shares()] * 10]), ex, labels, answer)}
    assert list(by_code[(0,)].colours) == [HOUSE]
    assert list(by_code[(2,)].colours) == [WOODS]  # woods keeps its own green, without the dark shade
    assert by_code[(2,)].share == pytest.approx(0.4)
    few = [shares(roof=0.3, roof_dark=0.06)] * 3 + [shares(roof=0.3)] * 7  # 3 of 12: it stays
    by_code = {s.codes: s for s in signatures(np.vstack([ex, few, [shares()] * 10]), ex, labels, answer)}
    assert sorted(by_code[(2,)].colours) == [WOODS, 3]


def test_a_colour_the_ground_commonly_holds_is_no_feature_signature(monkeypatch):
    # an old print (VASL board 51 yellowed): both orchard examples (2) stand on a road; the blur's
    # fringe of the houses' (0) outlines holds the trees' dark green (crater here), so the orchard's
    # signature is the road's colour alone, and half the fields (1), on the town's roads, hold it
    ex = np.array([shares(roof=0.3, crater=0.03), shares(roof=0.25, crater=0.04),  # houses (0)
                   shares(), shares(),  # fields (1)
                   shares(road=0.25, crater=0.2), shares(road=0.3, crater=0.25)])  # orchards (2)
    labels = np.array([0, 0, 1, 1, 2, 2])
    answer = np.array([0, 0, 1, 1, 2, 2] + [1] * 20)
    hist = np.vstack([ex, [shares(road=0.35)] * 10 + [shares()] * 10])  # half the fields hold the road
    by_code = {s.codes: s for s in signatures(hist, ex, labels, answer)}
    assert (2,) not in by_code  # no signature: a field on a road shows no orchard
    assert list(by_code[(0,)].colours) == [HOUSE]  # the houses' roof stays theirs
    few = np.vstack([ex, [shares(road=0.35)] * 2 + [shares()] * 18])  # a road in a tenth of the fields
    assert [list(s.colours) for s in signatures(few, ex, labels, answer) if s.codes == (2,)] == [[4]]
    # the rule before (no limit on the ground's share): the road was the orchard's signature, and a
    # field on the road showed it
    monkeypatch.setattr(signature_module, "SIG_GROUND", 1.0)
    before = {s.codes: s for s in signatures(hist, ex, labels, answer)}
    assert list(before[(2,)].colours) == [4]
    assert shows(hist[len(ex):len(ex) + 1], before[(2,)])[0][0]


def test_a_colour_many_terrains_hold_a_little_of_and_one_much_more_is_that_ones(monkeypatch):
    # an old print (VASL board 51 yellowed): the blur's fringe where the houses' (0) and wooden houses'
    # (3) outlines meet the grass holds 2-4 % of the trees' dark green (crater here); the orchards (2)
    # hold 20-25 % of it, and a road (4) both orchard examples stand on
    ex = np.array([shares(roof=0.3, crater=0.03), shares(roof=0.25, crater=0.04),  # houses (0)
                   shares(), shares(),  # fields (1)
                   shares(road=0.25, crater=0.2), shares(road=0.3, crater=0.25),  # orchards (2)
                   shares(roof_dark=0.3, crater=0.03), shares(roof_dark=0.2, crater=0.035)])  # wooden (3)
    labels = np.array([0, 0, 1, 1, 2, 2, 3, 3])
    answer = np.array([0, 0, 1, 1, 2, 2, 3, 3] + [1] * 20 + [0] * 10 + [3] * 10)
    hist = np.vstack([ex, [shares(road=0.35)] * 2 + [shares()] * 18, [shares(roof=0.3)] * 10,
                      [shares(roof_dark=0.3)] * 10])
    by_code = {s.codes: s for s in signatures(hist, ex, labels, answer)}
    assert sorted(by_code[(2,)].colours) == [4, 5]  # the trees are the orchard's, beside the road
    field_on_road = np.array([shares(road=0.35)])
    assert not shows(field_on_road, by_code[(2,)])[0][0]  # a field on the road shows no orchard
    assert shows(np.array([shares(road=0.1, crater=0.2)]), by_code[(2,)])[0][0]  # an orchard does
    # the rule before: three terrains hold the dark green, so it was no one's, the orchard's signature
    # was the road alone, and the field on the road showed it
    monkeypatch.setattr(signature_module, "SIG_DOMINANT", np.inf)
    before = {s.codes: s for s in signatures(hist, ex, labels, answer)}
    assert list(before[(2,)].colours) == [4]
    assert shows(field_on_road, before[(2,)])[0][0]


def test_a_colour_two_terrains_share_is_their_pair_signature_when_rare_elsewhere():
    ex = np.array([shares(roof_dark=0.1), shares(roof_dark=0.12),  # crags (0)
                   shares(roof_dark=0.2, roof=0.2), shares(roof_dark=0.15, roof=0.1),  # stone (1)
                   shares(), shares()])  # fields (2)
    labels = np.array([0, 0, 1, 1, 2, 2])
    answer = np.array([0, 0, 1, 1, 2, 2] + [2] * 20)
    rare = np.vstack([ex, [shares(roof_dark=0.05)] + [shares()] * 19])  # 1 field in 20 holds the grey
    sigs = {s.codes: s for s in signatures(rare, ex, labels, answer)}
    assert list(sigs[(0, 1)].colours) == [3] and list(sigs[(1,)].colours) == [2]
    common = np.vstack([ex, [shares(roof_dark=0.05)] * 5 + [shares()] * 15])  # 1 in 4: a road's colour
    assert (0, 1) not in {s.codes for s in signatures(common, ex, labels, answer)}


def test_a_small_house_shows_and_a_road_alone_does_not_show_shellholes():
    house = Signature((0,), np.array([HOUSE]), 0.4, np.array([0.4]))
    hist = np.array([shares(roof=0.06), shares(roof=0.03), shares()])
    shown, reach = shows(hist, house)
    assert list(shown) == [True, False, False]  # SHOW_ABS of the hex is enough, though the examples hold 0.4
    assert reach[0] > 1 > reach[1] and reach[2] == 0
    # shellhole examples that both stand on a road: the road and the craters are their signature;
    # a hex with the road and no crater does not show shellholes, one with craters does
    shell = Signature((3,), np.array([4, 5]), 0.3, np.array([0.15, 0.15]))
    shown, _reach = shows(np.array([shares(road=0.35), shares(crater=0.1, road=0.05)]), shell)
    assert list(shown) == [False, True]


def test_the_feature_on_top_wins_and_a_terrain_lacking_its_signature_is_not_answered():
    house = Signature((0,), np.array([HOUSE]), 0.2, np.array([0.2]))
    orchard = Signature((1,), np.array([WOODS]), 0.35, np.array([0.35]))
    hist = np.array([shares(woods=0.3, roof=0.06),  # a house in an orchard
                     shares(woods=0.3),  # an orchard
                     shares(),  # a field read as a house: it has no roof colour
                     shares(roof=0.01)])  # a field with a speck of roof colour: still not a house
    answer = np.array([1, 1, 0, 0])
    distances = np.array([[5.0, 3.0, 9.0], [9.0, 2.0, 8.0], [4.0, 9.0, 6.0], [4.0, 9.0, 6.0]])
    out = signature_reading(hist, [house, orchard], answer, distances)
    assert list(out) == [0, 1, 2, 2]


def test_a_hex_vetoed_as_a_feature_it_lacks_takes_a_plain_terrain_not_another_unshown_feature():
    # orchard examples that both stand on a paved road: the road's grey (roof_dark) is in the orchard's
    # signature beside its trees (woods green). A paved clear hex read as a house (it lacks the roof)
    # holds the road's grey and no tree: it does not show the orchard, so it is not an orchard either
    house = Signature((0,), np.array([HOUSE]), 0.2, np.array([0.2]))
    orchard = Signature((1,), np.array([WOODS, 3]), 0.6, np.array([0.3, 0.3]))
    hist = np.array([shares(roof_dark=0.5),  # the paved hex
                     shares(woods=0.3, roof_dark=0.3)])  # an orchard on the road
    answer = np.array([0, 1])
    distances = np.array([[3.0, 4.0, 5.0], [6.0, 1.0, 5.0]])  # the orchard (on a road) is nearer than clear
    assert list(signature_reading(hist, [house, orchard], answer, distances)) == [2, 1]


def test_a_pair_signature_answers_the_nearer_never_one_lacking_its_own_nor_over_a_sure_reading():
    pair = Signature((0, 1), np.array([3]), 0.1, np.array([0.1]))  # grey crags and grey stone
    stone = Signature((1,), np.array([HOUSE]), 0.2, np.array([0.2]))  # stone's own roof colour
    hist = np.array([shares(roof_dark=0.1), shares(roof_dark=0.1), shares(roof_dark=0.1, roof=0.1)])
    answer = np.array([2, 2, 2])
    distances = np.array([[6.0, 5.0, 1.0]] * 3)
    out = signature_reading(hist, [pair, stone], answer, distances)
    # hex 0 lacks stone's own colour: crags (though stone is nearer); hex 2 shows stone's own colour
    assert list(out) == [0, 0, 1]
    sure = np.array([True, False, False])
    assert list(signature_reading(hist, [pair, stone], answer, distances, sure)) == [2, 0, 1]




def test_a_colour_that_fills_one_of_two_terrains_is_no_pair_signature():
    # the hill's brown (road here) fills its examples; a wooden building's roof edge holds a little of
    # it too. Both hold it and no other example does, but it is no feature the two draw: no pair
    ex = np.array([shares(roof=0.2, road=0.03), shares(roof=0.25, road=0.04),  # wooden buildings (0)
                   shares(road=0.8), shares(road=0.85),  # hill (1)
                   shares(), shares()])  # fields (2)
    labels = np.array([0, 0, 1, 1, 2, 2])
    hist = np.vstack([ex, [shares()] * 20])
    answer = np.concatenate([labels, [2] * 20])
    by_code = {s.codes: s for s in signatures(hist, ex, labels, answer)}
    assert (0, 1) not in by_code  # the rule before made [road] the pair's signature (its share 0.03)
    assert list(by_code[(0,)].colours) == [HOUSE]
    # a pair both draw as a feature (grey crags and grey stone roofs) keeps its signature
    ex[2:4] = [shares(road=0.1), shares(road=0.12)]
    assert (0, 1) in {s.codes for s in signatures(hist, ex, labels, answer)}

def test_an_odd_example_does_not_take_what_the_other_examples_agree_on(monkeypatch):
    # four house examples (0), the last two answers to Teach next: a small house (less dark roof) and a
    # sliver of a roof at the hex's edge beside a shed's colour (crater); sheds (1) and fields (2)
    ex = np.array([shares(roof=0.2, roof_dark=0.05), shares(roof=0.15, roof_dark=0.04),
                   shares(roof=0.05, roof_dark=0.03), shares(roof=0.03, crater=0.05),  # houses (0)
                   shares(crater=0.1), shares(crater=0.12),  # sheds (1)
                   shares(), shares()])  # fields (2)
    labels = np.array([0, 0, 0, 0, 1, 1, 2, 2])
    hist = np.vstack([ex, [shares()] * 10])
    answer = np.concatenate([labels, [2] * 10])
    by_code = {s.codes: s for s in signatures(hist, ex, labels, answer)}
    # the roof's dark shade is held by 3 of the 4 (enough), and the sliver's crater does not make the
    # houses touch the sheds' colour: both terrains keep their signature
    assert sorted(by_code[(0,)].colours) == [HOUSE, 3]
    assert by_code[(0,)].share == pytest.approx(0.08)  # what 3 of the 4 reach
    assert list(by_code[(1,)].colours) == [5]
    # every example must hold it and none of another terrain touch it (the rule before): the odd
    # answers take the dark shade from the houses and the sheds' colour away
    monkeypatch.setattr(signature_module, "enough", lambda n: n)
    by_code = {s.codes: s for s in signatures(hist, ex, labels, answer)}
    assert list(by_code[(0,)].colours) == [HOUSE] and (1,) not in by_code


def test_a_colour_only_other_terrains_hold_leaves_the_hex_for_review():
    # orchard (0) trees are the woods' (1) and the stream's (2) green: no signature of their own. The
    # hill's (3) examples (road = the hill's brown here) hold no tree; clear (4) holds nothing. The
    # orchard examples also stand on a paved road (roof_dark), as do a clear example and a fifth of the
    # clear hexes.
    ex = np.array([shares(woods=0.18, roof_dark=0.2), shares(woods=0.17, roof_dark=0.25),  # orchard
                   shares(woods=0.5, roof=0.2), shares(woods=0.5, roof=0.2),  # woods
                   shares(woods=0.12, crater=0.2), shares(woods=0.13, crater=0.25),  # stream
                   shares(road=0.9), shares(road=0.95),  # hill
                   shares(), shares(roof_dark=0.3)])  # clear, one on the paved road
    labels = np.array([0, 0, 1, 1, 2, 2, 3, 3, 4, 4])
    assert all(0 not in s.codes for s in signatures(np.vstack([ex] * 3), ex, labels, np.tile(labels, 3)))
    board = np.vstack([ex, [shares(road=0.7, woods=0.25)] * 3,  # orchards on the hill, read as hill
                       [shares(roof_dark=0.3)] * 8, [shares()] * 30])  # clear hexes, some paved
    answer = np.concatenate([labels, [3] * 3, [4] * 38])
    foreign = foreign_colours(board, ex, labels, answer)
    assert WOODS in {f.colour for f in foreign} and 3 not in {f.colour for f in foreign}  # the road is common
    doubt = unexplained(board, foreign, answer)
    assert list(doubt[10:13]) == [True] * 3  # trees on a hill: left for review
    assert not doubt[13:].any() and not doubt[:10].any()  # paved clear hexes and the examples: no doubt
    # the same trees in most hexes read as hill (it is the hill's look, its examples lacked it): no doubt
    common = np.vstack([ex, [shares(road=0.7, woods=0.25)] * 30, [shares()] * 11])
    answer = np.concatenate([labels, [3] * 30, [4] * 11])
    assert not unexplained(common, foreign_colours(common, ex, labels, answer), answer).any()

# -- a painted board: houses in fields and in woods ------------------------------------------------

CLEAR_RGB, WOODS_RGB, HOUSE_RGB = (175, 188, 106), (60, 85, 35), (150, 80, 30)


def painted(seed: int = 4) -> tuple[HexMap, np.ndarray, dict[Hex, str], dict[Hex, str]]:
    """A 12 x 8 board of fields, woods (dark blotches over most of the hex) and houses (a brown
    rectangle about a tenth of the hex), the houses on a field or inside woods; the truth, and the
    taught hexes: two of each terrain, the houses taught both standing in fields; and each hex's kind."""
    rng = np.random.default_rng(seed)
    t = TerrainTable()
    for code, rgb in (("clear", CLEAR_RGB), ("woods", WOODS_RGB), ("building", HOUSE_RGB)):
        t.terrain[code] = TerrainType(code, code, color="#{:02x}{:02x}{:02x}".format(*rgb))
    m = HexMap(GridSpec(columns=12, rows=8, hex_size=28.0), t, "clear")
    kinds = ["clear", "woods", "house in field", "house in woods"]
    kind = {h: kinds[int(rng.integers(4))] for h in m.hexes}
    first = sorted(m.hexes, key=m.label)
    kind[first[0]] = kind[first[1]] = "house in field"  # the two taught houses
    m.set_terrain({h: "building" if k.startswith("house") else k for h, k in kind.items()})
    w, h = m.grid.pixel_size()
    H, W = int(h) + 4, int(w) + 4
    ys, xs = np.mgrid[0:H, 0:W].astype(float)
    lay = m.layout()
    qr = lay.pixels_to_hexes(np.column_stack([xs.ravel(), ys.ravel()]))
    index = {hx: i for i, hx in enumerate(m.hexes)}
    which = np.array([index.get(Hex(int(q), int(r)), -1) for q, r in qr]).reshape(H, W)
    centres = lay.hexes_to_pixels(np.array(m.hexes, dtype=float).reshape(-1, 2))
    img = np.full((H, W, 3), 255.0)
    for i, hx in enumerate(m.hexes):
        sel = which == i
        dx, dy = xs[sel] - centres[i][0], ys[sel] - centres[i][1]
        col = np.tile(np.array(CLEAR_RGB, dtype=float), (int(sel.sum()), 1))
        if "woods" in kind[hx]:
            col[:] = WOODS_RGB
            for _ in range(5):  # clearings
                bx, by = rng.uniform(-14, 14, 2)
                col[(dx - bx) ** 2 + (dy - by) ** 2 < rng.uniform(10, 30)] = CLEAR_RGB
        if kind[hx].startswith("house"):
            bx, by = rng.uniform(-7, 7, 2)
            col[(np.abs(dx - bx) < 5) & (np.abs(dy - by) < 6)] = HOUSE_RGB
        img[sel] = col
    frac = lay.pixels_to_hexes(np.column_stack([xs.ravel() + 1.2, ys.ravel()]))
    img[(frac != qr).any(axis=1).reshape(H, W) & (which >= 0)] = (30, 30, 30)
    img += np.random.default_rng(seed + 1).normal(0, 3.0, img.shape)
    taught = {}
    for code in ("clear", "woods", "building"):
        for hx in [h for h in first if m.terrain[h] == code][:2]:
            taught[hx] = code
    return m, np.clip(img, 0, 255).astype(np.uint8), taught, kind


def test_houses_in_woods_are_read_as_buildings_though_only_houses_in_fields_were_taught(monkeypatch):
    m, img, taught, kind = painted()
    in_woods = [h for h, k in kind.items() if k == "house in woods" and h not in taught]
    assert len(in_woods) >= 10
    props = {p.hex: p for p in tr.propose_terrain(m, img, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), taught)}
    got = sum(props[h].terrain == "building" for h in in_woods)
    assert got >= 0.9 * len(in_woods)
    rest = [h for h in m.hexes if h not in taught]
    assert sum(props[h].terrain == m.terrain[h] for h in rest) >= 0.95 * len(rest)
    # a changed answer is never proposed: what is proposed wrong are houses the signature missed too
    assert sum(props[h].terrain != m.terrain[h] for h in rest if props[h].proposed) <= 0.05 * len(rest)
    # without the signatures the nearest example (a house in a field) reads most of them as woods
    monkeypatch.setattr(reading, "signature_reading", lambda hist, sigs, answer, distances, sure=None: answer)
    plain = {p.hex: p for p in tr.propose_terrain(m, img, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), taught)}
    assert sum(plain[h].terrain == "building" for h in in_woods) < got



# -- a painted board: orchards on clear ground and on a hill ----------------------------------------

HILL_RGB, TREE_RGB, DARK_RGB = (190, 150, 90), (70, 100, 45), (40, 60, 25)


def orchards(seed: int = 2) -> tuple[HexMap, np.ndarray, dict[Hex, str], dict[Hex, str]]:
    """A 12 x 8 board of clear fields, hill (brown), woods (the trees' green with dark blotches) and
    orchards (five round trees in the trees' green) on clear ground or on the hill; the taught hexes
    are two of each terrain, the orchards taught both on clear ground; and each hex's kind."""
    rng = np.random.default_rng(seed)
    t = TerrainTable()
    for code, rgb in (("clear", CLEAR_RGB), ("hill", HILL_RGB), ("woods", TREE_RGB), ("orchard", TREE_RGB)):
        t.terrain[code] = TerrainType(code, code, color="#{:02x}{:02x}{:02x}".format(*rgb))
    m = HexMap(GridSpec(columns=12, rows=8, hex_size=28.0), t, "clear")
    order = sorted(m.hexes, key=m.label)
    kinds = ["clear"] * 50 + ["hill"] * 24 + ["woods"] * 10 + ["orchard"] * 7 + ["orchard on hill"] * 5
    rng.shuffle(kinds)
    kind = dict(zip(order, kinds, strict=True))
    m.set_terrain({h: "orchard" if k.startswith("orchard") else k for h, k in kind.items()})
    w, h = m.grid.pixel_size()
    H, W = int(h) + 4, int(w) + 4
    ys, xs = np.mgrid[0:H, 0:W].astype(float)
    lay = m.layout()
    qr = lay.pixels_to_hexes(np.column_stack([xs.ravel(), ys.ravel()]))
    index = {hx: i for i, hx in enumerate(m.hexes)}
    which = np.array([index.get(Hex(int(q), int(r)), -1) for q, r in qr]).reshape(H, W)
    centres = lay.hexes_to_pixels(np.array(m.hexes, dtype=float).reshape(-1, 2))
    trees = [(0.0, 0.0), (-11.0, -7.0), (11.0, -7.0), (-11.0, 8.0), (11.0, 8.0)]
    img = np.full((H, W, 3), 255.0)
    for i, hx in enumerate(m.hexes):
        sel = which == i
        dx, dy = xs[sel] - centres[i][0], ys[sel] - centres[i][1]
        ground = HILL_RGB if kind[hx] in ("hill", "orchard on hill") else CLEAR_RGB
        col = np.tile(np.array(ground, dtype=float), (int(sel.sum()), 1))
        if kind[hx] == "woods":
            col[:] = TREE_RGB
            for _ in range(4):  # dark blotches
                bx, by = rng.uniform(-12, 12, 2)
                col[(dx - bx) ** 2 + (dy - by) ** 2 < rng.uniform(15, 40)] = DARK_RGB
        if kind[hx].startswith("orchard"):
            for bx, by in trees:
                col[(dx - bx) ** 2 + (dy - by) ** 2 < 13.0] = TREE_RGB
        img[sel] = col
    frac = lay.pixels_to_hexes(np.column_stack([xs.ravel() + 1.2, ys.ravel()]))
    img[(frac != qr).any(axis=1).reshape(H, W) & (which >= 0)] = (30, 30, 30)
    img += np.random.default_rng(seed + 1).normal(0, 3.0, img.shape)
    taught: dict[Hex, str] = {}
    for code in ("clear", "hill", "woods"):
        for hx in [h for h in order if kind[h] == code][:2]:
            taught[hx] = code
    for hx in [h for h in order if kind[h] == "orchard"][:2]:
        taught[hx] = "orchard"
    return m, np.clip(img, 0, 255).astype(np.uint8), taught, kind


def test_an_orchard_on_a_hill_is_never_proposed_as_the_hill(monkeypatch):
    m, img, taught, kind = orchards()
    on_hill = [h for h, k in kind.items() if k == "orchard on hill"]
    props = {p.hex: p for p in tr.propose_terrain(m, img, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), taught)}
    rest = [h for h in m.hexes if h not in taught]
    assert all(props[h].terrain == m.terrain[h] for h in rest if props[h].proposed)
    assert sum(props[h].proposed for h in rest) >= 0.8 * len(rest)  # the rest is still proposed
    assert all(props[h].confidence < reading.MIN_SURE for h in on_hill if props[h].terrain == "hill")
    # without the check (the rule before) the trees on the hill are proposed as hill
    monkeypatch.setattr(reading, "unexplained", lambda hist, foreign, answer: np.zeros(len(hist), dtype=bool))
    plain = {p.hex: p for p in tr.propose_terrain(m, img, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), taught)}
    assert any(plain[h].proposed and plain[h].terrain == "hill" for h in on_hill)
