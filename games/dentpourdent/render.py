"""Pictures of Dent pour dent, drawn from the views only (which keeps every hand secret).

The board is landscape, so that Discord's preview (a 500 x 350 box) shows it whole with no
text under 11 px: at the top the ring, each family's fighter over its chart (the duel as an
arc from attacker to defender); under it the tooth charts side by side, one column per
family, the members' names once on their left, each family's trophies and cards in hand
under its teeth; the duel's panel (who fights, the throws, the cards in force) only while a
duel is on (at the end, the winners); and a foot line: the piles, what the game waits for.
Drawn in RGB for anti-aliased text, then mapped onto one fixed palette: a palette PNG is a
fraction of the bytes and encodes several times faster.

Most of the board never changes within a game: the frame, the ring, the charts with their
names and full sets of teeth. That is a Backdrop drawn once per process per table (number of
families and their charts) and panel (none, the duel's, the winners'); a render draws on a
games.drawing.Canvas only what the view adds: fighters, lost teeth (a member's row of teeth
is one cached sprite), names, throws, trophies.

The board is 900 px wide and at most 630 high: the preview shows it at 5/9 of its size, so no
text is smaller than LEAST px (20 px, 11 px there).
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
from games.i18n import NC_, _, ngettext, npgettext, pgettext
from games.pictures.cards import (
    CARD_PAD,
    CARD_W,
    HAND_W,
    Hand,
    blank_card,
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
from games.pictures.panels import LEAST, MARGIN, WIDTH, TitleBar, panel_box, tag
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


# -- the board's layout: 900 x 630 at most (the preview shows 5/9 of it), top to bottom ----------

SPACE = 8  # between the board's parts
TITLE_H = 42
LEFT, RIGHT = MARGIN, WIDTH - MARGIN
RING_TOP = TITLE_H
RING_H = 84
TOKEN_R = 24
TOKEN_Y = RING_TOP + 50  # centre of the fighters; the duel's arc rises over them
TABLE_TOP = RING_TOP + RING_H + SPACE  # the charts: one table, a column per family
HEAD_TOP = TABLE_TOP + 4  # the family's band: the player's name
HEAD_H = 28
ROWS_TOP = HEAD_TOP + HEAD_H + 4
ROW_H = 23  # a member's row
TOOTH_W = 21  # a tooth's cell, narrower where a column is too narrow for the set
TOOTH_H = 19
TROPHY_Y = ROWS_TOP + len(MEMBERS) * ROW_H + 4
TROPHY_ROW = 26
CARDS_Y = TROPHY_Y + TROPHY_ROW
CARDS_ROW = 24
TABLE_H = CARDS_Y + CARDS_ROW + 4 - TABLE_TOP
NAME_X = LEFT + 10  # the members' names, once for every column
NAME_W = 136
COLS_X = NAME_X + NAME_W + 4
COLS_W = RIGHT - 4 - COLS_X
COL_GAP = 6
PANEL_TOP = TABLE_TOP + TABLE_H + SPACE
DUEL_H = 180  # the duel's panel, only while a duel is on
OVER_H = 96  # the winners', at the end
LINE_H = 36  # the foot under a panel: one line
QUIET_H = 64  # without a panel: two
BOTTOM = 9
THROW_ROWS = 3  # the throws in three rows, up to three columns
THROW_COLS = 3
THROW_H = 27
MOLAR = 24  # a thrown molar's icon

# Short names on the fighters' tokens (the full names are on the charts).
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


@picture_cache(maxsize=256)  # ~10 KB each: sets of 5-10 teeth, in cells of a column's width
def _teeth_row(full: int, teeth: int, ground: RGB, cell: int) -> Sprite:
    """A member's row of teeth on `ground`, `cell` px each: the first `teeth` white, the lost
    ones black. Supersampled for smooth edges; opaque, so pasted it covers the row drawn
    before."""
    w, h = max(1, full * cell), TOOTH_H
    pad = 2 if cell >= 16 else 1  # each side of a tooth
    big = Supersampled((w, h), ground)
    draw = big.draw
    for i in range(full):
        x = (i * cell + pad) * SS
        lost = i >= teeth
        draw.polygon(
            _tooth_points(x, 1 * SS, (cell - 2 * pad) * SS, (TOOTH_H - 2) * SS),
            fill=LOST if lost else TOOTH,
            outline=LOST if lost else TOOTH_EDGE,
            width=round(1.5 * SS),
        )
    return big.sprite()


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
        draw.rounded_rectangle((0, 0, size * SS - 1, size * SS - 1), radius=6 * SS, fill=tile)
    pad = 3 * SS
    inner = size * SS - 2 * pad
    fill = TOOTH if value else blend(TOOTH, ground, 0.45)
    draw.polygon(
        _tooth_points(pad, pad, inner, inner, turn),
        fill=fill,
        outline=TOOTH_EDGE,
        width=round(1.5 * SS),
    )
    return big.sprite()


TOKEN_MOST = 100  # the widest a fighter's token grows for a longer short name


@picture_cache(maxsize=64)
def _fighter(colour: str, member: str) -> Sprite:
    """A fighter's token on the ring floor: a disc in the family colour with the member's
    short name, drawn out into a pill when the name is wider than the disc. Opaque on the
    floor, so it covers the empty place drawn on the backdrop."""
    rgb = family_rgb(colour)
    fnt = font(LEAST, True)
    short = ellipsize(short_name(member), fnt, TOKEN_MOST - 14)
    wide = text_length(short, fnt)
    body = 2 * TOKEN_R if wide <= 2 * TOKEN_R - 6 else min(TOKEN_MOST, round(wide) + 14)
    w, h = body + 6, 2 * TOKEN_R + 6
    big = Supersampled((w, h), FLOOR)
    draw = big.draw
    x0, y0 = 2 * SS, 2 * SS
    x1, y1 = x0 + body * SS, y0 + 2 * TOKEN_R * SS
    r = TOKEN_R * SS
    shadow = (x0 + 3 * SS, y0 + 3 * SS, x1 + 3 * SS, y1 + 3 * SS)  # to the bottom right
    draw.rounded_rectangle(shadow, radius=r, fill=blend(FLOOR, BLACK, 0.25))
    draw.rounded_rectangle((x0, y0, x1, y1), radius=r, fill=rgb, outline=edge_of(rgb),
                           width=3 * SS)
    image = big.shrunk()
    text(ImageDraw.Draw(image), (w / 2, h / 2), short, fnt, fill=ink_on(rgb), anchor="mm")
    return Sprite(image)


GGM_W, GGM_H = 18, 30  # the great-grandmother's pawn


@picture_cache(maxsize=4)
def _great_grandmother(ground: RGB) -> Sprite:
    """The great-grandmother's pawn: a small lilac figure with a white bun and a stick."""
    big = Supersampled((GGM_W, GGM_H), ground)
    draw = big.draw
    k = SS * GGM_H / 44  # drawn on a grid 26 x 44
    edge = edge_of(GGM)
    draw.polygon(
        [(4 * k, 42 * k), (8 * k, 20 * k), (18 * k, 20 * k), (22 * k, 42 * k)],
        fill=GGM,
        outline=edge,
        width=round(2 * k),
    )
    draw.ellipse((5 * k, 6 * k, 21 * k, 22 * k), fill=GGM, outline=edge, width=round(2 * k))
    draw.ellipse((9 * k, 1 * k, 17 * k, 9 * k), fill=WHITE, outline=edge, width=round(k))
    draw.line((23 * k, 22 * k, 24 * k, 43 * k), fill=INK, width=round(2 * k))  # the stick
    return big.sprite()


