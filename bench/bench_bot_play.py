"""How long the bot takes to handle one move end to end, through the fake Discord.

Measured from the moment the interaction is sent to the bot until its last request (the board
message with its picture, the DM of the new hand) has been answered. Prints median and p90
over the moves of whole games, for `/dog play` (4 seats: one person and three bot seats, so a
move also includes the bots' answers), `/dobbelduel play`, `/dentpourdent play` (Ann and two
bot seats, or two people; a move includes every duel thrown after it), `/lunchmoney play` and
`/tumblindice play` (a throw: its animation and the board; with bot seats, their throws too).

Run: .venv/bin/python -m bench.bench_bot_play
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from typing import Any

import discord.http
import discord.webhook.async_

from bench import QUICK, size
from bot.process.client import GameBot
from bot.process.config import Settings
from tests.fakediscord import FakeDiscord

_last_done = 0.0


def _instrument() -> None:
    """Note when each of the bot's REST requests finished (interaction replies included)."""
    for owner in (discord.http.HTTPClient, discord.webhook.async_.AsyncWebhookAdapter):
        original = owner.request

        async def request(self: Any, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
            global _last_done
            try:
                return await _original(self, *args, **kwargs)
            finally:
                _last_done = time.perf_counter()

        owner.request = request  # type: ignore[method-assign]


async def _timed(call: Any) -> float:
    start = time.perf_counter()
    await call
    return _last_done - start


class Table:
    """One fake Discord and one bot, started once for every measurement (each in a channel
    of its own, with a database of its own folder)."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.fake = FakeDiscord()
        self.channels = 0

    async def __aenter__(self) -> Table:
        fake = self.fake
        await fake.start()
        fake.patch_discord()
        self.guild = fake.add_guild("Bench")
        self.ann = fake.add_member(self.guild, "Ann")
        self.bob = fake.add_member(self.guild, "Bob")
        # quick: the steps a channel watches one by one (bot seats' throws) are not paced
        pause = {"step_pause_seconds": 0} if QUICK else {}
        settings = Settings(discord_token=fake.token, dev_guild_id=self.guild.id,
                            database_url=f"sqlite:///{self.folder}/bench.sqlite3", **pause)
        self.bot = GameBot(settings)
        await fake.start_bot(self.bot)
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.fake.stop_bot(self.bot)
        await self.fake.stop()

    async def bench(self, game: str, bots: int, moves: int) -> list[float]:
        """The times of `moves` moves of whole games of `game`, in a new channel."""
        fake, bot, ann, bob = self.fake, self.bot, self.ann, self.bob
        self.channels += 1
        chan = fake.add_text_channel(self.guild, f"bench-{self.channels}")
        times: list[float] = []
        while len(times) < moves:
            await fake.slash(ann, chan, game, "start", bots=bots)
            if bots == 0:
                await fake.slash(bob, chan, game, "join")
            await fake.slash(ann, chan, game, "begin")
            while len(times) < moves:
                session = await bot.store.open_session(chan.id)
                if session is None or session.status != "active":
                    break
                mover = None
                for user in (ann, bob):
                    if bot.table.legal_for(session, user.id):
                        mover = user
                        break
                assert mover is not None
                choices = await fake.autocomplete(mover, chan, f"{game} play", focused="action")
                times.append(await _timed(
                    fake.slash(mover, chan, game, "play", action=choices[0]["value"])))
            if await bot.store.open_session(chan.id):
                await fake.slash(ann, chan, game, "end")
        return times


def report(name: str, times: list[float]) -> None:
    ms = sorted(t * 1000 for t in times)
    p90 = ms[int(len(ms) * 0.9)]
    print(f"{name:<40} n={len(ms):4d}  median {statistics.median(ms):6.1f} ms  "
          f"p90 {p90:6.1f} ms  max {ms[-1]:6.1f} ms")


async def main() -> None:
    _instrument()
    with tempfile.TemporaryDirectory() as folder:
        async with Table(folder) as table:
            bench = table.bench
            report("/dog play (Ann + 3 bot seats)", await bench("dog", 3, size(120, 2)))
            report("/dog play (2 people)", await bench("dog", 0, size(120, 2)))
            report("/dobbelduel play (2 people)", await bench("dobbelduel", 0, size(60, 2)))
            report("/dentpourdent play (Ann + 2 bot seats)",
                   await bench("dentpourdent", 2, size(120, 2)))
            report("/dentpourdent play (2 people)",
                   await bench("dentpourdent", 0, size(120, 2)))
            report("/lunchmoney play (Ann + 3 bot seats)",
                   await bench("lunchmoney", 3, size(120, 2)))
            report("/lunchmoney play (2 people)", await bench("lunchmoney", 0, size(120, 2)))
            report("/tumblindice play (Ann + 3 bot seats)",  # each throw paced by its animation
                   await bench("tumblindice", 3, size(60, 1)))
            report("/tumblindice play (2 people)", await bench("tumblindice", 0, size(60, 2)))

if __name__ == "__main__":
    asyncio.run(main())
