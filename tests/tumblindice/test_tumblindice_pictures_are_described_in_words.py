"""The Tumblin' Dice board, hand and throw in words (their alt text): whose throw and the
points, each player's dice by zone, dice still to throw; where a thrown die came to rest."""

from __future__ import annotations

from games.contract import Player
from games.rng import Rng
from games.tumblindice import GAME as TUMBLINDICE


def a_few_throws(throws: int):
    """Ann, Bob and Cid after `throws` throws by the AI; the last throw's flight."""
    players = [Player(name=n, bot=True) for n in ("Ann", "Bob", "Cid")]
    state = TUMBLINDICE.new_state(players, {}, seed=7)
    rng = Rng.seeded(7)
    flight = None
    for _ in range(throws):
        seat = TUMBLINDICE.to_act(state)[0]
        applied = TUMBLINDICE.apply(state, seat, TUMBLINDICE.ai_action(state, seat, rng))
        state, flight = applied.state, applied.motion
    return state, flight


def test_tumblindice_pictures_are_described_in_words() -> None:
    state, _ = a_few_throws(6)
    view = TUMBLINDICE.public_view(state)
    text = TUMBLINDICE.describe_public(view)
    thrower = next(s for s in view.seats if s.seat == view.turn)
    assert f"{thrower.name} to throw" in text
    assert "Points:" in text
    on_board = [d for d in view.board if d.zone]
    assert on_board, "no die past the line after six throws"
    for seat in view.seats:
        start = text.index(f"{seat.name} ({seat.colour}):")
        part = text[start:text.index(".", start)]
        for die in (d for d in view.board if d.owner == seat.seat and d.zone):
            assert f"{die.face} in zone ×{die.zone}" in part, (die, part)
        assert f"{seat.dice_left} " in part or "no die left" in part


def test_tumblindice_hand_is_described_in_words() -> None:
    state, _flight = a_few_throws(4)
    mine = TUMBLINDICE.private_view(state, 0)
    hand = TUMBLINDICE.describe_private(mine)
    assert f"Round {mine.round}: your {mine.colour} dice" in hand
    assert "/tumblindice" not in hand
