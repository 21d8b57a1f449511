"""The game table: lobby rules, turns, stale versions, AI seats, leaving, reminders.

Driven with a toy game so these tests say nothing about any real game's rules.
"""

from datetime import UTC, datetime, timedelta

import pytest

from bot.store.store import Store
from bot.table.table import Table, TableError, resolve_options
from tests.bot.toygame import Race

CHANNEL = 10
ANN, BOB, CID, DAN = 1, 2, 3, 4
NOW = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.fixture
async def table(store_url):
    store = await Store.open(store_url)
    yield Table(store, {"race": Race()}, reminder=timedelta(hours=12), clock=lambda: NOW)
    await store.close()


@pytest.fixture
def race():
    return Race()


async def lobby(table, race, *, bots=0, **options):
    return await table.start(race, guild_id=1, channel_id=CHANNEL, user_id=ANN, name="Ann",
                             options=options, bots=bots)


async def test_start_opens_a_lobby_with_the_host_seated(table, race):
    session = await lobby(table, race)
    assert session.status == "lobby"
    assert [p.name for p in session.players] == ["Ann"]
    assert session.options == {"goal": 5}


async def test_second_game_in_the_same_channel_is_refused(table, race):
    await lobby(table, race)
    with pytest.raises(TableError, match="already running"):
        await lobby(table, race)


async def test_garbage_option_is_refused(table, race):
    with pytest.raises(TableError, match="goal"):
        await lobby(table, race, goal=7)


async def test_too_many_bots_is_refused(table, race):
    with pytest.raises(TableError, match="bots"):
        await lobby(table, race, bots=3)


async def test_join_twice_and_game_full(table, race):
    await lobby(table, race)
    await table.join(race, CHANNEL, BOB, "Bob")
    with pytest.raises(TableError, match="already in"):
        await table.join(race, CHANNEL, BOB, "Bob")
    await table.join(race, CHANNEL, CID, "Cid")
    with pytest.raises(TableError, match="full"):
        await table.join(race, CHANNEL, DAN, "Dan")


async def test_no_game_here(table, race):
    with pytest.raises(TableError, match="no Race game"):
        await table.join(race, CHANNEL, BOB, "Bob")


async def test_only_the_host_begins_and_only_with_enough_players(table, race):
    await lobby(table, race)
    with pytest.raises(TableError, match="at least 2"):
        await table.begin(race, CHANNEL, ANN)
    await table.join(race, CHANNEL, BOB, "Bob")
    with pytest.raises(TableError, match="Only the host"):
        await table.begin(race, CHANNEL, BOB)
    change = await table.begin(race, CHANNEL, ANN)
    assert change.session.status == "active"
    assert change.news_seats == [0, 1]  # both secrets are sent


async def begun(table, race):
    await lobby(table, race)
    await table.join(race, CHANNEL, BOB, "Bob")
    return (await table.begin(race, CHANNEL, ANN)).session


async def test_not_your_turn_changes_nothing(table, race):
    session = await begun(table, race)
    with pytest.raises(TableError, match="not your turn: waiting for Ann"):
        await table.play(session.id, BOB, "add.1")
    assert (await table.store.get_session(session.id)).version == session.version


async def test_not_in_game(table, race):
    session = await begun(table, race)
    with pytest.raises(TableError, match="not in this game"):
        await table.play(session.id, DAN, "add.1")


async def test_illegal_action_changes_nothing(table, race):
    session = await begun(table, race)
    with pytest.raises(TableError, match="1 or 2"):
        await table.play(session.id, ANN, "add.7")
    assert (await table.store.get_session(session.id)).state == session.state


async def test_a_button_is_stale_once_its_owner_has_acted_since(table, race):
    session = await begun(table, race)
    await table.play(session.id, ANN, "add.1")
    await table.play(session.id, BOB, "add.1")
    with pytest.raises(TableError, match="earlier moment"):
        await table.play(session.id, ANN, "add.2", expected_version=session.version)


async def test_other_players_moves_do_not_make_a_button_stale(table, race):
    session = await begun(table, race)
    await table.play(session.id, ANN, "add.1")
    change = await table.play(session.id, BOB, "add.2", expected_version=session.version)
    assert race.load(change.session.state).counters == [1, 2]


async def test_moves_are_logged_and_the_game_finishes(table, race):
    session = await begun(table, race)
    moves = [(ANN, "add.2"), (BOB, "add.1"), (ANN, "add.2"), (BOB, "add.1"), (ANN, "add.1")]
    for user, action in moves:
        change = await table.play(session.id, user, action)
    assert change.session.status == "finished"
    log = await table.store.actions(session.id)
    assert [row.action for row in log] == [action for _, action in moves]
    with pytest.raises(TableError, match="over"):
        await table.play(session.id, BOB, "add.1")
    assert "Ann wins" in Race().result(Race().load(change.session.state)).summary


async def test_bot_seats_play_at_once(table, race):
    await lobby(table, race, bots=1)
    change = await table.begin(race, CHANNEL, ANN)
    assert change.session.players[1].bot
    change = await table.play(change.session.id, ANN, "add.1")
    assert any(event.startswith("Bot 1 adds") for event in change.events)
    state = race.load(change.session.state)
    assert race.to_act(state) == [0]


