"""Game commands are played in server channels: one that arrives from a DM is refused."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import World
from tests.e2e.driving import warning


@pytest.mark.parametrize("command", ["start", "join", "leave", "begin", "hand", "board", "end"])
async def test_a_game_command_sent_from_a_dm_is_refused(world: World, command: str):
    f = world.fake
    dm = f.dm_channel(world.ann)
    r = await f.slash(world.ann, dm, "dog", command, forged=True)
    assert warning(r) == "⚠️ Games are played in server channels; use this command there."
    assert await world.bot.store.open_session(dm.id) is None
    assert not f.channel_messages(dm)  # no lobby card posted there


async def test_a_dm_play_with_an_action_is_refused(world: World):
    f = world.fake
    r = await f.slash(world.ann, f.dm_channel(world.ann), "dobbelduel", "play", forged=True,
                      action="solve.1.2.3.4")
    assert "server channels" in warning(r)
