"""The channel picture of a Dog game, drawn from the public view only.

Layout: the board on the left, a column on the right with the players and the last moves.
The ring is a rounded square for the 4-section board and a rounded hexagon for the 6-section
board; each side is one section with its start field (field 16*k) in the middle. Play runs
clockwise. A seat's goal leads straight inward from its start field (goal pos 0 nearest the
ring); its kennel is a row of 4 outside the ring, beside the fields that lead to the start
field. Section 0 is at the bottom. The discard and the deck are in the middle of the ring.

Discord shows a picture in a box about 500 x 350 px: the picture is that box's shape, so the
board is shown 350 px high, and no text is smaller than LEAST px (11 px in that box). The
column says who plays in which colour, the teams, each player's cards in hand, who may act
(a magenta frame) and the last moves in words (each beside a bar in its mover's colour);
what the message text says (round, phase, the 7's steps left) is not repeated here.

The picture speaks the menus' words (games/dog/moves.py): a classic pawn carries its number
("Pawn 2" is index 1), Royal pawns their rank ("knight"; the menus name them by rank only);
every 4th ring field has its number ("field 26", 0-based as the view) and, where the number
fits in the field, the goal fields 1-4 ("goal 1" nearest the ring) theirs, in the cached
background.

Every move since the seat to act last played is drawn, each in its mover's colour, older ones
fainter, so a player sees what the others did while they waited.

The ring, kennels, goals, start fields, field numbers, title and the column's panel depend
only on (sections, seat colours, special fields, variant); that background is drawn once per
process, the board supersampled, and cached in RGB and on the palette. A render draws only
pawns, arrows, the column's tags and words and the discard, on a games.drawing.Canvas, which
maps just those parts onto the palette.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from games.dog.moves import cards
from games.dog.render.cards import draw_card
from games.dog.render.common import (
    BOARD_BG,
    CARD_BLUE,
    FIELD,
    FIELD_LINE,
    GOLD,
    GOLD_LINE,
    MOVE,
    MUTED,
    NAME_MAX,
    PANEL_BG,
    RGB,
    RULE,
    TEXT,
    TRACK,
    WHITE,
    Point,
    blend,
    chip,
    edge_of,
    ink_on,
    palette_image,
    seat_rgb,
    star,
    tint,
    wrap,
)
from games.dog.views import DogPublicView, LastMove, MoveMark, PawnView, SeatView, Spot
from games.drawing import (
    Backdrop,
    Canvas,
    Sprite,
    drawable,
    ellipsize,
    font,
    least_font_px,
    picture_cache,
    sprite_origin,
    text,
    text_length,
)
from games.i18n import NC_, _, pgettext

BOARD = 840  # the board: a square on the left
SIDE = 360  # the column on its right: players, teams, cards in hand, the last moves
WIDTH = BOARD + SIDE  # 1200 x 840: the shape of Discord's 500 x 350 preview
HEIGHT = BOARD
LEAST = least_font_px(WIDTH, HEIGHT)  # 27 px: 11 px when Discord shows the board 350 px high
OLDEST_ALPHA = 0.3  # how strongly the oldest of the recent moves is drawn (the newest: 1)
SS = 2  # supersampling factor of the cached background
FIELDS_PER_SECTION = 16
NEUTRAL: RGB = (178, 160, 124)  # sections nobody sits at (2 or 3 players on the 4-board)
LABEL: RGB = MUTED  # field numbers: there to be found, not to be read first
FIELD_LABEL_EVERY = 4
TAG_SIZE = LEAST + 1  # the names on the seats' tags
BADGE_W = 42  # the card count beside a tag (two digits)
CARD_W, CARD_H = 90, 126  # the discard pile's top card
# The deck's count under the card on one line at most this wide ("Deck: 110 cards"), between
# the goal lanes; a longer language writes it on two lines.
DECK_LINE = 290
# The column: its panel, and the box its tags and words keep to.
PANEL = (BOARD + 4, 10, WIDTH - 10, HEIGHT - 10)
COLUMN_X, COLUMN_R = PANEL[0] + 16, PANEL[2] - 14
COLUMN_TOP, COLUMN_BOTTOM = PANEL[1] + 18, PANEL[3] - 12
LINE = round(LEAST * 1.22)  # the column's line height for LEAST px text
FRAME = 6  # room for a tag's frame around it
ROW_GAP = 4  # between two seats' tags
GROUP_GAP = 10  # between two teams
MOVES_SHOWN = 3  # the most recent moves told in words (those that fit)
NEWS_LINES = 4  # the most lines one move takes
BAR = 7  # the mover's colour beside a move's words
CARD_DY = 8  # the discard's centre below the board's

# (apothem, corner radius) of the ring's centre line, per number of sections.
_SHAPES: dict[int, tuple[float, float]] = {4: (335.0, 95.0), 6: (352.0, 60.0)}



@dataclass(frozen=True)
class Geometry:
    """Where everything sits on a board with `sections` sections (image coordinates)."""

    sections: int
    spacing: float
    field_r: float
    pawn_r: float
    ring: tuple[Point, ...]
    outline: tuple[Point, ...]
    starts: tuple[Point, ...]
    normals: tuple[Point, ...]  # outward unit normal of each section's side
    goals: tuple[tuple[Point, ...], ...]
    kennels: tuple[tuple[Point, ...], ...]


def _outline(sections: int, apothem: float, corner: float, c: float) -> list[Point]:
    """Dense closed polyline of the ring, from section 0's start field, clockwise on screen."""
    step = 2 * math.pi / sections
    inner_r = (apothem - corner) / math.cos(step / 2)
    pts: list[Point] = []
    for k in range(sections):
        a = math.pi / 2 + k * step  # outward normal of side k (y points down)
        pts.append((c + apothem * math.cos(a), c + apothem * math.sin(a)))
        vx = c + inner_r * math.cos(a + step / 2)
        vy = c + inner_r * math.sin(a + step / 2)
        for j in range(25):
            t = a + step * j / 24
            pts.append((vx + corner * math.cos(t), vy + corner * math.sin(t)))
    pts.append(pts[0])
    return pts


