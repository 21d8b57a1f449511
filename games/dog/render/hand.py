"""The private picture: one player's hand, sent by DM, drawn from the private view only.

The felt is a cached backdrop; the cards, the name tag and the thumbnails are cached sprites
(games.drawing), so a render pastes them and maps only what lies between.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from games.dog.cards import card_name
from games.dog.moves import cards
from games.dog.render.cards import draw_card
from games.dog.render.common import (
    GOLD,
    HAND_BG,
    NAME_MAX,
    RULE,
    WHITE,
    Point,
    blend,
    chip,
    palette_image,
    seat_rgb,
)
from games.dog.views import DogPrivateView
from games.drawing import (
    Backdrop,
    Canvas,
    Sprite,
    drawable,
    font,
    least_font_px,
    picture_cache,
    sprite_origin,
    text,
    text_length,
)
from games.i18n import _, pgettext
from games.pictures.cards import no_cards

CARD_W, CARD_H = 150, 220
GAP, MARGIN = 16, 24
ROW_GAP = 18
TOP = 72
PER_ROW = 4  # more cards take a second row: a wider picture would shrink every text
WIDTH = 2 * MARGIN + PER_ROW * CARD_W + (PER_ROW - 1) * GAP
LEAST = least_font_px(WIDTH)  # 16: 11 px when Discord shows the hand 500 px wide
SIZE = max(20, LEAST)
THUMB_W, THUMB_H = 40, 56
FOOT = 86  # the exchange and partner line under the cards
SOFT = blend(WHITE, HAND_BG, 0.3)


def playing_for_text(view: DogPrivateView, room: float) -> str:
    """'Playing for Bob's pawns' (the partner by name), shorter when `room` is narrow."""
    partner = drawable(view.playing_for_name or "", NAME_MAX)
    fnt = font(SIZE)
    for line in (
        pgettext("dog", "Playing for {name}'s pawns").format(name=partner) if partner else "",
        pgettext("dog", "For {name}'s pawns").format(name=partner) if partner else "",
        pgettext("dog", "Playing for your partner's pawns"),
        pgettext("dog", "For your partner"),
    ):
        if line and text_length(line, fnt) <= room:
            return line
    return pgettext("dog", "For partner")


