"""What Dobbelduel players may see: the only input of render.py and of the AI.

The public view never holds the code of a round in play (nor the RNG, which would predict it);
the code appears in a round's view once the codebreaker has given the solution. The codemaker's
private view is the code; the codebreaker holds no secret, so has no private view.
"""

from __future__ import annotations

from pydantic import BaseModel

from games.contract import Secret
from games.dobbelduel.data import (
    MAX_ATTEMPTS,
    SCORE_BROKEN,
    SCORE_PER_EMPTY_ROW,
    SCORE_PER_UNUSED_DIE,
    WHITE_DICE,
)


class Row(BaseModel):
    """One attempt: the white dice per column A-D (None: no die there) and the feedback."""

    dice: list[int | None]
    equal: int  # "=": as many pips as the code die in that column
    higher: int  # ">": more pips than the code die, the white must go lower
    lower: int  # "+": fewer pips than the code die, the white must go higher

    @property
    def placed(self) -> int:
        return sum(d is not None for d in self.dice)


def score_parts(broken: bool, attempts: int, white_left: int) -> tuple[int, int, int]:
    """Base, empty-row bonus and unused-dice bonus; all zero when the code was not broken."""
    if not broken:
        return (0, 0, 0)
    return (
        SCORE_BROKEN,
        SCORE_PER_EMPTY_ROW * (MAX_ATTEMPTS - attempts),
        SCORE_PER_UNUSED_DIE * white_left,
    )


class RoundView(BaseModel):
    number: int  # 1-based
    codemaker: int
    codebreaker: int
    rows: list[Row]
    rolled: list[int]  # white dice waiting to be placed, rolled openly
    white_left: int  # white dice not placed yet (the rolled ones included)
    solution: list[int] | None  # the codebreaker's answer, once given
    code: list[int] | None  # revealed with the solution, hidden before
    score: int | None  # the codebreaker's points for this round, once over

    @property
    def over(self) -> bool:
        return self.solution is not None

    @property
    def broken(self) -> bool:
        return self.solution is not None and self.solution == self.code

    @property
    def must_solve(self) -> bool:
        return not self.over and (len(self.rows) >= MAX_ATTEMPTS or self.white_left == 0)

    @property
    def white_used(self) -> int:
        return WHITE_DICE - self.white_left


class PublicView(BaseModel):
    players: list[str]
    round_count: int
    scores: list[int]  # points so far, per seat
    rounds: list[RoundView]  # every round started so far; the last one is the current one
    to_act: list[int]
    winners: list[int] | None  # None while the game goes on

    @property
    def current(self) -> RoundView:
        return self.rounds[-1]

    @property
    def over(self) -> bool:
        return self.winners is not None


class PrivateView(Secret):
    """The codemaker's secret: the code of the round in play."""

    round: int
    codebreaker: str
    code: list[int]
