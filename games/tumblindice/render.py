"""Pictures of Tumblin' Dice, drawn from the views only: the board seen from above, to scale,
laid sideways, and one throw as an animation.

The board (data.py, in centimetres: x across it, y down it) is drawn at SCALE px a centimetre
and turned a quarter so that it lies across the picture (`at`): the raised launch track at the
left, the 0x strip with the line, the tiers 1x to 4x going right (each drop a step with its
shadow on the tier beyond), the three 4x pockets at the right with the void around them, the
pegs, and every die where it lies, turned by its angle, in its own colour (the views give each
die's: a player may hold two, as one of each team of three does; the fifth of 5 players is
purple), its face as pips (1-6) or as a number (d8-d20), a bonus die ringed in gold. It is the
board as the thrower sees it from the track, turned a quarter: the track's left edge (0 %) at
the top, a flick aimed to the right goes down the picture. The printed line is drawn just short
of data.LINE, so a die clear of the drawn line has crossed it entirely.

Under the board, a panel: players alone each have a row (their colour, name, dice still to
throw, their last round's points or rounds won, their total); teams each have a column (its
points, then each of its players with the dice still to throw, in their colours). The title
bar says whose turn it is, the goal, the winners.

What never changes within a game (the frame, the board, the panel's empty blocks for its
teams) is a Backdrop drawn once per process per team layout; a render draws on a
games.drawing.Canvas only the dice and the panel's words. A die is a sprite per colour, face,
bonus and angle (to 5 degrees, turned modulo a quarter: a square looks the same), kept.

A throw's board (`throw_animation`) is the same board animated, the same size: the Flight's
frames (at most MAX_FRAMES) drawn on it, then the board after the throw, played once, as a GIF
on the board's palette. It is the channel's one message for the throw, so its first frame is
the board too: a client that does not animate shows the board as it is now.

Discord shows a picture shrunk to fit about 500 x 350 px: the picture is wider than tall at
every team layout (2 to 16 players), and no text on it is smaller than LEAST px, which is 11
px in that preview for the tallest layout.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import Image, ImageDraw

import games.tumblindice.data as data
from games.drawing import (
    RGB,
    Backdrop,
    Canvas,
    Sprite,
    animated_gif,
    blend,
    ellipsize,
    font,
    image_and_png,
    least_font_px,
    picture_cache,
    text,
    text_length,
)
from games.i18n import _, ngettext, pgettext
from games.pictures.colours import (
    BLACK,
    DIM,
    GOLD,
    INK,
    LIGHT,
    PANEL,
    WHITE,
    edge_of,
    fixed_palette,
    ink_on,
)
from games.pictures.lettering import Lettering, player_name
from games.pictures.sprites import SS, Supersampled
from games.tumblindice.scoring import joined
from games.tumblindice.views import Flight, PublicView, SeatView, TeamView

FRAME: RGB = (32, 36, 46)  # around the board: the void too
ROW: RGB = (62, 71, 92)  # a team's block
ROW_EDGE: RGB = (84, 95, 122)
TURN_ROW: RGB = (92, 82, 46)  # the player to throw
WIN_ROW: RGB = (120, 98, 34)  # the winners' blocks

TRACK: RGB = (150, 102, 58)  # the raised launch track, wood
TRACK_GRAIN: RGB = (136, 90, 50)
TRACK_LIP: RGB = (186, 138, 88)
SHORT: RGB = (190, 186, 174)  # the 0x strip
TIER_RGB: dict[int, RGB] = {
    1: (240, 228, 200),
    2: (226, 210, 172),
    3: (211, 191, 149),
    4: (197, 172, 126),
}
TRACK_INK = TIER_RGB[1]  # the 0% and 100% printed on the track
LINE_RGB: RGB = (150, 30, 34)
PEG: RGB = (112, 70, 36)
PEG_EDGE: RGB = (66, 40, 20)
PEG_SHINE: RGB = (160, 112, 66)

DIE_RGB: dict[str, RGB] = {
    "red": (206, 44, 44),
    "blue": (44, 96, 206),
    "green": (36, 146, 70),
    "yellow": (244, 204, 44),
    "purple": (142, 58, 176),  # the fifth player's (5 players), not in the box
}

SCALE = 12  # px a centimetre on the board picture
MARGIN = 10  # px of void around the board
BOARD_W = round(data.FAR_EDGE * SCALE)  # 768: down the board, from the track to the pockets
BOARD_H = round(data.WIDTH * SCALE)  # 480: across it
WIDTH = BOARD_W + 2 * MARGIN  # 788
TITLE_H = 40
PANEL_Y = TITLE_H + BOARD_H + 2 * MARGIN  # 540
X0, X1 = MARGIN, WIDTH - MARGIN  # the panel's blocks
PANEL_PAD = 8  # px above and below the panel's blocks
SOLO_H = 28  # a player alone: one row
ROW_GAP = 3  # between two players' rows
HEAD_H = 34  # a team's points, above its players
SEAT_H = 30  # a player's line in a team
COL_GAP = 8  # between two teams' columns
COLUMNS = 4  # teams side by side at most
NAME_W = 280  # a player alone: the name, before their dice
CHIP = 20  # a player's colour, a small die
PIP_SIZE = 15  # a die still to throw, in the panel
PIP_STEP = PIP_SIZE + 4
BONUS_STEP = PIP_SIZE + 8
TIER_LABEL = 30  # the tiers' printed multipliers, px
ANGLE_STEP = 5  # degrees: the dice's angles are drawn to this

MAX_FRAMES = 40  # frames of a throw kept at most
FIRST_MS = 100  # the board before the throw starts (browsers show nothing shorter)
FRAME_MS = 60  # each frame shown this long (a little faster than life at 2 kept in 3)
REST_MS = 800  # the dice at rest, the trail still drawn
HOLD_MS = 10_000  # the board at the end (played once; a client that loops waits this long)
TRAIL_EVERY = 1  # frames between two points of the thrown die's trail

Layout = tuple[tuple[int, ...], ...]  # the seats of each team, in team order
Box = tuple[int, int, int, int]


def at(x: float, y: float) -> tuple[float, float]:
    """Where a point of the board (x across, y down it, in cm) is on the board picture (px):
    the board turned a quarter, the track at the left, x = 0 at the top."""
    return MARGIN + y * SCALE, TITLE_H + MARGIN + x * SCALE


def pip_of(rgb: RGB) -> RGB:
    """The pips' colour: white on the dark dice, ink on yellow."""
    return ink_on(rgb)


