"""Pictures of Dobbelduel, drawn only from views (which is what keeps the code secret).

The board reads top to bottom like the physical one: the code behind its screen, the solution
row with question marks, then the 7 attempt rows with the = > + counts beside them, and under
the board the dice just rolled. Drawn in RGB for anti-aliased text, then reduced to a small
palette: a palette PNG is a third of the bytes and encodes several times faster.

Most of the board never changes: the frame, the rows of empty slots and feedback cells, the
labels, the screen. That is a Backdrop drawn once per process (per number of earlier rounds
listed under the board); a render draws only what a view adds on a games.drawing.Canvas:
dice and lit cells (sprites, opaque on the colour under them, so they cover the empty slot),
names, scores and the tray.

Words are drawn in the language in force (the backdrop is kept per language); translated words
run longer, so each label has a width it shrinks to, never below the smallest legible size.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from games.dobbelduel.data import COLUMNS, FEEDBACK_WORDS, MAX_ATTEMPTS, WHITE_DICE
from games.dobbelduel.views import PrivateView, PublicView, RoundView, Row, score_parts
from games.drawing import (
    Backdrop,
    Canvas,
    Font,
    Sprite,
    drawable,
    ellipsize,
    font,
    image_and_png,
    least_font_px,
    picture_cache,
    text,
    text_length,
)
from games.i18n import npgettext, pgettext

RGB = tuple[int, int, int]

FRAME: RGB = (30, 34, 44)
BOARD: RGB = (52, 62, 82)
SLOT: RGB = (68, 80, 104)
SLOT_EDGE: RGB = (96, 110, 138)
SCREEN: RGB = (22, 24, 30)
TEXT: RGB = (238, 240, 246)
DIM: RGB = (150, 160, 182)
HIGHLIGHT: RGB = (255, 214, 90)
WHITE_DIE: RGB = (246, 244, 236)
PIP: RGB = (28, 28, 32)
GOOD: RGB = (80, 200, 110)
BAD: RGB = (236, 96, 86)
# Column colours (blue, red, yellow, green) and the pip colour that reads on each.
DIE_COLOURS: tuple[RGB, ...] = ((50, 118, 222), (214, 62, 62), (240, 198, 44), (50, 166, 86))
DIE_PIPS: tuple[RGB, ...] = ((250, 250, 250), (250, 250, 250), (40, 36, 20), (250, 250, 250))
# Feedback symbols and the colour a non-zero count lights up in.
SIGNS: tuple[tuple[str, RGB], ...] = (("=", GOOD), (">", (240, 150, 60)), ("+", (110, 170, 250)))

WIDTH = 720
DIE = 60  # die and slot size
COL_GAP = 16
ROW_H = 74
LEFT = 112  # x of column A
FEED_X = LEFT + 4 * DIE + 3 * COL_GAP + 24  # x of the first feedback cell
CELL_W = 80
PALETTE_COLOURS = 128
BOARD_TOP = 104
BOARD_H = 84 + (2 + MAX_ATTEMPTS) * ROW_H + 12
SMALLEST = least_font_px(WIDTH)  # 16: legible when Discord shows the board 500 px wide
LABEL_W = LEFT - 30  # the row labels left of the columns ("Code", "Solution")

# Pip centres on a 3x3 grid (0, 1, 2 per axis) for each face.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


@cache
def _palette() -> Image.Image:
    """One fixed palette for every picture, learnt once from a sample board.

    Mapping to a known palette is ten times faster than finding one per picture, and the
    same view always gives the same bytes. The sample shows every colour a board can hold:
    a revealed round, lit and empty feedback cells, white and coloured dice, the tray.
    """
    rows = [
        Row(dice=[1, 2, None, 3], equal=1, higher=1, lower=1),
        Row(dice=[4, 5, 6, None], equal=0, higher=2, lower=1),
    ]
    done = RoundView(
        number=1,
        codemaker=0,
        codebreaker=1,
        rows=rows,
        rolled=[],
        white_left=12,
        solution=[1, 2, 3, 4],
        code=[1, 2, 3, 5],
        score=0,
    )
    playing = done.model_copy(
        update={
            "number": 2,
            "codemaker": 1,
            "codebreaker": 0,
            "solution": None,
            "code": None,
            "score": None,
            "rolled": [5, 6, 1, 2],
        }
    )
    view = PublicView(
        players=["Ann", "Bob"],
        round_count=2,
        scores=[0, 0],
        rounds=[done, playing],
        to_act=[0],
        winners=None,
    )
    over = view.model_copy(update={"rounds": [done], "to_act": [], "winners": [0, 1]})
    sample = Image.new("RGB", (2 * WIDTH, board_height(view)), FRAME)
    sample.paste(board_image(view), (0, 0))
    sample.paste(board_image(over), (WIDTH, 0))
    return sample.quantize(
        colors=PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )


Draw = ImageDraw.ImageDraw | Canvas


def _text(
    draw: Draw,
    xy: tuple[float, float],
    line: str,
    size: int,
    fill: RGB = TEXT,
    anchor: str = "la",
    width: float | None = None,
) -> None:
    """Text at xy, never smaller than SMALLEST; with a width, the font shrinks until the text
    fits (long names), to two thirds of its size at most and never below SMALLEST, so it stays
    legible; what still does not fit is cut with '…'."""
    line, fnt = _fitted(line, size, width)
    text(draw, xy, line, fnt, fill=fill, anchor=anchor)


def _fitted(line: str, size: int, width: float | None) -> tuple[str, Font]:
    """The line and font `_text` draws."""
    size = max(size, SMALLEST)
    if width is not None:
        smallest = max(SMALLEST, round(size * 2 / 3))
        while size > smallest and text_length(line, font(size)) > width:
            size -= 1
        line = ellipsize(line, font(size), width)
    return line, font(size)


def draw_die(
    draw: ImageDraw.ImageDraw, x: float, y: float, size: float, value: int, body: RGB, pip: RGB
) -> None:
    """A die face with pips, its top left corner at (x, y)."""
    draw.rounded_rectangle(
        (x, y, x + size, y + size), radius=size * 0.18, fill=body, outline=PIP, width=2
    )
    step = size * 0.27
    r = size * 0.085
    for gx, gy in PIPS[value]:
        cx = x + size / 2 + (gx - 1) * step
        cy = y + size / 2 + (gy - 1) * step
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=pip)


def _opaque(size: tuple[int, int], ground: RGB) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A sprite's canvas filled with the colour it lies on: pasted, it covers what the
    backdrop has there (an empty slot), as drawing on the bare board would."""
    image = Image.new("RGB", size, ground)
    return image, ImageDraw.Draw(image)


