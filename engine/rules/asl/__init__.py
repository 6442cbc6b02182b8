"""ASL map rules for the Arnhem Bridge (004_09a6f3be713b811c.txt, special rules 1.1-1.4): locations at
several levels in a hex, movement between them (`movement`), line of sight (`los`) and the bridge's
fire and rubble provisions (`bridge`). The answers a player asks of a map: can I go there, what does
it cost, can I see that."""

from .bridge import falling_rubble_hex, open_topped_pbf, pbf_and_case_l_apply, place_falling_rubble, rubble_locations
from .locations import LocationError, LocationRef, location_label, locations_of, parse_location
from .los import LosAnswer, LosIndex, line_of_sight, los_index
from .movement import Mover, PathAnswer, StepAnswer, cheapest_path, reachable, step

__all__ = ["LocationError", "LocationRef", "LosAnswer", "LosIndex", "Mover", "PathAnswer", "StepAnswer",
           "cheapest_path", "falling_rubble_hex", "line_of_sight", "location_label", "locations_of", "los_index",
           "open_topped_pbf", "parse_location", "pbf_and_case_l_apply", "place_falling_rubble", "reachable",
           "rubble_locations", "step"]
