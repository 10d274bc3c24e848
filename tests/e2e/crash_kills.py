"""When and how the crash test kills the bot: through the fake's message hooks, at a chosen request
of the bot's publishing, or by a timer at a random moment of a move.

The fake answers each message the bot creates in a channel or a DM after 20-100 ms (half before it
makes the message, half after: the request and its answer in transit), as a busy Discord would:
publishing then takes long enough for kills at random moments to land in it often. The kinds:

- "made": right after the fake made the k-th message the bot creates after a move, before the bot
  hears it was made: the delivery must be made again, and its nonce must keep it from showing twice;
- "lost": as the k-th create arrives, before the fake makes it: the message must come after the restart;
- "answered": right after the bot's answer to the player ("✅ ..."): the move is committed and
  nothing of it is published yet;
- "timer": at a random moment within the first 600 ms after the move is sent.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from random import Random

from .fakediscord import FakeDiscord
from .fakediscord.messaging import MessageEvent
from .fakediscord.process import BotProcess
from .fakediscord.wire import Refusal

CREATE = ("POST", "/channels/{channel_id}/messages")
# where a player's move is answered: in the acknowledgement itself, or after a deferral
ANSWERS = {
    ("POST", "/interactions/{interaction_id}/{interaction_token}/callback"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"),
}
KINDS = ("made", "made", "made", "lost", "lost", "answered", "timer", "timer")
DELAY = (0.02, 0.1)  # seconds the fake takes to answer a message create
TIMER = 0.6


@dataclass
class Kill:
    kind: str
    nth: int = 1  # which create after the move (made, lost)
    after: float = 0.0  # seconds after the move is sent (timer)
    creates: int = 0  # creates seen since it was armed

    def __str__(self) -> str:
        return {
            "made": f"after create #{self.nth} was made",
            "lost": f"as create #{self.nth} arrived",
            "answered": "after the answer to the player",
            "timer": f"{self.after:.2f} s after the move",
        }[self.kind]


class KillSwitch:
    def __init__(self, fake: FakeDiscord, bot: BotProcess, chance: Random) -> None:
        self.fake, self.bot, self.chance = fake, bot, chance
        self.armed: Kill | None = None
        self.fired: list[Kill] = []
        self._timer: asyncio.TimerHandle | None = None
        fake.message_hooks.append(self._hook)

    def arm(self) -> Kill:
        """The next move may be the bot's last: pick how it dies."""
        kind = self.chance.choice(KINDS)
        self.armed = Kill(kind, nth=self.chance.choice((1, 1, 1, 2, 3)), after=self.chance.uniform(0.0, TIMER))
        return self.armed

    def disarm(self) -> None:
        self.armed = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    @contextlib.contextmanager
    def held(self):
        """No kill in the block (a table being opened): the armed kill waits for the next move."""
        kill = self.armed
        self.disarm()
        try:
            yield
        finally:
            if kill is not None:
                kill.creates = 0
                self.armed = kill

    def move_sent(self) -> None:
        """The player's move is on its way to the bot (a timer kill starts counting)."""
        if self.armed is not None and self.armed.kind == "timer" and self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(self.armed.after, self._fire)

    def _fire(self) -> None:
        self._timer = None
        if self.armed is not None and self.bot.running:
            self.fired.append(self.armed)
            self.armed = None
            self.bot.kill()

    async def _hook(self, event: MessageEvent) -> None:
        creating = event.route == CREATE and event.action == "create"
        if creating:
            await asyncio.sleep(self.chance.uniform(*DELAY) / 2)
        kill = self.armed
        if kill is not None and self.bot.running:
            if creating and event.stage == "before":
                kill.creates += 1
            due = {
                "made": creating and event.stage == "after" and kill.creates == kill.nth,
                "lost": creating and event.stage == "before" and kill.creates == kill.nth,
                "answered": event.route in ANSWERS
                and event.stage == "after"
                and str(event.body.get("content") or "").startswith("✅"),
            }.get(kill.kind, False)
            if due:
                self._fire()
                if kill.kind == "lost":
                    raise Refusal(503, 0, "the bot's process died before this reached Discord", violation=False)
