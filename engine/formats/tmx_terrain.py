"""Which terrain a Tiled tile stands for, proposed from what the tile says about itself.

A tile's words, first to last: its `terrain` property, its class (Tiled 1.9+) or type, its `name`,
`type` and `class` properties, the text values inside its class-typed properties (Tiled 1.8+: a
"Biome" property whose variant is "Mountain"), its tileset's name when the tileset holds one tile, and the
file name of its own picture (a collection of images: "forest.png"). Each word is tried against the
terrain table by code and by name, then through a vocabulary of the words map makers use for the same
ground (Forest, Jungle, Trees -> woods; Ocean, Sea, Lake -> water; Grass, Plains -> clear; Swamp ->
marsh; ...); a misspelt word close to a vocabulary word counts as it ("Moutain"). Where the table has
no terrain of that kind, a neighbouring kind is proposed (mountain -> hill -> rough), and nothing where
there is none. The designer reviews every proposal in the import dialog; the word that decided is
shown beside it.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from typing import Any

from ..model.terrain import TerrainTable

# a kind of ground -> the words for it (lower case, singular)
VOCABULARY: dict[str, tuple[str, ...]] = {
    "clear": ("clear", "plain", "grass", "grassland", "field", "meadow", "farmland", "farm", "ground",
              "land", "steppe", "prairie", "savanna", "savannah", "pasture", "lowland", "dirt", "cropland"),
    "woods": ("wood", "woods", "forest", "tree", "jungle", "orchard", "woodland", "taiga", "pine", "grove",
              "copse", "thicket"),
    "rough": ("rough", "rocky", "rock", "badland", "broken", "scrub", "stone", "boulder", "crag", "scree"),
    "hill": ("hill", "highland", "upland", "foothill", "ridge"),
    "mountain": ("mountain", "peak", "alpine", "mount", "massif", "volcano"),
    "marsh": ("marsh", "swamp", "bog", "wetland", "fen", "mud", "mire", "polder"),
    "city": ("city", "urban", "town", "building", "castle", "metropolis"),
    "village": ("village", "hamlet", "settlement", "house", "farmstead"),
    "water": ("water", "ocean", "sea", "lake", "deepwater", "pond", "lagoon", "bay", "coast",
              "shore", "reef"),
    "desert": ("desert", "sand", "dune", "beach", "wasteland", "arid"),
    "snow": ("snow", "ice", "glacier", "tundra", "arctic", "frozen"),
    "fortification": ("fort", "fortress", "fortification", "bunker", "redoubt", "entrenchment", "trench"),
}
# where the table has no terrain of a kind: the next kind to try
NEIGHBOUR = {"mountain": "hill", "hill": "rough", "village": "city", "fortification": None}
WORD_KIND = {w: kind for kind, words in VOCABULARY.items() for w in words}
# words that say nothing about the ground
NOISE = {"tile", "tiles", "hex", "hexes", "hexagon", "terrain", "biome", "type", "variant", "png", "gif", "jpg",
         "base", "small", "large", "big", "mini", "top", "flat", "pointy", "the", "of", "and", "a", "tileset"}


def words_of(text: str) -> list[str]:
    """The lower-case words of a name: "tileGrass_02" -> ["tile", "grass"], "Deep Water" -> ["deep", "water"]."""
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", text)
    out = []
    for w in re.split(r"[^A-Za-z]+", spaced):
        w = w.lower()
        if len(w) < 2 or w in NOISE:
            continue
        if w.endswith("s") and w[:-1] in WORD_KIND:
            w = w[:-1]
        out.append(w)
    return out


def hint_texts(kind: str, properties: dict[str, Any], picture: str | None, tileset: str = "") -> list[tuple[str, str]]:
    """What a tile says about itself, most telling first: (where, text)."""
    out: list[tuple[str, str]] = []
    if isinstance(properties.get("terrain"), str) and properties["terrain"].strip():
        out.append(("terrain property", properties["terrain"]))
    if kind:
        out.append(("class", kind))
    for key in ("name", "type", "class"):
        if isinstance(properties.get(key), str) and properties[key].strip():
            out.append((f"{key} property", properties[key]))

    def nested(prefix: str, d: dict[str, Any]) -> Iterable[tuple[str, str]]:
        for k, v in d.items():
            if isinstance(v, dict):
                yield from nested(f"{prefix}{k}.", v)
            elif isinstance(v, str) and v.strip() and not v.startswith("#"):
                yield (f"property {prefix}{k}".replace(".:", "."), v)

    for k, v in properties.items():
        if isinstance(v, dict):
            out.extend(nested(f"{k}.", v))
    if picture:
        stem = re.sub(r"\.[A-Za-z0-9]+$", "", picture.replace("\\", "/").rsplit("/", 1)[-1])
        out.append(("picture", stem))
    if tileset:
        out.append(("tileset", tileset))
    return out


def _table_words(table: TerrainTable) -> dict[str, str]:
    """Lower-case code and name of every terrain and in-hex feature -> its code."""
    names: dict[str, str] = {}
    for group in (table.terrain, table.features):
        for code, t in group.items():
            names.setdefault(code.lower(), code)
            names.setdefault(t.name.lower(), code)
    return names


def _kind_codes(table: TerrainTable) -> dict[str, str]:
    """A kind of ground -> the table's code for it (the first terrain or feature whose code or name words are of
    that kind)."""
    out: dict[str, str] = {}
    for group in (table.terrain, table.features):
        for code, t in group.items():
            for w in words_of(code) + words_of(t.name):
                kind = WORD_KIND.get(w)
                if kind and kind not in out:
                    out[kind] = code
    return out


def _kind_of(word: str) -> str | None:
    if word in WORD_KIND:
        return WORD_KIND[word]
    if len(word) >= 5:
        close = difflib.get_close_matches(word, list(WORD_KIND), n=1, cutoff=0.85)
        if close:
            return WORD_KIND[close[0]]
    return None


def propose_terrain(hints: list[tuple[str, str]], table: TerrainTable) -> tuple[str | None, str]:
    """The code a tile most likely stands for and why ("class 'Forest'"); (None, "") when no word tells."""
    direct = _table_words(table)
    kinds = _kind_codes(table)
    for where, text in hints:
        code = direct.get(text.strip().lower())
        if code:
            return code, f"{where} {text.strip()!r}"
    for where, text in hints:
        for w in words_of(text):
            if w in direct:
                return direct[w], f"{where} {text.strip()!r}"
            kind = _kind_of(w)
            seen = set()
            while kind and kind not in seen:
                seen.add(kind)
                if kind in kinds:
                    return kinds[kind], f"{where} {text.strip()!r}"
                kind = NEIGHBOUR.get(kind)
    return None, ""
