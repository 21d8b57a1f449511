"""Pictures of Lunch Money, drawn from the views only (which keeps every hand secret).

The board is a schoolyard lunch table seen from above: the players on its two sides, the table
in the middle (draw pile, the pot, the top of the discard pile), then the cards of the turn so
far, in two columns past four. Two players sit across the table in two long rows (name and
cards in hand, counters as coins out of fifteen and the number, badges), a hold (Choke,
Headlock) a link in the left margin from the attacker's row to the victim's and a badge on
both. From three players on, each side is a row of tiles side by side, two to four (the far
side has the odd one): name and counters, the coins, then cards in hand and badges; a hold is a
badge on both tiles, naming the other player.
Drawn in RGB for anti-aliased text, then mapped onto one fixed palette: a palette PNG is a
fraction of the bytes and encodes several times faster.

Most of the picture never changes within a game: the frame, the empty rows or tiles, the
table, the panel for the turn's cards. That is a Backdrop drawn once per process per number
of players; a render draws on a games.drawing.Canvas only what the view adds: names, coins (a
row of coins is one cached sprite), badges, holds, the piles and the turn's cards.

Discord's preview fits a board in 500 x 350 px: the board is WIDTH px wide and never more than
MOST_H px high, whatever the number of players, so that text of LEAST px shows at least 11 px
there (games.drawing.least_font_px).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from PIL import Image, ImageDraw

import games.lunchmoney.data as data
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
from games.lunchmoney.data import BASIC, CARD, COUNTERS, DEFENCE, SPECIAL, WEAPON
from games.lunchmoney.fight import note_text
from games.lunchmoney.views import PlayerView, PrivateView, PublicView, StepView
from games.pictures.cards import CARD_PAD, CARD_W, HAND_W, Hand, blank_card
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
from games.pictures.panels import (
    GAP,
    LEAST,
    MARGIN,
    MOST_H,
    TITLE_H,
    WIDTH,
    TitleBar,
    panel_box,
    tag,
)
from games.pictures.sprites import SS, Supersampled

FRAME: RGB = (32, 36, 46)
SEAT: RGB = (248, 244, 234)  # a player's row
SEAT_EDGE: RGB = (206, 196, 176)
TABLE: RGB = (214, 190, 150)  # the lunch table
TABLE_EDGE: RGB = (150, 118, 80)
OUT_GROUND: RGB = (176, 176, 182)  # a knocked-out player's row
WIN_GROUND: RGB = (255, 236, 170)
TURN: RGB = (236, 160, 20)  # the outline of the row whose turn it is
COIN: RGB = (242, 190, 56)
COIN_EDGE: RGB = (166, 112, 24)
SLOT: RGB = (222, 214, 198)  # a lost counter's empty place
KO: RGB = (200, 30, 40)
UNKNOWN: RGB = (130, 130, 136)
BACK: RGB = (150, 40, 48)  # the cards' backs
# The cards by kind, as the rulebook colours them.
KIND_RGB: dict[str, RGB] = {
    BASIC: (46, 136, 70),  # green
    WEAPON: (98, 70, 140),  # purple
    DEFENCE: (40, 100, 186),  # blue
    SPECIAL: (138, 86, 46),  # brown
}
# The kinds' words (translated where drawn): on a card's head, on the discard pile's top card
# (one short word), and in the hand's key of colours.
KIND_WORD = {BASIC: NC_("lunchmoney", "BASIC ATTACK"), WEAPON: NC_("lunchmoney", "WEAPON"),
             DEFENCE: NC_("lunchmoney", "DEFENCE"), SPECIAL: NC_("lunchmoney", "SPECIAL")}
KIND_SHORT = {BASIC: NC_("lunchmoney", "BASIC"), WEAPON: NC_("lunchmoney", "WEAPON"),
              DEFENCE: NC_("lunchmoney", "DEFENCE"), SPECIAL: NC_("lunchmoney", "SPECIAL")}
KIND_KEY = {BASIC: NC_("lunchmoney", "Basic"), WEAPON: NC_("lunchmoney", "Weapon"),
            DEFENCE: NC_("lunchmoney", "Defence"), SPECIAL: NC_("lunchmoney", "Special")}
HOLD_RGB: dict[str, RGB] = {"choke": (196, 44, 44), "headlock": (214, 110, 20)}
HELPLESS_RGB: RGB = (86, 96, 126)
STARS_RGB: RGB = (168, 56, 146)
STOMP_RGB: RGB = (24, 122, 132)

Box = tuple[int, int, int, int]

# Two players: a row each, across the table.
GUTTER = 46  # the holds' links, left of the rows
LANE = 13  # px between two holds' links
ROW_X0 = MARGIN + GUTTER
ROW_X1 = WIDTH - MARGIN
ROW_H = 72
ROW_GAP = 8
NAME_W = 216  # the name column
COINS_X = ROW_X0 + 14 + NAME_W + 10  # where a row's coins start
COIN_MAX = 25  # coins drawn at most (the number says the rest)
# Three players and more: a tile each, side by side on both sides of the table.
TILE_GAP = 10  # between two tiles, and between the tiles, the table and the panel
TILE_PAD = 12  # a tile's words, in from its edges
TILE_LINES = (20, 45, 71, 99, 127)  # a tile's lines' middles, down from its top: name and
# counters, coins, cards in hand and badges, two more lines of badges
# The cards of the turn: a panel under the table, two columns of lines at most (four lines
# a column under two players' rows, three under the tiles, which need the height).
STEPS_HEAD = 40
STEP_H = 30
COLUMN_GAP = 24
PILL_H = 26  # a badge's height
# What the cards of the turn may say about themselves, after the card's name.
HOLD_WORD = {"choke": "Choke", "headlock": "Headlock"}  # the holds' cards' names (data)
DISCARD_STEP = "discard"  # a step that is no card: cards discarded


@dataclass(frozen=True)
class Coins:
    """How a row of counters is drawn: coins `d` px across, `pitch` px apart, `group` px more
    after every five; past fifteen the row grows (to COIN_MAX coins), or, `layered`, the coins
    past fifteen lie on the first ones, a second layer, and the row keeps its width."""

    d: int
    pitch: int
    group: int
    layered: bool

    def width(self, slots: int) -> int:
        return slots * self.pitch + max(0, (slots - 1) // 5) * self.group


ROW_COINS = Coins(18, 19, 7, layered=False)


@dataclass(frozen=True)
class TableLook:
    """The sizes of the table's parts: its height, its places' labels (their middle, down
    from its top), a card back on the draw pile, the discard pile's top card, the pot's
    tallest stack."""

    height: int
    label_y: int
    back: tuple[int, int]
    mini: tuple[int, int]
    stack_h: int


ROWS_TABLE = TableLook(136, 20, (52, 74), (214, 82), 72)  # two players
TILES_TABLE = TableLook(104, 16, (40, 56), (214, 66), 56)  # more: a lower table


# -- the palette ---------------------------------------------------------------------------------


def _palette_colours() -> list[RGB]:
    """Every flat colour the pictures use, then the anti-aliased edges between the inks and
    the grounds they lie on (text and shapes), then greys: 256 at most."""
    grounds = [FRAME, PANEL, SEAT, TABLE, OUT_GROUND, WIN_GROUND, WHITE]
    inks = [LIGHT, DIM, INK, MUTED, GOLD, KO, TURN]
    colours = [*KIND_RGB.values(), *HOLD_RGB.values(), HELPLESS_RGB, STARS_RGB, STOMP_RGB]
    base = [*grounds, *inks, PANEL_EDGE, SEAT_EDGE, TABLE_EDGE, COIN, COIN_EDGE, SLOT, BLACK]
    base += [UNKNOWN, BACK, edge_of(BACK), blend(COIN, WHITE, 0.5)]
    for rgb in colours:
        base += [rgb, edge_of(rgb), blend(rgb, WHITE, 0.45), blend(rgb, WHITE, 0.8)]
    mixes: list[RGB] = []
    for ink in [*inks, WHITE]:
        for ground in grounds:
            if ink != ground:
                mixes += [blend(ink, ground, t) for t in (0.25, 0.5, 0.75)]
    for rgb in colours:
        mixes += [blend(WHITE, rgb, t) for t in (0.25, 0.5, 0.75)]
        mixes += [blend(rgb, ground, 0.5) for ground in (PANEL, SEAT, WHITE)]
        mixes.append(blend(blend(rgb, WHITE, 0.45), PANEL, 0.5))
    for ground in (SEAT, TABLE, PANEL, OUT_GROUND, WIN_GROUND):
        mixes += [blend(COIN, ground, 0.5), blend(COIN_EDGE, ground, 0.5)]
    greys = [(v, v, v) for v in range(0, 256, 16)]
    ordered = list(dict.fromkeys(base + greys + mixes))
    return ordered[:256]


palette_image = fixed_palette(_palette_colours)


# -- text ----------------------------------------------------------------------------------------


_text = Lettering(LEAST)
TITLE = TitleBar("LUNCH MONEY", TITLE_H / 2 - 2, _text)


def _card_name(key: str) -> str:
    return data.name(key) if key in CARD else drawable(key, 20) or "?"


def _term(text: str) -> str:
    """A word of the kinds' tables, translated."""
    return pgettext("lunchmoney", text)