PAWN_W, PAWN_H = 10, 20  # a trophy: a small pawn in the colour of the family it came from


@picture_cache(maxsize=256)
def _trophies(colours: tuple[str, ...], step: int) -> Sprite:
    """A player's trophies: one small pawn each (a head on a body) in the colour of the
    family it came from, `step` px apart (closer than a pawn's width where many must fit)."""
    big = Supersampled((PAWN_W + step * (len(colours) - 1), PAWN_H), CHART)
    draw, s = big.draw, SS
    for k, colour in enumerate(colours):
        rgb = family_rgb(colour)
        x = k * step
        draw.rounded_rectangle(((x + 0.5) * s, 8 * s, (x + PAWN_W - 0.5) * s, (PAWN_H - 0.5) * s),
                               radius=4 * s, fill=rgb, outline=edge_of(rgb), width=s)
        draw.ellipse(((x + 1.5) * s, 0.5 * s, (x + PAWN_W - 1.5) * s, 8.5 * s), fill=rgb,
                     outline=edge_of(rgb), width=s)
    return big.sprite()


CARD_BACK_W, CARD_BACK_H = 11, 16  # a card in a family's hand, face down


@picture_cache(maxsize=32)
def _card_backs(n: int, step: int) -> Sprite:
    """`n` cards face down, `step` px apart (closer than a card's width where many must
    fit): how many a family holds (their faces are secret)."""
    big = Supersampled((CARD_BACK_W + step * max(0, n - 1), CARD_BACK_H), CHART)
    draw, s = big.draw, SS
    for k in range(n):
        x = k * step
        draw.rounded_rectangle((x * s, 0, (x + CARD_BACK_W) * s - 1, CARD_BACK_H * s - 1),
                               radius=2 * s, fill=POST, outline=CHART, width=s)
        draw.rectangle(((x + 3) * s, 3 * s, (x + CARD_BACK_W - 3) * s, (CARD_BACK_H - 3) * s),
                       outline=DIM, width=s)
    return big.sprite()


