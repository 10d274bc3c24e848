"""Mention auditing: who a message the bot sent would ping, by Discord's rules.

Discord parses mentions from a message's `content` (and, for components v2, its text displays;
never from embeds). What pings is then decided by `allowed_mentions`:
- absent: every mention in the text pings: users, roles, @everyone and @here, and the author of
  the message replied to;
- present: `parse` lists the kinds that ping from the text ("users", "roles", "everyone", the
  last covering @here too); `users` and `roles` are allow-lists of ids, which ping only if the
  text mentions them; the replied-to author pings only with `replied_user: true`.
The bot has Mention Everyone (perms.BOT_PERMISSIONS), so roles that are not mentionable and
@everyone/@here ping when allowed. Mentions inside code spans are counted too: stricter than the
client's rendering, never laxer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .model import FakeMessage, FakeUser

USER = re.compile(r"<@!?(\d+)>")
ROLE = re.compile(r"<@&(\d+)>")
TEXT_DISPLAY = 10


def mentionable_text(body: dict) -> str:
    """The text Discord parses mentions from: the content and any text displays."""
    parts = [body.get("content") or ""]
    stack = list(body.get("components") or [])
    while stack:
        comp = stack.pop()
        if comp.get("type") == TEXT_DISPLAY:
            parts.append(comp.get("content") or "")
        stack += list(comp.get("components") or []) + [comp[k] for k in ("accessory", "component") if comp.get(k)]
    return "\n".join(parts)


def pings(text: str, allowed: dict | None, *, replied_user: int | None = None) -> set[str]:
    """What `text` sent with `allowed` (a body's allowed_mentions, None if absent) would ping:
    "everyone", "here", "role:<id>", "user:<id>"."""
    if allowed is None:
        parse, users, roles, replied = {"users", "roles", "everyone"}, set(), set(), True
    else:
        parse = set(allowed.get("parse") or [])
        users = {int(u) for u in allowed.get("users") or []}
        roles = {int(r) for r in allowed.get("roles") or []}
        replied = bool(allowed.get("replied_user", False))
    out = {f"user:{u}" for u in USER.findall(text) if "users" in parse or int(u) in users}
    out |= {f"role:{r}" for r in ROLE.findall(text) if "roles" in parse or int(r) in roles}
    if "everyone" in parse:
        out |= {kind for kind in ("everyone", "here") if f"@{kind}" in text}
    if replied_user is not None and replied:
        out.add(f"user:{replied_user}")
    return out


@dataclass
class MessageRequest:
    """One accepted request of the bot that created or edited a message."""

    method: str
    route: str  # Discord's OpenAPI path template
    body: dict  # for an interaction callback, its `data`
    message: FakeMessage  # the message as it reads now
    body_pings: set[str]  # FakeDiscord.pings(body): as if posted in a guild channel

    @property
    def content(self) -> str | None:
        return self.body.get("content")

    @property
    def allowed_mentions(self) -> dict | None:
        return self.body.get("allowed_mentions")

    @property
    def reader(self) -> FakeUser | None:
        """The one person who sees the message (a DM, an ephemeral message), or None."""
        if self.message.ephemeral_to is not None:
            return self.message.ephemeral_to
        return self.message.channel.recipient if self.message.channel.is_dm else None

    @property
    def pings(self) -> set[str]:
        """Who is notified because of the mentions. A message only one person sees notifies nobody
        through its mentions: a DM notifies its reader anyway, an ephemeral message nobody."""
        return set() if self.reader is not None else set(self.body_pings)

    @property
    def explicit_users(self) -> set[int]:
        """Users the bot named in allowed_mentions.users (its deliberate pings)."""
        return {int(u) for u in (self.allowed_mentions or {}).get("users") or []}

    def __repr__(self) -> str:
        return (
            f"<{self.method} {self.route} in {self.message.channel!r}: {(self.content or '')[:80]!r} "
            f"allowed_mentions={self.allowed_mentions} pings={sorted(self.pings)}>"
        )