@picture_cache(maxsize=256)
def _die(size: int, value: int, body: RGB, pip: RGB, ground: RGB) -> Sprite:
    """A die face on its square of `ground`, drawn at (0, 0): every die of the pictures has
    its corner on even pixels, where it gives the same pixels as drawing it there (see
    games.drawing.split_even)."""
    image, draw = _opaque((size + 1, size + 1), ground)
    draw_die(draw, 0, 0, size, value, body, pip)
    return Sprite(image)


def _paste_die(
    canvas: Canvas, x: int, y: int, size: int, value: int, body: RGB, pip: RGB, ground: RGB
) -> None:
    canvas.paste(_die(size, value, body, pip, ground), (x, y))


def _slot(draw: Draw, x: float, y: float, edge: RGB = SLOT_EDGE) -> None:
    draw.rounded_rectangle((x, y, x + DIE, y + DIE), radius=10, fill=SLOT, outline=edge, width=2)


def _column_x(column: int) -> int:
    return LEFT + column * (DIE + COL_GAP)


def _cell_x(i: int) -> int:
    return FEED_X + i * (CELL_W + 10)


def _cell(draw: ImageDraw.ImageDraw, x: int, y: int, i: int, n: int | None) -> None:
    """One = > + cell of a row: its sign, and its count once the row is played; lit when the
    count is not 0."""
    sign, lit = SIGNS[i]
    on = n is not None and n > 0
    draw.rounded_rectangle(
        (x, y + 6, x + CELL_W, y + DIE - 6),
        radius=9,
        fill=lit if on else SLOT,
        outline=lit if on else SLOT_EDGE,
        width=2,
    )
    colour = FRAME if on else DIM
    _text(draw, (x + 22, y + DIE / 2), sign, 30, colour, "mm")
    if n is not None:
        _text(draw, (x + CELL_W - 24, y + DIE / 2), str(n), 30, colour if on else TEXT, "mm")


@picture_cache(maxsize=64)
def _played_cell(i: int, n: int) -> Sprite:
    """A feedback cell of a played row, on the board, for a row at y = -6."""
    image, draw = _opaque((CELL_W + 1, DIE - 11), BOARD)
    _cell(draw, 0, -6, i, n)
    return Sprite(image)


