"""Two bot processes on one PostgreSQL database write the same session at once: one wins, the
other is told StaleVersion, and nothing is lost or written twice. Real processes (each its own
pool and event loop), not two stores in one."""

import asyncio
import json
import sys
import textwrap
from pathlib import Path

import asyncpg

from bot.store.store import Seat, Store

WRITER = textwrap.dedent(
    """
    import asyncio, json, sys
    from bot.store.store import StaleVersion, Store

    async def main(url, session_id, name, moves):
        store = await Store.open(url)
        try:
            print(json.dumps({"ready": True}), flush=True)
            sys.stdin.readline()  # go
            # First move: from version 0, while the test holds the row: both wait on the lock.
            try:
                await store.record_action(session_id, 0, seat=0, user_id=1,
                                          action=f"{name}-0", state=f"{name}-0")
                print(json.dumps({"made": f"{name}-0"}), flush=True)
            except StaleVersion as stale:
                print(json.dumps({"stale": [stale.expected, stale.actual]}), flush=True)
            # Then a race: read, write, on StaleVersion read again.
            for i in range(1, moves):
                while True:
                    current = await store.get_session(session_id)
                    try:
                        await store.record_action(session_id, current.version, seat=0,
                                                  user_id=1, action=f"{name}-{i}",
                                                  state=f"{name}-{i}")
                    except StaleVersion:
                        print(json.dumps({"retry": True}), flush=True)
                        continue
                    print(json.dumps({"made": f"{name}-{i}"}), flush=True)
                    break
        finally:
            await store.close()

    asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])))
    """
)

MOVES = 25
ROOT = Path(__file__).resolve().parents[2]


async def test_two_processes_writing_one_session(postgres_url):
    async with await Store.open(postgres_url) as store:
        session = await store.create_session(
            guild_id=1, channel_id=100, game="dog", host_id=7,
            players=[Seat(user_id=7, name="Ann")], options={}, seed=1,
        )  # fmt: skip
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-c", WRITER, postgres_url, str(session.id), name, str(MOVES),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, cwd=ROOT,
        )  # fmt: skip
        for name in ("one", "two")
    ]
    for proc in procs:
        assert json.loads(await asyncio.wait_for(proc.stdout.readline(), 60)) == {"ready": True}
    holder = await asyncpg.connect(postgres_url)
    try:
        lock = holder.transaction()
        await lock.start()
        await holder.execute("SELECT 1 FROM sessions WHERE id = $1 FOR UPDATE", session.id)
        for proc in procs:
            proc.stdin.write(b"go\n")
            await proc.stdin.drain()
        for _ in range(200):  # both first writes wait on the row lock
            waiting = await holder.fetchval(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                " AND datname = current_database()"
            )
            if waiting == 2:
                break
            await asyncio.sleep(0.05)
        assert waiting == 2
        await lock.commit()
        outputs = await asyncio.wait_for(
            asyncio.gather(*(proc.communicate() for proc in procs)), 120
        )
    finally:
        await holder.close()
    assert [proc.returncode for proc in procs] == [0, 0]
    lines = [[json.loads(line) for line in out.decode().splitlines()] for out, _ in outputs]
    firsts = [next(e for e in ls if "made" in e or "stale" in e) for ls in lines]
    assert sorted(next(iter(e)) for e in firsts) == ["made", "stale"]
    # The loser expected version 0 and found a later one: 1, or 2 when the winner's next move
    # landed before the loser read the version that beat it.
    expected, actual = next(e["stale"] for e in firsts if "stale" in e)
    assert expected == 0 and actual >= 1
    made = [e["made"] for ls in lines for e in ls if "made" in e]
    assert len(made) == len(set(made)) == 2 * MOVES - 1

    async with await Store.open(postgres_url) as store:
        log = await store.actions(session.id)
        final = await store.get_session(session.id)
    assert [a.seq for a in log] == list(range(1, 2 * MOVES))
    assert [a.version for a in log] == list(range(1, 2 * MOVES))
    assert sorted(a.action for a in log) == sorted(made)  # nothing lost, nothing twice
    assert final.version == 2 * MOVES - 1 and final.state == log[-1].action
