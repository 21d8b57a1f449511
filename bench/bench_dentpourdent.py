"""Dent pour dent rules and AI figures: the AI's decision time and apply() time (p50/p99) over
every decision of whole games in all stages, the AI's win rate with one AI seat against random
seats, and the length of AI games in duels (turns), actions, windows and the decisions in
them.

Run: .venv/bin/python -m bench.bench_dentpourdent
"""

from __future__ import annotations

import statistics
import time
from collections import Counter

from bench import size
from bench.decisions import report_decisions, time_decisions
from games.contract import Player, ai_against_random
from games.dentpourdent import GAME
from games.dentpourdent.state import DentState
from games.rng import Rng

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]
TIMED_GAMES = size(40, 1)  # per player count, AI and random seats mixed
WIN_GAMES = size(500, 4)  # per player count
LENGTH_GAMES = size(200, 2)  # per player count, AI seats only


def start(n: int, seed: int) -> DentState:
    return GAME.new_state([Player(name=NAMES[i], bot=True) for i in range(n)], {}, seed)


def stage(st: DentState) -> str:
    if st.window is not None and st.choice is None:
        return f"window ({st.window.moment})"
    if st.choice is not None:
        return f"choice ({st.choice.kind})"
    if st.placing or st.sendins:
        return "send-in"
    return "turn"


def timings() -> None:
    decide, apply = time_decisions(GAME, start, (2, 3, 4, 5), TIMED_GAMES,
                                   lambda state, seat: stage(state))
    report_decisions(decide, apply, f"{4 * TIMED_GAMES} games (2-5 families)", 26)


def ai_wins(n: int, seed: int, ai_seat: int) -> bool:
    return ai_against_random(GAME, start(n, seed), ai_seat, seed).winners == [ai_seat]


def win_rates() -> None:
    print(f"AI win rate, one AI seat (every seat in turn) against random seats, {WIN_GAMES} "
          f"games per table:")
    for n in (2, 3, 5):
        began = time.perf_counter()
        wins = sum(ai_wins(n, 90_000 + 1000 * n + g, g % n) for g in range(WIN_GAMES))
        spent = (time.perf_counter() - began) * 1000 / WIN_GAMES
        rate = wins / WIN_GAMES
        print(f"  {n} families: {wins}/{WIN_GAMES} = {rate:5.1%}   chance share {1 / n:5.1%}"
              f"   {rate * n:4.2f}x chance   ({spent:.1f} ms per game)")


def opened(before: DentState, after: DentState, seat: int, action: str) -> bool:
    """Whether the action opened a window (a pass that leaves the others in the same window
    opens none)."""
    old = before.window if before.choice is None else None
    new = after.window if after.choice is None else None
    if new is None:
        return False
    return not (old is not None and action == "pass" and new.moment == old.moment
                and new.seats == [s for s in old.seats if s != seat])


def lengths() -> None:
    """Every family is in every window: the windows and the decisions in them (passes
    included) are most of a game's decisions."""
    print(f"Game length, AI seats only, {LENGTH_GAMES} games per table:")
    for n in (2, 3, 4, 5):
        duels, actions, windows, answers = [], [], [], []
        ends: Counter[str] = Counter()
        for g in range(LENGTH_GAMES):
            st = start(n, 70_000 + 1000 * n + g)
            rng = Rng.seeded(g)
            count = opens = in_windows = 0
            while GAME.result(st) is None:
                seats = GAME.to_act(st)
                seat = seats[rng.below(len(seats))]
                action = GAME.ai_action(st, seat, rng)
                after = GAME.apply(st, seat, action).state
                count += 1
                in_windows += seat in GAME.reactions(st)
                opens += opened(st, after, seat, action)
                st = after
            duels.append(st.duels)
            actions.append(count)
            windows.append(opens)
            answers.append(in_windows)
            winner = GAME.result(st).winners  # type: ignore[union-attr]
            ends["7 knock-outs" if len(st.families[winner[0]].trophies) >= 7 else "last"] += 1
        print(f"  {n} families: {statistics.mean(duels):5.1f} duels (turns), "
              f"{statistics.mean(actions):6.1f} actions on average, "
              f"{statistics.mean(windows):5.1f} windows, {statistics.mean(answers):6.1f} "
              f"decisions in them (duels {min(duels)}-{max(duels)}, actions "
              f"{min(actions)}-{max(actions)}; won by {dict(ends)})")


def main() -> None:
    timings()
    win_rates()
    lengths()


if __name__ == "__main__":
    main()
