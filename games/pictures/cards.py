"""Cards as the card games draw them: a white face outlined in its kind's colour, with a head
band of that colour for the kind's word, the name and text wrapped under it; the swap's two
arrows; and a hand laid out three to a row under a heading line (an empty hand: a card's
outline and a word)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.drawing import RGB, Backdrop, Canvas, Draw, Sprite, font, picture_cache, text
from games.pictures.colours import WHITE

HAND_W = 900
HAND_MARGIN = 16
PER_ROW = 3
CARD_GAP = 16
CARD_W = (HAND_W - 2 * HAND_MARGIN - (PER_ROW - 1) * CARD_GAP) // PER_ROW  # 278
HAND_TOP = 64  # under the heading line
CARD_PAD = 14  # a card's text, in from its edges


def head_band(
    draw: Draw, x0: float, y0: float, x1: float, height: float, radius: float, colour: RGB
) -> None:
    """The head of a rounded box (a card, a chart) filled with `colour`: round at the top
    like the box, square where it meets the body."""
    draw.rounded_rectangle((x0, y0, x1, y0 + height), radius=radius, fill=colour)
    draw.rectangle((x0, y0 + height - radius, x1, y0 + height), fill=colour)


def blank_card(
    size: tuple[int, int], ground: RGB, colour: RGB, head: int, radius: int, border: int
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A white card face outlined in `colour`, its head `head` px high filled with it, on
    `ground` (what shows at its round corners), to draw its words on."""
    w, h = size
    image = Image.new("RGB", size, ground)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=radius, fill=WHITE, outline=colour, width=border
    )
    head_band(draw, 0, 0, w - 1, head, radius, colour)
    return image, draw


def swap_arrows(
    draw: Draw, cx: float, ys: tuple[float, float], r: float, reach: float,
    head: tuple[float, float], width: int, colour: RGB,
) -> None:
    """A swap, as a card shows it: an arrow to the right at height ys[0] and one to the left
    at ys[1], each from `reach` px on one side of `cx` to `reach` px on the other; `r` px is
    the unit of the heads (`head`: their length and half width in it)."""
    back, half = head
    for y, sign in ((ys[0], 1), (ys[1], -1)):
        tail, tip = cx - sign * reach, cx + sign * reach
        draw.line((tail, y, tip - sign * r * 0.3, y), fill=colour, width=width)
        base = tip - sign * r * back
        draw.polygon([(tip, y), (base, y - r * half), (base, y + r * half)], fill=colour)


def no_cards(
    draw: Draw, xy: tuple[float, float], size: tuple[float, float], said: str, outline: RGB,
    ink: RGB,
) -> None:
    """An empty hand: the outline of the first card's place and `said` beside it."""
    (x, y), (w, h) = xy, size
    draw.rounded_rectangle((x, y, x + w, y + h), radius=14, outline=outline, width=3)
    text(draw, (x + w + 24, y + h / 2), said, font(26), fill=ink, anchor="lm")


@dataclass(frozen=True)
class Hand:
    """A hand of cards `card_h` px high as a picture: the heading line (the game's) and the
    cards three to a row, on `ground`, mapped onto the game's palette."""

    card_h: int
    ground: RGB
    palette: Callable[[], Image.Image]

    def canvas(self, n: int) -> Canvas:
        """A canvas for `n` cards, on a backdrop kept per number of rows."""
        rows = max(1, -(-n // PER_ROW))
        return Canvas(_backdrop(rows, self.card_h, self.ground, self.palette))

    def lay(self, canvas: Canvas, cards: list[Sprite], none: str, outline: RGB, ink: RGB) -> None:
        """The cards in their places; no card: `none` beside an empty card's outline."""
        if not cards:
            no_cards(canvas, (HAND_MARGIN, HAND_TOP), (CARD_W, self.card_h), none, outline, ink)
        for i, card in enumerate(cards):
            x = HAND_MARGIN + (i % PER_ROW) * (CARD_W + CARD_GAP)
            y = HAND_TOP + (i // PER_ROW) * (self.card_h + CARD_GAP)
            canvas.paste(card, (x, y))


@picture_cache(maxsize=8)
def _backdrop(
    rows: int, card_h: int, ground: RGB, palette: Callable[[], Image.Image]
) -> Backdrop:
    height = HAND_TOP + rows * card_h + (rows - 1) * CARD_GAP + HAND_MARGIN
    return Backdrop(Image.new("RGB", (HAND_W, height), ground), palette)
