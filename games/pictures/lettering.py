"""Text as the games' pictures write it: never smaller than the picture's least size (legible
in Discord's preview, a board fit in 500 x 350 px), fitted to a width (shrunk, then cut with
'…'), players' names as one drawable line, and paragraphs wrapped on cards."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

from games.drawing import RGB, Draw, Font, drawable, fit_before, fitted_text, text_lines, wrap
from games.pictures.colours import LIGHT

NAME_MAX = 24  # characters of a player's name kept before it is fitted by width


def player_name(name: str) -> str:
    """A player's name as one drawable line (the width is fitted where it is drawn)."""
    return drawable(name, NAME_MAX) or "?"


@dataclass(frozen=True)
class Lettering:
    """Text through `fitted_text` at one picture's least size (another where a part is drawn
    smaller on purpose: `least`), light on the dark frame unless told."""

    least: int

    def __call__(
        self,
        draw: Draw,
        xy: tuple[float, float],
        line: str,
        size: int,
        fill: RGB = LIGHT,
        anchor: str = "la",
        width: float | None = None,
        bold: bool = False,
        least: int | None = None,
    ) -> float:
        return fitted_text(draw, xy, line, size, fill, least=self.least if least is None else least,
                           anchor=anchor, width=width, bold=bold)

    def fit(self, name: str, suffix: str, size: int, width: float, bold: bool = False) -> str:
        """`name` cut with '…' so that `name + suffix` fits `width` at this least size."""
        return fit_before(name, suffix, size, width, least=self.least, bold=bold)


def wrapped(draw: ImageDraw.ImageDraw, xy: tuple[float, float], said: str, fnt: Font,
            width: float, most: int, step: int, fill: RGB) -> int:
    """`said` wrapped to `width` in at most `most` lines, `step` px apart (the last cut with
    '…'); returns the height they take, for what follows them."""
    lines = wrap(said, fnt, width, most)
    text_lines(draw, xy, lines, fnt, step, fill)
    return step * len(lines)
