"""The channel picture of a Dog game, drawn from the public view only.

Layout: the ring is a rounded square for the 4-section board and a rounded hexagon for the
6-section board; each side is one section with its start field (field 16*k) in the middle.
Play runs clockwise. A seat's goal leads straight inward from its start field (goal pos 0
nearest the ring); its kennel is a row of 4 outside the ring, beside the fields that lead to
the start field. Section 0 is at the bottom. The info panel is on the right.

The picture speaks the menus' words (games/dog/moves.py): a classic pawn carries its number
("Pawn 2" is index 1), Royal pawns their rank ("knight"; the menus name them by rank only);
every 4th ring field has its number ("field 26", 0-based as the view) and the goal fields
1-4 ("goal 1" nearest the ring) theirs, small and muted, in the cached background.

The ring, kennels, goals, start fields and special fields depend only on (sections, seat
colours, special fields); that background is drawn once, supersampled, and cached, so each
render only pastes pawns, arrows and text onto a copy.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from games.dog.moves import plural
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
    seat_rgb,
    star,
    tint,
    to_png,
    wrap,
)
from games.dog.views import DogPublicView, LastMove, MoveMark, PawnView, SeatView, Spot
from games.drawing import Font, drawable, font

BOARD = 840
PANEL_W = 320
HEADING_GAP = 12  # least room between the panel title and the round
WIDTH = BOARD + PANEL_W
HEIGHT = BOARD
SS = 2  # supersampling factor of the cached background
FIELDS_PER_SECTION = 16
NEUTRAL: RGB = (178, 160, 124)  # sections nobody sits at (2 or 3 players on the 4-board)
LABEL: RGB = MUTED  # field numbers: there to be found, not to be read first
FIELD_LABEL_EVERY = 4

# (apothem, corner radius) of the ring's centre line, per number of sections.
_SHAPES: dict[int, tuple[float, float]] = {4: (335.0, 95.0), 6: (352.0, 60.0)}

PHASES = {
    "exchange": "Card exchange",
    "royal_setup": "Royal setup",
    "play": "Play",
    "over": "Game over",
}
TO_ACT_LABEL = {
    "exchange": "Giving a card:",
    "royal_setup": "Placing a pawn:",
    "play": "Turn:",
    "over": "",
}


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
        field_r=sp * (0.36 if sp > 32 else 0.34),
        pawn_r=sp * (0.42 if sp > 32 else 0.47),  # small fields: pawns fill them
        ring=tuple(ring),
        outline=tuple(outline),
        starts=tuple(starts),
        normals=tuple(normals),
        goals=tuple(goals),
        kennels=tuple(kennels),
    )


def _disc(draw: ImageDraw.ImageDraw, p: Point, r: float, fill: RGB, line: RGB, width: int) -> None:
    draw.ellipse((p[0] - r, p[1] - r, p[0] + r, p[1] + r), fill=fill, outline=line, width=width)


@lru_cache(maxsize=16)  # ~3 MB each; the rules use one colour set per table size
def _background(
    sections: int, colours: tuple[tuple[int, str], ...], specials: tuple[int, ...], royal: bool
) -> Image.Image:
    """Board and empty panel for one (sections, seat colours, special fields) combination."""
    geo = geometry(sections)
    s = SS
    big = Image.new("RGB", (WIDTH * s, HEIGHT * s), BOARD_BG)
    draw = ImageDraw.Draw(big)

    def sc(p: Point) -> Point:
        return (p[0] * s, p[1] * s)

    by_section = dict(colours)
    sp = geo.spacing
    draw.line([sc(p) for p in geo.outline], fill=TRACK, width=round(sp * 1.05 * s), joint="curve")
    title = "DOG ROYAL" if royal else "DOG"
    draw.text(sc((BOARD / 2, BOARD / 2)), title, font=font(round(46 * s)), fill=TRACK, anchor="mm")
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
        # "goal 1" (pos 0, nearest the ring) to "goal 4": faint, so no one takes it for a pawn
        goal_font = font(round(geo.field_r * 0.95 * s))
        faint = blend(edge, tint(rgb, 0.75), 0.45)
        for g, p in enumerate(geo.goals[k]):
            draw.text(sc(p), str(g + 1), font=goal_font, fill=faint, anchor="mm")
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
    draw.rectangle((BOARD * s, 0, WIDTH * s, HEIGHT * s), fill=PANEL_BG)
    draw.line((BOARD * s, 0, BOARD * s, HEIGHT * s), fill=RULE, width=2 * s)
    return big.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS)


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
    size = 13 if geo.spacing > 32 else 11
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
        draw.text((x * s, y * s), label.text, font=fnt, fill=LABEL, anchor="mm")


@lru_cache(maxsize=256)
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
    letter = {"king": "K", "knight": "N", "citizen": "C", "fool": "F"}.get(rank or "")
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
            num_font = font(round(r * 1.45), bold=True)
            draw.text((c, c), str(number), font=num_font, fill=ink_on(rgb), anchor="mm")
    if letter is not None:
        size_px = round(r * (0.95 if rank == "fool" else 1.2))
        draw.text((c, cy), letter, font=font(size_px), fill=ink_on(rgb), anchor="mm")
    return img.resize((size // q, size // q), Image.Resampling.LANCZOS)


def _paste(im: Image.Image, sprite: Image.Image, p: Point) -> None:
    w, h = sprite.size
    im.paste(sprite, (round(p[0] - w / 2), round(p[1] - h / 2)), sprite)


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
        return text or f"Seat {seat + 1}"

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

    def draw_move_paths(self, draw: ImageDraw.ImageDraw, last: LastMove) -> None:
        marks = last.moves
        swap = len(marks) == 2 and marks[0].start == marks[1].end and marks[1].start == marks[0].end
        width = max(3, round(self.geo.spacing * 0.13))
        for mark in marks:
            pts = self.path(mark, swap)
            if len(pts) < 2 or pts[0] == pts[-1]:
                continue
            start = pts[0]
            r = self.geo.field_r * 0.75
            draw.ellipse(
                (start[0] - r, start[1] - r, start[0] + r, start[1] + r), outline=MOVE, width=width
            )
            pts = _trim_end(pts, self.geo.pawn_r + 3)
            if len(pts) < 2:
                continue
            draw.line(pts, fill=MOVE, width=width, joint="curve")
            _arrow_head(draw, pts[-2], pts[-1], self.geo.spacing * 0.42, MOVE)

    # -- pawns -------------------------------------------------------------------------------

    def draw_pawns(self, im: Image.Image, draw: ImageDraw.ImageDraw) -> None:
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
            sprite = _pawn_sprite(
                self.color(pawn.seat),
                pawn.rank if royal else None,
                round(geo.pawn_r, 1),
                # the menus name classic pawns "pawn 1".."pawn 4", Royal ones by rank only
                None if royal else pawn.index % 4 + 1,
            )
            _paste(im, sprite, self.xy(pawn.seat, pawn.index, pawn.spot))
        for pawn in view.pawns:
            if (pawn.seat, pawn.index) in home:
                self.draw_sent_home(draw, self.xy(pawn.seat, pawn.index, pawn.spot))

    def draw_sent_home(self, draw: ImageDraw.ImageDraw, p: Point) -> None:
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

    # -- panel -------------------------------------------------------------------------------

    def draw_panel(self, draw: ImageDraw.ImageDraw) -> None:
        view = self.view
        x0, right = BOARD + 20, WIDTH - 20
        y = 16.0
        title, title_size, round_text, round_size = heading(view, right - x0)
        draw.text((x0, y), title, font=font(title_size), fill=TEXT)
        draw.text((right, y + 10), round_text, font=font(round_size), fill=MUTED, anchor="ra")
        y += 46
        draw.text((x0, y), PHASES.get(view.phase, view.phase), font=font(24), fill=TEXT)
        y += 36
        if view.to_act and view.phase != "over":
            y = self.chips_row(draw, TO_ACT_LABEL.get(view.phase, ""), view.to_act, x0, y, right)
        if view.seven_left is not None:
            card = "1-7" if view.variant == "royal" else "7"
            steps = plural(view.seven_left, "step")
            draw.rounded_rectangle(
                (x0, y, right, y + 34), radius=8, fill=tint(MOVE, 0.85), outline=MOVE, width=2
            )
            text = f"{card} split: {steps} left"
            draw.text((x0 + 10, y + 17), text, font=font(20), fill=MOVE, anchor="lm")
            y += 44
        if view.phase == "over" and view.winners:
            y = self.chips_row(draw, "Winners:", view.winners, x0, y, right, gold=True)
        draw.line((x0, y, right, y), fill=RULE, width=2)
        y += 10
        y = self.seat_rows(draw, x0, y, right)
        draw.line((x0, y, right, y), fill=RULE, width=2)
        y += 12
        card_w, card_h = 52, 74
        if view.discard_top is not None:
            draw_card(
                draw,
                (x0, y, x0 + card_w, y + card_h),
                view.discard_top,
                view.variant == "royal",
                notes=False,
            )
        else:
            draw.rounded_rectangle(
                (x0, y, x0 + card_w, y + card_h), radius=6, outline=RULE, width=2
            )
        tx = x0 + card_w + 14
        draw.text(
            (tx, y + 10),
            "Discard" if view.discard_top else "Discard: empty",
            font=font(20),
            fill=MUTED,
        )
        deck = f"Deck: {plural(view.deck_left, 'card')}"
        draw.text((tx, y + 40), deck, font=font(20), fill=TEXT)
        y += card_h + 14
        if view.last_move is not None:
            draw.line((x0, y, right, y), fill=RULE, width=2)
            y += 10
            self.last_move_text(draw, view.last_move, x0, y, right)

    def chips_row(
        self,
        draw: ImageDraw.ImageDraw,
        label: str,
        seats: list[int],
        x0: float,
        y: float,
        right: float,
        gold: bool = False,
    ) -> float:
        """A label and the named seats as coloured tags, wrapping onto more lines."""
        size = 20
        draw.text((x0, y + 4), label, font=font(size), fill=GOLD_LINE if gold else MUTED)
        x = x0 + font(size).getlength(label) + 8
        row_h = 34.0
        for seat in seats:
            text = self.name(seat, 12)
            w = font(size).getlength(text) + size
            if x + w > right and x > x0:
                x, y = x0, y + row_h
            cw, _ = chip(draw, (x, y), text, seat_rgb(self.color(seat)), size, right - x0)
            x += cw + 6
        return y + row_h + 6

    def seat_rows(self, draw: ImageDraw.ImageDraw, x0: float, y: float, right: float) -> float:
        view = self.view
        teams: dict[int, int] = {}
        for sv in view.seats:
            teams[sv.team] = teams.get(sv.team, 0) + 1
        in_goal: dict[int, int] = {}
        for pawn in view.pawns:
            if pawn.spot.where == "goal":
                in_goal[pawn.seat] = in_goal.get(pawn.seat, 0) + 1
        small = font(16)
        for sv in sorted(view.seats, key=lambda s: s.seat):
            rgb = seat_rgb(sv.color)
            if sv.seat in view.to_act and view.phase != "over":
                cy = y + 16
                draw.polygon([(x0 - 4, cy - 9), (x0 + 10, cy), (x0 - 4, cy + 9)], fill=MOVE)
            chip(draw, (x0 + 16, y), self.name(sv.seat), rgb, 22, right - x0 - 56)
            _card_count(draw, (right, y), sv.cards)
            line = seat_line(
                sv, view.winners, teams.get(sv.team, 0) > 1, in_goal.get(sv.seat, 0),
                small, right - x0 - 16,
            )
            draw.text((x0 + 16, y + 37), line, font=small, fill=MUTED)
            y += 64
        return y

    def last_move_text(
        self, draw: ImageDraw.ImageDraw, last: LastMove, x0: float, y: float, right: float
    ) -> None:
        draw.text((x0, y), "Last move", font=font(20), fill=MUTED)
        rgb = seat_rgb(self.color(last.seat))
        _disc(draw, (right - 10, y + 11), 10, rgb, edge_of(rgb), 2)
        y += 30
        fnt = font(19)
        lines_left = max(1, int((HEIGHT - 12 - y) // 24))
        for line in wrap(last.text, fnt, right - x0, lines_left):
            draw.text((x0, y), line, font=fnt, fill=TEXT)
            y += 24


def heading(view: DogPublicView, width: float) -> tuple[str, int, str, int]:
    """Panel title and round text with their font sizes, shrunk until both fit on one line.

    "Dog Royal" at full size and "Round 10" would touch; the title gives way first, down to
    the size of the round text.
    """
    title = "Dog Royal" if view.variant == "royal" else "Dog"
    round_text = f"Round {view.round}"
    round_size = 20
    title_size = 34
    while title_size > round_size and (
        font(title_size).getlength(title) + HEADING_GAP + font(round_size).getlength(round_text)
        > width
    ):
        title_size -= 1
    while round_size > 12 and (
        font(title_size).getlength(title) + HEADING_GAP + font(round_size).getlength(round_text)
        > width
    ):
        round_size -= 1
    return title, title_size, round_text, round_size


def seat_line(
    sv: SeatView, winners: list[int], in_team: bool, goal: int, fnt: Font, width: float
) -> str:
    """The small line under a seat's tag: status, colour, team, pawns in the goal.

    When it is too wide the colour goes first (the tag above shows it), then "team" shrinks to
    "t", so status and "3/4 in goal" are never cut.
    """
    status = []
    if sv.seat in winners:
        status.append("WINNER")
    elif sv.finished:
        status.append("finished")
    if sv.out:
        status.append("out")
    goal_text = f"{goal}/4 in goal"
    team = [f"team {sv.team + 1}"] if in_team else []
    short_team = [f"t{sv.team + 1}"] if in_team else []
    for bits in (
        [*status, sv.color, *team, goal_text],
        [*status, *team, goal_text],
        [*status, *short_team, goal_text],
        [*status, *short_team, f"{goal}/4"],
    ):
        text = " · ".join(bits)
        if fnt.getlength(text) <= width:
            return text
    lines = wrap(text, fnt, width, 1)
    return lines[0] if lines else ""


def _pawn_order(pawn: PawnView) -> tuple[int, int]:
    return (pawn.seat, pawn.index)


def _card_count(draw: ImageDraw.ImageDraw, top_right: Point, cards: int) -> None:
    """A small card back with the number of cards in hand."""
    x1, y0 = top_right
    w, h = 28, 38
    x0 = x1 - w
    draw.rounded_rectangle((x0 - 4, y0 + 3, x1 - 4, y0 + h + 3), radius=4, fill=RULE)
    draw.rounded_rectangle(
        (x0, y0, x1, y0 + h), radius=4, fill=CARD_BLUE, outline=edge_of(CARD_BLUE), width=2
    )
    draw.text(((x0 + x1) / 2, y0 + h / 2), str(cards), font=font(20), fill=WHITE, anchor="mm")


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


def _arrow_head(draw: ImageDraw.ImageDraw, a: Point, b: Point, size: float, fill: RGB) -> None:
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


def render_board(view: DogPublicView) -> bytes:
    """PNG of the board: ring, kennels, goals, pawns, the last move and the info panel."""
    sections = max(3, view.sections)
    n = sections * FIELDS_PER_SECTION
    colours = tuple(sorted({(s.section % sections, s.color) for s in view.seats}))
    specials = tuple(sorted({f % n for f in view.special_fields}))
    im = _background(sections, colours, specials, view.variant == "royal").copy()
    board = _Board(view, sections)
    draw = ImageDraw.Draw(im)
    if view.last_move is not None:
        board.draw_move_paths(draw, view.last_move)
    board.draw_pawns(im, draw)
    board.draw_panel(draw)
    return to_png(im)
