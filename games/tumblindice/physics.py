"""The flick simulated with pymunk: a top-down 2D board where the drops between tiers are
lines a die tumbles over (its face is thrown again) and the edges are void.

`simulate` takes the dice at rest on the board and one flick, and gives where every die came to
rest (or that it left the board), and frames for the animation. The state keeps the result,
never a seed to simulate again: physics may differ between machines.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pymunk

import games.tumblindice.data as data
from games.rng import Rng


@dataclass
class Die:
    """A die on the board (or just flicked): its owner's seat, its face, where it is."""

    id: int
    owner: int
    face: int
    x: float
    y: float
    angle: float = 0.0
    faces: int = data.FACES


@dataclass
class Outcome:
    dice: list[Die]  # every die still on the board, at rest
    off: list[Die]  # dice that left the board during this flick
    frames: list[list[tuple[int, float, float, float, int]]] = field(default_factory=list)
    # each frame: (die id, x, y, angle, face) of every die still on the board
    tumbles: int = 0
    seconds: float = 0.0


def on_board(x: float, y: float) -> bool:
    """Whether a die whose centre is at (x, y) is still on the board: its centre (its weight)
    is not beside it, past the far edge or over the void around the 4x pockets; a die with a
    corner hanging over an edge stays, as it would on the wooden board. The edges themselves
    are on the board (and in a zone)."""
    if not 0.0 <= x <= data.WIDTH or y < 0.0 or y > data.FAR_EDGE:
        return False
    if y >= data.TIERS[-1].top:
        return any(lo <= x <= hi for lo, hi in data.POCKETS)
    return True


# A die's body-local corners, as pymunk.Poly.create_box gives the shape's vertices (`_body`);
# the shape's small bevel (radius 0.08) is the physics' rounding, not part of the die.
_HALF = data.DIE / 2
_CORNERS = ((_HALF, -_HALF), (_HALF, _HALF), (-_HALF, _HALF), (-_HALF, -_HALF))
ON_LINE = 1e-9  # cm: a corner this close to the line lies on it (rounding, not a crossing)


def corners(x: float, y: float, angle: float) -> list[tuple[float, float]]:
    """The four corners of a die lying with its centre at (x, y), turned by `angle` (radians,
    pymunk's body.angle): the square DIE across, as pymunk's body.local_to_world puts the
    shape's vertices."""
    cos, sin = math.cos(angle), math.sin(angle)
    return [(x + dx * cos - dy * sin, y + dx * sin + dy * cos) for dx, dy in _CORNERS]


def past_line(y: float, angle: float) -> bool:
    """Whether a die lying with its centre at depth `y`, turned by `angle`, has crossed the
    line entirely ("la limite que doivent franchir entièrement les dés"): every one of its
    corners beyond it; a corner on the line is not past it. The line runs right across the
    board, so where across does not matter."""
    return min(cy for _, cy in corners(0.0, y, angle)) > data.LINE + ON_LINE


def tier(y: float) -> int:
    """The multiplier of the terrace under a point at depth `y`: 0 before the 1x tier (the
    launch track, the 0x strip), else its tier's (the far edge belongs to the last tier, as
    `on_board` keeps a die there)."""
    for step in data.TIERS:
        if step.top <= y < step.bottom:
            return step.multiplier
    return data.TIERS[-1].multiplier if y == data.FAR_EDGE else 0


def zone(y: float, angle: float) -> int:
    """What a die resting with its centre at depth `y`, turned by `angle`, scores by: 0 until
    it has crossed the line entirely (`past_line`: all its corners); past it, the multiplier
    of the terrace its centre lies on (`tier`). A die reaching over a drop lies on the upper
    terrace until its centre passes the drop's edge, where it falls and tumbles (`simulate`)."""
    return tier(y) if past_line(y, angle) else 0


def triangular(rng: Rng) -> float:
    """-1 to 1, mostly near 0: a hand's error is mostly small, now and then large."""
    return rng.random() - rng.random()


def speed_for(reach: float) -> float:
    """The speed that slides `reach` centimetres on a flat board (friction alone slows it)."""
    return math.sqrt(2 * data.FRICTION * max(reach, 0.0))


def reach_of(strength: float) -> float:
    """How far a flick of `strength` (0-100) slides on a flat board, without the wobble."""
    return data.REACH_MIN + (data.REACH_MAX - data.REACH_MIN) * strength / 100.0


def launch(position: float, aim: float, strength: float, rng: Rng) -> tuple[float, float, float]:
    """The die's start (x) and velocity (vx, vy) for a flick, with the seeded wobble: the aim
    off by up to AIM_WOBBLE degrees, the reach by up to STRENGTH_WOBBLE of itself."""
    usable = data.WIDTH - 2 * data.LAUNCH_MARGIN
    x = data.LAUNCH_MARGIN + usable * position / 100.0
    wobble_aim = aim + triangular(rng) * data.AIM_WOBBLE
    reach = reach_of(strength) * (1 + triangular(rng) * data.STRENGTH_WOBBLE)
    speed = speed_for(reach)
    radians = math.radians(wobble_aim)
    return x, speed * math.sin(radians), speed * math.cos(radians)


