"""`python -m bot`: read the settings, start the bot, stop cleanly on SIGTERM.

A host reads the first lines a failed start prints: a missing or refused token, or a Discord
that cannot be reached, is one line that says what to do, and the exit code says it failed
(2: a setting to fix; 1: Discord could not be reached or answered with an error).

`python -m bot migrate --to postgresql://...` copies the SQLite database to PostgreSQL instead
(bot/process/migrate.py).
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from typing import TYPE_CHECKING

from bot.process.config import ConfigError, Settings, load_settings

if TYPE_CHECKING:
    from bot.process.client import GameBot

EXIT_SETTINGS = 2
EXIT_UNREACHABLE = 1
TOKEN_REFUSED = (
    "Cannot start: Discord refused DISCORD_TOKEN. Copy the token again (Developer Portal, "
    "https://discord.com/developers/applications > your app > Bot > Reset Token) into .env "
    "as DISCORD_TOKEN=..."
)


LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def settings_and_logging(log_format: str = LOG_FORMAT) -> Settings:
    """The settings, or one line and exit code 2; then logging at the level they name."""
    try:
        settings = load_settings()
    except ConfigError as error:
        print(f"Cannot start: {error}", file=sys.stderr)
        raise SystemExit(EXIT_SETTINGS) from None
    logging.basicConfig(level=settings.log_level.upper(), format=log_format)
    return settings


def main() -> None:
    if sys.argv[1:2] == ["migrate"]:  # python -m bot migrate --to postgresql://...
        from bot.process.migrate import main as migrate

        raise SystemExit(migrate(sys.argv[2:]))
    settings = settings_and_logging()
    from bot.process.client import GameBot  # after the settings check: a bad .env fails fast

    token = settings.discord_token.get_secret_value()
    raise SystemExit(asyncio.run(serve(GameBot(settings), token)))


async def serve(bot: GameBot, token: str) -> int:
    """Run the bot until it is stopped; the exit code, after one line on stderr if it failed."""
    import aiohttp
    import discord

    from bot.store.store import StoreError

    loop = asyncio.get_running_loop()
    signals = (signal.SIGTERM, signal.SIGINT)  # a host's stop, or Ctrl-C: close cleanly
    stopping: list[asyncio.Task[None]] = []

    def stop() -> None:
        if stopping:  # asked twice: do not wait for the interactions under way
            stopping.append(asyncio.ensure_future(bot.close()))
        else:
            stopping.append(asyncio.ensure_future(bot.shutdown()))

    for signum in signals:
        loop.add_signal_handler(signum, stop)
    try:
        async with bot:
            await bot.start(token)
    except discord.LoginFailure:
        return _fail(TOKEN_REFUSED, EXIT_SETTINGS)
    except discord.DiscordServerError as error:
        return _fail(
            f"Cannot start: Discord answered {error.status} (a problem on Discord's side); "
            "try again in a few minutes.",
            EXIT_UNREACHABLE,
        )
    except StoreError as error:  # the database, opened in setup_hook: before any gateway
        return _fail(
            f"Cannot start: the database cannot be opened: {error}. Check DATABASE_URL and "
            "that the server is running and reachable, then start again.",
            EXIT_UNREACHABLE,
        )
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound, TimeoutError) as error:
        reason = str(error) or type(error).__name__
        return _fail(
            f"Cannot start: Discord cannot be reached ({reason}). Check this machine's "
            "network, DNS and any proxy or firewall, then start again.",
            EXIT_UNREACHABLE,
        )
    finally:
        for signum in signals:
            loop.remove_signal_handler(signum)
        await asyncio.gather(*stopping, return_exceptions=True)
    return 0


def _fail(line: str, code: int) -> int:
    print(line, file=sys.stderr)
    return code


if __name__ == "__main__":
    main()
