"""A forged, mangled or oversized button id is answered as an out-of-date button: one clear
line, nothing changed, no traceback in the log."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import World
from tests.e2e.driving import last_board, session_version, warning

HUGE = "z" * 40  # a session number far past SQLite's 64 bits


async def dobbelduel_against_the_bot(world: World) -> None:
    """Ann starts Dobbelduel against the bot and begins; she breaks the code first."""
    r = await world.fake.slash(world.ann, world.chan, "dobbelduel", "start", bots=1)
    await world.fake.click(world.ann, r.message, "Begin")


@pytest.mark.parametrize(
    "custom_id",
    [
        f"gt:o:{HUGE}",
        f"gt:h:{HUGE}",
        f"gt:l:{HUGE}:join",
        f"gt:a:1:{HUGE}:solve.1.2.3.4",
        f"gt:m:{HUGE}:0:",
        "gt:l:1:explode",
        "gt:q:1",
        "gt:o:",
        "not-ours-at-all",
    ],
)
async def test_a_forged_button_is_an_out_of_date_button(world: World, custom_id: str):
    f = world.fake
    await dobbelduel_against_the_bot(world)
    before = await session_version(world.bot, world.chan.id)
    r = await f.click(world.ann, last_board(f, world.chan), "Play", forged_custom_id=custom_id)
    assert warning(r).startswith("⚠️ That button is out of date")
    assert len(r.ephemeral) == 1  # answered once, by one handler
    assert await session_version(world.bot, world.chan.id) == before
    f.assert_clean()


async def test_a_well_formed_button_for_a_move_no_game_knows_says_so(world: World):
    f = world.fake
    await dobbelduel_against_the_bot(world)
    before = await session_version(world.bot, world.chan.id)
    r = await f.click(world.ann, last_board(f, world.chan), "Play",
                      forged_custom_id="gt:a:1:0:" + "x" * 90)
    assert len(warning(r).splitlines()) == 1 and len(r.ephemeral) == 1
    assert await session_version(world.bot, world.chan.id) == before
    f.assert_clean()


async def test_a_typed_move_of_2000_characters_gets_a_short_answer(world: World):
    """An id or words of 2000 characters get a short answer that says what is wrong."""
    f = world.fake
    await dobbelduel_against_the_bot(world)
    assert "Ann breaks Bot 1's code" in last_board(f, world.chan).content  # Ann acts first
    r = await f.slash(world.ann, world.chan, "dobbelduel", "play", action="try." + "1" * 2000)
    text = warning(r)
    assert len(text) <= 200 and "one value per column" in text, text
    r = await f.slash(world.ann, world.chan, "dobbelduel", "play", action="hello " * 330)
    text = warning(r)
    assert len(text) <= 2000 and "No move of yours matches" in text and "…" in text, text
    f.assert_clean()
