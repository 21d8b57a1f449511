"""What a Dog player may see: the public view (channel picture) and the private view (a hand).

These models are the only input of games/dog/render.py, which is what keeps hands secret.

Board geometry (docs/rules/dog.md, "Boards and seats"): the ring has `sections * 16` fields
numbered clockwise from 0. Board section k starts at field 16*k; a seat's start field is the
first field of its section. Each seat also has a kennel of 4 (pos 0-3) and a goal of 4 (pos 0
is the goal field nearest the ring, pos 3 the deepest).

Card codes (one or two ASCII characters, safe in action ids):
  classic: A (1 or 11, or out), 2 3 4 (+/-4) 5 6 7 (split) 8 9 T (10) Q (12) K (13, or out)
           J (jack: swap) X (joker)
  royal:   A K 2 3 4 5 6 8 9 T Q J as above, plus P (1-7), C (copy), M (magnet)
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from games.contract import Secret

Where = Literal["kennel", "ring", "goal"]
Rank = Literal["king", "knight", "citizen", "fool"]


class Spot(BaseModel):
    where: Where
    pos: int


class PawnView(BaseModel):
    seat: int
    index: int  # 0-3, stable for the whole game ("pawn 1" to the player is index 0)
    rank: Rank | None = None  # Dog Royal only
    spot: Spot


class MoveMark(BaseModel):
    """One pawn's path in the last move, for the arrows on the picture."""

    seat: int
    index: int
    start: Spot
    end: Spot


class LastMove(BaseModel):
    seat: int
    card: str  # card code as played (a joker shows as X)
    text: str  # "Ann plays 7: pawn 1 +3, pawn 2 +4; Bob's pawn 3 goes home"
    moves: list[MoveMark] = []
    sent_home: list[tuple[int, int]] = []  # (seat, pawn index) of every pawn sent to its kennel


class SeatView(BaseModel):
    seat: int
    name: str
    color: str  # colour name: "red", "blue", "green", "yellow", "black", "white"
    section: int  # which board section is this seat's (partners sit opposite)
    team: int  # team number; players alone each have their own team
    cards: int  # cards in hand now
    out: bool = False  # laid down the hand, sits out the rest of the round
    finished: bool = False  # all 4 pawns in the goal


class DogPublicView(BaseModel):
    variant: Literal["classic", "royal"]
    sections: int  # 4 or 6
    seats: list[SeatView]
    pawns: list[PawnView]
    special_fields: list[int] = []  # ring fields that give an extra card (royal)
    round: int  # 1-based
    phase: Literal["exchange", "royal_setup", "play", "over"]
    to_act: list[int]
    deck_left: int
    discard_top: str | None = None
    last_move: LastMove | None = None
    # Every move since the first seat to act last played, oldest first, ending with
    # last_move: what happened while this player waited (one lap of the table at most).
    recent_moves: list[LastMove] = []
    seven_left: int | None = None  # steps still to make of a 7 (or 1-7) being split
    winners: list[int] = []
    copyable: list[str] = []  # royal: the kinds played this round, which a copy can copy


class DogPrivateView(Secret):
    seat: int
    name: str
    color: str
    variant: Literal["classic", "royal"]
    hand: list[str]  # card codes, in card order (cards.ORDER)
    given: str | None = None  # card given to the partner this round, while the exchange runs
    received: str | None = None  # card received from the partner (once the exchange is done)
    playing_for: int | None = None  # the partner's seat, when this seat's pawns are all home
    laid_down: list[str] = []  # the hand this seat had to lay down this round
    playing_for_name: str | None = None  # that partner's name
    # the card being played, still in `hand` until the move is complete (a 7 being split)
    playing: str | None = None