def colour_of(seat: int, seats: list[SeatView] | None = None) -> RGB:
    """A seat's dice colour: the one its SeatView gives; without one, data.colour at a table
    of that many seats (no seats known: the box's colour, seat % 4)."""
    view = next((s for s in seats or [] if s.seat == seat), None)
    if view is not None and view.colour in DIE_RGB:
        return DIE_RGB[view.colour]
    return DIE_RGB[data.colour(seat, len(seats or []))]


def die_rgb(colour: str, owner: int, seats: list[SeatView] | None = None) -> RGB:
    """A die's colour: its own (data.COLOURS), else its owner's (`colour_of`)."""
    return DIE_RGB[colour] if colour in DIE_RGB else colour_of(owner, seats)


def _label(rgb: RGB) -> RGB:
    """A tier's printed label, a shade darker than the tier."""
    return blend(rgb, INK, 0.22)


def _shadow(rgb: RGB, k: int) -> RGB:
    """The step's shadow on a tier, `k` px beyond the drop (0: darkest)."""
    return blend(rgb, BLACK, 0.36 * (1 - k / 5))


# -- the panel's layout --------------------------------------------------------------------------


def _layout(view: PublicView) -> Layout:
    """The seats of each team, in seat order: what the panel's blocks are made of."""
    teams: dict[int, list[int]] = {t.team: [] for t in view.teams}
    for seat in view.seats:
        teams.setdefault(seat.team, []).append(seat.seat)
    return tuple(tuple(teams[t]) for t in sorted(teams))


def _alone(layout: Layout) -> bool:
    """Whether every team is one player: a row each, else a column each."""
    return all(len(members) <= 1 for members in layout)


def _blocks(layout: Layout) -> list[Box]:
    """Each team's block in the panel: a row across it for a player alone, else a column (up
    to COLUMNS side by side, then another line of them)."""
    top = PANEL_Y + PANEL_PAD
    if _alone(layout):
        step = SOLO_H + ROW_GAP
        return [(X0, top + k * step, X1, top + k * step + SOLO_H) for k in range(len(layout))]
    cols = min(len(layout), COLUMNS)
    width = (X1 - X0 - (cols - 1) * COL_GAP) / cols
    boxes: list[Box] = []
    for first in range(0, len(layout), cols):
        line = layout[first:first + cols]
        for k, members in enumerate(line):
            left = X0 + k * (width + COL_GAP)
            boxes.append((round(left), top, round(left + width),
                          top + HEAD_H + SEAT_H * len(members) + 6))
        top = max(box[3] for box in boxes) + COL_GAP
    return boxes


def panel_height(layout: Layout) -> int:
    boxes = _blocks(layout)
    return (max(box[3] for box in boxes) if boxes else PANEL_Y) - PANEL_Y + PANEL_PAD


def board_height(layout: Layout) -> int:
    return PANEL_Y + panel_height(layout)


# The tallest layouts: five players alone, four teams of four (one die each, 16 players).
TALLEST: tuple[Layout, ...] = (
    tuple((k,) for k in range(5)),
    tuple(tuple(range(team, 16, 4)) for team in range(4)),
)
LEAST = max(least_font_px(WIDTH, board_height(layout)) for layout in TALLEST)  # 23 px
BIG = LEAST + 3  # the title, the totals

# -- the palette ---------------------------------------------------------------------------------


