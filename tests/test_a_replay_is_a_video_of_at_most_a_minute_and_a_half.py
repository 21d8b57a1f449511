"""A replay is a video Discord plays in its own player (MP4, H.264, yuv420p, its index first):
every board of a short game at a move's pace; a long game's key moves at a steady pace, thinned
evenly when even those would not fit, never over 90 s; the last board held; each board above a
caption (the move's number and what happened). Without an encoder, the animated picture."""

from __future__ import annotations

import io
import re
from typing import Any

import av
import pytest
from PIL import Image

from games import video
from games.contract import Player, Result
from games.dog import GAME as DOG
from games.drawing import save_png
from games.i18n import speaking
from games.replay import (
    FASTEST_MS,
    FRAME_MS,
    HOLD_MS,
    VIDEO_MS,
    Board,
    _captioned,
    rebuild,
    replay,
    standings,
    video_indices,
)
from games.rng import Rng

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def boards(count: int, *, key_every: int) -> list[Board]:
    """`count` small boards, each a little different, the turn handed over every
    `key_every`th."""
    made = []
    for n in range(count):
        image = Image.new("P", (64, 48), n % 200)
        made.append(Board(n, save_png(image), n % key_every == 0, f"Move {n}"))
    return made


def decoded(data: bytes) -> tuple[str, list[float], float]:
    with av.open(io.BytesIO(data)) as made:
        stream = made.streams.video[0]
        codec = f"{stream.codec_context.name} {stream.codec_context.pix_fmt}"
        times = [float(frame.time or 0) for frame in made.decode(stream)]
        return codec, times, (made.duration or 0) / av.time_base


def test_a_short_game_shows_every_board_at_a_moves_pace() -> None:
    most = (VIDEO_MS - HOLD_MS) // FRAME_MS + 1
    assert video_indices(boards(most, key_every=5)) == (list(range(most)), FRAME_MS)


def test_a_long_game_shows_its_key_moves_at_a_steady_pace_within_90_seconds() -> None:
    some = boards(400, key_every=2)  # 200 key boards: 435 ms each fits
    kept, pace = video_indices(some)
    assert all(some[i].key or i > 396 for i in kept) and kept[-1] == 399
    assert FASTEST_MS <= pace < FRAME_MS and (len(kept) - 1) * pace + HOLD_MS <= VIDEO_MS


def test_a_very_long_game_thins_its_key_moves_evenly_keeping_the_first_and_the_last() -> None:
    some = boards(1630, key_every=1)
    kept, pace = video_indices(some)
    assert pace == FASTEST_MS and kept[0] == 0 and kept[-1] == 1629
    assert (len(kept) - 1) * pace + HOLD_MS <= VIDEO_MS
    steps = {b - a for a, b in zip(kept, kept[1:], strict=False)}
    assert max(steps) - min(steps) <= 1  # evenly


def assert_plays_in_discord_within_90_seconds(made: Any) -> None:
    """Key moves only, H.264 in yuv420p, one frame a board kept, the last board held, and the
    index before the frames (Discord's player starts before the whole file has come)."""
    assert made.ext == "mp4" and made.boards > (VIDEO_MS - HOLD_MS) // FRAME_MS + 1
    assert made.key_only and made.ms <= VIDEO_MS
    codec, times, seconds = decoded(made.data)
    assert codec == "h264 yuv420p" and len(times) == made.frames
    assert abs(seconds - made.ms / 1000) < 0.05 and seconds <= VIDEO_MS / 1000
    assert times[-1] == pytest.approx((made.ms - HOLD_MS) / 1000)  # the last board, held
    assert made.data.index(b"moov") < made.data.index(b"mdat")  # plays before it has all come


def test_a_long_game_is_a_video_under_90_seconds_that_plays_in_discord() -> None:
    assert_plays_in_discord_within_90_seconds(replay(boards(400, key_every=3)))


@pytest.mark.long
def test_a_long_dog_game_is_a_video_under_90_seconds_that_plays_in_discord() -> None:
    """The same with a real game's boards: 242 of a four-AI Dog game (the default run's
    replay through Discord encodes a real game's every board)."""
    players = [Player(name=name, bot=True) for name in NAMES]
    state = DOG.opening(players, {}, 1).state
    rng, log = Rng.seeded(1), []
    while DOG.result(state) is None:
        seat = DOG.to_act(state)[0]
        action = DOG.ai_action(state, seat, rng)
        log.append((seat, action, False))
        state = DOG.apply(state, seat, action).state
    assert_plays_in_discord_within_90_seconds(replay(rebuild(DOG, players, {}, 1, log).boards))


def test_each_board_has_its_caption_beneath_in_the_readers_language() -> None:
    one = boards(2, key_every=1)
    one[1].caption = "Move 1: Ann plays the 5"
    with speaking("fr"):
        first, second = _captioned(one, [0, 1])
    assert first.size == second.size and first.height > 48  # the board, and its caption
    # the caption's strip differs where the words differ; the board above is the board
    assert first.crop((0, 48, first.width, first.height)).tobytes() != second.crop(
        (0, 48, second.width, second.height)).tobytes()
    assert first.crop((0, 0, 64, 48)).tobytes() == Image.open(
        io.BytesIO(one[0].png)).convert("RGB").tobytes()


def test_without_an_encoder_the_replay_is_an_animated_picture(monkeypatch: Any) -> None:
    monkeypatch.setattr(video, "encoder", lambda: None)
    made = replay(boards(5, key_every=1))
    assert made.ext in ("webp", "gif") and made.frames == 5


@pytest.mark.parametrize("language", ["en", "nl", "fr"])
def test_the_log_ends_with_the_final_standings(language: str) -> None:
    with speaking(language):
        scored = standings(["Ann", "Bob", "Cid"], Result(winners=[1], scores=[3, 9, 3],
                                                          summary=""))
        teams = standings(["Ann", "Bob"], Result(winners=[1], summary=""))
    heading = {"en": "Final standings:", "nl": "Eindstand:", "fr": "Classement final\u00a0:"}
    assert scored[0] == teams[0] == heading[language]
    # place, name and score of each line, the winner marked
    read = [re.fullmatch(r"   (\d)\. (\w+)\s?:\s(\d+)( \(.+\))?", line) for line in scored[1:]]
    assert [m and (m[1], m[2], m[3], bool(m[4])) for m in read] == [
        ("1", "Bob", "9", True), ("2", "Ann", "3", False), ("2", "Cid", "3", False)]
    assert teams[1].startswith("   Bob") and teams[2].startswith("   Ann") and (
        teams[1].replace("Bob", "") != teams[2].replace("Ann", ""))  # one won, one lost
