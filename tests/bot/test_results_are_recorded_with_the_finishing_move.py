"""Results on both backends: written in the finishing move's transaction, once; read per
person and per game in a server; nothing for a game that did not finish."""

from __future__ import annotations

import pytest

from bot.store.store import AlreadyApplied, ResultSeat, Seat, StaleVersion, Store

ANN, BOB = 7, 8


@pytest.fixture
async def store(store_url):
    store = await Store.open(store_url)
    yield store
    await store.close()


def seats(ann_won: bool, *, ai: bool = False) -> list[ResultSeat]:
    return [ResultSeat(seat=0, user_id=ANN, name="Ann", team=0, score=5, won=ann_won),
            ResultSeat(seat=1, user_id=None if ai else BOB, name="AI" if ai else "Bob", team=1,
                       score=3, won=not ann_won)]


async def active(store: Store, channel: int, guild: int = 1, game: str = "dobbelduel"):
    session = await store.create_session(
        guild_id=guild, channel_id=channel, game=game, host_id=ANN,
        players=[Seat(user_id=ANN, name="Ann"), Seat(user_id=BOB, name="Bob")], options={},
        seed=1,
    )
    session = await store.update_session(session.id, session.version, status="active",
                                         state="s0")
    return await store.record_action(session.id, session.version, seat=0, user_id=ANN,
                                     action="a", state="s1")


async def test_the_finishing_move_records_the_result_once(store):
    session = await active(store, 100)
    finished = await store.record_action(
        session.id, session.version, seat=1, user_id=BOB, action="win", state="end",
        status="finished", result=seats(False), interaction_id=55,
    )
    # The same interaction again, and a stale second write: neither adds a result.
    with pytest.raises(AlreadyApplied):
        await store.record_action(finished.id, finished.version, seat=1, user_id=BOB,
                                  action="win", state="end", status="finished",
                                  result=seats(False), interaction_id=55)
    with pytest.raises(StaleVersion):
        await store.record_action(finished.id, session.version, seat=1, user_id=BOB,
                                  action="win", state="end", status="finished",
                                  result=seats(False))
    [result] = await store.results_of_game(1, "dobbelduel")
    assert (result.session_id, result.guild_id, result.game) == (session.id, 1, "dobbelduel")
    assert result.moves == 2 and result.seconds >= 0 and not result.with_ai
    assert result.seats == seats(False)
    assert result.finished_at == finished.updated_at
    assert await store.results_of_person(1, ANN) == [result]
    assert await store.results_of_person(1, BOB) == [result]


async def test_moves_without_a_result_record_nothing(store):
    session = await active(store, 100)
    await store.record_action(session.id, session.version, seat=1, user_id=BOB, action="b",
                              state="s2")
    ended = await store.get_session(session.id)
    await store.update_session(ended.id, ended.version, status="ended")
    assert await store.results_of_game(1, "dobbelduel") == []
    assert await store.results_of_person(1, ANN) == []


async def test_results_are_read_per_server_game_and_person_in_finish_order(store):
    made = []
    for channel, (guild, game, ai) in enumerate(
        [(1, "dobbelduel", False), (2, "dobbelduel", False), (1, "dog", False),
         (1, "dobbelduel", True)], start=100,
    ):
        session = await active(store, channel, guild, game)
        await store.record_action(session.id, session.version, seat=0, user_id=ANN,
                                  action="w", state="e", status="finished",
                                  result=seats(True, ai=ai))
        made.append(session.id)
    in_guild = await store.results_of_game(1, "dobbelduel")
    assert [r.session_id for r in in_guild] == [made[0], made[3]]
    assert [r.with_ai for r in in_guild] == [False, True]
    assert [r.session_id for r in await store.results_of_person(1, ANN)] == [
        made[0], made[2], made[3]]
    assert [r.session_id for r in await store.results_of_person(1, BOB)] == [made[0], made[2]]
    assert [r.session_id for r in await store.results_of_person(2, BOB)] == [made[1]]
