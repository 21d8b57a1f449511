"""How often, and how much, one person may do what lands in a public channel: repost a board,
open a thread, host lobbies (so one member cannot fill a server with them).

Kept in memory: a restart forgets who did what a minute ago, which costs nothing, and nothing a
game needs is here. Bounded: entries older than their cooldown are dropped as others arrive,
so a server full of people pressing buttons holds one entry each at most for a minute.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from datetime import datetime, timedelta

BOARD_REPOST = timedelta(minutes=1)  # a seated person's `/<game> board` in the channel
THREAD = timedelta(minutes=10)  # a person's game in a new thread
REPLAY_PERSON = timedelta(minutes=2)  # a replay made anew (one made already is sent at once)
REPLAY_SERVER = timedelta(seconds=20)
LOBBIES_HOSTED = 3  # open lobbies one person may host in a server
LOBBIES_IN_SERVER = 30  # open lobbies in one server


class Cooldown:
    """At most once per `every` for each key (a person in a game, say)."""

    def __init__(self, every: timedelta, clock: Callable[[], datetime]) -> None:
        self.every = every
        self.clock = clock
        self._last: OrderedDict[Hashable, datetime] = OrderedDict()

    def ready(self, key: Hashable) -> bool:
        """Whether the key may go now (nothing taken: to ask several cooldowns first)."""
        now = self.clock()
        while self._last:  # oldest first: drop those whose cooldown is over
            oldest, when = next(iter(self._last.items()))
            if now - when < self.every:
                break
            del self._last[oldest]
        return key not in self._last

    def take(self, key: Hashable) -> bool:
        """True, and the key's cooldown starts again, unless it is still cooling down."""
        if not self.ready(key):
            return False
        self._last[key] = self.clock()
        return True

    def __len__(self) -> int:
        return len(self._last)
