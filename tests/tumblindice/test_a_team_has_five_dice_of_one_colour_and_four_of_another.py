"""The dice's colours come out of the box (tumblin-dice.fr-nl.txt; docs/rules/tumblindice.md,
"Players, dice and teams"):

> 18 dés dans 4 couleurs (5+5+4+4) [...] À 4 joueurs, on forme deux équipes de deux joueurs,
> chacun prenant 4 dés d'une même couleur. [...] À 6 joueurs, on forme deux équipes de trois
> joueurs, chaque équipe disposant de 9 dés (5 d'une couleur et 4 d'une autre couleur). Chaque
> joueur d'une équipe prend trois dés en main.

So at 6 players each team has 5 dice of one colour and 4 of another (one of its players holds
dice of both), at 4 each player 4 of one colour, one die each (4 teams) one colour a team; the
2-player bonus die is "d'une autre couleur", nine dice each are "deux couleurs de dés par
joueur"; and no table ever uses a colour more often than the box holds it (the fifth of 5
players throws purple, dice of another colour, as the rulebook allows).
"""

from __future__ import annotations

import io
from collections import Counter
from typing import Any

import pytest
from PIL import Image

from games.contract import Player, RuleError
from games.rng import Rng
from games.tumblindice import GAME, data, physics, render, rules, scoring
from games.tumblindice.rules import DieState, TumbleState
from games.tumblindice.views import DieView, Flight

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal",
         "Ida", "Jon", "Kim", "Lou", "Max", "Ned", "Ola", "Pia"]
BOX = {"red": 5, "blue": 5, "green": 4, "yellow": 4}  # "18 dés dans 4 couleurs (5+5+4+4)"
# Every option that changes who plays with which dice; the others (goal, kids...) do not.
TABLE_OPTIONS: list[dict[str, Any]] = [
    {}, {"teams": False}, {"two_player": "bonus"}, {"two_player": "nine"},
    {"one_each": True},
]
TEAM_TABLES = [(4, {}), (6, {}), (8, {"one_each": True}), (12, {"one_each": True}),
               (16, {"one_each": True})]


def players(n: int) -> list[Player]:
    return [Player(name=NAMES[i]) for i in range(n)]


def opening(n: int, options: dict[str, Any] | None = None, seed: int = 1) -> TumbleState:
    return GAME.opening(players(n), options or {}, seed).state


def every_table() -> list[tuple[int, dict[str, Any]]]:
    """Every table the game accepts (2 to 16 players, each option that decides the dice)."""
    tables = []
    for n in range(2, 17):
        for options in TABLE_OPTIONS:
            try:
                scoring.check(options, n)
            except RuleError:
                continue
            tables.append((n, options))
    return tables


def team_dice(n: int, options: dict[str, Any]) -> dict[int, Counter[str]]:
    """Each team's dice by colour."""
    teams = scoring.teams_for(n, options)
    dice: dict[int, Counter[str]] = {}
    for seat, colours in enumerate(scoring.dice_colours(n, options)):
        dice.setdefault(teams[seat], Counter()).update(colours)
    return dice


def test_the_box_holds_18_dice_in_4_colours_5_5_4_4() -> None:
    assert dict(zip(data.COLOURS, data.DICE_PER_COLOUR, strict=False)) == BOX
    assert {c: data.DICE_OF[c] for c in BOX} == BOX and sum(BOX.values()) == 18


def test_at_6_players_each_team_has_5_dice_of_one_colour_and_4_of_another() -> None:
    dice = team_dice(6, {})
    assert len(dice) == 2
    for counts in dice.values():
        assert sorted(counts.values(), reverse=True) == [5, 4], counts
    assert not set(dice[0]) & set(dice[1])  # the two teams' dice never share a colour
    assert dice == {0: Counter(red=5, green=4), 1: Counter(blue=5, yellow=4)}
    colours = scoring.dice_colours(6, {})
    assert [len(c) for c in colours] == [3] * 6  # "chaque joueur [...] prend trois dés"
    assert colours[4] == ["red", "red", "green"]  # Eve holds both of her team's colours


