"""The flick's physics (work in progress, issue 14): the same flick on the same board with the
same seed gives the same result; every die ends at rest, never inside a peg or another die."""

from __future__ import annotations

import math

from games.rng import Rng
from games.tumblindice import data, physics


def _flick(board: list[physics.Die], k: int, rng: Rng) -> physics.Outcome:
    x, vx, vy = physics.launch(rng.randint(0, 100), rng.randint(-30, 30),
                               rng.randint(0, 100), rng)
    die = physics.Die(id=k, owner=k % 4, face=rng.randint(1, 6), x=x, y=data.LAUNCH_Y)
    return physics.simulate(board, die, (vx, vy), rng)


def _play(seed: int, throws: int) -> list[physics.Outcome]:
    rng, board, outs = Rng.seeded(seed), [], []
    for k in range(throws):
        out = _flick([physics.Die(**vars(d)) for d in board], k, rng)
        board = out.dice[-17:]
        outs.append(out)
    return outs


def test_the_same_flick_on_the_same_board_with_the_same_seed_gives_the_same_result() -> None:
    a, b = _play(3, 30), _play(3, 30)
    assert [[(d.id, d.x, d.y, d.face) for d in o.dice] for o in a] == \
        [[(d.id, d.x, d.y, d.face) for d in o.dice] for o in b]


def test_every_die_ends_at_rest_on_the_board_and_inside_no_peg_or_other_die() -> None:
    for out in _play(5, 60):
        for die in out.dice:
            assert physics.on_board(die.x, die.y)
            for px, py in data.PEGS:
                assert math.hypot(die.x - px, die.y - py) > data.PEG_RADIUS + data.DIE / 2 * 0.9
        for one in out.dice:
            for two in out.dice:
                if one.id < two.id:
                    assert math.hypot(one.x - two.x, one.y - two.y) > data.DIE * 0.9
        assert out.seconds < data.MAX_TIME


def test_the_zones_and_the_line() -> None:
    assert physics.zone(data.LINE) == 0  # on the line: not crossed entirely
    assert physics.zone(data.LINE + data.DIE) == 1
    assert [physics.zone(t.top + 0.5) for t in data.TIERS[1:]] == [2, 3, 4]


def test_the_void_around_the_4x_pockets_is_off_the_board() -> None:
    y = data.TIERS[-1].top + 2
    assert physics.on_board(8.0, y) and not physics.on_board(14.0, y)
    assert not physics.on_board(-0.1, 20) and not physics.on_board(20, data.FAR_EDGE + 0.1)
