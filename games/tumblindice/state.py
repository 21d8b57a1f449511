"""The state of a Tumblin' Dice game: everything is public, and every die's resting place is
stored (never a seed to simulate again: physics may differ between machines)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from games.contract import Player, Secret
from games.rng import Rng
from games.tumblindice.views import TeamRound


class DieState(BaseModel):
    id: int
    owner: int
    face: int
    x: float
    y: float
    angle: float = 0.0
    bonus: bool = False  # counts double
    colour: str = ""  # data.COLOURS (scoring.dice_colours); "" in games saved before: the owner's


class TumbleState(Secret):
    players: list[Player]
    rng: Rng
    options: dict[str, Any]
    teams: list[int]  # team per seat; alone: its own team
    order: list[int]  # turn order: the opening roll's, teams alternating
    totals: list[int]  # per team
    round: int = 1
    rounds_won: list[int] = []  # per team
    left: list[int]  # dice still to throw this round, per seat
    bonus_left: list[int] = []  # bonus dice still to throw, per seat
    turn: int = 0  # index into order
    board: list[DieState] = []
    off: list[DieState] = []  # dice that left the board this round
    short: list[int] = []  # per seat: thrown dice taken off this round, short of the line
    next_id: int = 0
    last_flick: list[list[int]] = []  # per seat: its last flick's numbers ([] before one)
    last_round: list[TeamRound] = []  # the last round's table, per team
    winners: list[int] | None = None
