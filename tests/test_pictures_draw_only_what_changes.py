"""Pictures draw only what changes (issue 10): the static part of each board is drawn once per
process and kept; a render draws over it only what its view adds, and maps only that onto the
palette. None of it may show: a render from empty caches gives the bytes a render from full
ones gives, and drawing only the touched parts gives the picture drawing it all would.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from pydantic import BaseModel

from games.contract import Game, Player, random_action
from games.dentpourdent import GAME as DENTPOURDENT
from games.dentpourdent import render as dentpourdent_render
from games.dobbelduel import GAME as DOBBELDUEL
from games.dobbelduel import render as dobbelduel_render
from games.dog import GAME as DOG
from games.dog.render import board as dog_board
from games.dog.render import hand as dog_hand
from games.drawing import Canvas, measuring, to_png
from games.lunchmoney import render as lunchmoney_render
from games.lunchmoney.rules import LunchMoney
from games.rng import Rng
from games.tumblindice import GAME as TUMBLINDICE
from games.tumblindice import render as tumblindice_render

NAMES = ["Ann", "Bob", "Zoë Ünal", "Dmitri", "Eva", "Frits"]


def _moments(
    game: Game, players: int, options: dict[str, object], seed: int, every: int,
    *, ai: bool = True,
) -> Iterator[object]:
    """States of a game played by the AI seats (or by random legal moves): every `every`th
    move, and the end."""
    state = game.new_state([Player(name=n, bot=True) for n in NAMES[:players]], options, seed)
    rng = Rng.seeded(seed)
    for turn in range(3000):
        if turn % every == 0:
            yield state
        acting = game.to_act(state)
        if not acting:
            break
        seat = acting[0]
        move = game.ai_action(state, seat, rng) if ai else random_action(game, state, seat, rng)
        state = game.apply(state, seat, move).state
    yield state


def _dog(players: int, variant: str) -> list[BaseModel]:
    return [DOG.public_view(s) for s in _moments(DOG, players, {"variant": variant}, 7, 23)]


def _hands() -> list[BaseModel]:
    views = [DOG.private_view(s, 1) for s in _moments(DOG, 4, {"variant": "royal"}, 8, 17)]
    return [v for v in views if v is not None]


def _duel() -> list[BaseModel]:
    return [DOBBELDUEL.public_view(s) for s in _moments(DOBBELDUEL, 2, {"rounds": 4}, 3, 1)]


def _codes() -> list[BaseModel]:
    states = _moments(DOBBELDUEL, 2, {"rounds": 4}, 3, 1)
    views = [DOBBELDUEL.private_view(s, seat) for s in states for seat in (0, 1)]
    return [v for v in views if v is not None]


def _brawl() -> list[BaseModel]:
    # (most moves are passes in the windows every family is in: every 31st move, not 9th)
    states = _moments(DENTPOURDENT, 5, {}, 4, 31)
    return [DENTPOURDENT.public_view(s) for s in states]


def _fists() -> list[BaseModel]:
    views = [DENTPOURDENT.private_view(s, 2) for s in _moments(DENTPOURDENT, 3, {}, 5, 23)]
    return [v for v in views if v is not None]


def _lunch() -> list[BaseModel]:
    game = LunchMoney()
    return [game.public_view(s) for s in _moments(game, 6, {}, 5, 7)]


def _lunchboxes() -> list[BaseModel]:
    game = LunchMoney()
    views = [game.private_view(s, 0) for s in _moments(game, 3, {}, 6, 3)]
    return [v for v in views if v is not None]


def _tumble(players: int, options: dict[str, object]) -> list[BaseModel]:
    # Random presets: boards as full and as varied, without the AI's simulated candidates.
    states = _moments(TUMBLINDICE, players, options, 6, 3, ai=False)
    return [TUMBLINDICE.public_view(s) for s in states]


KINDS: dict[str, tuple[Callable[[], list[BaseModel]], Callable[[Any], Canvas]]] = {
    "dog board classic 4": (lambda: _dog(4, "classic"), dog_board.board_canvas),
    "dog board royal 6": (lambda: _dog(6, "royal"), dog_board.board_canvas),
    "dog board 3 on the 4-board": (lambda: _dog(3, "classic"), dog_board.board_canvas),
    "dog hand": (_hands, dog_hand.hand_canvas),
    "dobbelduel board": (_duel, dobbelduel_render.board_canvas),
    "dobbelduel code": (_codes, dobbelduel_render.code_canvas),
    "dentpourdent board 5": (_brawl, dentpourdent_render.board_canvas),
    "dentpourdent hand": (_fists, dentpourdent_render.hand_canvas),
    "lunchmoney table 6": (_lunch, lunchmoney_render.board_canvas),
    "lunchmoney hand": (_lunchboxes, lunchmoney_render.hand_canvas),
    "tumblindice board 4": (lambda: _tumble(4, {"rounds": 1}), tumblindice_render.board_canvas),
    "tumblindice board 6 d20": (lambda: _tumble(6, {"rounds": 1, "faces": 20}),
                                tumblindice_render.board_canvas),
}


def _empty_the_caches() -> None:
    with measuring():  # empties every picture cache, as the legibility tests do
        pass


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_render_from_empty_caches_gives_the_bytes_of_a_render_from_full_ones(
    kind: str,
) -> None:
    views, canvas_of = KINDS[kind]
    drawn = [canvas_of(view).png() for view in views()]  # caches filling as a game goes
    assert len(drawn) >= 5
    for view, warm in zip(views(), drawn, strict=True):
        _empty_the_caches()
        assert canvas_of(view).png() == warm


@pytest.mark.parametrize("kind", list(KINDS))
def test_drawing_only_the_touched_parts_gives_the_picture_drawn_whole(kind: str) -> None:
    views, canvas_of = KINDS[kind]
    for view in views():
        canvas = canvas_of(view)
        assert canvas.png() == to_png(canvas.flat(), canvas.backdrop.palette())


def test_the_static_part_of_a_board_is_drawn_once_per_process() -> None:
    _empty_the_caches()
    boards = _dog(4, "classic")
    for view in boards:
        DOG.render_public(view)
    assert dog_board._background.cache_info().misses == 1
    canvases = [dog_board.board_canvas(view) for view in boards[:3]]
    assert canvases[0].backdrop is canvases[1].backdrop is canvases[2].backdrop

    duels = _duel()
    for view in duels:
        DOBBELDUEL.render_public(view)
    earlier = {dobbelduel_render.board_height(view) for view in duels}
    assert dobbelduel_render._backdrop.cache_info().misses == len(earlier)  # one per height
