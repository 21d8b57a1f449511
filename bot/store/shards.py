"""Which servers a process serves when the bot is split over processes by shard.

Discord assigns a server to shard `(guild_id >> 22) % shard_count`, and sends its gateway
events and interactions only on that shard's connection (DMs go to shard 0). A process that
serves some shards must do the work of those servers and no other: fire their timers and
deliver their outbox, so that a deadline fires in exactly one process. `Shards` says which,
and turns that into a SQL condition on `sessions.guild_id` for both backends.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Shards", "parse_shard_ids", "shard_of", "where"]


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard Discord sends a server's events on; DMs (no server) come on shard 0."""
    if guild_id is None:
        return 0
    return (guild_id >> 22) % count


def parse_shard_ids(text: str) -> tuple[int, ...]:
    """`0,1` or `0-3` or `0-1,6` as sorted shard ids; ValueError with one line otherwise."""
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ValueError(f"{part!r} is not a shard id or a range like 0-3")
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            raise ValueError(f"the range {part!r} runs backwards")
        ids.update(range(first, last + 1))
    if not ids:
        raise ValueError("names no shard; write ids like 0,1 or a range like 0-3")
    return tuple(sorted(ids))


@dataclass(frozen=True)
class Shards:
    """The shards one process serves out of `count`."""

    count: int
    ids: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("the shard count must be at least 1")
        if not self.ids or any(not 0 <= i < self.count for i in self.ids):
            raise ValueError(f"shard ids must be from 0 to {self.count - 1}")

    @property
    def serves_all(self) -> bool:
        return len(set(self.ids)) == self.count

    def serves(self, guild_id: int | None) -> bool:
        return shard_of(guild_id, self.count) in self.ids

    def sql(self, guild_column: str = "s.guild_id") -> str:
        """A WHERE condition, true for the rows of the sessions this process serves. The numbers
        are checked integers, written into the text so one statement serves both backends'
        parameter styles."""
        ids = ", ".join(str(int(i)) for i in self.ids)
        return f"COALESCE(({guild_column} >> 22) % {int(self.count)}, 0) IN ({ids})"


def where(shards: Shards | None, guild_column: str = "s.guild_id") -> str:
    """`shards.sql()`, or a condition that is always true when a process serves every shard."""
    if shards is None or shards.serves_all:
        return "TRUE"
    return shards.sql(guild_column)
