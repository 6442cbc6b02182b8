"""A VASSAL module imported into a folder: the map of one hex board (its grid on the board image, the
image as the scan underlay), the scenario of the module's pieces set up from its at-start stacks, and the
counters' images (engine/formats/vmod_import.py); shared by `hexwright import game.vmod` and File >
Import > VASSAL Module.... No Qt here: the board image's size is read from its header."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from hexwright.engine.digitize.scan import ScanError, image_size
from hexwright.engine.formats.mapfile import save_map
from hexwright.engine.formats.scenariofile import save_scenario
from hexwright.engine.formats.vmod_import import choose_board, extract_images, import_board
from hexwright.engine.formats.vmod_read import ModuleDef, VmodError, read_vmod, safe_file_name


@dataclass
class Imported:
    map_path: Path
    scenario_path: Path | None
    board_image: Path
    counter_images: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def module_stem(module: ModuleDef, vmod: str | Path) -> str:
    return re.sub(r"[^a-z0-9]+", "-", (module.name or Path(vmod).stem).lower()).strip("-")[:60] or "module"


def output_files(output: str | Path, stem: str) -> tuple[Path, Path]:
    """(map file, scenario file) for an output: a .yaml path is the map file and the scenario goes beside it
    as NAME.scenario.yaml; anything else is a folder holding NAME.map.yaml and NAME.yaml."""
    out = Path(output)
    if out.suffix.lower() in (".yaml", ".yml"):
        name = out.name[: -len(out.suffix)]
        name = name[:-4] if name.endswith(".map") else name
        return out, out.with_name(f"{name}.scenario.yaml")
    return out / f"{stem}.map.yaml", out / f"{stem}.yaml"


def import_module(vmod: str | Path, output: str | Path, board_name: str | None = None,
                  rules: str | None = None, module: ModuleDef | None = None) -> Imported:
    """Import `vmod` into `output` (a folder, or the map file's path); VmodError (or ScanError for an
    unreadable board image) says what is wrong, with the file."""
    module = module or read_vmod(vmod)
    board = choose_board(module, board_name)
    map_path, scenario_path = output_files(output, module_stem(module, vmod))
    folder = map_path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise VmodError(f"{folder}: cannot make the folder ({exc.strerror or exc})") from None
    board_file = safe_file_name(board.image)
    written = extract_images(vmod, {board_file: board.image}, folder)
    if not written:
        raise VmodError(f"{vmod}: the board image {board.image} of board {board.name!r} is not in the module")
    try:  # VASSAL sizes a board with a picture by the picture (its width and height attributes are stale)
        size = image_size(written[0])
    except ScanError:
        if not (board.width and board.height):
            raise
        size = (board.width, board.height)
    try:
        result = import_board(module, board, (int(size[0]), int(size[1])), board_file, rules)
    except VmodError as exc:
        raise VmodError(f"{vmod}: board {board.name!r}: {exc}") from None
    save_map(result.map, map_path)
    out = Imported(map_path, None, written[0],
                   notes=[f"board {board.name!r}: {result.map.grid.columns} x {result.map.grid.rows} hexes",
                          *result.notes])
    if result.scenario is not None:
        others = {k: v for k, v in result.images.items() if k != board_file}
        out.counter_images = extract_images(vmod, others, folder)
        sc = result.scenario
        sc.map_file = map_path.name if map_path.parent == scenario_path.parent else str(map_path.resolve())
        save_scenario(sc, scenario_path, save_map_file=False)
        out.scenario_path = scenario_path
    return out


__all__ = ["Imported", "ScanError", "VmodError", "import_module", "output_files"]
