"""`Game.teams`: the seats a rating counts as one side. Partners in Dog and teammates in
Tumblin' Dice win together; every other game (and each game played alone) seats everyone
alone."""

from __future__ import annotations

from typing import Any

import pytest

from games.contract import Player
from games.dog import data as dog_data
from games.registry import all_games, get

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]


def opening(name: str, n: int, options: dict[str, Any]) -> Any:
    game = get(name)
    given = {o.name: o.default for o in game.options}
    given.update(options)
    return game.opening([Player(name=NAMES[i]) for i in range(n)], given, seed=5).state


def test_dog_partners_sit_opposite_in_teams_of_two() -> None:
    state = opening("dog", 4, {"variant": "classic", "teams": dog_data.TEAMS_3X2})
    assert get("dog").teams(state) == [[0, 2], [1, 3]]


def test_dog_two_teams_of_three_take_alternate_seats() -> None:
    state = opening("dog", 6, {"variant": "classic", "teams": dog_data.TEAMS_2X3})
    assert get("dog").teams(state) == [[0, 2, 4], [1, 3, 5]]


def test_dog_played_alone_has_a_team_per_seat() -> None:
    state = opening("dog", 4, {"variant": "classic", "teams": dog_data.TEAMS_ALONE})
    assert get("dog").teams(state) == [[0], [1], [2], [3]]


def test_tumblindice_teams_of_four_players_alternate() -> None:
    state = opening("tumblindice", 4, {})
    assert get("tumblindice").teams(state) == [[0, 2], [1, 3]]


def test_tumblindice_three_players_are_alone() -> None:
    state = opening("tumblindice", 3, {})
    assert get("tumblindice").teams(state) == [[0], [1], [2]]


@pytest.mark.parametrize("name", ["dentpourdent", "dobbelduel", "lunchmoney"])
def test_games_without_teams_seat_everyone_alone(name: str) -> None:
    game = all_games()[name]
    n = max(2, game.min_players)
    assert game.teams(opening(name, n, {})) == [[s] for s in range(n)]
