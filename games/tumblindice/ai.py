"""The AI seat: it aims like a good player, not a perfect one. It tries candidate flicks on a
copy of the board (the physics with a forked generator, so the game's own dice are untouched)
and throws the one worth most on average; the physics' wobble still applies to its throw.

Candidates come from where a player would aim: into the three 4x pockets (straight down a lane
or leaning in past the pegs), onto the 3x tier, through the opponents' best dice (to knock them
off), just in front of its own best dice (to shelter them), and just behind the pegs (to hide).
Each is turned into a flick by `aim_at`, the physics' sliding inverted (reach = speed^2 / (2
friction), a drop keeping the mean of DROP_KEEP of the speed), simulated once (the coarse
pass), and the best few are simulated again with other wobbles (the fine pass): the best
average wins, as a player learns what their own hand does.

A board is worth, for the seat's team: its dice's points minus the opponents' (the mean over
the opposing teams), each die's face taken as known while it stays in its zone and as the
expected face when it tumbled or was just thrown; dice knocked off count negative in that
variant. So it never knocks its own team's dice off on purpose: that only loses their worth,
and it aims only at the other side's dice. A die in the open is discounted by the throws still
to come from the other side; a die with a peg or a die just in front of it is sheltered. The
bonus die (2 players) is thrown when the best flick would put it somewhere worth most of a 4x
(or when only it is left).

A decision costs 68-90 simulations (fewer as the board fills): p50 ~70 ms (bench).
"""

from __future__ import annotations

import math

import games.tumblindice.data as data
import games.tumblindice.physics as physics
from games.contract import Game
from games.rng import Rng
from games.tumblindice.state import TumbleState

USABLE = data.WIDTH - 2 * data.LAUNCH_MARGIN
SHELTER_AHEAD = 9.0  # a blocker this far in front of a die (cm) shelters it
SHELTER_ACROSS = 1.5  # ... and this close across
RISK_PER_THROW = 0.05  # the chance one opposing throw knocks an open die off
SHELTERED = 0.3  # how much of that risk a sheltered die still runs
RISK_CAP = 0.5
BONUS_SHARE = 0.8  # the bonus die is thrown for this share of a sure 4x, or more
SIMULATIONS = 70  # a decision's simulations with a full board (~1.2 ms each); more when empty
FINE = 6  # candidates simulated again in the fine pass
FINE_SAMPLES = 5  # extra wobbles each: the choice is the best average, as a player learns
# how their own hand wobbles


def choose(game: Game[TumbleState], state: TumbleState, seat: int, rng: Rng) -> str:
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
    """The action id, every number a whole one inside its range (never an illegal flick)."""
    numbers = [min(max(int(v), lo), hi) for v, (lo, hi) in
               zip(flick, (data.POSITION_RANGE, data.AIM_RANGE, data.STRENGTH_RANGE),
                   strict=True)]
    return f"{kind}.{numbers[0]}.{numbers[1]}.{numbers[2]}"


def _coarse_budget(dice: int) -> int:
    """Simulations of the coarse pass (one each): a flick costs ~0.3 ms on an empty board and
    ~1.2 ms with 17 dice, so the budget shrinks as the board fills."""
    full = SIMULATIONS * 1.2 / (0.3 + 0.055 * dice)
    return max(24, min(90, int(full))) - FINE * FINE_SAMPLES


def reach_for(distance: float, crossings: list[float]) -> float:
    """The flat-board reach (cm) a die needs to slide `distance` along its course when it drops
    a tier after each of `crossings` (cm along the course, in order): friction takes the same
    speed squared per centimetre, a drop keeps the mean of DROP_KEEP of the speed."""
    keep = sum(data.DROP_KEEP) / 2
    need = 0.0  # speed squared / (2 friction), after the last crossing
    end = distance
    for at in reversed(crossings):
        need = (need + end - at) / keep ** 2
        end = at
    return need + end


def aim_at(x0: float, tx: float, ty: float) -> Flick | None:
    """The flick from track position x0 (cm) that slides to (tx, ty), ignoring collisions and
    the wobble; None when the aim or the strength is out of range."""
    dy = ty - data.LAUNCH_Y
    if dy <= 0:
        return None
    aim = math.degrees(math.atan2(tx - x0, dy))
    if not data.AIM_RANGE[0] <= aim <= data.AIM_RANGE[1]:
        return None
    stretch = 1 / math.cos(math.radians(aim))  # course length per centimetre down the board
    crossings = [(drop - data.LAUNCH_Y) * stretch for drop in data.DROPS if drop < ty]
    reach = reach_for(dy * stretch, crossings)
    strength = (reach - data.REACH_MIN) / (data.REACH_MAX - data.REACH_MIN) * 100
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
    value = {d.id: physics.zone(d.y, d.angle) * d.face * (2 if d.bonus else 1)
             for d in state.board}
    theirs = sorted((d for d in state.board if state.teams[d.owner] != mine),
                    key=lambda d: -value[d.id])
    ours = sorted((d for d in state.board if state.teams[d.owner] == mine),
                  key=lambda d: -value[d.id])
    pocket_y = (data.TIERS[-1].top + data.FAR_EDGE) / 2
    for lo, hi in data.POCKETS:  # into the 4x pockets: down the lanes, or leaning in
        for x in ((lo + hi) / 2, lo + 2.0, hi - 2.0):
            found = _towards(x, pocket_y)
            first += found[:1]
            rest += found[1:]
    for die in theirs[:3]:  # knock them off: aim through them, hard
        if value[die.id] > 0:
            for depth in (12.0, 5.0):
                found = _towards(die.x, die.y + depth)
                first += found[:1]
                rest += found[1:]
    for die in ours[:2]:  # shelter them: stop just in front
        if value[die.id] >= 6:
            found = _towards(die.x, die.y - data.DIE * 1.6)
            first += found[:1]
            rest += found[1:]
    behind = data.PEG_RADIUS + data.DIE / 2 + 0.4
    for px, py in data.PEGS:  # hide behind a peg, coming in from either side
        if physics.tier(py) >= 2:
            for side in (-1, 1):
                rest += _towards(px, py + behind, lean=side * 2.0)[1:]
    tier = data.TIERS[2]  # the 3x tier, and the 2x tier's far end
    for x in (4.0, 12.0, 20.0, 28.0, 36.0):
        first += _towards(x, (tier.top + tier.bottom) / 2)[:1]
        rest += _towards(x, data.TIERS[1].bottom - 3.0)[:1]
    for _ in range(6):  # and a few blind ones
        rest.append((rng.randint(0, 100), rng.randint(-15, 15), rng.randint(30, 80)))
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
        self.before = {d.id: (physics.zone(d.y, d.angle), d.face, d.bonus) for d in state.board}
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
            mult = physics.zone(die.y, die.angle)
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
                    and physics.zone(other.y, other.angle) > 0:
                return True
        return False
