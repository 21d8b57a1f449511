"""A finished game played again from its seed and action log, as a video of its boards.

The bot saves the seed, the options, the players and every action (the AI's and timeouts'
too), so `new_state` + `apply` rebuild every state the channel saw; each frame is the public
board (`render_public(public_view(state))`), so nothing secret shows that the channel did not
see.

`video`: an MP4 (games/video.py) of at most `VIDEO_MS`, whatever the game's length: every board
of a short game, 700 ms each; of a long one its key moves (the turn handed over, the end) at a
steady pace, thinned evenly when even those would not fit; the last board held. Under each
board a caption: the move's number and what happened, so a viewer follows without the log.
Where no H.264 encoder is at hand, `animate` makes the fallback: frames shrunk to `WIDTH` px and
mapped onto the board's own fixed palette without dither, encoded as GIF and lossless WebP and
the smaller kept (games/drawing.py); the same log gives the same bytes, and a decoded frame is
exactly `frame_of(board png)`. Pillow and PyAV only: no Discord, no asyncio.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from games import video as mp4
from games.contract import Game, Player, Result, RuleError
from games.drawing import animations, ellipsize, font, least_font_px, smaller, text
from games.i18n import _

WIDTH = 480  # Discord shows a picture 400-550 px wide; smaller frames, smaller files
FRAME_MS = 700  # one move
HOLD_MS = 4000  # the final board, before the loop starts again
BUDGET = 8_000_000  # bytes: under Discord's 10 MB upload limit, with room for the message
KEY_TAIL = 3  # the last boards are always kept when only key moves are shown
VIDEO_MS = 90_000  # the longest a video replay lasts, whatever the game's length
FASTEST_MS = 400  # a board shown no shorter than this: fewer boards instead
VIDEO_WIDTH = 1280  # a wider board is shrunk (Discord's player shows it smaller anyway)
CAPTION_INK, CAPTION_BACK = (240, 240, 240), (24, 26, 32)


@dataclass
class Board:
    """One board the channel saw: after which move (0: the opening), its PNG, and whether
    the turn passed to other seats there (a key move when the replay must be cut)."""

    move: int
    png: bytes
    key: bool
    caption: str = ""  # the move's number and news (the result under the last board)
    description: str = ""  # the board in words (its alt text on the web page)


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
    ms: int = 0  # how long it plays, once


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
    view = game.public_view(state)
    first = game.render_public(view)
    # i18n: the caption under a replay's first board, before any move
    boards = [Board(0, first, True, _("The opening"), game.describe_public(view))]
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
        # i18n: the caption under a replay's board: the move's number and what happened
        said = _("Move {number}: {news}").format(number=number, news=news[0])
        lines += [f"   {event}" for event in news[1:]]
        if game.result(state) is None and game.move_in_progress(state):
            continue
        view = game.public_view(state)
        png = game.render_public(view)
        key = set(game.to_act(state)) != before or game.result(state) is not None
        if png == boards[-1].png:
            boards[-1].key = boards[-1].key or key
            continue
        boards.append(Board(number, png, key, said, game.describe_public(view)))
    result = game.result(state)
    if result is not None:
        lines.append(_("Result: {summary}").format(summary=result.summary))
        boards[-1].caption = lines[-1]
        lines += standings(who, result)
    if stopped:
        lines.append(stopped)
    return Rebuilt(boards, lines, done, stopped, state)


def standings(names: Sequence[str], result: Result) -> list[str]:
    """The log's last lines: every seat, by score when the game keeps one (the same score,
    the same place), the winners marked."""
    # i18n: the heading of the final standings at the end of a replay's log
    lines = [_("Final standings:")]
    seats = range(len(names))
    scores = result.scores
    if scores is not None and len(scores) == len(names):
        for seat in sorted(seats, key=lambda s: (-scores[s], s)):
            place = 1 + sum(score > scores[seat] for score in scores)
            if seat in result.winners:
                # i18n: a line of the final standings: place, name, score, and that they won
                line = _("{place}. {name}: {score} (won)")
            else:
                # i18n: a line of the final standings: place, name, score
                line = _("{place}. {name}: {score}")
            lines.append("   " + line.format(place=place, name=names[seat], score=scores[seat]))
        return lines
    for seat in sorted(seats, key=lambda s: (s not in result.winners, s)):
        # i18n: a line of the final standings of a game without scores: a winner's name
        line = _("{name}: won") if seat in result.winners else _("{name}: lost")
        lines.append("   " + line.format(name=names[seat]))
    return lines


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
            return Replay(data, ext, len(kept), len(frames), key_only, kept, sum(durations))
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


def video_indices(boards: list[Board]) -> tuple[list[int], int]:
    """The boards a video shows and how long each (ms; the last is held HOLD_MS): every board
    at FRAME_MS when they fit in VIDEO_MS; otherwise the key moves, at the pace that fits them
    (no faster than FASTEST_MS), thinned evenly when even that is too fast."""
    room = VIDEO_MS - HOLD_MS
    every = list(range(len(boards)))
    if (len(every) - 1) * FRAME_MS <= room:
        return every, FRAME_MS
    kept = key_indices(boards)
    pace = max(FASTEST_MS, min(FRAME_MS, room // max(1, len(kept) - 1)))
    most = room // pace + 1
    if len(kept) > most:  # evenly spread, the first and the last kept
        kept = [kept[round(k * (len(kept) - 1) / (most - 1))] for k in range(most)]
    return kept, pace


def _captioned(boards: list[Board], kept: list[int]) -> list[Image.Image]:
    """The kept boards as video frames, one size (no wider than VIDEO_WIDTH, a smaller board
    padded), each above a line of caption as legible as the board's own words."""
    images = []
    for i in kept:
        image = Image.open(io.BytesIO(boards[i].png)).convert("RGB")
        if image.width > VIDEO_WIDTH:
            height = round(image.height * VIDEO_WIDTH / image.width)
            image = image.resize((VIDEO_WIDTH, height), Image.Resampling.BOX)
        images.append(image)
    width = max(im.width for im in images)
    height = max(im.height for im in images)
    size = least_font_px(width, height) + 4
    fnt = font(size)
    bar = size * 2
    frames = []
    for i, image in zip(kept, images, strict=True):
        frame = Image.new("RGB", (width, height + bar), CAPTION_BACK)
        frame.paste(image, ((width - image.width) // 2, 0))
        draw = ImageDraw.Draw(frame)
        line = ellipsize(boards[i].caption, fnt, width - size)
        text(draw, (size // 2, height + bar / 2), line, fnt, fill=CAPTION_INK, anchor="lm")
        frames.append(frame)
    return frames


def video(boards: list[Board]) -> Replay | None:
    """The boards as an MP4 video of at most VIDEO_MS (see the module's docstring), or None
    where no H.264 encoder is at hand."""
    if mp4.encoder() is None:
        return None
    kept, pace = video_indices(boards)
    durations = [pace] * len(kept)
    durations[-1] = HOLD_MS
    data = mp4.mp4(_captioned(boards, kept), durations)
    if data is None:
        return None
    return Replay(data, "mp4", len(kept), len(boards), len(kept) < len(boards), kept,
                  sum(durations))


def replay(boards: list[Board], budget: int = BUDGET) -> Replay:
    """The replay the bot sends: a video, or the animation where no encoder is at hand."""
    made = video(boards)
    return made if made is not None else animate(boards, budget)
