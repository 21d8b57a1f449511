"""Tumblin' Dice figures: the flick's simulation with a full board (17 dice) p50/p99, a whole
4-player game (random flicks, and four AI seats), where 1,000 random flicks end (short of the
line/1x/2x/3x/4x/off) on boards filling up as in a game and how often a throw knocks another
die off (random flicks, and AI seats aiming at each other), the AI's points per die and per
round against random flicks, its wins over 200 games against the contract's random moves
(contract.ai_against_random), and the AI's decision time p50/p99.

Run: .venv/bin/python -m bench.bench_tumblindice
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from functools import partial
from typing import Any

from bench import decisions, size
from games.contract import Player, ai_against_random
from games.rng import Rng
from games.tumblindice import ai, data, physics
from games.tumblindice.rules import TumbleState, TumblinDice, dice_per_seat

GAME = TumblinDice()
FULL_BOARDS = size(20, 2)  # boards of 17 dice, 10 flicks timed on each
WHOLE_GAMES = size(10, 1)
THROWS = size(1000, 20)
AI_GAMES = size(200, 1)  # 2 players, one round each
AI_TEAM_GAMES = size(40, 1)  # 4 players (teams of 2), one round each
AI_KNOCK_ROUNDS = size(20, 1)  # 4 AI seats, one round each
AI_KNOCK_THROWS = size(16, 4)  # of each round (quick: one a seat)
AI_WHOLE_GAMES = size(3, 0)  # 4 AI seats to 301 (quick: none, the knock rounds play them)
WHOLE_GOAL = size(301, 50)  # the whole games' goal (quick: the lowest one can choose)
CONTRACT_GAMES = size(200, 1)  # contract.ai_against_random, 2 players, first to 101
CONTRACT_GOAL = size(101, 50)


def players(n: int) -> list[Player]:
    return [Player(name=f"P{i}", bot=True) for i in range(n)]


ms = partial(decisions.ms, digits=1)


def random_flick(state: TumbleState, seat: int, rng: Rng) -> str:
    kind = "bonus" if state.bonus_left and state.bonus_left[seat] and not state.left[seat] \
        else "flick"
    return f"{kind}.{rng.randint(0, 100)}.{rng.randint(-30, 30)}.{rng.randint(0, 100)}"


def full_board(rng: Rng) -> list[physics.Die]:
    """17 dice at rest past the line, thrown by random flicks of moderate strength."""
    board: list[physics.Die] = []
    k = 0
    while len(board) < 17:
        x, vx, vy = physics.launch(rng.randint(0, 100), rng.randint(-20, 20),
                                   rng.randint(20, 55), rng)
        die = physics.Die(id=k, owner=k % 4, face=rng.randint(1, 6), x=x, y=data.LAUNCH_Y)
        k += 1
        out = physics.simulate([physics.Die(**vars(d)) for d in board], die, (vx, vy), rng,
                               frames=False)
        board = [d for d in out.dice if physics.zone(d.y, d.angle) > 0]
    return board


def flick_times() -> None:
    rng = Rng.seeded(1)
    timed: dict[bool, list[float]] = {True: [], False: []}
    for _ in range(FULL_BOARDS):
        board = full_board(rng)
        for _ in range(10):
            flick = (rng.randint(0, 100), rng.randint(-30, 30), rng.randint(0, 100))
            for frames in (True, False):
                x, vx, vy = physics.launch(*flick, rng)
                die = physics.Die(id=99, owner=0, face=1, x=x, y=data.LAUNCH_Y)
                began = time.perf_counter()
                physics.simulate([physics.Die(**vars(d)) for d in board], die, (vx, vy), rng,
                                 frames=frames)
                timed[frames].append((time.perf_counter() - began) * 1000)
    print(f"Flick simulated on a full board (17 dice + the thrown one), "
          f"{len(timed[True])} random flicks:")
    print(f"  with frames (as apply)     {ms(timed[True])}")
    print(f"  without frames (as the AI) {ms(timed[False])}")


def whole_games() -> None:
    for label, games, bots in (("random flicks", WHOLE_GAMES, False),
                               ("four AI seats", AI_WHOLE_GAMES, True)):
        if not games:
            continue
        seconds, rounds, throws = [], [], []
        for g in range(games):
            state = GAME.opening(players(4), {"goal": WHOLE_GOAL}, 40 + g).state
            rng = Rng.seeded(g)
            began = time.perf_counter()
            count = 0
            while GAME.to_act(state):
                seat = GAME.to_act(state)[0]
                action = ai.choose(GAME, state, seat, rng) if bots \
                    else random_flick(state, seat, rng)
                state = GAME.apply(state, seat, action).state
                count += 1
            seconds.append(time.perf_counter() - began)
            rounds.append(state.round)
            throws.append(count)
        print(f"A whole 4-player game (teams of 2) to {WHOLE_GOAL}, {label}, {games} games:")
        print(f"  {statistics.mean(seconds):5.2f} s on average ({min(seconds):.2f}-"
              f"{max(seconds):.2f} s), {statistics.mean(rounds):.1f} rounds, "
              f"{statistics.mean(throws):.0f} throws, "
              f"{1000 * sum(seconds) / sum(throws):.1f} ms a throw (with the AI's choice)")


def zone_shares() -> None:
    """Random flicks in random 4-player games: where the thrown die ends, and how often a
    throw knocks another die off."""
    ends: Counter[str] = Counter()
    knocks = knocked = 0
    g = 0
    while sum(ends.values()) < THROWS:
        state = GAME.opening(players(4), {"rounds": 1}, 900 + g).state
        rng = Rng.seeded(77 + g)
        g += 1
        while GAME.to_act(state) and sum(ends.values()) < THROWS:
            seat = GAME.to_act(state)[0]
            thrown = state.next_id
            applied = GAME.apply(state, seat, random_flick(state, seat, rng))
            flight = applied.motion
            assert flight is not None
            last = {i: (y, a) for i, _, y, a, _ in flight.frames[-1].dice}  # type: ignore[attr-defined]
            if thrown in flight.off:  # type: ignore[attr-defined]
                ends["off"] += 1
            else:
                ends[f"{physics.zone(*last[thrown])}x"] += 1
            others = [i for i in flight.off if i != thrown]  # type: ignore[attr-defined]
            knocks += bool(others)
            knocked += len(others)
            state = applied.state
    total = sum(ends.values())
    print(f"Where {total} random flicks end (random 4-player rounds):")
    print("  " + "   ".join(f"{k} {ends[k] / total:5.1%}" for k in ("0x", "1x", "2x", "3x", "4x",
                                                                  "off")))
    print(f"  short of the line (0x, taken off): {ends['0x'] / total:5.1%};   "
          f"1x-3x: {(ends['1x'] + ends['2x'] + ends['3x']) / total:5.1%}")
    print(f"  knock-off rate: {knocks / total:5.1%} of throws knock a die off the board "
          f"({knocked} dice in all)")


def ai_knocks() -> None:
    """Four AI seats aiming at each other: how often a throw knocks another die off."""
    throws = knocks = 0
    ends: Counter[str] = Counter()
    for g in range(AI_KNOCK_ROUNDS):
        state = GAME.opening(players(4), {"rounds": 1}, 5000 + g).state
        rng = Rng.seeded(g)
        for _ in range(AI_KNOCK_THROWS):
            if not GAME.to_act(state):
                break
            seat = GAME.to_act(state)[0]
            thrown = state.next_id
            applied = GAME.apply(state, seat, ai.choose(GAME, state, seat, rng))
            flight = applied.motion
            assert flight is not None
            last = {i: (y, a) for i, _, y, a, _ in flight.frames[-1].dice}  # type: ignore[attr-defined]
            ends["off" if thrown in flight.off  # type: ignore[attr-defined]
                 else f"{physics.zone(*last[thrown])}x"] += 1
            throws += 1
            knocks += any(i != thrown for i in flight.off)  # type: ignore[attr-defined]
            state = applied.state
    print(f"Four AI seats (teams of 2), {AI_KNOCK_ROUNDS} rounds, {throws} throws:")
    print("  " + "   ".join(f"{k} {ends[k] / throws:5.1%}" for k in ("0x", "1x", "2x", "3x",
                                                                    "4x", "off")))
    print(f"  knock-off rate: {knocks / throws:5.1%} of throws "
          f"({16 * knocks / throws:.1f} a round of 16 throws)")


def ai_rounds(n: int, games: int, options: dict[str, Any]) -> tuple[list[float], list[float],
                                                                     list[float], float]:
    mine: list[float] = []
    theirs: list[float] = []
    decide: list[float] = []
    began = time.perf_counter()
    for g in range(games):
        team = g % 2
        state = GAME.opening(players(n), {**options, "rounds": 1}, 3000 + g).state
        rng = Rng.seeded(g ^ 0xA1)
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            if state.teams[seat] == team:
                start = time.perf_counter()
                action = ai.choose(GAME, state, seat, rng)
                decide.append((time.perf_counter() - start) * 1000)
            else:
                action = random_flick(state, seat, rng)
            state = GAME.apply(state, seat, action).state
        mine.append(state.totals[team])
        theirs.append(state.totals[1 - team])
    return mine, theirs, decide, (time.perf_counter() - began) / games


def per_side(n: int, options: dict[str, Any]) -> int:
    return (n // 2) * (dice_per_seat(n, options) + (options.get("two_player") == "bonus"))


def ai_figures() -> None:
    decide: list[float] = []
    print("The AI against random flicks, points per round (one-round games, the AI's side "
          "alternating):")
    for n, games, options, label in ((2, AI_GAMES, {}, "2 players, 5 dice each"),
                                     (2, max(1, AI_GAMES // 4), {"two_player": "bonus"},
                                      "2 players, 5 dice + bonus die"),
                                     (4, AI_TEAM_GAMES, {}, "4 players, teams of 2")):
        mine, theirs, times, spent = ai_rounds(n, games, options)
        decide += times
        error = (statistics.variance(mine) / games + statistics.variance(theirs) / games) ** 0.5 \
            if games > 1 else 0.0
        gap = statistics.mean(mine) - statistics.mean(theirs)
        print(f"  {label} ({games} games): AI {statistics.mean(mine):5.1f}   random "
              f"{statistics.mean(theirs):5.1f}   gap {gap:5.1f} +- {error:.1f}   "
              f"({spent:.2f} s a game; AI {statistics.mean(mine) / per_side(n, options):.1f} "
              f"a die)")
    print(f"AI decision time, {len(decide)} decisions:\n  {'all':26} {ms(decide)}   "
          f"(target under ~150 ms)")


def contract_wins() -> None:
    """contract.ai_against_random: the AI in one seat, the game's random legal moves (its 27
    presets) in the other, 2 players to 101 points."""
    wins = draws = 0
    began = time.perf_counter()
    for g in range(CONTRACT_GAMES):
        seat = g % 2
        state = GAME.opening(players(2), {"goal": CONTRACT_GOAL}, 7000 + g).state
        result = ai_against_random(GAME, state, seat, 7000 + g)
        wins += result.winners == [seat]
        draws += result.draw
    print(f"contract.ai_against_random, 2 players to {CONTRACT_GOAL}, {CONTRACT_GAMES} games "
          f"({(time.perf_counter() - began) / CONTRACT_GAMES:.2f} s a game):")
    print(f"  the AI wins {wins / CONTRACT_GAMES:5.1%} ({draws} shared)")


def main() -> None:
    flick_times()
    whole_games()
    zone_shares()
    ai_knocks()
    ai_figures()
    contract_wins()


if __name__ == "__main__":
    main()
