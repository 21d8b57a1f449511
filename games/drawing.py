"""What every game's pictures share: the font, text made safe to draw, palette PNG output.

Names come from Discord and may hold any Unicode: accents, Greek, Cyrillic, CJK, emoji,
control and zero-width characters. The renderers draw them with DejaVu Sans (shipped inside
this package, in games/fonts, so every machine and every installed wheel draws the same
pixels) after `drawable` has reduced them to one line of characters the font really has.
A name comes escaped for Discord's markdown (games/names.py): `drawable` and `text`, which
every picture's words go through, take the escapes out, so a picture shows it as typed.
Pillow only: no Discord, no asyncio.
"""

from __future__ import annotations

import io
import itertools
import math
import unicodedata
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache, wraps
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from PIL import Image, ImageDraw, ImageFont

from games import i18n
from games.names import plain

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"  # package data: ships in the wheel
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
ELLIPSIS = "…"
MISSING = "?"
MAX_MARKS = 2  # combining marks kept on one letter
# Discord shows a picture 400-550 px wide and about 350 px high at most: a picture is shrunk
# until it fits that box, and every text must still be 11 px high in it.
DISPLAY_WIDTH = 500
DISPLAY_HEIGHT = 350
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
    were all there was, the result is '?', so a name never disappears. Markdown escapes go
    (`games.names.plain`): a name shows as typed. Cached: names repeat every render.
    """
    chars: list[str] = []
    marks = MAX_MARKS  # no base letter yet: a leading mark has nothing to sit on
    for char in unicodedata.normalize("NFC", plain(text)):
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


@lru_cache(maxsize=8192)
def text_length(line: str, fnt: Font) -> float:
    """`fnt.getlength(line)`, cached: laying a line out costs as much as drawing a small
    board part, and names and labels are measured again on every render."""
    return fnt.getlength(line)


def ellipsize(text: str, fnt: Font, width: float) -> str:
    """`text` cut with '…' until it is at most `width` pixels wide in `fnt`.

    Character limits alone do not bound width: 'WWWW' is three times 'iiii' in DejaVu.
    """
    if text_length(text, fnt) <= width:
        return text
    while text and text_length(text + ELLIPSIS, fnt) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


def quantize(image: Image.Image, palette_image: Image.Image) -> Image.Image:
    """`image` mapped onto a fixed palette, without dither: each pixel becomes its nearest
    palette colour, whatever its neighbours, so a part can be mapped apart from the rest."""
    return image.quantize(palette=palette_image, dither=Image.Dither.NONE)


def save_png(indexed: Image.Image, compress_level: int = 3) -> bytes:
    """A palette picture as PNG bytes. Level 3 takes a third of the time of level 6 for about
    20% more bytes."""
    out = io.BytesIO()
    indexed.save(out, format="PNG", compress_level=compress_level)
    return out.getvalue()


def to_png(image: Image.Image, palette_image: Image.Image, compress_level: int = 3) -> bytes:
    """`image` mapped onto a fixed palette, without dither, as PNG bytes.

    A palette PNG is several times smaller and faster to encode than RGB; mapping onto a
    fixed palette (not one found per picture) keeps identical views byte-identical.
    """
    return save_png(quantize(image, palette_image), compress_level)


def display_scale(width: float, height: float | None = None) -> float:
    """How much Discord's preview shrinks a picture: to fit DISPLAY_WIDTH x DISPLAY_HEIGHT
    (only the width counts when no height is given)."""
    scale = DISPLAY_WIDTH / width
    return scale if height is None else min(scale, DISPLAY_HEIGHT / height)


def least_font_px(width: float, height: float | None = None) -> int:
    """The smallest font size (px) that still shows `LEAST_TEXT_PX` high in Discord's
    preview of a picture `width` x `height` px (see `display_scale`)."""
    return math.ceil(LEAST_TEXT_PX / display_scale(width, height) - 1e-9)


@dataclass
class TextSizes:
    """Font sizes drawn while measuring, in px of the final picture (after any resizing),
    and the lines drawn (to check that a picture's words follow the reader's language)."""

    sizes: list[float] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    @property
    def smallest(self) -> float:
        return min(self.sizes)


_measuring: ContextVar[TextSizes | None] = ContextVar("measuring", default=None)
_picture_caches: list[Any] = []

P = ParamSpec("P")
R = TypeVar("R")


def picture_cache(maxsize: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """lru_cache for parts of pictures (backgrounds, sprites) that `measuring` empties, so
    the text in a cached part is measured too, not only drawn the first time. A part is
    kept per language: its words are those of the language in force when it was drawn."""

    def wrap(func: Callable[P, R]) -> Callable[P, R]:
        @lru_cache(maxsize=maxsize)
        def cached(_language: str, *args: Any, **kwargs: Any) -> R:
            return func(*args, **kwargs)

        @wraps(func)
        def call(*args: P.args, **kwargs: P.kwargs) -> R:
            return cached(i18n.language(), *args, **kwargs)

        _picture_caches.append(cached)
        call.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
        call.cache_info = cached.cache_info  # type: ignore[attr-defined]
        return call

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


class TextMask:
    """A line's coverage of each pixel (0-255) as Pillow draws it, and where its corner lies
    from the integer part of the position it was drawn at. Compared by identity: a cached one
    stands for what it shows."""

    __slots__ = ("mask", "dx", "dy", "__weakref__")

    def __init__(self, mask: Image.Image, dx: int, dy: int) -> None:
        self.mask, self.dx, self.dy = mask, dx, dy
        _alive.add(self)

    @property
    def nbytes(self) -> int:
        return self.mask.width * self.mask.height


@picture_cache(maxsize=4096)  # ~1 KB each: a line's coverage, not its picture
def _text_mask(
    line: str, fnt: ImageFont.FreeTypeFont, anchor: str | None, fx: float, fy: float
) -> TextMask | None:
    """How Pillow draws `line` at a position whose fractional part is (fx, fy); None when
    there is nothing to draw (blank).

    Pillow lays text out and rasterises it on every call, which costs more than drawing
    everything else of a board; the coverage depends only on these arguments, and drawing it
    through `ImageDraw.bitmap` blends exactly as `ImageDraw.text` does (the same core call),
    so a cached line gives the same pixels.
    """
    left, top, right, bottom = fnt.getbbox(line, anchor=anchor)
    room = round(getattr(fnt, "size", 10)) // 2 + 4  # accents and marks beyond the box
    # where the line is drawn: far enough in for its box and the room around it, never at a
    # negative position (Pillow truncates towards zero, which would change the fraction)
    ox, oy = room + max(0, -math.floor(left)), room + max(0, -math.floor(top))
    size = (ox + math.ceil(right) + room, oy + math.ceil(bottom) + room)
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).text((ox + fx, oy + fy), line, font=fnt, fill=255, anchor=anchor)
    box = mask.getbbox()
    if box is None:
        return None
    return TextMask(mask.crop(box), box[0] - ox, box[1] - oy)


def text(
    draw: ImageDraw.ImageDraw | Canvas,
    xy: tuple[float, float],
    line: str,
    fnt: Font,
    *,
    scale: float = 1.0,
    **options: Any,
) -> None:
    """`draw.text` that notes the font size while `measuring`: every picture's text goes
    through here. `scale` is how much the canvas shrinks before it is shown (a sprite drawn
    4x and reduced has scale 0.25). A line drawn before is not laid out again: its cached
    coverage is drawn, which gives the same pixels. Markdown escapes in it (a name's, see
    games/names.py) are not drawn: `drawable` takes them out, and so does this, for a line
    that did not go through `drawable`."""
    line = plain(line)
    sizes = _measuring.get()
    if sizes is not None and line.strip():
        size = getattr(fnt, "size", 10)  # Pillow's built-in bitmap font is 10 px
        sizes.sizes.append(size * scale)
        sizes.lines.append(line)
    fill = options.pop("fill", None)
    anchor = options.pop("anchor", None)
    x, y = xy
    if (
        options
        or x < 0  # Pillow truncates towards zero: the fraction would not be the cached one
        or y < 0
        or not isinstance(fnt, ImageFont.FreeTypeFont)
        or draw.fontmode != "L"  # palette and 1-bit images get no anti-aliasing
    ):
        draw.text(xy, line, font=fnt, fill=fill, anchor=anchor, **options)
        return
    cut = _text_mask(line, fnt, anchor, math.modf(x)[0], math.modf(y)[0])
    if cut is None:
        return
    at = (int(x) + cut.dx, int(y) + cut.dy)
    if isinstance(draw, Canvas):
        draw.bitmap(at, cut.mask, fill=fill, key=cut)
    else:
        draw.bitmap(at, cut.mask, fill=fill)


# -- drawing only what changes -------------------------------------------------------------------
#
# A board is mostly the same from one move to the next: its frame, track, fields and labels.
# That part is a Backdrop, drawn once per process and kept both in RGB and on the palette. A
# render records what it draws over it on a Canvas (the ImageDraw calls the games use, and
# sprites), and `Canvas.png` redraws only the boxes those calls touch: each group of
# overlapping boxes is cut from the RGB backdrop, drawn on, mapped onto the palette and pasted
# into a copy of the mapped backdrop. Mapping is per pixel, so this gives the picture that
# drawing everything and mapping it all would, at the cost of the parts that are drawn.
# Every call records what it shows and where (its key), so a part drawn before (a pawn on a
# field, a name tag) is kept mapped and costs one paste on the next move.
#
# All of it is per process and bounded: each cache has a size, `held_bytes` adds up what
# they hold. One thread draws at a time (the bot draws in its event loop).

Box = tuple[int, int, int, int]
Point = tuple[float, float]
Points = list[float]
# Replays one drawing call on `draw` / `image`, moved up and left by (dx, dy).
Replay = Callable[[ImageDraw.ImageDraw, Image.Image, int, int], None]


class Backdrop:
    """The static part of a picture in RGB (to draw the rest on) and on its palette. The
    palette comes from a function, called on first use: a game may learn its palette from
    pictures drawn on backdrops."""

    _made = itertools.count()

    def __init__(self, rgb: Image.Image, palette: Callable[[], Image.Image]) -> None:
        self.rgb = rgb
        self.palette = palette
        self._indexed: Image.Image | None = None
        self.serial = next(Backdrop._made)  # names it in kept parts' keys without holding it
        _alive.add(self)

    def indexed(self) -> Image.Image:
        if self._indexed is None:
            self._indexed = quantize(self.rgb, self.palette())
        return self._indexed

    @property
    def nbytes(self) -> int:
        """Memory held: Pillow keeps RGB in 4 bytes a pixel, a palette picture in 1."""
        w, h = self.rgb.size
        return w * h * (5 if self._indexed is not None else 4)


class Sprite:
    """A part drawn once and pasted whole (a pawn, a die, a card): RGB, or RGBA whose alpha
    says where it draws, kept cut to what it draws (`offset`: where that lies in the image
    it was drawn on), so it touches no more of a picture than it must. `hard` when the alpha
    is only 0 or 255 (shapes, text inside them): then its mapped copy is pasted straight into
    the palette picture, wherever it goes."""

    def __init__(self, image: Image.Image) -> None:
        self.drawn_size = image.size
        self.offset = (0, 0)
        self.mask = None
        if image.mode == "RGBA":
            box = image.getchannel("A").getbbox() or (0, 0, 1, 1)
            image = image.crop(box)
            self.offset = (box[0], box[1])
            self.mask = image.getchannel("A")
        self.image = image
        self.hard = self.mask is None or sum(self.mask.histogram()[1:255]) == 0
        self._indexed: list[tuple[Image.Image, Image.Image]] = []
        _alive.add(self)

    @property
    def size(self) -> tuple[int, int]:
        return self.image.size

    @property
    def nbytes(self) -> int:
        """Memory held: the image (4 bytes a pixel), its mask and mapped copies (1 each)."""
        w, h = self.image.size
        return w * h * (4 + (self.mask is not None) + len(self._indexed))

    def indexed(self, palette_image: Image.Image) -> Image.Image:
        for palette, mapped in self._indexed:
            if palette is palette_image:
                return mapped
        mapped = quantize(self.image.convert("RGB"), palette_image)
        self._indexed.append((palette_image, mapped))
        return mapped


def split_even(v: float) -> tuple[int, float]:
    """`v` as an even whole number and the rest (0 <= rest < 2). A sprite drawn at the rest
    and pasted at the whole part has the pixels drawing at `v` gives: moving by an even
    number keeps every coordinate's fraction and Python's rounding of halves to even."""
    whole = 2 * math.floor(v / 2)
    return whole, v - whole


def sprite_origin(x: float, y: float, room: int = 8) -> tuple[tuple[int, int], Point]:
    """For a part to be drawn at (x, y) as a sprite: the corner to paste the sprite at, and
    where to draw the part inside it (`room` px in, an even number, plus the fractions that
    `split_even` keeps). A cached sprite is keyed by the second."""
    (wx, fx), (wy, fy) = split_even(x), split_even(y)
    return (wx - room, wy - room), (fx + room, fy + room)


_alive: weakref.WeakSet[Backdrop | Sprite | TextMask] = weakref.WeakSet()


def held_bytes() -> int:
    """The pixels the picture caches hold now: backdrops, sprites, text, kept parts and
    layers (Python's own objects around them not counted)."""
    return sum(part.nbytes for part in list(_alive)) + stamps.nbytes


def _flat(xy: Any) -> Points:
    """Coordinates as [x0, y0, x1, y1, ...], from either of Pillow's spellings."""
    if len(xy) and isinstance(xy[0], tuple | list):
        return [float(c) for point in xy for c in point]
    return [float(c) for c in xy]


def _moved(points: Points, dx: int, dy: int) -> Points:
    """Points moved by whole, even numbers of pixels (see `split_even`)."""
    if not dx and not dy:
        return points
    out = points[:]
    out[0::2] = [v - dx for v in points[0::2]]
    out[1::2] = [v - dy for v in points[1::2]]
    return out


def _bounds(points: Points, margin: float) -> Box:
    xs, ys = points[0::2], points[1::2]
    return (
        math.floor(min(xs) - margin),
        math.floor(min(ys) - margin),
        math.ceil(max(xs) + margin) + 1,
        math.ceil(max(ys) + margin) + 1,
    )


class _Op:
    """One recorded call: the box it may touch, how to draw it, and what it shows and where
    (its key; None when that is unknown), so a part made of such calls can be kept mapped.
    A pasted sprite is kept too: alone in its box, a hard one is pasted already mapped."""

    __slots__ = ("box", "replay", "key", "sprite", "at")

    def __init__(
        self,
        box: Box,
        replay: Replay,
        key: Hashable | None = None,
        sprite: Sprite | None = None,
        at: tuple[int, int] = (0, 0),
    ) -> None:
        self.box, self.replay, self.key, self.sprite, self.at = box, replay, key, sprite, at


class _Kept:
    """Images by key, at most `maxbytes` of them, the least recently used going first: parts
    of pictures keyed by what they show rather than by arguments. Emptied by `measuring`
    like the picture caches."""

    def __init__(self, maxbytes: int) -> None:
        self.maxbytes = maxbytes
        self.nbytes = 0
        self.data: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        _picture_caches.append(self)

    def get(self, key: Hashable) -> Any:
        found = self.data.get(key)
        if found is None:
            return None
        self.data.move_to_end(key)
        return found[0]

    def put(self, key: Hashable, value: Any, size: int) -> None:
        """`size`: the bytes `value` holds."""
        if key in self.data:
            return
        self.data[key] = (value, size)
        self.nbytes += size
        while self.nbytes > self.maxbytes:
            _, (_, old) = self.data.popitem(last=False)
            self.nbytes -= old

    def cache_clear(self) -> None:
        self.data.clear()
        self.nbytes = 0


# Mapped parts by (backdrop, box, what each call drew and where): a pawn on its field is
# ~2 KB, a name tag ~10 KB, the part around a long arrow ~100 KB.
stamps = _Kept(maxbytes=16 * 2**20)
# Translucent layers at full strength, in tiles, by what they hold: a move's arrows, drawn
# again fainter on each of the next moves. (Their sprites are counted by `held_bytes`.)
sheets = _Kept(maxbytes=4 * 2**20)


LAYER_TILE = 96  # px: a long arrow's layer is laid as the tiles it covers


def _tiles(ops: list[_Op]) -> list[tuple[Sprite, tuple[int, int]]]:
    """Calls drawn on one transparent layer, cut in tiles: each tile that holds something, as
    a sprite with the picture position of its corner."""
    x0, y0 = min(op.box[0] for op in ops), min(op.box[1] for op in ops)
    x0, y0 = x0 - x0 % 2, y0 - y0 % 2  # see split_even
    x1, y1 = max(op.box[2] for op in ops), max(op.box[3] for op in ops)
    sheet = Image.new("RGBA", (x1 - x0, y1 - y0), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sheet)
    for op in ops:
        op.replay(draw, sheet, x0, y0)
    alpha = sheet.getchannel("A")
    tiles = []
    for ty in range(0, sheet.height, LAYER_TILE):
        for tx in range(0, sheet.width, LAYER_TILE):
            box = (tx, ty, min(sheet.width, tx + LAYER_TILE), min(sheet.height, ty + LAYER_TILE))
            if alpha.crop(box).getbbox() is not None:
                tiles.append((Sprite(sheet.crop(box)), (x0 + tx, y0 + ty)))
    return tiles


@lru_cache(maxsize=64)
def _opacity(strength: float) -> list[int]:
    """The table that scales an alpha channel by `strength`."""
    return [round(v * strength) for v in range(256)]


def _fainter(sprite: Sprite, strength: float) -> Image.Image:
    """The sprite's mask with its opacity scaled by `strength`. A hard sprite's mask (0 or
    255) gets one value pasted through it: `Image.point` would first round its 256-entry
    table in Python, which costs more than the pixels."""
    assert sprite.mask is not None
    lut = _opacity(strength)
    if not sprite.hard:
        return sprite.mask.point(lut)
    out = Image.new("L", sprite.size, 0)
    out.paste(lut[255], (0, 0, *sprite.size), sprite.mask)
    return out


class Canvas:
    """A picture drawn over a Backdrop, through the ImageDraw calls the games use and
    `paste`. Nothing is drawn until `png` / `indexed` (the palette picture, only the touched
    boxes redrawn) or `flat` (the whole RGB picture, as drawing on a copy would give)."""

    fontmode = "L"  # what `text` asks: anti-aliased text, as on RGB

    def __init__(self, backdrop: Backdrop) -> None:
        self.backdrop = backdrop
        self.size = backdrop.rgb.size
        self.ops: list[_Op] = []

    def _record(
        self,
        xy: Any,
        margin: float,
        draw: Callable[[ImageDraw.ImageDraw, Points], None],
        key: tuple[Hashable, ...],
    ) -> None:
        """A call drawing on the points `xy`, touching at most `margin` px around them; `key`
        names the call and every argument but the points."""
        points = _flat(xy)

        def replay(d: ImageDraw.ImageDraw, im: Image.Image, dx: int, dy: int) -> None:
            draw(d, _moved(points, dx, dy))

        self.ops.append(_Op(_bounds(points, margin), replay, (*key, *points)))

    # ImageDraw's drawing calls, recorded ---------------------------------------------------------

    def rectangle(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        key = ("rectangle", fill, outline, width)
        self._record(xy, 1, lambda d, p: d.rectangle(p, fill, outline, width), key)

    def rounded_rectangle(
        self, xy: Any, radius: float = 0, fill: Any = None, outline: Any = None, width: int = 1
    ) -> None:
        key = ("rounded_rectangle", radius, fill, outline, width)
        self._record(
            xy, 1, lambda d, p: d.rounded_rectangle(p, radius, fill, outline, width), key
        )

    def ellipse(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        key = ("ellipse", fill, outline, width)
        self._record(xy, 1, lambda d, p: d.ellipse(p, fill, outline, width), key)

    def pieslice(self, xy: Any, start: float, end: float, fill: Any = None) -> None:
        key = ("pieslice", start, end, fill)
        self._record(xy, 1, lambda d, p: d.pieslice(p, start, end, fill), key)

    def line(self, xy: Any, fill: Any = None, width: int = 0, joint: str | None = None) -> None:
        key = ("line", fill, width, joint)
        self._record(xy, width / 2 + 2, lambda d, p: d.line(p, fill, width, joint), key)

    def polygon(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        key = ("polygon", fill, outline, width)
        self._record(xy, width + 2, lambda d, p: d.polygon(p, fill, outline, width), key)

    def bitmap(
        self, xy: tuple[int, int], bitmap: Image.Image, fill: Any = None, key: Hashable = None
    ) -> None:
        """`key`: what the bitmap shows (an image is no key); given, the part may be kept."""
        x, y = xy

        def replay(d: ImageDraw.ImageDraw, im: Image.Image, dx: int, dy: int) -> None:
            d.bitmap((x - dx, y - dy), bitmap, fill=fill)

        box = (x, y, x + bitmap.width, y + bitmap.height)
        self.ops.append(_Op(box, replay, None if key is None else ("bitmap", key, xy, fill)))

    def text(self, xy: tuple[float, float], line: str, font: Font, **options: Any) -> None:
        """What `text` does not cache (options it does not know): laid out when drawn."""
        left, top, right, bottom = font.getbbox(line, anchor=options.get("anchor"))
        room = round(getattr(font, "size", 10)) // 2 + 4
        x, y = xy

        def replay(d: ImageDraw.ImageDraw, im: Image.Image, dx: int, dy: int) -> None:
            d.text((x - dx, y - dy), line, font=font, **options)

        corners = [x + left, y + top, x + right, y + bottom]
        self.ops.append(_Op(_bounds(corners, room), replay))

    def paste(self, sprite: Sprite, xy: tuple[int, int]) -> None:
        """A sprite whose image, as it was drawn, has its top left corner at xy."""
        x, y = xy[0] + sprite.offset[0], xy[1] + sprite.offset[1]
        xy = (x, y)
        w, h = sprite.size

        def replay(d: ImageDraw.ImageDraw, im: Image.Image, dx: int, dy: int) -> None:
            im.paste(sprite.image, (x - dx, y - dy), sprite.mask)

        self.ops.append(_Op((x, y, x + w, y + h), replay, ("paste", sprite, xy), sprite, xy))

    @contextmanager
    def translucent(self, strength: float) -> Iterator[Canvas]:
        """Calls made on the yielded canvas are drawn on a transparent layer whose opacity is
        then scaled by `strength` (0-1), and the layer laid on the picture.

        The layer is drawn at once (or found kept: a move's arrows come back fainter on the
        next moves) and laid in tiles of what it covers, each its own call: an arrow along
        the ring covers little of its bounding box, which then need not be redrawn."""
        layer = Canvas(self.backdrop)
        yield layer
        if not layer.ops:
            return
        keys: tuple[Hashable, ...] | None = tuple(op.key for op in layer.ops)
        try:
            tiles = None if keys is None or None in keys else sheets.get(keys)
        except TypeError:  # an unhashable argument: drawn each time
            keys = tiles = None
        if tiles is None:
            tiles = _tiles(layer.ops)
            if keys is not None and None not in keys:
                sheets.put(keys, tiles, sum(t.nbytes for t, _ in tiles))
        for sprite, at in tiles:
            if strength == 1:
                self.paste(sprite, at)
                continue
            x, y = at[0] + sprite.offset[0], at[1] + sprite.offset[1]
            w, h = sprite.size

            def replay(
                d: ImageDraw.ImageDraw,
                im: Image.Image,
                dx: int,
                dy: int,
                tile: Sprite = sprite,
                xy: tuple[int, int] = (x, y),
            ) -> None:
                im.paste(tile.image, (xy[0] - dx, xy[1] - dy), _fainter(tile, strength))

            self.ops.append(_Op((x, y, x + w, y + h), replay, ("faint", sprite, at, strength)))

    # the picture ---------------------------------------------------------------------------------

    def flat(self) -> Image.Image:
        """The whole picture in RGB: the backdrop with every call drawn on it."""
        image = self.backdrop.rgb.copy()
        draw = ImageDraw.Draw(image)
        for op in self.ops:
            op.replay(draw, image, 0, 0)
        return image

    def indexed(self) -> Image.Image:
        """The picture on the backdrop's palette, only the touched boxes drawn and mapped: a
        hard sprite alone in its box is pasted mapped, a part kept from before is pasted."""
        backdrop = self.backdrop
        palette = backdrop.palette()
        out = backdrop.indexed().copy()
        for box, ops in self._groups():
            first = ops[0]
            if len(ops) == 1 and first.sprite is not None and first.sprite.hard:
                out.paste(first.sprite.indexed(palette), first.at, first.sprite.mask)
                continue
            key = None
            if all(op.key is not None for op in ops):
                key = (backdrop.serial, box, tuple(op.key for op in ops))
                try:
                    kept = stamps.get(key)
                except TypeError:  # an unhashable argument (a list for a colour): not kept
                    kept = key = None
                if kept is not None:
                    out.paste(kept, box[:2])
                    continue
            patch = backdrop.rgb.crop(box)
            draw = ImageDraw.Draw(patch)
            for op in ops:
                op.replay(draw, patch, box[0], box[1])
            part = quantize(patch, palette)
            out.paste(part, box[:2])
            if key is not None:
                stamps.put(key, part, part.width * part.height)
        return out

    def png(self, compress_level: int = 3) -> bytes:
        return save_png(self.indexed(), compress_level)

    def _groups(self) -> list[tuple[Box, list[_Op]]]:
        """The touched boxes, merged where they overlap, each with its calls in drawing order.
        Boxes start on even pixels (see `split_even`) and are clipped to the picture."""
        width, height = self.size
        groups: list[tuple[Box, list[int]]] = []
        for index, op in enumerate(self.ops):
            x0, y0, x1, y1 = op.box
            x0, y0 = max(0, x0 - x0 % 2), max(0, y0 - y0 % 2)
            x1, y1 = min(width, x1), min(height, y1)
            if x0 >= x1 or y0 >= y1:
                continue
            members = [index]
            k = 0
            while k < len(groups):
                (a0, b0, a1, b1), others = groups[k]
                if a0 < x1 and x0 < a1 and b0 < y1 and y0 < b1:
                    x0, y0, x1, y1 = min(x0, a0), min(y0, b0), max(x1, a1), max(y1, b1)
                    members += others
                    del groups[k]
                    k = 0  # the grown box may now reach groups already passed
                else:
                    k += 1
            groups.append(((x0, y0, x1, y1), members))
        return [(box, [self.ops[i] for i in sorted(members)]) for box, members in groups]


V = TypeVar("V")


def image_and_png(
    canvas_of: Callable[[V], Canvas],
) -> tuple[Callable[[V], Image.Image], Callable[[V], bytes]]:
    """The two forms a renderer gives the picture `canvas_of` draws from a view: the whole
    RGB picture (tests, replays) and the PNG on its palette (what Discord gets)."""

    def image(view: V) -> Image.Image:
        return canvas_of(view).flat()

    def png(view: V) -> bytes:
        return canvas_of(view).png()

    return image, png



# -- helpers the card games' pictures share ---------------------------------------------------
RGB = tuple[int, int, int]
Draw = ImageDraw.ImageDraw | Canvas  # a Pillow draw, or a Canvas (which draws like one)


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """`a` moved a fraction `t` towards `b`."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def palette_of(colours: list[RGB]) -> Image.Image:
    """A fixed palette image of these colours (at most 256; the rest repeat the last), onto
    which every picture of a kind is mapped: the same view, the same bytes."""
    colours = colours[:256]
    flat = [c for rgb in colours for c in rgb]
    flat += list(colours[-1]) * (256 - len(colours))
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat)
    return pal


def fitted_text(
    draw: Draw,
    xy: tuple[float, float],
    line: str,
    size: int,
    fill: RGB,
    *,
    least: int,
    anchor: str = "la",
    width: float | None = None,
    bold: bool = False,
) -> float:
    """Text at xy, never smaller than `least`; with a width, the font shrinks (to `least` at
    most) until the line fits and what still does not is cut with '…'. Returns its width."""
    size = max(size, least)
    if width is not None:
        while size > least and text_length(line, font(size, bold)) > width:
            size -= 1
        line = ellipsize(line, font(size, bold), width)
    fnt = font(size, bold)
    text(draw, xy, line, fnt, fill=fill, anchor=anchor)
    return text_length(line, fnt)


def fit_before(name: str, suffix: str, size: int, width: float, *, least: int,
               bold: bool = False) -> str:
    """`name` cut with '…' so that `name + suffix` fits `width`: a long name never hides what
    is said after it."""
    fnt = font(max(size, least), bold)
    room = width - text_length(suffix, fnt)
    return ellipsize(name, fnt, max(room, text_length("W…", fnt))) + suffix


def text_lines(draw: ImageDraw.ImageDraw, xy: tuple[float, float], lines: list[str], fnt: Font,
               step: int, fill: Any) -> None:
    """Wrapped lines, `step` px apart (each where a line of its own would be), drawn as one
    text: a sentence stays one text for whoever reads the picture's words back."""
    if not lines:
        return
    spacing = step - fnt.getbbox("A")[3]  # Pillow's line height is the bottom of an "A"
    text(draw, xy, "\n".join(lines), fnt, fill=fill, spacing=spacing)


def wrap(line: str, fnt: Font, width: float, most: int) -> list[str]:
    """Greedy word wrap into at most `most` lines; the last one ends in '…' when cut."""
    lines: list[str] = []
    current = ""
    for word in drawable(line).split(" "):
        candidate = f"{current} {word}" if current else word
        if text_length(candidate, fnt) <= width or not current:
            current = candidate
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return [ellipsize(x, fnt, width) for x in kept_lines(lines, fnt, width, most)]


def kept_lines(lines: list[str], fnt: Font, width: float, most: int) -> list[str]:
    """At most `most` of the wrapped lines; when some are left out, the last kept one ends
    in '…' within `width`, so a reader sees the text goes on."""
    if len(lines) <= most:
        return lines
    lines = lines[:most]
    last = lines[-1]
    while last and text_length(last + "…", fnt) > width:
        last = last[:-1]
    lines[-1] = last.rstrip() + "…"
    return lines


# -- animations ----------------------------------------------------------------------------------
#
# Frames on a fixed palette (no dither), encoded as GIF and as lossless WebP, the smaller sent:
# the same frames give the same bytes (no timestamps, fixed durations), and both formats give
# back exactly the palette pixels, so a test can compare a decoded frame with what was drawn.


def animated_gif(indexed: list[Image.Image], durations: list[int], loop: bool = True) -> bytes:
    """Pillow stores each frame as the box that changed since the one before. Not `loop`:
    played once (no loop block at all: a count of 1 plays twice in some browsers)."""
    out = io.BytesIO()
    repeat = {"loop": 0} if loop else {}
    indexed[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=indexed[1:],
        duration=durations,
        optimize=False,
        **repeat,
    )
    return out.getvalue()


def animated_webp(indexed: list[Image.Image], durations: list[int], method: int = 1) -> bytes:
    """Lossless, from the palette frames (the GIF's pixels: fewer colours, fewer bytes), and
    no key frames past the first: each frame is the box that changed, half the time."""
    frames = [f.convert("RGB") for f in indexed]
    out = io.BytesIO()
    frames[0].save(
        out,
        format="WEBP",
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
        lossless=True,
        quality=0,
        method=method,
        kmin=0,
        kmax=0,
    )
    return out.getvalue()


def animations(indexed: list[Image.Image], durations: list[int]) -> dict[str, bytes]:
    """The frames as an animated GIF and as an animated WebP, by extension."""
    return {"gif": animated_gif(indexed, durations), "webp": animated_webp(indexed, durations)}


def smaller(made: dict[str, bytes]) -> tuple[bytes, str]:
    """The smallest of the encodings, with its extension (ties by name: always the same)."""
    ext = min(made, key=lambda k: (len(made[k]), k))
    return made[ext], ext