def _screen(draw: ImageDraw.ImageDraw, y: int) -> None:
    """The code row while the round is played: the code behind its screen (backdrop)."""
    right = _column_x(3) + DIE
    _text(draw, (LEFT - 16, y + DIE / 2), pgettext("dobbelduel", "Code"), 18, DIM, "rm",
          width=LABEL_W)
    draw.rounded_rectangle((LEFT - 6, y - 4, right + 6, y + DIE + 4), radius=10, fill=SCREEN)
    for x in range(LEFT + 10, right, 22):  # the screen's ribs
        draw.line((x, y + 4, x, y + DIE - 4), fill=(40, 44, 54), width=4)
    _text(draw, ((LEFT + right) / 2, y + DIE / 2), pgettext("dobbelduel", "behind the screen"),
          24, DIM, "mm", width=right - LEFT - 12)


def _revealed(canvas: Canvas, y: int, code: list[int]) -> None:
    """The code row once the solution is given: the screen lifted to a thin slab above the
    row, the code dice in the open."""
    right = _column_x(3) + DIE
    canvas.rectangle((LEFT - 6, y - 4, right + 6, y + DIE + 4), fill=BOARD)  # the screen's place
    canvas.rounded_rectangle((LEFT - 6, y - 16, right + 6, y - 8), radius=4, fill=SCREEN)
    for column, value in enumerate(code):
        x = _column_x(column)
        _paste_die(canvas, x, y, DIE, value, DIE_COLOURS[column], DIE_PIPS[column], BOARD)


def _mark(draw: Draw, cx: float, cy: float, ok: bool) -> None:
    """A tick or a cross in a disc: was this column of the solution right?"""
    r = 12
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOOD if ok else BAD, outline=FRAME, width=2)
    if ok:
        draw.line((cx - 6, cy, cx - 2, cy + 5, cx + 6, cy - 5), fill=TEXT, width=3)
    else:
        draw.line((cx - 5, cy - 5, cx + 5, cy + 5), fill=TEXT, width=3)
        draw.line((cx - 5, cy + 5, cx + 5, cy - 5), fill=TEXT, width=3)


def _relabel(canvas: Canvas, xy: tuple[float, float], line: str, size: int, fill: RGB) -> None:
    """A backdrop label (at most LABEL_W wide) drawn again in another colour: its box is
    cleared to the board first, as anti-aliased text on the old text would not be the text on
    the board."""
    shown, fnt = _fitted(line, size, LABEL_W)
    left, top, right, bottom = fnt.getbbox(shown, anchor="rm")
    x, y = xy
    canvas.rectangle((x + left - 2, y + top - 2, x + right + 2, y + bottom + 2), fill=BOARD)
    _text(canvas, xy, line, size, fill, "rm", width=LABEL_W)


def _row_frame(draw: Draw, y: int) -> None:
    """The frame around the row to fill in next."""
    draw.rounded_rectangle(
        (LEFT - 10, y - 6, _column_x(3) + DIE + 10, y + DIE + 6),
        radius=12,
        outline=HIGHLIGHT,
        width=3,
    )


def _solution_row(canvas: Canvas, y: int, rnd: RoundView) -> None:
    """What the view adds to the backdrop's row of question marks: the highlight while the
    solution is due, the solution's dice with a tick or cross each, and the points."""
    if rnd.must_solve:  # the next thing to fill in
        _relabel(canvas, (LEFT - 16, y + DIE / 2), pgettext("dobbelduel", "Solution"), 18,
                 HIGHLIGHT)
        _row_frame(canvas, y)
    if rnd.solution is not None:
        for column, value in enumerate(rnd.solution):
            x = _column_x(column)
            _paste_die(canvas, x, y, DIE, value, DIE_COLOURS[column], DIE_PIPS[column], BOARD)
            if rnd.code is not None:
                _mark(canvas, x + DIE - 2, y + 2, rnd.code[column] == value)
    if rnd.code is not None and rnd.solution is not None:
        base, rows, dice = score_parts(rnd.broken, len(rnd.rows), rnd.white_left)
        room = WIDTH - 24 - FEED_X
        if rnd.broken:
            _text(canvas, (FEED_X, y + 4), pgettext("dobbelduel", "Broken!"), 30, GOOD,
                  width=room)
            # i18n: under "Broken!": 20, the bonus for empty rows, for unused dice, the sum
            points = pgettext("dobbelduel", "{base} + {rows} + {unused} = {score} points")
            _text(canvas, (FEED_X, y + 40), points.format(
                base=base, rows=rows, unused=dice, score=rnd.score), 20, width=room)
        else:
            _text(canvas, (FEED_X, y + 4), pgettext("dobbelduel", "Not broken"), 30, BAD,
                  width=room)
            _text(canvas, (FEED_X, y + 40), pgettext("dobbelduel", "0 points"), 20, width=room)


