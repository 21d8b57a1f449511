"""Pictures of Dobbelduel, drawn only from views (which is what keeps the code secret).

The board is a landscape picture that Discord's preview (500 x 350) shows whole and legible:
on the left the round in play as on the physical board, top to bottom: the column heads, the
code behind its screen, the solution row with question marks, then the 7 attempt rows with the
= > + counts beside them; on the right the round, both players with their points and role, whose
turn it is, the dice just rolled, the white dice left and the last rounds played (their code and
points). Drawn in RGB for anti-aliased text, then reduced to a small palette: a palette PNG is a
third of the bytes and encodes several times faster.

Most of the board never changes: the frame, the rows of empty slots and feedback cells, the
labels, the screen, the players' panels. That is a Backdrop drawn once per process (per
language); a render draws only what a view adds on a games.drawing.Canvas: dice and lit cells
(sprites, opaque on the colour under them, so they cover the empty slot), names, scores, the
tray and the earlier rounds.

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
    text_lines,
    wrap,
)
from games.i18n import pgettext

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

# 10:7, the preview box's own shape: shown 500 x 350, every px of it counts.
WIDTH, HEIGHT = 900, 630
SMALLEST = least_font_px(WIDTH, HEIGHT)  # 20: 11 px high in the 500 x 350 preview
PALETTE_COLOURS = 128

# The board of the round in play (left). Die corners lie on even pixels (see _die).
PANEL = (10, 10, 530, HEIGHT - 8)
DIE = 52  # die and slot size
COL_STEP = 64  # from one column's slot to the next
LEFT = 56  # x of column A
HEADS_Y = 40  # the middle of the column heads
ROWS_TOP = 70  # the code row; the solution row follows
SOLUTION_TOP = ROWS_TOP + 62
ATTEMPTS_TOP = SOLUTION_TOP + 72  # the first attempt row, under a line
ROW_H = 60
FEED_X = LEFT + 3 * COL_STEP + DIE + 16  # x of the first feedback cell
CELL_W = 62
CELL_STEP = 70
NUMBER_X = LEFT - 14  # the attempt rows' numbers end there
NUMBER_W = NUMBER_X - PANEL[0] - 4
LABEL_W = PANEL[2] - 12 - FEED_X  # "Code", "Solution": right of their rows

# The players, the tray and the earlier rounds (right).
INFO_X = 546
INFO_W = WIDTH - 10 - INFO_X
PLAYERS_TOP = 58
PLAYER_H = 56
TURN_TOP = 186  # whose turn it is and what to do: at most TURN_LINES lines
TURN_LINES = 3
TURN_STEP = 26
TRAY_TOP = 274  # the rolled dice
TRAY_DIE = 52
TRAY_X = INFO_X + 96  # the first rolled die
SUPPLY_TOP = 340  # the white dice left: a line, then a square per die
HISTORY_TOP = 432
HISTORY_ROW = 42
HISTORY_SHOWN = 4  # the last rounds played, at most (their sum is each player's points)
HISTORY_DIE = 26
CODE_LEAST = 16  # the code picture's smallest text (sent by DM, shown 500 px wide)

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
    a revealed round, lit and empty feedback cells, white and coloured dice, the tray, an
    earlier round.
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
    sample = Image.new("RGB", (2 * WIDTH, HEIGHT), FRAME)
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
    least: int = SMALLEST,
) -> None:
    """Text at xy, never smaller than `least`; with a width, the font shrinks until the text
    fits (long names), to two thirds of its size at most and never below `least`, so it stays
    legible; what still does not fit is cut with '…'."""
    line, fnt = _fitted(line, size, width, least)
    text(draw, xy, line, fnt, fill=fill, anchor=anchor)


def _fitted(line: str, size: int, width: float | None, least: int = SMALLEST) -> tuple[str, Font]:
    """The line and font `_text` draws."""
    size = max(size, least)
    if width is not None:
        smallest = max(least, round(size * 2 / 3))
        while size > smallest and text_length(line, font(size)) > width:
            size -= 1
        line = ellipsize(line, font(size), width)
    return line, font(size)


def _lines(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], line: str, size: int, fill: RGB,
    width: float, most: int, anchor: str = "la", align: str = "left",
) -> None:
    """A sentence wrapped into at most `most` lines of `width`, drawn as one text (so it
    reads back whole); the last line cut with '…' when it does not all fit."""
    fnt = font(max(size, SMALLEST))
    lines = wrap(line, fnt, width, most)
    if len(lines) == 1:
        text(draw, xy, lines[0], fnt, fill=fill, anchor=anchor)
        return
    spacing = round(fnt.size * 0.2)
    text(draw, xy, "\n".join(lines), fnt, fill=fill, anchor=anchor, align=align,
         spacing=spacing)


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
    return LEFT + column * COL_STEP


def _cell_x(i: int) -> int:
    return FEED_X + i * CELL_STEP


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
    _text(draw, (x + 17, y + DIE / 2), sign, 28, colour, "mm")
    if n is not None:
        _text(draw, (x + CELL_W - 17, y + DIE / 2), str(n), 28, colour if on else TEXT, "mm")


@picture_cache(maxsize=64)
def _played_cell(i: int, n: int) -> Sprite:
    """A feedback cell of a played row, on the board, for a row at y = -6."""
    image, draw = _opaque((CELL_W + 1, DIE - 11), BOARD)
    _cell(draw, 0, -6, i, n)
    return Sprite(image)


def _screen(draw: ImageDraw.ImageDraw, y: int) -> None:
    """The code row while the round is played: the code behind its screen (backdrop)."""
    right = _column_x(3) + DIE
    draw.rounded_rectangle((LEFT - 6, y - 4, right + 6, y + DIE + 4), radius=10, fill=SCREEN)
    for x in range(LEFT + 10, right, 22):  # the screen's ribs
        draw.line((x, y + 4, x, y + DIE - 4), fill=(40, 44, 54), width=4)
    _text(draw, ((LEFT + right) / 2, y + DIE / 2), pgettext("dobbelduel", "behind the screen"),
          22, DIM, "mm", width=right - LEFT - 8)


def _revealed(canvas: Canvas, y: int, code: list[int]) -> None:
    """The code row once the solution is given: the screen lifted to a thin slab above the
    row, the code dice in the open."""
    right = _column_x(3) + DIE
    canvas.rectangle((LEFT - 6, y - 4, right + 6, y + DIE + 4), fill=BOARD)  # the screen's place
    canvas.rounded_rectangle((LEFT - 6, y - 12, right + 6, y - 6), radius=3, fill=SCREEN)
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


def _relabel(
    canvas: Canvas, xy: tuple[float, float], line: str, size: int, fill: RGB, anchor: str,
    width: float,
) -> None:
    """A backdrop label drawn again in another colour: its box is cleared to the board
    first, as anti-aliased text on the old text would not be the text on the board."""
    shown, fnt = _fitted(line, size, width)
    left, top, right, bottom = fnt.getbbox(shown, anchor=anchor)
    x, y = xy
    canvas.rectangle((x + left - 2, y + top - 2, x + right + 2, y + bottom + 2), fill=BOARD)
    _text(canvas, xy, line, size, fill, anchor, width=width)


def _row_frame(draw: Draw, y: int) -> None:
    """The frame around the row to fill in next."""
    draw.rounded_rectangle(
        (LEFT - 10, y - 6, _column_x(3) + DIE + 10, y + DIE + 6),
        radius=12,
        outline=HIGHLIGHT,
        width=3,
    )


def _label_xy(y: int) -> tuple[float, float]:
    """Where the label of the code or the solution row is: right of the row."""
    return FEED_X, y + DIE / 2


def _solution_row(canvas: Canvas, y: int, rnd: RoundView) -> None:
    """What the view adds to the backdrop's row of question marks: the highlight while the
    solution is due, the solution's dice with a tick or cross each."""
    if rnd.must_solve:  # the next thing to fill in
        _relabel(canvas, _label_xy(y), pgettext("dobbelduel", "Solution"), 22, HIGHLIGHT, "lm",
                 LABEL_W)
        _row_frame(canvas, y)
    if rnd.solution is not None:
        for column, value in enumerate(rnd.solution):
            x = _column_x(column)
            _paste_die(canvas, x, y, DIE, value, DIE_COLOURS[column], DIE_PIPS[column], BOARD)
            if rnd.code is not None:
                _mark(canvas, x + DIE - 2, y + 2, rnd.code[column] == value)


