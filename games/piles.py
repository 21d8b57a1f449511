"""Card piles every card game shares: a hand refilled from the draw pile, and the discard pile
shuffled into a new draw pile when the draw pile runs out. Plain lists; the top of a pile is
its end."""

from __future__ import annotations

from games.rng import Rng

RESHUFFLED = "The discard pile is shuffled into a new draw pile."


def draw_up(hand: list[str], size: int, draw: list[str], discard: list[str], rng: Rng,
            events: list[str]) -> None:
    """Refill `hand` to `size` cards (fewer when both piles run dry). The lists are changed in
    place; a reshuffle is told in `events`."""
    while len(hand) < size:
        if not draw:
            if not discard:
                return
            draw.extend(discard)
            discard.clear()
            rng.shuffle(draw)
            events.append(RESHUFFLED)
        hand.append(draw.pop())
