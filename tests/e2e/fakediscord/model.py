"""What the fake Discord holds: guilds, their channels, users, messages, and their JSON payloads.
Every guild channel knows its guild, and every payload names the guild of the channel it is about.

Payloads follow Discord's API v10 shapes closely enough for discord.py to parse them without
special cases (member payloads carry `flags`, interaction payloads `attachment_size_limit`).
"""

from __future__ import annotations

import itertools
import mimetypes
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

import discord

from .forge import ForgedActions
from .limits import FLAG_COMPONENTS_V2, FLAG_LOADING
from .users import UserActions

if TYPE_CHECKING:
    from .server import FakeDiscord

DISCORD_EPOCH_MS = 1420070400000
TEXT_CHANNEL, DM_CHANNEL, PUBLIC_THREAD = 0, 1, 11
EDITABLE_FLAGS = (1 << 2) | FLAG_COMPONENTS_V2


class Snowflakes:
    """Increasing snowflake ids with real timestamps, as Discord makes them."""

    def __init__(self) -> None:
        self._counter = itertools.count()
        self._last = 0

    def next(self) -> int:
        stamp = int(time.time() * 1000) - DISCORD_EPOCH_MS
        value = (stamp << 22) | (next(self._counter) & 0xFFF)
        self._last = max(value, self._last + 1)
        return self._last

    def on_shard(self, shard: int, shard_count: int) -> int:
        """The next id of a guild whose events go on `shard` of `shard_count` ((id >> 22) % count):
        its timestamp moved on by under `shard_count` ms."""
        if not 0 <= shard < shard_count:
            raise ValueError(f"shard {shard} is not one of the {shard_count} shards")
        value = self.next()
        stamp = value >> 22
        if stamp % shard_count != shard:
            stamp += (shard - stamp) % shard_count
            self._last = value = stamp << 22
        return value


def iso_now() -> str:
    return datetime.now(timezone.utc).isoformat()


@dataclass(eq=False)
class FakeRole:
    id: int
    name: str
    permissions: discord.Permissions
    position: int = 0

    def payload(self) -> dict:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions.value),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0},
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
            "icon": None,
            "unicode_emoji": None,
        }


@dataclass(eq=False)
class FakeAttachment:
    id: int
    filename: str
    data: bytes
    content_type: str
    description: str | None = None

    def payload(self, base_url: str, channel_id: int) -> dict:
        url = f"{base_url}/attachments/{channel_id}/{self.id}/{self.filename}"
        out = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            out["description"] = self.description
        return out

    @staticmethod
    def guess_type(filename: str) -> str:
        return mimetypes.guess_type(filename)[0] or "application/octet-stream"