def _palette_colours() -> list[RGB]:
    """Every flat colour the pictures use, then the anti-aliased edges between the dice and
    the board, the text and the panel: 256 at most."""
    board = [TRACK, SHORT, *TIER_RGB.values()]
    grounds = [FRAME, PANEL, ROW, TURN_ROW, WIN_ROW]
    inks = [LIGHT, DIM, GOLD, INK, WHITE]
    base = [*grounds, *board, *inks, ROW_EDGE, TRACK_GRAIN, TRACK_LIP, LINE_RGB, BLACK]
    base += [PEG, PEG_EDGE, PEG_SHINE, blend(PEG, PEG_SHINE, 0.5)]
    for rgb in TIER_RGB.values():
        base += [_label(rgb), blend(rgb, WHITE, 0.45)]
        base += [_shadow(rgb, k) for k in range(5)]
    base += [blend(SHORT, BLACK, 0.36), blend(SHORT, BLACK, 0.18), blend(TRACK, WHITE, 0.3)]
    for rgb in DIE_RGB.values():
        base += [rgb, edge_of(rgb), pip_of(rgb), blend(rgb, pip_of(rgb), 0.5)]
    mixes: list[RGB] = []
    for rgb in DIE_RGB.values():
        for ground in [*board, FRAME, PANEL, ROW, TURN_ROW]:
            mixes += [blend(edge_of(rgb), ground, t) for t in (0.33, 0.67)]
        mixes += [blend(rgb, pip_of(rgb), t) for t in (0.25, 0.75)]
    for ground in [*board, FRAME]:
        mixes += [blend(GOLD, ground, 0.5), blend(INK, ground, 0.5), blend(PEG_EDGE, ground, 0.5)]
    for ink in inks[:3]:
        for ground in grounds:
            mixes += [blend(ink, ground, t) for t in (0.25, 0.5, 0.75)]
    for rgb in TIER_RGB.values():
        mixes += [blend(_label(rgb), rgb, 0.5)]
    greys = [(v, v, v) for v in range(0, 256, 32)]
    ordered = list(dict.fromkeys(base + greys + mixes))
    return ordered[:256]


palette_image = fixed_palette(_palette_colours)


# -- text ----------------------------------------------------------------------------------------


_text = Lettering(LEAST)


def _width(line: str, size: int, bold: bool = False) -> float:
    return text_length(line, font(size, bold))


def _upward(image: Image.Image, centre: tuple[float, float], line: str, size: int, fill: RGB,
            length: float) -> None:
    """`line` reading upwards (turned a quarter), centred on `centre`, at most `length` px
    long (cut with '…')."""
    fnt = font(size)
    line = ellipsize(line, fnt, length)
    left, top, right, bottom = fnt.getbbox(line)
    mask = Image.new("L", (right - left + 2, bottom - top + 2), 0)
    text(ImageDraw.Draw(mask), (1 - left, 1 - top), line, fnt, fill=255)
    turned = mask.rotate(90, expand=True)
    ink = Image.new("RGB", turned.size, fill)
    image.paste(ink, (round(centre[0] - turned.width / 2), round(centre[1] - turned.height / 2)),
                turned)


# -- the board -----------------------------------------------------------------------------------

PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


@picture_cache(maxsize=4)
def _peg(scale: float) -> Sprite:
    """A wooden peg seen from above, on nothing (its edges blend with the tier)."""
    r = data.PEG_RADIUS * scale
    side = math.ceil(2 * r) + 2
    big = Supersampled((side, side), (*PEG_EDGE, 0), mode="RGBA")
    draw = big.draw
    c = side * SS / 2
    R = r * SS
    draw.ellipse((c - R, c - R, c + R, c + R), fill=PEG_EDGE)
    inner = R - max(1.0, scale / 10) * SS
    draw.ellipse((c - inner, c - inner, c + inner, c + inner), fill=PEG)
    shine = inner * 0.45
    sx, sy = c - inner * 0.3, c - inner * 0.3
    draw.ellipse((sx - shine, sy - shine, sx + shine, sy + shine), fill=PEG_SHINE)
    return big.sprite()