def _attempt_row(canvas: Canvas, y: int, number: int, row: Row | None, next_up: bool) -> None:
    """What the view adds to the backdrop's empty row: the highlight on the row to fill in
    next; a played row's white dice (a dash where it left a column empty) and counts."""
    if next_up:
        _relabel(canvas, (NUMBER_X, y + DIE / 2), str(number), 26, HIGHLIGHT, "rm", NUMBER_W)
        _row_frame(canvas, y)
    if row is None:
        return
    for column, value in enumerate(row.dice):
        x = _column_x(column)
        if value is None:  # played, left empty on purpose: a dash says so
            canvas.line((x + 16, y + DIE / 2, x + DIE - 16, y + DIE / 2), fill=SLOT_EDGE, width=4)
        else:
            _paste_die(canvas, x, y, DIE, value, WHITE_DIE, PIP, BOARD)
    for i, n in enumerate((row.equal, row.higher, row.lower)):
        canvas.paste(_played_cell(i, n), (_cell_x(i), y + 6))


def _fit(name: str, n: int) -> str:
    """A player's name as one drawable line of at most n characters."""
    return drawable(name, n)


def _short(name: str, size: int, width: float) -> str:
    """A player's name cut with '…' to `width` px at `size`: the words around it still fit."""
    return ellipsize(drawable(name, 24), font(max(size, SMALLEST)), width)


