"""What Lunch Money players may see: the only input of render.py and of the AI.

The public view holds no hand, no draw pile, and no word of who may answer an open window
(only that answers are awaited).
"""

from __future__ import annotations

from pydantic import BaseModel

from games.contract import Secret


class PlayerView(BaseModel):
    seat: int
    name: str
    counters: int
    hand: int  # cards in hand (the number is public, the cards are not)
    out: bool  # knocked out (no counters left)
    helpless: bool  # under a hold, or seeing stars after a Poke in the Eye
    stomped: bool  # her next attack does half damage
    poked: bool  # helpless after a Poke in the Eye (until the end of a turn)


class HoldView(BaseModel):
    kind: str  # "choke" or "headlock"
    attacker: int
    victim: int


class StepView(BaseModel):
    """One card of the play under way, in order: "Ann Grab → Bob", "Bob Dodge"."""

    seat: int
    card: str  # data.CARD key, or "discard" (cards discarded: the note says how many)
    target: int | None
    note: str = ""  # "free", "halved", "passes on to Cid", "stopped" ...


class PublicView(BaseModel):
    players: list[PlayerView]
    pot: int
    turn: int | None  # whose turn (None when over)
    holds: list[HoldView]
    steps: list[StepView]  # the cards of the current turn so far
    waiting: list[int]  # seats the game waits for, never those of a reaction window
    answers_awaited: bool
    draw_pile: int
    discard: list[str]  # face up; the last one is on top
    winners: list[int] | None

    @property
    def over(self) -> bool:
        return self.winners is not None


class PrivateView(Secret):
    seat: int
    hand: list[str]  # data.CARD keys
