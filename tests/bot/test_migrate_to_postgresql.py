"""`python -m bot migrate --to postgresql://...`: every game, in every state, with its log,
timers, outbox and DM records, copied from SQLite to PostgreSQL with its ids; the counts
checked; a database that already holds games refused."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.process.migrate import TABLES, MigrationRefused, copy_to_postgresql
from bot.store.store import (
    BoardNews,
    Clock,
    KeptReplay,
    NextTimer,
    OutboxItem,
    PrivateMessage,
    ResultSeat,
    Seat,
    Store,
    Wait,
)

ROOT = Path(__file__).resolve().parents[2]
T0 = datetime(2030, 1, 2, 3, 4, 5, 678901, tzinfo=UTC)
FAR = T0 + timedelta(days=3650)
SEATS = [Seat(user_id=2**62, name="Zoë 🎲"), Seat(user_id=None, name="Robot", bot=True)]


async def games_in_every_state(store: Store) -> None:
    async def new(channel: int, game: str = "dog"):
        return await store.create_session(
            guild_id=9, channel_id=channel, game=game, host_id=2**62, players=SEATS,
            options={"bots": 1, "é": [1, None]}, seed=2**63 - 1,
        )  # fmt: skip

    lobby = await new(1)
    await store.note_messages(lobby.id, lobby_message_id=11)

    old = await new(2, "dobbelduel")  # an ended game, then a running one, in one channel
    await store.update_session(old.id, 0, status="ended")
    active = await new(2)
    clock = Clock(turn=60, waits={0: Wait(since=T0, due=T0 + timedelta(minutes=1))},
                  strikes={0: 1})
    s = await store.update_session(active.id, 0, status="active", state='{"turn": 0}',
                                   clock=clock)
    s = await store.record_action(
        active.id, s.version, seat=0, user_id=2**62, action="play:5", state='{"turn": 1}',
        interaction_id=2**61, timers=[NextTimer(kind="deadline", seat=1, due_at=T0)],
        outbox=[OutboxItem(kind="board", payload={"events": ["Zoë plays 5."]}),
                OutboxItem(kind="private", seat=0, payload={"state": "x", "news": True})],
    )  # fmt: skip
    s = await store.record_action(
        active.id, s.version, seat=1, user_id=None, action="pass", state='{"turn": 2}',
        timeout=True, timers=[NextTimer(kind="reminder", seat=0, due_at=T0),
                              NextTimer(kind="bots", seat=None, due_at=T0 + timedelta(hours=1))],
        outbox=[OutboxItem(kind="call", seat=0, payload={"due": "2030-01-02T03:05:05Z"})],
    )  # fmt: skip
    _, rows = await store.outbox(active.id)
    await store.claim_outbox([rows[0].id], "nonce-7")
    await store.done_outbox([rows[1].id])
    await store.note_messages(active.id, board_message_id=12,
                              board_news=BoardNews(lines=["Zoë plays 5."], through=1, version=2))
    await store.set_private_message(PrivateMessage(session_id=active.id, seat=0, channel_id=13,
                                                   message_id=14, content="hand"))
    await store.set_private_message(PrivateMessage(session_id=active.id, seat=1,
                                                   dms_closed=True))

    finished = await new(3, "lunchmoney")
    s = await store.update_session(finished.id, 0, status="active", state="s0")
    await store.record_action(finished.id, s.version, seat=0, user_id=2**62, action="win",
                              state="s-end", status="finished", result=[
                                  ResultSeat(seat=0, user_id=2**62, name="Zoë", team=0,
                                             score=9, won=True),
                                  ResultSeat(seat=1, user_id=None, name="AI", team=1, score=3,
                                             won=False)])
    await store.keep_replay(KeptReplay(session_id=finished.id, language="fr", kind="mp4",
                                       data=bytes(range(256)) * 3, about='{"moves": 1}'))
    threaded = await store.create_session(
        guild_id=9, channel_id=5, game="dog", host_id=1, players=SEATS, options={}, seed=1,
        thread_of=4,
    )  # fmt: skip
    assert threaded.thread_of == 4
    await store.set_threads_by_default(9, True)
    await store.set_web_page(9, True, "fr")
    await store.note_channel(4, 9, True)
    await store.note_channel(6, 9, False)
    await store.set_dm_channel(2**62, 15)
    await store.set_meta("command_tree_hash", "abc")


async def contents(store: Store) -> dict:
    sessions = await store.sessions_with_status()
    found = {"sessions": sessions, "timers": await store.due_timers(FAR)}
    for session in sessions:
        found[f"actions {session.id}"] = await store.actions(session.id)
        found[f"outbox {session.id}"] = await store.outbox(session.id)
        for seat in (0, 1):
            found[f"pm {session.id} {seat}"] = await store.private_message(session.id, seat)
    found["dm"] = await store.dm_channel(2**62)
    found["meta"] = await store.get_meta("command_tree_hash")
    found["threads"] = [await store.threads_by_default(9), await store.threads_by_default(8)]
    found["web pages"] = [await store.web_page(9), await store.web_page(8)]
    found["public channels"] = await store.public_channels(9)
    found["results"] = await store.results_of_game(9, "lunchmoney")
    found["results of a person"] = await store.results_of_person(9, 2**62)
    found["replays"] = [await store.kept_replay(s.id, "fr") for s in sessions]
    return found


@pytest.fixture
async def source(tmp_path) -> str:
    url = f"sqlite:///{tmp_path}/bot.sqlite3"
    async with await Store.open(url) as store:
        await games_in_every_state(store)
    return url


async def test_every_game_is_copied_with_its_ids_and_the_copy_goes_on(source, postgres_url):
    copied = await copy_to_postgresql(source, postgres_url)
    assert copied == {"sessions": 5, "actions": 3, "timers": 2, "outbox": 2,
                      "private_messages": 2, "dm_channels": 1, "meta": 1, "guild_settings": 1,
                      "channels": 2, "results": 1, "result_players": 1, "replays": 1}
    async with await Store.open(source) as old, await Store.open(postgres_url) as new:
        before, after = await contents(old), await contents(new)
        assert after == before
        assert [s.status for s in after["sessions"]] == ["lobby", "ended", "active", "finished",
                                                         "lobby"]
        assert after["threads"] == [True, False]
        assert after["public channels"] == {4} and after["web pages"][0].language == "fr"
        # The copy goes on where SQLite left off: new ids after the copied ones, the log's
        # next row after the last, the interaction ids still known.
        active = after["sessions"][2]
        moved = await new.record_action(active.id, active.version, seat=0, user_id=1,
                                        action="next", state="s")
        assert [a.seq for a in await new.actions(active.id)] == [1, 2, 3]
        assert (await new.action_by_interaction(2**61)).action == "play:5"
        fresh = await new.create_session(guild_id=9, channel_id=4, game="dog", host_id=1,
                                         players=[], options={}, seed=1)
        assert fresh.id > max(s.id for s in after["sessions"])
        timer = await new.set_timer(fresh.id, "deadline", None, T0, 0)
        assert timer.id > max(t.id for t in after["timers"])
        await new.update_session(moved.id, moved.version,
                                 outbox=[OutboxItem(kind="board")])
        _, rows = await new.outbox(moved.id)
        assert rows[-1].id > max(r.id for r in after[f"outbox {active.id}"][1])


async def test_a_database_that_holds_games_is_refused(source, postgres_url):
    await copy_to_postgresql(source, postgres_url)
    with pytest.raises(MigrationRefused, match="already holds 5 game"):
        await copy_to_postgresql(source, postgres_url)
    async with await Store.open(postgres_url) as store:
        assert len(await store.sessions_with_status()) == 5  # nothing doubled


async def test_a_database_a_bot_has_started_on_is_accepted_and_its_facts_kept(
    source, postgres_url
):
    async with await Store.open(postgres_url) as store:  # the bot's first start on it
        await store.set_meta("command_tree_hash", "new")
        await store.set_dm_channel(5, 6)
    await copy_to_postgresql(source, postgres_url)
    async with await Store.open(postgres_url) as store:
        assert await store.get_meta("command_tree_hash") == "new"
        assert (await store.dm_channel(5), await store.dm_channel(2**62)) == (6, 15)
        assert len(await store.sessions_with_status()) == 5


async def test_a_missing_sqlite_file_or_a_non_postgresql_target_is_refused(
    tmp_path, postgres_url
):
    with pytest.raises(ValueError, match="no SQLite database"):
        await copy_to_postgresql(f"sqlite:///{tmp_path}/none.sqlite3", postgres_url)
    assert not (tmp_path / "none.sqlite3").exists()
    with pytest.raises(ValueError, match="postgresql://"):
        await copy_to_postgresql(f"sqlite:///{tmp_path}/x.sqlite3", "sqlite:///y.sqlite3")


def run_migrate(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    return subprocess.run(
        [sys.executable, "-m", "bot", "migrate", *args], cwd=cwd,
        env={**clean, "PYTHONPATH": str(ROOT), **env}, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip


def test_the_command_copies_then_refuses_a_second_time(source, postgres_url, tmp_path):
    done = run_migrate(tmp_path, "--to", postgres_url, DATABASE_URL=source)  # no token needed
    assert done.returncode == 0, done.stderr
    assert "5 sessions, 3 actions, 2 timers, 2 outbox" in done.stdout
    again = run_migrate(tmp_path, "--from", source, "--to", postgres_url)
    assert again.returncode == 2
    [line] = again.stderr.strip().splitlines()
    assert line.startswith("Cannot migrate: ") and "already holds 5 game(s)" in line


def test_the_command_names_an_unreachable_server_without_its_password(source, tmp_path):
    done = run_migrate(tmp_path, "--from", source, "--to",
                       "postgresql://ann:hunter2@127.0.0.1:9/games")
    assert done.returncode == 1
    [line] = done.stderr.strip().splitlines()
    assert "ann:***@127.0.0.1:9" in line and "hunter2" not in line


async def test_the_copy_names_every_table_and_column_the_schema_has(tmp_path):
    """A later migration that adds a table or a column must add it to the copy too, or the
    copy would silently leave it behind."""
    path = tmp_path / "empty.sqlite3"
    async with await Store.open(f"sqlite:///{path}"):
        pass
    with sqlite3.connect(path) as db:
        tables = {name for (name,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )} - {"schema_version"}  # fmt: skip
        assert tables == set(TABLES)
        for table, (columns, _, _) in TABLES.items():
            found = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
            assert found == set(columns), table