def _attempt_row(canvas: Canvas, y: int, number: int, row: Row | None, next_up: bool) -> None:
    """What the view adds to the backdrop's empty row: the highlight on the row to fill in
    next; a played row's white dice (a dash where it left a column empty) and counts."""
    if next_up:
        _relabel(canvas, (LEFT - 16, y + DIE / 2), str(number), 28, HIGHLIGHT)
        _row_frame(canvas, y)
    if row is None:
        return
    for column, value in enumerate(row.dice):
        x = _column_x(column)
        if value is None:  # played, left empty on purpose: a dash says so
            canvas.line((x + 18, y + DIE / 2, x + DIE - 18, y + DIE / 2), fill=SLOT_EDGE, width=4)
        else:
            _paste_die(canvas, x, y, DIE, value, WHITE_DIE, PIP, BOARD)
    for i, n in enumerate((row.equal, row.higher, row.lower)):
        canvas.paste(_played_cell(i, n), (_cell_x(i), y + 6))


def _header(canvas: Canvas, view: PublicView, rnd: RoundView) -> None:
    _text(canvas, (24, 44), pgettext("dobbelduel", "Round {number} of {count}").format(
        number=rnd.number, count=view.round_count), 34, width=WIDTH - 420)
    for seat, name in enumerate(view.players):
        y = 16 + seat * 44
        # i18n: under a player's name on the board: their role this round
        role = (pgettext("dobbelduel", "makes the code") if seat == rnd.codemaker
                else pgettext("dobbelduel", "breaks it"))
        if view.over and view.winners is not None and seat in view.winners:
            role = (pgettext("dobbelduel", "wins") if len(view.winners) == 1
                    else pgettext("dobbelduel", "draw"))
        elif view.over:
            role = ""
        _text(canvas, (WIDTH - 24, y + 4), f"{view.scores[seat]}", 32, HIGHLIGHT, "ra")
        _text(canvas, (WIDTH - 90, y + 2), _fit(name, 24), 22, TEXT, "ra", width=320)
        _text(canvas, (WIDTH - 90, y + 26), role, 14, DIM, "ra", width=320)


def _fit(name: str, n: int) -> str:
    """A player's name as one drawable line of at most n characters."""
    return drawable(name, n)


def _turn_line(view: PublicView, rnd: RoundView) -> tuple[str, RGB]:
    if view.over:
        winners = view.winners or []
        if len(winners) == 1:
            return pgettext("dobbelduel", "Game over: {name} wins!").format(
                name=_fit(view.players[winners[0]], 24)), HIGHLIGHT
        return pgettext("dobbelduel", "Game over: a draw!"), HIGHLIGHT
    breaker = _fit(view.players[rnd.codebreaker], 24)
    if rnd.must_solve:
        return pgettext("dobbelduel", "{breaker}: give the solution now").format(
            breaker=breaker), HIGHLIGHT
    return pgettext("dobbelduel", "{breaker}: place dice or give the solution").format(
        breaker=breaker), HIGHLIGHT


SUPPLY_X = 430  # the white dice supply in the tray


