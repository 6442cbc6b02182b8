"""Random playouts in a process of their own, for benchmarks/engine_speed.py: run with the `hexwright`
package of the checkout being measured first on `sys.path` (the engine as it is, or a baseline commit's).

    python benchmarks/_playout_child.py SCENARIO GAMES FIRST_SEED [cold]

Warm (the default): loads what a long-running worker has loaded (the movement kernel's compiled search,
where the engine has `fastdial.prepare`) and plays one untimed game first (seed FIRST_SEED - 1, always
the first legal action: the lazy imports, compiled kernels and per-map caches a balance study's worker
pays once). Cold (`cold`): none of that, the games are the fresh process's first, and the JSON line also
gives the process's whole CPU time (`process_cpu`: interpreter start, imports, the scenario's loading, the
rules game, the games) and the rules game's making (`setup_cpu`). Then it plays GAMES games of SCENARIO from
seeds FIRST_SEED.. to the end: at a chance node the state's own seeded
sampler draws (`sample_chance()`), otherwise a uniformly random legal action from a generator seeded with
the game's seed, as the random bot does. Times only the play loop (`legal_actions()`, the choice, `apply()`;
not the imports, the scenario's loading or the game's set-up) in CPU seconds of this process, and prints one
JSON line: actions, CPU seconds, and a digest of every game's action log and result, so the runner can check
that both engines played the very same games. Uses only the game-state protocol (`make_game`,
`new_initial_state`, `legal_actions`, `apply`, `sample_chance`, `action_texts`, `outcome`), which the
baseline commit has too. One rules game serves every game played, as in a balance study's worker.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import time


def main(argv: list[str]) -> int:
    from hexwright.engine.formats import load_scenario
    from hexwright.engine.rules.chance import SeededSampler
    from hexwright.engine.rules.protocol import CHANCE, make_game

    path, games, first = argv[0], int(argv[1]), int(argv[2])
    cold = argv[3:4] == ["cold"]
    scenario = load_scenario(path).scenario
    if scenario is None:
        raise SystemExit(f"{path}: the scenario does not load")
    t_setup = time.process_time()
    game = make_game(scenario)  # one rules game for every game played, as a balance study's worker keeps it
    setup = time.process_time() - t_setup
    actions = 0
    cpu = 0.0
    digest = hashlib.sha256()
    if not cold:
        # a long-running worker's compiled movement search (engines that load it only when it pays)
        prepare = getattr(sys.modules.get("hexwright.engine.movement.fastdial"), "prepare", None)
        if prepare is not None:
            prepare()
        # one untimed game first: lazy imports, compiled kernels, caches
        warm = game.new_initial_state(first - 1, SeededSampler(first - 1))
        while not warm.is_terminal():
            warm.apply(warm.sample_chance() if warm.current_player == CHANCE else warm.legal_actions()[0])
    for seed in range(first, first + games):
        state = game.new_initial_state(seed, SeededSampler(seed))
        rng = random.Random(seed)
        n = 0
        t0 = time.process_time()
        while not state.is_terminal():
            if state.current_player == CHANCE:
                action = state.sample_chance()
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply(action)
            n += 1
        cpu += time.process_time() - t0
        actions += n
        out = state.outcome()
        digest.update("\n".join(state.action_texts()).encode())
        digest.update(f"|{getattr(out, 'winner', None)}|{getattr(out, 'draw', None)}\n".encode())
    print(json.dumps({"actions": actions, "cpu": cpu, "games": games, "digest": digest.hexdigest()[:16],
                      "module": sys.modules["hexwright.engine"].__file__, "setup_cpu": setup,
                      "process_cpu": time.process_time()}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
