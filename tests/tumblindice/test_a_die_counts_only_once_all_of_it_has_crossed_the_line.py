"""« La ligne horizontale imprimée sur le plateau de jeu marque la limite que doivent franchir
entièrement les dés pour que leur valeur soit comptabilisée » (tumblin-dice.fr-nl.txt;
docs/rules/tumblindice.md, "The line and the terraces"): a die counts only once all of it is
past the line, its four corners as it lies (its square turned by its angle, as pymunk's body
holds it), not its centre half a side past it: a die turned 45° with a corner still on the
line does not count.

The terraces and the edges are a die's centre's: « chaque dé situé dans la partie 2x » is the
die lying on that terrace, and a die reaching over a drop or an edge lies where its weight is
(the physics drops it, and it tumbles, when its centre passes the edge).
"""

from __future__ import annotations

import math
from typing import Any

import pymunk
import pytest
from PIL import Image

from games.contract import Player
from games.rng import Rng
from games.tumblindice import GAME, data, physics, render, rules
from games.tumblindice.rules import DieState, TumbleState, score_die

HALF = data.DIE / 2
SQUARE_ON = data.LINE + HALF  # turned 0°: its back edge on the line
CORNER_ON = data.LINE + HALF * math.sqrt(2)  # turned 45°: its back corner on the line
ANGLES = [k * math.pi / 24 for k in range(-48, 49)]  # every 7.5°, two turns


def opening(n: int, options: dict[str, Any] | None = None) -> TumbleState:
    names = ["Ann", "Bob", "Cid", "Dee"]
    return GAME.opening([Player(name=names[i]) for i in range(n)], options or {}, 1).state


def lying(y: float, angle: float, *, x: float = 20.0, face: int = 5, owner: int = 0,
          id: int = 0, bonus: bool = False) -> DieState:
    return DieState(id=id, owner=owner, face=face, x=x, y=y, angle=angle, bonus=bonus)


def reach_back(angle: float) -> float:
    """How far a die turned by `angle` reaches back from its centre (half its height)."""
    return HALF * (abs(math.cos(angle)) + abs(math.sin(angle)))


# -- the die's corners ----------------------------------------------------------------------
@pytest.mark.parametrize("angle", [0.0, 0.3, math.pi / 4, -1.2, 2.0, 7.0])
def test_a_dies_corners_are_its_pymunk_shapes_corners_as_it_lies(angle: float) -> None:
    die = physics.Die(id=0, owner=0, face=1, x=11.5, y=30.25, angle=angle)
    body = physics._body(pymunk.Space(), die)
    (shape,) = body.shapes
    assert isinstance(shape, pymunk.Poly)
    pymunks = [body.local_to_world(v) for v in shape.get_vertices()]
    assert len(pymunks) == 4
    ours = physics.corners(die.x, die.y, die.angle)
    for (x, y), v in zip(ours, pymunks, strict=True):
        assert (x, y) == pytest.approx((v.x, v.y), abs=1e-12)


# -- the line: all of the die past it -------------------------------------------------------
@pytest.mark.parametrize("angle", [0.0, math.pi / 2, math.pi, -math.pi / 2])
def test_a_die_square_to_the_line_with_its_back_edge_on_it_does_not_count(angle: float) -> None:
    assert not physics.past_line(SQUARE_ON, angle)
    assert physics.zone(SQUARE_ON, angle) == 0
    assert score_die(lying(SQUARE_ON, angle), {}) == 0


@pytest.mark.parametrize("angle", [math.pi / 4, -math.pi / 4, 3 * math.pi / 4])
def test_a_die_turned_45_degrees_with_a_corner_on_the_line_does_not_count(angle: float) -> None:
    assert not physics.past_line(CORNER_ON, angle)
    assert score_die(lying(CORNER_ON, angle), {}) == 0
    # its centre well over half a side past the line (what counted before): still not past
    assert score_die(lying(SQUARE_ON + 0.3, angle), {}) == 0
    assert score_die(lying(SQUARE_ON + 0.3, 0.0), {}) == 5


