"""ASL map rules for the Arnhem Bridge (004_09a6f3be713b811c.txt, special rules 1.1-1.4): locations at
several levels in a hex, movement between them (`movement`), line of sight (`los`) and the bridge's
fire and rubble provisions (`bridge`). The answers a player asks of a map: can I go there, what does
it cost, can I see that."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..registry import lazy_names

if TYPE_CHECKING:
    from .bridge import (
        falling_rubble_hex,
        open_topped_pbf,
        pbf_and_case_l_apply,
        place_falling_rubble,
        rubble_locations,
    )
    from .locations import LocationError, LocationRef, location_label, locations_of, parse_location
    from .los import LosAnswer, LosIndex, line_of_sight, los_index
    from .movement import Mover, PathAnswer, StepAnswer, cheapest_path, reachable, step

# the package is light (the registry reads family.py at start-up): its names load when first asked
_LAZY = {
    "falling_rubble_hex": ".bridge",
    "open_topped_pbf": ".bridge",
    "pbf_and_case_l_apply": ".bridge",
    "place_falling_rubble": ".bridge",
    "rubble_locations": ".bridge",
    "LocationError": ".locations",
    "LocationRef": ".locations",
    "location_label": ".locations",
    "locations_of": ".locations",
    "parse_location": ".locations",
    "LosAnswer": ".los",
    "LosIndex": ".los",
    "line_of_sight": ".los",
    "los_index": ".los",
    "Mover": ".movement",
    "PathAnswer": ".movement",
    "StepAnswer": ".movement",
    "cheapest_path": ".movement",
    "reachable": ".movement",
    "step": ".movement",
}
__getattr__ = lazy_names(__name__, _LAZY)


__all__ = ["LocationError", "LocationRef", "LosAnswer", "LosIndex", "Mover", "PathAnswer", "StepAnswer",
           "cheapest_path", "falling_rubble_hex", "line_of_sight", "location_label", "locations_of", "los_index",
           "open_topped_pbf", "parse_location", "pbf_and_case_l_apply", "place_falling_rubble", "reachable",
           "rubble_locations", "step"]