@pytest.mark.parametrize(("n", "options"), TEAM_TABLES)
def test_every_team_game_follows_the_box(n: int, options: dict[str, Any]) -> None:
    """4 players: each 4 dice of one colour; 6: each team 5 + 4; one die each: each of the 4
    teams one colour. Teams never share a colour, and no colour is used more than the box
    holds it."""
    dice = team_dice(n, options)
    used: Counter[str] = Counter()
    for counts in dice.values():
        used.update(counts)
    assert all(used[c] <= BOX[c] for c in used), used
    assert sum(used.values()) == n * scoring.dice_per_seat(n, options)
    colours = scoring.dice_colours(n, options)
    if n == 4:
        assert all(len(set(c)) == 1 and len(c) == 4 for c in colours)
        assert all(len(counts) == 2 for counts in dice.values())
    elif n == 6:
        assert all(sorted(counts.values()) == [4, 5] for counts in dice.values())
    else:
        assert len(dice) == 4 and all(len(counts) == 1 for counts in dice.values())
    for one in dice:
        for other in dice:
            assert one == other or not set(dice[one]) & set(dice[other])


@pytest.mark.parametrize(("n", "options"), every_table())
def test_no_colour_is_used_more_often_than_the_box_holds(n: int, options: dict[str, Any]) -> None:
    used = Counter(c for colours in scoring.dice_colours(n, options) for c in colours)
    used.update(c for c in scoring.bonus_colours(n, options) if c)
    assert sum(used.values()) == n * (scoring.dice_per_seat(n, options)
                                      + scoring.bonus_dice(n, options))
    assert all(used[c] <= BOX[c] for c in BOX), used
    assert set(used) <= set(BOX) | ({"purple"} if n == 5 else set()), used
    assert used["purple"] <= data.DICE_OF["purple"]


def test_two_players_bonus_die_is_of_another_colour_and_nine_dice_are_two_colours() -> None:
    """« un dé bonus d'une autre couleur »; « deux couleurs de dés par joueur (soit neuf dés
    par joueur) »."""
    bonus = {"two_player": "bonus"}
    assert scoring.dice_colours(2, bonus) == [["red"] * 5, ["blue"] * 5]
    assert scoring.bonus_colours(2, bonus) == ["green", "yellow"]
    assert scoring.bonus_colours(2, {}) == ["", ""]
    nine = scoring.dice_colours(2, {"two_player": "nine"})
    assert nine == [["red"] * 5 + ["green"] * 4, ["blue"] * 5 + ["yellow"] * 4]


Thrown = list[tuple[int, str]]


