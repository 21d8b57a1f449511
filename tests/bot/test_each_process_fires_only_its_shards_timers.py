"""A process serving some shards reads only its own servers' timers and outbox
(bot/store/shards.py), on both backends, so a deadline fires in exactly one process and a
saved board is posted once."""

from datetime import UTC, datetime, timedelta

import pytest

from bot.store.shards import Shards, parse_shard_ids, shard_of
from bot.store.store import OutboxItem, Seat, Store

T0 = datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC)


def guild_on(shard: int, count: int, salt: int = 0) -> int:
    """A snowflake-like guild id Discord would put on `shard` of `count`."""
    guild_id = ((1_000_000 + salt * count + shard) << 22) | 12345
    assert shard_of(guild_id, count) == shard
    return guild_id


async def session_in(store: Store, guild_id: int | None, channel_id: int) -> int:
    session = await store.create_session(
        guild_id=guild_id, channel_id=channel_id, game="dog", host_id=7,
        players=[Seat(user_id=7, name="Ann")], options={}, seed=1,
    )  # fmt: skip
    return session.id


@pytest.fixture
async def store(store_url: str):
    opened = await Store.open(store_url)
    yield opened
    await opened.close()


async def test_due_timers_of_a_process_are_those_of_its_shards_servers(store: Store):
    a, b = Shards(4, (0, 1)), Shards(4, (2, 3))
    sessions = {k: await session_in(store, guild_on(k, 4), 100 + k) for k in range(4)}
    timers = {k: await store.set_timer(sid, "deadline", 0, T0 + timedelta(minutes=k), 1)
              for k, sid in sessions.items()}  # fmt: skip
    later = T0 + timedelta(hours=1)
    assert await store.due_timers(later, a) == [timers[0], timers[1]]
    assert await store.due_timers(later, b) == [timers[2], timers[3]]
    assert await store.due_timers(later) == [timers[k] for k in range(4)]
    assert await store.next_timer(b) == timers[2]
    assert await store.next_timer(Shards(4, (3,))) == timers[3]
    assert await store.due_timers(T0 + timedelta(minutes=1), Shards(4, (3,))) == []


async def test_a_session_without_a_server_belongs_to_shard_0(store: Store):
    sid = await session_in(store, None, 5)
    timer = await store.set_timer(sid, "reminder", 0, T0, 1)
    assert await store.due_timers(T0, Shards(2, (0,))) == [timer]
    assert await store.due_timers(T0, Shards(2, (1,))) == []


async def test_the_outbox_of_a_process_is_that_of_its_shards_servers(store: Store):
    first = await session_in(store, guild_on(3, 4), 1)
    second = await session_in(store, guild_on(0, 4, salt=5), 2)
    for sid in (first, second):
        await store.update_session(sid, 0, status="active", outbox=[OutboxItem(kind="board")])
    assert await store.sessions_with_outbox(Shards(4, (3,))) == [first]
    assert await store.sessions_with_outbox(Shards(4, (0, 1, 2))) == [second]
    assert await store.sessions_with_outbox() == [first, second]


async def test_serving_every_shard_reads_every_server(store: Store):
    sids = [await session_in(store, guild_on(k, 2), 10 + k) for k in range(2)]
    timers = [await store.set_timer(sid, "bots", None, T0, 1) for sid in sids]
    assert await store.due_timers(T0, Shards(2, (1, 0))) == timers


def test_shard_ids_are_read_as_lists_and_ranges():
    assert parse_shard_ids("0,1") == (0, 1)
    assert parse_shard_ids("2-3") == (2, 3)
    assert parse_shard_ids(" 6, 0-1 ,1") == (0, 1, 6)
    for wrong in ("", "a", "3-1", "1-", "-1", "0;1"):
        with pytest.raises(ValueError):
            parse_shard_ids(wrong)


def test_a_shard_id_outside_the_count_is_refused():
    with pytest.raises(ValueError, match="from 0 to 3"):
        Shards(4, (4,))
    with pytest.raises(ValueError):
        Shards(0, (0,))
