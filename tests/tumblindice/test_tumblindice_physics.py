"""The flick's physics: the same flick on the same board with the same seed gives the same
result; every die ends at rest, never inside a peg or another die; and the board plays like the
physical game: a weak flick can stop short of the line, drops make dice tumble, dice get
knocked off, pegs shelter the dice behind them, a die cannot climb back up a step."""

from __future__ import annotations

import math

import pytest

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


def _throw(board: list[physics.Die], flick: tuple[float, float, float],
           seed: int) -> physics.Outcome:
    """One flick (position %, aim, strength %) on a copy of `board`; the thrown die is id 99."""
    rng = Rng.seeded(seed)
    x, vx, vy = physics.launch(*flick, rng)
    thrown = physics.Die(id=99, owner=0, face=1, x=x, y=data.LAUNCH_Y)
    return physics.simulate([physics.Die(**vars(d)) for d in board], thrown, (vx, vy), rng,
                            frames=False)


def _position(x: float) -> float:
    """The track position (%) in line with x (cm)."""
    return (x - data.LAUNCH_MARGIN) / (data.WIDTH - 2 * data.LAUNCH_MARGIN) * 100


def _strength(reach: float) -> float:
    """The strength (%) that slides `reach` cm on a flat board."""
    return (reach - data.REACH_MIN) / (data.REACH_MAX - data.REACH_MIN) * 100


def test_the_same_flick_on_the_same_board_with_the_same_seed_gives_the_same_result() -> None:
    a, b = _play(3, 30), _play(3, 30)
    assert [[(d.id, d.x, d.y, d.face) for d in o.dice] for o in a] == \
        [[(d.id, d.x, d.y, d.face) for d in o.dice] for o in b]
    assert [[d.id for d in o.off] for o in a] == [[d.id for d in o.off] for o in b]


def test_every_die_ends_at_rest_on_the_board_and_inside_no_peg_or_other_die() -> None:
    for out in _play(5, 80):
        for die in out.dice:
            assert physics.on_board(die.x, die.y)
            for px, py in data.PEGS:
                assert math.hypot(die.x - px, die.y - py) > data.PEG_RADIUS + data.DIE / 2 * 0.9
        for one in out.dice:
            for two in out.dice:
                if one.id < two.id:
                    assert math.hypot(one.x - two.x, one.y - two.y) > data.DIE * 0.9
        assert out.seconds < data.MAX_TIME
        last = {i: (x, y) for i, x, y, _, _ in out.frames[-1]}
        before = {i: (x, y) for i, x, y, _, _ in out.frames[-2]} if len(out.frames) > 1 \
            else last
        assert all(math.dist(last[i], before[i]) < 0.2 for i in last)  # stopping at the end


def test_the_zones_and_the_line() -> None:
    assert physics.zone(data.LINE, 0.0) == 0  # on the line: not crossed entirely
    assert physics.zone(data.LINE + data.DIE, 0.0) == 1
    assert [physics.zone(t.top + 0.5, 0.0) for t in data.TIERS[1:]] == [2, 3, 4]
    assert [physics.tier(t.top + 0.5) for t in data.TIERS] == [1, 2, 3, 4]


def test_a_die_whose_centre_is_on_the_board_is_in_a_zone_even_on_the_far_edge() -> None:
    x = sum(data.POCKETS[0]) / 2
    assert physics.on_board(x, data.FAR_EDGE) and physics.zone(data.FAR_EDGE, 0.0) == 4
    assert not physics.on_board(x, data.FAR_EDGE + 0.01)
    for tier in data.TIERS:
        assert physics.zone(tier.bottom - 1e-6, 0.0) == tier.multiplier


def test_the_void_around_the_4x_pockets_is_off_the_board() -> None:
    y = data.TIERS[-1].top + 2
    assert physics.on_board(8.0, y) and not physics.on_board(14.0, y)
    assert not physics.on_board(-0.1, 20) and not physics.on_board(20, data.FAR_EDGE + 0.1)


