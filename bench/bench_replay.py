"""Size and build time of a replay: a full 4-player Dog game played by its AI, rebuilt from
the seed and the action log and animated, in each language (the boards' words differ).

Run: .venv/bin/python -m bench.bench_replay [--seeds 3]
BENCH_QUICK=1: one game, in English only.
"""

from __future__ import annotations

import argparse
import time

from bench import QUICK, size
from games.contract import Player
from games.dog import GAME as DOG
from games.i18n import LANGUAGES, speaking
from games.replay import animate, rebuild
from games.rng import Rng

NAMES = ["Ann", "Bob", "Cyd", "Dee"]


def played(seed: int) -> list[tuple[int | None, str, bool]]:
    """The action log of a whole game the AI plays for all four seats."""
    players = [Player(name=name, bot=True) for name in NAMES]
    state = DOG.opening(players, {}, seed).state
    rng, log = Rng.seeded(seed), []
    while DOG.result(state) is None:
        seat = DOG.to_act(state)[0]
        action = DOG.ai_action(state, seat, rng)
        log.append((seat, action, False))
        state = DOG.apply(state, seat, action).state
    return log


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=size(2, 1))
    args = parser.parse_args()
    players = [Player(name=name, bot=True) for name in NAMES]
    print("seed lang  moves boards  rebuild  encode   size  format")
    for seed in range(1, args.seeds + 1):
        log = played(seed)
        for language in ("en",) if QUICK else LANGUAGES:
            with speaking(language):
                start = time.perf_counter()
                boards = rebuild(DOG, players, {}, seed, log)
                built = time.perf_counter()
                replay = animate(boards.boards)
                done = time.perf_counter()
            print(f"{seed:4} {language:4} {boards.moves:6} {len(boards.boards):6} "
                  f"{built - start:7.2f}s {done - built:6.2f}s "
                  f"{len(replay.data) / 1e6:5.2f} MB  {replay.ext}"
                  f"{' (key moves only)' if replay.key_only else ''}")


if __name__ == "__main__":
    main()
