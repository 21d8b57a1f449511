"""Pictures of Lunch Money, drawn from the views only (which keeps every hand secret).

The table reads top to bottom like a schoolyard lunch table seen from above: half the players
on one side (one row each: name, counters as coins out of fifteen and the number, cards in
hand, badges), the table in the middle (draw pile, the pot, the top of the discard pile), the
other half on the far side, then the cards of the turn so far. A hold (Choke, Headlock) is a
link in the left margin from the attacker's row to the victim's, and a badge on both rows.
Drawn in RGB for anti-aliased text, then mapped onto one fixed palette: a palette PNG is a
fraction of the bytes and encodes several times faster.

Most of the picture never changes within a game: the frame, the empty rows, the table, the
panel for the turn's cards. That is a Backdrop drawn once per process per number of players
and height of that panel (short while a turn has three cards or fewer); a render draws on a
games.drawing.Canvas only what the view adds: names, coins (a row of coins is one cached
sprite), badges, holds, the piles and the turn's cards.

Discord shows a picture about 500 px wide, so no text is smaller than LEAST px (11 px there).
"""

from __future__ import annotations

import math

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
from games.pictures.panels import GAP, LEAST, MARGIN, TITLE_H, WIDTH, TitleBar, panel_box, tag
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


GUTTER = 46  # the holds' links, left of the rows
LANE = 13  # px between two holds' links
ROW_X0 = MARGIN + GUTTER
ROW_X1 = WIDTH - MARGIN
ROW_H = 72
ROW_GAP = 8
NAME_W = 216  # the name column
COINS_X = ROW_X0 + 14 + NAME_W + 10  # where a row's coins start
COIN_D = 18
COIN_PITCH = 19
COIN_GROUP = 7  # extra room after every five coins
COIN_MAX = 25  # coins drawn at most (the number says the rest)
TABLE_H = 136
STEPS_HEAD = 50
STEP_H = 36
SHORT_STEPS = 3  # lines in the short panel
MOST_STEPS = 8  # lines in the tall one
# What the cards of the turn may say about themselves, after the card's name.
HOLD_WORD = {"choke": "Choke", "headlock": "Headlock"}  # the holds' cards' names (data)
DISCARD_STEP = "discard"  # a step that is no card: cards discarded


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


