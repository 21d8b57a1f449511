"""The in-memory cooldowns (board reposts): once per period for each key, and nothing kept
for a key whose period is over, however many keys a busy server brings."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.table.cooldowns import Cooldown


def test_a_key_is_taken_once_per_period_and_forgotten_after_it():
    now = [datetime(2026, 1, 1, tzinfo=UTC)]
    cooldown = Cooldown(timedelta(minutes=1), lambda: now[0])
    assert cooldown.take(("game", 1)) and not cooldown.take(("game", 1))
    assert cooldown.take(("game", 2))  # another key is its own
    now[0] += timedelta(seconds=59)
    assert not cooldown.take(("game", 1))
    now[0] += timedelta(seconds=1)
    assert cooldown.take(("game", 1))


def test_keys_whose_period_is_over_are_dropped():
    now = [datetime(2026, 1, 1, tzinfo=UTC)]
    cooldown = Cooldown(timedelta(minutes=1), lambda: now[0])
    for key in range(10_000):
        now[0] += timedelta(milliseconds=100)
        assert cooldown.take(key)
    assert len(cooldown) <= 600  # one a tenth of a second: a minute's worth at most
