"""A colour shown in the lobby is the colour played: it never changes as others join."""

from __future__ import annotations

import re

from games.dog import GAME as DOG
from tests.e2e.conftest import World


def colours(lobby_text: str) -> dict[str, str]:
    return dict(re.findall(r"(\w+): (blue|red|yellow|green|black|white)\b", lobby_text))


async def test_seat_colours_stay_as_people_join_the_lobby(world: World):
    f = world.fake
    r = await f.slash(world.ann, world.chan, "dog", "start")
    lobby = r.message
    seen: dict[str, str] = {}
    for user in (world.bob, world.cid):
        await f.click(user, lobby, "Join")
        now = colours(lobby.text)
        assert user.name in now, lobby.text
        assert {name: now[name] for name in seen} == seen  # nobody's colour moved
        seen = now
    await f.click(world.ann, lobby, "Begin")
    session = await world.bot.store.open_session(world.chan.id)
    state = DOG.load(session.state)
    assert dict(zip(state.names, state.colours, strict=True)) == seen