def test_a_die_entirely_past_the_line_counts() -> None:
    assert score_die(lying(SQUARE_ON + 0.001, 0.0), {}) == 5
    assert score_die(lying(CORNER_ON + 0.001, math.pi / 4), {}) == 5
    assert score_die(lying(mid(1), math.pi / 4), {}) == 5
    assert score_die(lying(mid(3), 0.4), {}) == 15


@pytest.mark.parametrize("angle", ANGLES)
def test_at_any_angle_a_die_counts_exactly_when_its_last_corner_is_past_the_line(
        angle: float) -> None:
    edge = data.LINE + reach_back(angle)
    assert physics.zone(edge + 1e-6, angle) == 1
    assert physics.zone(edge - 1e-6, angle) == 0
    assert physics.zone(edge, angle) == 0  # a corner (or an edge) on the line
    lowest = min(y for _, y in physics.corners(20.0, edge + 1e-6, angle))
    assert lowest > data.LINE


def test_the_bonus_die_and_the_kids_variant_need_all_of_the_die_past_the_line_too() -> None:
    assert score_die(lying(CORNER_ON, math.pi / 4, bonus=True), {}) == 0
    assert score_die(lying(CORNER_ON, math.pi / 4), {"kids": True}) == 0
    assert score_die(lying(CORNER_ON + 0.01, math.pi / 4, bonus=True), {"kids": True}) == 12


def mid(multiplier: int) -> float:
    tier = next(t for t in data.TIERS if t.multiplier == multiplier)
    return (tier.top + tier.bottom) / 2


# -- in play: the thrown die, the round's end -----------------------------------------------
@pytest.fixture
def land(monkeypatch: pytest.MonkeyPatch) -> Any:
    """`land(x, y, angle)`: the next throw stops there, turned so (the physics replaced)."""
    plan: dict[str, float] = {}

    def fake(board: list[physics.Die], thrown: physics.Die, velocity: tuple[float, float],
             rng: Rng, *, frames: bool = True) -> physics.Outcome:
        thrown.x, thrown.y, thrown.angle = plan["x"], plan["y"], plan["angle"]
        return physics.Outcome(dice=[*board, thrown], off=[])

    def set_plan(x: float, y: float, angle: float) -> None:
        plan.update(x=x, y=y, angle=angle)

    monkeypatch.setattr(rules.physics, "simulate", fake)
    return set_plan


@pytest.mark.parametrize(("y", "angle"), [(SQUARE_ON, 0.0), (CORNER_ON, math.pi / 4),
                                          (SQUARE_ON + 0.3, math.pi / 4)])
def test_a_thrown_die_stopping_with_a_corner_on_the_line_is_taken_off_at_once(
        land: Any, y: float, angle: float) -> None:
    state = opening(3)
    seat = GAME.to_act(state)[0]
    land(20.0, y, angle)
    applied = GAME.apply(state, seat, "flick.50.0.50")
    assert applied.state.board == [] and applied.state.short[seat] == 1
    assert any("stops short of the line and is taken off" in e for e in applied.events)


def test_a_thrown_die_turned_45_degrees_entirely_past_the_line_stays(land: Any) -> None:
    state = opening(3)
    seat = GAME.to_act(state)[0]
    land(20.0, CORNER_ON + 0.01, math.pi / 4)
    applied = GAME.apply(state, seat, "flick.50.0.50")
    assert [d.angle for d in applied.state.board] == [math.pi / 4]
    assert any("stops on 1x" in e for e in applied.events)


def test_a_die_pushed_back_with_a_corner_on_the_line_scores_nothing_at_the_round_end() -> None:
    state = opening(3, {"all_dice_bonus": "10"})
    state.board = [lying(CORNER_ON, math.pi / 4, id=0),
                   *(lying(mid(1), 0.0, x=4.0 * k + 4, id=k, face=1) for k in range(1, 4)),
                   *(lying(mid(1), 0.0, x=4.0 * k + 4, id=10 + k, owner=1, face=1)
                     for k in range(4))]
    before = list(state.totals)
    GAME._score(state, events := [])
    assert [a - b for a, b in zip(state.totals, before, strict=True)] == [3, 4 + 10, 0]
    assert "1 short of the line" in events[1]  # Ann's: and no all-dice bonus for her


