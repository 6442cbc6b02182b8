"""Games of a balance study with the search bot in a seat, in a process of their own, for
benchmarks/search_speed.py: run with the `hexwright` package of the checkout being measured first on
`sys.path` (the engine as it is, or a baseline commit's).

    python benchmarks/_search_child.py SCENARIO BOTS FIRST LAST [SEED]

Plays games FIRST..LAST-1 of a study of SCENARIO with BOTS (one per side, comma-separated, e.g.
`mcts,heuristic`) and master seed SEED (default 7) as a balance study's worker plays them
(`engine.balance.games.play_game`: the same games as `hexwright balance SCENARIO --bots BOTS --seed SEED`),
times each game in CPU seconds of this process (`time.process_time()`; the first game of the process
included, as a worker pays it), and prints one JSON line: the CPU of each game, the process's whole CPU
(imports and all) and a digest of each game's record (winner, actions, where units were lost and combats
were), so the runner can check that both engines played the very same games.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time


def main(argv: list[str]) -> int:
    from hexwright.engine.balance.games import GameTask, play_game

    scenario, bots, first, last = argv[0], tuple(argv[1].split(",")), int(argv[2]), int(argv[3])
    seed = int(argv[4]) if len(argv) > 4 else 7
    cpu: list[float] = []
    digests: list[str] = []
    for index in range(first, last):
        t0 = time.process_time()
        rec = play_game(GameTask(scenario, bots, seed, index))
        cpu.append(time.process_time() - t0)
        text = json.dumps([rec.winner, rec.draw, rec.actions, rec.lost_at, rec.combats_at])
        digests.append(hashlib.sha256(text.encode()).hexdigest()[:12])
    print(json.dumps({"cpu": cpu, "digests": digests, "process_cpu": time.process_time(),
                      "module": sys.modules["hexwright.engine"].__file__}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
