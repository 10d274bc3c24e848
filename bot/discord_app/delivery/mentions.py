"""Who a message may ping. The bot's default is nobody (`AllowedMentions.none()`, set on the
client); a message that pings names its users explicitly, so no text a player wrote (a question,
a name, an answer) can ever ping @everyone, @here, a role or anyone else."""

from __future__ import annotations

from collections.abc import Iterable

import discord

NOBODY = discord.AllowedMentions.none()


def pinging(users: Iterable[int]) -> discord.AllowedMentions:
    """Ping exactly these users, and nothing a text mentions besides them."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(user) for user in users]
    )
