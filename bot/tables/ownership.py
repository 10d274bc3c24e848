"""Which tables this process serves. Discord sends a server's events on shard
`(guild_id >> 22) % shard_count`, so a process that opens some of the shards (BOT_SHARD_IDS) owns the
tables of those shards' servers: it alone plays them, keeps them in memory, runs their clock and
delivers their messages. A table with no server counts as shard 0's, where Discord sends DMs."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Ownership:
    """`shards`: the shards this process opens, of `count`; None for every one of them (one
    process: it owns every table, and nothing is filtered)."""

    shards: frozenset[int] | None = None
    count: int = 1

    @property
    def everything(self) -> bool:
        return self.shards is None or self.shards >= frozenset(range(self.count))

    def shard_of(self, guild_id: int | None) -> int:
        return 0 if guild_id is None else (guild_id >> 22) % self.count

    def owns(self, guild_id: int | None) -> bool:
        return self.everything or self.shard_of(guild_id) in (self.shards or ())

    def where(self, guild_column: str) -> str:
        """A condition SQL can add to a query of tables: the rows this process owns. Only integers
        from the settings go into it (both SQLite and PostgreSQL read `>>` and `%` alike)."""
        return self.where_shard(f"((COALESCE({guild_column}, 0) >> 22) % {self.count})")

    def where_shard(self, shard: str) -> str:
        """A condition on a shard number in SQL: one of this process's."""
        if self.everything:
            return "1 = 1"
        return f"{shard} IN ({', '.join(str(number) for number in sorted(self.shards or ()))})"
