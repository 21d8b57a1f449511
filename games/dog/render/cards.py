"""Dog card faces, drawn at any size: the hand shows them large, the board panel small.

Classic Dog has blue number cards and red special cards (dog.nl.txt "Kaarten"); Dog Royal adds
green cards, the 10 and the 4, that may overtake any rank (dog.nl.txt "OPTIES").

A face shows the card as the texts name it (games/dog/cards.py `card_name`), so "Play Queen" in a
menu matches a card with Q on it: classic faces A, Q, K, J (the first letters of the names in the
reader's language: a Dutch Queen, "Vrouw", shows a V) and the joker's star, with what they count
on the strip below ("1/11 or out", "12", ...); Royal names these cards by their numbers (1/11,
12, 13, Swap), so its faces show the numbers.
"""

from __future__ import annotations

from typing import NamedTuple

from PIL import ImageDraw

from games.dog.cards import card_name, initial
from games.dog.render.common import (
    CARD_BG,
    CARD_BLUE,
    CARD_GREEN,
    CARD_RED,
    MUTED,
    RGB,
    star,
    wrap,
)
from games.drawing import font, has_glyph, text, text_length
from games.i18n import NC_, pgettext
from games.pictures.cards import swap_arrows


class CardLook(NamedTuple):
    big: str  # value in the middle ("" when an icon is drawn instead)
    corner: str  # value in the corners
    note: str  # meaning in small text
    colour: RGB
    icon: str | None  # "swap", "joker", "magnet"


_NUMBERS = {"2": "2", "3": "3", "5": "5", "6": "6", "8": "8", "9": "9", "T": "10", "Q": "12"}

# Classic face cards: the letter the texts' names start with, big; their value on the strip.
_FACES: dict[str, tuple[str, RGB]] = {
    "A": (NC_("dog", "1/11 or out"), CARD_RED),
    "Q": ("12", CARD_BLUE),
    "K": (NC_("dog", "13 or out"), CARD_RED),
    # i18n: the strip on the Jack's face: what it does
    "J": (NC_("dog", "swap"), CARD_RED),
}


def _note(note: str) -> str:
    """A strip's words in the reader's language (numbers as they are)."""
    return pgettext("dog", note) if any(c.isalpha() for c in note) else note


def card_look(code: str, royal: bool) -> CardLook:
    """How a card code is shown; unknown codes are shown as they are, in grey."""
    if not royal and code in _FACES:
        note, colour = _FACES[code]
        letter = initial(card_name(code))
        return CardLook(letter, letter, _note(note), colour, None)
    if code in _NUMBERS:
        value = _NUMBERS[code]
        if royal and code == "T":
            # i18n: the strip on Dog Royal's green 10: it may overtake pawns of any rank
            return CardLook(value, value, pgettext("dog", "passes any rank"), CARD_GREEN, None)
        return CardLook(value, value, "", CARD_BLUE, None)
    if code == "4":
        if royal:
            # i18n: the strip on Dog Royal's green 4: it may overtake pawns of any rank
            return CardLook("±4", "±4", pgettext("dog", "+4 / -4, any rank"), CARD_GREEN, None)
        return CardLook("±4", "±4", "+4 / -4", CARD_RED, None)
    specials: dict[str, CardLook] = {
        "A": CardLook("1/11", "1/11", NC_("dog", "1/11 or out"), CARD_RED, None),
        "K": CardLook("13", "13", NC_("dog", "13 or out"), CARD_RED, None),
        # i18n: the strip on the 7's face: its steps may be split over several pawns
        "7": CardLook("7", "7", NC_("dog", "split 7"), CARD_RED, None),
        "J": CardLook("", "⇄", NC_("dog", "swap"), CARD_RED, "swap"),  # Royal: Swap, not Jack
        "X": CardLook("", "★", NC_("dog", "joker"), CARD_RED, "joker"),
        "P": CardLook("1-7", "1-7", NC_("dog", "1 to 7"), CARD_RED, None),
        "C": CardLook("=", "=", NC_("dog", "copy"), CARD_RED, None),
        "M": CardLook("", initial(card_name("M", "royal")), NC_("dog", "magnet"), CARD_RED,
                      "magnet"),
    }
    look = specials.get(code)
    if look is not None:
        look = look._replace(note=_note(look.note))
    if look is None:
        return CardLook(code[:3], code[:3], "", MUTED, None)
    if look.corner == "★" and not has_glyph("★"):  # Pillow's own font (J is the jack's)
        return look._replace(corner="X")
    if look.corner == "⇄" and not has_glyph("⇄"):
        return look._replace(corner="S")
    return look


