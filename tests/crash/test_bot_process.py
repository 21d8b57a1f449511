"""The bot as a separate process against the fake Discord (tests/fakediscord/process.py): the
interaction helpers work with it, SIGKILL and a restart on the same database carry the game on,
and SIGTERM when idle ends it with exit code 0."""

from __future__ import annotations

from pathlib import Path

from tests.crash.rig import Database
from tests.fakediscord import FakeDiscord
from tests.fakediscord.process import BotProcess


async def test_a_bot_process_answers_survives_sigkill_and_stops_on_sigterm(tmp_path: Path):
    fake = FakeDiscord()
    await fake.start()  # no patch_discord(): discord.py runs in the other process
    guild = fake.add_guild("Game night")
    chan = fake.add_text_channel(guild, "games")
    ann = fake.add_member(guild, "Ann")
    bot = BotProcess(
        fake, database=tmp_path / "bot.sqlite3", log_path=tmp_path / "bot.log", guild_id=guild.id
    )
    database = Database(tmp_path / "bot.sqlite3")

    async def idle() -> None:  # nothing in flight, and nothing left in the bot's outbox
        await bot.wait_idle(busy=lambda: "outbox" if database.outbox() else None)

    try:
        await bot.start()
        fake.after_interaction = idle
        assert "dobbelduel" in fake.command_names(guild)

        lobby = (await fake.slash(ann, chan, "dobbelduel", "start", bots=1)).message
        assert lobby is not None and "Waiting for players" in lobby.text
        await fake.click(ann, lobby, "Begin")
        boards = [m for m in fake.channel_messages(chan) if m.attachments]
        assert boards, "the game began with a board in the channel"

        first = bot.pid
        await bot.kill()
        assert not bot.running and bot.proc is not None and bot.proc.returncode == -9
        await bot.start()
        assert bot.pid != first
        r = await fake.slash(ann, chan, "dobbelduel", "board")
        assert r.message is not None and r.message.attachments, "the game is still there"

        stopped = await bot.terminate(timeout=6.0)
        assert stopped.returncode == 0 and not stopped.hung, bot.log_tail()
        assert stopped.seconds < 5.0
    finally:
        await bot.kill()
        database.close()
        await fake.stop()
    assert not fake.unknown_requests and not fake.internal_errors
