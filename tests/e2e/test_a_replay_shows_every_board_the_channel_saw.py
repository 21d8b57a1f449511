"""`/dog replay` after a full game against a bot (two seats, one seeded game of 43 boards, where
four draw 250): the animation holds, frame by frame and in order, every board the channel was shown
during the game, and the same game gives the same bytes again (`/replay game_id:`). Before the
end there is no replay."""

from __future__ import annotations

import io

from PIL import Image, ImageSequence

from bot.table.replays import NOT_OVER
from games.dog import GAME as DOG
from games.replay import frame_of
from tests.e2e.conftest import World
from tests.e2e.driving import finish_menu, is_board, last_board, menu_message
from tests.fakediscord.harness import InteractionResult

SEED = 5  # the game's seed: Ann's first choices against the AI, 43 boards


def posted_boards(r: InteractionResult) -> list[bytes]:
    """The board pictures an interaction posted or put in place, while they still hold them."""
    return [m.attachments[0].data for m in [*r.created, *r.edited]
            if is_board(m) and m.attachments]


def decoded(data: bytes) -> list[bytes]:
    """Each frame of an animation as RGB pixels."""
    with Image.open(io.BytesIO(data)) as image:
        return [frame.convert("RGB").tobytes() for frame in ImageSequence.Iterator(image)]


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
    assert replay.filename.endswith((".webp", ".gif")) and log.filename.endswith(".txt")
    assert len(replay.data) < 10_000_000
    frames = decoded(replay.data)
    with Image.open(io.BytesIO(boards[0])) as first:
        first.load()
        wanted = [frame_of(b, first).convert("RGB").tobytes() for b in boards]
    # every board the channel saw is a frame, exactly (lossless), in the order it was shown
    at = 0
    for n, board in enumerate(wanted):
        while at < len(frames) and frames[at] != board:
            at += 1
        assert at < len(frames), f"board {n} of {len(wanted)} is not in the replay (in order)"
    text = log.data.decode()
    assert text.startswith("Dog: Ann, Bot 1.") and "Result:" in text
    assert "1. " in text

    session = (await world.bot.store.sessions_with_status("finished"))[0]
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