def draw_card(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    code: str,
    royal: bool,
    notes: bool = True,
    least: int = 0,
) -> None:
    """One card face filling `box`: big value (or icon), corner value, meaning on a strip.

    `notes=False` is the thumbnail (discard pile, exchange line): the big value only. No text
    is drawn smaller than `least` px (legibility at Discord's display width): a note too long
    for one line at that size takes two.
    """
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    look = card_look(code, royal)
    radius = w * 0.09
    border = max(2, round(w * 0.04))
    draw.rounded_rectangle(box, radius=radius, fill=CARD_BG, outline=look.colour, width=border)
    strip = notes and bool(look.note)
    cx, cy = (x0 + x1) / 2, y0 + h * (0.45 if strip else 0.5)
    if look.icon is not None:
        _icon(draw, look.icon, (cx, cy), w * 0.3, look.colour)
    else:
        size = round(w * (0.5 if len(look.big) <= 2 else 0.36 if len(look.big) == 3 else 0.3))
        text(draw, (cx, cy), look.big, font(max(size, least)), fill=look.colour, anchor="mm")
    if not notes:
        return
    pad = w * 0.1
    corner = font(max(8, least, round(w * 0.15)))
    text(draw, (x0 + pad, y0 + pad * 0.8), look.corner, corner, fill=look.colour)
    if strip:
        size = max(8, least, round(w * 0.12))
        fnt = font(size)
        while size > max(8, least) and text_length(look.note, fnt) > w - 2 * pad:
            size -= 1
            fnt = font(size)
        lines = wrap(look.note, fnt, w - 2 * pad, 2)
        top = y1 - max(h * 0.2, len(lines) * size * 1.3 + 8)
        draw.rounded_rectangle(
            (x0 + border, top, x1 - border, y1 - border), radius=radius * 0.7, fill=look.colour
        )
        mid = (top + y1 - border) / 2
        for k, line in enumerate(lines):
            y = mid + (k - (len(lines) - 1) / 2) * size * 1.2
            text(draw, (cx, y), line, fnt, fill=CARD_BG, anchor="mm")


def _icon(
    draw: ImageDraw.ImageDraw, icon: str, center: tuple[float, float], r: float, colour: RGB
) -> None:
    """The picture cards: swap arrows, the joker's star, the horseshoe magnet."""
    cx, cy = center
    width = max(2, round(r * 0.18))
    if icon == "swap":
        swap_arrows(draw, cx, (cy - r * 0.35, cy + r * 0.35), r, r, (0.45, 0.28), width, colour)
    elif icon == "joker":
        draw.polygon(star((cx, cy), r * 1.05, r * 0.45), fill=colour)
    elif icon == "magnet":  # a horseshoe, poles up with grey tips
        outer, inner = r * 0.95, r * 0.42
        ay = cy + r * 0.15  # centre of the bend
        top = cy - r * 0.95
        draw.pieslice((cx - outer, ay - outer, cx + outer, ay + outer), 0, 180, fill=colour)
        draw.pieslice((cx - inner, ay - inner, cx + inner, ay + inner), 0, 180, fill=CARD_BG)
        for left in (cx - outer, cx + inner):
            right = left + outer - inner
            draw.rectangle((left, top + r * 0.35, right, ay), fill=colour)
            draw.rectangle((left, top, right, top + r * 0.35), fill=(150, 150, 150))

