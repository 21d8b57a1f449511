"""What every game's pictures share: the font, text made safe to draw, palette PNG output.

Names come from Discord and may hold any Unicode: accents, Greek, Cyrillic, CJK, emoji,
control and zero-width characters. The renderers draw them with DejaVu Sans (shipped inside
this package, in games/fonts, so every machine and every installed wheel draws the same
pixels) after `drawable` has reduced them to one line of characters the font really has.
Pillow only: no Discord, no asyncio.
"""

from __future__ import annotations

import io
import math
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from PIL import Image, ImageDraw, ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"  # package data: ships in the wheel
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
ELLIPSIS = "…"
MISSING = "?"
MAX_MARKS = 2  # combining marks kept on one letter
# Discord shows a picture 400-550 px wide; at 500 px every text must still be 11 px high.
DISPLAY_WIDTH = 500
LEAST_TEXT_PX = 11

# Letters that NFKD leaves whole but that have a plain spelling, for a font without them.
_SPELLED = {"ß": "ss", "Æ": "AE", "æ": "ae", "Ø": "O", "ø": "o", "Œ": "OE", "œ": "oe"}
_SPELLED |= {"Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "Þ": "Th", "þ": "th", "ı": "i"}
# Pictographs (emoji, mahjong, playing cards...). DejaVu has a few of them in black and white,
# which would make two names with the same emoji look different; they are dropped instead.
_PICTOGRAPHS = (0x1F000, 0x1FAFF)
_VARIATION_SELECTORS = ((0xFE00, 0xFE0F), (0xE0100, 0xE01EF))


class FontMissingError(FileNotFoundError):
    """The shipped DejaVu file is not there: the package was installed or copied without it."""


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> Font:
    """DejaVu Sans at `size` px, from the package's own fonts folder.

    A missing file is an error, never a silent switch to another font: pictures drawn with
    Pillow's built-in font would lose every accent and look different on each machine.
    Cached: loading a TrueType file costs far more than drawing a line with it.
    """
    path = FONT_DIR / FONT_FILES[bold]
    if not path.is_file():
        raise FontMissingError(
            f"font file {path} is missing: the DejaVu fonts ship inside the games package "
            "(games/fonts); restore them from the checkout or reinstall the package"
        )
    return ImageFont.truetype(str(path), size)


def _mask(fnt: Font, char: str) -> tuple[tuple[int, int], bytes]:
    mask = fnt.getmask(char)
    return mask.size, bytes(mask)


@lru_cache(maxsize=2)
def _notdef(bold: bool) -> tuple[tuple[int, int], bytes]:
    """What the font draws for a character it lacks (DejaVu: a box); U+10FFF0 is in no font."""
    return _mask(font(20, bold), "\U0010fff0")


@lru_cache(maxsize=8192)
def has_glyph(char: str) -> bool:
    """Whether both weights draw `char` as itself rather than as the missing-glyph box.

    Pillow has no character map lookup; comparing with the box is exact and, cached per
    character, costs nothing after the first picture.
    """
    if char.isspace():
        return True
    return all(_mask(font(20, bold), char) != _notdef(bold) for bold in (False, True))


def _is_mark(char: str) -> bool:
    return unicodedata.category(char) in ("Mn", "Mc", "Me")


def _is_pictograph(char: str) -> bool:
    code = ord(char)
    if _PICTOGRAPHS[0] <= code <= _PICTOGRAPHS[1]:
        return True
    return any(lo <= code <= hi for lo, hi in _VARIATION_SELECTORS)


@lru_cache(maxsize=4096)
def _fold(char: str) -> str:
    """`char` as the font can draw it: itself, without its accents, spelled out, or '?'."""
    if _is_pictograph(char):
        return ""
    if has_glyph(char):
        return char
    if _is_mark(char):
        return ""  # a mark the font lacks: the letter under it still reads
    spelled = _SPELLED.get(char) or "".join(
        c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
    )
    if spelled and all(has_glyph(c) for c in spelled):
        return spelled
    return MISSING


@lru_cache(maxsize=2048)
def drawable(text: str, limit: int | None = None) -> str:
    """`text` as one line the font can draw, at most `limit` characters (cut with '…').

    Control and format characters (newlines, zero-width joiners, bidi overrides) go, runs of
    whitespace become one space, emoji go, and what the font lacks is folded (Å to A) or
    becomes '?' (CJK in DejaVu). At most two combining marks stay on a letter (Hebrew and
    Arabic need two), so a tower of marks cannot spill over the rest of the picture. If emoji
    were all there was, the result is '?', so a name never disappears. Cached: names repeat
    every render.
    """
    chars: list[str] = []
    marks = MAX_MARKS  # no base letter yet: a leading mark has nothing to sit on
    for char in unicodedata.normalize("NFC", text):
        if unicodedata.category(char)[0] == "C":
            chars.append(" " if char in "\t\n\r\v\f" else "")
            continue
        if _is_mark(char):
            marks += 1
            if marks > MAX_MARKS:
                continue
        else:
            marks = 0
        chars.append(_fold(char))
    flat = " ".join("".join(chars).split())
    if not flat and any(_is_pictograph(c) for c in text):
        flat = MISSING
    if limit is not None and len(flat) > limit:
        flat = flat[: max(0, limit - 1)].rstrip() + ELLIPSIS
    return flat


def ellipsize(text: str, fnt: Font, width: float) -> str:
    """`text` cut with '…' until it is at most `width` pixels wide in `fnt`.

    Character limits alone do not bound width: 'WWWW' is three times 'iiii' in DejaVu.
    """
    if fnt.getlength(text) <= width:
        return text
    while text and fnt.getlength(text + ELLIPSIS) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


def to_png(image: Image.Image, palette_image: Image.Image, compress_level: int = 3) -> bytes:
    """`image` mapped onto a fixed palette, without dither, as PNG bytes.

    A palette PNG is several times smaller and faster to encode than RGB; mapping onto a
    fixed palette (not one found per picture) keeps identical views byte-identical. Level 3
    takes a third of the time of level 6 for about 20% more bytes.
    """
    small = image.quantize(palette=palette_image, dither=Image.Dither.NONE)
    out = io.BytesIO()
    small.save(out, format="PNG", compress_level=compress_level)
    return out.getvalue()


def least_font_px(width: float) -> int:
    """The smallest font size (px) that still shows `LEAST_TEXT_PX` high when a picture
    `width` px wide is shown `DISPLAY_WIDTH` px wide, as Discord does."""
    return math.ceil(LEAST_TEXT_PX * width / DISPLAY_WIDTH - 1e-9)


@dataclass
class TextSizes:
    """Font sizes drawn while measuring, in px of the final picture (after any resizing)."""

    sizes: list[float] = field(default_factory=list)

    @property
    def smallest(self) -> float:
        return min(self.sizes)


_measuring: ContextVar[TextSizes | None] = ContextVar("measuring", default=None)
_picture_caches: list[Any] = []

P = ParamSpec("P")
R = TypeVar("R")


def picture_cache(maxsize: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """lru_cache for parts of pictures (backgrounds, sprites) that `measuring` empties, so
    the text in a cached part is measured too, not only drawn the first time."""

    def wrap(func: Callable[P, R]) -> Callable[P, R]:
        cached = lru_cache(maxsize=maxsize)(func)
        _picture_caches.append(cached)
        return cached  # type: ignore[return-value]

    return wrap


@contextmanager
def measuring() -> Iterator[TextSizes]:
    """Record the size of every text drawn through `text` inside the block.

    Tests use it to check that a picture is legible at Discord's display width: the
    smallest size times DISPLAY_WIDTH / picture width must be at least LEAST_TEXT_PX.
    """
    for cached in _picture_caches:
        cached.cache_clear()
    sizes = TextSizes()
    token = _measuring.set(sizes)
    try:
        yield sizes
    finally:
        _measuring.reset(token)


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    line: str,
    fnt: Font,
    *,
    scale: float = 1.0,
    **options: Any,
) -> None:
    """`draw.text` that notes the font size while `measuring`: every picture's text goes
    through here. `scale` is how much the canvas shrinks before it is shown (a sprite drawn
    4x and reduced has scale 0.25)."""
    sizes = _measuring.get()
    if sizes is not None and line.strip():
        size = getattr(fnt, "size", 10)  # Pillow's built-in bitmap font is 10 px
        sizes.sizes.append(size * scale)
    draw.text(xy, line, font=fnt, **options)
