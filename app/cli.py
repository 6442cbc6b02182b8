"""The `hexwright` command: with no argument or a file it opens the editor; with a subcommand it
runs the engine headless (validate, info, render, ...).

Subcommands live in their own modules and are imported only when used: `hexwright validate` loads the
validate module alone (not the bots, the rules families, the balance lab or Qt), and `hexwright -h`
lists the commands from COMMANDS without importing any of them."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Collection
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # argparse is loaded for a subcommand, not when the editor starts on a file
    import argparse

# name -> (module, help). Each module has `add_arguments(parser)` and `run(args) -> int`.
COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("hexwright.app.subcommands.validate", "check scenario or map files and print diagnostics"),
    "info": ("hexwright.app.subcommands.info", "summarise a scenario or map file"),
    "play": ("hexwright.app.subcommands.play", "play one game headless with bots, or replay a game log"),
    "balance": ("hexwright.app.subcommands.balance", "play many games between bots: win rates, heat maps, what-ifs"),
    "render": ("hexwright.app.subcommands.render", "draw a map to PNG, SVG or PDF"),
    "los": ("hexwright.app.subcommands.los", "line of sight between two locations of a map (ASL: R18, R18:1)"),
    "sheets": ("hexwright.app.subcommands.sheets", "print counter sheets of a scenario as a PDF (front and back)"),
    "counters": ("hexwright.app.subcommands.counters", "a scenario's counters: export or import a CSV table, images"),
    "import": ("hexwright.app.subcommands.importing", "read a hexagonal Tiled map (TMX) or a VASSAL module as a "
               "Hexwright map"),
    "digitize": ("hexwright.app.subcommands.digitize", "make a map from a scanned printed map: the grid fitted to "
                 "clicked hex centres, terrain and linework proposed"),
    "pbem": ("hexwright.app.subcommands.pbem", "play by e-mail: start a game file, show, verify or summarise one, "
             "or let a bot move"),
    "export": ("hexwright.app.subcommands.exporting", "write a map as a Tiled map (.tmx) or a scenario as a VASSAL "
               "module (.vmod)"),
}


def build_parser(commands: Collection[str] | None = None) -> argparse.ArgumentParser:
    """The parser of every command; with `commands`, only those commands get their arguments (the
    others are listed with their help, their modules not imported)."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="hexwright",
        description="Map-and-counter editor and scenario designer for hex-and-counter wargames. "
        "Without a command, opens the editor (on FILE if given).",
    )
    parser.add_argument("-V", "--version", action="store_true", help="print the version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        if commands is None or name in commands:
            importlib.import_module(module).add_arguments(p)
    return parser


def unknown_command(word: str) -> int:
    """Refuse a word that is neither a command nor a file, naming the closest command: exit status 2."""
    import difflib

    close = difflib.get_close_matches(word, list(COMMANDS), n=1, cutoff=0.5)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    looks_like_a_file = "/" in word or "\\" in word or Path(word).suffix
    what = "no such file or command" if looks_like_a_file and not close else "unknown command"
    print(f"hexwright: {what} {word!r}{hint}; the commands are {', '.join(COMMANDS)} "
          "(hexwright -h); a file given alone opens the editor", file=sys.stderr)
    return 2


def version() -> str:
    """The installed version (the bundle carries the package's metadata too)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as package_version

    try:
        return package_version("hexwright")
    except PackageNotFoundError:
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list[:1] in (["--version"], ["-V"]):
        print(f"hexwright {version()}")
        return 0
    if args_list and args_list[0] in COMMANDS:
        parser = build_parser([args_list[0]])
        args = parser.parse_args(args_list)
        module = importlib.import_module(COMMANDS[args.command][0])
        return int(module.run(args) or 0)
    if args_list and args_list[0] in ("-h", "--help"):
        build_parser(()).print_help()
        return 0
    if args_list and args_list[0].startswith("-"):
        build_parser(()).error(f"unknown option {args_list[0]!r}")
    if len(args_list) > 1 or (args_list and not Path(args_list[0]).exists()):
        return unknown_command(args_list[0])  # a mistyped command: never the editor on a file that is not there
    from . import editor_main

    return editor_main.run_editor(args_list[0] if args_list else None)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
