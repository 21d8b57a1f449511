"""Pictures of Dent pour dent, drawn from the views only (which keeps every hand secret).

The board reads top to bottom: the ring with each family's fighter (the duel as an arc from
attacker to defender, the card on it), the duel's figures and throws, then every family's
tooth chart in a grid of two columns (its trophies under it), and the piles. Drawn in RGB for
anti-aliased text, then mapped onto one fixed palette: a palette PNG is a fraction of the
bytes and encodes several times faster.

Most of the board never changes within a game: the frame, the ring, the charts with their
names and full sets of teeth. That is a Backdrop drawn once per process per table (number of
families and their charts) and height of the panel under the ring (taller during a duel, for
its throws); a render draws on a games.drawing.Canvas only what the view adds:
fighters, lost teeth (a member's row of teeth is one cached sprite), names, throws, trophies.

Discord shows a picture about 500 px wide, so no text is smaller than LEAST px (11 px there).
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from games.dentpourdent.data import (
    ATTACK,
    FAMILY_RGB,
    MEMBER,
    MEMBERS,
    SPECIAL,
    SWAP,
    TROPHIES_TO_WIN,
    blows_word,
    card_name,
    card_text,
    family_name,
    figure_of,
    member_name,
    names_and,
    teeth_word,
    when,
    yours,
)
from games.dentpourdent.views import (
    DuelView,
    FamilyView,
    MemberView,
    PrivateView,
    PublicView,
    ThrowView,
)
from games.drawing import (
    RGB,
    Backdrop,
    Canvas,
    Sprite,
    blend,
    drawable,
    ellipsize,
    font,
    image_and_png,
    picture_cache,
    text,
    text_length,
    wrap,
)
from games.i18n import NC_, _, colon, ngettext, npgettext, pgettext
from games.pictures.cards import (
    CARD_PAD,
    CARD_W,
    HAND_W,
    Hand,
    blank_card,
    head_band,
    swap_arrows,
)
from games.pictures.colours import (
    BLACK,
    DIM,
    GOLD,
    INK,
    LIGHT,
    MUTED,
    PANEL,
    PANEL_EDGE,
    WHITE,
    edge_of,
    fixed_palette,
    ink_on,
)
from games.pictures.lettering import Lettering, player_name, wrapped
from games.pictures.panels import GAP, LEAST, MARGIN, TITLE_H, WIDTH, TitleBar, panel_box, tag
from games.pictures.sprites import SS, Supersampled

FRAME: RGB = (34, 38, 50)
FLOOR: RGB = (206, 218, 230)  # the ring's canvas
ROPE: RGB = (196, 48, 48)
POST: RGB = (60, 66, 82)
CHART: RGB = (248, 244, 234)
CHART_EDGE: RGB = (206, 196, 176)
TOOTH: RGB = (255, 255, 255)
TOOTH_EDGE: RGB = (126, 120, 112)
LOST: RGB = (20, 20, 22)
KO: RGB = (200, 30, 40)
OUT: RGB = (130, 130, 136)
GGM: RGB = (186, 160, 214)
UNKNOWN: RGB = (150, 150, 150)
ATTACK_RGB: RGB = (196, 44, 44)  # the hand's cards, by kind
SWAP_RGB: RGB = (44, 108, 196)
SPECIAL_RGB: RGB = (128, 70, 180)


RING_TOP = TITLE_H
RING_H = 204
TOKEN_R = 32
TOKEN_Y = RING_TOP + 78  # centre of the fighters
DUEL_TOP = RING_TOP + RING_H + GAP
DUEL_H = 318  # the panel under the ring during a duel; shorter without one
QUIET_H = 112
THROW_ROWS = 4  # per column, two columns
THROW_H = 38
COL_W = (WIDTH - 2 * MARGIN - GAP) // 2  # 430
HEAD_H = 44
ROW_H = 30
NAME_W = 160  # the member names' column
TOOTH_W = 21  # a tooth's cell in a chart row
TEETH_ROOM = 190  # a row's teeth: the pet's ten get thinner cells than the others' eight
TOOTH_H = 24
TROPHY_H = 44
CHART_H = HEAD_H + 8 + len(MEMBERS) * ROW_H + 8 + TROPHY_H + 6
FOOT_H = 64
# Short names on the trophy pawns and the fighters (the full names are on the charts).
# i18n: a family member's name in 3 or 4 letters, on a small round token (Grandpa, Grandma,
# Dad, Mum, Son, Daughter, Pet): at most 4 or 5 narrow letters
SHORT = {
    "grandfather": NC_("dentpourdent short name", "Gpa"),
    "grandmother": NC_("dentpourdent short name", "Gma"),
    "father": NC_("dentpourdent short name", "Dad"),
    "mother": NC_("dentpourdent short name", "Mum"),
    "son": NC_("dentpourdent short name", "Son"),
    "daughter": NC_("dentpourdent short name", "Dau"),
    "pet": NC_("dentpourdent short name", "Pet"),
}

# i18n: what the game is at, after "Ann's turn · " in the board's title bar
STAGES = {
    "place": NC_("dentpourdent", "placing the fighters"),
    "turn": NC_("dentpourdent", "to challenge"),
    "duel": NC_("dentpourdent", "duel under way"),
    "send": NC_("dentpourdent", "sending a fighter into the ring"),
    "spread": NC_("dentpourdent", "spreading the teeth"),
    "chairs": NC_("dentpourdent", "Battle of the Chairs"),
    "over": NC_("dentpourdent", "game over"),
}
# What the seats waited for are to do; {who} is one or more players' names.
WAITING = {
    "place": NC_("dentpourdent", "Waiting for {who} to place a fighter in the ring"),
    "turn": NC_("dentpourdent", "Waiting for {who} to challenge a fighter"),
    "send": NC_("dentpourdent", "Waiting for {who} to send a new fighter into the ring"),
    "spread": NC_("dentpourdent", "Waiting for {who} to spread the teeth over the family"),
    "chairs": NC_("dentpourdent",
                  "Waiting for {who} to choose the teeth lost (Battle of the Chairs)"),
}


def short_name(member: str) -> str:
    """A member's name on a token: 'Dad'."""
    if member in SHORT:
        return pgettext("dentpourdent short name", SHORT[member])
    return member[:3].title()


def family_rgb(colour: str) -> RGB:
    """The drawing colour of a family; an unknown one is grey rather than an error."""
    return FAMILY_RGB.get(colour, UNKNOWN)


# -- the palette ---------------------------------------------------------------------------------


