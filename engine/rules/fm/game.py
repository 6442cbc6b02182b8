"""The F&M game: what stays fixed while a scenario is played (000_e5c3deafb2cea4af.txt). `FMGameBase` is the
bottom of the family: every rules module reads it; `FMGame` (__init__.py) adds the states (state.py).

Sides (10.4: the Allied player is the first player; the scenario's `first_player`), the units' printed
values (2.3), the movement graphs per movement class (5.4), the tables the rules read (the scenario's,
else the reconstructed defaults of tables.py), the reinforcement schedule (11.1-11.3) and the bridges.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import cached_property
from typing import Any

from ...hexgrid import Hex, Hexside, hex_distance, hex_neighbors, hexes_within, hexside_between, hexside_of
from ...model.counters import UnitDef
from ...model.hexmap import EDGE_SIDES, HexMap
from ...model.placement import hex_prohibited, movement_class_of, zone_rule_holds
from ...model.scenario import Entry, Scenario, Table, ZoneRule
from ...movement.kernel import MovementGraph
from ..protocol import Action, Game
from .actions import MarkerId, parse_action
from .family import FAMILY
from .tables import fm_tables

# 10.6.3: "The bridges at hexsides 1422/1423 and 3325/3424 are canal bridges for demolition and repair".
ARNHEM_CANAL_BRIDGES = ("1422/1423", "3325/3424")
# 10.6.1: "The trails in hexes 0507/0606, 0508/0608 and 0710/0711 lead to the edge of the canal."
ARNHEM_CANAL_TRAIL_CROSSINGS = ("0507/0606", "0508/0608", "0710/0711")
WATER = ("river", "canal", "stream")


def rule_ref(sections: str) -> str:
    """The rulebook and sections a player reads, without parentheses: the system rules (1.0-9.0) as
    "F&M 8.3", the Arnhem exclusive rules (10.0-12.0) by the game's title, "Arnhem: The Farthest Bridge
    11.1"; a mixed list names each book once: "11.4 a, 10.6.4" -> "Arnhem: The Farthest Bridge 11.4 a,
    10.6.4", "10.6.2, 6.1" -> "Arnhem: The Farthest Bridge 10.6.2; F&M 6.1"."""
    parts: list[str] = []
    for part in sections.split(","):
        part = part.strip()
        if parts and not part[:1].isdigit():
            parts[-1] += f", {part}"  # "5.2 a, c": a sub-item of the section before
        else:
            parts.append(part)
    groups: list[tuple[str, list[str]]] = []
    for part in parts:
        major = part.split(".", 1)[0]
        book = FAMILY.title if major.isdigit() and int(major) >= 10 else FAMILY.citation
        if groups and groups[-1][0] == book:
            groups[-1][1].append(part)
        else:
            groups.append((book, [part]))
    return "; ".join(f"{book} {', '.join(ps)}" for book, ps in groups)


def cite(sections: str) -> str:
    """A citation a player reads: "(F&M 8.3)", "(Arnhem: The Farthest Bridge 11.1)" (rule_ref)."""
    return f"({rule_ref(sections)})"


def is_minefield(m: HexMap, side: Hexside) -> bool:
    """A minefield hexside (6.1 exception)."""
    info = m.hexsides.get(side)
    if info is None:
        return False
    table = m.terrain_table.hexside_features
    return any("mine" in f or (f in table and table[f].combat.get("minefield")) for f in info.features)


def is_fortification(m: HexMap, h: Hex) -> bool:
    """A fortification hex (8.2.3; 6.1 exception)."""
    table = m.terrain_table.features
    return any("fort" in f or (f in table and table[f].combat.get("fortification")) for f in m.features.get(h, ()))


# The movement graphs of the last few maps played, shared by every game of them: a graph is compiled
# once per map and class rather than once per game, and it follows the map's edits itself (it
# subscribes to them), so a shared one stays right. Evicted graphs unsubscribe from their map.
_GRAPHS: OrderedDict[int, tuple[HexMap, dict[Any, MovementGraph]]] = OrderedDict()
_GRAPH_MAPS = 4


