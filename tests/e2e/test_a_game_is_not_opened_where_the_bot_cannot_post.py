"""`/start` and Begin refuse a channel where the bot could not show the game, and name exactly
the permissions to grant (read from the interaction's app_permissions)."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import World
from tests.e2e.driving import warning
from tests.fakediscord.state import ATTACH_FILES, EMBED_LINKS, SEND_MESSAGES, VIEW_CHANNEL

NEEDED = {
    "View Channel": VIEW_CHANNEL,
    "Send Messages": SEND_MESSAGES,
    "Embed Links": EMBED_LINKS,
    "Attach Files": ATTACH_FILES,
}


def take_away(world: World, flag: int) -> None:
    """The server's roles no longer give the bot this permission."""
    for role in world.guild.roles.values():
        role.permissions &= ~flag


@pytest.mark.parametrize("name", list(NEEDED))
async def test_start_names_exactly_the_missing_permission(world: World, name: str):
    take_away(world, NEEDED[name])
    r = await world.fake.slash(world.ann, world.chan, "dog", "start")
    text = warning(r)
    assert name in text and "then try again" in text, text
    assert [other for other in NEEDED if other != name and other in text] == []
    assert await world.bot.store.open_session(world.chan.id) is None  # no lobby opened


async def test_begin_names_the_permissions_lost_since_the_lobby_opened(world: World):
    f = world.fake
    lobby = (await f.slash(world.ann, world.chan, "dobbelduel", "start")).message
    await f.slash(world.bob, world.chan, "dobbelduel", "join")
    take_away(world, ATTACH_FILES | EMBED_LINKS)

    typed = warning(await f.slash(world.ann, world.chan, "dobbelduel", "begin"))
    clicked = warning(await f.click(world.ann, lobby, "Begin"))
    for text in (typed, clicked):
        assert "Embed Links and Attach Files" in text, text
        assert "Send Messages" not in text
    session = await world.bot.store.open_session(world.chan.id)
    assert session is not None and session.status == "lobby"