def _board(
    draw: ImageDraw.ImageDraw, image: Image.Image, scale: float, ox: float, oy: float, labels: int
) -> None:
    """The board from above, sideways: the point (x, y) cm at (ox + y * scale, oy + x *
    scale) px, the track at the left; `labels`: the tier labels' size in px (0: none)."""

    def px(x: float, y: float) -> tuple[float, float]:
        return ox + y * scale, oy + x * scale

    def box(x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
        """A rectangle of the board, x0-x1 across and y0-y1 down it."""
        a, b = px(x0, y0)
        c, d = px(x1, y1)
        return round(a), round(b), round(c) - 1, round(d) - 1

    def across(y: float, k: int, fill: RGB, spans: tuple[tuple[float, float], ...] | None = None
               ) -> None:
        """A line right across the board (or its `spans`) at depth y, `k` px further down."""
        x = round(px(0, y)[0]) + k
        for lo, hi in spans or ((0.0, data.WIDTH),):
            draw.line((x, round(px(lo, 0)[1]), x, round(px(hi, 0)[1]) - 1), fill=fill)

    w = data.WIDTH
    # the tiers, the 4x only in its pockets
    for tier in data.TIERS:
        rgb = TIER_RGB[tier.multiplier]
        if tier is data.TIERS[-1]:
            for lo, hi in data.POCKETS:
                draw.rectangle(box(lo, tier.top, hi, tier.bottom), fill=rgb)
        else:
            draw.rectangle(box(0, tier.top, w, tier.bottom), fill=rgb)
    draw.rectangle(box(0, data.SHORT[0], w, data.SHORT[1]), fill=SHORT)
    # the drops: a lip on the upper tier, the step's shadow on the lower one
    shade = max(2, round(scale / 3))
    for drop, lower in zip(data.DROPS, data.TIERS[1:], strict=True):
        rgb = TIER_RGB[lower.multiplier]
        upper = TIER_RGB[lower.multiplier - 1]
        across(drop, -1, blend(upper, WHITE, 0.45))
        spans = data.POCKETS if lower is data.TIERS[-1] else None
        for k in range(shade):
            across(drop, k, _shadow(rgb, round(k * 5 / shade)), spans)
    # the raised track, its grain, its lip, its shadow on the 0x strip
    draw.rectangle(box(0, data.TRACK[0], w, data.TRACK[1]), fill=TRACK)
    for k in range(1, 8):
        across(data.TRACK[0] + k * (data.TRACK[1] - data.TRACK[0]) / 8, 0, TRACK_GRAIN)
    across(data.TRACK[1], -1, TRACK_LIP)
    for k in range(shade):
        across(data.TRACK[1], k, blend(SHORT, BLACK, 0.36 * (1 - k / shade)))
    # where a die may be flicked from: the track's usable width
    for x in (data.LAUNCH_MARGIN, data.WIDTH - data.LAUNCH_MARGIN):
        a, b = px(x, data.TRACK[0] + 0.6)
        c = px(x, data.TRACK[1] - 0.6)[0]
        draw.line(
            (round(a), round(b), round(c), round(b)),
            fill=blend(TRACK, WHITE, 0.3),
            width=max(1, round(scale / 8)),
        )
    # the line, ending at data.LINE: a die clear of it has crossed it entirely (its corners)
    a, b = px(0, data.LINE)
    draw.rectangle(
        (round(a - scale * 0.24), round(b), round(a) - 1, round(px(w, 0)[1]) - 1),
        fill=LINE_RGB,
    )
    # the labels: the track's ends (where a flick's position is 0 % and 100 %), on the 0x
    # strip "0x" at both ends and what the line is for, upwards
    if labels:
        for x, percent in ((data.LAUNCH_MARGIN + 1.2, 0), (w - data.LAUNCH_MARGIN - 1.2, 100)):
            # i18n: printed at the launch track's two ends, where a flick's position is 0% and
            # 100%: the thrower's left edge (the top of the picture) and right edge
            end = _("{percent}%").format(percent=percent)
            _text(draw, px(x, (data.TRACK[0] + data.TRACK[1]) / 2), end, LEAST, TRACK_INK, "mm",
                  bold=True)
        ink = blend(SHORT, BLACK, 0.36)
        mid = (data.SHORT[0] + data.SHORT[1]) / 2
        for x in (2.5, w - 2.5):
            _text(draw, px(x, mid), "0x", LEAST, ink, "mm", bold=True)
        _upward(
            image,
            px(w / 2, mid),
            # i18n: printed on the board, on the line a die must cross to count
            pgettext("tumblindice", "the line: cross it"),
            LEAST,
            ink,
            (w - 10) * scale,
        )
        for tier in data.TIERS[:-1]:
            rgb = TIER_RGB[tier.multiplier]
            for x in (3.5, w - 3.5):
                _text(draw, px(x, (tier.top + tier.bottom) / 2), f"{tier.multiplier}x", labels,
                      _label(rgb), "mm", bold=True)
        last = data.TIERS[-1]
        for lo, hi in data.POCKETS:
            _text(draw, px((lo + hi) / 2, last.top + 3.5), "4x", labels, _label(TIER_RGB[4]),
                  "mm", bold=True)
    # the pegs
    peg = _peg(scale)
    for x, y in data.PEGS:
        cx, cy = px(x, y)
        side = peg.drawn_size[0]
        spot = (round(cx - side / 2) + peg.offset[0], round(cy - side / 2) + peg.offset[1])
        image.paste(peg.image, spot, peg.mask)


@picture_cache(maxsize=4)
def _board_image(scale: float, margin: int, labels: int) -> Image.Image:
    """The board alone, sideways, with `margin` px of void around it."""
    size = (round(data.FAR_EDGE * scale) + 2 * margin, round(data.WIDTH * scale) + 2 * margin)
    image = Image.new("RGB", size, FRAME)
    _board(ImageDraw.Draw(image), image, scale, margin, margin, labels)
    return image


# -- dice ----------------------------------------------------------------------------------------


def _quarter(angle: float) -> int:
    """A die's angle on the picture in degrees, clockwise, to ANGLE_STEP, within a quarter
    turn (a square looks the same turned by one). The board is drawn turned and mirrored
    (x down the picture, y across it), so a die turned by `angle` on the board is turned by
    -`angle` on the picture."""
    degrees = math.degrees(-angle) % 90
    return round(degrees / ANGLE_STEP) * ANGLE_STEP % 90


def _number(image: Image.Image, centre: float, line: str, size: int, fill: RGB,
            width: float) -> None:
    """A die's number (d8-d20) at `size` px, bold, narrowed to `width` px when it is wider:
    as tall as the rest of the picture's text, still within its die."""
    fnt = font(size * SS, True)
    left, top, right, bottom = fnt.getbbox(line, anchor="mm")
    mask = Image.new("L", (right - left + 2 * SS, bottom - top + 2 * SS), 0)
    text(ImageDraw.Draw(mask), (SS - left, SS - top), line, fnt, fill=255, anchor="mm",
         scale=1 / SS)
    wide, high = mask.width / SS, mask.height / SS
    mask = mask.resize((max(1, round(min(wide, width))), max(1, round(high))),
                       Image.Resampling.LANCZOS)
    ink = Image.new("RGBA", mask.size, (*fill, 0))
    ink.putalpha(mask)
    image.alpha_composite(ink, (round(centre - mask.width / 2), round(centre - mask.height / 2)))


@picture_cache(maxsize=2048)  # ~2 KB each at the board's scale
def _die(colour: RGB, face: int, numbered: bool, bonus: bool, degrees: int, side: float) -> Sprite:
    """A die `side` px across, turned `degrees` clockwise, on nothing: pips (1-6) turn with
    it; a number (d8-d20) stays upright. A bonus die has a gold ring."""
    room = math.ceil(side * (0.9 if bonus else 0.78)) + 2  # half the sprite
    full = 2 * room
    big = Supersampled((full, full), (*edge_of(colour), 0), mode="RGBA")
    draw = big.draw
    c = room * SS
    half = side * SS / 2
    if bonus:
        ring = side * SS * 0.88
        draw.ellipse((c - ring, c - ring, c + ring, c + ring), fill=INK)
        inner = ring - SS
        draw.ellipse((c - inner, c - inner, c + inner, c + inner), fill=GOLD)
        hole = inner - round(SS * 2.4)
        draw.ellipse((c - hole, c - hole, c + hole, c + hole), fill=(*edge_of(colour), 0))
    face_img = Image.new("RGBA", (full * SS, full * SS), (*edge_of(colour), 0))
    fd = ImageDraw.Draw(face_img)
    edge = max(SS, round(side * SS / 14))
    fd.rounded_rectangle(
        (c - half, c - half, c + half, c + half), radius=side * SS * 0.18, fill=edge_of(colour)
    )
    fd.rounded_rectangle(
        (c - half + edge, c - half + edge, c + half - edge, c + half - edge),
        radius=side * SS * 0.14,
        fill=colour,
    )
    if not numbered and face in PIPS:
        r = side * SS * 0.095
        step = side * SS * 0.26
        for i, j in PIPS[face]:
            x, y = c + i * step, c + j * step
            fd.ellipse((x - r, y - r, x + r, y + r), fill=pip_of(colour))
    if degrees:
        face_img = face_img.rotate(-degrees, resample=Image.Resampling.BICUBIC, center=(c, c))
    big.image.alpha_composite(face_img)
    image = big.shrunk()
    if numbered:
        size = max(LEAST, round(side * (0.62 if face < 10 else 0.58)))
        _number(image, room, str(face), size, pip_of(colour), side * 0.84)
    return Sprite(image)


def _numbered(face: int, faces: int) -> bool:
    return faces > data.FACES or face > data.FACES or face < 1


def _place_die(canvas: Canvas, sprite: Sprite, x: float, y: float) -> None:
    """The die's sprite with its centre where the board's point (x, y) cm is drawn."""
    cx, cy = at(x, y)
    half = sprite.drawn_size[0] // 2
    canvas.paste(sprite, (round(cx) - half, round(cy) - half))


# -- the backdrop --------------------------------------------------------------------------------


@picture_cache(maxsize=6)
def _chip(colour: RGB, ground: RGB) -> Sprite:
    """A player's colour: a small die, opaque on `ground`."""
    big = Supersampled((CHIP, CHIP), ground)
    big.draw.rounded_rectangle(
        (SS, SS, (CHIP - 1) * SS, (CHIP - 1) * SS),
        radius=4 * SS,
        fill=colour,
        outline=edge_of(colour),
        width=round(1.5 * SS),
    )
    return big.sprite()


@picture_cache(maxsize=8)
def _backdrop(layout: Layout) -> Backdrop:
    """What does not change within a game: the frame, the board, each team's empty block."""
    img = Image.new("RGB", (WIDTH, board_height(layout)), FRAME)
    img.paste(_board_image(SCALE, MARGIN, TIER_LABEL), (0, TITLE_H))
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, PANEL_Y, WIDTH - 1, img.height - 1), fill=PANEL)
    for box in _blocks(layout):
        draw.rounded_rectangle(box, radius=8, fill=ROW, outline=ROW_EDGE, width=2)
    return Backdrop(img, palette_image)


