"""A PostgreSQL server that goes away while the bot runs (a restart of it, a failover): the
person is told in a sentence that the bot cannot reach its records, nothing changes, and the
same move made again plays once the server answers."""

from __future__ import annotations

import pytest

from bot.edge.errors import UNAVAILABLE
from bot.store.store import StoreUnavailable
from tests.e2e.conftest import World
from tests.e2e.test_dobbelduel_e2e import lobby_of_two


@pytest.fixture
def database_url(postgres_url: str) -> str:
    return postgres_url


async def test_a_move_while_the_database_is_gone_is_refused_in_a_sentence_then_plays(
    world: World, monkeypatch: pytest.MonkeyPatch
):
    f, store = world.fake, world.bot.store
    await lobby_of_two(world)
    session = await store.open_session(world.chan.id)
    assert session is not None
    move = world.bot.table.legal_for(session, world.bob.id)[0]
    record_action = store.record_action

    async def server_gone(*args, **kwargs):
        raise StoreUnavailable("PostgreSQL went away: connection was closed")

    monkeypatch.setattr(store, "record_action", server_gone)
    r = await f.slash(world.bob, world.chan, "dobbelduel", "play", action=move.id)
    assert UNAVAILABLE in r.ephemeral_text
    assert (await store.open_session(world.chan.id)).version == session.version
    assert await store.actions(session.id) == []

    monkeypatch.setattr(store, "record_action", record_action)  # the server is back
    r = await f.slash(world.bob, world.chan, "dobbelduel", "play", action=move.id)
    assert UNAVAILABLE not in r.ephemeral_text
    assert len(await store.actions(session.id)) == 1
    assert not f.bot_errors