def _kind_rgb(key: str) -> RGB:
    card = CARD.get(key)
    return KIND_RGB.get(card.kind, UNKNOWN) if card is not None else UNKNOWN


# -- sprites -------------------------------------------------------------------------------------


@picture_cache(maxsize=256)  # ~40 KB each: a count on a ground, in a size
def _coins(count: int, ground: RGB, look: Coins = ROW_COINS) -> Sprite:
    """A player's counters: a row of gold coins in groups of five, the lost ones of the
    starting fifteen as empty places; past fifteen (First Aid) the row grows, to 25 coins, or
    the coins past fifteen are a second layer on the first. Opaque on `ground`."""
    shown = min(max(0, count), COIN_MAX)
    slots = COUNTERS if look.layered else max(COUNTERS, shown)
    layer = max(3, look.d // 4) if look.layered and shown > COUNTERS else 0
    w, h = look.width(slots) + 2, look.d + 4 + layer
    big = Supersampled((w, h), ground)
    draw = big.draw

    def coin(i: int, y: float) -> None:
        x = (1 + i * look.pitch + (i // 5) * look.group) * SS
        box = (x, y * SS, x + look.d * SS, (y + look.d) * SS)
        big_coin = look.d > 12
        draw.ellipse(box, fill=COIN, outline=COIN_EDGE, width=round((1.5 if big_coin else 1) * SS))
        if big_coin:  # (a small coin is plain gold: a ring inside would blur it)
            inset = look.d / 4 * SS
            draw.ellipse(
                (box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset),
                outline=blend(COIN, COIN_EDGE, 0.55),
                width=SS,
            )

    for i in range(slots):
        if i < shown:
            coin(i, 2 + layer)
        else:
            x, y = (1 + i * look.pitch + (i // 5) * look.group) * SS, (2 + layer) * SS
            inset = look.d / 9 * SS
            draw.ellipse(
                (x + inset, y + inset, x + look.d * SS - inset, y + look.d * SS - inset),
                outline=blend(SLOT, ground, 0.0) if ground == SEAT else blend(SLOT, ground, 0.4),
                width=round(1.5 * SS),
            )
    for i in range(slots, shown):  # the second layer
        coin(i - slots, 2)
    return big.sprite()


POT_COIN_W, POT_COIN_H = 34, 13  # a coin seen from the side
POT_STACKS = 6  # stacks side by side at most
POT_MOST = 90  # coins drawn in the pot at most (the number says the rest)


@picture_cache(maxsize=128)
def _pot(count: int, stack_h: int) -> Sprite:
    """The pot: its counters in stacks side by side on the table, five a stack, more a
    stack (and closer together) once six stacks of five are not enough; the tallest stack
    `stack_h` px."""
    shown = min(max(0, count), POT_MOST)
    per = max(5, -(-shown // POT_STACKS))
    step = min(6, (stack_h - POT_COIN_H) // max(1, per - 1))
    stacks = max(1, -(-shown // per))
    w = stacks * (POT_COIN_W + 4) + 2
    h = POT_COIN_H + (per - 1) * step + 4
    big = Supersampled((w, h), TABLE)
    draw = big.draw
    cw, ch = POT_COIN_W * SS, POT_COIN_H * SS
    band = 4 * SS  # the coin's edge, seen from the side
    for s in range(stacks):
        n = min(per, shown - s * per)
        x = (1 + s * (POT_COIN_W + 4)) * SS
        for k in range(n):
            y = (h - 2 - POT_COIN_H - k * step) * SS
            draw.rounded_rectangle(
                (x, y + ch / 2 - band / 2, x + cw, y + ch / 2 + band + band / 2),
                radius=band,
                fill=COIN_EDGE,
            )
            draw.ellipse(
                (x, y + band, x + cw, y + ch), fill=COIN_EDGE, outline=edge_of(COIN_EDGE), width=SS
            )
            draw.ellipse((x, y, x + cw, y + ch - band), fill=COIN, outline=COIN_EDGE, width=SS)
    return big.sprite()


@picture_cache(maxsize=16)
def _pile(backs: int, size: tuple[int, int]) -> Sprite:
    """The draw pile: `backs` card backs of `size` (0 to 4), each a little up and right of
    the last; none: an empty place."""
    bw, bh = size
    shift = max(4, bw // 10)
    w, h = bw + 3 * shift + 4, bh + 3 * shift + 4
    big = Supersampled((w, h), TABLE)
    draw = big.draw
    if backs <= 0:
        draw.rounded_rectangle(
            (2 * SS, (h - bh - 2) * SS, (bw + 2) * SS, (h - 2) * SS),
            radius=6 * SS,
            outline=TABLE_EDGE,
            width=2 * SS,
        )
    for k in range(min(backs, 4)):
        x, y = (2 + k * shift) * SS, (h - bh - 2 - k * shift) * SS
        draw.rounded_rectangle(
            (x, y, x + bw * SS, y + bh * SS),
            radius=6 * SS,
            fill=WHITE,
            outline=edge_of(BACK),
            width=SS,
        )
        inner = (x + 5 * SS, y + 5 * SS, x + (bw - 5) * SS, y + (bh - 5) * SS)
        draw.rounded_rectangle(inner, radius=3 * SS, fill=BACK)
        cx, cy = x + bw * SS / 2, y + bh * SS / 2
        r = bw * 0.21 * SS
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=COIN, outline=edge_of(BACK), width=SS)
    return big.sprite()


MINI_HEAD = 30  # the head of the discard pile's top card, at most


@picture_cache(maxsize=64)
def _mini(key: str, size: tuple[int, int]) -> Sprite:
    """A face-up card of `size` on the discard pile: its kind's colour and word, its name,
    its damage."""
    rgb = _kind_rgb(key)
    card = CARD.get(key)
    w, h = size
    head = min(MINI_HEAD, h * 2 // 5)
    image, draw = blank_card(size, TABLE, rgb, head=head, radius=10, border=3)
    word = _term(KIND_SHORT[card.kind]) if card is not None and card.kind in KIND_SHORT else "?"
    right = w - 10
    mid = head / 2 + 1
    if card is not None and card.damage:
        # i18n: a card's damage, in the corner of a small card ("3 dmg"); keep it short
        said = npgettext("lunchmoney", "{n} dmg", "{n} dmg", card.damage).format(n=card.damage)
        fnt = font(LEAST, True)
        if text_length(word, fnt) + text_length(said, fnt) + 10 > w - 20:
            said = str(card.damage)  # the kind's word and the number, when both do not fit
        right -= _text(draw, (w - 10, mid), said, LEAST, WHITE, "rm", bold=True) + 10
    _text(draw, (10, mid), word, LEAST, WHITE, "lm", width=right - 10, bold=True)
    _text(draw, (10, (head + h) / 2), _card_name(key), 22, INK, "lm", width=w - 20, bold=True)
    return Sprite(image)


CHIP_W, CHIP_H = 18, 25


@picture_cache(maxsize=16)
def _chip(rgb: RGB) -> Sprite:
    """A small card in a kind's colour, before a card's name in the turn's list."""
    big = Supersampled((CHIP_W, CHIP_H), PANEL)
    draw = big.draw
    draw.rounded_rectangle(
        (0, 0, CHIP_W * SS - 1, CHIP_H * SS - 1), radius=4 * SS, fill=rgb, outline=WHITE,
        width=2 * SS,
    )
    return big.sprite()


HAND_ICON_W, HAND_ICON_H = 15, 21


@picture_cache(maxsize=8)
def _hand_icon(ground: RGB) -> Sprite:
    """Two small card backs fanned: what the number after it counts."""
    w, h = HAND_ICON_W + 8, HAND_ICON_H + 2
    big = Supersampled((w, h), ground)
    draw = big.draw
    for k, x in enumerate((0, 7)):
        draw.rounded_rectangle(
            (x * SS, (1 - k) * SS, (x + HAND_ICON_W) * SS, (HAND_ICON_H + 1 - k) * SS),
            radius=3 * SS,
            fill=BACK,
            outline=WHITE if k else edge_of(BACK),
            width=SS,
        )
    return big.sprite()


# -- the board's layout --------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Where the parts of a board for some number of players lie: each seat's box (a row,
    or a tile), the table's, the top of the panel of the turn's cards, the board's height;
    `columns`: tiles side by side (0: the two players' rows), `coins`: how a seat's coins
    are drawn, `column_steps`: the lines of a column of the turn's cards."""

    seats: tuple[Box, ...]
    table: Box
    look: TableLook
    steps_top: int
    height: int
    columns: int
    coins: Coins
    column_steps: int

    @property
    def most_steps(self) -> int:
        """The lines of the turn's cards shown at most (two columns)."""
        return 2 * self.column_steps

    @property
    def steps_h(self) -> int:
        return steps_height(self.column_steps)


def steps_height(column_steps: int) -> int:
    """The height of the panel of the turn's cards, `column_steps` lines a column."""
    return STEPS_HEAD + column_steps * STEP_H + 10


def _far(n: int) -> int:
    """The players on the far side of the table, at the top (the first half, rounded up)."""
    return -(-n // 2)


def _rows(n: int) -> Layout:
    """Two players (or fewer): a row each, the table between them, the panel under them."""
    near, look = _far(n), ROWS_TABLE
    top = TITLE_H + near * (ROW_H + ROW_GAP) + GAP - ROW_GAP
    ys = [TITLE_H + s * (ROW_H + ROW_GAP) for s in range(near)]
    ys += [top + look.height + GAP + k * (ROW_H + ROW_GAP) for k in range(n - near)]
    steps_top = top + look.height + GAP + (n - near) * (ROW_H + ROW_GAP) + GAP - ROW_GAP
    return Layout(
        seats=tuple((ROW_X0, y, ROW_X1, y + ROW_H) for y in ys),
        table=(ROW_X0, top, ROW_X1, top + look.height),
        look=look,
        steps_top=steps_top,
        height=steps_top + steps_height(4) + MARGIN,
        columns=0,
        coins=ROW_COINS,
        column_steps=4,
    )


def _tiles(n: int) -> Layout:
    """Three players and more: the first half in tiles side by side across the top, the
    rest (one fewer for an odd number, centred) under the table, as high as the board's
    height allows."""
    look, columns = TILES_TABLE, _far(n)
    inner = WIDTH - 2 * MARGIN
    tile_w = (inner - (columns - 1) * TILE_GAP) // columns
    tile_h = (MOST_H - TITLE_H - 3 * TILE_GAP - look.height - steps_height(3) - MARGIN) // 2
    table_top = TITLE_H + tile_h + TILE_GAP
    near_top = table_top + look.height + TILE_GAP
    seats: list[Box] = []
    for y, count in ((TITLE_H, columns), (near_top, n - columns)):
        x = (WIDTH - count * tile_w - (count - 1) * TILE_GAP) // 2
        for k in range(count):
            x0 = x + k * (tile_w + TILE_GAP)
            seats.append((x0, y, x0 + tile_w, y + tile_h))
    # coins as large as fit the tile's width, fifteen of them in three groups
    room = tile_w - 2 * TILE_PAD
    pitch = max(4, min(ROW_COINS.pitch, (room - 2 * 5) // COUNTERS))
    group = ROW_COINS.group if pitch == ROW_COINS.pitch else 5
    steps_top = near_top + tile_h + TILE_GAP
    return Layout(
        seats=tuple(seats),
        table=(MARGIN, table_top, WIDTH - MARGIN, table_top + look.height),
        look=look,
        steps_top=steps_top,
        height=steps_top + steps_height(3) + MARGIN,
        columns=columns,
        coins=Coins(pitch - 1, pitch, group, layered=True),
        column_steps=3,
    )


@cache
def layout(n: int) -> Layout:
    """The board's layout for `n` players."""
    return _rows(n) if n <= 2 else _tiles(n)


def seat_box(seat: int, n: int) -> Box:
    """The row or tile of `seat` on a board for `n` players."""
    return layout(n).seats[seat]


def coins_box(seat: int, n: int) -> Box:
    """Where the coins of `seat` lie (those of fifteen counters) on a board for `n`
    players."""
    lay = layout(n)
    x0, y0, _, _ = lay.seats[seat]
    if lay.columns == 0:
        mid = y0 + 24
        x = COINS_X
    else:
        mid = y0 + TILE_LINES[1]
        x = x0 + TILE_PAD
    half = lay.coins.d // 2 + 6
    return x, mid - half, x + lay.coins.width(COUNTERS), mid + half


def board_height(n: int) -> int:
    return layout(n).height


@picture_cache(maxsize=8)  # 3-4 MB each: per number of players
def _backdrop(n: int) -> Backdrop:
    """What does not change within a game: the frame, the title, every player's empty row
    or tile, the table with its three places' labels, the panel for the turn's cards."""
    lay = layout(n)
    img = Image.new("RGB", (WIDTH, lay.height), FRAME)
    draw = ImageDraw.Draw(img)
    TITLE.backdrop(draw)
    for box in lay.seats:
        draw.rounded_rectangle(box, radius=12, fill=SEAT, outline=SEAT_EDGE, width=2)
    draw.rounded_rectangle(lay.table, radius=18, fill=TABLE, outline=TABLE_EDGE, width=3)
    labels = (pgettext("lunchmoney", "Draw pile"), pgettext("lunchmoney", "Pot"),
              pgettext("lunchmoney", "Discard"))
    label_y = lay.table[1] + lay.look.label_y
    for (x0, x1), label in zip(_table_places(lay), labels, strict=True):
        _text(draw, ((x0 + x1) / 2, label_y), label, LEAST, edge_of(TABLE), "mm", bold=True,
              width=x1 - x0 - 8)
    sy = lay.steps_top
    panel_box(draw, (MARGIN, sy, WIDTH - MARGIN, sy + lay.steps_h))
    _text(draw, (MARGIN + 16, sy + STEPS_HEAD / 2 + 2), pgettext("lunchmoney", "This turn"), 24,
          DIM, "lm", bold=True, width=WIDTH / 2)
    return Backdrop(img, palette_image)


def _table_places(lay: Layout) -> tuple[tuple[int, int], ...]:
    """The table's three places, left to right: the draw pile, the pot, the discard."""
    x0, x1 = lay.table[0] + 12, lay.table[2] - 12
    side = lay.look.mini[0] + 24
    return (x0, x0 + side), (x0 + side, x1 - side), (x1 - side, x1)


# -- what a view adds ----------------------------------------------------------------------------


def _names(view: PublicView) -> list[str]:
    return [player_name(p.name) for p in view.players]


def _who(names: list[str], seat: int | None) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else "?"


def _joined(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    # i18n: the last two names of a list: "Ann, Bob and Cid"
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def _won(names: list[str]) -> str:
    return ngettext("{names} wins the lunch money!", "{names} win the lunch money!",
                    len(names)).format(names=_joined(names))


def _status(view: PublicView) -> tuple[str, RGB]:
    """The title bar's line: whose turn, who else is waited for, or who won."""
    names = _names(view)
    if view.winners is not None:
        won = [names[s] for s in view.winners if 0 <= s < len(names)]
        if not won:
            return _("Game over: nobody is left standing"), GOLD
        return _won(won), GOLD
    if view.turn is not None and 0 <= view.turn < len(names):
        line = pgettext("lunchmoney", "{player}'s turn").format(player=names[view.turn])
    else:
        line = pgettext("lunchmoney", "Setting up")
    others = [names[s] for s in view.waiting if 0 <= s < len(names) and s != view.turn]
    if others:
        line += " · " + pgettext("lunchmoney", "waiting for {names}").format(
            names=_joined(others))
    if view.answers_awaited:
        line += " · " + pgettext("lunchmoney", "answers awaited")
    return line, LIGHT


class Badge(NamedTuple):
    """A word on a pill in a colour, in its spellings (longest first); no colour: the cards in
    hand (after their icon); `hold`: a hold's badge, naming the other player; `spare`: said
    by another badge too, left out when they do not all fit."""

    spellings: tuple[str, ...]
    rgb: RGB | None
    hold: bool = False
    spare: bool = False


def _badges(view: PublicView, player: PlayerView, names: list[str]) -> list[Badge]:
    """What a seat says about its player beyond the counters: holds, helpless, stomped."""
    out: list[Badge] = []
    fnt = font(LEAST, True)
    if view.winners is not None and player.seat in view.winners:
        out.append(Badge((pgettext("lunchmoney", "winner!"),), TURN))
    if player.out:
        return out
    for hold in view.holds:
        if hold.kind in HOLD_WORD:
            word = data.name(hold.kind)
        else:
            word = drawable(hold.kind, 12) or pgettext("lunchmoney", "Hold")
        rgb = HOLD_RGB.get(hold.kind, UNKNOWN)
        # i18n: a badge on a player's row: "Choke on Bob" (she holds Bob), "Choke by Ann"
        on, by = _("{hold} on {player}"), _("{hold} by {player}")
        for seat, other, said in (
            (hold.attacker, hold.victim, on),
            (hold.victim, hold.attacker, by),
        ):
            if seat == player.seat:
                who = _who(names, other)
                short = ellipsize(who, fnt, SHORT_NAME)
                spellings = (said.format(hold=word, player=who),
                             said.format(hold=word, player=short), word)
                out.append(Badge(spellings, rgb, hold=True))
    if player.poked:
        # i18n: a badge, short for "seeing stars" where that does not fit
        dazed = pgettext("lunchmoney", "dazed")
        out.append(Badge((pgettext("lunchmoney", "seeing stars"), dazed), STARS_RGB))
    elif player.helpless:  # (a hold's badge says it too: holds make helpless)
        held = any(badge.hold for badge in out)
        out.append(Badge((pgettext("lunchmoney", "helpless"),), HELPLESS_RGB, spare=held))
    if player.stomped:
        out.append(Badge((pgettext("lunchmoney", "stomped: next attack half"),
                          pgettext("lunchmoney", "next attack half"),
                          pgettext("lunchmoney", "stomped")), STOMP_RGB))
    return out




PILL_PAD, PILL_GAP = 18, 8
SHORT_NAME = 96  # px of a name in a badge short of room
Line = tuple[float, float, float]  # room for badges: from x, on the middle y, to x1


def _width(said: str, rgb: RGB | None) -> float:
    """The room an item takes: a badge (a colour), or the cards in hand (None: the icon and
    the number)."""
    if rgb is None:
        return HAND_ICON_W + 16 + text_length(said, font(LEAST))
    return text_length(said, font(LEAST, True)) + PILL_PAD


def _placed(
    widths: list[float], lines: list[Line]
) -> tuple[list[tuple[int, float]], list[float]]:
    """Where items `widths` wide go, in order, each on the first of `lines` with room left
    for it (PILL_GAP after the one before it there): the line and x of each of the first ones
    that fit, up to one that fits nowhere; and where each line's free room starts."""
    free = [x for x, _, _ in lines]
    out: list[tuple[int, float]] = []
    for w in widths:
        k = next((k for k, line in enumerate(lines) if free[k] + w <= line[2]), None)
        if k is None:
            break
        out.append((k, free[k]))
        free[k] += w + PILL_GAP
    return out, free


def _badge_order(badges: list[Badge], holds_first: bool) -> list[int]:
    """The order in which badges take their longer spellings: from the last, or (in a tile,
    where the link shows a hold less plainly) the holds first, the cards in hand last."""
    last_first = list(reversed(range(len(badges))))
    if not holds_first:
        return last_first
    holds = [k for k in last_first if badges[k].hold]
    hand = [k for k in last_first if badges[k].rgb is None]
    return holds + [k for k in last_first if k not in holds and k not in hand] + hand


def _pills(canvas: Canvas, badges: list[Badge], lines: list[Line], ground: RGB,
           holds_first: bool = False) -> None:
    """Badges (and the cards in hand) left to right on `lines`. Each has spellings,
    longest first: all start short, then each in turn takes its longest spelling that still
    lets them all fit. If even the shortest do not, the spare ones are left out, then the
    first that finds no room is cut with '…' to what the last line has left and the rest are
    left out."""
    def shortest(badges: list[Badge]) -> tuple[list[str], list[float]]:
        chosen = [badge.spellings[-1] for badge in badges]
        return chosen, [_width(said, badge.rgb) for said, badge in zip(chosen, badges, strict=True)]

    chosen, widths = shortest(badges)
    if len(_placed(widths, lines)[0]) < len(badges) and any(badge.spare for badge in badges):
        badges = [badge for badge in badges if not badge.spare]
        chosen, widths = shortest(badges)
    if len(_placed(widths, lines)[0]) == len(badges):
        for k in _badge_order(badges, holds_first):
            for said in badges[k].spellings[:-1]:
                tried = [*widths[:k], _width(said, badges[k].rgb), *widths[k + 1 :]]
                if len(_placed(tried, lines)[0]) == len(badges):
                    chosen[k], widths = said, tried
                    break
    spots, free = _placed(widths, lines)
    fnt = font(LEAST, True)
    if len(spots) < len(badges) and lines and badges[len(spots)].rgb is not None:
        # the first that does not fit, cut to what the last line has left
        last = len(lines) - 1
        x = free[last]
        room = lines[last][2] - x - PILL_PAD
        if room >= text_length("W…", fnt):
            chosen[len(spots)] = ellipsize(chosen[len(spots)], fnt, room)
            spots.append((last, x))
    for (k, x), said, badge in zip(spots, chosen, badges, strict=False):
        y = lines[k][1]
        if badge.rgb is None:
            canvas.paste(_hand_icon(ground), (round(x), round(y - HAND_ICON_H / 2 - 1)))
            _text(canvas, (x + HAND_ICON_W + 16, y), said, LEAST, MUTED, "lm")
            continue
        w = text_length(said, fnt) + PILL_PAD
        canvas.rounded_rectangle((x, y - PILL_H / 2, x + w, y + PILL_H / 2), radius=PILL_H / 2,
                                 fill=badge.rgb)
        text(canvas, (x + w / 2, y), said, fnt, fill=ink_on(badge.rgb), anchor="mm")


def _ground(view: PublicView, player: PlayerView) -> RGB:
    won = view.winners is not None and player.seat in view.winners
    return OUT_GROUND if player.out else WIN_GROUND if won else SEAT


def _seat(canvas: Canvas, view: PublicView, player: PlayerView, box: Box) -> None:
    """A seat's ground (greyed when out, gold when won) and, whose turn it is, an outline
    and a tab on its left edge."""
    ground = _ground(view, player)
    if ground != SEAT:
        canvas.rounded_rectangle(box, radius=12, fill=ground, outline=SEAT_EDGE, width=2)
    if view.turn == player.seat and not view.over:
        x0, y0, _, y1 = box
        canvas.rounded_rectangle(box, radius=12, outline=TURN, width=4)
        canvas.rounded_rectangle((x0 + 2, y0 + 12, x0 + 9, y1 - 12), radius=3, fill=TURN)


def _stamp(canvas: Canvas, centre: tuple[float, float], span: tuple[float, float],
           room: float) -> None:
    """A knocked-out player's coins crossed out under a red stamp at most `room` wide."""
    said = pgettext("lunchmoney", "OUT COLD")
    size = 26
    while size > LEAST and text_length(said, font(size, True)) + 28 > room:
        size -= 1
    fnt = font(size, True)
    said = ellipsize(said, fnt, room - 10)
    w = min(text_length(said, fnt) + 28, room)
    canvas.line((span[0], centre[1], span[1], centre[1]), fill=KO, width=4)
    tag(canvas, centre, (w, size + 8), said, fnt, KO, edge_of(KO), WHITE, radius=8)


def _coins_at(canvas: Canvas, player: PlayerView, ground: RGB, look: Coins,
              xy: tuple[float, float]) -> None:
    """The coins of `player`, their first layer from x, centred on y."""
    coins = _coins(player.counters, ground, look)
    layer = coins.size[1] - (look.d + 4)
    canvas.paste(coins, (round(xy[0]), round(xy[1] - (look.d + 4) / 2 - layer)))


def _row(canvas: Canvas, view: PublicView, player: PlayerView, names: list[str]) -> None:
    """A player's row (two players): the name, the coins and their number, the cards in
    hand, badges."""
    box = seat_box(player.seat, len(view.players))
    _, y, _, _ = box
    ground = _ground(view, player)
    _seat(canvas, view, player, box)
    line1, line2 = y + 24, y + ROW_H - 22
    x = ROW_X0 + 16
    name = names[player.seat] if 0 <= player.seat < len(names) else "?"
    ink = MUTED if player.out else INK
    used = _text(canvas, (x, line1), name, 24, ink, "lm", width=NAME_W, bold=True)
    if player.out:
        canvas.line((x - 4, line1, x + used + 4, line1), fill=KO, width=3)
    canvas.paste(_hand_icon(ground), (x, round(line2 - HAND_ICON_H / 2 - 1)))
    hand = npgettext("lunchmoney", "{n} card", "{n} cards", player.hand).format(n=player.hand)
    _text(canvas, (x + HAND_ICON_W + 16, line2), hand, LEAST, MUTED, "lm")
    _text(canvas, (ROW_X1 - 16, y + ROW_H / 2), str(player.counters), 34, ink, "rm", bold=True)
    if player.out:
        cx = COINS_X + ROW_COINS.width(COUNTERS) / 2
        _stamp(canvas, (cx, y + ROW_H / 2), (COINS_X, ROW_X1 - 80), ROW_X1 - 80 - COINS_X)
    else:
        _coins_at(canvas, player, ground, ROW_COINS, (COINS_X, line1))
    number_w = text_length("25", font(34, True))
    _pills(canvas, _badges(view, player, names), [(COINS_X, line2, ROW_X1 - 24 - number_w)],
           ground)


def _tile(canvas: Canvas, view: PublicView, player: PlayerView, names: list[str]) -> None:
    """A player's tile (three players and more): the name and the number of counters, the
    coins, then the cards in hand and the badges, on two lines."""
    lay = layout(len(view.players))
    box = lay.seats[player.seat]
    x0, y0, x1, _ = box
    ground = _ground(view, player)
    _seat(canvas, view, player, box)
    left, right = x0 + TILE_PAD, x1 - TILE_PAD
    line1, line2, *lines = (y0 + dy for dy in TILE_LINES)
    ink = MUTED if player.out else INK
    number = _text(canvas, (right, line1 + 2), str(player.counters), 30, ink, "rm", bold=True)
    name = names[player.seat] if 0 <= player.seat < len(names) else "?"
    used = _text(canvas, (left, line1), name, 24, ink, "lm", width=right - number - 10 - left,
                 bold=True)
    if player.out:  # no coins, no cards: a stamp across the tile
        canvas.line((left - 4, line1, left + used + 4, line1), fill=KO, width=3)
        mid = y0 + (TILE_LINES[1] + TILE_LINES[-1]) / 2
        _stamp(canvas, ((left + right) / 2, mid), (left, right), right - left)
        return
    _coins_at(canvas, player, ground, lay.coins, (left, line2))
    cards = npgettext("lunchmoney", "{n} card", "{n} cards", player.hand).format(n=player.hand)
    hand = Badge((cards, str(player.hand)), None)
    _pills(canvas, [hand, *_badges(view, player, names)], [(left, y, right) for y in lines],
           ground, holds_first=True)


def _holds(canvas: Canvas, view: PublicView) -> None:
    """Each hold as a link in the margin left of the rows (two players): from the
    attacker's row (a dot) to the victim's (an arrowhead), in the hold's colour, one lane per
    hold."""
    n = len(view.players)
    for k, hold in enumerate(view.holds):
        if not (0 <= hold.attacker < n and 0 <= hold.victim < n) or hold.attacker == hold.victim:
            continue
        rgb = HOLD_RGB.get(hold.kind, UNKNOWN)
        lane = ROW_X0 - 12 - (k % 3) * LANE
        ay = seat_box(hold.attacker, n)[1] + ROW_H * 0.36
        vy = seat_box(hold.victim, n)[1] + ROW_H * 0.64
        points = [(ROW_X0 - 2, ay), (lane, ay), (lane, vy), (ROW_X0 - 12, vy)]
        canvas.line(points, fill=edge_of(rgb), width=7, joint="curve")
        canvas.line(points, fill=rgb, width=4, joint="curve")
        canvas.ellipse(
            (ROW_X0 - 8, ay - 6, ROW_X0 + 4, ay + 6), fill=rgb, outline=edge_of(rgb), width=2
        )
        tip = ROW_X0 + 2
        canvas.polygon(
            [(tip, vy), (tip - 14, vy - 8), (tip - 14, vy + 8)],
            fill=rgb,
            outline=edge_of(rgb),
            width=1,
        )


def _links(canvas: Canvas, view: PublicView, lay: Layout) -> None:
    """Each hold between tiles as a link in the hold's colour, from the attacker's tile (a
    dot on its edge by the table) to the victim's (an arrowhead): along the gap between the
    tiles and the table, across the table (between its places) from one side to the other."""
    n, far = len(view.players), lay.columns
    (_, p1), (_, m1), _ = _table_places(lay)
    for k, hold in enumerate(view.holds):
        if not (0 <= hold.attacker < n and 0 <= hold.victim < n) or hold.attacker == hold.victim:
            continue
        rgb = HOLD_RGB.get(hold.kind, UNKNOWN)
        shift = (k % 3 - 1) * 26  # another hold's ends beside this one's
        ends: list[tuple[float, float, float]] = []  # x, the tile's edge, the gap's middle
        for seat in (hold.attacker, hold.victim):
            x0, y0, x1, y1 = lay.seats[seat]
            x = (x0 + x1) / 2 + shift
            ends.append((x, y1, y1 + TILE_GAP / 2) if seat < far else
                        (x, y0, y0 - TILE_GAP / 2))
        (ax, ay, ag), (vx, vy, vg) = ends
        points = [(ax, ay), (ax, ag)]
        if ag != vg:  # across the table, where no place is
            middle = (ax + vx) / 2
            cross = min((p1, m1), key=lambda x: abs(x - middle)) + shift / 3
            points += [(cross, ag), (cross, vg)]
        points += [(vx, vg), (vx, vy)]
        for width, colour in ((7, edge_of(rgb)), (4, rgb)):
            for (xa, ya), (xb, yb) in zip(points, points[1:], strict=False):
                # each leg a line of its own (a small box to redraw), squared past its ends
                # to fill the corners
                dx = width / 2 * ((xb > xa) - (xb < xa))
                dy = width / 2 * ((yb > ya) - (yb < ya))
                canvas.line((xa - dx, ya - dy, xb + dx, yb + dy), fill=colour, width=width)
        canvas.ellipse((ax - 6, ay - 6, ax + 6, ay + 6), fill=rgb, outline=edge_of(rgb), width=2)
        way = 1 if vg > vy else -1  # from the gap to the tile
        canvas.polygon([(vx, vy), (vx - 8, vy + way * 10), (vx + 8, vy + way * 10)], fill=rgb,
                       outline=edge_of(rgb), width=1)


def _table(canvas: Canvas, view: PublicView, lay: Layout) -> None:
    """The draw pile, the pot and the top of the discard pile."""
    look, top = lay.look, lay.table[1]
    (p0, p1), (m0, m1), (d0, d1) = _table_places(lay)
    mid = top + look.label_y + (look.height - look.label_y) / 2
    backs = 0 if view.draw_pile <= 0 else min(4, 1 + view.draw_pile // 20)
    pile = _pile(backs, look.back)
    pw = pile.size[0]
    count = str(view.draw_pile)
    cw = text_length(count, font(30, True))
    px = round((p0 + p1 - pw - 10 - cw) / 2)
    canvas.paste(pile, (px, round(mid - pile.size[1] / 2 + 2)))
    _text(canvas, (px + pw + 10, mid + 4), count, 30, INK, "lm", bold=True)
    # the pot
    if view.pot > 0:
        pot = _pot(view.pot, look.stack_h)
        said = str(view.pot)
        sw = text_length(said, font(30, True))
        w = pot.size[0] + 12 + sw
        x = round((m0 + m1 - w) / 2)
        canvas.paste(pot, (x, round(mid - pot.size[1] / 2 + 4)))
        _text(canvas, (x + pot.size[0] + 12, mid + 4), said, 30, INK, "lm", bold=True)
    else:
        _text(canvas, ((m0 + m1) / 2, mid + 4), pgettext("lunchmoney", "empty"), LEAST,
              edge_of(TABLE), "mm")
    # the discard pile's top card
    mw, mh = look.mini
    if view.discard:
        card = _mini(view.discard[-1], look.mini)
        canvas.paste(card, (round((d0 + d1 - mw) / 2), round(mid - mh / 2 + 4)))
    else:
        x, y = (d0 + d1 - mw) / 2, mid - mh / 2 + 4
        canvas.rounded_rectangle((x, y, x + mw, y + mh), radius=10, outline=TABLE_EDGE, width=2)
        _text(canvas, ((d0 + d1) / 2, mid + 4), pgettext("lunchmoney", "empty"), LEAST,
              edge_of(TABLE), "mm")


def _winners(canvas: Canvas, view: PublicView, names: list[str], lay: Layout) -> None:
    """At the end, the table is cleared for the winners: who won, and the pot left over."""
    x0, top, x1, bottom = lay.table
    h = bottom - top
    box = (x0 + 8, top + 5, x1 - 8, bottom - 5)  # (over the places' labels)
    canvas.rounded_rectangle(box, radius=14, fill=GOLD, outline=TURN, width=3)
    won = [names[s] for s in view.winners or [] if 0 <= s < len(names)]
    line = _won(won) if won else _("Nobody is left standing")
    cx = (box[0] + box[2]) / 2
    room = box[2] - box[0] - 40
    _text(canvas, (cx, top + h * 0.4), line, 34, INK, "mm", width=room, bold=True)
    counters = sum(
        p.counters
        for p in view.players
        if 0 <= p.seat < len(names) and p.seat in (view.winners or [])
    )
    said = ngettext("Game over · {n} counter standing · pot {pot}",
                    "Game over · {n} counters standing · pot {pot}", counters).format(
        n=counters, pot=view.pot)
    _text(canvas, (cx, top + h * 0.69), said, LEAST, INK, "mm", width=room)


def _steps(canvas: Canvas, view: PublicView, names: list[str], lay: Layout) -> None:
    """The cards of the turn so far, one a line, four lines a column: who played what, at
    whom, and what came of it; at most eight lines (past them, the earliest are counted on
    the first)."""
    sy = lay.steps_top
    x0, x1 = MARGIN + 16, WIDTH - MARGIN - 16
    if view.answers_awaited and not view.over:
        said = pgettext("lunchmoney", "answers awaited")
        fnt = font(LEAST, True)
        w = text_length(said, fnt) + 28
        cy = sy + STEPS_HEAD / 2 + 2
        canvas.rounded_rectangle((x1 - w, cy - 15, x1, cy + 15), radius=15, fill=GOLD)
        text(canvas, (x1 - w / 2, cy), said, fnt, fill=INK, anchor="mm")
    y = sy + STEPS_HEAD
    if not view.steps:
        over = pgettext("lunchmoney", "The game is over")
        line = over if view.over else _("No card played yet")
        _text(canvas, (x0, y + STEP_H / 2), line, LEAST, DIM, "lm", width=x1 - x0)
        return
    most = lay.most_steps
    shown = view.steps if len(view.steps) <= most else view.steps[-(most - 1) :]
    lines: list[StepView | str] = []
    if len(shown) < len(view.steps):
        earlier = len(view.steps) - len(shown)
        lines.append(ngettext("… {n} earlier card this turn", "… {n} earlier cards this turn",
                              earlier).format(n=earlier))
    lines += shown
    columns = 1 if len(lines) <= lay.column_steps else 2
    width = (x1 - x0 - (columns - 1) * COLUMN_GAP) / columns
    for k, line in enumerate(lines):
        column, row = divmod(k, lay.column_steps)
        x, mid = x0 + column * (width + COLUMN_GAP), y + row * STEP_H + STEP_H / 2
        if isinstance(line, str):
            _text(canvas, (x, mid), line, LEAST, DIM, "lm", width=width)
        else:
            _step(canvas, line, names, x, mid, x + width)


def _step(
    canvas: Canvas, step: StepView, names: list[str], x: float, mid: float, x1: float
) -> None:
    """'Ann: Grab → Bob (free)': the player, the card in its kind's colour, the target, the
    note; long names are cut so the card always shows."""
    chip_y = round(mid - CHIP_H / 2)
    if step.card == DISCARD_STEP:  # cards thrown away: the note says how many
        canvas.paste(_chip(UNKNOWN), (round(x), chip_y))
        x += CHIP_W + 10
        said = _who(names, step.seat)
        note = drawable(note_text(step.note), 40)
        # i18n: after a player's name in this turn's list: "Ann discards 3 cards"
        tail = " " + (_("discards {cards}").format(cards=note) if note else _("discards"))
        said = _text.fit(said, tail, LEAST, x1 - x)
        _text(canvas, (x, mid), said, LEAST, LIGHT, "lm", width=x1 - x)
        return
    rgb = _kind_rgb(step.card)
    canvas.paste(_chip(rgb), (round(x), chip_y))
    x += CHIP_W + 10
    plain = font(LEAST)
    card = _card_name(step.card)
    target = f" → {_who(names, step.target)}" if step.target is not None else ""
    note = f"  ({drawable(note_text(step.note), 60)})" if step.note.strip() else ""
    room = x1 - x
    who = _who(names, step.seat)
    who = ellipsize(who, plain, min(text_length(who, plain), max(60.0, room * 0.3)))
    # i18n: who played a card of this turn's list, before the card: "Ann: Grab → Bob"
    said = pgettext("lunchmoney", "{player}:").format(player=who)
    x += _text(canvas, (x, mid), said, LEAST, LIGHT, "lm") + 8
    x += _text(canvas, (x, mid), card, LEAST, blend(rgb, WHITE, 0.45), "lm", bold=True,
               width=max(40.0, x1 - x))
    if target and x1 - x > 40:
        tw = min(text_length(target, plain), max(60.0, (x1 - x) * 0.6), x1 - x)
        x += _text(canvas, (x, mid), target, LEAST, LIGHT, "lm", width=tw)
    if note and x1 - x > 40:
        _text(canvas, (x, mid), note, LEAST, GOLD, "lm", width=x1 - x)


def board_canvas(view: PublicView) -> Canvas:
    """The table of `view`: the backdrop for its number of players, and what the view adds."""
    n = len(view.players)
    lay = layout(n)
    canvas = Canvas(_backdrop(n))
    names = _names(view)
    TITLE.status(canvas, *_status(view), bold=view.over)
    seat = _row if lay.columns == 0 else _tile
    for player in view.players:
        if 0 <= player.seat < n:
            seat(canvas, view, player, names)
    if lay.columns == 0:
        _holds(canvas, view)
    if view.over:
        _winners(canvas, view, names, lay)
    else:
        _table(canvas, view, lay)
        if lay.columns:
            _links(canvas, view, lay)
    _steps(canvas, view, names, lay)
    return canvas


board_image, board_png = image_and_png(board_canvas)


# -- the hand ------------------------------------------------------------------------------------


CARD_H = 380
HAND = Hand(CARD_H, FRAME, palette_image)
HEAD_H = 42
BURST = 116  # the emblem a damage is written on
LEAST_BURST = 84  # ... when a long text needs more of the card


def _rules_text(key: str) -> str:
    """What the card does, without a leading 'N damage' (the card shows its damage big)."""
    if key not in CARD:
        return _("A card this picture does not know.")
    return data.face(key)


@picture_cache(maxsize=64)
def _card(key: str) -> Sprite:
    """A card face: its kind in its colour, its name, its damage, what it does."""
    card = CARD.get(key)
    rgb = _kind_rgb(key)
    image, draw = blank_card((CARD_W, CARD_H), FRAME, rgb, head=HEAD_H, radius=14, border=4)
    if card is not None and card.kind in KIND_WORD:
        word = _term(KIND_WORD[card.kind])
    else:
        word = pgettext("lunchmoney", "CARD")
    _text(draw, (14, HEAD_H / 2 + 1), word, LEAST, WHITE, "lm", width=CARD_W - 28, bold=True)
    pad = CARD_PAD
    inner = CARD_W - 2 * pad
    y = HEAD_H + 10
    y += wrapped(draw, (pad, y), _card_name(key), font(26, True), inner, 2, 32, INK) + 6
    body = font(LEAST)
    said = _rules_text(key)
    damage = card.damage if card is not None else 0
    bottom = CARD_H - 14 - (BURST + 30 if damage else 0)  # room kept for the damage
    most = max(1, (bottom - y) // 26)
    if damage and said and len(wrap(said, body, inner, most + 9)) > most:
        most = max(1, (bottom + BURST - LEAST_BURST - y) // 26)  # a smaller emblem: more text
    y += wrapped(draw, (pad, y), said, body, inner, most, 26, INK)
    kind = card.kind if card is not None else ""
    if damage:  # the damage, big, on the kind's emblem, in the middle of the free space
        burst = max(LEAST_BURST, min(BURST, CARD_H - 14 - 30 - y))
        top = y + max(0, (CARD_H - 14 - y - burst - 28) // 2)
        emblem = _emblem(kind, burst, blend(rgb, WHITE, 0.78))
        image.paste(emblem, ((CARD_W - burst) // 2, top))
        mid = (CARD_W / 2, top + burst / 2 + 1)
        text(draw, mid, str(damage), font(48, True), fill=edge_of(rgb), anchor="mm")
        # i18n: under the big number on a card's face
        said = npgettext("lunchmoney", "damage", "damage", damage)
        _text(draw, (CARD_W / 2, top + burst + 14), said, 22, rgb, "mm", width=CARD_W - 28,
              bold=True)
        return Sprite(image)
    room = min(CARD_H - 18 - y, 110)
    if room >= 56:  # a pale emblem of the kind in the free space
        emblem = _emblem(kind, room, blend(rgb, WHITE, 0.82))
        image.paste(emblem, ((CARD_W - room) // 2, y + (CARD_H - 14 - y - room) // 2))
    return Sprite(image)



@picture_cache(maxsize=32)
def _emblem(kind: str, size: int, colour: RGB) -> Image.Image:
    """A pale picture on a card: a fist's burst for attacks, a shield for defence, a star
    for specials."""
    s = SS
    big = Supersampled((size, size), WHITE)
    draw = big.draw
    c = size * s / 2
    if kind == DEFENCE:
        w, h = size * s * 0.72, size * s * 0.9
        top = c - h / 2
        draw.polygon(
            [
                (c - w / 2, top),
                (c + w / 2, top),
                (c + w / 2, top + h * 0.45),
                (c, top + h),
                (c - w / 2, top + h * 0.45),
            ],
            fill=colour,
        )
    else:
        spikes = 5 if kind == SPECIAL else 9
        outer, inner = c * 0.95, c * (0.45 if kind == SPECIAL else 0.62)
        points = []
        for k in range(2 * spikes):
            r = outer if k % 2 == 0 else inner
            a = -math.pi / 2 + k * math.pi / spikes
            points.append((c + r * math.cos(a), c + r * math.sin(a)))
        draw.polygon(points, fill=colour)
    return big.shrunk()


def hand_canvas(view: PrivateView) -> Canvas:
    """The cards in `view`'s hand, three to a row, under a line counting them."""
    n = len(view.hand)
    canvas = HAND.canvas(n)
    canvas.paste(_hand_icon(FRAME), (MARGIN, 20))
    count = npgettext("lunchmoney", "{n} card", "{n} cards", n).format(n=n)
    said = pgettext("lunchmoney", "Your hand · {count}").format(count=count)
    _text(canvas, (MARGIN + HAND_ICON_W + 20, 31), said, 24, LIGHT, "lm", bold=True)
    legend = [(_term(KIND_KEY[k]), KIND_RGB[k]) for k in (BASIC, WEAPON, DEFENCE, SPECIAL)]
    x = HAND_W - MARGIN
    fnt = font(LEAST)
    for word, rgb in reversed(legend):  # the kinds' colours, as a key
        w = text_length(word, fnt)
        x -= w
        text(canvas, (x, 31), word, fnt, fill=blend(rgb, WHITE, 0.45), anchor="lm")
        x -= 22
        canvas.rounded_rectangle((x, 22, x + 14, 40), radius=3, fill=rgb)
        x -= 14
    none = pgettext("lunchmoney", "No cards in hand")
    HAND.lay(canvas, [_card(key) for key in view.hand], none, DIM, LIGHT)
    return canvas


hand_image, hand_png = image_and_png(hand_canvas)
