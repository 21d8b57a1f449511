"""The card piles every card game shares (games/piles.py)."""

from __future__ import annotations

from games.piles import RESHUFFLED, draw_up
from games.rng import Rng


def test_a_hand_is_refilled_from_the_top_of_the_draw_pile() -> None:
    hand, draw, discard, events = ["a"], ["x", "y", "z"], [], []
    draw_up(hand, 3, draw, discard, Rng.seeded(1), events)
    assert hand == ["a", "z", "y"] and draw == ["x"] and events == []


def test_the_discard_pile_becomes_the_draw_pile_when_it_runs_out() -> None:
    hand, draw, discard, events = [], ["x"], ["p", "q", "r"], []
    draw_up(hand, 3, draw, discard, Rng.seeded(1), events)
    assert len(hand) == 3 and hand[0] == "x" and discard == []
    assert sorted(hand[1:] + draw) == ["p", "q", "r"] and events == [RESHUFFLED]


def test_a_hand_stays_short_when_both_piles_are_empty() -> None:
    hand, events = ["a"], []
    draw_up(hand, 5, [], [], Rng.seeded(1), events)
    assert hand == ["a"] and events == []