async def test_leaving_mid_game_hands_the_seat_to_a_bot(table, race):
    session = await begun(table, race)
    change = await table.leave(race, CHANNEL, BOB)
    assert change.session.players[1].bot
    await table.play(session.id, ANN, "add.1")  # the bot answers at once
    state = race.load((await table.store.get_session(session.id)).state)
    assert race.to_act(state) == [0]


async def test_last_human_leaving_ends_the_game(table, race):
    await lobby(table, race, bots=1)
    change = await table.leave(race, CHANNEL, ANN)
    assert change.session.status == "ended"


async def test_end_needs_host_or_manage_channels(table, race):
    await begun(table, race)
    with pytest.raises(TableError, match="Manage Channels"):
        await table.end(race, CHANNEL, BOB, can_manage=False)
    ended = await table.end(race, CHANNEL, BOB, can_manage=True)
    assert ended.status == "ended"


async def test_an_end_meant_for_a_lobby_leaves_a_game_begun_meanwhile_alone(table, race):
    session = await begun(table, race)
    with pytest.raises(TableError, match="begun meanwhile"):
        await table.end(race, CHANNEL, ANN, can_manage=False, lobby_only=True)
    after = await table.store.get_session(session.id)
    assert (after.status, after.version) == ("active", session.version)


async def test_reminder_set_for_the_player_to_act_and_void_after_a_move(table, race):
    session = await begun(table, race)
    timer = await table.store.next_timer()
    assert timer.seat == 0 and timer.due_at == NOW + timedelta(hours=12)
    assert await table.reminder_target(timer) is not None
    await table.play(session.id, ANN, "add.1")
    assert await table.reminder_target(timer) is None  # the game moved on
    nxt = await table.store.next_timer()
    assert nxt.seat == 1


class FailingAi(Race):
    """The toy game whose AI fails the first `failures` times it is asked."""

    def __init__(self, failures: int) -> None:
        self.failures = failures

    def ai_action(self, state, seat, rng):
        if self.failures:
            self.failures -= 1
            raise RuntimeError("the AI broke")
        return super().ai_action(state, seat, rng)


async def test_a_failed_ai_turn_keeps_the_move_and_is_driven_on_by_its_timer(store_url):
    store = await Store.open(store_url)
    game = FailingAi(failures=1)
    table = Table(store, {"race": game}, clock=lambda: NOW)
    try:
        await lobby(table, game, bots=1)
        session = (await table.begin(game, CHANNEL, ANN)).session
        change = await table.play(session.id, ANN, "add.1")
        assert change.stalled and change.moved  # the move counts although the AI failed
        assert (await store.get_session(session.id)).version == session.version + 1
        timer = await store.next_timer()
        assert timer.kind == "bots"
        driven = await table.drive_on(timer)
        assert driven is not None and any(e.startswith("Bot 1 adds") for e in driven.events)
        assert game.to_act(game.load(driven.session.state)) == [0]
        assert await table.drive_on(timer) is None  # the game has moved past that timer
        assert (await store.next_timer()).kind == "reminder"
    finally:
        await store.close()


async def test_a_seat_handed_to_a_bot_on_its_turn_moves_and_the_next_clock_is_set(
    table, race
):
    session = await begun(table, race)
    await table.play(session.id, ANN, "add.1")  # Bob's turn
    change = await table.leave(race, CHANNEL, BOB)
    assert any(e.startswith("Bob adds") for e in change.events)  # his bot moved at once
    timer = await table.store.next_timer()
    assert (timer.kind, timer.seat, timer.version) == ("reminder", 0, change.session.version)


@pytest.mark.parametrize("value", ["5", 5.0, True, None])
def test_an_option_of_the_wrong_type_or_out_of_range_is_refused_by_the_table(value):
    from games.contract import OptionSpec

    class Game:
        title = "Toy"
        options = [OptionSpec(name="size", description="size", kind=int, default=3,
                              min_value=1, max_value=9)]

    if value is None:  # not given: the default
        assert resolve_options(Game, {}) == {"size": 3}  # type: ignore[arg-type]
        for out_of_range in (0, 10):
            with pytest.raises(TableError, match="from 1 to 9"):
                resolve_options(Game, {"size": out_of_range})  # type: ignore[arg-type]
        return
    with pytest.raises(TableError, match="must be a whole number"):
        resolve_options(Game, {"size": value})  # type: ignore[arg-type]


async def test_a_stale_click_is_refused_without_reading_the_games_log(table, race, monkeypatch):
    session = await begun(table, race)
    for _ in range(2):
        await table.play(session.id, ANN, "add.1")
        await table.play(session.id, BOB, "add.1")

    async def no_log(session_id):
        raise AssertionError("the whole action log was read to judge one click")

    monkeypatch.setattr(table.store, "actions", no_log)
    latest = await table.store.get_session(session.id)
    with pytest.raises(TableError, match="earlier moment"):
        await table.check_fresh(latest, ANN, session.version)
    await table.check_fresh(latest, ANN, latest.version - 1)  # only Bob moved since: fine


async def test_no_channel_lock_is_kept_once_its_command_is_done(table, race):
    for channel in range(50):
        await table.start(race, guild_id=1, channel_id=channel, user_id=ANN, name="Ann",
                          options={})
    assert len(table._locks) == 0
