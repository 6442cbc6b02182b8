"""`hexwright import map.tmx -o map.yaml`: a hexagonal Tiled map as a Hexwright map, headless; a VASSAL
module (`hexwright import game.vmod -o DIR`) goes to app/subcommands/importing_vmod.py.

Tiles become terrain through a tile mapping (`--tiles mapping.yaml`, as File > Import > Tiled map...
saves it) over the proposal made from what each tile says about itself (its terrain property, class,
name, class-typed properties or picture: Forest -> woods, Ocean -> water). A tile nothing matches leaves
its cells to the layers below (the note names it); a mapping to a code the terrain table lacks is
refused in words. `--save-tiles FILE` writes the mapping used for the designer to review."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .checks import USAGE, check_outputs, refuse, report_written


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", metavar="FILE", help="write what was written and the notes as JSON to FILE; '-' to "
                   "standard output (instead of the lines)")
    p.add_argument("file", metavar="FILE", help="a hexagonal Tiled map (.tmx), or a VASSAL module (.vmod, or a "
                   "folder of its files: buildFile.xml, images/)")
    p.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="the Hexwright map file to write (.yaml); for a VASSAL module also a folder, which gets "
                   "the map, the board image, the scenario and the counters' images")
    p.add_argument("--board", metavar="NAME", help="VASSAL: the board to import (default: the first hex board)")
    p.add_argument("--rules", metavar="FAMILY",
                   help="VASSAL: the rules family of the scenario made from the pieces (default: the one a Hexwright "
                   "export names, else the first family, Fire & Movement)")
    p.add_argument("--tiles", metavar="MAPPING.yaml", help="the tile mapping: which terrain each tile is")
    p.add_argument("--save-tiles", metavar="MAPPING.yaml",
                   help="write the tile mapping used (or proposed, '?' where a choice is missing)")
    p.add_argument("--terrain-from", metavar="FILE",
                   help="take the terrain table from this map or scenario (default: the one a Hexwright export "
                   "keeps in the TMX, else the generic table)")
    p.add_argument("--numbering", choices=("xxyy", "letter_number"),
                   help="hex numbering (default: the one a Hexwright export keeps in the TMX, else xxyy: 0101, "
                   "0102, ...)")
    p.add_argument("--first-column", type=int, help="number (or letter index) of the first column (default 1)")
    p.add_argument("--first-row", type=int, help="number of the first row (default 1)")
    p.add_argument("--digits", type=int, help="digits per part of an XXYY number (default: 2, or as many as the "
                   "largest number needs)")
    p.add_argument("--name", default="", help="the map's name (default: the TMX's name)")


def run(args: argparse.Namespace) -> int:
    from hexwright.engine.formats.mapfile import save_map
    from hexwright.engine.formats.tmx import (
        labels_of,
        mapping_problems,
        propose_with_reasons,
        read_tile_mapping,
        read_tmx,
        save_tile_mapping,
        terrain_table_of,
        tmx_to_map,
    )
    from hexwright.engine.formats.tmx_read import TmxError
    from hexwright.engine.hexgrid import LabelError, LabelScheme
    from hexwright.engine.model.bounds import MAX_FIRST_LABEL, MAX_LABEL_DIGITS
    from hexwright.engine.model.terrain import default_terrain_table

    src = Path(args.file)
    module_folder = src.is_dir() and any((src / n).is_file() for n in ("buildFile.xml", "buildFile"))
    if not src.is_file() and not module_folder:
        what = "is a folder, not a TMX file or a VASSAL module's (no buildFile.xml in it)" if src.is_dir() \
            else "does not exist"
        return refuse("import", f"{args.file} {what}")
    if src.suffix.lower() == ".vmod" or module_folder:
        from .importing_vmod import run as run_vmod

        return run_vmod(args)
    if check_outputs("import", {"-o": args.output, "--save-tiles": args.save_tiles, "--json": args.json},
                     stdout_ok=("--json",), inputs=[args.file] + [a for a in (args.tiles, args.terrain_from) if a]):
        return USAGE
    if args.digits is not None and not 1 <= args.digits <= MAX_LABEL_DIGITS:
        return refuse("import", f"--digits must be from 1 to {MAX_LABEL_DIGITS}, not {args.digits}")
    lowest = 1 if args.numbering == "letter_number" else 0  # letter columns start at A, XXYY numbers may at 00
    for flag, value, low in (("--first-column", args.first_column, lowest), ("--first-row", args.first_row, 0)):
        if value is not None and not low <= value <= MAX_FIRST_LABEL:
            return refuse("import", f"{flag} must be from {low} to {MAX_FIRST_LABEL:,}, not {value}")
    try:
        doc = read_tmx(args.file)
        chosen = (args.numbering, args.first_column, args.first_row, args.digits)
        labels = labels_of(doc) if chosen == (None, None, None, None) else None
        if labels is None:
            g = doc.geometry
            first_col = 1 if args.first_column is None else args.first_column
            first_row = 1 if args.first_row is None else args.first_row
            # as a map file without `digits`: enough for the largest number (a 1000-column map: 4)
            digits = max(2, len(str(max(g.columns - 1 + first_col, g.rows - 1 + first_row)))) \
                if args.digits is None else args.digits
            labels = LabelScheme(args.numbering or "xxyy", first_col, first_row, digits)
            try:
                labels.label(g.columns - 1, g.rows - 1)
            except LabelError as exc:
                return refuse("import", f"the numbering does not fit this {g.columns} x {g.rows} map: {exc}")
        table = None
        if args.terrain_from:
            table = _table_from(args.terrain_from)
            if table is None:
                return 1
        table = table or terrain_table_of(doc) or default_terrain_table()
        proposal = propose_with_reasons(doc, table)
        mapping: dict[str, str | None] = {k: code for k, (code, _why) in proposal.items()}
        if args.tiles:
            # '?' is what --save-tiles writes for a tile without a terrain: still without one
            mapping.update({k: None if v == "?" else v for k, v in read_tile_mapping(args.tiles).items()})
    except TmxError as exc:
        print(exc, file=sys.stderr)
        return 1
    problems = mapping_problems(doc, mapping, table)
    if args.save_tiles:
        why = {k: ("proposed from the " + reason if reason else "nothing it says names a terrain")
               for k, (code, reason) in proposal.items() if mapping.get(k) == code}
        save_tile_mapping(args.save_tiles, {k: v if v else "?" for k, v in mapping.items()}, why)
    if problems:
        for line in problems:
            print(f"{args.file}: {line}", file=sys.stderr)
        many = len(problems) != 1
        print(f"{args.file}: not imported: {len(problems)} tile{'s are' if many else ' is'} mapped to a code the "
              f"terrain table does not have; give each a terrain or feature of the table (or 'ignore') in "
              f"{args.tiles or 'the tile mapping'}", file=sys.stderr)
        return 1
    m, notes = tmx_to_map(doc, mapping, labels, table, args.name)
    save_map(m, args.output)
    report_written(args, [args.output] + ([args.save_tiles] if args.save_tiles else []), notes)
    return 0


def _table_from(path: str):
    from hexwright.engine.model import Scenario
    from hexwright.engine.validation import Severity

    from .loading import load_any

    obj, diags = load_any(Path(path), validate=False)
    if obj is None or any(d.severity is Severity.ERROR for d in diags):
        for d in diags:
            print(d.format(), file=sys.stderr)
        print(f"{path}: no terrain table read from it", file=sys.stderr)
        return None
    return (obj.map if isinstance(obj, Scenario) else obj).terrain_table