def map_graphs(m: HexMap) -> dict[Any, MovementGraph]:
    """The graphs kept for map `m` (the base graph of a class under the class name; rules modules keep
    their variants under their own keys)."""
    entry = _GRAPHS.get(id(m))
    if entry is None or entry[0] is not m:
        entry = _GRAPHS[id(m)] = (m, {})
        while len(_GRAPHS) > _GRAPH_MAPS:
            _old, graphs = _GRAPHS.popitem(last=False)[1]
            for graph in graphs.values():
                graph.close()
    _GRAPHS.move_to_end(id(m))
    return entry[1]


def shared_graph(m: HexMap, cls: str) -> MovementGraph:
    graphs = map_graphs(m)
    graph = graphs.get(cls)
    if graph is None:
        graph = graphs[cls] = MovementGraph(m, cls)
    return graph


class FMGameBase(Game):
    """A Fire & Movement game of one scenario: everything but the making of its states, which `FMGame` (the
    package's top, __init__.py) adds, so that the rules modules below the state read the game without an
    import loop. Options (scenario `options`, overridable per game):

    * `sfm_selection`: "random" (10.7: each player randomly picks; the default) or "lowest_first" (7.1).
    * `airpower_allotment`: the allotment that makes a turn an airpower turn (10.7: 13).
    * `canal_bridges`, `canal_trail_crossings`: hexside labels (defaults: the Arnhem ones, 10.6.3, 10.6.1).
    * `friendly_edges`: side id -> map edge name, for 8.3 "closer to a friendly map edge".
    * `allied_side`: the side the Arnhem exclusive rules call Allied (default: the first player, 10.4).
    * `max_turns`: stop after this many game turns (a shorter playtest).
    """

    def __init__(self, scenario: Scenario, options: dict[str, Any] | None = None) -> None:
        super().__init__(scenario, options)
        sc = scenario
        self.map = sc.map
        self.side_ids = [s.id for s in sc.sides]
        if len(self.side_ids) != 2:
            raise ValueError(f"an F&M game needs two sides; {sc.title!r} has {len(self.side_ids)}")
        first = sc.first_player or self.side_ids[0]
        self.first_player = first
        self.second_player = next(s for s in self.side_ids if s != first)
        self.allied = str(self.options.get("allied_side", first))
        self.german = next(s for s in self.side_ids if s != self.allied)
        self.unit_ids = list(sc.units)
        self.units: dict[str, UnitDef] = dict(sc.units)
        # each side's units in the scenario's order
        self.side_unit_ids: dict[str, list[str]] = {
            side: [u for u in self.unit_ids if self.units[u].side == side] for side in self.side_ids}
        self._graphs: dict[str, MovementGraph] = {}
        self.labels: dict[Hex, str] = {h: self.map.label(h) for h in self.map.hexes}
        self._adjacent: dict[Hex, tuple[Hex, ...]] = {}  # each hex's neighbours on the map (`adjacent`)
        self.crt_memo: dict[str, dict[str, Any]] = {}  # each CRT column's result distribution (crt.py)
        self.column_memo: dict[tuple[str, int], str] = {}  # the CRT column of a line and differential
        self.line_memo: dict[tuple[Any, ...], str] = {}  # the CRT line of an attack (crt.defender_line)
        # the hexes of a drop zone a class may land in by the terrain (landings.landing_hexes)
        self.landing_memo: dict[tuple[str, Hex, int], list[Hex]] = {}
        # the hexside costs that differ from the map for (side, class, demolished bridges, ferry)
        self.override_cache: dict[Any, dict[tuple[Hex, Hex], float | None]] = {}
        # the two crossings of one demolished bridge or ferry hexside for a class (reach.edge_overrides)
        self.override_parts: dict[tuple[str, str, Hexside], tuple[tuple[tuple[Hex, Hex], Any], ...]] = {}
        # memos of values that depend only on the map and the units' printed values: the ZOC hexes of a
        # set of ZOC-exerting units' hexes (6.0), map-edge entry costs per class (11.1), marker ranges (10.7.1)
        self.zoc_memo: dict[frozenset[Hex], frozenset[Hex]] = {}
        self.entry_memo: dict[tuple[str, Hex], float] = {}
        # a reinforcement's entries its MA allows at each set of hexes (11.1, reinforcements.entries)
        # the map's answer for a step outside movement (retreat, advance, attack) of a class (reach.py)
        self.step_memo: dict[tuple[str, Hex, Hex, bool], tuple[bool, Any]] = {}
        self._map_adjacency: tuple[dict[Hex, int], list[tuple[int, ...]]] | None = None
        self.south_roads: list[Hex] | None = None  # FMBoard.south_road_hexes (10.6.6, 10.7.2 c)
        self._movement_facts: dict[str, tuple[str, str, bool, bool]] = {}  # movement_facts, per unit
        self._water: dict[Hexside, bool] = {}  # is_water, per hexside
        self._water_sides: dict[Hex, tuple[Hexside, ...]] = {}  # water_sides, per hex
        # the Attack and Bombard actions made so far (combat.py): each made once per game
        self.combat_actions: dict[tuple[Any, ...], Action] = {}
        # a move's movement hooks by what they depend on (reach.movement_hooks)
        self.hooks_memo: dict[tuple[Any, ...], Any] = {}
        self._ranks: dict[int, tuple[list[Hex], list[int] | None]] = {}  # label_ranks, by the graph's hex list
        self._in_order: dict[int, tuple[list[Hex], bool]] = {}  # in_label_order, by the graph's hex list
        self._index_labels: dict[int, tuple[list[Hex], list[str]]] = {}  # index_labels, by the graph's hex list
        self.view_memo: dict[Any, Any] = {}  # each unit's name, values and lasting flags as shown (view.py)
        self.phase_memo: dict[tuple[Any, int], Any] = {}  # the Phase of each stage and GT (state.phase)
        self.entries_memo: dict[tuple[str, tuple[Hex, ...], float], list[tuple[Hex, Any]]] = {}
        self.range_memo: dict[MarkerId, str] = {}
        self.drop_rows: dict[Hex, str | None] = {}  # each hex's line of the Airborne Drop Table (landings.py)
        # the 6.1 extra cost of entering each EZOC hex, per set of EZOC hexes and extra cost
        self.extra_memo: dict[tuple[frozenset[Hex], float], dict[Hex, float]] = {}
        # each unit's last reach (its paths) and the moves made of it (state._moves_of)
        self.moves_memo: dict[str, tuple[Any, Any]] = {}
        # a unit's reach and moves by all they are made of: (unit, hex, MP spent, id of its movement hooks) ->
        # (the hooks, the moves, the reach) (movement.searched_moves)
        self.searched_memo: dict[tuple[Any, ...], tuple[Any, Any, Any]] = {}
        # a unit's moves to vacant hexes of a reach some of whose hexes are occupied: (id of the reach's
        # destinations, the occupied ones) -> (those destinations, the vacant ones) (movement.vacant_dests)
        self.vacant_memo: dict[tuple[int, frozenset[int]], tuple[list[int], list[int]]] = {}
        # the units' movement classes, mobility and reduced values (their printed values): kept per game
        self._classes: dict[str, str] = {}
        self._mobile: dict[str, bool] = {}
        self._reduced_values: dict[str, dict[str, Any]] = {}
        self.engineers = {u.id for u in scenario.units.values() if u.has("engineer") or u.unit_type == "engineer"}
        self.engineer_ids = [u for u in self.unit_ids if u in self.engineers]  # in the scenario's order
        turns = len(sc.turns) or 10
        self.last_turn = min(turns, int(self.options.get("max_turns") or turns))

    # memos that hold functions made for one move (reach._movement_hooks's 6.1 first step) and the reaches
    # made with them: a pickled game (sent to a balance study's workers started by a fork server) leaves
    # them behind, and the receiver makes them again as it plays
    UNPICKLED_MEMOS = ("hooks_memo", "moves_memo", "searched_memo", "vacant_memo")

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        for name in self.UNPICKLED_MEMOS:
            state[name] = {}
        return state

    def label_ranks(self, hexes: list[Hex]) -> list[int] | None:
        """For a movement graph's hexes (graph index -> hex): each one's place in the order of the hexes'
        labels, kept per list; None if two hexes share a label (then only the labels can order them)."""
        got = self._ranks.get(id(hexes))
        if got is None or got[0] is not hexes:
            labels = self.labels
            by_label = sorted(range(len(hexes)), key=lambda i: labels[hexes[i]])
            ranks: list[int] | None = [0] * len(hexes)
            for r, i in enumerate(by_label):
                ranks[i] = r  # type: ignore[index]
            if len({labels[h] for h in hexes}) != len(hexes):
                ranks = None
            got = self._ranks[id(hexes)] = (hexes, ranks)
        return got[1]

    def map_adjacency(self) -> tuple[dict[Hex, int], list[tuple[int, ...]]]:
        """The map's hexes by index (in the map's order) and each one's `adjacent` hexes as indices, in
        `adjacent`'s order (made once per game)."""
        got = self._map_adjacency
        if got is None:
            hexes = list(self.map.hexes)
            index = {h: i for i, h in enumerate(hexes)}
            got = self._map_adjacency = (index, [tuple(index[n] for n in self.adjacent(h)) for h in hexes])
        return got

    @cached_property
    def victory_hexes(self) -> frozenset[Hex]:
        """The hexes the scenario's victory conditions name (11.5)."""
        return frozenset(h for v in self.scenario.victory for lab in v.hexes if (h := self.hex(lab)) is not None)

    def in_label_order(self, hexes: list[Hex]) -> bool:
        """A movement graph's hexes (graph index -> hex) are in the order of their labels: sorting graph
        indices sorts their hexes' labels (`label_ranks` is 0, 1, 2 ...), kept per list."""
        got = self._in_order.get(id(hexes))
        if got is None or got[0] is not hexes:
            ranks = self.label_ranks(hexes)
            got = self._in_order[id(hexes)] = (hexes, ranks is not None and all(
                r == i for i, r in enumerate(ranks)))
        return got[1]

    def index_labels(self, hexes: list[Hex]) -> list[str]:
        """A movement graph's hexes' labels by graph index, kept per list."""
        got = self._index_labels.get(id(hexes))
        if got is None or got[0] is not hexes:
            label = self.label
            got = self._index_labels[id(hexes)] = (hexes, [label(h) for h in hexes])
        return got[1]

    def adjacent(self, h: Hex) -> tuple[Hex, ...]:
        """The hexes next to `h` that are on the map, in hex_neighbors' order (kept per game)."""
        got = self._adjacent.get(h)
        if got is None:
            contains = self.map.contains
            got = self._adjacent[h] = tuple(n for n in hex_neighbors(h) if contains(n))
        return got

    # -- tables ----------------------------------------------------------------------------
    @cached_property
    def tables(self) -> dict[str, Table]:
        return {**fm_tables(), **self.scenario.tables}

    def table(self, name: str) -> Table:
        return self.tables[name]

    # -- units ------------------------------------------------------------------------------
    def movement_class(self, uid: str) -> str:
        got = self._classes.get(uid)
        if got is None:  # a unit's printed flags do not change during a game: kept per game
            got = self._classes[uid] = movement_class_of(self.map, self.units[uid].flags)
        return got

    def movement_facts(self, uid: str) -> tuple[str, str, bool, bool]:
        """The unit's side, movement class, whether it is mobile and whether a commando (printed: kept per
        game)."""
        got = self._movement_facts.get(uid)
        if got is None:
            got = self._movement_facts[uid] = (self.units[uid].side, self.movement_class(uid), self.is_mobile(uid),
                                               self.is_commando(uid))
        return got

    def is_mobile(self, uid: str) -> bool:
        got = self._mobile.get(uid)
        if got is None:
            u = self.units[uid]
            got = self._mobile[uid] = u.has("mobile") or self.movement_class(uid) == "mobile"
        return got

    def is_airborne(self, uid: str) -> bool:
        u = self.units[uid]
        return u.has("airborne") or u.has("glider") or u.unit_type in ("parachute", "glider")

    def is_commando(self, uid: str) -> bool:
        """6.1 exception: a commando (the `commando` flag or `unit_type: commando`) may move from EZOC to EZOC
        across a minefield hexside or into a fortification hex, and never pays extra MP to enter or leave
        an EZOC."""
        u = self.units[uid]
        return u.has("commando") or u.unit_type == "commando"

    def is_engineer(self, uid: str) -> bool:
        return uid in self.engineers

    def values(self, uid: str, reduced: bool) -> dict[str, Any]:
        """2.3: the unit's printed values, its reduced side's when `reduced` (read only: shared)."""
        u = self.units[uid]
        if reduced and u.reduced:
            got = self._reduced_values.get(uid)
            if got is None:
                got = self._reduced_values[uid] = {**u.values, **u.reduced}
            return got
        return u.values

    def one_step(self, uid: str) -> bool:
        u = self.units[uid]
        return u.reduced is None or u.steps < 2

    def exerts_zoc(self, uid: str) -> bool:
        """6.0: units marked with a black hexagon exert no zone of control."""
        return not self.units[uid].has("no_zoc")

    # -- map --------------------------------------------------------------------------------
    def graph(self, cls: str) -> MovementGraph:
        g = self._graphs.get(cls)
        if g is None:
            g = self._graphs[cls] = shared_graph(self.map, cls)
        return g

    def hex(self, label: str) -> Hex | None:
        return self.map.hex_at(label)

    def label(self, h: Hex) -> str:
        lab = self.labels.get(h)
        return lab if lab is not None else self.map.label(h)

    def hexside(self, label: str) -> Hexside | None:
        a, _, b = label.partition("/")
        ha, hb = self.map.hex_at(a.strip()), self.map.hex_at(b.strip())
        if ha is None or hb is None or hex_distance(ha, hb) != 1:
            return None
        return hexside_between(ha, hb)

    def hexside_label(self, side: Hexside) -> str:
        a, b = side.hexes()
        la, lb = self.label(a), self.label(b)
        return f"{la}/{lb}" if la <= lb else f"{lb}/{la}"

    def is_water(self, side: Hexside) -> bool:
        got = self._water.get(side)
        if got is None:
            info = self.map.hexsides.get(side)
            got = self._water[side] = info is not None and any(self.water_code(f) for f in info.features)
        return got

    def water_sides(self, h: Hex) -> tuple[Hexside, ...]:
        """The river, canal or stream hexsides of `h` (`is_water`) with both hexes on the map, in
        `hexside_of`'s order (kept per game)."""
        got = self._water_sides.get(h)
        if got is None:
            contains = self.map.contains
            got = self._water_sides[h] = tuple(
                s for s in (hexside_of(h, i) for i in range(6))
                if self.is_water(s) and contains(s.other) and contains(s.hex))
        return got

    def water_code(self, code: str) -> bool:
        """Whether a hexside feature code is a river, canal or stream (its terrain type's combat `water`,
        or its name)."""
        ft = self.map.terrain_table.hexside_features.get(code)
        if ft is not None and ft.combat.get("water"):
            return True
        return any(w in code.lower() for w in WATER)

    def ditch_code(self, code: str) -> bool:
        """Whether a hexside feature code is a ditch (8.2.2: its terrain type's combat `ditch`, or its name).
        A ditch is not water: it does not stop a retreat or an advance (10.6 names rivers and canals only)
        and no bridge, ferry or demolition rule reads it; crossing it costs what the terrain table says."""
        ft = self.map.terrain_table.hexside_features.get(code)
        if ft is not None and ft.combat.get("ditch"):
            return True
        return "ditch" in code.lower()

    @cached_property
    def bridges(self) -> list[Hexside]:
        """Every bridged hexside of the map, in a fixed order."""
        out = [s for s, info in self.map.hexsides.items() if info.bridge]
        return sorted(out, key=self.hexside_label)

    @cached_property
    def printed_ferries(self) -> list[Hexside]:
        """10.6.2: unbridged hexsides with a printed ferry (a hexside feature that permits crossing), but
        not the canal-trail crossings of 10.6.1 (crossed "as if a ferry exists")."""
        table = self.map.terrain_table.hexside_features
        crossings = set(self.canal_trail_crossings)
        out = [s for s, info in self.map.hexsides.items()
               if info.bridge is None and s not in crossings
               and any(f in table and table[f].permits_crossing for f in info.features)]
        return sorted(out, key=self.hexside_label)

    @cached_property
    def bridges_at(self) -> dict[Hex, list[Hexside]]:
        """The bridged hexsides of each hex, in the order of `bridges`."""
        out: dict[Hex, list[Hexside]] = {}
        for s in self.bridges:
            for h in s.hexes():
                out.setdefault(h, []).append(s)
        return out

    def bridge_kind(self, side: Hexside) -> str:
        """canal, railroad or highway (10.6.3)."""
        info = self.map.hexsides[side]
        canal = set(self.options.get("canal_bridges", ARNHEM_CANAL_BRIDGES))
        code = (info.bridge or "").lower()
        if self.hexside_label(side) in canal or "canal" in code or any("canal" in f for f in info.features):
            return "canal"
        if "rail" in code or code == "rr":
            return "railroad"
        return "highway"

    @cached_property
    def canal_trail_crossings(self) -> list[Hexside]:
        out = []
        for lab in self.options.get("canal_trail_crossings", ARNHEM_CANAL_TRAIL_CROSSINGS):
            s = self.hexside(lab)
            if s is not None and s in self.map.hexsides and self.is_water(s):
                out.append(s)
        return out

    def edge_road_hexes(self, edge: str) -> list[Hex]:
        """Map-edge hexes of `edge` with a road leaving the map or running along the edge (10.6.6)."""
        m = self.map
        try:
            hexes = m.edge_hexes(edge)
        except ValueError:
            return []
        out = []
        for h in hexes:
            for d in range(6):
                info = m.hexsides.get(hexside_of(h, d))
                if info and "road" in info.paths:
                    out.append(h)
                    break
        return out

    def friendly_edge(self, side: str) -> list[Hex]:
        """8.3: the map edge a retreat should end closer to. From the `friendly_edges` option; without it,
        the Allies' is the south edge, where their ground forces enter and trace to (11.3, 10.7.2 c);
        the source names none for the Germans."""
        edge = (self.options.get("friendly_edges") or {}).get(side)
        if not edge and side == self.allied and "south" in self.map.edges:
            edge = "south"
        if not edge:
            return []
        try:
            return self.map.edge_hexes(edge)
        except ValueError:
            return []

    @cached_property
    def setup_hexes(self) -> dict[str, list[Hex]]:
        """12.0: the hexes each unit or marker of a free deployment may be set up in (all the zones that
        name it, or name every unit of its side, must hold)."""
        sc = self.scenario
        m = self.map
        out: dict[str, list[Hex]] = {}
        by_rule: dict[str, set[Hex]] = {}
        for z in sc.setup_zones:
            allowed = set(m.hexes)
            for r in z.rules:
                key = repr(r)
                if key not in by_rule:
                    by_rule[key] = self.zone_rule_hexes(r)
                allowed &= by_rule[key]
            members = z.units or [u.id for u in sc.units_of(z.side) if not self._reinforcement(u.id)]
            for uid in members:
                cand = out.get(uid, list(m.hexes))
                out[uid] = [h for h in cand if h in allowed]
        return out

    def zone_rule_hexes(self, rule: ZoneRule) -> set[Hex]:
        """Every hex that passes one set-up zone rule: validation's zone_rule_holds, computed from the
        targets outwards rather than hex by hex."""
        sc, m = self.scenario, self.map
        everything = set(m.hexes)
        ok: set[Hex]
        if rule.edge is not None or rule.terrain is not None:
            if rule.edge is not None:
                targets = m.edge_hexes(rule.edge)
                radius = (rule.within or 0) - 1  # "within five hexes (inclusive) of the edge"
            else:
                targets = [x for x in m.hexes if m.terrain[x] == rule.terrain or rule.terrain in m.features.get(x, ())]
                radius = rule.within or 0
            ok = set()
            if radius >= 0:
                for t in targets:
                    ok.update(h for h in hexes_within(t, radius) if h in everything)
        else:
            ok = {h for h in m.hexes if zone_rule_holds(sc, ZoneRule(rule.region, None, None, rule.hexes), h)}
        return everything - ok if rule.negate else ok

    def _reinforcement(self, uid: str) -> bool:
        return any(uid in rf.units for rf in self.scenario.reinforcements)

    def may_stand(self, uid: str, h: Hex) -> bool:
        """5.2 e, 10.5: the unit's movement class may be in the hex at all (set-up, landing, entry)."""
        return not hex_prohibited(self.map, h, self.movement_class(uid))

    def entry_hexes(self, entry: Entry) -> tuple[list[Hex], str]:
        """11.1: the hexes a reinforcement's entry names (one hex, or a stretch of a map edge) and the
        edge they lie on."""
        m = self.map
        if entry.hex:
            h = self.hex(entry.hex)
            if h is None:
                return [], ""
            edge = next((s for s in EDGE_SIDES if h in m.edge_side_hexes(s)), "")
            return [h], edge
        if entry.edge_range:
            a, b = self.hex(entry.edge_range[0]), self.hex(entry.edge_range[1])
            for s in EDGE_SIDES:
                hexes = m.edge_side_hexes(s)
                if a is not None and b is not None and a in hexes and b in hexes:
                    i, j = sorted((hexes.index(a), hexes.index(b)))
                    return hexes[i:j + 1], s
        return [], ""

    # -- protocol ---------------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        return parse_action(text)