@picture_cache(maxsize=32)
def _supply(white_left: int) -> Sprite:
    """The white dice supply: one small square per die, used ones hollow."""
    image, draw = _opaque((9 * 30 - 7, 2 * 28 - 5), FRAME)
    for i in range(WHITE_DICE):
        x, y = (i % 9) * 30, (i // 9) * 28
        used = i >= white_left
        draw.rounded_rectangle(
            (x, y, x + 22, y + 22),
            radius=5,
            fill=SLOT if used else WHITE_DIE,
            outline=SLOT_EDGE if used else PIP,
        )
    return Sprite(image)


def _tray(canvas: Canvas, y: int, view: PublicView, rnd: RoundView) -> None:
    """The rolled dice waiting to be placed, the white dice left, and whose turn it is."""
    line, colour = _turn_line(view, rnd)
    _text(canvas, (24, y), line, 26, colour, width=WIDTH - 48)
    y += 44
    if view.over:
        for seat, name in enumerate(view.players):
            _text(canvas, (24 + seat * 200, y), _fit(name, 24), 22, DIM, width=180)
            _text(canvas, (24 + seat * 200, y + 26), str(view.scores[seat]), 40, TEXT)
    else:
        # i18n: before the white dice just rolled, under the board
        _text(canvas, (24, y + 4), pgettext("dobbelduel", "Rolled"), 22, DIM, width=80)
        if rnd.rolled:
            for i, value in enumerate(rnd.rolled):
                _paste_die(canvas, 110 + i * (DIE + 14), y - 8, DIE, value, WHITE_DIE, PIP, FRAME)
        else:
            _text(canvas, (110, y + 4), pgettext("dobbelduel", "nothing to place"), 22, DIM,
                  width=SUPPLY_X - 130)
    left = pgettext("dobbelduel", "White dice left: {left} of {total}").format(
        left=rnd.white_left, total=WHITE_DICE)
    _text(canvas, (SUPPLY_X, y - 8), left, 20, width=WIDTH - 24 - SUPPLY_X)
    canvas.paste(_supply(rnd.white_left), (SUPPLY_X, y + 20))


HISTORY_ROW = 52


def _history_frames(draw: ImageDraw.ImageDraw, y: int, earlier: int) -> None:
    """The title and the empty rows of the earlier rounds' list (backdrop)."""
    if not earlier:
        return
    _text(draw, (24, y), pgettext("dobbelduel", "Earlier rounds"), 20, DIM, width=WIDTH - 48)
    y += 30
    for _ in range(earlier):
        draw.rounded_rectangle((20, y - 4, WIDTH - 20, y + 40), radius=8, fill=BOARD)
        y += HISTORY_ROW


def _history(canvas: Canvas, y: int, view: PublicView) -> None:
    """One line per finished round except the one on the board: its code and points."""
    y += 30
    for rnd in _earlier(view):
        assert rnd.code is not None
        _text(canvas, (34, y + 18), f"{rnd.number}", 24, DIM, "lm")
        for column, value in enumerate(rnd.code):
            body, pip = DIE_COLOURS[column], DIE_PIPS[column]
            _paste_die(canvas, 64 + column * 40, y + 2, 32, value, body, pip, BOARD)
        breaker = _fit(view.players[rnd.codebreaker], 16)
        if rnd.broken:
            what = npgettext("dobbelduel", "{breaker} broke it after {n} attempt: {score} points",
                             "{breaker} broke it after {n} attempts: {score} points",
                             len(rnd.rows)).format(breaker=breaker, n=len(rnd.rows),
                                                   score=rnd.score)
        else:
            what = pgettext("dobbelduel", "{breaker} did not break it: 0 points").format(
                breaker=breaker)
        _text(canvas, (236, y + 18), what, 22, TEXT, "lm", width=WIDTH - 270)
        y += HISTORY_ROW


def _earlier(view: PublicView) -> list[RoundView]:
    shown = view.current
    return [r for r in view.rounds if r.over and r is not shown]


def board_height(view: PublicView) -> int:
    return _height(len(_earlier(view)))


def _height(earlier: int) -> int:
    return BOARD_TOP + BOARD_H + 24 + 140 + (30 + HISTORY_ROW * earlier if earlier else 0)


ROWS_TOP = BOARD_TOP + 84  # the code row; the solution row and the attempt rows follow
ATTEMPTS_TOP = ROWS_TOP + 2 * ROW_H + 6
TRAY_TOP = BOARD_TOP + BOARD_H + 24


@picture_cache(maxsize=6)  # 3.5-4.5 MB each: one per number of earlier rounds listed
def _backdrop(earlier: int) -> Backdrop:
    """The board as a new round starts, with `earlier` finished rounds listed under it: the
    frame, the empty rows and cells, the labels, the screen over the code."""
    img = Image.new("RGB", (WIDTH, _height(earlier)), FRAME)
    draw = ImageDraw.Draw(img)
    _text(draw, (24, 18), "DOBBELDUEL", 22, DIM)
    y = BOARD_TOP
    draw.rounded_rectangle((12, y, WIDTH - 12, y + BOARD_H), radius=18, fill=BOARD)
    for column, letter in enumerate(COLUMNS):
        x = _column_x(column)
        draw.rounded_rectangle((x, y + 40, x + DIE, y + 62), radius=6, fill=DIE_COLOURS[column])
        _text(draw, (x + DIE / 2, y + 51), letter, 18, DIE_PIPS[column], "mm")
    for i, (sign, _) in enumerate(SIGNS):
        x = _cell_x(i) + CELL_W / 2
        _text(draw, (x, y + 51), pgettext("dobbelduel", FEEDBACK_WORDS[sign]), 16, DIM, "mm",
              width=CELL_W + 8)
    _screen(draw, ROWS_TOP)
    y = ROWS_TOP + ROW_H
    _text(draw, (LEFT - 16, y + DIE / 2), pgettext("dobbelduel", "Solution"), 18, DIM, "rm",
          width=LABEL_W)
    for column in range(len(COLUMNS)):
        x = _column_x(column)
        _slot(draw, x, y, DIE_COLOURS[column])
        _text(draw, (x + DIE / 2, y + DIE / 2), "?", 36, DIE_COLOURS[column], "mm")
    y = ATTEMPTS_TOP
    draw.line((LEFT - 60, y - 10, WIDTH - 30, y - 10), fill=SLOT_EDGE, width=2)
    for i in range(MAX_ATTEMPTS):
        _text(draw, (LEFT - 16, y + DIE / 2), str(i + 1), 28, DIM, "rm")
        for column in range(len(COLUMNS)):
            _slot(draw, _column_x(column), y)
        for k in range(len(SIGNS)):
            _cell(draw, _cell_x(k), y, k, None)
        y += ROW_H
    _history_frames(draw, TRAY_TOP + 44 + 84, earlier)
    return Backdrop(img, _palette)


def board_canvas(view: PublicView) -> Canvas:
    """The board of `view`: the backdrop, and what the view adds to it."""
    rnd = view.current
    canvas = Canvas(_backdrop(len(_earlier(view))))
    _header(canvas, view, rnd)
    maker, breaker = view.players[rnd.codemaker], view.players[rnd.codebreaker]
    line = pgettext("dobbelduel", "{breaker} breaks {maker}'s code").format(
        breaker=_fit(breaker, 20), maker=_fit(maker, 20))
    _text(canvas, (24, BOARD_TOP + 14), line, 20, DIM, width=WIDTH - 48)
    if rnd.code is not None:
        _revealed(canvas, ROWS_TOP, rnd.code)
    _solution_row(canvas, ROWS_TOP + ROW_H, rnd)
    for i in range(MAX_ATTEMPTS):
        row = rnd.rows[i] if i < len(rnd.rows) else None
        next_up = not view.over and not rnd.over and i == len(rnd.rows) and not rnd.must_solve
        _attempt_row(canvas, ATTEMPTS_TOP + i * ROW_H, i + 1, row, next_up)
    _tray(canvas, TRAY_TOP, view, rnd)
    _history(canvas, TRAY_TOP + 44 + 84, view)
    return canvas


board_image, board_png = image_and_png(board_canvas)


CODE_DIE = 96


@cache
def _code_backdrop() -> Backdrop:
    """The code picture's frame and the column letters under the dice."""
    img = Image.new("RGB", (4 * CODE_DIE + 5 * 24, 230), FRAME)
    draw = ImageDraw.Draw(img)
    for column in range(len(COLUMNS)):
        x = 24 + column * (CODE_DIE + 24)
        _text(draw, (x + CODE_DIE / 2, 200), COLUMNS[column], 22, DIE_COLOURS[column], "mm")
    return Backdrop(img, _palette)


def code_canvas(view: PrivateView) -> Canvas:
    canvas = Canvas(_code_backdrop())
    _text(canvas, (24, 18), pgettext("dobbelduel", "Your code, round {number}").format(
        number=view.round), 26, width=canvas.size[0] - 48)
    _text(
        canvas,
        (24, 52),
        pgettext("dobbelduel", "{breaker} is trying to break it").format(
            breaker=_fit(view.codebreaker, 24)),
        18,
        DIM,
        width=canvas.size[0] - 48,
    )
    for column, value in enumerate(view.code):
        x = 24 + column * (CODE_DIE + 24)
        _paste_die(canvas, x, 92, CODE_DIE, value, DIE_COLOURS[column], DIE_PIPS[column], FRAME)
    return canvas


code_image, code_png = image_and_png(code_canvas)
