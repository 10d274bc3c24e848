"""Direct messages: each player's private texts, their seat's own view, and the moves of a
simultaneous choice. A DM that fails for closed DMs (50007) is remembered, and the channel gets a
notice without the secret, pointing to "My hand"; the table never waits on a failed DM.

Each DM carries a nonce made from what it delivers (table, version, purpose, player): sent again
after a crash, Discord drops the repeat instead of showing it twice.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator

import discord

from bot.discord_app.delivery.client import DeliveryClient
from bot.discord_app.delivery.hooks import ORIGINAL, Hook
from bot.discord_app.delivery.mentions import NOBODY, pinging
from bot.discord_app.delivery.messages import changed_intro, moves_message, place, seat_message, settled_text
from bot.games import plugin
from bot.store.outbox import nonce
from bot.store.records import TableRecord
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
        # offers that a newer private answer replaced (another message): closed at the next delivery
        self._superseded: dict[int, list[tuple[int, tuple[Prompt, Hook]]]] = {}

    @contextlib.contextmanager
    def answering_on(self, pressed: int | tuple[int, int] | None) -> Iterator[None]:
        """While a press is answered in place on the player's own message of moves (`pressed`, see
        `answering`; None: not in place), no delivery settles that message."""
        if pressed is None:
            yield
            return
        self.answering.add(pressed)
        try:
            yield
        finally:
            self.answering.discard(pressed)

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
        asks what they are asked now is not sent another; one whose prompt a take-back settled is
        told their texts there, in one message."""
        service, where = self.bot.service, place(self.bot.service, table)
        private = dict(private)
        prompted = await self.close_done_prompts(table, prompted, openings, private)
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
                picture = await self.bot.publisher.pictures.hand(table, user_id) if components is not None else None
                message = await self.send(
                    table, user_id, content, components=components, key=(table.version, "dm"), file=picture
                )
                if message is not None and components is not None:
                    await self.mark_prompt(table, user_id, message.channel.id, message.id, moves=True, head=head)

    def offered(self, table: TableRecord, user_id: int, hook: Hook | None) -> None:
        """A private answer in the table's channel now offers the player's moves (`hook`: the press
        it answered), or none: while its token lives, a delivery that settles it (the seat lost, the
        clock's move, the game's end) takes its buttons away, as it does a DM prompt's, and one that
        changes its moves shows them anew. An earlier offer in another message (not the one a press
        is answering in place) loses its buttons at the next delivery."""
        offers = self._offers.setdefault(table.id, {})
        old = offers.pop(user_id, None)
        if old is not None and (table.id, user_id) not in self.answering:
            self._superseded.setdefault(table.id, []).append((user_id, old))
        if hook is not None:
            offers[user_id] = (self.prompts.prompt_for(table, user_id, 0, 0), hook)
        if not offers:
            self._offers.pop(table.id, None)

    async def _settle_offers(self, table: TableRecord) -> None:
        """The table's own offers only: a delivery runs this on every move."""
        where = place(self.bot.service, table)
        for user_id, (prompt, hook) in self._superseded.pop(table.id, []):
            if hook.lives() and (table.id, user_id) not in self.answering:
                fate = await self.prompts.fate(table, prompt)
                text = settled_text(where, fate if isinstance(fate, Settled) else Settled("newer"))
                await self._edit_offer(table, user_id, hook, text, None)
        offers = self._offers.get(table.id, {})
        for user_id, offer in list(offers.items()):
            prompt, hook = offer
            if not hook.lives():  # it can no longer be edited: a press on it is refused with the reason
                offers.pop(user_id, None)
                continue
            fate = await self.prompts.fate(table, prompt)  # it reads the log as it is now
            if fate is Live.STILL or offers.get(user_id) is not offer or (table.id, user_id) in self.answering:
                continue  # still open, or a press on it answers it (then that answer is the message)
            if isinstance(fate, Live):  # its moves changed (or are the same, made anew): shown as they are now
                content, view, pictures = await self._moves_now(table, prompt, fate, intro="")
                if view is not None and await self._edit_offer(table, user_id, hook, content, view, pictures):
                    if offers.get(user_id) is offer:
                        offers[user_id] = (self.prompts.prompt_for(table, user_id, 0, 0), hook)
                    continue
                fate = Settled("changed")
            if offers.get(user_id) is offer:
                del offers[user_id]
                await self._edit_offer(table, user_id, hook, settled_text(where, fate), None)
        if not offers:
            self._offers.pop(table.id, None)

    async def _edit_offer(
        self,
        table: TableRecord,
        user_id: int,
        hook: Hook,
        content: str,
        view: discord.ui.View | None,
        pictures: list[discord.File] = discord.utils.MISSING,
    ) -> bool:
        """Edit a private answer in the channel through the press it answered; whether it was."""
        webhook = hook.webhook(self.bot)
        try:
            # discord.py types a message id as an int; ORIGINAL names the interaction's own in the URL
            await webhook.edit_message(  # type: ignore[call-overload]
                ORIGINAL, content=content[:2000], view=view, allowed_mentions=NOBODY, attachments=pictures
            )
            return True
        except discord.HTTPException:
            log.info("table %s: a private answer offering moves to %s could not be edited", table.id, user_id)
            return False

    async def _moves_now(
        self, table: TableRecord, prompt: Prompt, fate: Live, *, intro: str
    ) -> tuple[str, discord.ui.View | None, list[discord.File]]:
        """A message of moves made anew: its text, its buttons (None: no moves now) and, for moves
        that changed, the player's picture drawn again (MISSING: the message keeps its own)."""
        service, user_id = self.bot.service, prompt.user_id
        if fate is Live.CHANGED:
            intro = changed_intro(place(service, table), await self.prompts.partner_moved(table, prompt))
        body, components = moves_message(service, table, user_id, intro=intro)
        pictures: list[discord.File] = discord.utils.MISSING
        if fate is Live.CHANGED and plugin(table.game).presentation.hand_picture is not None:
            picture = await self.bot.publisher.pictures.hand(table, user_id)
            pictures = [picture] if picture is not None else []
        return "\n".join(filter(None, (prompt.head, body)))[:2000], components, pictures

    async def close_done_prompts(
        self,
        table: TableRecord,
        prompted: list[int],
        openings: dict[int, str],
        private: dict[int, list[str]] | None = None,
    ) -> list[int]:
        """The table's prompts looked at again: one that is done says why and loses its buttons; one
        whose buttons are old but whose seat is asked the same, or other moves while still waited
        on, shows the moves as they are now, in place (no new message, no ping). A player newly
        asked whose moves changed gets a new message instead. Returns whom to prompt still: not those
        whose prompt asks it already (unless a seat message is owed). A prompt that a take-back
        settled tells its player's `private` texts instead (taken from it): one message, not two.
        A private answer offering moves in the channel is looked at the same way."""
        await self._settle_offers(table)
        prompted = list(prompted)
        for prompt in list((await self.prompts.of(table.id)).values()):
            fate = await self.prompts.fate(table, prompt)
            if prompt.message_id in self.answering:
                continue
            user_id = prompt.user_id
            if fate is Live.CHANGED and user_id in prompted:  # a new decision: a new message, with its ping
                fate = Settled("newer")
            if isinstance(fate, Settled):
                told = private is not None and fate.by == "taken back" and user_id not in (*prompted, *openings)
                texts = private.get(user_id) if private is not None and told else None
                if await self._close(table, prompt, fate, texts) and private is not None:
                    del private[user_id]
                continue
            if user_id in openings:  # their seat's message, with its moves, replaces it
                continue
            if fate is not Live.STILL:
                content, view, pictures = await self._moves_now(
                    table, prompt, fate, intro=f"Your move at {place(self.bot.service, table)}:"
                )
                edited = await self._edit(prompt, content=content, view=view, attachments=pictures)
                if edited is None or view is None:  # gone, or no moves: they are prompted anew if they are due
                    await self.prompts.forget(table.id, user_id, prompt.message_id)
                    continue
                if edited:
                    await self.prompts.remember(
                        self.prompts.prompt_for(table, user_id, prompt.channel_id, prompt.message_id, prompt.head)
                    )
            prompted = [user for user in prompted if user != user_id]
        return prompted

    async def mark_prompt(
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

    async def _close(
        self, table: TableRecord, prompt: Prompt, settled: Settled, texts: list[str] | None = None
    ) -> bool:
        """The prompt says why it is done (or, given, the player's `texts` that tell it), without
        buttons; whether it told those texts."""
        text = "\n".join(texts) if texts else settled_text(place(self.bot.service, table), settled)
        if len(text) >= 2000:  # the texts go by DM then
            text, texts = settled_text(place(self.bot.service, table), settled), None
        content = f"{prompt.head}\n{text}" if prompt.head and len(prompt.head) + len(text) < 2000 else text
        edited = await self._edit(prompt, content=content, view=None)
        if edited is not False:  # done, or the message is gone
            await self.prompts.forget(table.id, prompt.user_id, prompt.message_id)
        return bool(edited and texts)

    async def _edit(
        self,
        prompt: Prompt,
        *,
        content: str,
        view: discord.ui.View | None,
        attachments: list[discord.File] = discord.utils.MISSING,
    ) -> bool | None:
        """Edit a prompt; False if Discord refused for now (a later delivery tries again), None if
        the message is gone."""
        channel = self.bot.get_partial_messageable(prompt.channel_id, type=discord.ChannelType.private)
        try:
            await channel.get_partial_message(prompt.message_id).edit(
                allowed_mentions=NOBODY, content=content, view=view, attachments=attachments
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
