"""The Hexwright file format: YAML documents with a `format_version`, one per map and one per
scenario (a scenario names its map file or holds the map inline). Safe loading only; diagnostics
carry file:line:column; saves are deterministic and atomic."""

from .atomic import atomic_write_text
from .mapfile import MAP_KIND, dump_map, load_map, read_map_file, save_map
from .scenariofile import (
    SCENARIO_KIND,
    LoadResult,
    dump_scenario,
    load_document,
    load_scenario,
    save_scenario,
)
from .versions import FORMAT_VERSION
from .yamlio import decode_source, read_source

__all__ = [
    "FORMAT_VERSION", "MAP_KIND", "SCENARIO_KIND", "LoadResult", "atomic_write_text", "decode_source", "dump_map",
    "dump_scenario", "load_document", "load_map", "load_scenario", "read_map_file", "save_map",
    "read_source", "save_scenario",
]