def _spaced(poly: list[Point], count: int) -> list[Point]:
    """`count` points at equal arc length along a closed polyline, starting at its first point."""
    lengths = [0.0]
    for (x0, y0), (x1, y1) in zip(poly, poly[1:], strict=False):
        lengths.append(lengths[-1] + math.hypot(x1 - x0, y1 - y0))
    total = lengths[-1]
    out: list[Point] = []
    seg = 0
    for i in range(count):
        s = total * i / count
        while lengths[seg + 1] < s:
            seg += 1
        span = lengths[seg + 1] - lengths[seg]
        t = 0.0 if span == 0 else (s - lengths[seg]) / span
        (x0, y0), (x1, y1) = poly[seg], poly[seg + 1]
        out.append((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
    return out


@lru_cache(maxsize=8)
def geometry(sections: int) -> Geometry:
    """Field, goal and kennel positions; boards other than 4 and 6 get a regular polygon."""
    apothem, corner = _SHAPES.get(sections, (340.0, 70.0))
    c = BOARD / 2
    outline = _outline(sections, apothem, corner, c)
    ring = _spaced(outline, sections * FIELDS_PER_SECTION)
    perimeter = sum(
        math.hypot(x1 - x0, y1 - y0)
        for (x0, y0), (x1, y1) in zip(outline, outline[1:], strict=False)
    )
    sp = perimeter / len(ring)
    starts, normals, goals, kennels = [], [], [], []
    for k in range(sections):
        a = math.pi / 2 + k * 2 * math.pi / sections
        n = (math.cos(a), math.sin(a))
        back = (math.sin(a), -math.cos(a))  # along the side towards field 16k-1
        sx, sy = ring[k * FIELDS_PER_SECTION]
        starts.append((sx, sy))
        normals.append(n)
        goals.append(
            tuple((sx - n[0] * sp * (i + 1.15), sy - n[1] * sp * (i + 1.15)) for i in range(4))
        )
        out = sp * 1.45
        kennels.append(
            tuple(
                (
                    sx + n[0] * out + back[0] * sp * (1.2 + j),
                    sy + n[1] * out + back[1] * sp * (1.2 + j),
                )
                for j in range(4)
            )
        )
    return Geometry(
        sections=sections,
        spacing=sp,
        # a goal field holds its number at LEAST px where the fields are large (4 sections)
        field_r=sp * (0.37 if sp > 32 else 0.34),
        # small fields: pawns fill them, and are never too small for their number or letter
        pawn_r=max(sp * (0.42 if sp > 32 else 0.47), LEAST * 0.52),
        ring=tuple(ring),
        outline=tuple(outline),
        starts=tuple(starts),
        normals=tuple(normals),
        goals=tuple(goals),
        kennels=tuple(kennels),
    )


def _disc(
    draw: ImageDraw.ImageDraw | Canvas, p: Point, r: float, fill: RGB, line: RGB, width: int
) -> None:
    draw.ellipse((p[0] - r, p[1] - r, p[0] + r, p[1] + r), fill=fill, outline=line, width=width)


@picture_cache(maxsize=12)  # 5 MB each; one colour set per table size and variant: 10
def _background(
    sections: int, colours: tuple[tuple[int, str], ...], specials: tuple[int, ...], royal: bool
) -> Backdrop:
    """The board without pawns for one (sections, seat colours, special fields, variant),
    and the column's empty panel."""
    im = Image.new("RGB", (WIDTH, HEIGHT), BOARD_BG)
    im.paste(_board_background(sections, colours, specials, royal), (0, 0))
    ImageDraw.Draw(im).rounded_rectangle(PANEL, radius=18, fill=PANEL_BG, outline=RULE, width=2)
    return Backdrop(im, palette_image)


def _board_background(
    sections: int, colours: tuple[tuple[int, str], ...], specials: tuple[int, ...], royal: bool
) -> Image.Image:
    """The board's square, supersampled and shrunk (smooth edges)."""
    geo = geometry(sections)
    s = SS
    big = Image.new("RGB", (BOARD * s, BOARD * s), BOARD_BG)
    draw = ImageDraw.Draw(big)

    def sc(p: Point) -> Point:
        return (p[0] * s, p[1] * s)

    by_section = dict(colours)
    sp = geo.spacing
    draw.line([sc(p) for p in geo.outline], fill=TRACK, width=round(sp * 1.05 * s), joint="curve")
    title = pgettext("dog", "Dog Royal").upper() if royal else "DOG"
    text(draw, sc((BOARD / 2, BOARD / 2 + CARD_DY - 108)), title, font(round(46 * s)), scale=1 / s,
         fill=TRACK, anchor="mm")
    for k in range(sections):
        rgb = seat_rgb(by_section[k]) if k in by_section else NEUTRAL
        light = tint(rgb, 0.55) if k in by_section else tint(NEUTRAL, 0.4)
        edge = edge_of(rgb)
        lane = [sc(geo.starts[k])] + [sc(p) for p in geo.goals[k]]
        draw.line(lane, fill=blend(rgb, TRACK, 0.35), width=round(sp * 0.95 * s))
        kennel = [sc(p) for p in geo.kennels[k]]
        for width, fill in ((sp * 1.1 * s, edge), (sp * 1.1 * s - 3 * s, light)):
            draw.line(kennel, fill=fill, width=round(width))
            for end in (kennel[0], kennel[-1]):
                _disc(draw, end, width / 2, fill, fill, 1)
        for p in geo.kennels[k]:
            _disc(draw, sc(p), geo.field_r * s, tint(rgb, 0.8), edge, round(1.5 * s))
        for p in geo.goals[k]:
            _disc(draw, sc(p), geo.field_r * s, tint(rgb, 0.75), edge, round(2 * s))
        # "goal 1" (pos 0, nearest the ring) to "goal 4": faint, so no one takes it for a pawn;
        # only where a legible number fits in the field (not on the small 6-section fields)
        if geo.field_r * 1.9 >= LEAST:
            goal_font = font(LEAST * s)
            faint = blend(edge, tint(rgb, 0.75), 0.3)
            for g, p in enumerate(geo.goals[k]):
                text(draw, sc(p), str(g + 1), goal_font, scale=1 / s, fill=faint, anchor="mm")
    for i, p in enumerate(geo.ring):
        if i % FIELDS_PER_SECTION == 0:
            k = i // FIELDS_PER_SECTION
            rgb = seat_rgb(by_section[k]) if k in by_section else NEUTRAL
            _disc(draw, sc(p), sp * 0.5 * s, rgb, edge_of(rgb), round(2.5 * s))
            _disc(draw, sc(p), geo.field_r * 0.45 * s, tint(rgb, 0.5), edge_of(rgb), round(s))
        else:
            _disc(draw, sc(p), geo.field_r * s, FIELD, FIELD_LINE, round(1.5 * s))
    n = len(geo.ring)
    for f in specials:
        p = sc(geo.ring[f % n])
        draw.polygon(
            star(p, geo.field_r * 1.25 * s, geo.field_r * 0.55 * s),
            fill=GOLD,
            outline=GOLD_LINE,
            width=round(1.5 * s),
        )
    _field_numbers(draw, sections)
    return big.reduce(s)  # the mean of each s x s block: smooth edges, quickly


@dataclass(frozen=True)
class FieldLabel:
    """Where the number of ring field `field` is written, and the tick that ties it to it."""

    field: int
    text: str
    at: Point  # centre of the text
    tick: tuple[Point, Point] | None
    font_size: int


@lru_cache(maxsize=8)
def field_labels(sections: int) -> tuple[FieldLabel, ...]:
    """Every 4th ring field's number (as the menus say it: "field 26"), just inside the ring;
    a start field's goes outside, as its goal lane fills the inside."""
    geo = geometry(sections)
    size = LEAST
    fnt = font(size * SS)
    n = len(geo.ring)
    c = BOARD / 2
    out: list[FieldLabel] = []
    for i in range(0, n, FIELD_LABEL_EVERY):
        (px, py), (ax, ay), (bx, by) = geo.ring[i], geo.ring[i - 1], geo.ring[(i + 1) % n]
        tx, ty = bx - ax, by - ay
        d = math.hypot(tx, ty) or 1.0
        nx, ny = ty / d, -tx / d  # perpendicular to the ring's direction
        if nx * (c - px) + ny * (c - py) < 0:
            nx, ny = -nx, -ny  # now inward
        start = i % FIELDS_PER_SECTION == 0
        if start:
            nx, ny = -nx, -ny
        text = str(i)
        left, top, right, bottom = fnt.getbbox(text, anchor="mm")
        half_w, half_h = (right - left) / 2 / SS, (bottom - top) / 2 / SS
        edge = geo.spacing * 0.56  # just past the track's edge
        gap = edge + 1.5 + abs(nx) * half_w + abs(ny) * half_h
        tick = (
            (px + nx * (geo.field_r + 1.5), py + ny * (geo.field_r + 1.5)),
            (px + nx * edge, py + ny * edge),
        )
        out.append(
            FieldLabel(
                field=i,
                text=text,
                at=(px + nx * gap, py + ny * gap),
                tick=None if start else tick,  # the big start disc reaches its label
                font_size=size,
            )
        )
    return tuple(out)


def _field_numbers(draw: ImageDraw.ImageDraw, sections: int) -> None:
    """The ring's field numbers, small and muted: there to be found, not to be read first."""
    s = SS
    for label in field_labels(sections):
        if label.tick is not None:  # ties a corner label to its field
            draw.line([(x * s, y * s) for x, y in label.tick], fill=LABEL, width=round(1.5 * s))
        x, y = label.at
        fnt = font(label.font_size * s)
        text(draw, (x * s, y * s), label.text, fnt, scale=1 / s, fill=LABEL, anchor="mm")


# The letter on each Royal pawn, after its rank's name (chess's N for the knight, as the king
# has the K); each language's four letters differ.
RANK_LETTERS = {
    # i18n: the letter on a Dog Royal king pawn (the first letter of "king")
    "king": NC_("dog", "K"),
    # i18n: the letter on a Dog Royal knight pawn (N as in chess; must differ from the king's)
    "knight": NC_("dog", "N"),
    # i18n: the letter on a Dog Royal citizen pawn (the first letter of "citizen")
    "citizen": NC_("dog", "C"),
    # i18n: the letter on a Dog Royal fool pawn (the first letter of "fool")
    "fool": NC_("dog", "F"),
}


def _rank_letter(rank: str | None) -> str | None:
    return pgettext("dog", RANK_LETTERS[rank]) if rank in RANK_LETTERS else None


@picture_cache(maxsize=256)
def _pawn_sprite(
    color: str, rank: str | None, radius: float, number: int | None = None
) -> Image.Image:
    """A pawn drawn 4x and shrunk (smooth edges); Royal ranks differ in shape, size and letter.
    A classic pawn carries its `number` ("pawn 2" of the menus) in the disc."""
    q = 4
    r = radius * q
    size = math.ceil(radius * 3.2) * q
    c = size / 2
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    rgb = seat_rgb(color)
    edge = edge_of(rgb)
    width = max(q, round(r * 0.13))
    letter = _rank_letter(rank)
    cy = c
    if rank == "king":
        rr = r * 1.08
        cy = c + r * 0.2
        crown = [
            (c - rr * 0.8, cy - rr * 0.55),
            (c - rr * 0.95, cy - rr * 1.45),
            (c - rr * 0.45, cy - rr * 0.95),
            (c, cy - rr * 1.6),
            (c + rr * 0.45, cy - rr * 0.95),
            (c + rr * 0.95, cy - rr * 1.45),
            (c + rr * 0.8, cy - rr * 0.55),
        ]
        draw.polygon(crown, fill=GOLD, outline=GOLD_LINE, width=width)
        draw.ellipse((c - rr, cy - rr, c + rr, cy + rr), fill=rgb, outline=edge, width=width)
    elif rank == "knight":
        rr = r * 1.22
        draw.polygon(
            [(c, c - rr), (c + rr, c), (c, c + rr), (c - rr, c)],
            fill=rgb,
            outline=edge,
            width=width,
        )
    elif rank == "citizen":
        rr = r * 0.9
        draw.rounded_rectangle(
            (c - rr, c - rr, c + rr, c + rr), radius=rr * 0.3, fill=rgb, outline=edge, width=width
        )
    elif rank == "fool":
        rr = r * 1.2
        cy = c + rr * 0.2
        draw.polygon(
            [(c, cy - rr), (c + rr * 0.95, cy + rr * 0.65), (c - rr * 0.95, cy + rr * 0.65)],
            fill=rgb,
            outline=edge,
            width=width,
        )
        cy = c + rr * 0.32
    else:
        draw.ellipse((c - r, c - r, c + r, c + r), fill=rgb, outline=edge, width=width)
        if number is None:
            shine = r * 0.3
            sx, sy = c - r * 0.35, c - r * 0.35
            draw.ellipse((sx - shine, sy - shine, sx + shine, sy + shine), fill=tint(rgb, 0.45))
        else:
            num_font = font(max(round(r * 1.45), LEAST * q), bold=True)
            text(draw, (c, c), str(number), num_font, scale=1 / q, fill=ink_on(rgb), anchor="mm")
    if letter is not None:
        size_px = max(round(r * (0.95 if rank == "fool" else 1.2)), LEAST * q)
        text(draw, (c, cy), letter, font(size_px), scale=1 / q, fill=ink_on(rgb), anchor="mm")
    return img.reduce(q)  # the mean of each q x q block: smooth edges, quickly


@picture_cache(maxsize=256)
def _pawn(color: str, rank: str | None, radius: float, number: int | None) -> Sprite:
    return Sprite(_pawn_sprite(color, rank, radius, number))


def _paste(canvas: Canvas, sprite: Sprite, p: Point) -> None:
    w, h = sprite.drawn_size
    canvas.paste(sprite, (round(p[0] - w / 2), round(p[1] - h / 2)))


class _Board:
    """One render: the view, its geometry and the seat lookups every drawing step needs."""

    def __init__(self, view: DogPublicView, sections: int) -> None:
        self.view = view
        self.geo = geometry(sections)
        self.seats: dict[int, SeatView] = {s.seat: s for s in view.seats}

    def section(self, seat: int) -> int:
        sv = self.seats.get(seat)
        return (sv.section if sv is not None else seat) % self.geo.sections

    def color(self, seat: int) -> str:
        sv = self.seats.get(seat)
        return sv.color if sv is not None else "grey"

    def name(self, seat: int, limit: int = NAME_MAX) -> str:
        sv = self.seats.get(seat)
        text = drawable(sv.name, limit) if sv is not None else ""
        return text or _("Seat {number}").format(number=seat + 1)

    def xy(self, seat: int, index: int, spot: Spot) -> Point:
        """Image position of a pawn. In the kennel each pawn has its own spot, by pawn index:
        the kennel's order means nothing in the game, and the rules may report every kennel
        pawn at pos 0."""
        geo = self.geo
        if spot.where == "ring":
            return geo.ring[spot.pos % len(geo.ring)]
        if spot.where == "kennel":
            return geo.kennels[self.section(seat)][index % 4]
        return geo.goals[self.section(seat)][min(max(spot.pos, 0), 3)]

    # -- last move ---------------------------------------------------------------------------

    def path(self, mark: MoveMark, swap: bool) -> list[Point]:
        """The way a pawn went: along the ring and into the goal; a straight line for swaps."""
        geo, s, e = self.geo, mark.start, mark.end
        n = len(geo.ring)
        sec = self.section(mark.seat)
        if not swap and s.where == "ring" and e.where == "ring" and s.pos != e.pos:
            back = (s.pos - e.pos) % n
            if back <= 4:  # only a 4 moves backwards
                return [geo.ring[(s.pos - i) % n] for i in range(back + 1)]
            fwd = (e.pos - s.pos) % n
            return [geo.ring[(s.pos + i) % n] for i in range(fwd + 1)]
        if not swap and s.where == "ring" and e.where == "goal":
            fwd = (sec * FIELDS_PER_SECTION - s.pos) % n
            return [geo.ring[(s.pos + i) % n] for i in range(fwd + 1)] + list(
                geo.goals[sec][: min(max(e.pos, 0), 3) + 1]
            )
        if s.where == "goal" and e.where == "goal" and e.pos > s.pos:
            return list(geo.goals[sec][max(s.pos, 0) : min(e.pos, 3) + 1])
        return [self.xy(mark.seat, mark.index, s), self.xy(mark.seat, mark.index, e)]

    def draw_move_paths(self, canvas: Canvas, moves: list[LastMove]) -> None:
        """Each move's paths in its mover's colour, oldest first and faintest, so the newest
        lies on top at full strength."""
        for k, last in enumerate(moves):
            age = len(moves) - 1 - k
            strength = 1.0 if len(moves) == 1 else 1 - (1 - OLDEST_ALPHA) * age / (len(moves) - 1)
            with canvas.translucent(strength) as layer:
                self.draw_move(layer, last, seat_rgb(self.color(last.seat)))

    def draw_move(self, draw: Canvas, last: LastMove, rgb: RGB) -> None:
        """One move: a ring where each pawn started, a line along its way, an arrow head; a
        dark rim under the colour, so a white or yellow path shows on the light track."""
        marks = last.moves
        swap = len(marks) == 2 and marks[0].start == marks[1].end and marks[1].start == marks[0].end
        width = max(3, round(self.geo.spacing * 0.13))
        rim = edge_of(rgb)
        for mark in marks:
            pts = self.path(mark, swap)
            if len(pts) < 2 or pts[0] == pts[-1]:
                continue
            start = pts[0]
            r = self.geo.field_r * 0.75
            for colour, w in ((rim, width + 2), (rgb, width)):
                draw.ellipse((start[0] - r, start[1] - r, start[0] + r, start[1] + r),
                             outline=colour, width=w)
            pts = _trim_end(pts, self.geo.pawn_r + 3)
            if len(pts) < 2:
                continue
            for colour, w, grow in ((rim, width + 3, 2.0), (rgb, width, 0.0)):
                draw.line(pts, fill=colour, width=w, joint="curve")
                _arrow_head(draw, pts[-2], pts[-1], self.geo.spacing * 0.42 + grow, colour)

    # -- pawns -------------------------------------------------------------------------------

    def draw_pawns(self, draw: Canvas) -> None:
        view, geo = self.view, self.geo
        last = view.last_move
        moved = {(m.seat, m.index) for m in last.moves} if last else set()
        home = set(last.sent_home) if last else set()
        halo = geo.pawn_r + max(4, geo.spacing * 0.14)
        for pawn in view.pawns:
            if (pawn.seat, pawn.index) in moved:
                p = self.xy(pawn.seat, pawn.index, pawn.spot)
                _disc(draw, p, halo, MOVE, MOVE, 1)
        royal = view.variant == "royal"
        for pawn in sorted(view.pawns, key=_pawn_order):
            sprite = _pawn(
                self.color(pawn.seat),
                pawn.rank if royal else None,
                round(geo.pawn_r, 1),
                # the menus name classic pawns "pawn 1".."pawn 4", Royal ones by rank only
                None if royal else pawn.index % 4 + 1,
            )
            _paste(draw, sprite, self.xy(pawn.seat, pawn.index, pawn.spot))
        for pawn in view.pawns:
            if (pawn.seat, pawn.index) in home:
                self.draw_sent_home(draw, self.xy(pawn.seat, pawn.index, pawn.spot))

    def draw_sent_home(self, draw: Canvas, p: Point) -> None:
        """A ring and a cross badge: this pawn was just sent back to its kennel."""
        geo = self.geo
        width = max(2, round(geo.spacing * 0.09))
        r = geo.pawn_r + width
        draw.ellipse((p[0] - r, p[1] - r, p[0] + r, p[1] + r), outline=MOVE, width=width)
        b = geo.pawn_r * 0.55
        bx, by = p[0] + geo.pawn_r * 0.8, p[1] - geo.pawn_r * 0.8
        _disc(draw, (bx, by), b, WHITE, MOVE, max(1, width // 2))
        d = b * 0.5
        for sign in (1, -1):
            draw.line(
                (bx - d, by - sign * d, bx + d, by + sign * d),
                fill=MOVE,
                width=max(2, width // 2 + 1),
            )

    # -- seats and cards -------------------------------------------------------------------

    def draw_column(self, draw: Canvas) -> None:
        """The players in the column, under their team's heading when there are teams, and
        under them the last moves in words, as many as fit."""
        y = float(COLUMN_TOP)
        small = font(LEAST)
        tags = {sv.seat: self.tag_size(sv) for sv in self.view.seats}
        notes_at = COLUMN_X + FRAME + max((w for _name, _w, w in tags.values()), default=0)
        for team, seats in self.groups():
            if team is not None:
                # i18n: the heading over a team's players in the board's column
                heading = pgettext("dog", "Team {number}").format(number=team + 1)
                text(draw, (COLUMN_X, y), heading, small, fill=MUTED)
                y += LINE
            for sv in seats:
                y = self.draw_seat(draw, sv, tags[sv.seat], notes_at + FRAME + 8, y)
            y += GROUP_GAP
        self.draw_news(draw, y, COLUMN_BOTTOM)

    def groups(self) -> list[tuple[int | None, list[SeatView]]]:
        """The seats in play order, by team when there are teams (None: no heading)."""
        seats = sorted(self.view.seats, key=lambda sv: sv.seat)
        if not any(self.in_team(sv) for sv in seats):
            return [(None, seats)]
        teams = sorted({sv.team for sv in seats})
        return [(team, [sv for sv in seats if sv.team == team]) for team in teams]

    def tag_size(self, sv: SeatView) -> tuple[str, float, float]:
        """A seat's name as drawn, its tag's width (at most the column's room) and the width
        with the cards beside it."""
        size = TAG_SIZE
        name = drawable(self.name(sv.seat))
        room = COLUMN_R - COLUMN_X - 2 * FRAME - 8 - BADGE_W
        # +1: the tag's own cut must find the whole name fits, whatever the rounding
        name_w = min(text_length(name, font(size)) + 2 * size * 0.45 + 1, room)
        return name, name_w, name_w + 8 + BADGE_W

    def draw_seat(
        self, draw: Canvas, sv: SeatView, tag: tuple[str, float, float], note_x: float, y: float
    ) -> float:
        """One seat's name tag and cards in hand, `y` at the top of its frame; a seat that may
        act has a magenta frame, a winner a gold one; beside it, at `note_x` (or under it,
        when there is no room), whether the seat won, has finished or is out. Returns where
        the next one goes."""
        view = self.view
        size = TAG_SIZE
        small = font(LEAST)
        name, name_w, w = tag
        chip_h = size + 2 * size * 0.22
        x0, y0 = COLUMN_X + FRAME, y + FRAME
        frame = None
        if sv.seat in view.winners:
            frame = GOLD
        elif sv.seat in view.to_act and view.phase != "over":
            frame = MOVE
        at, inside = sprite_origin(x0, y0)
        draw.paste(_tag(name, sv.color, sv.cards, frame, name_w, w, inside), at)
        y = y0 + chip_h + FRAME
        note = seat_note(sv, view.winners, False)  # the team is the heading's
        if note:
            ink = GOLD_LINE if sv.seat in view.winners else TEXT
            if note_x + text_length(note, small) <= COLUMN_R:  # beside the cards
                text(draw, (note_x, y0 + chip_h / 2), note, small, fill=ink, anchor="lm")
            else:  # under the tag
                text(draw, (x0, y + 2), ellipsize(note, small, COLUMN_R - x0), small, fill=ink)
                y += LINE
        return y + ROW_GAP

    def draw_news(self, draw: Canvas, top: float, bottom: float) -> None:
        """The moves since the seat to act last played, in words, newest first, each beside
        a bar in its mover's colour; older ones muted, as their arrows are fainter. Those
        that do not fit are left out; the last one drawn may be cut with '…'."""
        view = self.view
        moves = view.recent_moves or ([view.last_move] if view.last_move is not None else [])
        moves = [m for m in moves if m.text.strip()][-MOVES_SHOWN:]
        if not moves:
            return
        fnt = font(LEAST)
        width = COLUMN_R - COLUMN_X - BAR - 10
        draw.line((COLUMN_X, top, COLUMN_R, top), fill=RULE, width=2)
        y = round(top) + 10
        for k, last in enumerate(reversed(moves)):
            fit = int((bottom - y) // LINE)
            if fit < 1:
                break
            lines = tuple(wrap(last.text, fnt, width, min(fit, NEWS_LINES)))
            if not lines:  # nothing drawable (control characters only)
                continue
            sprite = _news(lines, seat_rgb(self.color(last.seat)), TEXT if k == 0 else MUTED)
            draw.paste(sprite, (COLUMN_X, y))
            y += sprite.size[1] + 8

    def in_team(self, sv: SeatView) -> bool:
        return sum(1 for o in self.view.seats if o.team == sv.team) > 1

    def draw_middle(self, draw: Canvas) -> None:
        """The discard pile's top card under the title, and the deck's count under it."""
        view = self.view
        c = BOARD / 2
        size = LEAST + 1
        fnt = font(size)
        lines = [pgettext("dog", "Deck: {cards}").format(cards=cards(view.deck_left))]
        if text_length(lines[0], fnt) > DECK_LINE:  # a longer language: the count goes under
            lines = [pgettext("dog", "Deck:"), cards(view.deck_left)]
        left, top = c - CARD_W / 2, c + CARD_DY - CARD_H / 2
        at, inside = sprite_origin(left, top)
        draw.paste(_discard(view.discard_top, view.variant == "royal", inside), at)
        for k, line in enumerate(lines):
            y = top + CARD_H + 8 + size * (0.6 + 1.2 * k)
            text(draw, (c, y), line, fnt, fill=TEXT, anchor="mm")


@picture_cache(maxsize=256)  # 20-70 KB each
def _tag(
    name: str, color: str, cards: int, frame: RGB | None, name_w: float, w: float, at: Point
) -> Sprite:
    """A seat's name tag, its cards in hand and its frame (may act, or won), drawn with the
    tag's corner at `at` (see sprite_origin); `name_w` and `w`: the tag's width (the name's,
    up to the column's room) and the width with the cards."""
    size = TAG_SIZE
    chip_h = size + 2 * size * 0.22
    x0, y0 = at
    im = Image.new("RGBA", (math.ceil(x0 + w) + 9, math.ceil(y0 + chip_h) + 9), (0, 0, 0, 0))
    draw = ImageDraw.Draw(im)
    if frame is not None:
        draw.rounded_rectangle((x0 - 6, y0 - 6, x0 + w + 6, y0 + chip_h + 6), radius=12,
                               outline=frame, width=4)
    cw, _h = chip(draw, (x0, y0), name, seat_rgb(color), size, name_w)
    _card_count(draw, (x0 + cw + 8 + BADGE_W, y0 - 2), cards, chip_h + 4)
    return Sprite(im)


@picture_cache(maxsize=64)
def _news(lines: tuple[str, ...], bar: RGB, ink: RGB) -> Sprite:
    """A move in words, its `lines` beside a bar in its mover's colour, on the column's
    ground: one text, the lines LINE apart, so a sentence stays one text for its reader."""
    h = len(lines) * LINE + 4
    im = Image.new("RGB", (COLUMN_R - COLUMN_X, h), PANEL_BG)
    draw = ImageDraw.Draw(im)
    draw.rounded_rectangle((0, 5, BAR, h - 5), radius=BAR / 2, fill=bar)
    fnt = font(LEAST)
    spacing = LINE - fnt.getbbox("A")[3]  # Pillow's line height is the bottom of an "A"
    text(draw, (BAR + 10, 2), "\n".join(lines), fnt, fill=ink, spacing=spacing)
    return Sprite(im)


@picture_cache(maxsize=64)
def _discard(code: str | None, royal: bool, at: Point) -> Sprite:
    """The discard pile's top card (an empty place when there is none), its corner at `at`."""
    x0, y0 = at
    box = (x0, y0, x0 + CARD_W, y0 + CARD_H)
    im = Image.new("RGBA", (math.ceil(x0 + CARD_W) + 9, math.ceil(y0 + CARD_H) + 9), (0, 0, 0, 0))
    draw = ImageDraw.Draw(im)
    if code is not None:
        draw_card(draw, box, code, royal, notes=False, least=LEAST)
    else:
        draw.rounded_rectangle(box, radius=6, outline=RULE, width=2)
    return Sprite(im)


def seat_note(sv: SeatView, winners: list[int], in_team: bool) -> str:
    """The short line under a seat's tag: winner, finished, out (laid down), and the team
    when there are teams; the colour is the tag's and the pawns in the goal are on the
    board, so neither is repeated."""
    bits = []
    if sv.seat in winners:
        bits.append(pgettext("dog", "WINNER"))
    elif sv.finished:
        # i18n: under a player's name on the board: all their pawns are home
        bits.append(pgettext("dog", "finished"))
    if sv.out:
        # i18n: under a player's name on the board: laid down their hand for this round
        bits.append(pgettext("dog", "out"))
    if in_team:
        bits.append(pgettext("dog", "team {number}").format(number=sv.team + 1))
    return " · ".join(bits)


def _pawn_order(pawn: PawnView) -> tuple[int, int]:
    return (pawn.seat, pawn.index)


def _card_count(draw: ImageDraw.ImageDraw, top_right: Point, cards: int, h: float) -> None:
    """A small card back with the number of cards in hand."""
    x1, y0 = top_right
    w = BADGE_W
    x0 = x1 - w
    draw.rounded_rectangle((x0 - 3, y0 + 3, x1 - 3, y0 + h + 3), radius=4, fill=RULE)
    draw.rounded_rectangle(
        (x0, y0, x1, y0 + h), radius=4, fill=CARD_BLUE, outline=edge_of(CARD_BLUE), width=2
    )
    text(draw, ((x0 + x1) / 2, y0 + h / 2), str(cards), font(LEAST), fill=WHITE, anchor="mm")


def _trim_end(pts: list[Point], length: float) -> list[Point]:
    """The polyline shortened by `length` at its end, so an arrow stops at the pawn's rim."""
    pts = list(pts)
    while len(pts) >= 2 and length > 0:
        (x0, y0), (x1, y1) = pts[-2], pts[-1]
        seg = math.hypot(x1 - x0, y1 - y0)
        if seg > length:
            t = (seg - length) / seg
            pts[-1] = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            return pts
        length -= seg
        pts.pop()
    return pts


def _arrow_head(draw: Canvas, a: Point, b: Point, size: float, fill: RGB) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    bx, by = b[0] - ux * size, b[1] - uy * size
    half = size * 0.6
    draw.polygon(
        [
            (b[0] + ux * 2, b[1] + uy * 2),
            (bx - uy * half, by + ux * half),
            (bx + uy * half, by - ux * half),
        ],
        fill=fill,
    )


def board_canvas(view: DogPublicView) -> Canvas:
    """The board of `view`: the cached background, and what the view adds to it."""
    sections = max(3, view.sections)
    n = sections * FIELDS_PER_SECTION
    colours = tuple(sorted({(s.section % sections, s.color) for s in view.seats}))
    specials = tuple(sorted({f % n for f in view.special_fields}))
    canvas = Canvas(_background(sections, colours, specials, view.variant == "royal"))
    board = _Board(view, sections)
    moves = view.recent_moves or ([view.last_move] if view.last_move is not None else [])
    board.draw_move_paths(canvas, moves)
    board.draw_pawns(canvas)
    board.draw_column(canvas)
    board.draw_middle(canvas)
    return canvas


def render_board(view: DogPublicView) -> bytes:
    """PNG of the board: ring, kennels, goals, pawns, the moves since the seat to act last
    played, the seats' tags and the discard."""
    return board_canvas(view).png()