# -- what a view adds ----------------------------------------------------------------------------


def _goal(view: PublicView) -> str:
    if view.by_rounds:
        return ngettext("first to {n} round won", "first to {n} rounds won", view.goal).format(
            n=view.goal)
    return _("first to {points} points").format(points=view.goal)


def _with_names(say: Callable[[str], str], names: str, size: int, room: float) -> str:
    """`say(names)`, the names cut with '…' where the whole would not fit `room` in bold at
    LEAST px: what is said around them stays whole."""
    fixed = _width(say(""), LEAST, True)
    return say(ellipsize(names, font(LEAST, True), max(room - fixed, _width("W…", LEAST, True))))


def _title(canvas: Canvas, view: PublicView, names: dict[int, str]) -> None:
    mid = TITLE_H / 2
    right = _text(canvas, (X1, mid), _goal(view), LEAST, DIM, "rm")
    room = X1 - X0 - right - 16
    if view.winners is not None:
        won = joined([names.get(s, "?") for s in view.winners])
        n = len(view.winners)
        seats = {s.seat: s.team for s in view.seats}
        totals = {t.team: t.total for t in view.teams}
        best = {totals.get(seats.get(s, -1)) for s in view.winners} - {None}
        if len(best) == 1 and not view.by_rounds:
            points = best.pop()
            line = _with_names(
                lambda who: ngettext("{names} wins with {points} points!",
                                     "{names} win with {points} points!", n).format(
                    names=who, points=points), won, BIG, room)
        else:
            line = _with_names(
                lambda who: ngettext("{names} wins!", "{names} win!", n).format(names=who),
                won, BIG, room)
        _text(canvas, (X0, mid), line, BIG, GOLD, "lm", width=room, bold=True)
        return
    line = _("Round {round}").format(round=view.round)
    if view.turn is not None:
        head = line + " · "
        line = _with_names(
            lambda who: head + _("{name} to throw").format(name=who),
            names.get(view.turn, "?"), BIG, room)
    _text(canvas, (X0, mid), line, BIG, LIGHT, "lm", width=room, bold=True)