def _players(canvas: Canvas, view: PublicView, rnd: RoundView) -> None:
    """Each player's panel: name, role this round (or the result), points; the one to act
    (or the winner) framed."""
    for seat, name in enumerate(view.players):
        y = PLAYERS_TOP + seat * (PLAYER_H + 8)
        # i18n: under a player's name on the board: their role this round
        role = (pgettext("dobbelduel", "makes the code") if seat == rnd.codemaker
                else pgettext("dobbelduel", "breaks it"))
        framed = seat in view.to_act
        if view.over and view.winners is not None and seat in view.winners:
            role = (pgettext("dobbelduel", "wins") if len(view.winners) == 1
                    else pgettext("dobbelduel", "draw"))
            framed = True
        elif view.over:
            role = ""
        if framed:
            canvas.rounded_rectangle((INFO_X, y, INFO_X + INFO_W, y + PLAYER_H), radius=12,
                                     outline=HIGHLIGHT, width=3)
        room = INFO_W - 28 - 84
        _text(canvas, (INFO_X + 14, y + 5), _fit(name, 24), 22, TEXT, width=room)
        _text(canvas, (INFO_X + 14, y + 31), role, 20, DIM, width=room)
        _text(canvas, (INFO_X + INFO_W - 14, y + PLAYER_H / 2), f"{view.scores[seat]}", 34,
              HIGHLIGHT, "rm")


def _turn_line(view: PublicView, rnd: RoundView) -> str:
    if view.over:
        winners = view.winners or []
        if len(winners) == 1:
            return pgettext("dobbelduel", "Game over: {name} wins!").format(
                name=_short(view.players[winners[0]], 22, INFO_W * 0.6))
        return pgettext("dobbelduel", "Game over: a draw!")
    breaker = _short(view.players[rnd.codebreaker], 22, INFO_W * 0.6)
    if rnd.must_solve:
        return pgettext("dobbelduel", "{breaker}: give the solution now").format(
            breaker=breaker)
    return pgettext("dobbelduel", "{breaker}: place dice or give the solution").format(
        breaker=breaker)