# -- the board ---------------------------------------------------------------------------------


def panel_height(view: PublicView) -> int:
    """The panel under the charts: the duel's while a duel is on, the winners' at the end,
    none between duels (what the game waits for is on the foot line)."""
    if view.duel is not None:
        return DUEL_H
    return OVER_H if view.winners is not None else 0


def _foot_top(panel: int) -> int:
    return PANEL_TOP + (panel + SPACE if panel else 0)


def _foot_h(panel: int) -> int:
    return LINE_H if panel else QUIET_H


def board_height(panel: int = DUEL_H) -> int:
    """The board's height with a panel `panel` px high (0: none), whatever the families."""
    return _foot_top(panel) + _foot_h(panel) + BOTTOM


def col_w(families: int) -> int:
    """The width of a family's column: the charts share the table's width."""
    n = max(1, families)
    return (COLS_W - (n - 1) * COL_GAP) // n


def _col_x(seat: int, families: int) -> int:
    return COLS_X + seat * (col_w(families) + COL_GAP)


def _slot_x(seat: int, families: int) -> float:
    """The centre of a family's place in the ring: over its column."""
    return _col_x(seat, families) + col_w(families) / 2


def _member_y(index: int) -> int:
    return ROWS_TOP + index * ROW_H


def _cell(full: int, width: int) -> int:
    """The width of a tooth's cell in a row of `full` teeth, in a column `width` px wide."""
    room = width - 14
    return TOOTH_W if full * TOOTH_W <= room else max(4, room // max(1, full))


def _teeth_box(x: int, width: int, my: int, full: int) -> tuple[int, int, int, int]:
    """Where a row of `full` teeth lies in the column at x, `width` px wide, row top my."""
    tx, ty = x + 8, my + (ROW_H - TOOTH_H) // 2
    return tx, ty, tx + full * _cell(full, width), ty + TOOTH_H


Table = tuple[tuple[str, tuple[int, ...]], ...]  # per family: colour, full teeth per member


@picture_cache(maxsize=8)  # ~1.7 MB each: per table (families, charts) and panel
def _backdrop(table: Table, panel: int) -> Backdrop:
    """What does not change within a game: the frame, the ring and its empty places, the
    table of charts with the members' names, the families' bands and full sets of teeth, the
    panel (`panel` px high, 0: none) and the foot."""
    n = len(table)
    img = Image.new("RGB", (WIDTH, board_height(panel)), FRAME)
    draw = ImageDraw.Draw(img)
    TITLE.backdrop(draw)
    # the ring: its canvas, four posts and the ropes along the top and bottom
    x0, y0, x1, y1 = LEFT, RING_TOP, RIGHT, RING_TOP + RING_H
    draw.rounded_rectangle((x0, y0, x1, y1), radius=12, fill=FLOOR, outline=POST, width=2)
    for y in (y0 + 4, y1 - 4):
        draw.line((x0 + 12, y, x1 - 12, y), fill=ROPE, width=3)
    for x, y in ((x0 + 8, y0 + 4), (x1 - 8, y0 + 4), (x0 + 8, y1 - 4), (x1 - 8, y1 - 4)):
        draw.ellipse((x - 6, y - 6, x + 6, y + 6), fill=POST)
    for seat, (colour, _fulls) in enumerate(table):
        cx, r = _slot_x(seat, n), TOKEN_R - 4
        draw.ellipse(
            (cx - r, TOKEN_Y - r, cx + r, TOKEN_Y + r),
            outline=blend(family_rgb(colour), FLOOR, 0.4),
            width=3,
        )
    # the table of charts
    bottom = TABLE_TOP + TABLE_H
    draw.rounded_rectangle((LEFT, TABLE_TOP, RIGHT, bottom), radius=12, fill=CHART,
                           outline=CHART_EDGE, width=2)
    for i, member in enumerate(MEMBERS):
        _text(draw, (NAME_X, _member_y(i) + ROW_H / 2), member_name(member.key), LEAST, INK,
              "lm", width=NAME_W)
    draw.line((LEFT + 8, TROPHY_Y - 2, RIGHT - 8, TROPHY_Y - 2), fill=CHART_EDGE, width=1)
    # i18n: the row of a family's trophies (the figures it knocked out) on the board's charts
    _text(draw, (NAME_X, TROPHY_Y + TROPHY_ROW / 2), pgettext("dentpourdent", "Trophies"),
          LEAST, MUTED, "lm", width=NAME_W)
    # i18n: the row of how many cards each family holds, on the board's charts
    _text(draw, (NAME_X, CARDS_Y + CARDS_ROW / 2), pgettext("dentpourdent", "Cards"), LEAST,
          MUTED, "lm", width=NAME_W)
    w = col_w(n)
    for seat, (colour, fulls) in enumerate(table):
        x = _col_x(seat, n)
        if seat:
            sx = x - COL_GAP // 2 - 1
            draw.line((sx, HEAD_TOP, sx, bottom - 6), fill=CHART_EDGE, width=1)
        draw.rounded_rectangle((x, HEAD_TOP, x + w, HEAD_TOP + HEAD_H), radius=8,
                               fill=family_rgb(colour))
        for i, member in enumerate(MEMBERS):
            full = fulls[i] if i < len(fulls) else member.teeth
            tx, ty, _x1, _y1 = _teeth_box(x, w, _member_y(i), full)
            img.paste(_teeth_row(full, full, CHART, _cell(full, w)).image, (tx, ty))
    if panel:
        panel_box(draw, (LEFT, PANEL_TOP, RIGHT, PANEL_TOP + panel))
    top = _foot_top(panel)
    panel_box(draw, (LEFT, top, RIGHT, top + _foot_h(panel)))
    return Backdrop(img, palette_image)


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


def _token_x(view: PublicView, seat: int) -> float:
    """The centre of a family's fighter: over its column, moved left when the
    great-grandmother stands beside it."""
    cx = _slot_x(seat, len(view.families))
    return cx - (GGM_W + 4) / 2 if view.ggm == seat else cx


def _ring(canvas: Canvas, view: PublicView) -> None:
    """The fighters in their places over their families' columns, the great-grandmother
    beside hers; before a family's fighter is placed, its opening throw; the duel's arc."""
    n = len(view.families)
    room = col_w(n) - 8
    for fam in view.families:
        if not 0 <= fam.seat < n:
            continue
        cx = _token_x(view, fam.seat)
        rgb = family_rgb(fam.colour)
        half = TOKEN_R
        if fam.out:
            # i18n: a family out of the game, on its empty place in the ring
            _text(canvas, (cx, TOKEN_Y), pgettext("dentpourdent", "out"), LEAST,
                  blend(OUT, FLOOR, 0.2), "mm", width=room)
            continue
        molars = view.start_throws[fam.seat][:4] if fam.seat < len(view.start_throws) else []
        if fam.ring is not None:
            token = _fighter(fam.colour, fam.ring)
            tw, th = token.size
            half = tw // 2 - 3  # the token's half width, its shadow aside
            canvas.paste(token, (round(cx) - tw // 2, TOKEN_Y - th // 2))
        elif view.stage == "place" and molars:
            _opening_throw(canvas, _slot_x(fam.seat, n), room, molars)
        else:
            _text(canvas, (cx, TOKEN_Y), "?", 26, edge_of(rgb), "mm", bold=True)
        if view.ggm == fam.seat:
            canvas.paste(_great_grandmother(FLOOR), (round(cx) + half + 6, TOKEN_Y - GGM_H // 2))
    if view.duel is not None:
        _arc(canvas, view, view.duel)


def _opening_throw(canvas: Canvas, cx: float, room: int, molars: list[int]) -> None:
    """A family's opening throw in its empty place: the molars and their sum, in a row, or
    two by two in a narrow column."""
    said = f"={sum(molars)}"
    fnt = font(LEAST, True)
    step = MOLAR + 2
    per_row = len(molars)
    if per_row * step + 4 + text_length(said, fnt) > room:
        per_row = 2
    rows = -(-len(molars) // per_row)
    wide = per_row * step + 4 + text_length(said, fnt)
    x0 = round(cx - wide / 2)
    y0 = TOKEN_Y - (rows * step - 2) // 2
    canvas.rectangle((x0 - 2, y0 - 2, x0 + wide + 2, y0 + rows * step), fill=FLOOR)
    for k, value in enumerate(molars):
        canvas.paste(_molar(value, FLOOR), (x0 + (k % per_row) * step, y0 + (k // per_row) * step))
    _text(canvas, (x0 + per_row * step + 4, TOKEN_Y), said, LEAST, INK, "lm", bold=True)


def _arc(canvas: Canvas, view: PublicView, duel: DuelView) -> None:
    """An arc over the ring from the attacker's fighter to the defender's, an arrowhead on
    the defender."""
    n = len(view.families)
    if not (0 <= duel.attacker < n and 0 <= duel.defender < n) or duel.attacker == duel.defender:
        return
    ax, dx = _token_x(view, duel.attacker), _token_x(view, duel.defender)
    rgb = family_rgb(view.families[duel.attacker].colour)
    base = TOKEN_Y - TOKEN_R - 3
    top = RING_TOP + 9
    points = []
    for k in range(25):
        t = k / 24
        x = ax + (dx - ax) * t
        y = base - (base - top) * 4 * t * (1 - t)
        points.append((round(x, 1), round(y, 1)))
    end = points[-1]  # stop short of the defender: the arrowhead ends there
    canvas.line(points[:-2], fill=edge_of(rgb), width=7, joint="curve")
    canvas.line(points[:-2], fill=rgb, width=4, joint="curve")
    px, py = points[-3]
    ang = math.atan2(end[1] - py, end[0] - px)
    head = [
        end,
        (end[0] - 15 * math.cos(ang - 0.5), end[1] - 15 * math.sin(ang - 0.5)),
        (end[0] - 15 * math.cos(ang + 0.5), end[1] - 15 * math.sin(ang + 0.5)),
    ]
    canvas.polygon(head, fill=rgb, outline=edge_of(rgb), width=2)


def _card_title(key: str) -> str:
    if key == "bare":
        # i18n: a duel fought without an attack card
        return pgettext("dentpourdent", "Bare fist")
    try:
        return card_name(key)
    except KeyError:
        return key


def _chart(canvas: Canvas, view: PublicView, fam: FamilyView) -> None:
    """What a view adds to a family's column: the player's name, lost teeth, knocked-out
    members crossed out, the fighter's row marked, the trophies and the cards in hand."""
    n = len(view.families)
    if not 0 <= fam.seat < n:
        return
    x, w = _col_x(fam.seat, n), col_w(n)
    head = OUT if fam.out else family_rgb(fam.colour)
    if fam.out:
        canvas.rounded_rectangle((x, HEAD_TOP, x + w, HEAD_TOP + HEAD_H), radius=8, fill=OUT)
    said = ""
    if fam.out:
        # i18n: after a player's name on their family's chart: the family is out of the game
        said = " · " + pgettext("dentpourdent", "out")
    elif view.winners is not None and fam.seat in view.winners:
        # i18n: after a player's name on their family's chart: they won
        said = " · " + pgettext("dentpourdent", "wins")
    if text_length(said, font(LEAST, True)) > (w - 16) / 2:
        said = ""  # a narrow column: the grey band, the ring and the title bar say it
    title = _text.fit(player_name(fam.player), said, LEAST, w - 16, bold=True)
    _text(canvas, (x + 8, HEAD_TOP + HEAD_H / 2), title, LEAST, ink_on(head), "lm",
          width=w - 16, bold=True)
    for i, member in enumerate(fam.members[: len(MEMBERS)]):
        _member(canvas, fam, i, member, x, w)
    mid = TROPHY_Y + TROPHY_ROW / 2
    count = f"{len(fam.trophies)}/{TROPHIES_TO_WIN}"
    used = _text(canvas, (x + 8, mid), count, LEAST, INK, "lm", bold=True)
    if fam.trophies:
        colours = tuple(
            view.families[t.family].colour if 0 <= t.family < n else "" for t in fam.trophies
        )[-TROPHIES_TO_WIN:]  # the game ends at seven
        room = w - 16 - round(used) - 8
        step = PAWN_W + 1
        if len(colours) > 1 and PAWN_W + step * (len(colours) - 1) > room:
            step = max(3, (room - PAWN_W) // (len(colours) - 1))
        canvas.paste(_trophies(colours, step), (x + 8 + round(used) + 8, round(mid) - PAWN_H // 2))
    mid = CARDS_Y + CARDS_ROW / 2
    used = _text(canvas, (x + 8, mid), str(max(0, fam.hand)), LEAST, INK, "lm", bold=True)
    if fam.hand > 0:
        backs = min(fam.hand, 12)
        room = w - 16 - round(used) - 8
        step = CARD_BACK_W + 3
        if backs > 1 and CARD_BACK_W + step * (backs - 1) > room:
            step = max(2, (room - CARD_BACK_W) // (backs - 1))
        xy = (x + 8 + round(used) + 8, round(mid) - CARD_BACK_H // 2)
        canvas.paste(_card_backs(backs, step), xy)


def _member(canvas: Canvas, fam: FamilyView, i: int, member: MemberView, x: int, w: int) -> None:
    my = _member_y(i)
    rgb = family_rgb(fam.colour)
    in_ring = member.key == fam.ring and not fam.out
    full = max(0, member.full)
    teeth = min(max(0, member.teeth), full)
    ground = CHART
    if in_ring:  # the fighter's row, in the family's colour
        ground = blend(rgb, CHART, 0.75)
        canvas.rectangle((x, my, x + w, my + ROW_H - 1), fill=ground)
        canvas.rectangle((x, my, x + 3, my + ROW_H - 1), fill=rgb)
    tx, ty, x1, _y1 = _teeth_box(x, w, my, full)
    if in_ring or teeth < full:
        canvas.paste(_teeth_row(full, teeth, ground, _cell(full, w)), (tx, ty))
    if member.teeth <= 0:  # knocked out: the row crossed out
        canvas.line((x + 3, my + ROW_H / 2, min(x + w - 3, x1 + 4), my + ROW_H / 2), fill=KO,
                    width=3)


def _duel(canvas: Canvas, view: PublicView, duel: DuelView) -> None:
    """The duel's fighters and card, its throws, the cards in force, the teeth waiting."""
    x0, x1 = LEFT + 14, RIGHT - 14
    y0 = PANEL_TOP + 8
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
        fnt = font(22, True)
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
    used = _text(canvas, (x0, y0), who, 22, LIGHT, width=room, bold=True)
    _text(canvas, (x0 + used + 16, y0 + 2), card, LEAST, GOLD, width=x1 - x0 - used - 16)
    left = _("{blows} announced · throws left: attack {attacks}, defence {defences}").format(
        blows=blows_word(duel.blows), attacks=duel.attacks_left, defences=duel.defences_left)
    _text(canvas, (x0, y0 + 29), left, LEAST, DIM, width=x1 - x0)
    _throws(canvas, view, duel.thrown, y0 + 53)
    mid = PANEL_TOP + DUEL_H - 21  # the cards in force and the teeth waiting
    room = x1 - x0
    if duel.pending > 0:
        said = ngettext("{n} tooth waiting for answers", "{n} teeth waiting for answers",
                        duel.pending).format(n=duel.pending)
        w = text_length(said, font(LEAST, True)) + 24
        canvas.rounded_rectangle((x1 - w, mid - 14, x1, mid + 14), radius=10, fill=GOLD)
        _text(canvas, (x1 - w / 2, mid), said, LEAST, INK, "mm", bold=True)
        room -= w + 16
    if not duel.effects:
        _text(canvas, (x0, mid), _("No card in force"), LEAST, DIM, "lm", width=room)
        return
    # i18n: the cards in force in the duel follow this label
    label = pgettext("dentpourdent", "In force:") + " "
    indent = _text(canvas, (x0, mid), label, LEAST, DIM, "lm")
    said = " · ".join(drawable(e) for e in duel.effects)
    _text(canvas, (x0 + indent, mid), said, LEAST, LIGHT, "lm", width=room - indent)


def _throws(canvas: Canvas, view: PublicView, thrown: list[ThrowView], y: int) -> None:
    """The throws so far, one to a line, in three rows and up to three columns (down the
    left, then on): who threw (attack or defence), the molars as they landed, the teeth
    taken and from whom, the note. Past nine, the earliest are summed up."""
    x0 = LEFT + 14
    if not thrown:
        said = pgettext("dentpourdent", "No throw yet")
        _text(canvas, (x0, y + THROW_H / 2), said, LEAST, DIM, "lm")
        return
    full = RIGHT - LEFT - 28
    most = THROW_ROWS * THROW_COLS
    columns = min(THROW_COLS, -(-len(thrown) // THROW_ROWS))
    col_w = (full - (columns - 1) * 16) / columns
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
    mid = y + THROW_H / 2
    # i18n: one letter on a throw's badge: A for an attack throw, D for a defence throw
    badge = pgettext("dentpourdent", "A") if throw.attack else pgettext("dentpourdent", "D")
    tag(canvas, (x + 12, mid), (24, 24), badge, font(LEAST, True), rgb, edge_of(rgb), ink_on(rgb),
        radius=6)
    mx = x + 30
    molars = throw.molars[:6]
    for value in molars:
        canvas.paste(_molar(value, PANEL), (mx, round(mid) - MOLAR // 2))
        mx += MOLAR + 2
    mx = x + 30 + max(3, len(molars)) * (MOLAR + 2) + 4  # the results line up after three
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


def _winners(canvas: Canvas, view: PublicView) -> None:
    """At the end: who won, and everyone's trophies."""
    names = [player_name(f.player) for f in view.families]
    won = [names[s] for s in view.winners or [] if 0 <= s < len(names)]
    x0, x1 = LEFT + 14, RIGHT - 14
    line = ngettext("{names} wins!", "{names} win!", len(won)).format(
        names=names_and(won)) if won else pgettext("dentpourdent", "No winner")
    _text(canvas, ((x0 + x1) / 2, PANEL_TOP + 32), line, 34, GOLD, "mm", width=x1 - x0,
          bold=True)
    ranked = sorted(view.families, key=lambda f: (-len(f.trophies), f.seat))
    said = pgettext("dentpourdent", "Trophies: {tally}").format(
        tally=", ".join(f"{names[f.seat]} {len(f.trophies)}" for f in ranked
                        if 0 <= f.seat < len(names)))
    _text(canvas, ((x0 + x1) / 2, PANEL_TOP + 72), said, LEAST, LIGHT, "mm", width=x1 - x0)


def _waiting(view: PublicView) -> str:
    """What the game waits for, between duels: who is to do what."""
    names = [player_name(f.player) for f in view.families]
    if view.waiting:
        who = ", ".join(names[s] for s in view.waiting if 0 <= s < len(names))
        if view.stage in WAITING:
            return pgettext("dentpourdent", WAITING[view.stage]).format(who=who)
        return pgettext("dentpourdent", "Waiting for {who}").format(who=who)
    if view.answers_awaited:
        return _("Answers awaited: a card may be played now")
    return ""


def _foot(canvas: Canvas, view: PublicView, panel: int) -> None:
    """The draw pile and the top of the discard pile, who the great-grandmother is (when
    she is in play); without a panel, what the game waits for above them (and while the
    fighters are placed, what the throws in their places are)."""
    top, height = _foot_top(panel), _foot_h(panel)
    x0, x1 = LEFT + 14, RIGHT - 14
    pile = pgettext("dentpourdent", "Draw pile: {n}").format(n=view.draw_pile)
    if view.discard:
        discard = pgettext("dentpourdent", "Discard: {card}").format(
            card=_card_title(view.discard[-1]))
    else:
        discard = pgettext("dentpourdent", "Discard: empty")
    piles = f"{pile} · {discard}"
    if view.stage == "place" and any(view.start_throws) and not panel:
        piles = _("Opening throws (the most teeth starts)")
    mid = top + height - LINE_H / 2
    room = x1 - x0
    if view.ggm is not None and 0 <= view.ggm < len(view.families):
        said = card_name("ggm")
        w = _text(canvas, (x1, mid), said, LEAST, LIGHT, "rm", width=room / 2 - GGM_W - 8)
        xy = (round(x1 - w - 6 - GGM_W), round(mid) - GGM_H // 2)
        canvas.paste(_great_grandmother(PANEL), xy)
        room -= w + GGM_W + 24
    _text(canvas, (x0, mid), piles, LEAST, LIGHT, "lm", width=room)
    if not panel:
        _text(canvas, (x0, top + 20), _waiting(view), LEAST, LIGHT, "lm", width=x1 - x0)


def board_canvas(view: PublicView) -> Canvas:
    """The board of `view`: the backdrop of its table, and what the view adds to it."""
    panel = panel_height(view)
    canvas = Canvas(_backdrop(_table(view), panel))
    TITLE.status(canvas, *_status(view), bold=view.over)
    _ring(canvas, view)
    for fam in view.families:
        _chart(canvas, view, fam)
    if view.duel is not None:
        _duel(canvas, view, view.duel)
    elif view.winners is not None:
        _winners(canvas, view)
    _foot(canvas, view, panel)
    return canvas


board_image, board_png = image_and_png(board_canvas)


# -- the hand ------------------------------------------------------------------------------------


CARD_H = 400  # two rows of cards and the heading: a square picture
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
