"""Clock settings in words: the choices of `turn_time` and `reaction_time`, and Discord's
timestamps, which every client shows in its own time zone and counts down by itself."""

from __future__ import annotations

from datetime import datetime
from typing import Final

from bot.store import Clock

MINUTE: Final = 60
HOUR: Final = 60 * MINUTE
DAY: Final = 24 * HOUR

TURN_MIN: Final = 30
TURN_MAX: Final = 7 * DAY
REACTION_MIN: Final = 10
REACTION_MAX: Final = DAY
REACTION_DEFAULT: Final = MINUTE
# With a turn clock this long, its person is reminded by DM half-way; shorter clocks are
# followed closely (the board pinged them), and a DM would only add noise.
REMIND_FROM: Final = 2 * HOUR

OFF: Final = 0
TURN_TIMES: Final[dict[str, int]] = {
    "off (games over days, a reminder by DM)": OFF,
    "30 seconds": 30,
    "1 minute": MINUTE,
    "2 minutes": 2 * MINUTE,
    "5 minutes": 5 * MINUTE,
    "15 minutes": 15 * MINUTE,
    "1 hour": HOUR,
    "12 hours": 12 * HOUR,
    "1 day": DAY,
    "3 days": 3 * DAY,
    "7 days": 7 * DAY,
}
REACTION_TIMES: Final[dict[str, int]] = {
    "10 seconds": 10,
    "20 seconds": 20,
    "30 seconds": 30,
    "1 minute (default)": MINUTE,
    "2 minutes": 2 * MINUTE,
    "5 minutes": 5 * MINUTE,
    "15 minutes": 15 * MINUTE,
    "1 hour": HOUR,
    "12 hours": 12 * HOUR,
    "1 day": DAY,
}


def duration(seconds: int) -> str:
    """"30 s", "5 min", "1 h 30 min", "3 days": a setting as people say it."""
    if seconds < MINUTE:
        return f"{seconds} s"
    if seconds < HOUR:
        minutes, rest = divmod(seconds, MINUTE)
        return f"{minutes} min" + (f" {rest} s" if rest else "")
    if seconds < DAY or seconds % DAY:
        hours, rest = divmod(seconds, HOUR)
        return f"{hours} h" + (f" {rest // MINUTE} min" if rest >= MINUTE else "")
    days = seconds // DAY
    return "1 day" if days == 1 else f"{days} days"


def settings_line(clock: Clock, *, reactions: bool) -> str:
    """The clock settings in one line, for the lobby card and `/<game> board`."""
    turn = f"{duration(clock.turn)} a turn" if clock.turn else "no turn limit (reminders by DM)"
    if reactions and clock.reaction:
        return f"{turn} · {duration(clock.reaction)} to answer"
    return turn


def relative(moment: datetime) -> str:
    """A Discord timestamp that reads "in 5 minutes" and counts down on every client."""
    return f"<t:{int(moment.timestamp())}:R>"