def _dice_width(seat: SeatView) -> float:
    """How wide `_dice_left` draws the dice a player still has to throw (0: none)."""
    shown = min(seat.dice_left, 9)
    width = shown * PIP_STEP + seat.bonus_left * BONUS_STEP
    if seat.dice_left > shown:
        width += _width(f"+{seat.dice_left - shown}", LEAST) + 6
    return width


def _dice_left(canvas: Canvas, x: float, mid: float, seat: SeatView) -> None:
    """The dice a player still has to throw from `x`, as small squares in their colours (in
    the order thrown), then the bonus die ringed in gold."""
    colour = colour_of(seat.seat, [seat])
    shown = min(seat.dice_left, 9)
    left = seat.dice_colours[len(seat.dice_colours) - seat.dice_left:] \
        if 0 < seat.dice_left <= len(seat.dice_colours) else []
    for k in range(shown):
        a = x + k * PIP_STEP
        rgb = DIE_RGB.get(left[k], colour) if k < len(left) else colour
        canvas.rounded_rectangle(
            (a, mid - PIP_SIZE / 2, a + PIP_SIZE, mid + PIP_SIZE / 2),
            radius=3,
            fill=rgb,
            outline=edge_of(rgb),
        )
    x += shown * PIP_STEP
    if seat.dice_left > shown:
        x += _text(canvas, (x + 2, mid), f"+{seat.dice_left - shown}", LEAST, DIM, "lm") + 6
    for _bonus in range(seat.bonus_left):
        canvas.rounded_rectangle(
            (x + 2, mid - PIP_SIZE / 2 - 1, x + PIP_SIZE + 5, mid + PIP_SIZE / 2 + 1),
            radius=3,
            fill=DIE_RGB.get(seat.bonus_colour, colour),
            outline=GOLD,
            width=2,
        )
        x += BONUS_STEP


def _said(view: PublicView, team: TeamView) -> list[str]:
    """What a team's line may say beside its total, longest first (the first that fits is
    drawn): its rounds won (when they are the goal, in words: the total shows them after a
    star) and its last round's points, in words, then as a sign."""
    won = ngettext("{n} round won", "{n} rounds won", team.rounds_won).format(n=team.rounds_won)
    if team.round_points is None:
        return [won] if view.by_rounds else []
    last = _("last round {points}").format(points=team.round_points)
    plus = f"{team.round_points:+d}"
    if view.by_rounds:
        return [f"{won} · {last}", won, last, plus]
    return [last, plus]


def _stats(canvas: Canvas, view: PublicView, team: TeamView, x: float, mid: float, room: float,
           anchor: str) -> None:
    """The first of `_said` that fits `room` px, from x ("lm") or ending there ("rm")."""
    for line in _said(view, team):
        if _width(line, LEAST) <= room:
            _text(canvas, (x, mid), line, LEAST, DIM, anchor)
            return