def _card_places(n: int) -> tuple[list[tuple[float, float]], int]:
    """Top left corner of each card, in hand order, and the number of rows: four to a row,
    two rows at most (a long Royal hand overlaps within its rows instead of growing)."""
    rows = 1 if n <= PER_ROW else 2
    per_row = max(1, -(-n // rows))
    step = float(CARD_W + GAP)
    if per_row > 1:
        step = min(step, (WIDTH - 2 * MARGIN - CARD_W) / (per_row - 1))
    places = [
        (MARGIN + (i % per_row) * step, TOP + (i // per_row) * (CARD_H + ROW_GAP))
        for i in range(n)
    ]
    return places, rows


@picture_cache(maxsize=4)  # 1-2 MB each: one per number of rows
def _felt(rows: int) -> Backdrop:
    """The table felt for a hand of `rows` rows of cards, with the rule above the footer."""
    cards_bottom = TOP + rows * CARD_H + (rows - 1) * ROW_GAP
    im = Image.new("RGB", (WIDTH, cards_bottom + FOOT), HAND_BG)
    ImageDraw.Draw(im).line(
        (MARGIN, cards_bottom + 14, WIDTH - MARGIN, cards_bottom + 14),
        fill=blend(RULE, HAND_BG, 0.6),
    )
    return Backdrop(im, palette_image)


@picture_cache(maxsize=256)
def _name_tag(name: str, color: str, room: float) -> tuple[Sprite, float, float]:
    """The player's name on a tag in their colour, at most `room` wide, drawn 8 px into its
    sprite; with the tag's width and height."""
    im = Image.new("RGBA", (math.ceil(room) + 16, 60), (0, 0, 0, 0))
    cw, ch = chip(ImageDraw.Draw(im), (8, 8), name, seat_rgb(color), 22, room)
    return Sprite(im), cw, ch


@picture_cache(maxsize=64)  # ~200 KB each: a code and variant, on whole pixels
def _card(code: str, royal: bool, at: Point) -> Sprite:
    """A card in hand with its shadow on the felt, its corner at `at` (see sprite_origin)."""
    x, y = at
    size = (math.ceil(x + CARD_W) + 13, math.ceil(y + CARD_H) + 14)
    im = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(im)
    draw.rounded_rectangle(
        (x + 4, y + 5, x + CARD_W + 4, y + CARD_H + 5),
        radius=14,
        fill=blend(HAND_BG, (0, 0, 0), 0.35),
    )
    draw_card(draw, (x, y, x + CARD_W, y + CARD_H), code, royal, least=LEAST)
    return Sprite(im)


@picture_cache(maxsize=128)
def _thumb(code: str, royal: bool, at: Point) -> Sprite:
    """A small card face (given, received), its corner at `at` (see sprite_origin)."""
    x, y = at
    im = Image.new("RGBA", (math.ceil(x + THUMB_W) + 9, math.ceil(y + THUMB_H) + 9), (0, 0, 0, 0))
    draw_card(ImageDraw.Draw(im), (x, y, x + THUMB_W, y + THUMB_H), code, royal, notes=False,
              least=LEAST)
    return Sprite(im)


def render_hand(view: DogPrivateView) -> bytes:
    """PNG of the hand: cards in hand order, four to a row, then the exchange and partner
    lines. Every text is at least LEAST px, legible at Discord's display width."""
    return hand_canvas(view).png()


def hand_canvas(view: DogPrivateView) -> Canvas:
    """The hand of `view` on the cached felt."""
    royal = view.variant == "royal"
    n = len(view.hand)
    places, rows = _card_places(n)
    cards_bottom = TOP + rows * CARD_H + (rows - 1) * ROW_GAP
    width = WIDTH
    canvas = Canvas(_felt(rows))
    name = drawable(view.name, NAME_MAX) or _("Seat {number}").format(number=view.seat + 1)
    variant = pgettext("dog", "Dog Royal") if royal else "Dog"
    # i18n: beside the player's name on their hand: "your hand · 5 cards · Dog"
    caption = pgettext("dog", "your hand · {cards} · {game}").format(cards=cards(n), game=variant)
    room = width - 2 * MARGIN - 12 - text_length(caption, font(SIZE))
    tag, cw, ch = _name_tag(name, view.color, room)
    canvas.paste(tag, (MARGIN - 8, 18 - 8))
    text(canvas, (MARGIN + cw + 12, 18 + ch / 2), caption, font(SIZE), fill=SOFT, anchor="lm")
    if n == 0:
        none = pgettext("dog", "No cards in hand")
        no_cards(canvas, (MARGIN, TOP), (CARD_W, CARD_H), none, SOFT, WHITE)
    playing = view.playing  # the card being played (a 7 being split): framed in gold
    for code, (x, y) in zip(view.hand, places, strict=True):
        at, inside = sprite_origin(x, y)
        canvas.paste(_card(code, royal, inside), at)
        if code == playing:
            playing = None
            canvas.rounded_rectangle((x - 5, y - 5, x + CARD_W + 5, y + CARD_H + 5), radius=17,
                                     outline=GOLD, width=6)
    y = cards_bottom + 22
    mid = y + THUMB_H / 2
    fnt = font(SIZE)
    given, received = pgettext("dog", "Given:"), pgettext("dog", "Received:")
    shown = [(label, code, card_name(code, view.variant))
             for label, code in ((given, view.given), (received, view.received))
             if code is not None]

    def footer(named: bool) -> float:
        """Where the exchange line ends, with or without the cards' names by their faces."""
        x = float(MARGIN)
        for label, _code, said in shown:
            x += text_length(label, fnt) + 8 + THUMB_W + 8
            x += (text_length(said, fnt) if named else -8) + 28
        return x

    # the cards' names go when the partner line would not fit beside them (a long language)
    named = view.playing_for is None or (
        width - MARGIN - footer(True) >= text_length(playing_for_text(view, 0), fnt))
    x = float(MARGIN)
    for label, code, said in shown:
        text(canvas, (x, mid), label, fnt, fill=SOFT, anchor="lm")
        x += text_length(label, fnt) + 8
        at, inside = sprite_origin(x, y)
        canvas.paste(_thumb(code, royal, inside), at)
        x += THUMB_W + 8
        if named:
            text(canvas, (x, mid), said, fnt, fill=WHITE, anchor="lm")
            x += text_length(said, fnt)
        else:
            x -= 8
        x += 28
    if view.playing_for is not None:
        said = playing_for_text(view, width - MARGIN - x)
        text(canvas, (width - MARGIN, mid), said, fnt, fill=WHITE, anchor="rm")
    return canvas
