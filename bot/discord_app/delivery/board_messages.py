"""A table's messages in its channel (its board, its lobby), posted and edited through a press's
interaction webhook while its token lives (outside Discord's global rate limit; see hooks.py), else
with the bot's own request."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.discord_app.delivery.client import DeliveryClient, TableChannel
from bot.discord_app.delivery.hooks import Editors, Hook
from bot.discord_app.delivery.pictures import Pictures
from bot.store.outbox import nonce
from bot.store.records import TableRecord

log = logging.getLogger(__name__)


class BoardMessages:
    def __init__(
        self,
        bot: DeliveryClient,
        editors: Editors,
        pictures: Pictures,
    ) -> None:
        self.bot, self.editors, self.pictures = bot, editors, pictures

    async def channel_of(self, table: TableRecord) -> TableChannel:
        channel = self.bot.get_channel(table.channel_id) or await self.bot.fetch_channel(table.channel_id)
        assert isinstance(channel, TableChannel), "a table is opened by a command in a channel one can post in"
        return channel

    async def post(
        self,
        table: TableRecord,
        content: str,
        components: discord.ui.View | None,
        mentions: discord.AllowedMentions,
        *,
        picture: bool,
        via: Hook | None,
        follow_up: bool,
    ) -> discord.Message:
        """A new board in the table's channel: a public follow-up, outside Discord's global rate
        limit, of the press `via` or else of the press that posted the last board, if one was made
        in the channel and its token lives; else the bot's own request, with a nonce. A follow-up
        has no nonce, and the catch-up finds it after a crash by its events, so only a board that
        tells them all (`follow_up`: not the last of several messages) is posted that way."""

        def sent(file: discord.File | None) -> dict[str, Any]:
            return {
                "view": components or discord.utils.MISSING,
                "allowed_mentions": mentions,
                **({"file": file} if file is not None else {}),
            }

        last = self.editors.of(table.id, table.board_message_id)
        via = next(
            (
                hook
                for hook in (via, last.hook if last is not None else None)
                if follow_up and hook is not None and hook.channel_id == table.channel_id and hook.lives()
            ),
            None,
        )
        if via is not None:
            try:
                file = await self.pictures.board(table) if picture else None
                message = await via.webhook(self.bot).send(content, wait=True, **sent(file))
                self.editors.keep(table.id, message.id, via, message.id)
                return message
            except discord.HTTPException as error:
                log.info(
                    "table %s: posting through the press's webhook failed (%s); posting as the bot", table.id, error
                )
        file = await self.pictures.board(table) if picture else None
        channel = await self.channel_of(table)
        return await channel.send(content, nonce=nonce(table.id, table.version, "board"), **sent(file))

    async def edit(
        self,
        table: TableRecord,
        message_id: int,
        *,
        content: str = discord.utils.MISSING,
        view: discord.ui.View | None = discord.utils.MISSING,
        allowed_mentions: discord.AllowedMentions,
        picture: bool = False,
    ) -> None:
        """Edit one of the table's messages (its board or lobby): through the interaction webhook
        that can, while its token lives (bot/discord_app/delivery/hooks.py), else with the bot's own request.
        What is not given stays as it is. `picture`: the table's new picture replaces the message's."""

        async def attachments() -> list[discord.File]:
            """Drawn for each request: a file is used up by the one that sends it."""
            file = await self.pictures.board(table) if picture else None
            return [file] if file is not None else discord.utils.MISSING

        editor = self.editors.of(table.id, message_id)
        if editor is not None:
            try:
                await editor.hook.webhook(self.bot).edit_message(
                    editor.target,  # type: ignore[arg-type]  # discord.py types an id as an int; ORIGINAL names one
                    content=content,
                    view=view,
                    allowed_mentions=allowed_mentions,
                    attachments=await attachments(),
                )
                return
            except discord.HTTPException as error:  # the token died early: the bot's own request then
                log.info("table %s: editing through a webhook failed (%s)", table.id, error)
                self.editors.forget(table.id)
        channel = await self.channel_of(table)
        await channel.get_partial_message(message_id).edit(
            content=content, view=view, allowed_mentions=allowed_mentions, attachments=await attachments()
        )
