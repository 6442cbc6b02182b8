"""`hexwright pbem`: play by e-mail from the command line (engine/pbem).

    hexwright pbem new SCENARIO --side allied -o game.hwgame [--name NAME]
    hexwright pbem show game.hwgame          # who plays, whose turn, the last moves
    hexwright pbem verify game.hwgame        # replay every move through the rules: exit 1 at the first bad one
    hexwright pbem summary game.hwgame       # the last moves as plain text, to paste in an e-mail
    hexwright pbem move game.hwgame --bot heuristic [-o OUT]   # a bot plays this machine's side up to the hand-over

Each machine keeps its dice secrets and what it sent in a keyring (`--keyring FILE`, or the
HEXWRIGHT_PBEM_KEYRING variable; by default `pbem-keyring.json` in the user's data folder).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ACTIONS = ("new", "show", "verify", "summary", "move")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("action", choices=ACTIONS, help="new: start a game; show, verify, summary: read one; move: let a "
                   "bot play this machine's side")
    p.add_argument("file", metavar="FILE", help="the scenario (new) or the game file (.hwgame)")
    p.add_argument("--side", help="new: the side you play (a side id of the scenario)")
    p.add_argument("--name", default="", help="new, move: your name, as the other player reads it")
    p.add_argument("-o", "--output", metavar="FILE", help="new: the game file to write; move: where to write the "
                   "game after the moves (default: over FILE)")
    p.add_argument("--bot", default="heuristic", choices=("random", "heuristic", "mcts"),
                   help="move: the bot that plays (default: heuristic)")
    p.add_argument("--seed", type=int, default=1, help="move: the bot's seed (default: 1)")
    p.add_argument("--moves", type=int, default=20, help="show, summary: how many of the last moves (default: 20)")
    p.add_argument("--keyring", metavar="FILE", help="this machine's keyring of play-by-e-mail games")


def run(args: argparse.Namespace) -> int:
    from hexwright.engine.pbem.keyring import Keyring, KeyringError, default_path
    from hexwright.engine.pbem.record import SUFFIX, GameRecord, PbemError
    from hexwright.engine.pbem.referee import replay
    from hexwright.engine.pbem.table import Table

    from .checks import USAGE, check_outputs, refuse

    keyring_path = Path(args.keyring) if args.keyring else default_path()
    if args.moves < 1:
        return refuse("pbem", f"--moves must be 1 or more, not {args.moves}")
    try:
        if args.action == "new":
            if not args.side:
                return refuse("pbem", "new: --side is required (the side you play)")
            if not args.output:
                return refuse("pbem", f"new: -o FILE{SUFFIX} is required (the game file to send)")
            if not args.output.endswith(SUFFIX):
                return refuse("pbem", f"new: the game file's name ends in {SUFFIX} ({args.output!r} does not)")
            if check_outputs("pbem", {"-o": args.output}, inputs=[args.file]):
                return USAGE
            table = Table.new(args.file, args.side, Keyring(keyring_path), args.name)
            table.save(args.output)
            print(f"{args.output}: a new game of {table.record.title}; you play the "
                  f"{table.replay.state.side_name(table.side)} side; waiting for {table.waiting_words()}",
                  file=sys.stderr)
            return 0
        if args.action == "verify":
            record = GameRecord.load(args.file)
            rp = replay(record)
            rolls = f"{rp.rolls} roll{'s' * (rp.rolls != 1)}"
            print(f"{args.file}: ok: {len(record.entries)} moves replayed through the rules, {rolls} checked against "
                  f"both players' commitments")
            for words in rp.sealed_words():  # replayed with stand-ins: checked again when they are opened
                print(f"{args.file}: {words}: the moves that depend on them are checked when they are opened")
            return 0
        if args.action in ("show", "summary"):
            record = GameRecord.load(args.file)
            keyring = Keyring(keyring_path) if keyring_path.exists() else None
            seat = keyring.seat(record.game_id) if keyring else None
            rp = replay(record, viewer=seat.side, secrets=seat.sealed) if seat else replay(record)
            view = Table(record, keyring or Keyring(keyring_path), seat, rp, len(record.entries))
            if args.action == "show":
                players = ", ".join(f"{rp.state.side_name(s)}: {n}" for s, n in record.players().items())
                print(f"players: {players}")
                if seat:
                    print(f"you play: {rp.state.side_name(seat.side)}")
            sys.stdout.write(view.summary(args.moves))
            return 0
        # move
        out = args.output or args.file
        if check_outputs("pbem", {"-o": out}):
            return USAGE
        table = Table.open(args.file, Keyring(keyring_path), args.name)
        if table.seat is None:
            return refuse("pbem", "move: both sides of this game have players, and neither is this machine's "
                          "(its keyring has no seat in the game)")
        from hexwright.engine.bots import make_bot

        bot = make_bot(args.bot, args.seed, table.replay.state.game.scenario)
        made = 0
        while table.my_turn():
            table.act(bot.choose(table.replay.state))
            made += 1
        table.save(out)
        print(f"{out}: {made} decision{'s' * (made != 1)} made; waiting for {table.waiting_words()}", file=sys.stderr)
        return 0
    except (PbemError, KeyringError) as exc:
        print(f"hexwright pbem: {exc}", file=sys.stderr)
        return 1
