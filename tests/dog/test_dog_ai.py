"""The Dog AI against random play: it must win clearly more than half, and think fast."""

from __future__ import annotations

import time

from games.contract import Player, random_action
from games.dog import GAME
from games.dog.ai import Scorer
from games.dog.moves import all_moves
from games.rng import Rng
from tests.dog.dog_helpers import NAMES, G, K, position

CAP = 20000


def _winner_is_ai(n: int, variant: str, seed: int, ai_seats: set[int]) -> bool:
    players = [Player(name=NAMES[i], bot=True) for i in range(n)]
    st = GAME.new_state(players, {"variant": variant}, seed)
    rng = Rng.seeded(seed + 1)
    for _ in range(CAP):
        result = GAME.result(st)
        if result is not None:
            return result.winners[0] in ai_seats
        seat = GAME.to_act(st)[0]
        if seat in ai_seats:
            action = GAME.ai_action(st, seat, rng)
        else:
            action = random_action(GAME, st, seat, rng)
        st = GAME.apply(st, seat, action).state
    raise AssertionError("game did not end")


def test_ai_beats_random_two_players():
    """Over 200 games (100 per variant, seats alternating) the heuristic wins > 65%."""
    wins = 0
    for g in range(200):
        ai = {g % 2}
        wins += _winner_is_ai(2, "classic" if g < 100 else "royal", 500 + g, ai)
    print(f"Dog AI vs random, 2 players: {wins}/200 = {wins / 2:.0f}%")
    assert wins > 130


def test_ai_team_beats_random_team():
    """A 4-player team game: the AI team (seats 0+2 or 1+3) beats a random team > 65%."""
    wins = 0
    for g in range(60):
        ai = {0, 2} if g % 2 == 0 else {1, 3}
        wins += _winner_is_ai(4, "classic", 900 + g, ai)
    print(f"Dog AI team vs random team, 4 players: {wins}/60")
    assert wins > 39


def test_ai_is_fast():
    """A move choice takes well under 5 ms on average (6 seats, the slowest case)."""
    st = GAME.new_state([Player(name=n) for n in NAMES], {}, 3)
    rng = Rng.seeded(3)
    spent, moves = 0.0, 0
    while GAME.result(st) is None and moves < 400:
        seat = GAME.to_act(st)[0]
        t = time.perf_counter()
        action = GAME.ai_action(st, seat, rng)
        spent += time.perf_counter() - t
        moves += 1
        st = GAME.apply(st, seat, action).state
    assert spent / moves < 0.005


def test_ai_prefers_sending_an_opponent_home_and_entering_the_goal():
    """The heuristic takes a capture and the goal over a plain step."""
    st = position(pawns={0: [10], 1: [15]}, hands={0: ["5", "3"]})
    assert GAME.ai_action(st, 0, Rng.seeded(1)) == "5.p1.5"
    st = position(pawns={0: [62, 20]}, hands={0: ["5"]})
    assert GAME.ai_action(st, 0, Rng.seeded(1)) == "5.p1.5g"


def test_ai_brings_pawns_out():
    """With pawns in the kennel the heuristic uses the King to come out."""
    st = position(pawns={0: [20]}, hands={0: ["K"]})
    assert GAME.ai_action(st, 0, Rng.seeded(1)) == "K.p2.out"


def test_ai_scores_danger_in_front_of_opponents():
    """Standing just ahead of an opponent scores worse than standing behind it."""
    st = position(pawns={0: [20], 1: [30]}, hands={0: ["8", "Q"]})
    scorer = Scorer(st, 0)
    by_id = {m.id: scorer.score(m) for m in all_moves(st, 0)}
    assert by_id["8.p1.8"] > by_id["Q.p1.12"]  # 28 is safe; 32 is 2 fields ahead of Bob


def test_ai_exchange_gives_an_out_card_to_a_partner_in_need():
    """Exchange: the partner has pawns in the kennel and we hold two out cards: give one."""
    st = position(pawns={0: [10], 2: [K]}, hands={0: ["A", "K", "2"]})
    st.phase = "exchange"
    assert GAME.ai_action(st, 0, Rng.seeded(1)) in ("give.A", "give.K")
    st = position(pawns={0: [10], 2: [G, G + 1, G + 2, 40]}, hands={0: ["A", "K", "2"]})
    st.phase = "exchange"
    assert GAME.ai_action(st, 0, Rng.seeded(1)) == "give.2"