def _palette_colours() -> list[RGB]:
    """Every flat colour the pictures use, then the anti-aliased edges between the inks and
    the grounds they lie on (text and shapes), then greys: 256 at most."""
    grounds = [FRAME, PANEL, FLOOR, CHART, WHITE]
    inks = [LIGHT, DIM, INK, MUTED, GOLD, LOST, KO, TOOTH_EDGE, OUT]
    families = list(FAMILY_RGB.values())
    base = [*grounds, *inks, PANEL_EDGE, ROPE, POST, CHART_EDGE, GGM, BLACK, UNKNOWN]
    for rgb in families:
        base += [rgb, edge_of(rgb), blend(rgb, CHART, 0.75), blend(rgb, WHITE, 0.5)]
    base += [blend(c, WHITE, 0.5) for c in (ATTACK_RGB, SWAP_RGB, SPECIAL_RGB)]
    base += [ATTACK_RGB, SWAP_RGB, SPECIAL_RGB]
    mixes: list[RGB] = []
    for ink in inks + [WHITE]:
        for ground in grounds:
            if ink != ground:
                mixes += [blend(ink, ground, t) for t in (0.25, 0.5, 0.75)]
    for rgb in families + [ATTACK_RGB, SWAP_RGB, SPECIAL_RGB]:
        for other in (WHITE, INK, CHART, FLOOR, PANEL):
            mixes.append(blend(rgb, other, 0.5))
        mixes += [blend(WHITE, rgb, t) for t in (0.25, 0.75)]
    greys = [(v, v, v) for v in range(0, 256, 16)]
    colours = list(dict.fromkeys(base + greys + mixes))
    return colours[:256]


palette_image = fixed_palette(_palette_colours)


# -- text ----------------------------------------------------------------------------------------


_text = Lettering(LEAST)
TITLE = TitleBar("DENT POUR DENT", TITLE_H / 2, _text)


# -- shapes --------------------------------------------------------------------------------------

# A molar seen from the side, crown up, in a unit box: two cusps, two roots.
_TOOTH = (
    (0.06, 0.34), (0.10, 0.12), (0.26, 0.02), (0.40, 0.07), (0.50, 0.13), (0.60, 0.07),
    (0.74, 0.02), (0.90, 0.12), (0.94, 0.34), (0.88, 0.56), (0.82, 0.93), (0.72, 0.99),
    (0.63, 0.72), (0.50, 0.63), (0.37, 0.72), (0.28, 0.99), (0.18, 0.93), (0.12, 0.56),
)  # fmt: skip


def _tooth_points(
    x: float, y: float, w: float, h: float, turn: int = 0
) -> list[tuple[float, float]]:
    """The tooth outline in the box (x, y, w, h): `turn` 0 crown up, 1 on its side (crown
    right), 2 upside down."""
    out = []
    for u, v in _TOOTH:
        if turn == 1:
            u, v = 1 - v, u
        elif turn == 2:
            u, v = u, 1 - v
        out.append((x + u * w, y + v * h))
    return out


