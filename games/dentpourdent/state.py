"""The full Dent pour dent state: plain lists, dicts and ints, cheap to copy and to save.

Seats are families: seat i plays data.FAMILIES[i]. `clone` copies through plain data (no
validation): it runs once per applied action and a million times in the random-game tests.
"""

from __future__ import annotations

import games.dentpourdent.data as data
from games.contract import Player, Secret, shorten
from games.dentpourdent.views import ThrowView, Trophy
from games.i18n import _
from games.rng import Rng

NAME_MAX = 32


class Family(Secret):
    teeth: dict[str, int]  # member key -> teeth left; 0: knocked out (a trophy elsewhere)
    ring: str | None = None  # the member in the ring
    hand: list[str] = []
    trophies: list[Trophy] = []
    out: bool = False  # all seven knocked out: left the game


class Duel(Secret):
    attacker: int
    defender: int
    card: str  # attack card key, "punch", or "bare"
    blows: int
    queue: list[str]  # throws still to come, in order: "a" attack, "d" defence
    thrown: list[ThrowView] = []
    started: bool = False  # the window after the announcement has been held
    tand: bool = False  # Tand om tand: no defence throws, the attacker takes what he gives
    coalition: bool = False
    galanterie: bool = False
    vitamins: list[str] = []  # roles ("a", "d") whose next throw does double damage
    one_molar: str | None = None  # the role Mini-jupe left one throw with one molar
    pending: int | None = None  # teeth of the last attack throw, not yet marked
    # cards in force, by card, seat and member ("kramp.1.father"): cards.effect_words
    effects: list[str] = []
    ended: bool = False  # a fighter was knocked out: no more throws


class Window(Secret):
    """Seats that may still answer (every family in the game when it opens, whatever it
    holds: engine.open_window), and what they answer: "announced" (a duel was announced),
    "attack" (an attack throw whose teeth are not yet marked), "defence" (a defence throw
    that took teeth), "spa" (a pet just knocked out; only its family answers)."""

    moment: str
    seats: list[int]


class KnockOut(Secret):
    seat: int
    member: str
    by: int  # who gets the trophy
    fighter: bool  # it was in the ring
    offered: bool = False  # the S.P.A. window for it was opened


class Choice(Secret):
    """A card played that needs several choices of its player: teeth to spread (Esprit de
    famille) or a victim per opponent (Battle of the Chairs)."""

    kind: str  # "spread" or "chairs"
    seat: int
    left: int = 0  # spread: teeth still to place
    victims: list[int] = []  # chairs: opponents still to choose a member for
    by: int = 0  # spread: the attacker (a knock-out is his trophy)


class DentState(Secret):
    players: list[Player]
    rng: Rng
    families: list[Family]
    draw: list[str]  # the top is the end of the list
    discard: list[str] = []
    start_throws: list[list[int]] = []  # the last opening throw of each seat
    start: int = 0
    placing: list[int] = []  # seats still to send their first fighter in, in order
    turn: int = 0
    duel: Duel | None = None
    window: Window | None = None
    resume: str | None = None  # a card was played in this window: it opens again after it
    choice: Choice | None = None
    knockouts: list[KnockOut] = []  # knock-outs whose consequences are not settled yet
    sendins: list[int] = []  # families that must send a new fighter in, in order
    ggm: int | None = None  # the seat the great-grandmother stands by
    winners: list[int] | None = None
    turn_over: bool = False  # the turn's duel is over: the next family's turn comes
    duels: int = 0  # duels fought (a game's length in turns)

    def clone(self) -> DentState:
        return DentState.model_validate(self.model_dump())

    def name(self, seat: int) -> str:
        """The player's name, at most 32 characters (Discord's own limit): labels of moves
        name up to two of them and must stay within 100."""
        return shorten(self.players[seat].name, NAME_MAX)

    def active(self) -> list[int]:
        return [s for s, f in enumerate(self.families) if not f.out]

    def next_active(self, seat: int, skip: tuple[int, ...] = ()) -> int | None:
        """The next family clockwise after `seat` still in the game, not in `skip`."""
        n = len(self.families)
        for k in range(1, n + 1):
            other = (seat + k) % n
            if not self.families[other].out and other not in skip and other != seat:
                return other
        return None

    def standing(self, seat: int) -> list[str]:
        return [m for m in data.MEMBER_KEYS if self.families[seat].teeth[m] > 0]

    def fighter(self, seat: int) -> str:
        """'Ann's Father', in the language in force."""
        ring = self.families[seat].ring
        if ring:
            return data.figure_of(self.name(seat), ring)
        return _("{name}'s family").format(name=self.name(seat))


def figure(state: DentState, seat: int, member: str) -> str:
    return data.figure_of(state.name(seat), member)
