"""The numbers of Tumblin' Dice: the rulebook (tumblin-dice.fr-nl.txt) and DECISIONS.md.

The board, in centimetres, seen from above: x across (0 at the left edge), y down the board
(0 at the back of the launch track). DECISIONS gives the tiers; the pegs' places are ours
(reviews say only that some bracket the three 4x pockets).
"""

from __future__ import annotations

from dataclasses import dataclass

WIDTH = 40.0
TRACK = (0.0, 8.0)  # the raised launch track
SHORT = (8.0, 12.0)  # the 0x strip: a die that stops here, short of the line, is taken off
LINE = 12.0  # a die must cross it entirely (its centre beyond LINE + DIE / 2)


@dataclass(frozen=True)
class Tier:
    top: float
    bottom: float
    multiplier: int


TIERS = (
    Tier(12.0, 28.0, 1),  # 16 deep
    Tier(28.0, 42.0, 2),  # 14 deep, one drop down
    Tier(42.0, 54.0, 3),  # 12 deep
    Tier(54.0, 64.0, 4),  # 10 deep: three pockets, the rest is void
)
DROPS = (28.0, 42.0, 54.0)  # crossing one, a die tumbles: its face is thrown again
FAR_EDGE = 64.0
POCKET_WIDTH = 8.0
POCKETS = ((4.0, 12.0), (16.0, 24.0), (28.0, 36.0))  # x ranges of the 4x pockets
DIE = 1.6  # across
PEG_RADIUS = 0.6
PEGS = (  # 10 pegs on the lower tiers; four bracket the pockets' mouths
    (10.0, 33.0), (20.0, 36.0), (30.0, 33.0),
    (6.0, 47.0), (15.0, 49.0), (25.0, 49.0), (34.0, 47.0),
    (14.0, 56.0), (26.0, 56.0), (20.0, 61.0),
)

# The flick: where on the track (0-100 % of its width), the aim (degrees off straight down
# the board), the strength (0-100 %). A seeded wobble on aim and strength makes it skill.
POSITION_RANGE = (0, 100)
AIM_RANGE = (-30, 30)
STRENGTH_RANGE = (0, 100)
AIM_WOBBLE = 1.5  # degrees, uniform either way
STRENGTH_WOBBLE = 0.03  # a fraction of the strength, either way
LAUNCH_MARGIN = 2.0  # the track's usable width leaves this much at each side
LAUNCH_Y = 4.0
SPEED_MIN, SPEED_MAX = 20.0, 95.0  # cm/s at 0 % and at 100 %
FRICTION_DAMPING = 0.35  # the velocity kept after one second of sliding (felt, not ice)
REST_SPEED = 0.5  # slower than this, a die is at rest
TIME_STEP = 1 / 60
MAX_TIME = 12.0  # seconds simulated at most
FRAME_EVERY = 2  # steps between two frames of the animation (30 frames a second)

FACES = 6
GOAL = 301
COLOURS = ("red", "blue", "green", "yellow")
DICE_PER_COLOUR = (5, 5, 4, 4)  # 18 dice: 5 + 5 + 4 + 4
