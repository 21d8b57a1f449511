"""Every picture kind, drawn from real games, stays legible in Discord's preview.

Discord shows a picture in a box about 500 x 350 px, shrinking it until both its width and its
height fit. Each text's font size, in px of the final picture (games.drawing.measuring records
it), scaled as the preview scales the board the channel receives, must be at least 11 px, and
that board is landscape or square. A private picture (a hand, a code, sent by DM) is checked at
500 px wide.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

import pytest
from PIL import Image
from pydantic import BaseModel

from games.contract import Game, Player, random_action
from games.dentpourdent import GAME as DENTPOURDENT
from games.dobbelduel import GAME as DOBBELDUEL
from games.dog import GAME as DOG
from games.drawing import LEAST_TEXT_PX, display_scale, measuring
from games.lunchmoney.rules import LunchMoney
from games.rng import Rng
from games.tumblindice import GAME as TUMBLINDICE

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
LONG = ["Wilhelmina-Anneke", "Maximiliaan W", "ÉmilieÑandú", "WWWWWWWWWWWW", "Ann", "Bo"]


def _moments(game: Game, players: list[Player], options: dict[str, object], seed: int,
             *, ai: bool = True) -> Iterator[BaseModel]:
    """States through a whole game played by the AI (or by random legal moves): the start,
    every 7th move, the end."""
    state = game.new_state(players, options, seed)
    rng = Rng.seeded(seed)
    for turn in range(2000):
        if turn % 7 == 0:
            yield state
        acting = game.to_act(state)
        if not acting or game.result(state) is not None:
            break
        seat = acting[0]
        move = game.ai_action(state, seat, rng) if ai else random_action(game, state, seat, rng)
        state = game.apply(state, seat, move).state
    yield state


def _smallest_shown(draw: Callable[[], bytes | None], *, board: bool) -> float | None:
    """The smallest text drawn, in px, as Discord's preview shows the picture: a board fit in
    the 500 x 350 box (and never taller than wide), any other picture 500 px wide."""
    with measuring() as sizes:
        data = draw()
    if data is None:
        return None
    width, height = Image.open(io.BytesIO(data)).size
    assert sizes.sizes, "a picture without text, or text not drawn through games.drawing.text"
    if board:
        assert width >= height, f"a board {width} x {height}: taller than wide"
    return sizes.smallest * display_scale(width, height if board else None)


def _check(game: Game, players: list[Player], options: dict[str, object], seed: int,
           every: int = 1, *, ai: bool = True) -> None:
    worst: dict[str, float] = {}
    for k, state in enumerate(_moments(game, players, options, seed, ai=ai)):
        if k % every:
            continue
        public = game.public_view(state)
        drawn = _smallest_shown(lambda v=public: game.render_public(v), board=True)
        assert drawn is not None
        worst["public"] = min(worst.get("public", drawn), drawn)
        for seat in range(len(players)):
            private = game.private_view(state, seat)
            if private is None:
                continue
            drawn = _smallest_shown(lambda v=private: game.render_private(v), board=False)
            if drawn is not None:
                worst["private"] = min(worst.get("private", drawn), drawn)
    for kind, px in worst.items():
        assert px >= LEAST_TEXT_PX, f"{kind} picture: text {px:.1f} px high in the preview"


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("variant", ["classic", "royal"])
def test_dog_board_and_hand_are_legible_in_the_preview(n: int, variant: str) -> None:
    players = [Player(name=name, bot=True) for name in NAMES[:n]]
    _check(DOG, players, {"variant": variant}, seed=n, every=6)


@pytest.mark.parametrize("variant", ["classic", "royal"])
def test_dog_pictures_with_long_names_are_legible_in_the_preview(variant: str) -> None:
    players = [Player(name=name, bot=True) for name in LONG]
    _check(DOG, players, {"variant": variant}, seed=11, every=5)


@pytest.mark.parametrize("names", [["Ann", "Bob"], LONG[:2]])
def test_dobbelduel_board_and_code_are_legible_in_the_preview(names: list[str]) -> None:
    players = [Player(name=name, bot=True) for name in names]
    _check(DOBBELDUEL, players, {"rounds": 4}, seed=5)


@pytest.mark.parametrize(("n", "every"), [(2, 10), (3, 10), (4, 16), (5, 16)])
def test_dentpourdent_board_and_hand_are_legible_in_the_preview(n: int, every: int) -> None:
    players = [Player(name=name, bot=True) for name in NAMES[:n]]
    # (most moves are passes in the windows every family is in: every 10th moment or more,
    # not 3rd; 4 and 5 families play longer games, with a hand per family at each moment)
    _check(DENTPOURDENT, players, {}, seed=n, every=every)


def test_dentpourdent_pictures_with_long_names_are_legible_in_the_preview() -> None:
    players = [Player(name=name, bot=True) for name in LONG[:5]]
    _check(DENTPOURDENT, players, {}, seed=11, every=16)


# (every seat's hand is drawn at each moment checked: the more players, the fewer moments)
@pytest.mark.parametrize(("n", "every"), [(2, 4), (3, 4), (4, 8), (5, 8), (6, 12), (7, 12),
                                          (8, 12)])
def test_lunchmoney_table_and_hand_are_legible_in_the_preview(n: int, every: int) -> None:
    players = [Player(name=name, bot=True) for name in (NAMES + LONG)[:n]]
    _check(LunchMoney(), players, {}, seed=n, every=every)


@pytest.mark.parametrize(("n", "options"), [
    (2, {"two_player": "bonus", "rounds": 1}), (3, {"rounds": 1}), (4, {"rounds": 1}),
    (5, {"rounds": 1}), (6, {"rounds": 1, "faces": 20}), (8, {"one_each": True, "rounds": 1}),
    (12, {"one_each": True, "rounds": 1}), (16, {"one_each": True, "rounds": 1}),
])
def test_tumblindice_board_is_legible_in_the_preview(n: int, options: dict[str, object]) -> None:
    players = [Player(name=name, bot=True) for name in (LONG + NAMES * 3)[:n]]
    # Random presets fill the board as well, without the AI's simulated candidate throws.
    _check(TUMBLINDICE, players, options, seed=n, every=2, ai=False)


def test_every_text_in_games_is_drawn_through_the_measuring_helper() -> None:
    """A text drawn with Pillow's own draw.text would escape the measurement above."""
    from pathlib import Path

    import games

    root = Path(games.__file__).parent
    direct = [
        f"{path.relative_to(root)}:{i}"
        for path in root.rglob("*.py")
        if path.name != "drawing.py"
        for i, line in enumerate(path.read_text().splitlines(), 1)
        if "draw.text(" in line
    ]
    assert not direct
