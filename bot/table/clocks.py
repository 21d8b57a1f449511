"""Clock settings in words: the choices of `turn_time` and `reaction_time`, and Discord's
timestamps, which every client shows in its own time zone and counts down by itself."""

from __future__ import annotations

from datetime import datetime
from typing import Final

from bot.store.store import Clock
from games.i18n import N_, _, ngettext

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
    N_("off (games over days, a reminder by DM)"): OFF,
    N_("30 seconds"): 30,
    N_("1 minute"): MINUTE,
    N_("2 minutes"): 2 * MINUTE,
    N_("5 minutes"): 5 * MINUTE,
    N_("15 minutes"): 15 * MINUTE,
    N_("1 hour"): HOUR,
    N_("12 hours"): 12 * HOUR,
    N_("1 day"): DAY,
    N_("3 days"): 3 * DAY,
    N_("7 days"): 7 * DAY,
}
REACTION_TIMES: Final[dict[str, int]] = {
    N_("10 seconds"): 10,
    N_("20 seconds"): 20,
    N_("30 seconds"): 30,
    N_("1 minute (default)"): MINUTE,
    N_("2 minutes"): 2 * MINUTE,
    N_("5 minutes"): 5 * MINUTE,
    N_("15 minutes"): 15 * MINUTE,
    N_("1 hour"): HOUR,
    N_("12 hours"): 12 * HOUR,
    N_("1 day"): DAY,
}


def duration(seconds: int) -> str:
    """"30 s", "5 min", "1 h 30 min", "3 days": a setting as people say it."""
    if seconds < MINUTE:
        return _("{seconds} s").format(seconds=seconds)
    if seconds < HOUR:
        minutes, rest = divmod(seconds, MINUTE)
        if rest:
            return _("{minutes} min {seconds} s").format(minutes=minutes, seconds=rest)
        return _("{minutes} min").format(minutes=minutes)
    if seconds < DAY or seconds % DAY:
        hours, rest = divmod(seconds, HOUR)
        if rest >= MINUTE:
            return _("{hours} h {minutes} min").format(hours=hours, minutes=rest // MINUTE)
        return _("{hours} h").format(hours=hours)
    days = seconds // DAY
    return ngettext("{days} day", "{days} days", days).format(days=days)


def settings_line(clock: Clock, *, reactions: bool) -> str:
    """The clock settings in one line, for the lobby card and `/<game> board`."""
    if not clock.turn:
        turn = _("no turn limit (reminders by DM)")
    else:
        turn = _("{time} a turn").format(time=duration(clock.turn))
    if reactions and clock.reaction:
        return _("{turn} · {time} to answer").format(turn=turn, time=duration(clock.reaction))
    return turn


def relative(moment: datetime) -> str:
    """A Discord timestamp that reads "in 5 minutes" and counts down on every client."""
    return f"<t:{int(moment.timestamp())}:R>"
