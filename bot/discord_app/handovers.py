"""Presses handed to the process that owns their table, through PostgreSQL (docs/scaling.md).

Discord sends every DM's presses on shard 0, but a table belongs to the process holding its server's
shard (bot/tables/ownership.py): that one alone plays it. So a process that does not own every shard
looks at each press before discord.py does. A press in a server of its own shards goes on as usual;
a press on a table it does not own is written to the `handovers` table, as Discord sent it, and the
owner's shard is notified (NOTIFY). The owner, listening, takes it (a DELETE that skips rows another
transaction holds, so each press is taken once) and runs it as if its own gateway had brought it: the
gate, the move, the answer through the interaction's token. A press nobody took within
`HANDOVER_WAIT` is taken back by the process that received it and refused with a clear message
before Discord's 3 seconds run out. The row stays until someone takes it, so an owner that was not
listening at that moment still finds it when it (re)connects, if it is not too late to answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import TYPE_CHECKING, Any, Callable

import discord

from bot.store.db import Db
from bot.tables.gate import parse_press
from bot.tables.ownership import Ownership
from bot.tables.refusals import Refused

if TYPE_CHECKING:
    from bot.discord_app.client import TableClient
    from bot.store.postgres import PostgresStore

log = logging.getLogger(__name__)
HANDOVER_WAIT = 1.5  # seconds the owner has to take a press before the receiver refuses it
TOO_LATE = 2.5  # seconds after which a press is not started any more: Discord wants an answer within 3
SWEEP_EVERY = 10.0  # seconds between looks without a notification (a listener that lost its connection)
NOT_ANSWERING = (
    "⏳ This table is served by another of the bot's processes, which is not answering right now. "
    "Nothing was played: try again in a minute."
)
PRESSES = (3, 5)  # Discord's interaction types of a component's press and a form's submission


def channel_of(shard: int) -> str:
    return f"handover_{shard}"


class Handovers:
    """Installed by a process that owns some shards only (`Ownership.everything` false), which
    needs PostgreSQL (bot/settings.py says so)."""

    def __init__(self, bot: TableClient, store: PostgresStore, ownership: Ownership) -> None:
        self.bot, self.store, self.ownership = bot, store, ownership
        self._run: Callable[[Any], None] | None = None  # discord.py's own handling of an interaction
        self._wake = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()
        self._listening: list[asyncio.Task[None]] = []

    # --- the process Discord sent the press to -----------------------------------------------------

    def install(self) -> None:
        """Look at every interaction before discord.py does. discord.py has no hook there, so its
        parser of INTERACTION_CREATE is wrapped (tests/pg/test_handovers.py checks that discord.py
        still calls it through the dict that is changed here)."""
        parsers: dict[str, Callable[[Any], None]] = self.bot._connection.parsers
        self._run = parsers["INTERACTION_CREATE"]
        parsers["INTERACTION_CREATE"] = self.route

    def route(self, data: dict[str, Any]) -> None:
        assert self._run is not None
        guild_id = data.get("guild_id")
        if data.get("type") not in PRESSES or (guild_id is not None and self.ownership.owns(int(guild_id))):
            self._run(data)
        else:
            self._spawn(self._route(data))

    async def _route(self, data: dict[str, Any]) -> None:
        """Run the press here if its table is this process's (or it names none, or the bot is
        stopping: then it is turned away here, politely), else hand it to the owner."""
        assert self._run is not None
        try:
            shard = await self._owner_of(data)
            if shard is None or self.bot.shutdown.stopping:
                self._run(data)
                return
            handover = await self.store.in_transaction(lambda db: offer(db, shard, json.dumps(data)))
            await asyncio.sleep(HANDOVER_WAIT)
            if not await self.store.in_transaction(lambda db: withdraw(db, handover)):
                return  # taken: the owner answers
            log.warning("a press for shard %s was not taken in %g s; refused", shard, HANDOVER_WAIT)
        except Exception as error:  # the database failed (the store logged it): nothing was played
            log.warning("a press could not be handed over (%s); refused", type(error).__name__)
        interaction: discord.Interaction[Any] = discord.Interaction(data=data, state=self.bot._connection)  # type: ignore[arg-type]
        with contextlib.suppress(Exception):  # Discord refused, or the bot closed meanwhile
            await interaction.response.send_message(NOT_ANSWERING, ephemeral=True)

    async def _owner_of(self, data: dict[str, Any]) -> int | None:
        """The shard of the process that owns the pressed table, if not this one's."""
        inner = data.get("data") or {}
        try:
            table_id = parse_press(
                str(inner.get("custom_id", "")), [str(v) for v in inner.get("values") or ()]
            ).table_id
        except Refused:  # the gate will say why
            return None
        if table_id is None:
            return None
        rows = await self.store.query("SELECT guild_id FROM tables WHERE id = ?", (table_id,))
        if not rows or self.ownership.owns(rows[0][0]):
            return None
        return self.ownership.shard_of(rows[0][0])

    # --- the owner ----------------------------------------------------------------------------------

    def start(self) -> None:
        self._listening = [
            asyncio.create_task(self._listen(), name="handovers: listen"),
            asyncio.create_task(self._take_when_woken(), name="handovers: take"),
        ]

    async def stop(self) -> None:
        """No more presses are taken (the bot is stopping). Those taken, and those handed over from
        here and waiting to be taken, go on: each is answered."""
        for task in self._listening:
            task.cancel()
        await asyncio.gather(*self._listening, return_exceptions=True)

    async def _listen(self) -> None:
        """LISTEN for this process's shards; each time listening (re)starts, whatever came
        meanwhile is taken."""
        shards = sorted(self.ownership.shards or ())
        await self.store.listen(
            {channel_of(shard): self._notified for shard in shards}, self._wake.set, "handed-over presses"
        )

    def _notified(self, *_: object) -> None:
        self._wake.set()

    async def _take_when_woken(self) -> None:
        while True:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wake.wait(), SWEEP_EVERY)
            self._wake.clear()
            try:
                taken = await self.store.in_transaction(lambda db: take(db, self.ownership))
            except Exception as error:
                log.warning("handed-over presses could not be taken (%s); trying again", error)
                continue
            for text, age in taken:
                if age > TOO_LATE:  # its receiver died before it could refuse it
                    log.warning("a handed-over press came %.1f s late; dropped", age)
                elif self._run is not None:  # as if this process's gateway had brought it
                    try:
                        self._run(json.loads(text))
                    except Exception:
                        log.exception("a handed-over press could not be read")

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


