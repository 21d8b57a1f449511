"""The house colours of the newer games' pictures (dark frames, light text, gold news) and the
rules every picture follows for colour: an outline is its fill darkened, text on a fill is
black or white, whichever reads, and one fixed palette per game gives the same bytes for the
same view."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from PIL import Image

from games.drawing import RGB, blend, palette_of

PANEL: RGB = (50, 57, 74)  # a panel on the dark frame
PANEL_EDGE: RGB = (78, 88, 112)
LIGHT: RGB = (238, 240, 246)  # text on dark
DIM: RGB = (158, 168, 190)
INK: RGB = (36, 32, 28)  # text on light
MUTED: RGB = (112, 104, 94)
GOLD: RGB = (255, 206, 84)
WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)


def edge_of(rgb: RGB) -> RGB:
    """The outline of a shape filled with `rgb`: the fill, darkened."""
    return blend(rgb, BLACK, 0.45)


def ink_on(rgb: RGB) -> RGB:
    """Black or white text, whichever reads on `rgb` (white on yellow does not)."""
    lum = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]
    return INK if lum > 160 else WHITE


def fixed_palette(colours: Callable[[], list[RGB]]) -> Callable[[], Image.Image]:
    """The one fixed palette every picture of a game is mapped onto, made from its colours on
    first use and kept: the same view, the same bytes."""
    return cache(lambda: palette_of(colours()))
