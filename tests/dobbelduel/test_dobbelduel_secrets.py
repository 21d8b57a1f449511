"""The code is the only secret: two states that differ only in it look the same to the channel.

The public view and the public picture must not change with the code of a round in play, at
any point of a game (start, mid-round, when the solution is due, in a later round); the
codemaker's private view must hold it, and the codebreaker has no private view.
"""

from __future__ import annotations

import pytest
from dd_support import act, heuristic, play, randomly, start

from games.dobbelduel import GAME
from games.dobbelduel.rules import DobbelduelState
from games.rng import Rng


def with_code(state: DobbelduelState, code: list[int]) -> DobbelduelState:
    twin = GAME.load(GAME.dump(state))
    twin.current.code = list(code)
    return twin


def points_of_a_game() -> list[DobbelduelState]:
    """States from every part of a game, all with a round in play."""
    _, _, states = play(11, [randomly, heuristic], rounds=4)
    seven = start(seed=5)
    for _ in range(7):
        seven = act(seven, f"try.{seven.current.rolled[0]}.x.x.x")
    return [s for s in states if GAME.to_act(s)] + [seven]


@pytest.mark.parametrize("other", [[1, 1, 1, 1], [6, 5, 4, 3], [2, 6, 2, 6]])
def test_public_view_and_picture_do_not_depend_on_the_code(other: list[int]) -> None:
    states = points_of_a_game()
    assert len(states) > 8
    for state in states:
        twin = with_code(state, other)
        assert twin.current.code != state.current.code or other == state.current.code
        view, twin_view = GAME.public_view(state), GAME.public_view(twin)
        assert view.model_dump_json() == twin_view.model_dump_json()
        assert GAME.status(view) == GAME.status(twin_view)
        assert GAME.render_public(view) == GAME.render_public(twin_view)


def test_public_view_never_contains_the_code_in_play() -> None:
    for state in points_of_a_game():
        view = GAME.public_view(state)
        assert view.current.code is None
        assert "rng" not in view.model_dump_json()  # the seed would predict every code
        for rnd in view.rounds[:-1]:
            assert rnd.code is not None  # finished rounds are revealed


def test_codemaker_private_view_holds_the_code() -> None:
    state = start(code=[3, 5, 2, 6])
    private = GAME.private_view(state, 0)
    assert private is not None and private.code == [3, 5, 2, 6]
    assert GAME.private_text(private) == "Your code: A 3 · B 5 · C 2 · D 6"
    assert GAME.private_view(state, 1) is None
    state = act(state, "solve.1.1.1.1")  # round 2: Bob makes the code
    assert GAME.private_view(state, 0) is None
    private = GAME.private_view(state, 1)
    assert private is not None and private.code == state.current.code
    assert private.codebreaker == "Ann"


def test_ai_does_not_see_the_code() -> None:
    """The heuristic reads the public view only: the same choice whatever the code."""
    for state in points_of_a_game():
        (seat,) = GAME.to_act(state)
        twin = with_code(state, [6, 6, 6, 6])
        mine = GAME.ai_action(state, seat, Rng.seeded(3))
        assert GAME.ai_action(twin, seat, Rng.seeded(3)) == mine