def _total(canvas: Canvas, view: PublicView, team: TeamView, right: float, mid: float,
           ground: RGB) -> float:
    """A team's total, ending at `right`: its points, or its rounds won after a star when they
    are the goal ("★2"); returns its width."""
    total = f"★{team.rounds_won}" if view.by_rounds else str(team.total)
    return _text(canvas, (right, mid), total, BIG, LIGHT if ground == WIN_ROW else GOLD, "rm",
                 bold=True)


def _turn_marker(canvas: Canvas, x: float, mid: float) -> None:
    canvas.polygon([(x, mid - 6), (x + 9, mid), (x, mid + 6)], fill=GOLD)


def _alone_row(canvas: Canvas, view: PublicView, seat: SeatView, team: TeamView | None,
               box: Box, name: str, won: bool) -> None:
    """A player alone: turn, colour, name, dice still to throw, what the round said, total."""
    x0, y0, x1, y1 = box
    mid = (y0 + y1) / 2
    turn = view.turn == seat.seat
    ground = WIN_ROW if won else TURN_ROW if turn else ROW
    if ground != ROW:
        canvas.rounded_rectangle(box, radius=8, fill=ground, outline=GOLD if won else ROW_EDGE,
                                 width=2)
    if turn:
        _turn_marker(canvas, x0 + 7, mid)
    canvas.paste(_chip(colour_of(seat.seat, [seat]), ground), (x0 + 20, round(mid - CHIP / 2)))
    _text(canvas, (x0 + 48, mid), name, LEAST, LIGHT, "lm", width=NAME_W, bold=True)
    x = x0 + 48 + NAME_W + 14
    if seat.dice_left or seat.bonus_left:
        _dice_left(canvas, x, mid, seat)
        x += _dice_width(seat)
    else:
        # i18n: a player has thrown all their dice this round
        x += _text(canvas, (x, mid), _("all thrown"), LEAST, DIM, "lm")
    if team is not None:
        right = x1 - 10 - _total(canvas, view, team, x1 - 10, mid, ground) - 14
        _stats(canvas, view, team, right, mid, right - x - 14, "rm")


def _team_column(canvas: Canvas, view: PublicView, team: TeamView | None,
                 members: list[SeatView], box: Box, names: dict[int, str], won: bool) -> None:
    """A team: its colour when it has one, what the round said and its total, then each
    player: turn, colour, name, dice still to throw."""
    x0, y0, x1, y1 = box
    ground = WIN_ROW if won else ROW
    if won:
        canvas.rounded_rectangle(box, radius=8, fill=WIN_ROW, outline=GOLD, width=2)
    head = y0 + HEAD_H / 2
    colours = {colour_of(s.seat, [s]) for s in members}
    x = x0 + 10
    if len(colours) == 1:  # one die each: the team's colour, once
        canvas.paste(_chip(colours.pop(), ground), (x, round(head - CHIP / 2)))
        x += CHIP + 8
        chips = False
    else:
        chips = True
    if team is not None:
        right = x1 - 10 - _total(canvas, view, team, x1 - 10, head, ground) - 10
        _stats(canvas, view, team, x, head, right - x, "lm")
    for k, seat in enumerate(members):
        mid = y0 + HEAD_H + k * SEAT_H + SEAT_H / 2
        turn = view.turn == seat.seat
        row_ground = TURN_ROW if turn else ground
        if turn:
            canvas.rounded_rectangle(
                (x0 + 4, mid - SEAT_H / 2 + 1, x1 - 4, mid + SEAT_H / 2 - 1),
                radius=6,
                fill=TURN_ROW,
            )
            _turn_marker(canvas, x0 + 8, mid)
        x = x0 + 22
        if chips:
            canvas.paste(_chip(colour_of(seat.seat, [seat]), row_ground),
                         (x, round(mid - CHIP / 2)))
            x += CHIP + 6
        dice = _dice_width(seat)
        room = x1 - 10 - x - (dice + 8 if dice else 0)
        used = _text(canvas, (x, mid), names.get(seat.seat, "?"), LEAST, LIGHT, "lm",
                     width=room)
        if dice:
            _dice_left(canvas, x1 - 10 - dice, mid, seat)
        elif used + 12 + _width(_("all thrown"), LEAST) <= room:
            _text(canvas, (x1 - 10, mid), _("all thrown"), LEAST, DIM, "rm")


def _panel(canvas: Canvas, view: PublicView, names: dict[int, str]) -> None:
    layout = _layout(view)
    teams = {t.team: t for t in view.teams}
    seats = {s.seat: s for s in view.seats}
    winners = set(view.winners or [])
    alone = _alone(layout)
    for members, box in zip(layout, _blocks(layout), strict=True):
        known = [seats[m] for m in members if m in seats]
        if not known:
            continue
        team = teams.get(known[0].team)
        won = all(m in winners for m in members)
        if alone:
            _alone_row(canvas, view, known[0], team, box, names.get(known[0].seat, "?"), won)
        else:
            _team_column(canvas, view, team, known, box, names, won)


