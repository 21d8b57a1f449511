"""The numbers of Tumblin' Dice: the rulebook (tumblin-dice.fr-nl.txt), docs/rules/tumblindice.md.

The board, in centimetres, seen from above: x across (0 at the left edge), y down the board
(0 at the back of the launch track). The tiers are those of docs/rules/tumblindice.md ("The
board"); the pegs' places are ours (reviews say only that some bracket the three 4x pockets).

The tuning (issue 14; figures from bench/bench_tumblindice.py, 1,000 random flicks onto boards
filling up as in a game; the AI against random flicks):
- Friction, not damping: a sliding die loses FRICTION cm/s every second whatever its speed, so
  it stops for good (as felt does) instead of creeping, and a flick's reach is speed^2 / (2
  FRICTION). Strength maps linearly to that reach on a flat board, REACH_MIN 5 cm to REACH_MAX
  80 cm: 0 % from the track (y 4) stops at y ~9, short of the line (12; a die is past it
  with its centre from 12.8 to 13.13 on, as it is turned), so a weak flick is a real risk
  (the old SPEED_MIN always slid ~19 cm), and 100 % flies ~20 cm past the far edge. Random
  flicks: 7 % short, 59 % in 1x-3x, 4 % in 4x, 30 % off.
- The wobble is a hand's: triangular (mostly small, now and then large), the aim up to 4.5
  degrees either way and the reach up to 20 % of itself. With the drops' scatter (below) the
  best lane into a 4x pocket succeeds about half the time on an empty board, the others about
  a fifth: an aiming AI makes ~9.8 points a die against random flicks' ~4.6 (14 is perfect;
  1.5 degrees and 3 % made it 12.5), 23 % of its throws in 4x, 55 % in 3x.
- A drop down a tier is where a die tumbles: a new face, DROP_KEEP 0.85-1.1 of its speed (it
  loses some, and gains some from the fall) and up to DROP_SCATTER 6 degrees off its course;
  this is what makes far targets uncertain. A die pushed back up a step meets its riser and
  bounces off (RISER_BOUNCE) instead of climbing.
- Collisions are lively (die on die restitution 0.72: a struck die leaves with ~86 % of the
  striker's speed, so ~74 % of its remaining reach): a hard flick through a die in a 4x pocket
  knocks it off about one time in five, and the pegs stop straight shots at the dice behind
  them. Knock-offs: ~2 % of random flicks (random flicks rarely hit anything: dice sit mostly
  in 1x-2x, far from the void), 7 % of throws when AI seats aim at each other (about one a
  4-player round). A narrower board (34-36) or narrower pockets did not change those rates
  measurably, so the board keeps the 40 of docs/rules/tumblindice.md ("The board").
- TIME_STEP 1/120 s: at the fastest (~126 cm/s) a die moves ~1 cm a step, less than a peg's
  and a die's combined half-widths (1.4 cm), so nothing tunnels. Dice at rest sleep (pymunk)
  until touched: a flick with 17 dice on the board costs 1.6 ms (p50; p99 6.5 ms).
"""

from __future__ import annotations

from dataclasses import dataclass

WIDTH = 40.0
TRACK = (0.0, 8.0)  # the raised launch track
SHORT = (8.0, 12.0)  # the 0x strip: a die that stops here, short of the line, is taken off
LINE = 12.0  # a die must cross it entirely: all four of its corners beyond it (physics.past_line)


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
AIM_WOBBLE = 4.5  # degrees at most either way (triangular: mostly small)
STRENGTH_WOBBLE = 0.20  # at most this fraction of the flick's reach either way (triangular)
LAUNCH_MARGIN = 2.0  # the track's usable width leaves this much at each side
LAUNCH_Y = 4.0
REACH_MIN, REACH_MAX = 5.0, 80.0  # cm a flick slides on a flat board at 0 % and at 100 %
FRICTION = 100.0  # cm/s^2: sliding friction slows a die by this much, whatever its speed
SPIN_FRICTION = 150.0  # rad/s^2: the same for its turning (a flat die stops spinning fast)
DROP_KEEP = (0.85, 1.1)  # a die dropping a tier leaves with this share of its speed (uniform)
DROP_SCATTER = 6.0  # ... and its course turns by up to this many degrees (triangular)
RISER_BOUNCE = 0.3  # a die pushed back up into a step's riser bounces off with this share
DIE_ELASTICITY = 0.85  # pymunk multiplies the two shapes': die on die 0.72
PEG_ELASTICITY = 0.8  # die on peg 0.68
DIE_FRICTION = 0.3
REST_SPEED = 0.5  # slower than this, a die is at rest
TIME_STEP = 1 / 120
MAX_TIME = 12.0  # seconds simulated at most
FRAME_EVERY = 4  # steps between two frames of the animation (30 frames a second)

FACES = 6
GOAL = 301
COLOURS = ("red", "blue", "green", "yellow", "purple")  # the box's four, then a fifth
BOX_COLOURS = 4  # the box's colours: COLOURS[:4]
DICE_PER_COLOUR = (5, 5, 4, 4)  # 18 dice: 5 + 5 + 4 + 4
# How many dice of each colour there are: the box's (rulebook: "18 dés dans 4 couleurs
# (5+5+4+4)"), and purple, not in the box, a fifth player's set of 4 ("Avec d'autres dés de
# couleurs, il est possible de jouer avec encore plus de joueurs").
DICE_OF = {**dict(zip(COLOURS[:BOX_COLOURS], DICE_PER_COLOUR, strict=True)), "purple": 4}
# The box's colours in pairs of a five and a four: a seat that needs more dice than there are
# of its own colour goes on with its pair's, and a bonus die is of its pair's colour
# (scoring.dice_colours). At 4 and 6 players these are the teams' two colours.
PAIR = {"red": "green", "green": "red", "blue": "yellow", "yellow": "blue"}


def colour(seat: int, seats: int) -> str:
    """A seat's own colour at a table of `seats` (its first dice; scoring.dice_colours gives
    every die's): the box's four by seat % 4 (a one_each team is one colour), and at 5
    (everyone alone) the fifth seat purple, dice of another colour as the rulebook allows."""
    return COLOURS[seat] if seats == len(COLOURS) else COLOURS[seat % BOX_COLOURS]
