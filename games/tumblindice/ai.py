"""The AI seat: it aims. It tries candidate flicks on a copy of the board (the physics with a
forked generator, so the game's own dice are untouched) and throws the one worth most.

Candidates come from where a player would aim: down the lanes into the three 4x pockets, onto
the 3x and 2x tiers, straight at the opponents' best dice (to knock them off), and just in
front of its own best dice (to shelter them). Each is turned into a flick with the sliding
model of the physics (a die slides v / ln(1 / damping) centimetres), simulated once (the coarse
pass), and the best few are simulated again with other wobbles (the fine pass); the average
wins.

A board is worth, for the seat's team: its dice's points minus the opponents' (the mean over
the opposing teams), each die's face taken as known while it stays in its zone and as the
expected face when it tumbled or was just thrown; dice knocked off count negative in that
variant. A die in the open is discounted by the throws still to come from the other side; a
die with a peg or a die just in front of it is sheltered. The bonus die (2 players) is thrown
when the best flick would put it somewhere worth most of a 4x (or when only it is left).

A decision costs about 15-25 simulations: under ~200 ms with a full board (bench).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from games.rng import Rng
from games.tumblindice import data, physics

if TYPE_CHECKING:
    from games.tumblindice.rules import TumbleState, TumblinDice

SLIDE = math.log(1 / data.FRICTION_DAMPING)  # speed lost per centimetre slid (1/s)
USABLE = data.WIDTH - 2 * data.LAUNCH_MARGIN
SHELTER_AHEAD = 9.0  # a blocker this far in front of a die (cm) shelters it
SHELTER_ACROSS = 1.5  # ... and this close across
RISK_PER_THROW = 0.05  # the chance one opposing throw knocks an open die off
SHELTERED = 0.3  # how much of that risk a sheltered die still runs
RISK_CAP = 0.5
BONUS_SHARE = 0.8  # the bonus die is thrown for this share of a sure 4x, or more
FINE = 3  # candidates simulated again in the fine pass
FINE_SAMPLES = 2  # extra wobbles each


def choose(game: TumblinDice, state: TumbleState, seat: int, rng: Rng) -> str:
    """A flick id for `seat` (it must be the seat to act)."""
    if seat not in game.to_act(state):
        raise ValueError("not this seat's turn")
    sim = rng.fork()
    can_flick = state.left[seat] > 0
    can_bonus = bool(state.bonus_left) and state.bonus_left[seat] > 0
    ctx = _Context(state, seat)
    candidates = _candidates(state, seat, sim)
    budget = _coarse_budget(len(state.board))
    if len(candidates) > budget:
        keep = candidates[:budget // 2]
        rest = candidates[budget // 2:]
        sim.shuffle(rest)
        candidates = keep + rest[:budget - len(keep)]
    scored = []
    for flick in candidates:
        normal, bonus = ctx.value(_simulate(state, seat, flick, sim))
        scored.append([flick, [normal], [bonus]])
    key_normal = lambda c: sum(c[1]) / len(c[1])  # noqa: E731
    key_bonus = lambda c: sum(c[2]) / len(c[2])  # noqa: E731
    pools = []
    if can_flick:
        pools.append(key_normal)
    if can_bonus:
        pools.append(key_bonus)
    fine: list[list] = []
    for key in pools:
        for c in sorted(scored, key=key, reverse=True)[:FINE]:
            if all(c is not f for f in fine):
                fine.append(c)
    for c in fine:
        for _ in range(FINE_SAMPLES):
            normal, bonus = ctx.value(_simulate(state, seat, c[0], sim))
            c[1].append(normal)
            c[2].append(bonus)
    best_normal = max(fine, key=key_normal) if can_flick else None
    best_bonus = max(fine, key=key_bonus) if can_bonus else None
    if best_bonus is not None and (
            best_normal is None
            or key_bonus(best_bonus) - key_normal(best_bonus) >= BONUS_SHARE * ctx.sure_4x):
        return _flick_id("bonus", best_bonus[0])
    assert best_normal is not None
    return _flick_id("flick", best_normal[0])


Flick = tuple[int, int, int]  # position %, aim degrees, strength %


def _flick_id(kind: str, flick: Flick) -> str:
    return f"{kind}.{flick[0]}.{flick[1]}.{flick[2]}"


def _coarse_budget(dice: int) -> int:
    """Simulations of the coarse pass: a full board costs ~9 ms a simulation, an empty ~1."""
    return max(12, min(30, int(130 / (1.5 + 0.45 * dice))) - FINE * FINE_SAMPLES)


def aim_at(x0: float, tx: float, ty: float) -> Flick | None:
    """The flick from track position x0 (cm) that slides to (tx, ty), ignoring collisions;
    None when the aim is out of range."""
    dy = ty - data.LAUNCH_Y
    if dy <= 0:
        return None
    aim = math.degrees(math.atan2(tx - x0, dy))
    if not data.AIM_RANGE[0] <= aim <= data.AIM_RANGE[1]:
        return None
    distance = math.hypot(tx - x0, dy)
    speed = distance * SLIDE + data.REST_SPEED
    strength = (speed - data.SPEED_MIN) / (data.SPEED_MAX - data.SPEED_MIN) * 100
    if not data.STRENGTH_RANGE[0] <= strength <= data.STRENGTH_RANGE[1]:
        return None
    position = (x0 - data.LAUNCH_MARGIN) / USABLE * 100
    if not data.POSITION_RANGE[0] <= position <= data.POSITION_RANGE[1]:
        return None
    return round(position), round(aim), round(strength)


def _track(x: float) -> float:
    return min(max(x, data.LAUNCH_MARGIN), data.WIDTH - data.LAUNCH_MARGIN)


def _towards(tx: float, ty: float, *, lean: float = 0.0) -> list[Flick]:
    """Flicks to (tx, ty): straight from the track in line with it, and leaning in from a
    little to the side (around a blocker)."""
    found = []
    for x0 in (_track(tx), _track(tx - 6.0 - lean), _track(tx + 6.0 + lean)):
        flick = aim_at(x0, tx, ty)
        if flick is not None and flick not in found:
            found.append(flick)
    return found


def _candidates(state: TumbleState, seat: int, rng: Rng) -> list[Flick]:
    """The most promising first (the coarse pass keeps them), the rest sampled."""
    first: list[Flick] = []
    rest: list[Flick] = []
    mine = state.teams[seat]
    value = {d.id: physics.zone(d.y) * d.face * (2 if d.bonus else 1) for d in state.board}
    theirs = sorted((d for d in state.board if state.teams[d.owner] != mine),
                    key=lambda d: -value[d.id])
    ours = sorted((d for d in state.board if state.teams[d.owner] == mine),
                  key=lambda d: -value[d.id])
    pocket_y = (data.TIERS[-1].top + data.FAR_EDGE) / 2
    for lo, hi in data.POCKETS:  # straight down the lanes into the 4x pockets
        mid = (lo + hi) / 2
        for x in (lo + 2.0, hi - 2.0, mid):
            flick = aim_at(x, x, pocket_y)
            if flick is not None:
                first.append(flick)
    for die in theirs[:3]:  # knock them off: aim through them
        if value[die.id] > 0:
            first += [f for f in (aim_at(_track(die.x), die.x, die.y + 10.0),
                                  aim_at(_track(die.x), die.x, die.y + 4.0)) if f]
            rest += _towards(die.x, die.y + 8.0)
    for die in ours[:2]:  # shelter them: stop just in front
        if value[die.id] >= 6:
            first += _towards(die.x, die.y - data.DIE * 1.6)[:1]
            rest += _towards(die.x, die.y - data.DIE * 1.6)[1:]
    for tier in data.TIERS[:-1]:  # somewhere on the lower tiers
        for x in (3.0, 11.0, 20.0, 29.0, 37.0):
            rest += _towards(x, tier.bottom - 3.0)[:1]
    for _ in range(6):  # and a few blind ones
        rest.append((rng.randint(0, 100), rng.randint(-15, 15), rng.randint(30, 60)))
    seen: set[Flick] = set()
    ordered = []
    for flick in first + rest:
        if flick not in seen:
            seen.add(flick)
            ordered.append(flick)
    return ordered


def _simulate(state: TumbleState, seat: int, flick: Flick,
              rng: Rng) -> tuple[list[physics.Die], list[physics.Die], int]:
    faces = int(state.options.get("faces") or data.FACES)
    x, vx, vy = physics.launch(*flick, rng)
    thrown = physics.Die(id=-1, owner=seat, face=1, x=x, y=data.LAUNCH_Y, faces=faces)
    board = [physics.Die(id=d.id, owner=d.owner, face=d.face, x=d.x, y=d.y, angle=d.angle,
                         faces=faces) for d in state.board]
    out = physics.simulate(board, thrown, (vx, vy), rng, frames=False)
    return out.dice, out.off, thrown.id


class _Context:
    """What a board is worth to the seat's team, with the throws still to come."""

    def __init__(self, state: TumbleState, seat: int) -> None:
        self.state = state
        self.team = state.teams[seat]
        self.opposing = max(1, len(set(state.teams)) - 1)
        faces = int(state.options.get("faces") or data.FACES)
        self.expected = (faces + 1) / 2
        self.kids = bool(state.options.get("kids"))
        self.negative = bool(state.options.get("negative"))
        self.before = {d.id: (physics.zone(d.y), d.face, d.bonus) for d in state.board}
        # the throws left after this one, ours and the other side's
        ours = theirs = 0
        for s, left in enumerate(state.left):
            extra = state.bonus_left[s] if state.bonus_left else 0
            if state.teams[s] == self.team:
                ours += left + extra
            else:
                theirs += left + extra
        self.ours_after = max(0, ours - 1)
        self.theirs_after = theirs
        self.sure_4x = self._points(4, self.expected, False)

    def _points(self, mult: int, face: float, bonus: bool) -> float:
        if mult == 0:
            return 0.0
        value = face + mult if self.kids else face * mult
        return 2 * value if bonus else value

    def value(self, outcome: tuple[list[physics.Die], list[physics.Die], int]) -> \
            tuple[float, float]:
        """(the board's worth with the thrown die a plain die, with it the bonus die)."""
        dice, off, thrown_id = outcome
        total = 0.0
        thrown_worth = 0.0
        for die in dice:
            mult = physics.zone(die.y)
            if mult == 0:
                continue
            was = self.before.get(die.id)
            face = die.face if was is not None and was[0] == mult else self.expected
            bonus = was is not None and was[2]
            worth = self._points(mult, face, bonus)
            mine = self.state.teams[die.owner] == self.team
            threats = self.theirs_after if mine else self.ours_after
            risk = RISK_PER_THROW * threats * (SHELTERED if self._sheltered(die, dice) else 1)
            worth *= 1 - min(RISK_CAP, risk)
            if die.id == thrown_id:
                thrown_worth = worth
            total += worth if mine else -worth / self.opposing
        if self.negative:
            for die in off:
                face = self.expected if die.id == thrown_id else die.face
                mine = self.state.teams[die.owner] == self.team
                total += -face if mine else face / self.opposing
        return total, total + thrown_worth

    @staticmethod
    def _sheltered(die: physics.Die, dice: list[physics.Die]) -> bool:
        for px, py in data.PEGS:
            if 0 < die.y - py < SHELTER_AHEAD and abs(px - die.x) < SHELTER_ACROSS:
                return True
        for other in dice:
            if other is not die and 0 < die.y - other.y < SHELTER_AHEAD \
                    and abs(other.x - die.x) < SHELTER_ACROSS \
                    and physics.zone(other.y) > 0:
                return True
        return False
