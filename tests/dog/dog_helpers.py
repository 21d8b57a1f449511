"""Building Dog positions by hand for the rule tests."""

from __future__ import annotations

from games.contract import Player
from games.dog import GAME, data
from games.dog.state import DogState

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
G = data.GOAL_BASE  # goal field g is G + g
K = data.KENNEL


def new(n: int = 4, variant: str = "classic", seed: int = 1, **options: str) -> DogState:
    return GAME.new_state([Player(name=NAMES[i]) for i in range(n)],
                          {"variant": variant, **options}, seed)


def position(
    n: int = 4,
    variant: str = "classic",
    pawns: dict[int, list[int]] | None = None,
    hands: dict[int, list[str]] | None = None,
    turn: int = 0,
    **options: str,
) -> DogState:
    """A play-phase state with the given pawns (all others in the kennel) and hands.

    Seats without a given hand hold one 2, so the game goes on after the tested move; the
    cards taken out of play go back to the deck, so all 110 stay accounted for.
    """
    st = new(n, variant, **options)
    st.deck += [c for h in st.hands for c in h] + [c for c in st.given if c]
    st.hands = [[] for _ in range(n)]
    st.given = [None] * n
    st.received = [None] * n
    st.pawns = [[K] * 4 for _ in range(n)]
    for s, row in (pawns or {}).items():
        st.pawns[s] = list(row) + [K] * (4 - len(row))
    for s in range(n):
        want = (hands or {}).get(s, ["2"])
        for c in want:
            st.deck.remove(c)
        st.hands[s] = list(want)
    st.phase = "play"
    st.turn = turn
    st.start_seat = turn
    st.seven_left = 0
    return st


def field(st: DogState, seat: int, offset: int) -> int:
    """The ring field `offset` steps after the seat's start field (negative: before it)."""
    return (st.start_of(seat) + offset) % st.ring


def ids(st: DogState, seat: int | None = None) -> set[str]:
    return {a.id for a in GAME.legal_actions(st, st.turn if seat is None else seat)}


def play(st: DogState, action: str, seat: int | None = None) -> DogState:
    return GAME.apply(st, st.turn if seat is None else seat, action).state


def events(st: DogState, action: str, seat: int | None = None) -> list[str]:
    return GAME.apply(st, st.turn if seat is None else seat, action).events


def card_count(st: DogState) -> int:
    transit = sum(1 for g in st.given if g) if st.phase == "exchange" else 0
    return len(st.deck) + len(st.discard) + sum(len(h) for h in st.hands) + transit