def _coins_width(slots: int) -> int:
    return slots * COIN_PITCH + max(0, (slots - 1) // 5) * COIN_GROUP


@picture_cache(maxsize=256)  # ~40 KB each: a count on a ground
def _coins(count: int, ground: RGB) -> Sprite:
    """A player's counters: a row of gold coins in groups of five, the lost ones of the
    starting fifteen as empty places; past fifteen (First Aid) the row grows, to 25 coins.
    Opaque on `ground`."""
    shown = min(max(0, count), COIN_MAX)
    slots = max(COUNTERS, shown)
    w, h = _coins_width(slots) + 2, COIN_D + 4
    big = Supersampled((w, h), ground)
    draw = big.draw
    for i in range(slots):
        x = (1 + i * COIN_PITCH + (i // 5) * COIN_GROUP) * SS
        y = 2 * SS
        box = (x, y, x + COIN_D * SS, y + COIN_D * SS)
        if i < shown:
            draw.ellipse(box, fill=COIN, outline=COIN_EDGE, width=round(1.5 * SS))
            inset = 4.5 * SS
            draw.ellipse(
                (box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset),
                outline=blend(COIN, COIN_EDGE, 0.55),
                width=SS,
            )
        else:
            inset = 2 * SS
            draw.ellipse(
                (box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset),
                outline=blend(SLOT, ground, 0.0) if ground == SEAT else blend(SLOT, ground, 0.4),
                width=round(1.5 * SS),
            )
    return big.sprite()


POT_COIN_W, POT_COIN_H = 34, 13  # a coin seen from the side
POT_STACKS = 6  # stacks side by side at most
POT_STACK_H = 72  # px of the tallest stack
POT_MOST = 90  # coins drawn in the pot at most (the number says the rest)


@picture_cache(maxsize=128)
def _pot(count: int) -> Sprite:
    """The pot: its counters in stacks side by side on the table, five a stack, more a
    stack (and closer together) once six stacks of five are not enough."""
    shown = min(max(0, count), POT_MOST)
    per = max(5, -(-shown // POT_STACKS))
    step = min(6, (POT_STACK_H - POT_COIN_H) // max(1, per - 1))
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


BACK_W, BACK_H = 52, 74


@picture_cache(maxsize=8)
def _pile(backs: int) -> Sprite:
    """The draw pile: `backs` card backs (0 to 4), each a little up and right of the last;
    none: an empty place."""
    w, h = BACK_W + 3 * 5 + 4, BACK_H + 3 * 5 + 4
    big = Supersampled((w, h), TABLE)
    draw = big.draw
    if backs <= 0:
        draw.rounded_rectangle(
            (2 * SS, (h - BACK_H - 2) * SS, (BACK_W + 2) * SS, (h - 2) * SS),
            radius=6 * SS,
            outline=TABLE_EDGE,
            width=2 * SS,
        )
    for k in range(min(backs, 4)):
        x, y = (2 + k * 5) * SS, (h - BACK_H - 2 - k * 5) * SS
        draw.rounded_rectangle(
            (x, y, x + BACK_W * SS, y + BACK_H * SS),
            radius=6 * SS,
            fill=WHITE,
            outline=edge_of(BACK),
            width=SS,
        )
        inner = (x + 5 * SS, y + 5 * SS, x + (BACK_W - 5) * SS, y + (BACK_H - 5) * SS)
        draw.rounded_rectangle(inner, radius=3 * SS, fill=BACK)
        cx, cy = x + BACK_W * SS / 2, y + BACK_H * SS / 2
        r = 11 * SS
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=COIN, outline=edge_of(BACK), width=SS)
    return big.sprite()


MINI_W, MINI_H = 214, 82


@picture_cache(maxsize=64)
def _mini(key: str) -> Sprite:
    """A face-up card on the discard pile: its kind's colour and word, its name, its
    damage."""
    rgb = _kind_rgb(key)
    card = CARD.get(key)
    image, draw = blank_card((MINI_W, MINI_H), TABLE, rgb, head=30, radius=10, border=3)
    word = _term(KIND_SHORT[card.kind]) if card is not None and card.kind in KIND_SHORT else "?"
    right = MINI_W - 10
    if card is not None and card.damage:
        # i18n: a card's damage, in the corner of a small card ("3 dmg"); keep it short
        said = npgettext("lunchmoney", "{n} dmg", "{n} dmg", card.damage).format(n=card.damage)
        fnt = font(LEAST, True)
        if text_length(word, fnt) + text_length(said, fnt) + 10 > MINI_W - 20:
            said = str(card.damage)  # the kind's word and the number, when both do not fit
        right -= _text(draw, (MINI_W - 10, 16), said, LEAST, WHITE, "rm", bold=True) + 10
    _text(draw, (10, 16), word, LEAST, WHITE, "lm", width=right - 10, bold=True)
    _text(draw, (10, 56), _card_name(key), 22, INK, "lm", width=MINI_W - 20, bold=True)
    return Sprite(image)


@picture_cache(maxsize=16)
def _chip(rgb: RGB) -> Sprite:
    """A small card in a kind's colour, before a card's name in the turn's list."""
    w, h = 20, 28
    big = Supersampled((w, h), PANEL)
    draw = big.draw
    draw.rounded_rectangle(
        (0, 0, w * SS - 1, h * SS - 1), radius=4 * SS, fill=rgb, outline=WHITE, width=2 * SS
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


def _near(n: int) -> int:
    """The players on the near side of the table (the first half, rounded up)."""
    return -(-n // 2)


def _tall(view: PublicView) -> bool:
    """Whether the turn's cards need the tall panel (more than three lines)."""
    return len(view.steps) > SHORT_STEPS


def _table_top(n: int) -> int:
    return TITLE_H + _near(n) * (ROW_H + ROW_GAP) + GAP - ROW_GAP


def _row_y(seat: int, n: int) -> int:
    near = _near(n)
    if seat < near:
        return TITLE_H + seat * (ROW_H + ROW_GAP)
    return _table_top(n) + TABLE_H + GAP + (seat - near) * (ROW_H + ROW_GAP)


def _steps_top(n: int) -> int:
    return _table_top(n) + TABLE_H + GAP + (n - _near(n)) * (ROW_H + ROW_GAP) + GAP - ROW_GAP


def _steps_h(tall: bool) -> int:
    return STEPS_HEAD + (MOST_STEPS if tall else SHORT_STEPS) * STEP_H + 14


def board_height(n: int, tall: bool = False) -> int:
    return _steps_top(n) + _steps_h(tall) + MARGIN


@picture_cache(maxsize=8)  # 3-4 MB each: per number of players and panel height
def _backdrop(n: int, tall: bool) -> Backdrop:
    """What does not change within a game: the frame, the title, every player's empty row,
    the table with its three places' labels, the panel for the turn's cards."""
    img = Image.new("RGB", (WIDTH, board_height(n, tall)), FRAME)
    draw = ImageDraw.Draw(img)
    TITLE.backdrop(draw)
    for seat in range(n):
        y = _row_y(seat, n)
        draw.rounded_rectangle(
            (ROW_X0, y, ROW_X1, y + ROW_H), radius=12, fill=SEAT, outline=SEAT_EDGE, width=2
        )
    top = _table_top(n)
    draw.rounded_rectangle(
        (ROW_X0, top, ROW_X1, top + TABLE_H), radius=18, fill=TABLE, outline=TABLE_EDGE, width=3
    )
    labels = (pgettext("lunchmoney", "Draw pile"), pgettext("lunchmoney", "Pot"),
              pgettext("lunchmoney", "Discard"))
    for (x0, x1), label in zip(_table_places(), labels, strict=True):
        _text(draw, ((x0 + x1) / 2, top + 20), label, LEAST, edge_of(TABLE), "mm", bold=True)
    sy = _steps_top(n)
    panel_box(draw, (MARGIN, sy, WIDTH - MARGIN, sy + _steps_h(tall)))
    _text(draw, (MARGIN + 16, sy + STEPS_HEAD / 2 + 2), pgettext("lunchmoney", "This turn"), 24,
          DIM, "lm", bold=True)
    return Backdrop(img, palette_image)


def _table_places() -> tuple[tuple[int, int], ...]:
    """The table's three places, left to right: the draw pile, the pot, the discard."""
    x0, x1 = ROW_X0 + 12, ROW_X1 - 12
    side = MINI_W + 24
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


def _badges(
    view: PublicView, player: PlayerView, names: list[str]
) -> list[tuple[tuple[str, ...], RGB]]:
    """What a row says about its player beyond the counters: holds, helpless, stomped."""
    out: list[tuple[tuple[str, ...], RGB]] = []
    fnt = font(LEAST, True)
    if view.winners is not None and player.seat in view.winners:
        out.append(((pgettext("lunchmoney", "winner!"),), TURN))
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
                out.append((spellings, rgb))
    if player.poked:
        out.append(((pgettext("lunchmoney", "seeing stars"),), STARS_RGB))
    elif player.helpless:
        out.append(((pgettext("lunchmoney", "helpless"),), HELPLESS_RGB))
    if player.stomped:
        out.append(((pgettext("lunchmoney", "stomped: next attack half"),
                     pgettext("lunchmoney", "next attack half"),
                     pgettext("lunchmoney", "stomped")), STOMP_RGB))
    return out


PILL_PAD, PILL_GAP = 18, 8
SHORT_NAME = 96  # px of a name in a badge short of room


def _pills(
    canvas: Canvas, badges: list[tuple[tuple[str, ...], RGB]], x: float, y: float, x1: float
) -> None:
    """Badges left to right from x, centred on y, none past x1. Each has spellings, longest
    first: all start short, then each in turn, from the last, takes its longest spelling
    that still lets them all fit. If even the shortest do not, the one that reaches x1 is
    cut with '…' and the rest are left out."""
    fnt = font(LEAST, True)

    def width(line: str) -> float:
        return text_length(line, fnt) + PILL_PAD + PILL_GAP

    chosen = [spellings[-1] for spellings, _ in badges]
    total = sum(width(line) for line in chosen)
    for k in reversed(range(len(badges))):  # a hold's name goes first: its link shows it
        for line in badges[k][0]:
            grown = total - width(chosen[k]) + width(line)
            if grown <= x1 - x + PILL_GAP:
                total, chosen[k] = grown, line
                break
    for said, (_spellings, rgb) in zip(chosen, badges, strict=True):
        room = x1 - x - PILL_PAD
        if room < text_length("W…", fnt):
            break
        line = ellipsize(said, fnt, room)
        w = text_length(line, fnt) + PILL_PAD
        canvas.rounded_rectangle((x, y - 14, x + w, y + 14), radius=14, fill=rgb)
        text(canvas, (x + w / 2, y), line, fnt, fill=ink_on(rgb), anchor="mm")
        x += w + PILL_GAP
        if line != said:
            break


def _row(canvas: Canvas, view: PublicView, player: PlayerView, names: list[str]) -> None:
    """A player's row: the name, the coins and their number, the cards in hand, badges; the
    row of the player whose turn it is outlined, a knocked-out player's greyed and crossed."""
    n = len(view.players)
    y = _row_y(player.seat, n)
    box = (ROW_X0, y, ROW_X1, y + ROW_H)
    won = view.winners is not None and player.seat in view.winners
    ground = OUT_GROUND if player.out else WIN_GROUND if won else SEAT
    if ground != SEAT:
        canvas.rounded_rectangle(box, radius=12, fill=ground, outline=SEAT_EDGE, width=2)
    if view.turn == player.seat and not view.over:
        canvas.rounded_rectangle(box, radius=12, outline=TURN, width=4)
        canvas.rounded_rectangle(
            (ROW_X0 + 2, y + 12, ROW_X0 + 9, y + ROW_H - 12), radius=3, fill=TURN
        )
    line1, line2 = y + 24, y + ROW_H - 22
    x = ROW_X0 + 16
    name = names[player.seat] if 0 <= player.seat < len(names) else "?"
    used = _text(
        canvas, (x, line1), name, 24, MUTED if player.out else INK, "lm", width=NAME_W, bold=True
    )
    if player.out:
        canvas.line((x - 4, line1, x + used + 4, line1), fill=KO, width=3)
    canvas.paste(_hand_icon(ground), (x, round(line2 - HAND_ICON_H / 2 - 1)))
    hand = npgettext("lunchmoney", "{n} card", "{n} cards", player.hand).format(n=player.hand)
    _text(canvas, (x + HAND_ICON_W + 16, line2), hand, LEAST, MUTED, "lm")
    number = str(player.counters)
    _text(
        canvas,
        (ROW_X1 - 16, y + ROW_H / 2),
        number,
        34,
        MUTED if player.out else INK,
        "rm",
        bold=True,
    )
    if player.out:
        # the row crossed out under a red stamp
        fnt = font(26, True)
        stamp = pgettext("lunchmoney", "OUT COLD")
        w = text_length(stamp, fnt) + 28
        cx, cy = COINS_X + _coins_width(COUNTERS) / 2, y + ROW_H / 2
        canvas.line((COINS_X, cy, ROW_X1 - 80, cy), fill=KO, width=4)
        tag(canvas, (cx, cy), (w, 34), stamp, fnt, KO, edge_of(KO), WHITE, radius=8)
    else:
        coins = _coins(player.counters, ground)
        canvas.paste(coins, (COINS_X, round(line1 - coins.size[1] / 2)))
    number_w = text_length("25", font(34, True))
    _pills(canvas, _badges(view, player, names), COINS_X, line2, ROW_X1 - 24 - number_w)


def _holds(canvas: Canvas, view: PublicView) -> None:
    """Each hold as a link in the margin left of the rows: from the attacker's row (a dot)
    to the victim's (an arrowhead), in the hold's colour, one lane per hold."""
    n = len(view.players)
    for k, hold in enumerate(view.holds):
        if not (0 <= hold.attacker < n and 0 <= hold.victim < n) or hold.attacker == hold.victim:
            continue
        rgb = HOLD_RGB.get(hold.kind, UNKNOWN)
        lane = ROW_X0 - 12 - (k % 3) * LANE
        ay = _row_y(hold.attacker, n) + ROW_H * 0.36
        vy = _row_y(hold.victim, n) + ROW_H * 0.64
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


def _table(canvas: Canvas, view: PublicView, names: list[str]) -> None:
    """The draw pile, the pot and the top of the discard pile."""
    top = _table_top(len(view.players))
    (p0, p1), (m0, m1), (d0, d1) = _table_places()
    mid = top + 20 + (TABLE_H - 20) / 2
    backs = 0 if view.draw_pile <= 0 else min(4, 1 + view.draw_pile // 20)
    pile = _pile(backs)
    pw = pile.size[0]
    count = str(view.draw_pile)
    cw = text_length(count, font(30, True))
    px = round((p0 + p1 - pw - 10 - cw) / 2)
    canvas.paste(pile, (px, round(mid - pile.size[1] / 2 + 2)))
    _text(canvas, (px + pw + 10, mid + 4), count, 30, INK, "lm", bold=True)
    # the pot
    if view.pot > 0:
        pot = _pot(view.pot)
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
    if view.discard:
        card = _mini(view.discard[-1])
        canvas.paste(card, (round((d0 + d1 - MINI_W) / 2), round(mid - MINI_H / 2 + 4)))
    else:
        x, y = (d0 + d1 - MINI_W) / 2, mid - MINI_H / 2 + 4
        canvas.rounded_rectangle(
            (x, y, x + MINI_W, y + MINI_H), radius=10, outline=TABLE_EDGE, width=2
        )
        _text(canvas, ((d0 + d1) / 2, mid + 4), pgettext("lunchmoney", "empty"), LEAST,
              edge_of(TABLE), "mm")


def _winners(canvas: Canvas, view: PublicView, names: list[str]) -> None:
    """At the end, the table is cleared for the winners: who won, and the pot left over."""
    top = _table_top(len(view.players))
    box = (ROW_X0 + 10, top + 10, ROW_X1 - 10, top + TABLE_H - 10)
    canvas.rounded_rectangle(box, radius=14, fill=GOLD, outline=TURN, width=3)
    won = [names[s] for s in view.winners or [] if 0 <= s < len(names)]
    line = _won(won) if won else _("Nobody is left standing")
    cx = (box[0] + box[2]) / 2
    room = box[2] - box[0] - 40
    _text(canvas, (cx, top + TABLE_H / 2 - 14), line, 34, INK, "mm", width=room, bold=True)
    counters = sum(
        p.counters
        for p in view.players
        if 0 <= p.seat < len(names) and p.seat in (view.winners or [])
    )
    said = ngettext("Game over · {n} counter standing · pot {pot}",
                    "Game over · {n} counters standing · pot {pot}", counters).format(
        n=counters, pot=view.pot)
    _text(canvas, (cx, top + TABLE_H / 2 + 26), said, LEAST, INK, "mm", width=room)


def _steps(canvas: Canvas, view: PublicView, names: list[str]) -> None:
    """The cards of the turn so far, one a line: who played what, at whom, and what came of
    it; at most eight lines (past them, the earliest are counted on the first)."""
    tall = _tall(view)
    sy = _steps_top(len(view.players))
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
        _text(canvas, (x0, y + STEP_H / 2), line, LEAST, DIM, "lm")
        return
    most = MOST_STEPS if tall else SHORT_STEPS
    shown = view.steps if len(view.steps) <= most else view.steps[-(most - 1) :]
    if len(shown) < len(view.steps):
        earlier = len(view.steps) - len(shown)
        said = ngettext("… {n} earlier card this turn", "… {n} earlier cards this turn",
                        earlier).format(n=earlier)
        _text(canvas, (x0, y + STEP_H / 2), said, LEAST, DIM, "lm")
        y += STEP_H
    for step in shown:
        _step(canvas, step, names, x0, y + STEP_H / 2, x1)
        y += STEP_H


def _step(
    canvas: Canvas, step: StepView, names: list[str], x: float, mid: float, x1: float
) -> None:
    """'Ann: Grab → Bob (free)': the player, the card in its kind's colour, the target, the
    note; long names are cut so the card always shows."""
    if step.card == DISCARD_STEP:  # cards thrown away: the note says how many
        canvas.paste(_chip(UNKNOWN), (round(x), round(mid - 14)))
        x += 30
        said = _who(names, step.seat)
        note = drawable(note_text(step.note), 40)
        # i18n: after a player's name in this turn's list: "Ann discards 3 cards"
        tail = " " + (_("discards {cards}").format(cards=note) if note else _("discards"))
        said = _text.fit(said, tail, LEAST, x1 - x)
        _text(canvas, (x, mid), said, LEAST, LIGHT, "lm", width=x1 - x)
        return
    rgb = _kind_rgb(step.card)
    canvas.paste(_chip(rgb), (round(x), round(mid - 14)))
    x += 30
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
    x += _text(canvas, (x, mid), card, LEAST, blend(rgb, WHITE, 0.45), "lm", bold=True)
    if target:
        tw = min(text_length(target, plain), max(60.0, (x1 - x) * 0.6))
        x += _text(canvas, (x, mid), target, LEAST, LIGHT, "lm", width=tw)
    if note and x1 - x > 40:
        _text(canvas, (x, mid), note, LEAST, GOLD, "lm", width=x1 - x)


def board_canvas(view: PublicView) -> Canvas:
    """The table of `view`: the backdrop for its number of players, and what the view adds."""
    n = len(view.players)
    canvas = Canvas(_backdrop(n, _tall(view)))
    names = _names(view)
    TITLE.status(canvas, *_status(view), bold=view.over)
    for player in view.players:
        if 0 <= player.seat < n:
            _row(canvas, view, player, names)
    _holds(canvas, view)
    if view.over:
        _winners(canvas, view, names)
    else:
        _table(canvas, view, names)
    _steps(canvas, view, names)
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
