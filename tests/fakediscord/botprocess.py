"""Run the real bot, as `python -m bot` runs it, against a fake Discord served elsewhere.

    python -m tests.fakediscord.botprocess --fake http://127.0.0.1:PORT [--guild-ready-timeout S]

Everything else comes from the environment exactly as in production (DISCORD_TOKEN,
DATABASE_URL, DEV_GUILD_ID, LOG_LEVEL: bot/process/config.py).
The only differences from `python -m bot`:
discord.py's REST base and gateway point at the fake (as tests/fakediscord/harness.py does in
process), shards identify without discord.py's 5 s pause between them, and discord.py waits
`--guild-ready-timeout` seconds (default 0.05) instead of 2 for more GUILD_CREATEs before READY.
Then `bot.__main__.serve` runs the bot, with its own signal handling, and its return value is
the exit code.

The process is meant to be killed (tests/fakediscord/process.py): it keeps nothing worth saving.
SIGUSR1 makes it write every thread's stack to stderr (how a hang is diagnosed).
"""

from __future__ import annotations

import argparse
import asyncio
import faulthandler
import signal
from datetime import timedelta


def point_discord_at(base_url: str) -> None:
    """Send discord.py's REST calls and its gateway connection to the fake at `base_url`."""
    import discord.http
    import yarl
    from discord.gateway import DiscordWebSocket

    base = base_url.rstrip("/")
    discord.http.Route.BASE = f"{base}/api/v10"
    gateway = base.replace("http://", "ws://", 1).replace("https://", "wss://", 1)
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"{gateway}/gateway")


async def identify_at_once(self: object, shard_id: int | None, *, initial: bool = False) -> None:
    """discord.Client.before_identify_hook without the sleep (see main)."""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.fakediscord.botprocess")
    parser.add_argument("--fake", required=True, help="the fake Discord's base URL")
    parser.add_argument(
        "--guild-ready-timeout",
        type=float,
        default=0.05,
        help="seconds discord.py waits for more guilds before READY (production: 2)",
    )
    parser.add_argument(
        "--clock-ahead",
        type=float,
        default=0.0,
        help="seconds the bot's clock runs ahead of the real one (a deadline passed while down)",
    )
    args = parser.parse_args(argv)
    # A process that hangs can be asked where: SIGUSR1 writes every thread's stack to stderr.
    faulthandler.register(signal.SIGUSR1, all_threads=True)

    from bot.__main__ import serve, settings_and_logging

    settings = settings_and_logging("%(asctime)s %(process)d %(levelname)s %(name)s: %(message)s")
    point_discord_at(args.fake)
    from bot.process.client import GameBot
    from bot.store.store import utcnow

    # discord.py sleeps 5 s before identifying each shard after the first, for Discord's
    # identify rate limit; the fake has no such limit, and a process serving two shards would
    # take 5 s longer to start in every test.
    GameBot.before_identify_hook = identify_at_once  # type: ignore[method-assign]
    ahead = timedelta(seconds=args.clock_ahead)
    bot = GameBot(settings, clock=lambda: utcnow() + ahead,
                  guild_ready_timeout=args.guild_ready_timeout)
    token = settings.discord_token.get_secret_value()
    raise SystemExit(asyncio.run(serve(bot, token)))


if __name__ == "__main__":
    main()
