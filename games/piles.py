"""Card piles every card game shares: a hand refilled from the draw pile, and the discard pile
shuffled into a new draw pile when the draw pile runs out. Plain lists; the top of a pile is
its end."""

from __future__ import annotations

from games.i18n import N_, _
from games.rng import Rng

RESHUFFLED = N_("The discard pile is shuffled into a new draw pile.")


def draw_up(hand: list[str], size: int, draw: list[str], discard: list[str], rng: Rng,
            events: list[str]) -> None:
    """Refill `hand` to `size` cards (fewer when both piles run dry). The lists are changed in
    place; a reshuffle is told in `events`, in the language in force."""
    while len(hand) < size:
        if not draw:
            if not discard:
                return
            draw.extend(discard)
            discard.clear()
            rng.shuffle(draw)
            events.append(_(RESHUFFLED))
        hand.append(draw.pop())
