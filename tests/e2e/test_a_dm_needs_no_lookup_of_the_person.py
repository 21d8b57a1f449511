"""A DM goes straight to the person's DM channel, kept in the store: no `GET /users/{id}`
before each hand or code, no new DM channel after a restart. Both count against the global
rate limit that every game of the bot shares."""

from __future__ import annotations

import re

import pytest

from tests.fakediscord import FakeMember


def lookups(world) -> list[str]:
    return [f"{r.method} {r.path}" for r in world.fake.requests
            if r.method == "GET" and re.search(r"/users/\d+$", r.path)]


def dm_channels_opened(world) -> int:
    return sum(1 for r in world.fake.requests
               if r.method == "POST" and r.path.endswith("/users/@me/channels"))


async def play_own_moves(world, user: FakeMember, moves: int) -> int:
    """Ann plays her first offered move `moves` times (the AI seats answer); moves made."""
    made = 0
    for _ in range(moves):
        session = await world.bot.store.open_session(world.chan.id)
        if session is None or session.status != "active":
            break
        choices = await world.fake.autocomplete(user, world.chan, "dog play", focused="action")
        if not choices or choices[0]["value"] == "?":
            break
        await world.fake.slash(user, world.chan, "dog", "play", action=choices[0]["value"])
        made += 1
    return made


async def test_hands_reach_the_person_without_looking_them_up_before_and_after_a_restart(world):
    await world.fake.slash(world.ann, world.chan, "dog", "start", bots=3)
    await world.fake.slash(world.ann, world.chan, "dog", "begin")
    assert await play_own_moves(world, world.ann, 6) >= 3
    assert world.fake.dm_messages(world.ann), "Ann got her hand by DM"
    assert lookups(world) == []
    assert dm_channels_opened(world) == 1

    await world.restart()
    before = len(world.fake.dm_messages(world.ann))
    edits_before = sum(m.edits for m in world.fake.dm_messages(world.ann))
    assert await play_own_moves(world, world.ann, 6) >= 1
    dms = world.fake.dm_messages(world.ann)
    assert len(dms) > before or sum(m.edits for m in dms) > edits_before
    assert lookups(world) == []
    assert dm_channels_opened(world) == 1  # the channel kept in the store served after it
    assert await world.bot.store.dm_channel(world.ann.id) == world.fake.dm_channel(world.ann).id


async def test_a_kept_dm_channel_that_is_gone_is_opened_again(world):
    await world.fake.slash(world.ann, world.chan, "dobbelduel", "start")
    await world.fake.slash(world.bob, world.chan, "dobbelduel", "join")
    await world.bot.store.set_dm_channel(world.ann.id, 4242)  # no such channel any more
    await world.fake.slash(world.ann, world.chan, "dobbelduel", "begin")
    assert world.fake.dm_messages(world.ann), "Ann's code still reached her"
    assert await world.bot.store.dm_channel(world.ann.id) == world.fake.dm_channel(world.ann).id
    assert lookups(world) == []


async def test_closed_dms_are_told_in_the_channel_once_without_a_lookup(world):
    world.ann.dms_closed = True  # Ann places her code first: the first DM is hers
    await world.fake.slash(world.ann, world.chan, "dobbelduel", "start")
    await world.fake.slash(world.bob, world.chan, "dobbelduel", "join")
    await world.fake.slash(world.ann, world.chan, "dobbelduel", "begin")
    notes = [m for m in world.fake.channel_messages(world.chan)
             if "cannot send you direct messages" in m.content]
    assert len(notes) == 1 and f"<@{world.ann.id}>" in notes[0].content
    assert world.fake.dm_messages(world.ann) == []
    assert lookups(world) == []


@pytest.fixture
def database_url(store_url: str) -> str:
    """These tests run on SQLite and on PostgreSQL (a fresh database on the test server)."""
    return store_url
