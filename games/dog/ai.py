"""The Dog AI: scores each legal move by the position it leaves, greedily, in microseconds.

It counts progress of its team's pawns against the opponents', adds a danger term for own
pawns that stand within reach (1-13 fields) in front of an opponent, and makes spending a
joker or a 7 cost a little, so those are kept for when they matter. No search: one move ahead
is enough to beat random play clearly and stays far under a millisecond.
"""

from __future__ import annotations

from typing import Any

import games.dog.data as data
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


class Scorer:
    """Scores the moves of one seat from one position; the shared parts are worked out once."""

    def __init__(self, st: DogState, seat: int) -> None:
        self.st = st
        self.ring = st.ring
        self.starts = st.starts()
        team = st.team_of[seat]
        self.own = [st.team_of[s] == team for s in range(st.n)]
        self.threats = self._threats(st.pawns)
        self.base = self._progress(st.pawns)

    def _threats(self, pawns: list[list[int]]) -> set[int]:
        """Fields an opponent pawn could reach with one ordinary card (1-13 ahead)."""
        ring = self.ring
        out: set[int] = set()
        for s, row in enumerate(pawns):
            if self.own[s]:
                continue
            for pos in row:
                if 0 <= pos < data.GOAL_BASE:
                    out.update((pos + d) % ring for d in range(1, REACH + 1))
        return out

    def _weight(self, seat: int) -> float:
        return 1.0 if self.own[seat] else -OPPONENT_WEIGHT

    def _progress(self, pawns: list[list[int]]) -> float:
        return sum(
            self._weight(s) * progress(pos, self.starts[s], self.ring)
            for s, row in enumerate(pawns)
            for pos in row
        )

    def _danger(self, pawns: list[list[int]], threats: set[int]) -> float:
        """What the team stands to lose: own pawns within an opponent's reach."""
        total = 0.0
        for s, row in enumerate(pawns):
            if not self.own[s]:
                continue
            start = self.starts[s]
            for pos in row:
                if pos in threats and pos != start and pos < data.GOAL_BASE:
                    total += DANGER * progress(pos, start, self.ring)
        return total

    def score(self, move: Move) -> float:
        """Progress changes only for the pawns the move relocates; danger is worked out anew
        (threats too, when the move relocates an opponent)."""
        value = self.base
        opponent_moved = False
        for s, _i, frm, to in move.relocs:
            start = self.starts[s]
            value += self._weight(s) * (
                progress(to, start, self.ring) - progress(frm, start, self.ring))
            opponent_moved = opponent_moved or not self.own[s]
        pawns = pawns_after(self.st.pawns, move.relocs)
        threats = self._threats(pawns) if opponent_moved else self.threats
        value -= self._danger(pawns, threats)
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
    """The AI's action id; `rng` only breaks ties, so equal positions still vary a little."""
    if st.phase == "exchange":
        return choose_give(st, seat)
    if st.phase == "royal_setup":
        free = [i for i in range(data.PAWNS_PER_SEAT) if st.pawns[seat][i] == data.KENNEL]
        pick = data.KNIGHT if data.KNIGHT in free else free[0]
        return f"place.p{pick + 1}"
    scorer = Scorer(st, seat)
    best = max(all_moves(st, seat), key=lambda m: scorer.score(m) + rng.random() * 0.01)
    return best.id
