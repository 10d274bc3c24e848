"""Discord text as the web page shows it: no Markdown marks, the players by their seats' names (no
Discord id reaches the page), Discord's timestamps as UTC times. The result is plain text: the page
escapes it (bot/web/page.py), nothing in it is ever read as HTML."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime

from bot.cli.terminal import plain

_USER = re.compile(r"<@!?(\d+)>")
_ROLE = re.compile(r"<@&\d+>")
_CHANNEL = re.compile(r"<#\d+>")
_EMOJI = re.compile(r"<a?(:\w+:)\d+>")
_STAMP = re.compile(r"<t:(-?\d+)(?::[tTdDfFR])?>")
SOMEONE = "a member"  # a user who holds no seat (a moderator, a player who left)


def utc_iso(seconds: float) -> str:
    """`2025-01-31T18:00:00Z`: what a <time datetime> holds."""
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def utc_text(seconds: float) -> str:
    """`2025-01-31 18:00 UTC`: a time as the page writes it (a later step shows the reader's zone)."""
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")


def web_text(text: str, names: Mapping[int, str]) -> str:
    """`text` as plain text: a mention of a seated user is their seat's name (`names`, by user id),
    any other user is "a member"; roles, channels, custom emoji and timestamps are written out."""
    text = _USER.sub(lambda m: "@" + names.get(int(m[1]), SOMEONE), text)
    text = _ROLE.sub("@a role", text)
    text = _CHANNEL.sub("#the table's channel", text)
    text = _EMOJI.sub(r"\1", text)
    text = _STAMP.sub(lambda m: utc_text(int(m[1])), text)
    return plain(text)
