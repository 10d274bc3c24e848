"""Discord's nonce rule for creating channel messages.

A create (`POST /channels/{id}/messages`) with a `nonce` and `enforce_nonce: true` that repeats the
nonce of a message the same author created in the same channel within a few minutes creates nothing:
Discord answers with the message that exists. That is what lets a bot send a message again after a
crash without knowing whether the first request got through. discord.py sends `enforce_nonce: true`
with every nonce (and makes up a random nonce when it is given none).

Discord documents the window as "a few minutes"; the fake keeps a nonce for NONCE_WINDOW seconds of
its own clock (`FakeDiscord.now()`, which a test can move on with `advance_clock`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .wire import invalid_form

if TYPE_CHECKING:
    from .model import FakeChannel, FakeMessage, FakeUser
    from .server import FakeDiscord

NONCE_WINDOW = 300.0
NONCE_LENGTH = 25  # Discord refuses a longer nonce (50035)


@dataclass
class Repeat:
    """A create answered with an existing message: what was sent, and what it was answered with."""

    body: dict
    message: FakeMessage


@dataclass
class Nonces:
    fake: FakeDiscord
    _seen: dict[tuple[int, int, str], tuple[float, FakeMessage]] = field(default_factory=dict)
    repeats: list[Repeat] = field(default_factory=list)  # every create answered with an existing message

    @staticmethod
    def of(body: dict) -> str | None:
        nonce = body.get("nonce")
        if nonce is None:
            return None
        nonce = str(nonce)
        if len(nonce) > NONCE_LENGTH:
            raise invalid_form([("nonce", f"a nonce has at most {NONCE_LENGTH} characters, got {len(nonce)}")])
        return nonce

    def existing(self, channel: FakeChannel, author: FakeUser, body: dict) -> FakeMessage | None:
        """The message this create repeats, if Discord would answer with it instead of creating one."""
        nonce = self.of(body)
        if nonce is None or body.get("enforce_nonce") is not True:
            return None
        found = self._seen.get((channel.id, author.id, nonce))
        if found is None:
            return None
        created, message = found
        if self.fake.now() - created > NONCE_WINDOW or message.deleted:
            return None
        self.repeats.append(Repeat(body, message))
        return message

    def remember(self, channel: FakeChannel, author: FakeUser, body: dict, message: FakeMessage) -> None:
        """A message was created: a repeat of its nonce that enforces it is answered with it (the
        first message need not have enforced its nonce)."""
        nonce = self.of(body)
        if nonce is not None:
            self._seen[(channel.id, author.id, nonce)] = (self.fake.now(), message)
