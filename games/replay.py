"""A finished game played again from its seed and action log, as an animation of its boards.

The bot saves the seed, the options, the players and every action (the AI's and timeouts'
too), so `new_state` + `apply` rebuild every state the channel saw; each frame is the public
board (`render_public(public_view(state))`), so nothing secret shows that the channel did not
see. Frames are shrunk to `WIDTH` px and mapped onto the board's own fixed palette without
dither, then encoded as GIF and lossless WebP and the smaller kept (games/drawing.py): the
same log gives the same bytes, and a decoded frame is exactly `frame_of(board png)`.
Pillow only: no Discord, no asyncio.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from games.contract import Game, Player, RuleError
from games.drawing import animations, smaller
from games.i18n import _

WIDTH = 480  # Discord shows a picture 400-550 px wide; smaller frames, smaller files
FRAME_MS = 700  # one move
HOLD_MS = 4000  # the final board, before the loop starts again
BUDGET = 8_000_000  # bytes: under Discord's 10 MB upload limit, with room for the message
KEY_TAIL = 3  # the last boards are always kept when only key moves are shown


@dataclass
class Board:
    """One board the channel saw: after which move (0: the opening), its PNG, and whether
    the turn passed to other seats there (a key move when the replay must be cut)."""

    move: int
    png: bytes
    key: bool


@dataclass
class Rebuilt:
    """The boards of a game and its log as the channel read it. `stopped`: a sentence when
    the log could not be played to its end (the boards stop before that move)."""

    boards: list[Board]
    lines: list[str]
    moves: int
    stopped: str = ""
    final: Any = None


@dataclass
class Replay:
    data: bytes
    ext: str
    frames: int  # frames in the animation
    boards: int  # distinct boards of the whole game
    key_only: bool = False
    kept: list[int] = field(default_factory=list)  # indices into the boards


def rebuild(
    game: Game[Any], players: list[Player], options: dict[str, Any], seed: int,
    log: Sequence[tuple[int | None, str, bool]], names: Sequence[str] | None = None,
) -> Rebuilt:
    """Play the log (seat, action id, timed out) from the opening, keeping each board the
    channel was shown: not the half-made steps of a move (`move_in_progress`), and a board
    only when it differs from the one before (a move that changes nothing public). `names`:
    how each seat is called in the text log (the players' names by default). The log and the
    boards are in the language in force."""
    who = list(names) if names is not None else [p.name for p in players]
    opening = game.opening(players, options, seed)
    state = opening.state
    first = game.render_public(game.public_view(state))
    boards = [Board(0, first, True)]
    # i18n: the first line of a replay's log: the game's name and its players
    lines = [_("{game}: {players}.").format(
        game=game.title, players=", ".join(p.name for p in players))]
    lines += [f"   {event}" for event in opening.events]
    stopped = ""
    done = 0
    for number, (seat, action, timeout) in enumerate(log, start=1):
        if seat is None:
            stopped = _("Move {number} has no seat; the replay stops before it.").format(
                number=number)
            break
        try:
            applied = game.apply(state, seat, action)
        except RuleError:
            stopped = _("Move {number} could not be played again; the replay stops "
                        "before it.").format(number=number)
            break
        before = set(game.to_act(state))
        state = applied.state
        done = number
        name = who[seat] if 0 <= seat < len(who) else _("Seat {number}").format(number=seat + 1)
        news = applied.events or [_("(a move the channel saw only on the board)")]
        if timeout:
            # i18n: a move of a replay's log, made by the bot when the player's clock ran out
            line = _("{number}. {name} (time ran out): {news}")
        else:
            # i18n: a move of a replay's log: its number, who made it, what happened
            line = _("{number}. {name}: {news}")
        lines.append(line.format(number=number, name=name, news=news[0]))
        lines += [f"   {event}" for event in news[1:]]
        if game.result(state) is None and game.move_in_progress(state):
            continue
        png = game.render_public(game.public_view(state))
        key = set(game.to_act(state)) != before or game.result(state) is not None
        if png == boards[-1].png:
            boards[-1].key = boards[-1].key or key
            continue
        boards.append(Board(number, png, key))
    result = game.result(state)
    if result is not None:
        lines.append(_("Result: {summary}").format(summary=result.summary))
    if stopped:
        lines.append(stopped)
    return Rebuilt(boards, lines, done, stopped, state)


def frame_of(png: bytes, palette: Image.Image | None = None) -> Image.Image:
    """A board as a frame: shrunk to WIDTH px (never enlarged) and mapped onto `palette` (the
    first board's own palette when given; every game draws on a fixed one) without dither."""
    image = Image.open(io.BytesIO(png))
    image.load()
    source = image if palette is None else palette
    if image.width > WIDTH:
        height = round(image.height * WIDTH / image.width)
        # BOX (area average): legible at this ratio, and 2-3x faster than LANCZOS on a
        # game of 300 boards
        image = image.convert("RGB").resize((WIDTH, height), Image.Resampling.BOX)
    if source.mode == "P":
        return image.convert("RGB").quantize(palette=source, dither=Image.Dither.NONE)
    return image.convert("RGB").quantize(colors=256, dither=Image.Dither.NONE)


def _frames(boards: list[Board]) -> list[Image.Image]:
    """Every board as a frame, the same size (a board that grew is padded, not stretched)."""
    first = Image.open(io.BytesIO(boards[0].png))
    first.load()
    palette = first if first.mode == "P" else None
    frames = [frame_of(board.png, palette) for board in boards]
    size = (max(f.width for f in frames), max(f.height for f in frames))
    even = []
    for frame in frames:
        if frame.size != size:
            pad = Image.new("P", size, 0)
            pad.putpalette(frame.getpalette() or [])
            pad.paste(frame, (0, 0))
            frame = pad
        even.append(frame)
    return even


def key_indices(boards: list[Board]) -> list[int]:
    """The boards kept when the whole game would be too big: the opening, those where the
    turn passed or the game ended, and the last few."""
    last = len(boards) - 1
    return [i for i, b in enumerate(boards) if i == 0 or b.key or i > last - KEY_TAIL]


def animate(boards: list[Board], budget: int = BUDGET) -> Replay:
    """The boards as one animation under `budget` bytes: every board when it fits, otherwise
    only the key moves, thinned further (every other one, the last always kept) until it fits.
    Deterministic: the same boards give the same bytes."""
    frames = _frames(boards)
    kept = list(range(len(frames)))
    key_only = False
    while True:
        chosen = [frames[i] for i in kept]
        durations = [FRAME_MS] * len(chosen)
        durations[-1] = HOLD_MS
        data, ext = smaller(animations(chosen, durations))
        if len(data) <= budget or len(kept) <= 2:
            return Replay(data, ext, len(kept), len(frames), key_only, kept)
        if not key_only:
            key_only = True
            fewer = key_indices(boards)
            if len(fewer) < len(kept):
                kept = fewer
                continue
        thinned = kept[::2]
        if thinned[-1] != kept[-1]:
            thinned.append(kept[-1])
        kept = thinned
