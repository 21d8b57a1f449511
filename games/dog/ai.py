"""The Dog AI: scores each legal move by the position it leaves, greedily, in microseconds.

It counts progress of its team's pawns against the opponents', adds a danger term for own
pawns that stand within reach (1-13 fields) in front of an opponent, and makes spending a
joker or a 7 cost a little, so those are kept for when they matter. No search: one move ahead
is enough to beat random play clearly and stays far under a millisecond.
"""

from __future__ import annotations

from typing import Any

from games.dog import data
from games.dog.moves import Move, all_moves, pawns_after
from games.dog.state import DogState
from games.rng import Rng

KEEP: dict[str, int] = {
    "X": 10, "7": 8, "A": 7, "K": 7, "4": 6, "P": 6, "J": 5, "C": 4, "M": 4, "T": 3, "Q": 3,
    "9": 2, "8": 2, "6": 2, "5": 2, "3": 1, "2": 1,
}  # fmt: skip
CARD_COST: dict[str, float] = {"X": 6.0, "7": 2.0, "J": 1.0}
REACH = 13
DANGER = 0.35
OPPONENT_WEIGHT = 0.7
DRAW_BONUS = 4.0


def progress(pos: int, start: int, ring: int) -> float:
    """How far a pawn is: kennel 0, then along the ring, the goal worth most (deeper more)."""
    if pos == data.KENNEL:
        return 0.0
    if pos >= data.GOAL_BASE:
        return 20.0 + ring + 30.0 + 3.0 * (pos - data.GOAL_BASE)
    return 20.0 + (pos - start) % ring


def evaluate(st: DogState, pawns: list[list[int]], seat: int) -> float:
    """The position's worth for the seat's team."""
    ring = st.ring
    starts = st.starts()
    team = st.team_of[seat]
    total = 0.0
    mine: list[tuple[int, float]] = []
    theirs: list[int] = []
    for s, row in enumerate(pawns):
        own = st.team_of[s] == team
        start = starts[s]
        for pos in row:
            p = progress(pos, start, ring)
            if own:
                total += p
                if 0 <= pos < data.GOAL_BASE and pos != start:
                    mine.append((pos, p))
            else:
                total -= OPPONENT_WEIGHT * p
                if 0 <= pos < data.GOAL_BASE:
                    theirs.append(pos)
    for pos, p in mine:
        for t in theirs:
            if 0 < (pos - t) % ring <= REACH:
                total -= DANGER * p
                break
    return total


def score(st: DogState, seat: int, move: Move) -> float:
    value = evaluate(st, pawns_after(st.pawns, move.relocs), seat)
    if move.card is not None:
        value -= CARD_COST.get(move.card, 0.0)
    if move.draw:
        value += DRAW_BONUS
    return value


def choose_give(st: DogState, seat: int) -> str:
    """Exchange: give an out card when the partner needs one and we can spare it, else the
    card we would miss least."""
    hand = st.hands[seat]
    partner = st.team_seats(seat)[1]
    outs = [c for c in hand if c in "AKX"]
    if data.KENNEL in st.pawns[partner] and len(outs) >= 2:
        card = next((c for c in outs if c != "X"), outs[0])
    else:
        card = min(hand, key=lambda c: KEEP.get(c, 0))
    return f"give.{card}"


def choose(game: Any, st: DogState, seat: int, rng: Rng) -> str:
    if st.phase == "exchange":
        return choose_give(st, seat)
    if st.phase == "royal_setup":
        free = [i for i in range(data.PAWNS_PER_SEAT) if st.pawns[seat][i] == data.KENNEL]
        pick = data.KNIGHT if data.KNIGHT in free else free[0]
        return f"place.p{pick + 1}"
    moves = all_moves(st, seat)
    best = max(moves, key=lambda m: score(st, seat, m) + rng.random() * 0.01)
    return best.id
