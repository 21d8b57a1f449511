"""Lunch Money rules and AI figures: the AI's decision time by stage and apply() time (p50/p99)
over every decision of whole games, the AI's win rate with one AI seat against random seats,
and the length of AI games in turns and actions (and how many of those answer a window: a
window asks everyone who might answer, so each is a press of "let it be" for most).

Run: .venv/bin/python -m bench.bench_lunchmoney
"""

from __future__ import annotations

import statistics
import time

from bench import size
from bench.decisions import report_decisions, time_decisions
from games.contract import Player, ai_against_random
from games.lunchmoney.rules import LunchMoney
from games.lunchmoney.state import LunchState
from games.rng import Rng

GAME = LunchMoney()
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
TABLES = (2, 4, 8)
TIMED_GAMES = size(30, 1)  # per player count (2-8), AI and random seats mixed
WIN_GAMES = size(500, 4)  # per player count
LENGTH_GAMES = size(200, 2)  # per player count, AI seats only


def start(n: int, seed: int) -> LunchState:
    return GAME.new_state([Player(name=NAMES[i], bot=True) for i in range(n)], {}, seed)


def stage(st: LunchState, seat: int) -> str:
    if st.window is not None:
        top = st.stack[-1]
        return "window (attacked)" if top.kind == "attack" and top.target == seat \
            else "window (humiliation)"
    if st.offer is not None:
        return f"offer ({st.offer.kind})"
    if st.headlock is not None and seat in (st.headlock.attacker, st.headlock.victim):
        return "turn (headlock)"
    if st.choke is not None and seat in (st.choke.attacker, st.choke.victim):
        return "turn (choke)"
    return "turn"


def timings() -> None:
    decide, apply = time_decisions(GAME, start, range(2, 9), TIMED_GAMES, stage)
    report_decisions(decide, apply, f"{7 * TIMED_GAMES} games (2-8 players)", 28)


def ai_wins(n: int, seed: int, ai_seat: int) -> bool:
    return ai_against_random(GAME, start(n, seed), ai_seat, seed).winners == [ai_seat]


def win_rates() -> None:
    print(f"AI win rate, one AI seat (every seat in turn) against random seats, {WIN_GAMES} "
          f"games per table:")
    for n in TABLES:
        began = time.perf_counter()
        wins = sum(ai_wins(n, 90_000 + 1000 * n + g, g % n) for g in range(WIN_GAMES))
        spent = (time.perf_counter() - began) * 1000 / WIN_GAMES
        rate = wins / WIN_GAMES
        print(f"  {n} players: {wins}/{WIN_GAMES} = {rate:5.1%}   chance share {1 / n:5.1%}"
              f"   {rate * n:4.2f}x chance   ({spent:.1f} ms per game)")


def lengths() -> None:
    print(f"Game length, AI seats only, {LENGTH_GAMES} games per table:")
    for n in TABLES:
        turns, actions, answers = [], [], []
        for g in range(LENGTH_GAMES):
            st = start(n, 70_000 + 1000 * n + g)
            rng = Rng.seeded(g)
            count = asked = 0
            while GAME.result(st) is None:
                seats = GAME.to_act(st)
                seat = seats[rng.below(len(seats))]
                asked += seat in GAME.reactions(st)
                st = GAME.apply(st, seat, GAME.ai_action(st, seat, rng)).state
                count += 1
            turns.append(st.turns)
            actions.append(count)
            answers.append(asked)
        print(f"  {n} players: {statistics.mean(turns):5.1f} turns, "
              f"{statistics.mean(actions):6.1f} actions on average "
              f"(turns {min(turns)}-{max(turns)}, actions {min(actions)}-{max(actions)}), "
              f"{statistics.mean(answers):6.1f} of them answers to a window or a Grab "
              f"question ({statistics.mean(answers) / statistics.mean(turns):.2f} a turn)")


def main() -> None:
    timings()
    win_rates()
    lengths()


if __name__ == "__main__":
    main()
