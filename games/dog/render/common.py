"""What the Dog board and hand pictures share: colours, the fixed palette, wrapping, tags.

Everything is drawn in RGB (anti-aliased text, supersampled sprites), then mapped once onto
Dog's fixed palette by games.drawing.to_png: a palette PNG encodes several times faster and
smaller than RGB (DESIGN: Pictures), and a fixed palette keeps identical views byte-identical.
The font and the cleaning of names are games.drawing's, shared with the other games.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from games.drawing import Font, drawable, ellipsize, font, kept_lines, text, text_length
from games.drawing import to_png as encode_png

RGB = tuple[int, int, int]
Point = tuple[float, float]

SEAT_RGB: dict[str, RGB] = {
    "red": (210, 36, 36),
    "blue": (34, 88, 206),
    "green": (30, 150, 60),
    "yellow": (246, 198, 20),
    "black": (28, 28, 28),
    "white": (252, 252, 252),
}
UNKNOWN_RGB: RGB = (150, 150, 150)

BOARD_BG: RGB = (232, 211, 166)
TRACK: RGB = (212, 184, 134)
FIELD: RGB = (252, 247, 234)
FIELD_LINE: RGB = (120, 96, 62)
PANEL_BG: RGB = (246, 242, 232)
TEXT: RGB = (34, 30, 26)
MUTED: RGB = (110, 102, 92)
RULE: RGB = (200, 190, 170)
MOVE: RGB = (196, 20, 196)  # last-move arrows: magenta is no seat colour
GOLD: RGB = (240, 176, 0)
GOLD_LINE: RGB = (150, 100, 0)
CARD_BG: RGB = (255, 255, 255)
CARD_BLUE: RGB = (28, 78, 186)
CARD_RED: RGB = (200, 28, 40)
CARD_GREEN: RGB = (24, 140, 60)
HAND_BG: RGB = (44, 92, 64)  # card table felt
WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)

NAME_MAX = 16


def seat_rgb(color: str) -> RGB:
    """The drawing colour of a seat colour name; unknown names get grey instead of failing."""
    return SEAT_RGB.get(color, UNKNOWN_RGB)


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """`a` moved a fraction `t` towards `b`."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def tint(rgb: RGB, t: float) -> RGB:
    """A lighter version of a colour, for kennel plates and goal fields."""
    return blend(rgb, WHITE, t)


def ink_on(rgb: RGB) -> RGB:
    """Black or white, whichever reads better on `rgb`."""
    lum = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    return TEXT if lum > 150 else WHITE


def edge_of(rgb: RGB) -> RGB:
    """Outline colour for a shape filled with `rgb`: white pawns need a dark rim to be seen."""
    lum = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    if lum < 60:
        return (150, 150, 150)
    return blend(rgb, BLACK, 0.55) if lum < 200 else (70, 70, 70)


def _palette_colours() -> list[RGB]:
    base: list[RGB] = [
        BOARD_BG,
        TRACK,
        FIELD,
        FIELD_LINE,
        PANEL_BG,
        TEXT,
        MUTED,
        RULE,
        MOVE,
        GOLD,
        GOLD_LINE,
        CARD_BG,
        CARD_BLUE,
        CARD_RED,
        CARD_GREEN,
        HAND_BG,
        WHITE,
        BLACK,
        UNKNOWN_RGB,
    ]
    for rgb in [*SEAT_RGB.values(), UNKNOWN_RGB]:
        base += [rgb, tint(rgb, 0.45), tint(rgb, 0.7), edge_of(rgb), ink_on(rgb)]
    # Anti-aliased edges land between a colour and the background it is drawn on.
    grounds = [BOARD_BG, FIELD, PANEL_BG, CARD_BG, HAND_BG]
    mixes: list[RGB] = []
    for rgb in list(dict.fromkeys(base)):
        for ground in grounds:
            mixes.append(blend(rgb, ground, 0.5))
    greys = [(v, v, v) for v in range(0, 256, 17)]
    cube = [(r, g, b) for r in (0, 128, 255) for g in (0, 128, 255) for b in (0, 128, 255)]
    colours = list(dict.fromkeys(base + greys + mixes + cube))
    return colours[:256]


@lru_cache(maxsize=1)
def palette_image() -> Image.Image:
    """The one fixed palette every picture is mapped onto."""
    colours = _palette_colours()
    flat = [c for rgb in colours for c in rgb]
    flat += list(colours[-1]) * (256 - len(colours))
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat)
    return pal


def to_png(im: Image.Image) -> bytes:
    """An RGB picture as a PNG on Dog's palette."""
    return encode_png(im, palette_image())


_GLUED = frozenset(":;!?»")


def wrap(text: str, fnt: Font, width: float, max_lines: int) -> list[str]:
    """Greedy word wrap; the last line ends in an ellipsis when text is cut. French puts a
    space before ':', ';', '!' and '?' (a non-breaking one, which `drawable` makes plain):
    such a mark stays on its word's line."""
    words: list[str] = []
    for word in drawable(text).split(" "):
        if words and word and all(c in _GLUED for c in word):
            words[-1] += " " + word
        else:
            words.append(word)
    lines: list[str] = []
    line = ""
    for word in words:
        while text_length(word, fnt) > width and len(word) > 1:  # a very long word: split it
            cut = len(word)
            while cut > 1 and text_length(word[:cut], fnt) > width:
                cut -= 1
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:cut])
            word = word[cut:]
        candidate = f"{line} {word}" if line else word
        if text_length(candidate, fnt) <= width:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return kept_lines(lines, fnt, width, max_lines)


def chip(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    name: str,
    color: RGB,
    size: int,
    max_width: float | None = None,
) -> tuple[float, float]:
    """A name on a rounded tag in its seat colour, at most `max_width` wide (the name is cut
    with '…': a character limit alone lets 'WWWW…' run off the panel); returns the tag's
    width and height."""
    fnt = font(size)
    pad_x, pad_y = size * 0.45, size * 0.22
    if max_width is not None:
        name = ellipsize(name, fnt, max_width - 2 * pad_x)
    w = text_length(name, fnt)
    x, y = xy
    box = (x, y, x + w + 2 * pad_x, y + size + 2 * pad_y)
    draw.rounded_rectangle(box, radius=size * 0.4, fill=color, outline=edge_of(color), width=2)
    text(draw, (x + pad_x, (box[1] + box[3]) / 2), name, fnt, fill=ink_on(color), anchor="lm")
    return box[2] - box[0], box[3] - box[1]


def star(center: Point, outer: float, inner: float, points: int = 5) -> list[Point]:
    """Polygon of a star with the first point up."""
    cx, cy = center
    out: list[Point] = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / points
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out