def play_a_round(n: int, options: dict[str, Any],
                 monkeypatch: pytest.MonkeyPatch) -> tuple[Thrown, list[TumbleState]]:
    """A whole round, every die stopping on 1x side by side (the physics replaced): each
    throw's (seat, colour of the die thrown), and the state before each throw."""
    spot = iter(range(100))

    def fake(board: list[physics.Die], thrown: physics.Die, velocity: tuple[float, float],
             rng: Rng, *, frames: bool = True) -> physics.Outcome:
        k = next(spot)
        thrown.x, thrown.y = 2.0 + (k % 18) * 2.0, 15.0 + (k // 18) * 3.0
        return physics.Outcome(dice=[*board, thrown], off=[])

    monkeypatch.setattr(rules.physics, "simulate", fake)
    state = opening(n, options)
    thrown: Thrown = []
    states = []
    while state.round == 1:
        seat = GAME.to_act(state)[0]
        states.append(state)
        kind = "flick" if state.left[seat] else "bonus"
        applied = GAME.apply(state, seat, f"{kind}.50.0.50")
        flight = applied.motion
        assert isinstance(flight, Flight)
        thrown.append((seat, flight.colours[max(flight.owners)]))
        state = applied.state
    return thrown, states


def test_a_six_player_round_throws_5_of_one_colour_and_4_of_another_per_team(
        monkeypatch: pytest.MonkeyPatch) -> None:
    thrown, states = play_a_round(6, {}, monkeypatch)
    teams = states[0].teams
    per_team: dict[int, Counter[str]] = {0: Counter(), 1: Counter()}
    for seat, colour in thrown:
        per_team[teams[seat]][colour] += 1
    assert per_team == {0: Counter(red=5, green=4), 1: Counter(blue=5, yellow=4)}
    for seat in range(6):
        assert [c for s, c in thrown if s == seat] == scoring.dice_colours(6, {})[seat]
    last = states[-1]  # every die but one on the board: each keeps its colour
    assert Counter(d.colour for d in last.board) == Counter(c for _, c in thrown[:-1])
    view = GAME.public_view(last)
    assert [d.colour for d in view.board] == [d.colour for d in last.board]
    eve = view.seats[4]
    assert eve.colour == "red" and eve.dice_colours == ["red", "red", "green"]


def test_the_bonus_die_thrown_is_of_another_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    thrown, _ = play_a_round(2, {"two_player": "bonus"}, monkeypatch)
    assert Counter(thrown) == Counter({(0, "red"): 5, (0, "green"): 1,
                                       (1, "blue"): 5, (1, "yellow"): 1})


def test_the_seating_the_hand_and_the_words_name_both_colours_of_a_player_with_two() -> None:
    assert GAME.seating(players(6), {}).splitlines()[:2] == [
        "Team 1: Ann, Cid & Eve (red & green)", "Team 2: Bob, Dee & Fay (blue & yellow)"]
    state = opening(6)
    hand = GAME.describe_private(GAME.private_view(state, 4))
    assert "Round 1: your red dice and green dice, 3 dice left." in hand
    assert "Round 1: your red dice, 3 dice left." in GAME.describe_private(
        GAME.private_view(state, 0))
    text = GAME.describe_public(GAME.public_view(state))
    assert "Eve (red & green):" in text and "Ann (red):" in text and "Cid (green):" in text


def _rgb(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _at(x: float, y: float) -> tuple[int, int]:
    """Where a point of the board (cm) is on the board picture (px)."""
    cx, cy = render.at(x, y)
    return round(cx), round(cy)


def test_a_die_is_drawn_in_its_own_colour_not_its_owners() -> None:
    """Eve's third die is green, her first two red: the board draws each in its colour (a
    view without a colour, as an old game's, draws the owner's)."""
    view = GAME.public_view(opening(6))
    x, y = 21.3, 20.0
    for colour, drawn in (("green", "green"), ("red", "red"), ("", "red")):
        view.board = [DieView(id=0, owner=4, face=2, x=x, y=y, angle=0.0, zone=1,
                              colour=colour)]
        assert _rgb(render.board_png(view)).getpixel(_at(x, y)) == render.DIE_RGB[drawn]


def test_a_throw_is_animated_in_the_thrown_dice_colour() -> None:
    """A real 6-player game: the first throw of a die of the second colour of its team is
    drawn in that colour where it comes to rest."""
    state = opening(6, seed=3)
    for k in range(60):
        seat = GAME.to_act(state)[0]
        applied = GAME.apply(state, seat, f"flick.{(k * 37) % 81 + 10}.0.55")
        state = applied.state
        flight = applied.motion
        assert isinstance(flight, Flight)
        thrown = max(flight.owners)
        mine = next((d for d in state.board if d.id == thrown), None)
        if flight.colours[thrown] != data.colour(seat, 6) and mine is not None:
            break
    else:
        pytest.fail("no die of a team's second colour came to rest")
    assert mine.colour == flight.colours[thrown] and mine.colour in ("green", "yellow")
    frames, _ = render.throw_frames(GAME.public_view(state), flight)
    rest = frames[-2].convert("RGB")
    cx, cy = _at(mine.x, mine.y)
    near = [rest.getpixel((cx + dx, cy + dy)) for dx in (-2, 0, 2) for dy in (-2, 0, 2)]
    assert render.DIE_RGB[mine.colour] in near


def test_a_game_saved_before_dice_kept_their_colour_shows_the_owners() -> None:
    state = opening(6)
    state.board = [DieState(id=0, owner=4, face=3, x=8.0, y=20.0)]
    assert GAME.public_view(state).board[0].colour == "red"