@pytest.mark.parametrize("strength", [0, 2])
def test_weak_flick_stops_short_of_the_line(strength: int) -> None:
    for seed in range(10):
        out = _throw([], (50, 0, strength), seed)
        (die,) = out.dice
        assert data.TRACK[1] - 2 < die.y < data.LINE  # in the 0x strip
        assert physics.zone(die.y, die.angle) == 0


def test_a_flick_slides_its_reach_on_a_flat_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """Strength is reach: on a board without pegs, a flick of the strength for 20 cm (no drop
    on the way) stops 20 cm on, give or take the wobble (up to 20 % of the reach)."""
    monkeypatch.setattr(data, "PEGS", ())
    ends = [_throw([], (50, 0, _strength(20.0)), seed).dice[0].y for seed in range(20)]
    assert all(abs(y - data.LAUNCH_Y - 20.0) < 20.0 * data.STRENGTH_WOBBLE + 0.5 for y in ends)
    assert abs(sum(ends) / len(ends) - data.LAUNCH_Y - 20.0) < 1.0
    assert max(ends) - min(ends) > 1.0  # the wobble: a flick is skill, not a copied number


def test_dropping_a_tier_tumbles_a_die() -> None:
    x = (data.POCKETS[0][0] + data.POCKETS[0][1]) / 2 + 1
    faces = set()
    for seed in range(12):
        out = _throw([], (_position(x), 0, _strength(30.0)), seed)  # over the first drop
        assert out.tumbles >= 1
        faces.add(out.dice[0].face)
    assert len(faces) >= 4  # a new face each time, not the face it had


def test_dice_get_knocked_off_the_board() -> None:
    """A die in a 4x pocket, flicked at hard straight down its lane (between two pegs):
    knocked off now and then, never reliably (the wobble, the drops' scatter)."""
    lo, hi = data.POCKETS[0]
    target = physics.Die(id=1, owner=1, face=6, x=(lo + hi) / 2, y=data.TIERS[-1].top + 4)
    flick = (_position(target.x), 0, 100)
    knocked = sum(any(d.id == 1 for d in _throw([target], flick, seed).off)
                  for seed in range(40))
    assert 4 <= knocked <= 36, knocked


def test_a_hard_flick_knocks_a_die_further_than_a_soft_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(data, "PEGS", ())
    target = physics.Die(id=1, owner=1, face=6, x=20.0, y=20.0)
    moved = {}
    for strength in (40, 60):
        ends = [next(d for d in _throw([target], (50, 0, strength), seed).dice if d.id == 1).y
                for seed in range(6)]
        moved[strength] = sum(ends) / len(ends) - target.y
    assert 0 < moved[40] < moved[60]


def test_pegs_shelter_a_die_behind_them() -> None:
    """The same straight flicks at a die right behind a peg and at one beside it: the peg takes
    most of the hits."""
    px, py = next((x, y) for x, y in data.PEGS if physics.tier(y) == 2)
    behind = physics.Die(id=1, owner=1, face=6, x=px, y=py + 2.5)
    beside = physics.Die(id=1, owner=1, face=6, x=px + 4.0, y=py + 2.5)

    def hits(die: physics.Die) -> int:
        flick = (_position(die.x), 0, _strength(die.y - data.LAUNCH_Y + 15))
        count = 0
        for seed in range(30):
            out = _throw([die], flick, seed)
            rest = [d for d in out.dice if d.id == 1]
            count += not rest or math.dist((rest[0].x, rest[0].y), (die.x, die.y)) > 0.3
        return count

    sheltered, open_ = hits(behind), hits(beside)
    assert sheltered * 2 < open_, (sheltered, open_)


def test_a_die_pushed_back_cannot_climb_a_step() -> None:
    drop = data.DROPS[0]
    die = physics.Die(id=99, owner=0, face=3, x=20.0, y=drop + 3)
    out = physics.simulate([], die, (0.0, -60.0), Rng.seeded(1), frames=False)
    assert out.dice[0].y >= drop and out.dice[0].face == 3  # stopped by the riser, no tumble
