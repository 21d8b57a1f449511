"""What Tumblin' Dice players see: all of it is public (no hidden information), but the
pictures and the AI still read only these views.

`Flight` is one throw as it happened (frames of every die that moved), for the animation: it is
news, not state, so it travels with the move's news, never in the saved game state.
"""

from __future__ import annotations

from pydantic import BaseModel

from games.contract import Motion


class DieView(BaseModel):
    id: int
    owner: int  # seat
    face: int
    x: float  # cm across the board (0: left edge)
    y: float  # cm down the board (0: back of the launch track)
    angle: float  # radians
    bonus: bool = False  # counts double (2 players, bonus mode)
    zone: int  # 0 short of the line, 1-4 the tier's multiplier


class SeatView(BaseModel):
    seat: int
    name: str
    colour: str  # data.COLOURS
    team: int
    dice_left: int  # still to throw this round
    bonus_left: int = 0


class TeamView(BaseModel):
    team: int
    name: str  # "Ann & Cid", or the player's name when alone
    total: int
    rounds_won: int
    round_points: int | None = None  # the last round scored


class Frame(BaseModel):
    dice: list[tuple[int, float, float, float, int]]  # (die id, x, y, angle, face)


class Flight(Motion):
    """One throw: who threw, the flick, the frames (30 a second), the dice knocked off; the
    caption says who flicked and how."""

    seat: int
    position: float
    aim: float
    strength: float
    owners: dict[int, int]  # die id -> seat, for the colours
    frames: list[Frame]
    off: list[int]  # ids of dice that left the board
    faces: int = 6


class PublicView(BaseModel):
    seats: list[SeatView]
    teams: list[TeamView]
    round: int
    goal: int  # 301, 501, or the number of round wins to reach
    by_rounds: bool  # the goal counts round wins
    board: list[DieView]
    turn: int | None  # the seat to throw (None when over)
    order: list[int]  # the turn order
    last_round: list[str]  # the last round's score lines
    winners: list[int] | None
