"""`hexwright import game.vmod -o DIR` (or `-o DIR/map.yaml`): a VASSAL module's hex board as a Hexwright map
whose grid already lies on the board image (the scan underlay), and a scenario of the module's pieces set
up from its at-start stacks (engine/formats/vmod_import.py). Writes into DIR (or beside map.yaml): the map,
the board image, the scenario (`NAME.yaml`, naming the map file) and the counters' images (`counters/`)."""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

from .checks import refuse, report_written


def output_files(output: str, module_name: str) -> tuple[Path, Path]:
    """(map file, scenario file) for `-o`: a .yaml path is the map file and the scenario goes beside it as
    NAME.scenario.yaml; anything else is a folder holding NAME.map.yaml and NAME.yaml."""
    out = Path(output)
    if out.suffix.lower() in (".yaml", ".yml"):
        stem = out.name[: -len(out.suffix)]
        stem = stem[:-4] if stem.endswith(".map") else stem
        return out, out.with_name(f"{stem}.scenario.yaml")
    return out / f"{module_name}.map.yaml", out / f"{module_name}.yaml"


def run(args: argparse.Namespace) -> int:
    from hexwright.engine.digitize.scan import ScanError, image_size
    from hexwright.engine.formats.mapfile import save_map
    from hexwright.engine.formats.scenariofile import save_scenario
    from hexwright.engine.formats.vmod_import import choose_board, extract_images, import_board
    from hexwright.engine.formats.vmod_read import VmodError, read_vmod, safe_file_name

    try:
        module = read_vmod(args.file)
        board = choose_board(module, args.board)
    except VmodError as exc:
        print(exc, file=sys.stderr)
        return 1
    assert board.grid is not None
    stem = re.sub(r"[^a-z0-9]+", "-", (module.name or Path(args.file).stem).lower()).strip("-")[:60] or "module"
    map_path, scenario_path = output_files(args.output, stem)
    folder = map_path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return refuse("import", f"-o {args.output}: cannot make the folder ({exc.strerror or exc})")
    board_file = safe_file_name(board.image)
    written = extract_images(args.file, {board_file: board.image}, folder)
    if not written:
        print(f"{args.file}: the board image {board.image} of board {board.name!r} is not in the module",
              file=sys.stderr)
        return 1
    try:
        size = (board.width, board.height) if board.width and board.height else image_size(written[0])
    except ScanError as exc:
        print(exc, file=sys.stderr)
        return 1
    try:
        result = import_board(module, board, (int(size[0]), int(size[1])), board_file, args.rules or "fm")
    except VmodError as exc:
        print(f"{args.file}: board {board.name!r}: {exc}", file=sys.stderr)
        return 1
    save_map(result.map, map_path)
    files = [str(map_path), str(written[0])]
    if result.scenario is not None:
        others = {k: v for k, v in result.images.items() if k != board_file}
        counters = extract_images(args.file, others, folder)
        if counters:
            files.append(f"{counters[0].parent}{os.sep} ({len(counters)} counter images)")
        sc = result.scenario
        sc.map_file = map_path.name if map_path.parent == scenario_path.parent else str(map_path.resolve())
        save_scenario(sc, scenario_path, save_map_file=False)
        files.insert(1, str(scenario_path))
    notes = [f"board {board.name!r}: {result.map.grid.columns} x {result.map.grid.rows} hexes"] + result.notes
    report_written(args, files, notes)
    return 0
