"""The full Lunch Money state: plain lists and ints, cheap to copy and to save.

A turn's play is a stack of cards (`Step`): an attack, a defence played against it, a
Humiliation played on either, each answered in its own window before it takes effect. A
decision owed by one player in the middle of it (the free attack after a Grab) is an `Offer`.
"""

from __future__ import annotations

from games.contract import Player, Secret, shorten
from games.lunchmoney.views import StepView
from games.rng import Rng

NAME_MAX = 32


class Step(Secret):
    kind: str  # "attack", "defence" or "humiliation"
    seat: int  # who played it
    card: str
    target: int  # attack: the victim; defence: the attacker; humiliation: the one humiliated
    damage: int = 0
    free: int = 0  # attack: 0 may be defended; 1 no Dodge, Block or Disarm; 2 only Humiliation
    way: int = 0  # Roundhouse, Spinning Backfist: +1 or -1 round the table
    halved: bool = False  # Stomped, or a Choke's victim hitting someone else
    defences: int = 0  # defence cards that stopped half of a Big Combo
    asked: bool = False  # its window has been opened


class Offer(Secret):
    """A choice one player owes: "follow" (after a Grab: a free attack, Choke, Headlock or
    Powerplay), "free" (a free attack), "grab" (after a Block: Grab or not; `then` is who
    may Grab next)."""

    kind: str
    seat: int
    target: int
    free: int = 1
    basic_only: bool = False
    then: int | None = None


class Hold(Secret):
    attacker: int
    victim: int


class LunchState(Secret):
    players: list[Player]
    rng: Rng
    counters: list[int]
    pot: int = 0
    hands: list[list[str]]
    draw: list[str]  # the top is the end of the list
    discard: list[str] = []
    out: list[bool]
    turtling: str = "allowed"  # data.TURTLING value: what discarding costs
    turn: int = 0
    acted: bool = False  # the turn's action was taken: the turn ends when the play is over
    done: bool = False  # she ended her turn (a Headlock's holder may hit on after her action)
    stack: list[Step] = []
    window: list[int] | None = None  # seats still to answer the top of the stack
    offer: Offer | None = None
    choke: Hold | None = None
    headlock: Hold | None = None
    stomped: list[bool]
    poked: dict[int, int] = {}  # victim -> the seat at the end of whose turn she sees again
    floored: list[int] = []  # helpless until the end of this turn (the special Uppercut)
    in_use: list[list[str]] = []  # weapons in an attack under way, per seat: back to the hand
    steps: list[StepView] = []  # the cards of this turn, for the table
    passes: int = 0  # turns in a row that ended in a pass, no card played
    winners: list[int] | None = None
    turns: int = 0

    def clone(self) -> LunchState:
        return LunchState.model_validate(self.model_dump())

    def name(self, seat: int) -> str:
        return shorten(self.players[seat].name, NAME_MAX)

    def conscious(self) -> list[int]:
        return [s for s in range(len(self.players)) if not self.out[s]]

    def next_seat(self, seat: int, way: int = 1) -> int:
        """The next conscious seat round the table (left: +1)."""
        n = len(self.players)
        for k in range(1, n + 1):
            other = (seat + way * k) % n
            if not self.out[other]:
                return other
        return seat

    def helpless(self, seat: int) -> bool:
        """Under a Choke (both of them), in a Headlock (its victim), seeing stars after a Poke
        in the Eye, or floored by the special Uppercut: she cannot defend herself."""
        return (any(h is not None and seat in (h.attacker, h.victim) for h in (self.choke,))
                or (self.headlock is not None and self.headlock.victim == seat)
                or seat in self.poked or seat in self.floored)
