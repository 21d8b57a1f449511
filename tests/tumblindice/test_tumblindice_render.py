"""Tumblin' Dice's pictures (issues 14 and 31): the board to scale, lying sideways, with every
die where it lies, the score panel under it, legible in Discord's 500 x 350 preview at every
team layout, the same bytes from empty caches as from full ones; one throw: the board animated
from a real simulated flick, a GIF played once, the board's own size."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image, ImageChops

from games.contract import Player
from games.drawing import LEAST_TEXT_PX, display_scale, least_font_px, measuring, to_png
from games.tumblindice import data, physics, render
from games.tumblindice.rules import TumbleState, TumblinDice
from games.tumblindice.views import DieView, Flight, PublicView

GAME = TumblinDice()
NAMES = ["Ann", "Bob", "Zoë Ünal", "Wilhelmina-Anneke WWWWWWW", "Eva", "Frits"]


def _flick(k: int) -> str:
    """A flick id that varies with k: across the track, a little aim, mostly firm."""
    return f"flick.{(k * 37) % 81 + 10}.{(k * 7) % 21 - 10}.{(k * 29) % 41 + 45}"


def _play(
    n: int, throws: int, options: dict[str, Any] | None = None, seed: int = 1
) -> tuple[TumbleState, list[Flight]]:
    players = [Player(name=NAMES[i % len(NAMES)], bot=True) for i in range(n)]
    state = GAME.opening(players, options or {}, seed).state
    flights = []
    for k in range(throws):
        seat = GAME.to_act(state)[0]
        action = _flick(k)
        if state.bonus_left and state.bonus_left[seat] and (k % 3 == 2 or not state.left[seat]):
            action = "bonus" + action[len("flick") :]
        applied = GAME.apply(state, seat, action)
        state = applied.state
        assert applied.motion is not None
        flights.append(applied.motion)
    return state, flights


def _views() -> list[PublicView]:
    """Boards along games: 2 players with a bonus die, teams of 2, teams of 3 with long
    names, d20s, a finished game with round points."""
    views = []
    for n, options, throws in (
        (2, {"two_player": "bonus"}, 11),
        (4, {}, 9),
        (6, {}, 14),
        (3, {"faces": 20}, 7),
    ):
        for k in range(0, throws + 1, 4):
            views.append(GAME.public_view(_play(n, k, options, seed=n)[0]))
    over = views[-1].model_copy(deep=True)
    over.winners, over.turn = [1], None
    for team in over.teams:
        team.round_points, team.total, team.rounds_won = 37 + team.team, 301 + team.team, 3
    views.append(over)
    return views


def _rgb(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _empty_the_caches() -> None:
    with measuring():
        pass


# -- the board -----------------------------------------------------------------------------------


def test_the_board_is_a_small_png_drawn_to_scale() -> None:
    for view in _views():
        png = render.board_png(view)
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG" and image.mode == "P"
        assert image.width == render.WIDTH == 64 * render.SCALE + 2 * render.MARGIN
        assert 600 <= image.width <= 900
        assert image.height == render.board_height(render._layout(view))
        assert len(png) < 300 * 1024


def test_the_board_is_legible_in_the_preview() -> None:
    for view in _views():
        with measuring() as sizes:
            png = render.board_png(view)
        width, height = Image.open(io.BytesIO(png)).size
        assert sizes.sizes
        assert width >= height
        assert sizes.smallest * display_scale(width, height) >= LEAST_TEXT_PX


def _seated(n: int, options: dict[str, Any] | None = None) -> PublicView:
    players = [Player(name=f"Player {k} with a long name WWW", bot=True) for k in range(n)]
    return GAME.public_view(GAME.opening(players, options or {}, 1).state)


@pytest.mark.parametrize(("n", "options"), [
    (2, {}), (2, {"two_player": "nine"}), (3, {}), (4, {}), (4, {"teams": False}), (5, {}),
    (6, {}), (8, {"one_each": True}), (12, {"one_each": True}), (16, {"one_each": True}),
])
def test_every_team_layout_is_landscape_and_its_least_text_legible(
    n: int, options: dict[str, Any]
) -> None:
    """From 2 players to 16 (four teams of four): wider than tall (11:10 to 16:10), the
    smallest text (LEAST) 11 px high in the preview."""
    layout = render._layout(_seated(n, options))
    width, height = render.WIDTH, render.board_height(layout)
    assert 1.1 <= width / height <= 1.6, (width, height)
    assert render.LEAST * display_scale(width, height) >= LEAST_TEXT_PX
    tallest = max(render.board_height(layout) for layout in render.TALLEST)
    assert height <= tallest
    assert least_font_px(render.WIDTH, tallest) == render.LEAST


def test_a_render_from_empty_caches_gives_the_bytes_of_a_render_from_full_ones() -> None:
    views = _views()
    warm = [render.board_png(view) for view in views]
    for view, png in zip(views, warm, strict=True):
        _empty_the_caches()
        assert render.board_png(view) == png


def test_drawing_only_the_touched_parts_gives_the_picture_drawn_whole() -> None:
    for view in _views():
        canvas = render.board_canvas(view)
        assert canvas.png() == to_png(canvas.flat(), canvas.backdrop.palette())


def _lone_die(
    x: float, y: float, owner: int, face: int, angle: float = 0.0, bonus: bool = False
) -> PublicView:
    view = GAME.public_view(_play(4, 0)[0])
    view.board = [
        DieView(
            id=0, owner=owner, face=face, x=x, y=y, angle=angle, bonus=bonus,
            zone=physics.zone(y, angle),
        )
    ]
    return view


def _at(x: float, y: float) -> tuple[int, int]:
    """Where a point of the board (cm) is on the board picture (px): sideways, the track at
    the left, x = 0 at the top."""
    cx, cy = render.at(x, y)
    assert (cx, cy) == (render.MARGIN + y * render.SCALE,
                        render.TITLE_H + render.MARGIN + x * render.SCALE)
    return round(cx), round(cy)


@pytest.mark.parametrize("owner", range(4))
def test_a_die_is_drawn_where_it_lies_in_its_owners_colour(owner: int) -> None:
    x, y = 7.3 + 8 * owner, 20.0 + 9 * owner
    image = _rgb(render.board_png(_lone_die(x, y, owner, face=2)))
    colour = render.DIE_RGB[data.COLOURS[owner]]
    assert image.getpixel(_at(x, y)) == colour  # a 2: no pip in the middle
    half = data.DIE / 2 * render.SCALE
    cx, cy = _at(x, y)
    inside = [image.getpixel((cx + dx, cy + dy)) for dx in (-4, 4) for dy in (-4, 0, 4)]
    assert inside.count(colour) >= 3
    assert image.getpixel((round(cx + half + 3), cy)) != colour  # no bigger than a die
    empty = _rgb(render.board_png(_lone_die(x, y + 30, owner, face=2)))
    assert empty.getpixel(_at(x, y)) != colour


def test_a_die_turns_by_its_angle_and_shows_its_face() -> None:
    x, y = 20.0, 20.0
    straight = _rgb(render.board_png(_lone_die(x, y, 1, face=5)))
    turned = _rgb(render.board_png(_lone_die(x, y, 1, face=5, angle=0.7)))
    corner = (
        round(_at(x, y)[0] + 0.72 * data.DIE / 2 * render.SCALE),
        round(_at(x, y)[1] + 0.72 * data.DIE / 2 * render.SCALE),
    )
    blue = render.DIE_RGB["blue"]
    assert straight.getpixel(corner) != turned.getpixel(corner)
    assert straight.getpixel(_at(x, y)) == render.pip_of(blue) == (255, 255, 255)  # 5: a pip
    two = _rgb(render.board_png(_lone_die(x, y, 1, face=2)))
    assert two.getpixel(_at(x, y)) == blue
    counted = []
    for face in (2, 12):  # a d12's face is a number: one more text, as legible as the rest
        with measuring() as sizes:
            render.board_png(_lone_die(x, y, 1, face=face))
        counted.append(len(sizes.sizes))
        assert sizes.smallest >= render.LEAST
    assert counted[1] == counted[0] + 1


def test_a_bonus_die_is_ringed_in_gold() -> None:
    x, y = 20.0, 36.0
    plain = _rgb(render.board_png(_lone_die(x, y, 0, face=3)))
    bonus = _rgb(render.board_png(_lone_die(x, y, 0, face=3, bonus=True)))
    cx, cy = _at(x, y)
    ring = [bonus.getpixel((cx + dx, cy)) for dx in range(12, 26)]
    assert render.GOLD in ring
    assert render.GOLD not in [plain.getpixel((cx + dx, cy)) for dx in range(12, 26)]


def test_the_backdrop_is_drawn_once_per_team_layout() -> None:
    _empty_the_caches()
    views = [GAME.public_view(_play(4, k, seed=9)[0]) for k in range(0, 8, 2)]
    for view in views:
        render.board_png(view)
    assert render._backdrop.cache_info().misses == 1
    canvases = [render.board_canvas(view) for view in views]
    assert canvases[0].backdrop is canvases[-1].backdrop


# -- the animation -------------------------------------------------------------------------------


def _frames(data_: bytes) -> tuple[Image.Image, list[int]]:
    image = Image.open(io.BytesIO(data_))
    durations = []
    for k in range(getattr(image, "n_frames", 1)):
        image.seek(k)
        image.load()  # WebP tells a frame's duration once it is read
        durations.append(int(image.info.get("duration", 0)))
    return image, durations


def _played(n: int, throws: int, seed: int = 1) -> tuple[PublicView, Flight, bytes]:
    """The board after `throws` throws, the last throw, and that board animated."""
    state, flights = _play(n, throws, seed=seed)
    view = GAME.public_view(state)
    return view, flights[-1], render.throw_animation(view, flights[-1])


def test_a_throw_is_the_board_animated_as_a_gif_played_once() -> None:
    view, flight, gif = _played(4, 10)
    assert len(flight.frames) > 10
    assert len(gif) < 300 * 1024
    image, durations = _frames(gif)
    assert image.format == "GIF" and "loop" not in image.info, "played once, never looped"
    assert image.size == _rgb(render.board_png(view)).size, "the board's own size"
    assert 4 <= len(durations) <= render.MAX_FRAMES + 3
    assert durations[0] == render.FIRST_MS and durations[-1] == render.HOLD_MS
    assert 1000 <= sum(durations) - render.HOLD_MS <= 12000


def test_a_throws_first_and_last_frames_are_the_board_after_it() -> None:
    """A client that shows no animation keeps the first frame: the board as it is now."""
    view, _flight, gif = _played(2, 6, seed=4)
    image, _ = _frames(gif)
    board = _rgb(render.board_png(view))
    for k in (0, image.n_frames - 1):
        image.seek(k)
        assert ImageChops.difference(image.convert("RGB"), board).getbbox() is None, k


def test_the_throw_ends_with_the_dice_where_they_came_to_rest() -> None:
    state, flights = _play(2, 6, seed=4)
    view, flight = GAME.public_view(state), flights[-1]
    frames, durations = render.throw_frames(view, flight)
    rest = frames[-2].convert("RGB")  # the dice at rest, the trail still drawn
    assert durations[-2] >= render.REST_MS
    for die in state.board:
        colour = render.colour_of(die.owner, flight.seats)
        cx, cy = _at(die.x, die.y)
        near = [rest.getpixel((cx + dx, cy + dy)) for dx in (-2, 0, 2) for dy in (-2, 0, 2)]
        assert colour in near, die


def test_a_die_knocked_off_is_gone_from_the_throws_last_frames() -> None:
    state, flights = _play(4, 16, seed=3)
    knocked = [f for f in flights if f.off]
    assert knocked, "no die left the board in 16 throws"
    flight = knocked[0]
    assert not set(flight.off) & {d[0] for d in flight.frames[-1].dice}
    assert not set(flight.off) & {d.id for d in state.board}
    frames, durations = render.throw_frames(GAME.public_view(state), flight)
    assert len(frames) == len(durations) <= render.MAX_FRAMES + 3


def test_the_throw_keeps_at_most_max_frames_and_the_last() -> None:
    _, flights = _play(3, 6, seed=2)
    for flight in flights:
        kept = render._kept_frames(flight)
        assert kept[0] == 0 and kept[-1] == len(flight.frames) - 1
        assert len(kept) <= render.MAX_FRAMES + 1
        assert kept == sorted(set(kept))


def test_the_throw_is_the_same_from_empty_caches() -> None:
    view, flight, warm = _played(4, 5, seed=6)
    _empty_the_caches()
    assert render.throw_animation(view, flight) == warm


def test_the_fifth_of_five_players_is_drawn_purple_on_the_board_and_in_the_throw() -> None:
    """5 players: the fifth seat's dice in a fifth colour, far from the box's four."""
    state, flights = _play(5, 5, seed=2)
    view = GAME.public_view(state)
    assert view.seats[4].colour == "purple"
    purple = render.DIE_RGB["purple"]
    others = [render.colour_of(s, view.seats) for s in range(4)]
    assert render.colour_of(4, view.seats) == purple and purple not in others
    assert all(sum(abs(a - b) for a, b in zip(purple, rgb, strict=True)) > 120 for rgb in others)
    x, y = 21.3, 40.0
    view.board = [DieView(id=0, owner=4, face=2, x=x, y=y, angle=0.0, bonus=False,
                          zone=physics.zone(y, 0.0))]
    image = _rgb(render.board_png(view))
    assert image.getpixel(_at(x, y)) == purple  # a 2: no pip in the middle
    fifth = next(f for f in flights if f.seat == 4)
    frames, _ = render.throw_frames(GAME.public_view(state), fifth)
    rest = frames[-2].convert("RGB")  # the fifth seat's throw at rest
    mine = next(d for d in fifth.frames[-1].dice if fifth.owners[d[0]] == 4)
    cx, cy = _at(mine[1], mine[2])
    near = [rest.getpixel((cx + dx, cy + dy)) for dx in (-2, 0, 2) for dy in (-2, 0, 2)]
    assert purple in near