def _cell(full: int) -> int:
    """The width of a tooth's cell in a row of `full` teeth."""
    return TOOTH_W if full * TOOTH_W <= TEETH_ROOM else max(4, TEETH_ROOM // full)


@picture_cache(maxsize=256)  # ~20 KB each: sets of 5-10 teeth, on the chart or a ring row
def _teeth_row(full: int, teeth: int, ground: RGB) -> Sprite:
    """A member's row of teeth on `ground`: the first `teeth` white, the lost ones black.
    Supersampled for smooth edges; opaque, so pasted it covers the row drawn before."""
    cell = _cell(full)
    w, h = max(1, full * cell), TOOTH_H
    big = Supersampled((w, h), ground)
    draw = big.draw
    for i in range(full):
        x = (i * cell + 2) * SS
        lost = i >= teeth
        draw.polygon(
            _tooth_points(x, 1 * SS, (cell - 4) * SS, (TOOTH_H - 2) * SS),
            fill=LOST if lost else TOOTH,
            outline=LOST if lost else TOOTH_EDGE,
            width=round(1.5 * SS),
        )
    return big.sprite()


MOLAR = 30  # a thrown molar's icon
MOLAR_TILES: dict[int, RGB] = {2: GOLD, 1: (118, 132, 164)}  # up, down; on its side: none


@picture_cache(maxsize=16)
def _molar(value: int, ground: RGB) -> Sprite:
    """A thrown molar as it landed, on a tile that says what it is worth: up (2 teeth, a
    gold tile), upside down (1 tooth, a grey one), on its side (nothing, no tile)."""
    size = MOLAR
    big = Supersampled((size, size), ground)
    draw = big.draw
    turn = {2: 0, 1: 2}.get(value, 1)
    tile = MOLAR_TILES.get(value)
    if tile is not None:
        draw.rounded_rectangle((0, 0, size * SS - 1, size * SS - 1), radius=7 * SS, fill=tile)
    pad = 4 * SS
    inner = size * SS - 2 * pad
    fill = TOOTH if value else blend(TOOTH, ground, 0.45)
    draw.polygon(
        _tooth_points(pad, pad, inner, inner, turn),
        fill=fill,
        outline=TOOTH_EDGE,
        width=round(1.5 * SS),
    )
    return big.sprite()


TOKEN_MOST = 104  # the widest a fighter's token grows for a longer short name


@picture_cache(maxsize=64)
def _fighter(colour: str, member: str) -> Sprite:
    """A fighter's token on the ring floor: a disc in the family colour with the member's
    short name, drawn out into a pill when the name is wider than the disc. Opaque on the
    floor, so it covers the empty place drawn on the backdrop."""
    rgb = family_rgb(colour)
    short = short_name(member)
    size = 22  # smaller, down to the least size, for a name wider than the widest pill
    while size > LEAST and text_length(short, font(size, True)) > TOKEN_MOST - 16:
        size -= 1
    fnt = font(size, True)
    short = ellipsize(short, fnt, TOKEN_MOST - 16)
    wide = text_length(short, fnt)
    body = 2 * TOKEN_R if wide <= 2 * TOKEN_R - 2 else min(TOKEN_MOST, round(wide) + 16)
    w, h = body + 8, 2 * TOKEN_R + 8
    big = Supersampled((w, h), FLOOR)
    draw = big.draw
    x0, y0 = 4 * SS, 4 * SS
    x1, y1 = x0 + body * SS, y0 + 2 * TOKEN_R * SS
    r = TOKEN_R * SS
    shadow = (x0 + 3 * SS, y0 + 4 * SS, x1 + 3 * SS, y1 + 4 * SS)
    if body == 2 * TOKEN_R:
        draw.ellipse(shadow, fill=blend(FLOOR, BLACK, 0.25))
        draw.ellipse((x0, y0, x1, y1), fill=rgb, outline=edge_of(rgb), width=3 * SS)
    else:
        draw.rounded_rectangle(shadow, radius=r, fill=blend(FLOOR, BLACK, 0.25))
        draw.rounded_rectangle((x0, y0, x1, y1), radius=r, fill=rgb, outline=edge_of(rgb),
                               width=3 * SS)
    image = big.shrunk()
    text(ImageDraw.Draw(image), (w / 2, h / 2), short, fnt, fill=ink_on(rgb), anchor="mm")
    return Sprite(image)


@picture_cache(maxsize=4)
def _great_grandmother(ground: RGB) -> Sprite:
    """The great-grandmother's pawn: a small lilac figure with a white bun."""
    big = Supersampled((26, 44), ground)
    draw, s = big.draw, SS
    edge = edge_of(GGM)
    draw.polygon(
        [(4 * s, 42 * s), (8 * s, 20 * s), (18 * s, 20 * s), (22 * s, 42 * s)],
        fill=GGM,
        outline=edge,
        width=2 * s,
    )
    draw.ellipse((5 * s, 6 * s, 21 * s, 22 * s), fill=GGM, outline=edge, width=2 * s)
    draw.ellipse((9 * s, 1 * s, 17 * s, 9 * s), fill=WHITE, outline=edge, width=s)
    # the stick
    draw.line((23 * s, 22 * s, 24 * s, 43 * s), fill=INK, width=2 * s)
    return big.sprite()


TROPHY_H_PX = 42  # a trophy pawn's height
TROPHY_PAD = 6  # room beside a pawn's short name, less when seven must fit
CUP = 26


def _trophy_widths(labels: list[str], pad: int) -> list[int]:
    fnt = font(LEAST)
    return [round(text_length(label, fnt)) + 2 * pad for label in labels]


def _trophy_layout(
    pawns: tuple[tuple[str, str], ...], room: int
) -> tuple[list[str], list[int], int]:
    """The pawns' labels, widths and the gap between them, within `room` if they can be:
    their short names with less room beside them and closer together when seven must fit,
    and if even that is too wide (long short names), their initials."""
    labels = [short_name(member) for _, member in pawns]
    for names in (labels, [label[:1] for label in labels]):
        for gap in (4, 1):
            for pad in range(TROPHY_PAD, 1, -1):
                widths = _trophy_widths(names, pad)
                if sum(widths) + gap * len(widths) <= room:
                    return names, widths, gap
    return names, _trophy_widths(names, 2), 1


@picture_cache(maxsize=256)
def _trophies(pawns: tuple[tuple[str, str], ...], room: int) -> Sprite:
    """A player's trophies, at most `room` px wide: one small pawn each (a head on a body)
    in the colour of the family it came from, the member's short name on its body."""
    labels, widths, gap = _trophy_layout(pawns, room)
    h = TROPHY_H_PX
    big = Supersampled((sum(widths) + gap * len(widths), h), CHART)
    draw = big.draw
    x = 0
    for w, (colour, _member) in zip(widths, pawns, strict=True):
        rgb = family_rgb(colour)
        cx = (x + w / 2) * SS
        draw.ellipse(
            (cx - 8 * SS, 1 * SS, cx + 8 * SS, 17 * SS),
            fill=rgb,
            outline=edge_of(rgb),
            width=2 * SS,
        )
        draw.rounded_rectangle(
            (x * SS, 13 * SS, (x + w) * SS, (h - 1) * SS),
            radius=8 * SS,
            fill=rgb,
            outline=edge_of(rgb),
            width=2 * SS,
        )
        draw.ellipse((cx - 6 * SS, 3 * SS, cx + 6 * SS, 15 * SS), fill=rgb)  # the neck's seam
        x += w + gap
    image = big.shrunk()
    draw = ImageDraw.Draw(image)
    x = 0
    for w, (colour, _member), label in zip(widths, pawns, labels, strict=True):
        ink = ink_on(family_rgb(colour))
        text(draw, (x + w / 2, (13 + h) / 2), label, font(LEAST), fill=ink, anchor="mm")
        x += w + gap
    return Sprite(image)


@picture_cache(maxsize=16)
def _cup(colour: RGB, ground: RGB) -> Sprite:
    """A trophy cup: what the trophy count and the trophy row are about."""
    s = SS
    big = Supersampled((CUP, CUP), ground)
    draw = big.draw
    draw.chord((5 * s, -7 * s, 21 * s, 15 * s), 0, 180, fill=colour)
    draw.rectangle((5 * s, 1 * s, 21 * s, 4 * s), fill=colour)
    draw.arc((1 * s, 2 * s, 10 * s, 11 * s), 90, 270, fill=colour, width=2 * s)
    draw.arc((16 * s, 2 * s, 25 * s, 11 * s), 270, 90, fill=colour, width=2 * s)
    draw.rectangle((11 * s, 14 * s, 15 * s, 20 * s), fill=colour)
    draw.rounded_rectangle((6 * s, 20 * s, 20 * s, 25 * s), radius=s, fill=colour)
    return big.sprite()


# -- the board's layout --------------------------------------------------------------------------


def _rows(n: int) -> int:
    return -(-n // 2)


def panel_height(view: PublicView) -> int:
    """The panel under the ring: tall during a duel (its throws), while the fighters are
    placed (the opening throws) and at the end (the winners); short between duels, when it
    only says what the game waits for. Two heights, so two backdrops per table."""
    quiet = view.duel is None and view.winners is None and view.stage != "place"
    return QUIET_H if quiet else DUEL_H


def _charts_top(panel: int) -> int:
    return DUEL_TOP + panel + GAP


def board_height(families: int, panel: int = DUEL_H) -> int:
    """Charts two to a row; with an even number of families the piles get a row of their
    own, with an odd one they take the empty place beside the last chart."""
    height = _charts_top(panel) + _rows(families) * (CHART_H + GAP)
    return height + (FOOT_H + GAP if families % 2 == 0 else 0) + MARGIN - GAP


def _chart_xy(seat: int, panel: int) -> tuple[int, int]:
    top = _charts_top(panel)
    return MARGIN + (seat % 2) * (COL_W + GAP), top + (seat // 2) * (CHART_H + GAP)


def _foot_box(families: int, panel: int) -> tuple[int, int, int, int]:
    if families % 2:
        x, y = _chart_xy(families, panel)
        return x, y, x + COL_W, y + CHART_H
    y = _charts_top(panel) + _rows(families) * (CHART_H + GAP)
    return MARGIN, y, WIDTH - MARGIN, y + FOOT_H


def _slot_x(seat: int, families: int) -> float:
    """The centre of a family's place in the ring, seats left to right."""
    room = (WIDTH - 2 * MARGIN) / families
    return MARGIN + room * (seat + 0.5)


def _member_y(y: int, index: int) -> int:
    return y + HEAD_H + 8 + index * ROW_H


Table = tuple[tuple[str, tuple[int, ...]], ...]  # per family: colour, full teeth per member


@picture_cache(maxsize=8)  # 3.5-7 MB each: per table (families, charts) and panel height
def _backdrop(table: Table, panel: int) -> Backdrop:
    """What does not change within a game: the frame, the ring and its empty places, the
    panel under it (`panel` px high), every chart with its names and full teeth."""
    n = len(table)
    img = Image.new("RGB", (WIDTH, board_height(n, panel)), FRAME)
    draw = ImageDraw.Draw(img)
    TITLE.backdrop(draw)
    # the ring: its canvas, four posts and the ropes along the top and bottom
    x0, y0, x1, y1 = MARGIN, RING_TOP, WIDTH - MARGIN, RING_TOP + RING_H
    draw.rounded_rectangle((x0, y0, x1, y1), radius=12, fill=FLOOR, outline=POST, width=2)
    for y in (y0 + 6, y1 - 6):
        draw.line((x0 + 12, y, x1 - 12, y), fill=ROPE, width=3)
    for x, y in ((x0 + 8, y0 + 6), (x1 - 8, y0 + 6), (x0 + 8, y1 - 6), (x1 - 8, y1 - 6)):
        draw.ellipse((x - 7, y - 7, x + 7, y + 7), fill=POST)
    for seat, (colour, _fulls) in enumerate(table):
        cx, r = _slot_x(seat, n), TOKEN_R - 4
        draw.ellipse(
            (cx - r, TOKEN_Y - r, cx + r, TOKEN_Y + r),
            outline=blend(family_rgb(colour), FLOOR, 0.4),
            width=3,
        )
    # the duel panel
    panel_box(draw, (MARGIN, DUEL_TOP, WIDTH - MARGIN, DUEL_TOP + panel))
    for seat, (colour, fulls) in enumerate(table):
        _chart_frame(img, draw, seat, colour, fulls, panel)
    panel_box(draw, _foot_box(n, panel))
    return Backdrop(img, palette_image)


def _chart_frame(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    seat: int,
    colour: str,
    fulls: tuple[int, ...],
    panel: int,
) -> None:
    """A family's chart with no name on it yet and every tooth in place."""
    x, y = _chart_xy(seat, panel)
    rgb = family_rgb(colour)
    draw.rounded_rectangle(
        (x, y, x + COL_W, y + CHART_H), radius=12, fill=CHART, outline=CHART_EDGE, width=2
    )
    head_band(draw, x, y, x + COL_W, HEAD_H, 12, rgb)
    for i, member in enumerate(MEMBERS):
        my = _member_y(y, i)
        _text(draw, (x + 14, my + ROW_H / 2), member_name(member.key), LEAST, INK, "lm",
              width=NAME_W - 4)
        full = fulls[i] if i < len(fulls) else member.teeth
        img.paste(_teeth_row(full, full, CHART).image, _teeth_box(x, my, full)[:2])
    ty = y + CHART_H - 6 - TROPHY_H
    draw.line((x + 12, ty - 4, x + COL_W - 12, ty - 4), fill=CHART_EDGE, width=1)


def _teeth_box(x: int, my: int, full: int) -> tuple[int, int, int, int]:
    tx, ty = x + 14 + NAME_W, my + (ROW_H - TOOTH_H) // 2
    return tx, ty, tx + full * _cell(full), ty + TOOTH_H


def _table(view: PublicView) -> Table:
    return tuple((fam.colour, tuple(m.full for m in fam.members)) for fam in view.families)


# -- what a view adds ----------------------------------------------------------------------------


def _fighter_name(view: PublicView, seat: int) -> str:
    """'Ann's Father', or the player's name alone while no fighter is placed."""
    fam = view.families[seat]
    name = player_name(fam.player)
    if fam.ring is None or fam.ring not in MEMBER:
        return name
    return figure_of(name, fam.ring)


def _status(view: PublicView) -> tuple[str, RGB]:
    """The title bar's line: whose turn, who is waited for, or who won."""
    names = [player_name(f.player) for f in view.families]
    if view.winners is not None:
        won = [names[s] for s in view.winners if 0 <= s < len(names)]
        if not won:
            return pgettext("dentpourdent", "Game over"), GOLD
        return ngettext("Game over: {names} wins!", "Game over: {names} win!", len(won)).format(
            names=names_and(won)), GOLD
    stage = pgettext("dentpourdent", STAGES[view.stage]) if view.stage in STAGES else view.stage
    if view.turn is not None and 0 <= view.turn < len(names):
        line = pgettext("dentpourdent", "{name}'s turn").format(name=names[view.turn])
        if view.stage != "turn":
            line += f" · {stage}"
    else:
        line = stage[:1].upper() + stage[1:]
    if view.answers_awaited:
        line += " · " + pgettext("dentpourdent", "answers awaited")
    return line, LIGHT


def _ring(canvas: Canvas, view: PublicView) -> None:
    """The fighters in their places, each with its member's and player's names, the
    great-grandmother beside hers, and the duel's arc from attacker to defender."""
    n = len(view.families)
    room = (WIDTH - 2 * MARGIN) / n - 12
    for fam in view.families:
        cx = _slot_x(fam.seat, n)
        rgb = family_rgb(fam.colour)
        half = TOKEN_R
        if fam.out:
            # i18n: a family out of the game, on its empty place in the ring
            _text(canvas, (cx, TOKEN_Y), pgettext("dentpourdent", "out"), LEAST,
                  blend(OUT, FLOOR, 0.2), "mm", width=room)
        elif fam.ring is not None:
            token = _fighter(fam.colour, fam.ring)
            tw, th = token.size
            half = tw // 2 - 4  # the token's half width, its shadow's margin aside
            canvas.paste(token, (round(cx) - tw // 2, TOKEN_Y - th // 2))
        else:
            _text(canvas, (cx, TOKEN_Y), "?", 26, edge_of(rgb), "mm", bold=True)
        member = member_name(fam.ring) if fam.ring in MEMBER else ""
        if fam.out:
            member = pgettext("dentpourdent", "out of the game")
        if member:
            _text(
                canvas,
                (cx, TOKEN_Y + TOKEN_R + 18),
                member,
                LEAST,
                INK,
                "mm",
                width=room,
                bold=not fam.out,
            )
        _text(
            canvas,
            (cx, TOKEN_Y + TOKEN_R + 44),
            player_name(fam.player),
            LEAST,
            edge_of(rgb) if not fam.out else OUT,
            "mm",
            width=room,
        )
        if view.ggm == fam.seat and not fam.out:
            canvas.paste(_great_grandmother(FLOOR), (round(cx) + half + 8, TOKEN_Y - 18))
            _text(
                canvas,
                (cx, TOKEN_Y + TOKEN_R + 70),
                _longest_fitting(tuple(pgettext("dentpourdent", g) for g in GGM_LABELS),
                                 room + 10),
                LEAST,
                edge_of(GGM),
                "mm",
                width=room + 10,
            )
    if view.duel is not None:
        _arc(canvas, view, view.duel)


# i18n: the great-grandmother stands by this fighter; the longest that fits is drawn
GGM_LABELS = (NC_("dentpourdent", "+ great-grandmother"), NC_("dentpourdent", "+ great-grandma"),
              NC_("dentpourdent", "+ great-gran"))


def _longest_fitting(lines: tuple[str, ...], width: float) -> str:
    """The first of `lines` that fits `width` at LEAST px, else the last one."""
    return next((x for x in lines if text_length(x, font(LEAST)) <= width), lines[-1])


def _arc(canvas: Canvas, view: PublicView, duel: DuelView) -> None:
    """An arc over the ring from the attacker's fighter to the defender's, an arrowhead on
    the defender, and the card with its blows on top."""
    n = len(view.families)
    if not (0 <= duel.attacker < n and 0 <= duel.defender < n):
        return
    ax, dx = _slot_x(duel.attacker, n), _slot_x(duel.defender, n)
    rgb = family_rgb(view.families[duel.attacker].colour)
    base = TOKEN_Y - TOKEN_R - 6
    top = RING_TOP + 22
    points = []
    for k in range(25):
        t = k / 24
        x = ax + (dx - ax) * t
        y = base - (base - top) * 4 * t * (1 - t) * 1.0
        points.append((round(x, 1), round(y, 1)))
    # stop short of the defender: the arrowhead ends there
    end = points[-1]
    canvas.line(points[:-2], fill=edge_of(rgb), width=7, joint="curve")
    canvas.line(points[:-2], fill=rgb, width=4, joint="curve")
    px, py = points[-3]
    ang = math.atan2(end[1] - py, end[0] - px)
    head = [
        end,
        (end[0] - 16 * math.cos(ang - 0.45), end[1] - 16 * math.sin(ang - 0.45)),
        (end[0] - 16 * math.cos(ang + 0.45), end[1] - 16 * math.sin(ang + 0.45)),
    ]
    canvas.polygon(head, fill=rgb, outline=edge_of(rgb), width=2)
    label = f"{_card_title(duel.card)} · {blows_word(duel.blows)}"
    fnt = font(LEAST, True)
    w = text_length(label, fnt) + 20
    mx = (ax + dx) / 2
    mx = min(max(mx, MARGIN + w / 2 + 8), WIDTH - MARGIN - w / 2 - 8)
    tag(canvas, (mx, top - 2), (w, 28), label, fnt, WHITE, edge_of(rgb), INK, radius=10)


def _card_title(key: str) -> str:
    if key == "bare":
        # i18n: a duel fought without an attack card
        return pgettext("dentpourdent", "Bare fist")
    try:
        return card_name(key)
    except KeyError:
        return key


def _duel(canvas: Canvas, view: PublicView, duel: DuelView) -> None:
    """The duel's fighters and card, its throws, the cards in force, the teeth waiting."""
    x0, y0 = MARGIN + 16, DUEL_TOP + 14
    x1 = WIDTH - MARGIN - 16
    n = len(view.families)
    card = _card_title(duel.card)
    if duel.card == "bare":
        card = _("Bare fist: one blow, no card")
    card_w = min(text_length(card, font(LEAST)), (x1 - x0) * 0.3)
    room = x1 - x0 - card_w - 16
    who = pgettext("dentpourdent", "Duel")
    # i18n: between the two fighters of a duel ("Ann's Father vs Bob's Son")
    versus = f" {pgettext('dentpourdent', 'vs')} "
    if 0 <= duel.attacker < n and 0 <= duel.defender < n:
        fnt = font(24, True)
        each = (room - text_length(versus, fnt)) / 2
        a = _fighter_name(view, duel.attacker)
        d = _fighter_name(view, duel.defender)
        a_w, d_w = text_length(a, fnt), text_length(d, fnt)
        if a_w + d_w > 2 * each:  # the shorter keeps its whole name if it can
            if a_w <= each:
                d = ellipsize(d, fnt, 2 * each - a_w)
            elif d_w <= each:
                a = ellipsize(a, fnt, 2 * each - d_w)
            else:
                a, d = ellipsize(a, fnt, each), ellipsize(d, fnt, each)
        who = f"{a}{versus}{d}"
    used = _text(canvas, (x0, y0), who, 24, LIGHT, width=room, bold=True)
    _text(canvas, (x0 + used + 16, y0 + 3), card, LEAST, GOLD, width=x1 - x0 - used - 16)
    y = y0 + 34
    left = _("{blows} announced · throws left: attack {attacks}, defence {defences}").format(
        blows=blows_word(duel.blows), attacks=duel.attacks_left, defences=duel.defences_left)
    _text(canvas, (x0, y), left, LEAST, DIM, width=x1 - x0)
    y += 32
    _throws(canvas, view, duel.thrown, y)
    y = DUEL_TOP + DUEL_H - 68  # two lines for the cards in force and the teeth waiting
    room = x1 - x0
    if duel.pending > 0:
        said = ngettext("{n} tooth waiting for answers", "{n} teeth waiting for answers",
                        duel.pending).format(n=duel.pending)
        fnt = font(LEAST, True)
        w = text_length(said, fnt) + 24
        canvas.rounded_rectangle((x1 - w, y - 2, x1, y + 30), radius=10, fill=GOLD)
        _text(canvas, (x1 - w / 2, y + 14), said, LEAST, INK, "mm", bold=True)
        room -= w + 16
    if not duel.effects:
        _text(canvas, (x0, y + 14), _("No card in force"), LEAST, DIM, "lm", width=room)
        return
    fnt = font(LEAST)
    # i18n: the cards in force in the duel follow this label
    label = pgettext("dentpourdent", "In force:") + " "
    _text(canvas, (x0, y + 14), label, LEAST, DIM, "lm")
    indent = text_length(label, fnt)
    # whole cards in force on the first line, as many as fit; the others on the second
    parts = [drawable(e) for e in duel.effects]
    k = 1
    while k < len(parts) and text_length(" · ".join(parts[: k + 1]), fnt) <= room - indent:
        k += 1
    first, rest = " · ".join(parts[:k]), " · ".join(parts[k:])
    _text(canvas, (x0 + indent, y + 14), first, LEAST, LIGHT, "lm", width=room - indent)
    if rest:
        _text(canvas, (x0 + indent, y + 44), rest, LEAST, LIGHT, "lm", width=x1 - x0 - indent)


def _throws(canvas: Canvas, view: PublicView, thrown: list[ThrowView], y: int) -> None:
    """The throws so far, one to a line, in two columns when there are more than four (down
    the left, then the right): who threw (attack or defence), the molars as they landed,
    the teeth taken and from whom, the note. Past eight, the earliest are summed up."""
    x0 = MARGIN + 16
    if not thrown:
        said = pgettext("dentpourdent", "No throw yet")
        _text(canvas, (x0, y + THROW_H / 2), said, LEAST, DIM, "lm")
        return
    full = WIDTH - 2 * MARGIN - 32
    most = 2 * THROW_ROWS
    columns = 1 if len(thrown) <= THROW_ROWS else 2
    col_w = full if columns == 1 else (full - 16) / 2
    shown = thrown if len(thrown) <= most else thrown[-(most - 1) :]
    k = 0
    if len(shown) < len(thrown):
        earlier = len(thrown) - len(shown)
        taken = sum(t.damage for t in thrown[:earlier])
        said = ngettext("{n} earlier throw: {teeth}", "{n} earlier throws: {teeth}",
                        earlier).format(n=earlier, teeth=teeth_word(taken))
        _text(canvas, (x0, y + THROW_H / 2), said, LEAST, DIM, "lm", width=col_w)
        k = 1
    names = [player_name(f.player) for f in view.families]
    for throw in shown:
        cx = x0 + (k // THROW_ROWS) * (col_w + 16)
        cy = y + (k % THROW_ROWS) * THROW_H
        _throw(canvas, view, names, throw, round(cx), cy, col_w)
        k += 1


def _throw(
    canvas: Canvas,
    view: PublicView,
    names: list[str],
    throw: ThrowView,
    x: int,
    y: int,
    width: float,
) -> None:
    n = len(view.families)
    rgb = family_rgb(view.families[throw.by].colour) if 0 <= throw.by < n else UNKNOWN
    mid = y + THROW_H / 2 - 2
    # i18n: one letter on a throw's badge: A for an attack throw, D for a defence throw
    badge = pgettext("dentpourdent", "A") if throw.attack else pgettext("dentpourdent", "D")
    tag(canvas, (x + 14, mid), (28, 28), badge, font(LEAST, True), rgb, edge_of(rgb), ink_on(rgb),
        radius=7)
    mx = x + 36
    molars = throw.molars[:6]
    for value in molars:
        canvas.paste(_molar(value, PANEL), (mx, round(mid) - MOLAR // 2))
        mx += MOLAR + 2
    mx = x + 36 + max(3, len(molars)) * (MOLAR + 2) + 6  # the results line up after three
    note = f" ({drawable(throw.note)})" if throw.note else ""
    room = x + width - mx
    if throw.damage > 0:
        hit = names[throw.hit] if throw.hit is not None and 0 <= throw.hit < n else \
            pgettext("dentpourdent", "nobody")
        said = f"−{throw.damage} " + _text.fit(hit, note, LEAST, room - 40)
        colour = GOLD
    else:
        said = pgettext("dentpourdent", "no damage") + note
        colour = DIM
    _text(canvas, (mx, mid), said, LEAST, colour, "lm", width=room)


def _no_duel(canvas: Canvas, view: PublicView, panel: int) -> None:
    """Without a duel: the winners, or what the game waits for (and while the fighters are
    placed, the opening throws)."""
    x0, y0 = MARGIN + 16, DUEL_TOP + 14
    x1 = WIDTH - MARGIN - 16
    names = [player_name(f.player) for f in view.families]
    if view.winners is not None:
        won = [names[s] for s in view.winners if 0 <= s < len(names)]
        _text(canvas, (x0, y0), pgettext("dentpourdent", "Game over"), 24, DIM, bold=True,
              width=x1 - x0)
        line = ngettext("{names} wins!", "{names} win!", len(won)).format(
            names=names_and(won)) if won else pgettext("dentpourdent", "No winner")
        mid = DUEL_TOP + panel / 2
        _text(canvas, ((x0 + x1) / 2, mid - 10), line, 40, GOLD, "mm", width=x1 - x0, bold=True)
        ranked = sorted(view.families, key=lambda f: (-len(f.trophies), f.seat))
        said = pgettext("dentpourdent", "Trophies: {tally}").format(
            tally=", ".join(f"{names[f.seat]} {len(f.trophies)}" for f in ranked))
        _text(canvas, ((x0 + x1) / 2, mid + 50), said, 22, LIGHT, "mm", width=x1 - x0)
        return
    _text(canvas, (x0, y0), _("No duel under way"), 24, DIM, bold=True, width=x1 - x0)
    y = y0 + 40
    if view.waiting:
        who = ", ".join(names[s] for s in view.waiting if 0 <= s < len(names))
        if view.stage in WAITING:
            line = pgettext("dentpourdent", WAITING[view.stage]).format(who=who)
        else:
            line = pgettext("dentpourdent", "Waiting for {who}").format(who=who)
        _text(canvas, (x0, y), line, LEAST, LIGHT, width=x1 - x0)
        y += 34
    elif view.answers_awaited:
        _text(canvas, (x0, y), _("Answers awaited: a card may be played now"), LEAST, LIGHT,
              width=x1 - x0)
        y += 34
    if view.stage == "place" and any(view.start_throws):
        _text(canvas, (x0, y), _("Opening throws (the most teeth starts)"), LEAST, DIM,
              width=x1 - x0)
        y += 32
        col_w = (x1 - x0 - 16) // 2
        for seat, molars in enumerate(view.start_throws):
            if not molars or seat >= len(names):
                continue
            x = x0 + (seat % 2) * (col_w + 16)
            cy = y + (seat // 2) * 36
            rgb = family_rgb(view.families[seat].colour)
            canvas.rounded_rectangle((x, cy + 4, x + 14, cy + 28), radius=4, fill=rgb)
            used = _text(canvas, (x + 22, cy + 16), names[seat], LEAST, LIGHT, "lm", width=150)
            mx = x + 22 + round(used) + 10
            for value in molars[:6]:
                canvas.paste(_molar(value, PANEL), (mx, cy + 2))
                mx += MOLAR + 2
            _text(canvas, (mx + 6, cy + 16), f"= {sum(molars)}", LEAST, GOLD, "lm")


def _chart(canvas: Canvas, view: PublicView, fam: FamilyView, panel: int) -> None:
    """What a view adds to a family's chart: the player's name and trophy count, lost teeth,
    knocked-out members crossed out, the fighter's row marked, the trophies."""
    x, y = _chart_xy(fam.seat, panel)
    rgb = family_rgb(fam.colour)
    head = OUT if fam.out else rgb
    ink = ink_on(head)
    if fam.out:
        head_band(canvas, x, y, x + COL_W, HEAD_H, 12, OUT)
    count = f"{len(fam.trophies)}/{TROPHIES_TO_WIN}"
    cw = text_length(count, font(24, True))
    _text(canvas, (x + COL_W - 14, y + HEAD_H / 2), count, 24, ink, "rm", bold=True)
    cup_x = round(x + COL_W - 14 - cw - 6 - CUP)
    canvas.paste(_cup(ink, head), (cup_x, y + (HEAD_H - CUP) // 2))
    room = COL_W - 28 - cw - 12 - CUP
    said = ""
    if fam.out:
        # i18n: after a player's name on their family's chart: the family is out of the game
        said = " · " + pgettext("dentpourdent", "out")
    elif view.winners is not None and fam.seat in view.winners:
        # i18n: after a player's name on their family's chart: they won
        said = " · " + pgettext("dentpourdent", "wins")
    title = _text.fit(player_name(fam.player), said, 22, room, bold=True)
    _text(canvas, (x + 14, y + HEAD_H / 2), title, 22, ink, "lm", width=room, bold=True)
    for i, member in enumerate(fam.members[: len(MEMBERS)]):
        _member(canvas, fam, i, member, x, y)
    ty = y + CHART_H - 6 - TROPHY_H
    tx = x + 14
    if fam.trophies:
        pawns = tuple(
            (view.families[t.family].colour if 0 <= t.family < len(view.families) else "", t.member)
            for t in fam.trophies
        )[-TROPHIES_TO_WIN:]  # the game ends at seven
        canvas.paste(_trophies(pawns, COL_W - 28), (tx, ty + (TROPHY_H - TROPHY_H_PX) // 2))
    else:
        _text(canvas, (tx, ty + TROPHY_H / 2), _("no trophy yet"), LEAST, MUTED, "lm",
              width=COL_W - 28)


def _member(canvas: Canvas, fam: FamilyView, i: int, member: MemberView, x: int, y: int) -> None:
    my = _member_y(y, i)
    rgb = family_rgb(fam.colour)
    in_ring = member.key == fam.ring and not fam.out
    full = max(0, member.full)
    teeth = min(max(0, member.teeth), full)
    ground = CHART
    if in_ring:
        ground = blend(rgb, CHART, 0.75)
        canvas.rectangle((x + 4, my, x + COL_W - 4, my + ROW_H - 1), fill=ground)
        canvas.rectangle((x + 4, my, x + 9, my + ROW_H - 1), fill=rgb)
        name = member_name(member.key) if member.key in MEMBER else member.key
        _text(canvas, (x + 14, my + ROW_H / 2), name, LEAST, INK, "lm", width=NAME_W - 4)
    if in_ring or teeth < full:
        tx, ty, _x1, _y1 = _teeth_box(x, my, full)
        canvas.paste(_teeth_row(full, teeth, ground), (tx, ty))
    tail = x + 14 + NAME_W + full * _cell(full) + 6
    if in_ring:
        # i18n: on the chart's row of the member in the ring
        _text(
            canvas,
            (x + COL_W - 12, my + ROW_H / 2),
            pgettext("dentpourdent", "ring"),
            LEAST,
            edge_of(rgb),
            "rm",
            bold=True,
        )
    if member.teeth <= 0:
        canvas.line((x + 10, my + ROW_H / 2, tail - 2, my + ROW_H / 2), fill=KO, width=3)
        # i18n: knocked out, on the chart's row of a member
        _text(canvas, (x + COL_W - 12, my + ROW_H / 2), pgettext("dentpourdent", "KO"), LEAST, KO,
              "rm", bold=True)


def _foot(canvas: Canvas, view: PublicView, panel: int) -> None:
    """The draw pile, the top of the discard pile and whose turn (or the winners)."""
    n = len(view.families)
    x0, y0, x1, y1 = _foot_box(n, panel)
    names = [player_name(f.player) for f in view.families]
    pile = pgettext("dentpourdent", "Draw pile: {n}").format(n=view.draw_pile)
    if view.discard:
        discard = pgettext("dentpourdent", "Discard: {card}").format(
            card=_card_title(view.discard[-1]))
    else:
        discard = pgettext("dentpourdent", "Discard: empty")
    if view.winners is not None:
        won = [names[s] for s in view.winners if 0 <= s < n]
        turn = pgettext("dentpourdent", "Won by {names}").format(names=names_and(won)) if won else \
            pgettext("dentpourdent", "Game over")
    elif view.turn is not None and 0 <= view.turn < n:
        turn = pgettext("dentpourdent", "Turn: {name}").format(name=names[view.turn])
    else:
        turn = pgettext("dentpourdent", "Turn: nobody yet")
    if n % 2:  # the empty place beside the last chart: one line each
        y = y0 + 24
        said = pgettext("dentpourdent", "The table")
        _text(canvas, (x0 + 18, y), said, 24, DIM, bold=True, width=x1 - x0 - 36)
        for line in (pile, discard, turn):
            y += 44
            _text(canvas, (x0 + 18, y), line, 22, LIGHT, width=x1 - x0 - 36)
        y += 44
        said = pgettext("dentpourdent", "Cards in hand")
        _text(canvas, (x0 + 18, y), said, LEAST, DIM, width=x1 - x0 - 36)
        for k, fam in enumerate(f for f in view.families if not f.out):
            _text(
                canvas,
                (x0 + 18 + (k % 2) * 200, y + 32 + (k // 2) * 30),
                _text.fit(names[fam.seat], f"{colon()}{fam.hand}", LEAST, 184),
                LEAST,
                LIGHT,
                width=184,
            )
        return
    mid = (y0 + y1) / 2
    fnt = font(LEAST)
    x = x0 + 18
    x += _text(canvas, (x, mid), pile, LEAST, LIGHT, "lm") + 36
    turn_w = min(text_length(turn, fnt), (x1 - 18 - x) / 2)
    _text(canvas, (x1 - 18, mid), turn, LEAST, LIGHT, "rm", width=turn_w)
    _text(canvas, (x, mid), discard, LEAST, LIGHT, "lm", width=x1 - 18 - turn_w - 36 - x)


def board_canvas(view: PublicView) -> Canvas:
    """The board of `view`: the backdrop of its table, and what the view adds to it."""
    panel = panel_height(view)
    canvas = Canvas(_backdrop(_table(view), panel))
    TITLE.status(canvas, *_status(view), bold=view.over)
    _ring(canvas, view)
    if view.duel is None:
        _no_duel(canvas, view, panel)
    else:
        _duel(canvas, view, view.duel)
    for fam in view.families:
        _chart(canvas, view, fam, panel)
    _foot(canvas, view, panel)
    return canvas


board_image, board_png = image_and_png(board_canvas)


# -- the hand ------------------------------------------------------------------------------------


CARD_H = 404
HAND = Hand(CARD_H, FRAME, palette_image)


def _kind(key: str) -> tuple[str, RGB]:
    # i18n: the kind of a card, in capitals at its top
    if key in ATTACK:
        return pgettext("dentpourdent", "ATTACK"), ATTACK_RGB
    if key == SWAP:
        return pgettext("dentpourdent", "SWAP"), SWAP_RGB
    return pgettext("dentpourdent", "SPECIAL"), SPECIAL_RGB


@picture_cache(maxsize=64)
def _card(key: str) -> Sprite:
    """A card face with its name, its kind and what it does, opaque on the frame."""
    word, rgb = _kind(key)
    image, draw = blank_card((CARD_W, CARD_H), FRAME, rgb, head=40, radius=14, border=4)
    _text(draw, (14, 21), word, LEAST, WHITE, "lm", bold=True)
    pad = CARD_PAD
    inner = CARD_W - 2 * pad
    title = _card_title(key)
    big = font(_title_size(title, inner), True)
    y = 50
    y += wrapped(draw, (pad, y), title, big, inner, 2, 32, INK) + 6
    if key in ATTACK:
        _attack_table(draw, key, y, rgb)
        return Sprite(image)
    body = font(LEAST)
    if key in SPECIAL:
        said, played = card_text(key), when(key)
    elif key == SWAP:
        said, played = card_text(key), ""  # the rules say when: no guess here
    else:
        said, played = _("A card this picture does not know."), "?"
    y += wrapped(draw, (pad, y), said, body, inner, 7 if played else 9, 26, INK)
    bottom = CARD_H - 100 if played else CARD_H - 14
    room = min(bottom - y - 12, 120)
    if room >= 60:  # the card's emblem in the free space: a tooth, or the swap's arrows
        emblem = _emblem(key == SWAP, room, blend(rgb, WHITE, 0.8))
        image.paste(emblem, ((CARD_W - room) // 2, (y + bottom - room) // 2))
    if not played:
        return Sprite(image)
    y = max(y + 10, CARD_H - 90)
    draw.line((pad, y - 6, CARD_W - pad, y - 6), fill=blend(rgb, WHITE, 0.5), width=2)
    # i18n: a heading on a card: when it may be played follows
    text(draw, (pad, y), pgettext("dentpourdent", "When"), font(LEAST, True), fill=rgb)
    y += 26
    wrapped(draw, (pad, y), played, body, inner, 2, 26, MUTED)
    return Sprite(image)


def _title_size(title: str, width: int) -> int:
    """A card title's size: 26 px, smaller (to the least size) until every word fits the
    card's width and the title two lines ("Arrière-grand-mère", "Dierenbescherming")."""
    size = 26
    while size > LEAST:
        fnt = font(size, True)
        widest = max(text_length(w, fnt) for w in drawable(title).split(" "))
        if widest <= width and len(wrap(title, fnt, width, 3)) <= 2:
            break
        size -= 1
    return size



def _emblem(swap: bool, size: int, colour: RGB) -> Image.Image:
    """A pale picture on a card: two arrows for the swap, a tooth for the specials."""
    s = SS
    big = Supersampled((size, size), WHITE)
    draw = big.draw
    if swap:
        r, w = size * s / 2, max(2, round(size * s * 0.09))
        ys = (r - 0.22 * size * s, r + 0.22 * size * s)
        swap_arrows(draw, r, ys, r, r * 0.85, (0.4, 0.25), w, colour)
    else:
        draw.polygon(
            _tooth_points(0.1 * size * s, 0.05 * size * s, 0.8 * size * s, 0.9 * size * s),
            fill=colour,
        )
    return big.shrunk()


def _attack_table(draw: ImageDraw.ImageDraw, key: str, y: int, rgb: RGB) -> None:
    """The blows this card deals to each member: the favoured target 4, two secondary 2,
    the rest 1, and the member who adds a bonus blow when attacking."""
    kind = ATTACK[key]
    pad = 14
    row = 28
    # i18n: a heading on an attack card: the blows it deals to each member follow
    text(draw, (pad, y), _("Blows on"), font(LEAST), fill=MUTED)
    y += 28
    for member in MEMBERS:
        blows = kind.blows(member.key, "")
        strong = blows > 1
        if blows == 4:
            draw.rounded_rectangle(
                (pad - 6, y, CARD_W - pad + 6, y + row - 2), radius=6, fill=blend(rgb, WHITE, 0.5)
            )
        elif blows == 2:
            draw.rounded_rectangle(
                (pad - 6, y, CARD_W - pad + 6, y + row - 2), radius=6, fill=blend(rgb, WHITE, 0.75)
            )
        mid = y + row / 2 - 1
        text(draw, (pad, mid), member_name(member.key), font(LEAST, strong), fill=INK,
             anchor="lm")
        for b in range(blows):
            bx = CARD_W - pad - 34 - b * 14
            draw.ellipse((bx - 5, mid - 5, bx + 5, mid + 5), fill=rgb if strong else MUTED)
        text(draw, (CARD_W - pad, mid), str(blows), font(LEAST, True), fill=INK, anchor="rm")
        y += row
    bonus = _("+1 when {member} attacks").format(member=yours(kind.bonus))
    most = max(1, (CARD_H - 32 - y) // 26 + 1)  # lines 26 px apart, above the card's edge
    wrapped(draw, (pad, y + 6), bonus, font(LEAST, True), CARD_W - 2 * pad, most, 26, rgb)


def hand_canvas(view: PrivateView) -> Canvas:
    """The cards in `view`'s hand, three to a row, under a line naming the family."""
    n = len(view.hand)
    canvas = HAND.canvas(n)
    rgb = family_rgb(view.colour)
    canvas.rounded_rectangle(
        (MARGIN, 16, MARGIN + 30, 46), radius=8, fill=rgb, outline=edge_of(rgb), width=2
    )
    count = npgettext("dentpourdent", "{n} card", "{n} cards", n).format(n=n)
    line = _("Your hand · {family} · {cards}").format(family=family_name(drawable(view.colour)),
                                                      cards=count)
    _text(
        canvas, (MARGIN + 42, 31), line, 24, LIGHT, "lm", width=HAND_W - 2 * MARGIN - 42, bold=True
    )
    none = pgettext("dentpourdent", "No cards in hand")
    HAND.lay(canvas, [_card(key) for key in view.hand], none, DIM, LIGHT)
    return canvas


hand_image, hand_png = image_and_png(hand_canvas)
