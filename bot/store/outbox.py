"""What a table still owes its channel and its players: the outbox.

Every change writes what it tells (public texts, private texts, "send this player their seat")
into the outbox in its own transaction (`TableStore.save(..., told=...)`), so nothing said can be lost
between the commit and the messages. The publisher delivers from here and then marks the table's
channel as having seen that version (`delivered`): after a crash, a failed request or a restart, it
finds what is still owed (`tables_owed`, `read_owed`) and catches up. Messages go out with a nonce
derived from what they carry (`nonce`): Discord drops a repeat of the same nonce, so a delivery
interrupted by a crash and made again is not seen twice.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.store.base import TableStore
from bot.store.db import Db

# (user, press): a change made by that user's press, whose answer shows them their own texts
Acting = tuple[int, str]

# outbox row kinds: a text; "send this user their seat's own view"; a text of the player whose
# press made the change, shown in the answer to that press (`via` names the interaction)
TEXT, SEAT, ACK = "text", "seat", "ack"


@dataclass
class Owed:
    """What a table owes, in order: the channel's texts and each player's."""

    table_id: int
    version: int = 0  # the last version with anything owed
    public: list[str] = field(default_factory=list)
    private: dict[int, list[str]] = field(default_factory=lambda: defaultdict(list))
    seats: dict[int, str] = field(default_factory=dict)  # players owed their seat's view, with its opening
    # the acting players' texts, shown in the answers to their presses: user -> (interaction, texts)
    acks: dict[int, tuple[str, list[str]]] = field(default_factory=dict)
    seen: int = 0  # the last version the channel has seen


def outbox_rows(
    public: list[str],
    private: dict[int, list[str]] | None = None,
    seats: Sequence[int] = (),
    opening: str = "",
    acting: Acting | None = None,
) -> list[tuple]:
    """Outbox rows (user or None, kind, text, via) for a change's texts; a seat row's text is the
    opening of the seat's message ("🎲 Your seat"). `acting`: (user, interaction) of the player
    whose press made the change: their texts are shown in its answer (ACK rows)."""
    actor, via = acting or (None, None)
    rows: list[tuple[int | None, str, str, str | None]] = [(None, TEXT, text, None) for text in public]
    rows += [
        (user, ACK, text, via) if user == actor else (user, TEXT, text, None)
        for user, texts in (private or {}).items()
        for text in texts
        if user is not None
    ]
    return rows + [(user, SEAT, opening, None) for user in seats]


async def read_owed(store: TableStore, table_id: int, up_to: int | None = None) -> Owed:
    """What the table owes, up to version `up_to` if given (a delivery of that version must not
    tell, and so mark as told, what a later change committed meanwhile)."""

    async def read(db: Db) -> tuple[list, int]:  # one job (one hop to SQLite's thread): this is read every move
        rows = await db.fetch(
            "SELECT version, user_id, kind, text, via FROM outbox WHERE table_id = ? AND version <= ? ORDER BY version, n",
            table_id,
            up_to if up_to is not None else 1 << 62,
        )
        seen = await db.fetchval("SELECT announced FROM tables WHERE id = ?", table_id)
        return rows, seen or 0

    found = Owed(table_id)
    rows, found.seen = await store.run_job(read, "read")
    for version, user, kind, text, via in rows:
        found.version = max(found.version, version)
        if user is None:
            found.public.append(text)
        elif kind == SEAT:
            found.seats[user] = text
        elif kind == ACK:
            found.acks.setdefault(user, (via, []))[1].append(text)
        else:
            found.private[user].append(text)
    return found


async def delivered(store: TableStore, table_id: int, version: int) -> None:
    """The channel has seen the table up to `version`: what was owed up to it is done."""
    await store.transaction(
        [
            ("DELETE FROM outbox WHERE table_id = ? AND version <= ?", (table_id, version)),
            ("UPDATE tables SET announced = ? WHERE id = ? AND announced < ?", (version, table_id, version)),
        ]
    )


async def seen(store: TableStore, table_id: int) -> int:
    """The last version the table's channel has seen."""
    rows = await store.query("SELECT announced FROM tables WHERE id = ?", (table_id,))
    return rows[0][0] if rows else 0


async def tables_owed(store: TableStore, owned: str = "1 = 1") -> list[int]:
    """Tables whose channel has not seen their latest version (of those `owned`, a condition on
    `guild_id`: bot/tables/ownership.py)."""
    return [
        row[0] for row in await store.query(f"SELECT id FROM tables WHERE announced < version AND {owned} ORDER BY id")
    ]


def nonce(*parts) -> str:
    """A message's nonce (at most 25 characters), the same for the same message sent again."""
    return hashlib.blake2b(":".join(map(str, parts)).encode(), digest_size=12).hexdigest()
