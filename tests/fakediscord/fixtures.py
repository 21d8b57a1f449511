"""Pytest fixture for end-to-end tests: `fake_discord`, a started and patched FakeDiscord.

Use it from a conftest.py with `from tests.fakediscord.fixtures import fake_discord  # noqa: F401`
(or `pytest_plugins = ["tests.fakediscord.fixtures"]` in the root conftest). On teardown it closes
bots started with `start_bot`, then fails the test if the bot made requests the fake does not
know, the fake itself broke, or discord.py logged an error (an unhandled exception in a
command or view). Set `fake_discord.allow_bot_errors = True` in a test that expects those.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from .harness import FakeDiscord


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    await fake.start()
    fake.patch_discord()
    try:
        yield fake
    finally:
        await fake.stop()
    fake.assert_clean()
