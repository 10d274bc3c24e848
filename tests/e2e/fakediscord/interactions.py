"""One interaction a user started (slash command, click, select, modal submit, autocomplete).

It records how the bot answered: the acknowledgement type, the reply (`response`), followups, an
opened modal, and what `@original` points at. Tests read `reply` for "what did the user get back".
"""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from .model import FakeChannel, FakeMessage, FakeUser
    from .server import FakeDiscord

PING, COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
# callback types
PONG, MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, AUTOCOMPLETE_RESULT, MODAL = 1, 4, 5, 6, 7, 8, 9
ALLOWED_CALLBACKS = {
    COMMAND: {MESSAGE, DEFERRED_MESSAGE, MODAL},
    COMPONENT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, MODAL},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE},
}
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


class FakeInteraction:
    def __init__(
        self,
        fake: FakeDiscord,
        *,
        type: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict,
        message: FakeMessage | None = None,
        what: str = "",
    ) -> None:
        self.fake = fake
        self.id = fake.ids.next()
        self.token = secrets.token_urlsafe(48)
        self.type, self.user, self.channel, self.data, self.message = type, user, channel, data, message
        self.what = what
        self.created = asyncio.get_running_loop().time()
        self.acked = asyncio.Event()
        self.ack_type: int | None = None
        self.expired = False
        self.response: FakeMessage | None = None
        self.original: FakeMessage | None = None
        self.followups: list[FakeMessage] = []
        self.modal: dict | None = None
        self.choices: list[dict] | None = None
        self.edits_at_ack = 0  # edits the clicked message had when a deferred update acknowledged it
        # the bot's process died before it answered (process.py marks it): not a rule it broke
        self.lost = False
        self.shard: int | None = None  # the gateway shard it reached the bot on

    def __repr__(self) -> str:
        return f"<FakeInteraction {self.what}>"

    # What the user got back ----------------------------------------------------------------------

    @property
    def reply(self) -> FakeMessage | None:
        """The message that answered the user: the response, else the first private followup, else
        (for an update of the clicked message) that message if it was changed, else the first
        followup. (A public followup may be a message for everyone, such as a new board.)"""
        if self.response is not None and not self.response.deleted:
            return self.response
        private = [message for message in self.followups if message.ephemeral_to is not None]
        if private:
            return private[0]
        updated = self.ack_type == UPDATE or (
            self.ack_type == DEFERRED_UPDATE
            and self.message is not None
            and len(self.message.history) > self.edits_at_ack
        )
        if updated or (self.ack_type == DEFERRED_UPDATE and not self.followups):
            return self.message
        return self.followups[0] if self.followups else None

    @property
    def answered(self) -> bool:
        """Whether the bot has said what came of it: an acknowledgement that shows something, or
        after a deferral the answer it promised (the "thinking..." reply filled; after a deferred
        update, an edit of the message or a followup). A bot in another process is busy until then."""
        if self.ack_type is None:
            return False
        if self.ack_type == DEFERRED_MESSAGE:
            return self.original is None or not self.original.loading or self.original.deleted
        if self.ack_type == DEFERRED_UPDATE:
            return bool(self.followups) or (self.message is not None and len(self.message.history) > self.edits_at_ack)
        return True

    @property
    def messages(self) -> list[FakeMessage]:
        """Every message this interaction created (response and followups), in order."""
        return [m for m in [self.response, *self.followups] if m is not None and not m.deleted]

    @property
    def ephemeral(self) -> bool:
        reply = self.reply
        return reply is not None and reply.ephemeral

    # Wire format ---------------------------------------------------------------------------------

    def payload(self) -> dict:
        fake, channel, user = self.fake, self.channel, self.user
        out: dict[str, Any] = {
            "id": str(self.id),
            "application_id": str(fake.application_id),
            "type": self.type,
            "data": self.data,
            "token": self.token,
            "version": 1,
            "locale": "en-US",
            "app_permissions": str(self.app_permissions().value),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "channel_id": str(channel.id),
            "channel": channel.payload(),
        }
        if channel.is_dm:
            out["user"] = user.payload()
            out["context"] = 1
            out["authorizing_integration_owners"] = {"0": "0"}
        else:
            guild = channel.guild
            out["guild_id"] = str(guild.id)
            out["guild"] = {"id": str(guild.id), "locale": "en-US", "features": []}
            out["guild_locale"] = "en-US"
            out["member"] = user.member_payload(with_permissions=True, guild=guild)
            out["context"] = 0
            out["authorizing_integration_owners"] = {"0": str(guild.id)}
        if self.message is not None:
            out["message"] = self.message.payload()
        return out

    def app_permissions(self) -> discord.Permissions:
        """What the bot may do where the interaction was made, overwrites included (Discord's
        `app_permissions`); in a DM, what Discord gives an app there."""
        if self.channel.is_dm:
            return discord.Permissions(
                attach_files=True, embed_links=True, mention_everyone=True, use_external_emojis=True
            )
        return self.fake.bot_permissions(self.channel)

    def metadata_payload(self) -> dict:
        owner = "0" if self.channel.is_dm else str(self.channel.guild.id)
        out: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "user": self.user.payload(),
            "authorizing_integration_owners": {"0": owner},
        }
        if self.type == COMMAND:
            out["name"] = self.data.get("name", "")
            out["command_type"] = 1
        if self.message is not None and self.type in (COMPONENT, MODAL_SUBMIT):
            out["interacted_message_id"] = str(self.message.id)
        return out

    def callback_payload(self) -> dict:
        """The JSON answer to a callback sent `with_response` (discord.py stores the view under
        `response_message_id`, so it must be the id of the message the user will click on)."""
        target = self.original
        interaction: dict[str, Any] = {"id": str(self.id), "type": self.type}
        if target is not None and self.ack_type in (MESSAGE, DEFERRED_MESSAGE, UPDATE):
            interaction.update(
                response_message_id=str(target.id),
                response_message_loading=target.loading,
                response_message_ephemeral=target.ephemeral,
            )
        out: dict[str, Any] = {"interaction": interaction}
        if self.ack_type in (MESSAGE, UPDATE) and target is not None:
            out["resource"] = {"type": self.ack_type, "message": target.payload()}
        return out
