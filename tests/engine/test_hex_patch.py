"""Patches of hexes (cut, copy, paste, stamps): copied with the hexsides inside the selection, placed
by a translation that keeps their shape on every kind of grid, clipped at the map edge, and never
inventing codes the target map's terrain table lacks."""

from __future__ import annotations

import pytest
from hexwright.engine.hexgrid import Hex, hex_neighbor, hexside_between
from hexwright.engine.model.hex_patch import HexPatch, clear_edit, copy_patch, inner_hexsides, place_patch
from hexwright.engine.model.hexmap import GridSpec, HexMap, HexsideInfo
from hexwright.engine.model.terrain import default_terrain_table


def _map(orientation: str = "flat", stagger: str = "odd") -> HexMap:
    m = HexMap(GridSpec(12, 10, orientation, stagger), default_terrain_table(), "clear", name="source")
    return m


@pytest.mark.parametrize("orientation,stagger", [("flat", "odd"), ("flat", "even"), ("pointy", "odd"),
                                                 ("pointy", "even")])
def test_a_pasted_patch_keeps_its_shape_and_hexsides(orientation, stagger):
    m = _map(orientation, stagger)
    at = m.hex_at
    a = at("0303")
    b = hex_neighbor(a, 5)
    c = hex_neighbor(b, 0)
    m.set_terrain({a: "woods", b: "marsh", c: "rough"})
    m.set_features({a: ("village",)})
    m.set_elevation({c: 2})
    m.set_hexsides({hexside_between(a, b): HexsideInfo(("river",))})
    m.link_path(b, c, "road")
    outside = hexside_between(a, hex_neighbor(a, 3))  # one hex selected, the other not: not copied
    m.set_hexsides({outside: HexsideInfo(("stream",))})
    patch = copy_patch(m, [a, b, c])
    assert len(patch) == 3 and len(patch.hexsides) == 2
    anchor_shift = Hex(4, 1)
    target_origin = Hex(patch_origin(m, [a, b, c]).q + anchor_shift.q, patch_origin(m, [a, b, c]).r + anchor_shift.r)
    edit = place_patch(m, patch, target_origin)
    moved = {h: Hex(h.q + 4, h.r + 1) for h in (a, b, c)}
    assert edit.terrain == {moved[a]: "woods", moved[b]: "marsh", moved[c]: "rough"}
    assert edit.features == {moved[a]: ("village",)}
    assert edit.elevation == {moved[c]: 2}
    assert edit.hexsides[hexside_between(moved[a], moved[b])] == HexsideInfo(("river",))
    assert edit.hexsides[hexside_between(moved[b], moved[c])] == HexsideInfo(paths=("road",))
    assert len(edit.hexsides) == 2 and not edit.left_out


def patch_origin(m, hexes):
    from hexwright.engine.model.hex_patch import origin_of

    return origin_of(hexes)


def test_placing_replaces_the_hexsides_inside_and_clips_at_the_edge():
    m = _map()
    at = m.hex_at
    block = [at("0101"), at("0102"), at("0201")]
    patch = copy_patch(m, block)  # plain clear hexes, no hexsides
    target = [at("0505"), at("0506")]
    m.set_hexsides({hexside_between(*target): HexsideInfo(("river",))})
    origin = patch_origin(m, block)
    shift = Hex(target[0].q - at("0101").q, target[0].r - at("0101").r)
    edit = place_patch(m, patch, Hex(origin.q + shift.q, origin.r + shift.r))
    assert edit.hexsides == {hexside_between(*target): None}  # the river inside is replaced by nothing
    # put down at a corner, the hexes that fall off the map are left out
    corner = place_patch(m, copy_patch(m, [at("0505"), at("0605"), at("0705")]), Hex(-30, 0))
    assert not corner.terrain and not corner.features


def test_json_round_trip_and_bad_clipboard_text():
    m = _map()
    at = m.hex_at
    m.set_terrain({at("0303"): "woods"})
    m.set_hexsides({hexside_between(at("0303"), at("0304")): HexsideInfo(("river",), "stone", ("road",))})
    p = copy_patch(m, [at("0303"), at("0304")])
    assert HexPatch.from_json(p.to_json()) == p
    for bad in ("", "[]", '{"format": "other"}', '{"format": "hexwright-hexes/1", "hexes": [[1]], "hexsides": []}',
                '{"format": "hexwright-hexes/1", "hexes": [], "hexsides": []}'):
        with pytest.raises(ValueError):
            HexPatch.from_json(bad)


def test_codes_the_target_table_lacks_are_left_out_and_named():
    m = _map()
    at = m.hex_at
    m.set_terrain({at("0303"): "woods"})
    patch = copy_patch(m, [at("0303")])
    alien = HexPatch((patch.hexes[0].__class__(0, 0, "bocage", ("chateau",), 0),), (), "other game")
    edit = place_patch(m, alien, at("0505"))
    assert at("0505") not in edit.terrain
    assert edit.left_out == ["terrain 'bocage'", "feature 'chateau'"]


def test_clear_edit_resets_hexes_and_inner_hexsides():
    m = _map()
    at = m.hex_at
    a, b = at("0303"), at("0304")
    m.set_terrain({a: "woods"})
    m.set_features({b: ("village",)})
    m.set_hexsides({hexside_between(a, b): HexsideInfo(("river",))})
    e = clear_edit(m, [a, b])
    assert e.terrain == {a: "clear"} and e.features == {b: ()} and e.hexsides == {hexside_between(a, b): None}
    assert inner_hexsides([a, b]) == {hexside_between(a, b)}
