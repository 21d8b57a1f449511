"""The frame of a card game's board (Dent pour dent, Lunch Money): 900 px wide and at most
MOST_H px high, so that text of LEAST px still reads 11 px high in Discord's 500 x 350
preview; a title bar with the game's name on the left and the news of the moment beside it;
panels where the board's words stand, and tags: a word on a rounded, outlined box."""

from __future__ import annotations

from dataclasses import dataclass

from games.drawing import RGB, Draw, Font, font, least_font_px, text, text_length
from games.pictures.colours import DIM, PANEL, PANEL_EDGE
from games.pictures.lettering import Lettering

WIDTH = 900
MOST_H = 630  # the tallest such board: 10:7, the preview's own shape
LEAST = least_font_px(WIDTH, MOST_H)  # 20 px: 11 px in the preview
MARGIN = 16
GAP = 12
TITLE_H = 56

NAME_SIZE = 24  # the game's name in the title bar
STATUS_SIZE = 22  # the line beside it


@dataclass(frozen=True)
class TitleBar:
    """The bar across the top of a board, centred on `mid`: the game's name, drawn once on
    the backdrop, and right of it (right-aligned, in what room the name leaves) the status:
    whose turn, who is waited for, who won."""

    name: str
    mid: float
    write: Lettering

    def backdrop(self, draw: Draw) -> None:
        self.write(draw, (MARGIN, self.mid), self.name, NAME_SIZE, DIM, "lm", bold=True)

    def status(self, draw: Draw, line: str, colour: RGB, bold: bool) -> None:
        left = MARGIN + text_length(self.name, font(NAME_SIZE, True)) + 24
        self.write(draw, (WIDTH - MARGIN, self.mid), line, STATUS_SIZE, colour, "rm",
                   width=WIDTH - MARGIN - left, bold=bold)


def panel_box(draw: Draw, box: tuple[float, float, float, float]) -> None:
    """A panel on the dark frame, where a part of the board's words stand."""
    draw.rounded_rectangle(box, radius=12, fill=PANEL, outline=PANEL_EDGE, width=2)


def tag(
    draw: Draw, centre: tuple[float, float], size: tuple[float, float], said: str, fnt: Font,
    fill: RGB, outline: RGB, ink: RGB, radius: float,
) -> None:
    """`said` on a rounded box outlined 2 px, both centred on `centre`: a card's name on the
    duel's arrow, a throw's badge, a knocked-out player's stamp."""
    (cx, cy), (w, h) = centre, size
    draw.rounded_rectangle((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), radius=radius,
                           fill=fill, outline=outline, width=2)
    text(draw, centre, said, fnt, fill=ink, anchor="mm")