# --- the queue, on PostgreSQL ----------------------------------------------------------------------


async def offer(db: Db, shard: int, interaction: str) -> int:
    """A press for `shard`'s process, told to it when the transaction commits."""
    handover = await db.fetchval(
        "INSERT INTO handovers (shard, interaction, made_at) VALUES (?, ?, EXTRACT(EPOCH FROM clock_timestamp()))"
        " RETURNING id",
        shard,
        interaction,
    )
    await db.execute("SELECT pg_notify(?, '')", channel_of(shard))
    return int(handover)


async def withdraw(db: Db, handover: int) -> bool:
    """Take a press back: True if nobody had taken it (a taker holding it meanwhile is waited for)."""
    return await db.execute("DELETE FROM handovers WHERE id = ?", handover) > 0


async def take(db: Db, ownership: Ownership) -> list[tuple[str, float]]:
    """Every press waiting for this process's shards, each with its age in seconds (both measured
    by the database's clock), in the order they came; rows another taker holds are skipped."""
    rows = await db.fetch(
        "DELETE FROM handovers WHERE id IN (SELECT id FROM handovers WHERE "
        + ownership.where_shard("shard")
        + " ORDER BY id FOR UPDATE SKIP LOCKED)"
        " RETURNING id, interaction, EXTRACT(EPOCH FROM clock_timestamp()) - made_at AS age"
    )
    return [(row["interaction"], float(row["age"])) for row in sorted(rows, key=lambda row: row["id"])]
