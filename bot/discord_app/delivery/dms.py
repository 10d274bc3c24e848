"""Direct messages: each player's private texts, their seat's own view, and the moves of a
simultaneous choice. A DM that fails for closed DMs (50007) is remembered, and the channel gets a
notice without the secret, pointing to "My hand"; the table never waits on a failed DM.

Each DM carries a nonce made from what it delivers (table, version, purpose, player): sent again
after a crash, Discord drops the repeat instead of showing it twice.
"""

from __future__ import annotations

import logging
from dataclasses import replace

import discord

from bot.discord_app.delivery.client import DeliveryClient
from bot.discord_app.delivery.hooks import ORIGINAL, Hook
from bot.discord_app.delivery.mentions import NOBODY, pinging
from bot.discord_app.delivery.messages import moves_message, place, seat_message, settled_text
from bot.store.outbox import nonce
from bot.store.sqlite import TableRecord
from bot.tables.prompts import Live, Prompt, Prompts, Settled

log = logging.getLogger(__name__)


class DirectMessages:
    def __init__(self, bot: DeliveryClient) -> None:
        self.bot = bot
        self._channels: dict[int, discord.abc.Messageable] = {}
        self.failed = False  # a DM failed for a reason that may pass: what was owed stays owed
        self._prompts: Prompts | None = None
        # a player's own messages of moves a press on them is answering now, a DM prompt by its id,
        # a private answer in a channel by (table, user): that answer shows what comes next in the
        # message itself, so a delivery running meanwhile must not settle it too (its edit could
        # land last and take the next step's buttons away)
        self.answering: set[int | tuple[int, int]] = set()
        # private answers in a channel (to a move, or "My hand") that offer a player's moves, while
        # their token lives: table -> user -> what they offer, and the press that can edit them
        self._offers: dict[int, dict[int, tuple[Prompt, Hook]]] = {}

    @property
    def prompts(self) -> Prompts:
        if self._prompts is None:
            self._prompts = Prompts(self.bot.service)
        return self._prompts

    async def deliver(
        self, table: TableRecord, private: dict[int, list[str]], openings: dict[int, str], prompted: list[int]
    ) -> None:
        """One DM per player (one request, not one per kind): their private texts; then their moves,
        for a simultaneous choice (a secret vote, a bid...), or else their seat's own view if they
        are owed it (at the start, or on taking a seat over: the moves show the seat too). First,
        the table's earlier prompts that are done lose their buttons; a player whose prompt still
        asks what they are asked now is not sent another."""
        service, where = self.bot.service, place(self.bot.service, table)
        prompted = await self.settle(table, prompted, openings)
        for user_id in dict.fromkeys([*private, *openings, *prompted]):
            texts, body, components = "\n".join(private.get(user_id, [])), "", None
            seated = user_id in table.seats and table.state is not None
            if user_id in prompted:
                opening = openings.get(user_id)
                body, components = moves_message(
                    service,
                    table,
                    user_id,
                    intro=f"{opening} at {where}. Your move:" if opening else f"Your move at {where}:",
                )
            elif user_id in openings and seated:
                body = seat_message(service, table, user_id, openings[user_id])
            content = "\n".join(part for part in (texts, body) if part)
            head = texts
            if len(content) > 2000:  # both parts, in two messages
                await self.send(table, user_id, texts, key=(table.version, "texts"))
                content, head = body, ""
            if content:
                picture = await self.bot.publisher.hand_picture(table, user_id) if components is not None else None
                message = await self.send(
                    table, user_id, content, components=components, key=(table.version, "dm"), file=picture
                )
                if message is not None and components is not None:
                    await self.shown(table, user_id, message.channel.id, message.id, moves=True, head=head)

    def offered(self, table: TableRecord, user_id: int, hook: Hook | None) -> None:
        """A private answer in the table's channel now offers the player's moves (`hook`: the press
        it answered), or none: while its token lives, a delivery that settles it (the seat lost, the
        clock's move, the game's end) takes its buttons away, as it does a DM prompt's."""
        if hook is None:
            self._offers.get(table.id, {}).pop(user_id, None)
        else:
            self._offers.setdefault(table.id, {})[user_id] = (self.prompts.prompt_for(table, user_id, 0, 0), hook)

    async def _settle_offers(self, table: TableRecord) -> None:
        """The table's own offers only: a delivery runs this on every move."""
        offers = self._offers.get(table.id, {})
        for user_id, offer in list(offers.items()):
            prompt, hook = offer
            if not hook.lives():  # it can no longer be edited: a press on it is refused with the reason
                offers.pop(user_id, None)
                continue
            fate = await self.prompts.fate(table, prompt)  # it reads the log as it is now
            if isinstance(fate, Live) or offers.get(user_id) is not offer or (table.id, user_id) in self.answering:
                continue  # still open, or a press on it answers it (then that answer is the message)
            del offers[user_id]
            try:
                # discord.py types a message id as an int; ORIGINAL names the interaction's own in the URL
                await hook.webhook(self.bot).edit_message(  # type: ignore[call-overload]
                    ORIGINAL,
                    content=settled_text(place(self.bot.service, table), fate),
                    view=None,
                    allowed_mentions=NOBODY,
                )
            except discord.HTTPException:
                log.info("table %s: a private answer offering moves to %s could not be closed", table.id, user_id)
        if not offers:
            self._offers.pop(table.id, None)

    async def settle(self, table: TableRecord, prompted: list[int], openings: dict[int, str]) -> list[int]:
        """The table's prompts looked at again: one that is done says why and loses its buttons; one
        whose buttons are old but whose seat is asked the same gets new buttons in place. Returns
        whom to prompt still: not those whose prompt asks it already (unless a seat message is owed).
        A private answer offering moves in the channel that is done says why too."""
        await self._settle_offers(table)
        prompted = list(prompted)
        for prompt in list((await self.prompts.of(table.id)).values()):
            fate = await self.prompts.fate(table, prompt)
            if prompt.message_id in self.answering:
                continue
            if isinstance(fate, Settled):
                await self._close(table, prompt, fate)
                continue
            if prompt.user_id in openings:  # their seat's message, with its moves, replaces it
                continue
            if fate is Live.AGAIN:
                body, components = moves_message(
                    self.bot.service, table, prompt.user_id, intro=f"Your move at {place(self.bot.service, table)}:"
                )
                edited = await self._edit(
                    prompt, content="\n".join(filter(None, (prompt.head, body)))[:2000], view=components
                )
                if edited is None:  # gone: they are prompted anew if they are due
                    await self.prompts.forget(table.id, prompt.user_id, prompt.message_id)
                    continue
                if edited:
                    await self.prompts.remember(replace(prompt, version=table.version))
            prompted = [user for user in prompted if user != prompt.user_id]
        return prompted

    async def shown(
        self, table: TableRecord, user_id: int, channel_id: int, message_id: int, *, moves: bool, head: str = ""
    ) -> None:
        """A DM of the player now shows their moves at the table's version (`moves`), or no moves:
        it is their prompt at the table, or no prompt. A prompt it replaces says so."""
        if not moves:
            await self.prompts.forget(table.id, user_id, message_id)
            return
        replaced = await self.prompts.remember(self.prompts.prompt_for(table, user_id, channel_id, message_id, head))
        if replaced is not None:
            await self._close(table, replaced, Settled("newer"))

    async def _close(self, table: TableRecord, prompt: Prompt, settled: Settled) -> None:
        text = settled_text(place(self.bot.service, table), settled)
        content = f"{prompt.head}\n{text}" if prompt.head and len(prompt.head) + len(text) < 2000 else text
        if await self._edit(prompt, content=content, view=None) is not False:  # done, or the message is gone
            await self.prompts.forget(table.id, prompt.user_id, prompt.message_id)

    async def _edit(self, prompt: Prompt, *, content: str, view: discord.ui.View | None) -> bool | None:
        """Edit a prompt; False if Discord refused for now (a later delivery tries again), None if
        the message is gone."""
        channel = self.bot.get_partial_messageable(prompt.channel_id, type=discord.ChannelType.private)
        try:
            await channel.get_partial_message(prompt.message_id).edit(
                allowed_mentions=NOBODY, content=content, view=view
            )
            return True
        except (discord.NotFound, discord.Forbidden):
            log.info("table %s: the DM prompt %s is gone", prompt.table_id, prompt.message_id)
            return None
        except discord.HTTPException:
            log.warning(
                "table %s: the DM prompt %s could not be edited; trying later", prompt.table_id, prompt.message_id
            )
            return False

    async def send(
        self,
        table: TableRecord,
        user_id: int,
        content: str,
        components: discord.ui.View | None = None,
        key: tuple[int | str, ...] = (),
        file: discord.File | None = None,
    ) -> discord.Message | None:
        """Send a DM; the message, or None if it was not sent (closed DMs, or a failure that may pass)."""
        if await self.bot.store.dms_closed(user_id):
            return None
        try:
            channel = await self._channel(user_id)
            return await channel.send(
                content[:2000],
                view=components or discord.utils.MISSING,
                allowed_mentions=NOBODY,
                # discord.py's overloads leave out None, with which it makes a nonce up
                nonce=nonce(table.id, user_id, *key) if key else None,  # type: ignore[arg-type]
                file=file or discord.utils.MISSING,
            )
        except discord.Forbidden:
            await self.bot.store.mark_dms_closed(user_id, True)
            channel = await self.bot.publisher.channel_of(table)
            await channel.send(
                f"<@{user_id}>, I can't send you direct messages. Press **🎴 My hand & moves** on the board "
                "(or type `/hand`) to see your seat and play privately here.",
                allowed_mentions=pinging([user_id]),
                nonce=nonce(table.id, user_id, "closed", table.version),
            )
            return None
        except discord.HTTPException:
            log.warning("table %s: a DM to %s failed; it will be sent again", table.id, user_id)
            self.failed = True
            return None

    async def channel(self, user_id: int) -> discord.abc.Messageable:
        """The user's DM channel, for a message of another kind (bot/discord_app/delivery/blocked.py)."""
        return await self._channel(user_id)

    async def _channel(self, user_id: int) -> discord.abc.Messageable:
        """The user's DM channel: known in memory, else remembered in the store (no request after a
        restart), else opened once (one request: no user look-up first) and remembered."""
        channel = self._channels.get(user_id)
        if channel is None:
            known = await self.bot.store.dm_channel(user_id)
            if known is not None:
                channel = self.bot.get_partial_messageable(known, type=discord.ChannelType.private)
            else:
                channel = await self.bot.create_dm(discord.Object(user_id))
                await self.bot.store.set_dm_channel(user_id, channel.id)
            self._channels[user_id] = channel
        return channel

    async def reopen(self, table: TableRecord) -> None:
        """A new game tries DMs again for its players: they may have opened them."""
        for user_id in filter(None, table.seats):
            if await self.bot.store.dms_closed(user_id):
                await self.bot.store.mark_dms_closed(user_id, False)
