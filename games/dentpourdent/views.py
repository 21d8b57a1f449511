"""What Dent pour dent players may see: the only input of render.py and of the AI.

The public view holds no hand, no draw pile, and no word of who may answer an open reaction
window (only that answers are awaited). The private view is one seat's hand.
"""

from __future__ import annotations

from pydantic import BaseModel

from games.contract import Secret


class MemberView(BaseModel):
    key: str  # data.MEMBERS key: "grandfather" ... "pet"
    teeth: int  # teeth left; 0: knocked out
    full: int  # teeth on the chart


class Trophy(BaseModel):
    family: int  # the seat whose figure it was
    member: str


class FamilyView(BaseModel):
    seat: int
    player: str
    colour: str  # data.FAMILIES
    members: list[MemberView]  # the seven, in data.MEMBERS order
    ring: str | None  # the member in the ring; None while not placed yet or out of the game
    trophies: list[Trophy]  # figures this player knocked out, in order
    hand: int  # cards in hand (their number is public; the cards are not)
    out: bool  # every member knocked out: the family has left the game


class ThrowView(BaseModel):
    """One throw of a duel: the molars as they landed (2 up, 1 down, 0 side)."""

    by: int  # the seat that threw
    attack: bool  # the 3 attack molars (or one, after Mini-jupe), else the defence molar
    molars: list[int]
    damage: int  # teeth taken by this throw (doubled by Vitamines)
    hit: int | None  # the seat whose fighter lost them; None when nobody did
    # in the state a code ("doubled", "dodged.2", "spread", "for.1"); in the public view, words
    # in the reader's language ("doubled by Vitamines", "dodged onto Cid"): cards.note_words
    note: str = ""


class DuelView(BaseModel):
    attacker: int
    defender: int
    card: str  # the attack card's key ("punch", or "bare" for the one blow without a card)
    blows: int  # blows announced
    attacks_left: int  # attack throws still to come
    defences_left: int  # defence throws still to come
    thrown: list[ThrowView]
    effects: list[str]  # cards in force in this duel, in words ("Kramp on Bob's Father")
    pending: int = 0  # teeth of an attack throw not yet marked (a window on it is open)


class PublicView(BaseModel):
    players: list[str]
    families: list[FamilyView]  # one per seat
    turn: int | None  # whose duel it is (None while placing, or when the game is over)
    stage: str  # "place", "turn", "duel", "send", "spread", "chairs", "over"
    waiting: list[int]  # seats the game waits for, never the seats of a reaction window
    answers_awaited: bool  # a reaction window is open
    ggm: int | None  # the seat whose fighter the great-grandmother stands by
    duel: DuelView | None
    start_throws: list[list[int]]  # the opening throws for the start player, per seat
    draw_pile: int
    discard: list[str]  # face up; the last one is on top
    winners: list[int] | None  # None while the game goes on

    @property
    def over(self) -> bool:
        return self.winners is not None


class PrivateView(Secret):
    seat: int
    colour: str
    hand: list[str]  # card keys (data.card_name / data.card_text say what they are)
