"""Interactions' webhooks: the way to show a move in the channel without spending the bot's share of
Discord's global rate limit (50 requests a second), which interaction requests do not count against.

An interaction's token lives 15 minutes. While it does, a public follow-up sent with it is a message
in the interaction's channel, and that message (or the one the interaction's component was on, once
the press was answered with a deferred update) can be edited through the same token. So a board
posted as the follow-up of the press that made the move is edited through that press's token by the
next moves, the clock's and the DM presses' alike, for 15 minutes; after that, or after a restart
(tokens are kept in memory only), the bot's own channel requests take over.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import discord

LIVES = 14 * 60  # seconds a token is used for: Discord's 15 minutes, less a margin for a slow request
ORIGINAL = "@original"  # the interaction's own message: its response, or the message its component was on


@dataclass(frozen=True)
class Hook:
    """One interaction's webhook: its application, its token, when it was made and where."""

    application_id: int
    token: str
    made: float  # wall-clock time of the interaction, from its snowflake
    channel_id: int | None

    @classmethod
    def of(cls, interaction: discord.Interaction) -> "Hook":
        return cls(
            interaction.application_id, interaction.token, interaction.created_at.timestamp(), interaction.channel_id
        )

    @classmethod
    def answering(cls, via: str | None) -> "Hook | None":
        """The press an outbox row's texts were answered by, as `answered_by` (bot/discord_app/play.py) wrote
        it, `application:token:time`; None if the row names none."""
        try:
            application, token, at = (via or "").split(":")
            return cls(int(application), token, float(at), None) if token else None
        except ValueError:
            return None

    def lives(self) -> bool:
        return time.time() - self.made < LIVES

    def webhook(self, client: discord.Client) -> discord.Webhook:
        return discord.Webhook.partial(self.application_id, self.token, client=client)


@dataclass(frozen=True)
class Editor:
    """A table's board (or lobby) message and the webhook that can edit it."""

    message_id: int
    hook: Hook
    target: int | str  # the message's id in that webhook: its own id, or ORIGINAL


class Editors:
    """Per table: the webhook its board message can be edited through, while the token lives."""

    def __init__(self) -> None:
        self._by_table: dict[int, Editor] = {}

    def keep(self, table_id: int, message_id: int, hook: Hook, target: int | str) -> None:
        known = self._by_table.get(table_id)
        if known is None or known.message_id != message_id or known.hook.made <= hook.made:  # the youngest token
            self._by_table[table_id] = Editor(message_id, hook, target)

    def original(self, table_id: int, message_id: int, interaction: discord.Interaction) -> None:
        """The message is the interaction's own: its response, or the message its component was
        on, once answered with a deferred update."""
        self.keep(table_id, message_id, Hook.of(interaction), ORIGINAL)

    def of(self, table_id: int, message_id: int | None) -> Editor | None:
        editor = self._by_table.get(table_id)
        if editor is None or editor.message_id != message_id or not editor.hook.lives():
            return None
        return editor

    def forget(self, table_id: int) -> None:
        self._by_table.pop(table_id, None)
