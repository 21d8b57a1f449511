"""`python -m bot`: read the settings, start the bot, stop cleanly on SIGTERM."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

from bot.config import ConfigError, load_settings


def main() -> None:
    try:
        settings = load_settings()
    except ConfigError as error:
        print(f"Cannot start: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    logging.basicConfig(
        level=settings.log_level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    from bot.client import GameBot  # after the settings check: a bad .env fails fast

    asyncio.run(_run(GameBot(settings), settings.discord_token.get_secret_value()))


async def _run(bot: object, token: str) -> None:
    from bot.client import GameBot

    assert isinstance(bot, GameBot)
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):  # a host's stop, or Ctrl-C: close cleanly
        loop.add_signal_handler(signum, lambda: asyncio.ensure_future(bot.close()))
    async with bot:
        await bot.start(token)


if __name__ == "__main__":
    main()
