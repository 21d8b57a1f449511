"""`/dog replay` after a full game against a bot (two seats, one seeded game of 43 boards, where
four draw 250): the video holds, frame by frame and in order, every board the channel was shown
during the game, each with its caption beneath, and the same game gives the same bytes again
(`/replay game_id:`). Before the end there is no replay."""

from __future__ import annotations

import io

import av
from PIL import Image, ImageChops, ImageStat

from bot.table import replays
from bot.table.replays import NOT_OVER
from games.dog import GAME as DOG
from games.replay import FRAME_MS, HOLD_MS, _captioned
from tests.e2e.conftest import World
from tests.e2e.driving import finish_menu, is_board, last_board, menu_message
from tests.fakediscord.harness import InteractionResult

SEED = 5  # the game's seed: Ann's first choices against the AI, 43 boards


def posted_boards(r: InteractionResult) -> list[bytes]:
    """The board pictures an interaction posted or put in place, while they still hold them."""
    return [m.attachments[0].data for m in [*r.created, *r.edited]
            if is_board(m) and m.attachments]


def decoded(data: bytes) -> tuple[list[Image.Image], list[float], float, str]:
    """A video's frames, when each begins (s), how long it lasts (s), and its codec."""
    with av.open(io.BytesIO(data)) as video:
        stream = video.streams.video[0]
        codec = f"{stream.codec_context.name} {stream.codec_context.pix_fmt}"
        frames = [(frame.to_image(), float(frame.time or 0)) for frame in video.decode(stream)]
        seconds = (video.duration or 0) / av.time_base
    return [f for f, _ in frames], [t for _, t in frames], seconds, codec


def small(image: Image.Image) -> Image.Image:
    return image.convert("L").resize((400, 300), Image.Resampling.BOX)


def unlike(a: Image.Image, b: Image.Image) -> float:
    """How far two pictures (`small`) are apart: the mean difference of their pixels."""
    return ImageStat.Stat(ImageChops.difference(a, b)).mean[0]


async def test_a_full_dog_game_replays_every_board_in_order_and_the_same_bytes_twice(
    world: World,
) -> None:
    f = world.fake
    # One game, the same every run: at random, one game in nine of Ann's first choices ended
    # in under 20 boards; this one shows 43 (and the suite's time does not vary with it).
    world.bot.table.seeds = lambda: SEED
    r = await f.slash(world.ann, world.chan, "dog", "start", bots=1)
    r = await f.click(world.ann, r.message, "Begin")
    seen = posted_boards(r)
    refused = await f.slash(world.ann, world.chan, "dog", "replay")
    assert NOT_OVER in refused.ephemeral_text and not refused.messages
    turns = 0
    while "🏁" not in last_board(f, world.chan).content:
        turns += 1
        assert turns < 400, "the game does not end"
        if turns % 3 == 0:
            r = await f.click(world.ann, last_board(f, world.chan), "Play")
            await finish_menu(f, world.ann, menu_message(r))
            seen.append(last_board(f, world.chan).attachments[0].data)
            continue
        choices = await f.autocomplete(world.ann, world.chan, "dog play", focused="action")
        r = await f.slash(world.ann, world.chan, "dog", "play", action=choices[0]["value"])
        seen += posted_boards(r)
    boards = [b for n, b in enumerate(seen) if n == 0 or b != seen[n - 1]]
    assert len(boards) > 20
    final = last_board(f, world.chan)

    f.settle_timeout = 60  # drawing the boards again takes seconds on a busy machine
    r = await f.slash(world.ann, world.chan, "dog", "replay", log=True)
    reply = r.messages[-1] if r.messages else r.message
    assert reply is not None and "Replay of Dog game" in reply.content, r.ephemeral_text
    assert "Key moves only" not in reply.content
    replay, log = reply.attachments
    assert replay.filename.endswith(".mp4") and log.filename.endswith(".txt")
    assert len(replay.data) < 10_000_000
    frames, times, seconds, codec = decoded(replay.data)
    assert codec == "h264 yuv420p"
    # The video shows every board of the game rebuilt from its log, in order, one a move's
    # time, the last held, each with its caption beneath; every board the channel saw is one.
    session = (await world.bot.store.sessions_with_status("finished"))[0]
    rebuilt = replays.rebuilt(DOG, session, await world.bot.store.actions(session.id))
    pngs = [b.png for b in rebuilt.boards]
    at = 0
    for n, board in enumerate(boards):
        while at < len(pngs) and pngs[at] != board:
            at += 1
        assert at < len(pngs), f"board {n} of {len(boards)} is not in the replay (in order)"
    assert len(frames) == len(pngs)
    assert times == [n * FRAME_MS / 1000 for n in range(len(pngs))]
    assert abs(seconds - ((len(pngs) - 1) * FRAME_MS + HOLD_MS) / 1000) < 0.05
    wanted = [small(i) for i in _captioned(rebuilt.boards, list(range(len(pngs))))]
    got = [small(frame) for frame in frames]
    for n, frame in enumerate(got):  # lossy, but each frame nearer to its own board than to
        # the boards shown before and after it
        near = range(max(0, n - 2), min(len(wanted), n + 3))
        assert min(near, key=lambda k: unlike(frame, wanted[k])) == n
    text = log.data.decode()
    assert text.startswith("Dog: Ann, Bot 1.") and "Result:" in text
    assert text.split("Final standings:\n")[1].count("(won)") == 1  # and one who lost
    assert "1. " in text

    assert DOG.result(DOG.load(session.state or "")) is not None
    assert f"`/replay game_id:{session.id}`" in final.content  # where to find it again
    again = await f.slash(world.bob, world.chan, "replay", game_id=session.id)
    reply2 = again.messages[-1] if again.messages else again.message
    assert reply2 is not None and len(reply2.attachments) == 1, again.ephemeral_text
    assert reply2.attachments[0].data == replay.data
    # the replay and its log are described for screen readers, as every file the bot sends
    assert replay.description and "replay of game" in replay.description
    assert "At the end:" in replay.description and len(replay.description) <= 1024
    assert log.description and "its log as text" in log.description
    assert not f.undescribed_attachments()
