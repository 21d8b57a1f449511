"""What Tumblin' Dice players see: all of it is public (no hidden information), but the
pictures and the AI still read only these views.

`Flight` is one throw as it happened (frames of every die that moved), for the animation: it is
news, not state, so it travels with the move's news, never in the saved game state.

`TeamRound` is the scored table of a round (each die's face x zone = points, dice short of the
line and off the board, the all-dice bonus), kept in the state until the next round is scored:
the channel reads it as news at the round's end, the status and the panel show its points.
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
    zone: int  # 0 short of the line (not all of it past), 1-4 the tier's multiplier
    colour: str = ""  # data.COLOURS; "" (a view made by hand): its owner's colour


class SeatView(BaseModel):
    seat: int
    name: str
    colour: str  # data.COLOURS: its own, its first dice's
    team: int
    dice_left: int  # still to throw this round
    bonus_left: int = 0
    dice_colours: list[str] = []  # its dice's colours this round, in the order it throws them
    bonus_colour: str = ""  # its bonus die's (2 players, bonus mode)


class HandView(BaseModel):
    """What `hand` shows a player: their dice still to throw and their last flick. Nothing
    of it is secret (the board shows the same), but it is theirs at a glance."""

    name: str
    colour: str
    round: int
    colours: list[str] = []  # every colour of its dice (6 players: one of each team has two)
    dice_left: int
    bonus_left: int = 0
    partners: list[str] = []
    last_flick: list[int] = []  # where, aim, strength; [] before the first


class TeamView(BaseModel):
    team: int
    name: str  # "Ann & Cid", or the player's name when alone
    total: int
    rounds_won: int
    round_points: int | None = None  # the last round scored


class ScoredDie(BaseModel):
    """One die past the line at a round's end."""

    face: int
    zone: int  # 1-4
    points: int  # face x zone (kids: face + zone), twice that for the bonus die
    bonus: bool = False


class SeatRound(BaseModel):
    """One player's part of a round's table."""

    seat: int
    dice: list[ScoredDie] = []
    short: int = 0  # dice short of the line: taken off, 0 points
    off: list[int] = []  # the faces of its dice that left the board
    off_points: int = 0  # the negative variant: minus those faces (the bonus die's twice)
    all_dice: int = 0  # the all-dice-on-the-board bonus, in points
    points: int = 0


class TeamRound(BaseModel):
    """A team's (or a lone player's) round: its players' lines and their sum."""

    team: int
    seats: list[SeatRound]
    points: int
    won: bool = False  # the most points of the round (a round won, in the rounds variant)


class Frame(BaseModel):
    dice: list[tuple[int, float, float, float, int]]  # (die id, x, y, angle, face)


class Flight(Motion):
    """One throw: who threw, the flick, the frames (30 a second), the dice knocked off; the
    seats (names and colours) for the title; the caption says who flicked and how."""

    seat: int
    position: float
    aim: float
    strength: float
    owners: dict[int, int]  # die id -> seat
    colours: dict[int, str] = {}  # die id -> its colour (data.COLOURS); missing: its owner's
    frames: list[Frame]
    off: list[int]  # ids of dice that left the board
    faces: int = 6
    bonus: bool = False  # the 2-player bonus die (counts double)
    seats: list[SeatView] = []


class PublicView(BaseModel):
    seats: list[SeatView]
    teams: list[TeamView]
    round: int
    goal: int  # 301, 501, or the number of round wins to reach
    by_rounds: bool  # the goal counts round wins
    board: list[DieView]
    turn: int | None  # the seat to throw (None when over)
    order: list[int]  # the turn order
    last_round: list[TeamRound]  # the last round's table, per team ([] before the first)
    winners: list[int] | None
    faces: int = 6  # the dice's faces (d6; d8-d20 in that variant)