@picture_cache(maxsize=32)
def _supply(white_left: int) -> Sprite:
    """The white dice supply: one small square per die, used ones hollow."""
    image, draw = _opaque((9 * 30 - 7, 2 * 27 - 5), FRAME)
    for i in range(WHITE_DICE):
        x, y = (i % 9) * 30, (i // 9) * 27
        used = i >= white_left
        draw.rounded_rectangle(
            (x, y, x + 22, y + 22),
            radius=5,
            fill=SLOT if used else WHITE_DIE,
            outline=SLOT_EDGE if used else PIP,
        )
    return Sprite(image)


@picture_cache(maxsize=64)
def _said(lines: tuple[str, ...]) -> Sprite:
    """Whose turn it is and what to do, wrapped into lines, on the frame: one text, so the
    sentence reads back whole."""
    image, draw = _opaque((INFO_W - 4, TURN_LINES * TURN_STEP), FRAME)
    text_lines(draw, (0, 0), list(lines), font(22), TURN_STEP, HIGHLIGHT)
    return Sprite(image)


def _tray(canvas: Canvas, view: PublicView, rnd: RoundView) -> None:
    """Whose turn it is and what to do, the rolled dice waiting to be placed (at the end:
    how the last round ended), the white dice left."""
    fnt = font(22)
    lines = wrap(_turn_line(view, rnd), fnt, INFO_W - 4, TURN_LINES)
    canvas.paste(_said(tuple(lines)), (INFO_X + 4, TURN_TOP))
    y = TRAY_TOP
    if rnd.over:
        _result(canvas, INFO_X + 4, y, rnd)
    else:
        # i18n: before the white dice just rolled, beside the board
        _text(canvas, (INFO_X + 4, y + TRAY_DIE / 2), pgettext("dobbelduel", "Rolled"), 20, DIM,
              "lm", width=TRAY_X - INFO_X - 10)
        if rnd.rolled:
            for i, value in enumerate(rnd.rolled):
                x = TRAY_X + i * (TRAY_DIE + 10)
                _paste_die(canvas, x, y, TRAY_DIE, value, WHITE_DIE, PIP, FRAME)
        else:
            _text(canvas, (TRAY_X, y + TRAY_DIE / 2), pgettext("dobbelduel", "nothing to place"),
                  20, DIM, "lm", width=INFO_X + INFO_W - TRAY_X)
    left = pgettext("dobbelduel", "White dice left: {left} of {total}").format(
        left=rnd.white_left, total=WHITE_DICE)
    _text(canvas, (INFO_X + 4, SUPPLY_TOP), left, 20, width=INFO_W - 4)
    canvas.paste(_supply(rnd.white_left), (INFO_X + 4, SUPPLY_TOP + 30))


def _result(canvas: Canvas, x: int, y: int, rnd: RoundView) -> None:
    """How the round on the board ended: broken or not, and its points."""
    base, rows, dice = score_parts(rnd.broken, len(rnd.rows), rnd.white_left)
    room = INFO_W - 8
    if rnd.broken:
        _text(canvas, (x, y - 2), pgettext("dobbelduel", "Broken!"), 28, GOOD, width=room)
        # i18n: under "Broken!": 20, the bonus for empty rows, for unused dice, the sum
        points = pgettext("dobbelduel", "{base} + {rows} + {unused} = {score} points")
        _text(canvas, (x, y + 32), points.format(base=base, rows=rows, unused=dice,
                                                 score=rnd.score), 22, width=room)
    else:
        _text(canvas, (x, y - 2), pgettext("dobbelduel", "Not broken"), 28, BAD, width=room)
        _text(canvas, (x, y + 32), pgettext("dobbelduel", "0 points"), 22, width=room)


def _history(canvas: Canvas, view: PublicView) -> None:
    """The last rounds played before the one on the board, a line each: its number, code,
    codebreaker and points."""
    earlier = _earlier(view)[-HISTORY_SHOWN:]
    if not earlier:
        return
    _text(canvas, (INFO_X + 4, HISTORY_TOP), pgettext("dobbelduel", "Earlier rounds"), 20, DIM,
          width=INFO_W - 4)
    y = HISTORY_TOP + 26
    for rnd in earlier:
        assert rnd.code is not None
        canvas.rounded_rectangle((INFO_X, y, INFO_X + INFO_W, y + HISTORY_DIE + 8), radius=8,
                                 fill=BOARD)
        middle = y + (HISTORY_DIE + 8) / 2
        _text(canvas, (INFO_X + 18, middle), f"{rnd.number}", 20, DIM, "mm")
        for column, value in enumerate(rnd.code):
            body, pip = DIE_COLOURS[column], DIE_PIPS[column]
            _paste_die(canvas, INFO_X + 36 + column * (HISTORY_DIE + 4), y + 4, HISTORY_DIE,
                       value, body, pip, BOARD)
        name_x = INFO_X + 36 + 4 * (HISTORY_DIE + 4) + 6
        _text(canvas, (name_x, middle), _fit(view.players[rnd.codebreaker], 24), 20, TEXT, "lm",
              width=INFO_X + INFO_W - 52 - name_x)
        _text(canvas, (INFO_X + INFO_W - 12, middle), f"{rnd.score or 0}", 22,
              GOOD if rnd.broken else BAD, "rm")
        y += HISTORY_ROW


def _earlier(view: PublicView) -> list[RoundView]:
    shown = view.current
    return [r for r in view.rounds if r.over and r is not shown]


def board_height(view: PublicView) -> int:
    """The same for every view: the last rounds are listed in a place of their own."""
    return HEIGHT


@picture_cache(maxsize=2)  # ~2.3 MB each (RGB and mapped), one per language in use
def _backdrop() -> Backdrop:
    """The board as a new round starts: the frame, the column heads, the screen over the
    code, the empty rows and cells, their labels."""
    img = Image.new("RGB", (WIDTH, HEIGHT), FRAME)
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle(PANEL, radius=18, fill=BOARD)
    for column, letter in enumerate(COLUMNS):
        x = _column_x(column)
        draw.rounded_rectangle((x, HEADS_Y - 13, x + DIE, HEADS_Y + 13), radius=6,
                               fill=DIE_COLOURS[column])
        _text(draw, (x + DIE / 2, HEADS_Y), letter, 20, DIE_PIPS[column], "mm")
    for i, (sign, _) in enumerate(SIGNS):
        # (a head may take two lines: "too / high")
        _lines(draw, (_cell_x(i) + CELL_W / 2, HEADS_Y), pgettext("dobbelduel",
               FEEDBACK_WORDS[sign]), 20, DIM, CELL_STEP - 6, 2, "mm", "center")
    _screen(draw, ROWS_TOP)
    _text(draw, _label_xy(ROWS_TOP), pgettext("dobbelduel", "Code"), 22, DIM, "lm",
          width=LABEL_W)
    y = SOLUTION_TOP
    _text(draw, _label_xy(y), pgettext("dobbelduel", "Solution"), 22, DIM, "lm", width=LABEL_W)
    for column in range(len(COLUMNS)):
        x = _column_x(column)
        _slot(draw, x, y, DIE_COLOURS[column])
        _text(draw, (x + DIE / 2, y + DIE / 2), "?", 34, DIE_COLOURS[column], "mm")
    y = ATTEMPTS_TOP
    draw.line((PANEL[0] + 12, y - 9, PANEL[2] - 12, y - 9), fill=SLOT_EDGE, width=2)
    for i in range(MAX_ATTEMPTS):
        _text(draw, (NUMBER_X, y + DIE / 2), str(i + 1), 26, DIM, "rm")
        for column in range(len(COLUMNS)):
            _slot(draw, _column_x(column), y)
        for k in range(len(SIGNS)):
            _cell(draw, _cell_x(k), y, k, None)
        y += ROW_H
    for seat in range(2):
        y = PLAYERS_TOP + seat * (PLAYER_H + 8)
        draw.rounded_rectangle((INFO_X, y, INFO_X + INFO_W, y + PLAYER_H), radius=12, fill=BOARD)
    return Backdrop(img, _palette)


def board_canvas(view: PublicView) -> Canvas:
    """The board of `view`: the backdrop, and what the view adds to it."""
    rnd = view.current
    canvas = Canvas(_backdrop())
    _text(canvas, (INFO_X + 4, 12), pgettext("dobbelduel", "Round {number} of {count}").format(
        number=rnd.number, count=view.round_count), 30, width=INFO_W - 4)
    _players(canvas, view, rnd)
    if rnd.code is not None:
        _revealed(canvas, ROWS_TOP, rnd.code)
    _solution_row(canvas, SOLUTION_TOP, rnd)
    for i in range(MAX_ATTEMPTS):
        row = rnd.rows[i] if i < len(rnd.rows) else None
        next_up = not view.over and not rnd.over and i == len(rnd.rows) and not rnd.must_solve
        _attempt_row(canvas, ATTEMPTS_TOP + i * ROW_H, i + 1, row, next_up)
    _tray(canvas, view, rnd)
    _history(canvas, view)
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
        _text(draw, (x + CODE_DIE / 2, 200), COLUMNS[column], 22, DIE_COLOURS[column], "mm",
              least=CODE_LEAST)
    return Backdrop(img, _palette)


def code_canvas(view: PrivateView) -> Canvas:
    canvas = Canvas(_code_backdrop())
    _text(canvas, (24, 18), pgettext("dobbelduel", "Your code, round {number}").format(
        number=view.round), 26, width=canvas.size[0] - 48, least=CODE_LEAST)
    _text(
        canvas,
        (24, 52),
        pgettext("dobbelduel", "{breaker} is trying to break it").format(
            breaker=_fit(view.codebreaker, 24)),
        18,
        DIM,
        width=canvas.size[0] - 48,
        least=CODE_LEAST,
    )
    for column, value in enumerate(view.code):
        x = 24 + column * (CODE_DIE + 24)
        _paste_die(canvas, x, 92, CODE_DIE, value, DIE_COLOURS[column], DIE_PIPS[column], FRAME)
    return canvas


code_image, code_png = image_and_png(code_canvas)
