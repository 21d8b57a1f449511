"""Every picture of every game has a description in words (its alt text, read by a screen
reader instead of the picture): never empty, never longer than Discord takes for an
attachment's description, at every moment of whole games at the smallest and the biggest
table: the board, every seat's private picture, every animation.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.contract import DESCRIPTION_MAX, Game, Player, random_action
from games.registry import all_games
from games.rng import Rng
from tests.playing import short

NAMES = [f"{'W' * 28}#{i:03d}" for i in range(16)]  # Discord's longest display names
BIGGEST = {"tumblindice": {"one_each": True}}  # options that seat a game's most players


def assert_described(text: str, what: str) -> None:
    assert isinstance(text, str), what
    assert text.strip(), f"{what}: no description"
    assert len(text) <= DESCRIPTION_MAX, f"{what}: {len(text)} characters"
    assert "\n" not in text and "**" not in text, f"{what}: not one plain paragraph: {text!r}"


def play_and_describe(game: Game[Any], n: int, options: dict[str, Any], seed: int) -> int:
    """A whole game of random and AI moves, every picture described at every step; the
    number of descriptions checked."""
    players = [Player(name=name, bot=True) for name in NAMES[:n]]
    state = game.opening(players, options, seed).state
    rng = Rng.seeded(seed)
    checked = 0
    for step in range(3000):
        what = f"{game.name}, {n} players, step {step}"
        assert_described(game.describe_public(game.public_view(state)), f"{what}: board")
        checked += 1
        for seat in range(n):
            private = game.private_view(state, seat)
            if private is not None:
                assert_described(game.describe_private(private), f"{what}: seat {seat}")
                checked += 1
        seats = game.to_act(state)
        if not seats or game.result(state) is not None:
            return checked
        seat = seats[rng.below(len(seats))]
        action = (random_action(game, state, seat, rng) if step % 2
                  else game.ai_action(state, seat, rng))
        state = game.apply(state, seat, action).state
    raise AssertionError(f"{game.name}: no end after 3000 moves")


@pytest.mark.parametrize("name", sorted(all_games()))
def test_every_picture_of_every_game_is_described_within_discords_limit(name: str) -> None:
    game = all_games()[name]
    checked = play_and_describe(game, game.min_players, short(name), seed=1)
    checked += play_and_describe(game, game.max_players, short(name, **BIGGEST.get(name, {})),
                                 seed=2)
    assert checked > 10  # whole games were described, not a first state