def _space() -> pymunk.Space:
    space = pymunk.Space()
    space.iterations = 10
    space.collision_slop = 0.02  # cm: dice come to rest touching, not inside each other
    space.idle_speed_threshold = data.REST_SPEED
    space.sleep_time_threshold = 0.1  # still dice sleep, and cost nothing until touched
    for x, y in data.PEGS:
        peg = pymunk.Circle(space.static_body, data.PEG_RADIUS, (x, y))
        peg.elasticity, peg.friction = data.PEG_ELASTICITY, data.DIE_FRICTION
        space.add(peg)
    return space


def _body(space: pymunk.Space, die: Die) -> pymunk.Body:
    body = pymunk.Body()
    body.position = (die.x, die.y)
    body.angle = die.angle
    shape = pymunk.Poly.create_box(body, (data.DIE, data.DIE), radius=0.08)
    shape.mass = 1.0
    shape.elasticity, shape.friction = data.DIE_ELASTICITY, data.DIE_FRICTION
    space.add(body, shape)
    return body


# The property setters themselves: a plain `body.velocity = v` first runs pymunk's Python-level
# `__setattr__` (a typing helper), and the step loop below sets a velocity for every moving die
# 120 times a simulated second.
_SET_VELOCITY = pymunk.Body.velocity.fset
_SET_SPIN = pymunk.Body.angular_velocity.fset


def _slow(body: pymunk.Body, dt: float) -> float:
    """Sliding friction: the speed drops by the same amount every step, so a die stops. Gives
    the speed it keeps."""
    vx, vy = body.velocity
    speed = math.hypot(vx, vy)
    if speed > 0.0:
        keep = max(0.0, speed - data.FRICTION * dt) / speed
        vx, vy = vx * keep, vy * keep
        _SET_VELOCITY(body, (vx, vy))
    spin = body.angular_velocity
    if spin:
        _SET_SPIN(body, math.copysign(max(0.0, abs(spin) - data.SPIN_FRICTION * dt), spin))
    return math.sqrt(vx ** 2 + vy ** 2)  # as pymunk's Vec2d.length reads it back


def _tumble(body: pymunk.Body, die: Die, rng: Rng) -> None:
    """A drop down a tier: the die tumbles, shows a new face, loses some speed and turns a
    little (the landing is never quite straight)."""
    die.face = rng.randint(1, die.faces)
    lo, hi = data.DROP_KEEP
    keep = lo + (hi - lo) * rng.random()
    turn = math.radians(triangular(rng) * data.DROP_SCATTER)
    vx, vy = body.velocity
    cos, sin = math.cos(turn), math.sin(turn)
    body.velocity = ((vx * cos - vy * sin) * keep, (vx * sin + vy * cos) * keep)
    body.angular_velocity += triangular(rng) * 6.0


def simulate(board: list[Die], thrown: Die, velocity: tuple[float, float],
             rng: Rng, *, frames: bool = True) -> Outcome:
    """One flick: `thrown` starts on the track with `velocity`; every die moves until all are
    at rest or off the board. The dice at rest sleep until something touches them."""
    space = _space()
    dice = [*board, thrown]
    bodies = {die.id: _body(space, die) for die in dice}
    for die in board:
        bodies[die.id].sleep()
    bodies[thrown.id].velocity = velocity
    by_id = {die.id: die for die in dice}
    last_y = {die.id: die.y for die in dice}
    off: list[Die] = []
    tumbles = 0
    shot: list[list[tuple[int, float, float, float, int]]] = []
    dt = data.TIME_STEP
    steps = int(data.MAX_TIME / dt)
    step = 0
    for step in range(steps):
        space.step(dt)
        moving = False
        for die_id, body in list(bodies.items()):
            if body.is_sleeping:
                continue
            x, y = body.position
            before = last_y[die_id]
            last_y[die_id] = y
            if before != y:
                for drop in data.DROPS:
                    if before < drop <= y:
                        _tumble(body, by_id[die_id], rng)
                        tumbles += 1
                    elif y < drop <= before:  # pushed back up: the step's riser stops it
                        vx, vy = body.velocity
                        body.position = (x, drop)
                        body.velocity = (vx, -vy * data.RISER_BOUNCE)
                        last_y[die_id] = y = drop
            if not on_board(x, y):
                space.remove(body, *body.shapes)
                del bodies[die_id]
                die = by_id[die_id]
                die.x, die.y = x, y
                off.append(die)
                continue
            if _slow(body, dt) >= data.REST_SPEED or abs(body.angular_velocity) >= 0.5:
                moving = True
        if frames and step % data.FRAME_EVERY == 0:
            shot.append([(i, b.position.x, b.position.y, b.angle, by_id[i].face)
                         for i, b in bodies.items()])
        if not moving:
            break
    for die_id, body in bodies.items():
        die = by_id[die_id]
        die.x, die.y, die.angle = body.position.x, body.position.y, body.angle
    if frames:
        shot.append([(i, by_id[i].x, by_id[i].y, by_id[i].angle, by_id[i].face)
                     for i in bodies])
    resting = [by_id[i] for i in bodies]
    return Outcome(dice=resting, off=off, frames=shot, tumbles=tumbles,
                   seconds=(step + 1) * dt)