class FakeUser(UserActions, ForgedActions):
    """A person (or the bot) on the fake Discord. Actions a user takes live in users.py, forged
    ones (a modified client) in forge.py. A person is a member of one guild, `guild`; the bot is
    a member of every guild (its `guild` is None)."""

    def __init__(
        self,
        fake: FakeDiscord,
        id: int,
        name: str,
        *,
        bot: bool = False,
        roles: tuple[FakeRole, ...] = (),
        dms_open: bool = True,
        guild: FakeGuild | None = None,
    ) -> None:
        self.fake, self.id, self.name, self.bot = fake, id, name, bot
        self.guild = guild
        self.roles = list(roles)
        self.dms_open = dms_open
        self.joined_at = iso_now()
        self._dm: FakeChannel | None = None
        self.open_modal = None

    def __repr__(self) -> str:
        return f"<FakeUser {self.name} {self.id}>"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @property
    def permissions(self) -> discord.Permissions:
        """What this member may do in their guild."""
        return self.permissions_in(self.guild or self.fake.guild)

    def permissions_in(self, guild: FakeGuild) -> discord.Permissions:
        perms = discord.Permissions(guild.everyone.permissions.value)
        for role in self.roles:
            if role in guild.roles:
                perms |= role.permissions
        if perms.administrator or guild.owner_id == self.id:
            return discord.Permissions.all()
        return perms

    @property
    def dm_channel(self) -> FakeChannel:
        """The DM channel between this user and the bot (created on first use, like Discord)."""
        if self._dm is None:
            self._dm = self.fake.add_dm_channel(self)
        return self._dm

    def payload(self) -> dict:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name.title(),
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
            "collectibles": None,
            "primary_guild": None,
        }

    def member_payload(
        self, *, with_user: bool = True, with_permissions: bool = False, guild: FakeGuild | None = None
    ) -> dict:
        guild = guild or self.guild or self.fake.guild
        out: dict[str, Any] = {
            "roles": [str(r.id) for r in self.roles if r in guild.roles],
            "joined_at": self.joined_at,
            "nick": None,
            "avatar": None,
            "banner": None,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            out["user"] = self.payload()
        if with_permissions:
            out["permissions"] = str(self.permissions_in(guild).value)
        return out


class FakeChannel:
    """A guild text channel, a thread, or a DM. `messages()` is what everyone in it sees.
    `guild` is the guild it belongs to (None for a DM)."""

    def __init__(
        self,
        fake: FakeDiscord,
        id: int,
        name: str,
        type: int = TEXT_CHANNEL,
        *,
        recipient: FakeUser | None = None,
        parent: FakeChannel | None = None,
        guild: FakeGuild | None = None,
    ) -> None:
        self.fake, self.id, self.name, self.type = fake, id, name, type
        self.recipient, self.parent = recipient, parent
        self.guild = guild
        self.all_messages: list[FakeMessage] = []
        # the bot's member overwrite here (perms.py: `deny_bot`, `allow_bot`); a thread has none
        self.bot_allow, self.bot_deny = discord.Permissions.none(), discord.Permissions.none()

    def __repr__(self) -> str:
        return f"<FakeChannel #{self.name} {self.id}>"

    @property
    def is_dm(self) -> bool:
        return self.type == DM_CHANNEL

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def messages(self) -> list[FakeMessage]:
        """Messages everyone in the channel sees (no ephemeral ones, nothing deleted), oldest first."""
        return [m for m in self.all_messages if not m.deleted and m.ephemeral_to is None]

    def can_see(self, user: FakeUser) -> bool:
        """Whether Discord would deliver an interaction from `user` in this channel at all: their own
        DM, or a channel of a guild they are a member of."""
        return self.recipient is user if self.is_dm else user in self.guild.members

    def last_message(self) -> FakeMessage:
        shown = self.messages()
        assert shown, f"{self!r} has no messages"
        return shown[-1]

    def payload(self) -> dict:
        if self.is_dm:
            return {
                "id": str(self.id),
                "type": DM_CHANNEL,
                "last_message_id": None,
                "flags": 0,
                "recipients": [self.recipient.payload()],
            }
        out = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "position": 0,
            "permission_overwrites": self._overwrites(),
            "nsfw": False,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
            "parent_id": str(self.parent.id) if self.parent else None,
        }
        if self.type == PUBLIC_THREAD:
            out.update(
                owner_id=str(self.fake.bot_user.id),
                member_count=1,
                message_count=0,
                thread_metadata={
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "locked": False,
                    "archive_timestamp": iso_now(),
                },
            )
        return out

    def _overwrites(self) -> list[dict]:
        if not (self.bot_allow.value or self.bot_deny.value):
            return []
        return [
            {
                "id": str(self.fake.bot_user.id),
                "type": 1,
                "allow": str(self.bot_allow.value),  # 1: a member's
                "deny": str(self.bot_deny.value),
            }
        ]