def _dice(canvas: Canvas, view: PublicView) -> None:
    faces = int(getattr(view, "faces", data.FACES) or data.FACES)
    side = data.DIE * SCALE
    for die in sorted(view.board, key=lambda d: (d.y, d.id)):
        sprite = _die(
            die_rgb(die.colour, die.owner, view.seats),
            die.face,
            _numbered(die.face, faces),
            die.bonus,
            _quarter(die.angle),
            side,
        )
        _place_die(canvas, sprite, die.x, die.y)


def board_canvas(view: PublicView) -> Canvas:
    """The board of `view`: the backdrop for its teams, the dice where they lie, the panel."""
    canvas = Canvas(_backdrop(_layout(view)))
    names = {s.seat: player_name(s.name) for s in view.seats}
    _title(canvas, view, names)
    _dice(canvas, view)
    _panel(canvas, view, names)
    return canvas


board_image, board_png = image_and_png(board_canvas)


# -- one throw, animated on the board ------------------------------------------------------------


def _flight_canvas(
    view: PublicView, flight: Flight, dice: list[tuple[int, float, float, float, int]],
    trail: list[tuple[float, float]],
) -> Canvas:
    """The board of `view` with the dice of one frame of the throw where they are, and the
    thrown die's trail so far: title and panel as the board after the throw shows them."""
    canvas = Canvas(_backdrop(_layout(view)))
    names = {s.seat: player_name(s.name) for s in view.seats}
    _title(canvas, view, names)
    if len(trail) > 1:
        thrown = max(flight.owners) if flight.owners else -1
        rgb = die_rgb(flight.colours.get(thrown, ""), flight.seat, view.seats)
        canvas.line(trail, fill=blend(rgb, WHITE, 0.3), width=2)
    bonus = {d.id for d in view.board if d.bonus} | (
        {max(flight.owners)} if flight.bonus and flight.owners else set())
    side = data.DIE * SCALE
    for die_id, x, y, angle, face in sorted(dice, key=lambda d: (d[2], d[0])):
        owner = flight.owners.get(die_id, flight.seat)
        sprite = _die(die_rgb(flight.colours.get(die_id, ""), owner, view.seats), face,
                      _numbered(face, flight.faces), die_id in bonus, _quarter(angle), side)
        _place_die(canvas, sprite, x, y)
    _panel(canvas, view, names)
    return canvas


def _moving(
    a: list[tuple[int, float, float, float, int]], b: list[tuple[int, float, float, float, int]]
) -> bool:
    """Whether anything changed between two frames (a die moved, turned, left, tumbled)."""
    if len(a) != len(b):
        return True
    for (i, x, y, t, f), (j, u, v, s, g) in zip(a, b, strict=True):
        if i != j or f != g or abs(x - u) > 0.02 or abs(y - v) > 0.02 or abs(t - s) > 0.01:
            return True
    return False


def _kept_frames(flight: Flight) -> list[int]:
    """The indices of the frames drawn: the still tail cut, every `step`th kept, the last
    one always."""
    frames = [f.dice for f in flight.frames]
    if not frames:
        return []
    last = len(frames) - 1
    while last > 0 and not _moving(frames[last - 1], frames[last]):
        last -= 1
    step = max(2, math.ceil((last + 1) / (MAX_FRAMES - 1)))
    kept = list(range(0, last + 1, step))
    if kept[-1] != len(frames) - 1:
        kept.append(len(frames) - 1)
    return kept


def throw_frames(view: PublicView, flight: Flight) -> tuple[list[Image.Image], list[int]]:
    """The board after the throw, animated: first the board itself (what a client that shows
    no animation keeps: the board as it is now), then the throw from the launch track, the dice
    it hits pushed or knocked off, the thrown die's trail, its resting place held a moment, and
    the board again (the thrown die gone when it stopped short, a new round's empty board), held.
    Palette pictures of the board's own size, and how long each is shown (ms)."""
    board = board_canvas(view).indexed()
    out, durations = [board], [FIRST_MS]
    thrower = max(flight.owners) if flight.owners else None
    trail: list[tuple[float, float]] = []
    for index in _kept_frames(flight):
        if thrower is not None:
            for k in range(len(trail), index + 1, TRAIL_EVERY):
                spot = next((d for d in flight.frames[k].dice if d[0] == thrower), None)
                if spot is not None:
                    trail.append(at(spot[1], spot[2]))
        frame = _flight_canvas(view, flight, flight.frames[index].dice, trail).indexed()
        if len(out) > 1 and frame.tobytes() == out[-1].tobytes():
            durations[-1] += FRAME_MS  # dice at rest a frame early: held, not drawn again
            continue
        out.append(frame)
        durations.append(FRAME_MS)
    durations[-1] = max(durations[-1], REST_MS)
    out.append(board)
    durations.append(HOLD_MS)
    return out, durations


def throw_animation(view: PublicView, flight: Flight) -> bytes:
    """The board after the throw, animated (`throw_frames`) as a GIF played once. Not WebP:
    encoding the whole board's frames takes it ten times as long (0.4 s a throw, against
    0.05 s) for 30 KB less, and animated WebP does not play in every Discord client."""
    frames, durations = throw_frames(view, flight)
    return animated_gif(frames, durations, loop=False)