def test_the_board_in_words_says_a_die_with_a_corner_on_the_line_is_short_of_it() -> None:
    state = opening(3)
    state.board = [lying(CORNER_ON, math.pi / 4, id=0),
                   lying(CORNER_ON + 0.01, math.pi / 4, id=1, face=2, x=30.0)]
    view = GAME.public_view(state)
    assert [d.zone for d in view.board] == [0, 1]
    text = GAME.describe_public(view)
    assert "2 in zone ×1, 1 die short of the line" in text


# -- the terraces and the edges: where the die's centre is ----------------------------------
@pytest.mark.parametrize("drop", data.DROPS)
def test_a_die_reaching_over_a_drop_lies_on_the_upper_terrace_until_its_centre_passes(
        drop: float) -> None:
    upper = physics.tier(drop - 1)
    assert physics.zone(drop - 0.1, math.pi / 4) == upper  # corners over the drop
    assert physics.zone(drop, math.pi / 4) == upper + 1  # fallen: the lower terrace


def test_a_die_whose_front_is_over_a_drop_does_not_fall_its_centre_past_it_does() -> None:
    """The physics agrees: a die sliding to a stop with its front over the first drop neither
    tumbles nor changes terrace; a little further, its centre passes the edge and it falls."""
    drop = data.DROPS[0]
    ends = {}
    for reach in (3.5, 3.9):
        die = physics.Die(id=1, owner=0, face=3, x=3.0, y=drop - 4.0, angle=math.pi / 4)
        out = physics.simulate([], die, (0.0, physics.speed_for(reach)), Rng.seeded(1),
                               frames=False)
        (rest,) = out.dice
        ends[reach] = (out.tumbles, rest.y, physics.zone(rest.y, rest.angle))
        front = max(y for _, y in physics.corners(rest.x, rest.y, rest.angle))
        assert front > drop
    tumbles, y, zone = ends[3.5]
    assert tumbles == 0 and y < drop and zone == 1
    tumbles, y, zone = ends[3.9]
    assert tumbles == 1 and y >= drop and zone == 2


@pytest.mark.parametrize(("x", "y"), [
    (0.3, 20.0),  # a corner over the left side
    (data.WIDTH - 0.3, 45.0),  # the right side
    (8.0, data.FAR_EDGE - 0.3),  # the far edge of a 4x pocket
    (data.POCKETS[0][1] - 0.3, 58.0),  # a 4x pocket's side, over the void
])
def test_a_die_with_a_corner_over_an_edge_stays_on_the_board_and_scores(x: float,
                                                                         y: float) -> None:
    die = lying(y, math.pi / 4, x=x)
    assert any(not physics.on_board(cx, cy) for cx, cy in physics.corners(x, y, die.angle))
    assert physics.on_board(x, y) and score_die(die, {}) == 5 * physics.tier(y)


def test_a_die_whose_centre_leaves_the_board_is_off() -> None:
    assert not physics.on_board(-0.01, 20.0)
    assert not physics.on_board(8.0, data.FAR_EDGE + 0.01)
    assert not physics.on_board(data.POCKETS[0][1] + 0.01, 58.0)


# -- the picture ----------------------------------------------------------------------------
def test_the_printed_line_ends_at_the_line_so_a_die_clear_of_it_has_crossed_it() -> None:
    """The board lies sideways (the track at the left): the line is a column of the picture,
    ending just short of where data.LINE is drawn, and so is a die's edge there."""
    image: Image.Image = render._board_image(render.SCALE, render.MARGIN, 30)
    column = render.MARGIN + data.LINE * render.SCALE
    assert column == int(column)
    y = render.MARGIN + round(6.5 * render.SCALE)
    assert image.getpixel((int(column) - 1, y)) == render.LINE_RGB
    assert image.getpixel((int(column), y)) != render.LINE_RGB
    assert image.getpixel((int(column) - round(0.24 * render.SCALE), y)) == render.LINE_RGB
    assert render.at(6.5, data.LINE) == (column, render.TITLE_H + y)