class FakeMessage:
    """One message as its readers see it now (edits apply in place; `deleted` once deleted)."""

    def __init__(
        self,
        fake: FakeDiscord,
        id: int,
        channel: FakeChannel,
        author: FakeUser,
        body: dict,
        attachments: list[FakeAttachment],
        *,
        ephemeral_to: FakeUser | None = None,
        interaction: Any = None,
        forged: bool = False,
    ) -> None:
        self.fake, self.id, self.channel, self.author = fake, id, channel, author
        self.attachments = attachments
        self.ephemeral_to = ephemeral_to
        # made up for a forged interaction (forge.py): nobody reads it, only the bot gets it
        self.forged = forged
        self.interaction = interaction
        self.timestamp = iso_now()
        self.edited_timestamp: str | None = None
        self.deleted = False
        self.history: list[dict] = []
        self.content: str = ""
        self.embeds: list[dict] = []
        self.components: list[dict] = []
        self.flags = 0
        self.extra: dict = {}
        # the create's nonce (nonces.py), which Discord echoes in the message it made
        self.nonce: str | None = None if body.get("nonce") is None else str(body["nonce"])
        self.apply(body, attachments=attachments, edit=False)

    def __repr__(self) -> str:
        where = f"ephemeral to {self.ephemeral_to.name}" if self.ephemeral_to else repr(self.channel)
        return f"<FakeMessage {self.id} in {where}: {self.text[:60]!r}>"

    def apply(self, body: dict, *, attachments: list[FakeAttachment] | None, edit: bool) -> None:
        if edit:
            self.history.append(self.payload())
            self.edited_timestamp = iso_now()
        if "content" in body or not edit:
            self.content = body.get("content") or ""
        if "embeds" in body or not edit:
            self.embeds = list(body.get("embeds") or [])
        if "components" in body or not edit:
            self.components = _number_components(body.get("components") or [])
        if "flags" in body or not edit:
            # an edit may only switch embed suppression and components v2; the rest stays as created
            flags = body.get("flags") or 0
            self.flags = (self.flags & ~EDITABLE_FLAGS) | (flags & EDITABLE_FLAGS) if edit else flags
        if attachments is not None:
            self.attachments = attachments
        for key in ("allowed_mentions", "message_reference", "poll", "sticker_ids", "tts"):
            if key in body:
                self.extra[key] = body[key]

    # What a reader sees -------------------------------------------------------------------------

    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_to is not None

    @property
    def loading(self) -> bool:
        return bool(self.flags & FLAG_LOADING)

    @property
    def text(self) -> str:
        """Content plus the text of every embed and text display, for simple assertions."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            parts += [f"{f.get('name', '')}: {f.get('value', '')}" for f in embed.get("fields") or []]
            parts.append((embed.get("footer") or {}).get("text") or "")
        parts += [c.get("content") or "" for c in self.walk_components() if c.get("type") == 10]
        return "\n".join(p for p in parts if p)

    def walk_components(self) -> list[dict]:
        out, stack = [], list(reversed(self.components))
        while stack:
            comp = stack.pop()
            out.append(comp)
            inner = list(comp.get("components") or []) + [comp[k] for k in ("accessory",) if comp.get(k)]
            stack += reversed(inner)
        return out

    def buttons(self) -> list[dict]:
        return [c for c in self.walk_components() if c.get("type") == 2]

    def button_labels(self) -> list[str]:
        return [b.get("label") or "" for b in self.buttons()]

    def selects(self) -> list[dict]:
        return [c for c in self.walk_components() if c.get("type") in (3, 5, 6, 7, 8)]

    def files(self) -> dict[str, bytes]:
        return {a.filename: a.data for a in self.attachments}

    # Wire format ---------------------------------------------------------------------------------

    def payload(self) -> dict:
        fake = self.fake
        out: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": bool(self.extra.get("tts", False)),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload(fake.http_base, self.channel.id) for a in self.attachments],
            "embeds": self.embeds,
            "pinned": False,
            "type": 0,
            "flags": self.flags,
            "components": self.components,
        }
        if self.interaction is not None:
            inter = self.interaction
            out["type"] = 20 if inter.type == 2 else 0
            out["webhook_id"] = str(fake.application_id)
            out["application_id"] = str(fake.application_id)
            out["interaction_metadata"] = inter.metadata_payload()
        if "message_reference" in self.extra:
            out["message_reference"] = self.extra["message_reference"]
        if self.nonce is not None:
            out["nonce"] = self.nonce
        return out

    def gateway_payload(self) -> dict:
        out = self.payload()
        if not self.channel.is_dm:
            out["guild_id"] = str(self.channel.guild.id)
            out["member"] = self.author.member_payload(with_user=False)
        return out


def _number_components(components: list[dict]) -> list[dict]:
    """Discord numbers every component of a message (the `id` field) when the bot leaves it out."""
    counter = itertools.count(1)

    def number(comp: dict) -> dict:
        comp = dict(comp)
        comp.setdefault("id", next(counter))
        if comp.get("components"):
            comp["components"] = [number(c) for c in comp["components"]]
        for key in ("accessory", "component"):
            if comp.get(key):
                comp[key] = number(comp[key])
        return comp

    return [number(c) for c in components]


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner_id: int
    everyone: FakeRole
    roles: list[FakeRole] = field(default_factory=list)
    channels: list[FakeChannel] = field(default_factory=list)
    members: list[FakeUser] = field(default_factory=list)
    moderator_role: FakeRole | None = None  # what add_user(moderator=True) gives in this guild

    def __repr__(self) -> str:
        return f"<FakeGuild {self.name} {self.id}>"

    def payload(self, fake: FakeDiscord) -> dict:
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in [self.everyone, *self.roles]],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "max_members": 500000,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "safety_alerts_channel_id": None,
            "joined_at": iso_now(),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "lazy": True,
            "members": [fake.bot_user.member_payload(guild=self)],
            "channels": [c.payload() for c in self.channels if c.type != PUBLIC_THREAD],
            "threads": [c.payload() for c in self.channels if c.type == PUBLIC_THREAD],
        }
