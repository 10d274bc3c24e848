"""Permissions on the fake guild: what members, moderators and the bot may do, and what Discord
refuses the bot in a channel where an overwrite takes a permission away from it.

As on Discord (developers/topics/permissions, "Implicit Permissions", "Inherited Permissions"): a
thread has no overwrites of its own and takes its parent's; without View Channel nothing else
counts; without Send Messages (in a thread, Send Messages in Threads) neither Attach Files nor
Embed Links do. Interaction responses and followups go through the interaction's webhook and are
not checked here at all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from .wire import Refusal

if TYPE_CHECKING:
    from .model import FakeChannel
    from .server import FakeDiscord

MEMBER_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    read_message_history=True,
    use_application_commands=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    create_public_threads=True,
    send_messages_in_threads=True,
)
MODERATOR_PERMISSIONS = discord.Permissions(manage_channels=True, manage_messages=True, manage_threads=True)
BOT_PERMISSIONS = discord.Permissions.text() | MEMBER_PERMISSIONS  # the bot's own role in each guild


def _forbidden() -> Refusal:
    # not a broken rule: a correct bot expects it wherever a moderator can take a permission away
    return Refusal(403, 50013, "Missing Permissions", violation=False)


def _no_access() -> Refusal:
    return Refusal(403, 50001, "Missing Access", violation=False)


def _names(names: tuple[str, ...]) -> discord.Permissions:
    unknown = set(names) - set(discord.Permissions.VALID_FLAGS)
    if unknown or not names:
        raise ValueError(f"not permissions: {sorted(unknown) or 'none given'}")
    return discord.Permissions(**{name: True for name in names})


class BotPermissions:
    """The fake's side of it (FakeDiscord inherits it): set the bot's overwrite on a channel, read
    what the bot may do there, and refuse a request the way Discord does."""

    def deny_bot(self: FakeDiscord, channel: FakeChannel, *names: str) -> None:
        """A moderator takes `names` ("attach_files", ...) away from the bot in `channel` (an
        overwrite for the bot's member; a thread takes its parent's). The bot gets CHANNEL_UPDATE."""
        denied = _names(names)
        _overwritable(channel)
        channel.bot_deny |= denied
        channel.bot_allow = discord.Permissions(channel.bot_allow.value & ~denied.value)
        self._announce_overwrite(channel)

    def allow_bot(self: FakeDiscord, channel: FakeChannel, *names: str) -> None:
        """A moderator gives `names` back to the bot in `channel` (an allow in its overwrite)."""
        allowed = _names(names)
        _overwritable(channel)
        channel.bot_allow |= allowed
        channel.bot_deny = discord.Permissions(channel.bot_deny.value & ~allowed.value)
        self._announce_overwrite(channel)

    def _announce_overwrite(self: FakeDiscord, channel: FakeChannel) -> None:
        self.shards.announce("CHANNEL_UPDATE", channel.guild.id, channel.payload)

    def bot_permissions(self: FakeDiscord, channel: FakeChannel) -> discord.Permissions:
        """The bot's permissions in a guild channel or thread: its roles, then its overwrite there
        (the parent's, in a thread), as Discord computes them (without the implicit denials: the
        value an interaction's `app_permissions` carries)."""
        guild = channel.guild
        base = self.bot_user.permissions_in(guild)
        if base.administrator:
            return discord.Permissions.all()
        where = channel.parent or channel
        return discord.Permissions((base.value & ~where.bot_deny.value) | where.bot_allow.value)

    def bot_can(self: FakeDiscord, channel: FakeChannel, permission: str) -> bool:
        """Whether the bot may `permission` in `channel`, implicit denials included."""
        if channel.is_dm:
            return True
        perms = self.bot_permissions(channel)
        if not perms.view_channel:
            return False
        sending = perms.send_messages_in_threads if channel.parent is not None else perms.send_messages
        if permission in ("attach_files", "embed_links") and not sending:
            return False
        if permission == "send_messages" and channel.parent is not None:
            return perms.send_messages_in_threads  # Send Messages has no effect in a thread
        return getattr(perms, permission)

    def refuse_unless(self: FakeDiscord, channel: FakeChannel, *needed: str) -> None:
        """Answer like Discord if the bot may not do what needs `needed` in `channel`: 50001 Missing
        Access without View Channel, else 50013 Missing Permissions (recorded in `missing_permissions`)."""
        if not self.bot_can(channel, "view_channel"):
            self.missing_permissions.append((channel, "view_channel"))
            raise _no_access()
        for permission in needed:
            if not self.bot_can(channel, permission):
                self.missing_permissions.append((channel, permission))
                raise _forbidden()

    def check_create(self: FakeDiscord, channel: FakeChannel, body: dict, files: int) -> dict:
        """A message the bot creates in `channel` with its own token: refused without View Channel,
        Send Messages (in a thread, Send Messages in Threads) or, with files, Attach Files; its
        embeds are dropped without Embed Links, and a message of embeds alone is refused (Discord:
        discord-api-docs#2601). Returns the body as Discord keeps it."""
        self.refuse_unless(channel, "send_messages", *(("attach_files",) if files else ()))
        return self._without_embeds(channel, body, creating=True, files=files)

    def check_edit(self: FakeDiscord, channel: FakeChannel, body: dict, files: int) -> dict:
        """An edit of the bot's own message needs only View Channel (and Attach Files for new
        files); embeds are dropped without Embed Links, as on a create."""
        self.refuse_unless(channel, *(("attach_files",) if files else ()))
        return self._without_embeds(channel, body, creating=False, files=files)

    def _without_embeds(self: FakeDiscord, channel: FakeChannel, body: dict, *, creating: bool, files: int) -> dict:
        if channel.is_dm or not body.get("embeds") or self.bot_can(channel, "embed_links"):
            return body
        if creating and not (body.get("content") or body.get("components") or files or body.get("poll")):
            self.missing_permissions.append((channel, "embed_links"))
            raise _forbidden()
        return {**body, "embeds": []}


def _overwritable(channel: FakeChannel) -> None:
    if channel.is_dm:
        raise ValueError("a DM has no permission overwrites")
    if channel.parent is not None:
        raise ValueError("a thread has no overwrites of its own: change its parent channel's")
