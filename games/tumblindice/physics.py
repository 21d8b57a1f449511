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

from games.rng import Rng
from games.tumblindice import data


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
    """Whether a centre at (x, y) is over the board: not beside it, not past the far edge, not
    in the void around the 4x pockets."""
    if not 0.0 <= x <= data.WIDTH or y < 0.0 or y > data.FAR_EDGE:
        return False
    if y >= data.TIERS[-1].top:
        return any(lo <= x <= hi for lo, hi in data.POCKETS)
    return True


def zone(y: float) -> int:
    """The multiplier where a die rests: 0 short of the line, else its tier's."""
    if y < data.LINE + data.DIE / 2:
        return 0
    for tier in data.TIERS:
        if tier.top <= y < tier.bottom:
            return tier.multiplier
    return 0


def launch(position: float, aim: float, strength: float, rng: Rng) -> tuple[float, float, float]:
    """The die's start (x) and velocity (vx, vy) for a flick, with the seeded wobble."""
    usable = data.WIDTH - 2 * data.LAUNCH_MARGIN
    x = data.LAUNCH_MARGIN + usable * position / 100.0
    wobble_aim = aim + (rng.random() * 2 - 1) * data.AIM_WOBBLE
    power = strength / 100.0 * (1 + (rng.random() * 2 - 1) * data.STRENGTH_WOBBLE)
    speed = data.SPEED_MIN + (data.SPEED_MAX - data.SPEED_MIN) * max(0.0, min(power, 1.05))
    radians = math.radians(wobble_aim)
    return x, speed * math.sin(radians), speed * math.cos(radians)


def _space() -> pymunk.Space:
    space = pymunk.Space()
    space.damping = data.FRICTION_DAMPING
    space.iterations = 10
    for x, y in data.PEGS:
        peg = pymunk.Circle(space.static_body, data.PEG_RADIUS, (x, y))
        peg.elasticity, peg.friction = 0.5, 0.4
        space.add(peg)
    return space


def _body(space: pymunk.Space, die: Die) -> pymunk.Body:
    body = pymunk.Body()
    body.position = (die.x, die.y)
    body.angle = die.angle
    shape = pymunk.Poly.create_box(body, (data.DIE, data.DIE), radius=0.08)
    shape.mass = 1.0
    shape.elasticity, shape.friction = 0.4, 0.5
    space.add(body, shape)
    return body


def simulate(board: list[Die], thrown: Die, velocity: tuple[float, float],
             rng: Rng, *, frames: bool = True) -> Outcome:
    """One flick: `thrown` starts on the track with `velocity`; every die moves until all are
    at rest or off the board."""
    space = _space()
    dice = [*board, thrown]
    bodies = {die.id: _body(space, die) for die in dice}
    bodies[thrown.id].velocity = velocity
    by_id = {die.id: die for die in dice}
    off: list[Die] = []
    tumbles = 0
    shot: list[list[tuple[int, float, float, float, int]]] = []
    steps = int(data.MAX_TIME / data.TIME_STEP)
    step = 0
    for step in range(steps):
        before = {i: b.position.y for i, b in bodies.items()}
        space.step(data.TIME_STEP)
        for die_id, body in list(bodies.items()):
            die = by_id[die_id]
            x, y = body.position
            if any(before[die_id] < drop <= y for drop in data.DROPS):
                die.face = rng.randint(1, die.faces)  # it tumbles down a level
                tumbles += 1
            if not on_board(x, y):
                space.remove(body, *body.shapes)
                del bodies[die_id]
                die.x, die.y = x, y
                off.append(die)
        if frames and step % data.FRAME_EVERY == 0:
            shot.append([(i, b.position.x, b.position.y, b.angle, by_id[i].face)
                         for i, b in bodies.items()])
        if all(b.velocity.length < data.REST_SPEED and abs(b.angular_velocity) < 0.5
               for b in bodies.values()):
            break
    for die_id, body in bodies.items():
        die = by_id[die_id]
        die.x, die.y, die.angle = body.position.x, body.position.y, body.angle
    if frames:
        shot.append([(i, by_id[i].x, by_id[i].y, by_id[i].angle, by_id[i].face)
                     for i in bodies])
    resting = [by_id[i] for i in bodies]
    return Outcome(dice=resting, off=off, frames=shot, tumbles=tumbles,
                   seconds=(step + 1) * data.TIME_STEP)
