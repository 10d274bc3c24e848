"""Each player's live DM prompt at a table: the one direct message whose buttons offer their seat's
moves, remembered (`dm_prompts`) so that it never keeps live-looking buttons once they are of no use.

Delivery (bot/discord_app/delivery/dms.py) records a prompt once Discord has it: a crash before that leaves it
unrecorded, never sent twice (sent again, its nonce gives back the same message). At each delivery
the table's prompts are looked at again (`fate`): still good; good again with new buttons (what the
seat is asked did not change, such as after a rollback that the stand-ins played out the same way);
changed (another seat's move, a partner's, changed what the seat is offered while it is still waited
on: the moves as they are now replace its buttons); or settled, saying why (the player's move, the
clock's, a moderator's skip, a partner's decision for their side, the seat gone, the game over, or
a change that asks something else).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from enum import Enum

from pydantic import ValidationError

from bot.clock.scheduler import CLOCK
from bot.store.records import ActionRecord, TableRecord
from bot.tables.log_kinds import RowKind, kind_of
from bot.tables.menu import Menu, label_of
from bot.tables.service import TableService

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Prompt:
    table_id: int
    user_id: int
    seat: int
    channel_id: int  # the player's DM channel
    message_id: int
    version: int  # the table's version its buttons were made at
    asked: str  # what it asks (`asked`), to tell whether a later version asks the same
    head: str = ""  # the private texts the same message told first, kept when it is settled


class Live(Enum):
    STILL = "still"  # its buttons still play
    AGAIN = "again"  # its buttons are old, but the seat is asked the very same: new buttons do
    CHANGED = "changed"  # still waited on, but offered other moves since (a partner's move): new buttons


@dataclass(frozen=True)
class Settled:
    """Why a prompt is done: `by` is "you", "clock", "skip" (a move played for the seat, `label`),
    "partner" (a partner's move decided it for their side; `label`: who), "stand-in" or "someone"
    (the seat is not theirs now), "over", "closed", "changed" (what the seat is asked), "taken back"
    (a player took back the move that asked it), or "newer" (another message asks it)."""

    by: str
    label: str = ""


def asked(menu: Menu) -> str:
    """What a seat is asked: its moves as they read (a fingerprint). Not the whole view, which also
    tells how far the others are (how many stones are down)."""
    return menu.key


class Prompts:
    def __init__(self, service: TableService) -> None:
        self.service = service
        self.store = service.store
        self._known: dict[int, dict[int, Prompt]] = {}  # table -> user -> their prompt, read once per table

    async def of(self, table_id: int) -> dict[int, Prompt]:
        known = self._known.get(table_id)
        if known is None:
            rows = await self.store.query("SELECT * FROM dm_prompts WHERE table_id = ?", (table_id,))
            known = self._known[table_id] = {row["user_id"]: Prompt(**dict(row)) for row in rows}
        return known

    async def remember(self, prompt: Prompt) -> Prompt | None:
        """The player's prompt at the table is now this one; returns the one it replaces, if another."""
        known = await self.of(prompt.table_id)
        await self.store.transaction(
            [
                (
                    "INSERT INTO dm_prompts (table_id, user_id, seat, channel_id, message_id, version, asked, head)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, user_id) DO UPDATE SET seat = excluded.seat,"
                    " channel_id = excluded.channel_id, message_id = excluded.message_id, version = excluded.version,"
                    " asked = excluded.asked, head = excluded.head",
                    (
                        prompt.table_id,
                        prompt.user_id,
                        prompt.seat,
                        prompt.channel_id,
                        prompt.message_id,
                        prompt.version,
                        prompt.asked,
                        prompt.head,
                    ),
                )
            ]
        )
        before = known.get(prompt.user_id)
        known[prompt.user_id] = prompt
        return before if before is not None and before.message_id != prompt.message_id else None

    async def forget(self, table_id: int, user_id: int, message_id: int) -> None:
        """That message is no prompt any more (if it still is the player's prompt at the table)."""
        known = await self.of(table_id)
        if user_id in known and known[user_id].message_id == message_id:
            await self.store.transaction(
                [
                    (
                        "DELETE FROM dm_prompts WHERE table_id = ? AND user_id = ? AND message_id = ?",
                        (table_id, user_id, message_id),
                    )
                ]
            )
            del known[user_id]

    def prompt_for(self, table: TableRecord, user_id: int, channel_id: int, message_id: int, head: str = "") -> Prompt:
        """The prompt a message is that offers the player's moves at the table's version."""
        seat = table.seats.index(user_id)
        return Prompt(
            table.id, user_id, seat, channel_id, message_id, table.version, asked(self.service.menu(table, seat)), head
        )

    async def fate(self, table: TableRecord, prompt: Prompt) -> Live | Settled:
        service, seat = self.service, prompt.seat
        holds = seat < len(table.seats) and table.seats[seat] == prompt.user_id
        if (
            holds
            and table.open
            and (prompt.version == table.version or not await service.moved_on(table, seat, prompt.version))
        ):
            if prompt.version == table.version or table.status != "running":
                return Live.STILL
            if service.game_of(table).sides is None:  # another seat's move asks this one nothing new
                return Live.STILL
            # only other seats moved: the seat may still be asked the same, or other moves, or (a
            # partner's move, which decides for both) something else that reads alike, or nothing
            # any more (a partner decided for their side)
            if seat in service.game_of(table).to_move(service.state_of(table)):
                if (
                    asked(service.menu(table, seat)) != prompt.asked
                    or await self.partner_moved(table, prompt) is not None
                ):
                    return Live.CHANGED
                return Live.STILL
            partner = await self.partner_moved(table, prompt)
            return Settled("partner", partner) if partner is not None else Settled("changed")
        if not holds:
            return Settled("stand-in" if seat < len(table.seats) and table.seats[seat] is None else "someone")
        since = await self.store.actions(table.id, since=prompt.version)
        taken_back = any(kind_of(row) is RowKind.TAKEBACK for row in since)
        if not any(
            (kind := kind_of(row)) is not None and kind.undoes for row in since
        ):  # else no move since stands for sure
            for row in since:
                if kind_of(row) is RowKind.MOVE and row.seat == seat:
                    by = "you" if row.actor_id == prompt.user_id else "clock" if row.actor_id == CLOCK else "skip"
                    return Settled(by, self._label(table, prompt, row))
        if (
            table.status == "running"
            and seat in service.game_of(table).to_move(service.state_of(table))
            and asked(service.menu(table, seat)) == prompt.asked
        ):
            return Live.AGAIN
        return Settled(
            {"finished": "over", "ended": "closed"}.get(table.status, "taken back" if taken_back else "changed")
        )

    async def partner_moved(self, table: TableRecord, prompt: Prompt) -> str | None:
        """Who of the seat's side (its partners, where seats play in sides) moved last since the
        prompt was made: their mention, or "" for a stand-in; None if no partner did."""
        game = self.service.game_of(table)
        if game.sides is None:
            return None
        sides = self.service.menu(table, None).view.get(game.sides) or {}
        partners = {s for side in sides.values() if prompt.seat in (seats := side.get("seats") or ()) for s in seats}
        for row in reversed(await self.store.actions(table.id, since=prompt.version)):
            if kind_of(row) is RowKind.MOVE and row.seat != prompt.seat and row.seat in partners:
                user = table.seats[row.seat] if row.seat is not None and row.seat < len(table.seats) else None
                return f"<@{user}>" if user is not None else ""
        return None

    def _label(self, table: TableRecord, prompt: Prompt, row: ActionRecord) -> str:
        """How the move played for the seat read on its button (the prompt's own menu, if still
        known), else the game's label for it now."""
        menu = self.service.menus.get(table.id, prompt.version, prompt.seat)
        for choice in menu.choices if menu is not None else ():
            if choice.action.model_dump(mode="json") == row.action:
                return choice.label
        game = self.service.game_of(table)
        try:
            return label_of(game, self.service.menu(table, prompt.seat).view, game.actions.validate_python(row.action))
        except (ValidationError, ValueError, KeyError):
            log.warning("table %s: the move at %s has no label", table.id, row.seq)
            return "a move"
