"""Forged interactions: what a user with a modified client can send. Any custom id, from any
channel they are in (a channel of their guild, their own DM with the bot), whatever messages
exist, with none of the Discord client's checks (no UserCannot): a button that is not on any
message they can see, a select value that was never offered, a modal that was never opened.

Real Discord attaches the message the component is on. A forged click or select carries a
made-up bot message in that channel whose only component has exactly that custom id (and the
values as options), so that discord.py dispatches it as if it were genuine: the worst case. That
message is not in `channel.messages()` (nobody reads it); the bot may still answer by editing it.

Each returns the FakeInteraction like any other action, held to the same rules: the bot must
acknowledge within 3 seconds (an unanswered forgery is a recorded 10062 that fails the test).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from .interactions import COMMAND, COMPONENT, MODAL_SUBMIT, FakeInteraction
from .limits import FLAG_EPHEMERAL

if TYPE_CHECKING:
    from .model import FakeChannel, FakeMessage
    from .server import FakeDiscord

BUTTON, STRING_SELECT = 2, 3


class ForgedActions:
    fake: FakeDiscord
    name: str
    id: int
    home_channel: Any  # users.py

    def _where(self, channel: FakeChannel | None) -> FakeChannel:
        channel = channel or self.home_channel()
        # not a client check: Discord itself delivers nothing from a channel the user is not in
        if not channel.can_see(self):
            raise ValueError(
                f"{self.name} is not in {channel!r}: Discord would deliver no interaction from there "
                "(make them a member of its guild, or use their own DM)"
            )
        return channel

    def forged_message(self, channel: FakeChannel, component: dict, *, ephemeral: bool = False) -> FakeMessage:
        """A bot message in `channel` holding only `component`, that nobody reads; `ephemeral`: as if
        it were an ephemeral reply to this user (their own "My hand", say)."""
        from .model import FakeMessage

        fake = self.fake
        body = {
            "content": "",
            "components": [{"type": 1, "components": [component]}],
            "flags": FLAG_EPHEMERAL if ephemeral else 0,
        }
        message = FakeMessage(
            fake,
            fake.ids.next(),
            channel,
            fake.bot_user,
            body,
            [],
            ephemeral_to=self if ephemeral else None,
            forged=True,
        )
        return fake.store_message(message)

    async def forge_slash(
        self, command: str, /, *, channel: FakeChannel | None = None, **options: Any
    ) -> FakeInteraction:
        """`/command` with option values the client would never send (a number past its range, a text
        past its length): only the command and its options' names must exist."""
        channel = self._where(channel)
        data, leaf_defs = self._command_data(command, channel)
        types = {d["name"]: d["type"] for d in leaf_defs}
        self._attach(data, [{"name": name, "type": types[name], "value": value} for name, value in options.items()])
        inter = FakeInteraction(
            self.fake,
            type=COMMAND,
            user=self,
            channel=channel,
            data=data,
            what=f"forged /{command} by {self.name} in {channel!r}",
        )
        return await self.fake.run_interaction(inter)

    async def forge_click(
        self,
        custom_id: str,
        *,
        channel: FakeChannel | None = None,
        message: FakeMessage | None = None,
        ephemeral: bool = False,
    ) -> FakeInteraction:
        """Press a button with `custom_id` in `channel` (default: the user's first guild channel),
        on `message` if given (as it is, even if it has no such button), else on a forged message."""
        channel = self._where(channel)
        if message is None:
            button = {"type": BUTTON, "style": 1, "label": "?", "custom_id": custom_id}
            message = self.forged_message(channel, button, ephemeral=ephemeral)
        data = {"custom_id": custom_id, "component_type": BUTTON}
        inter = FakeInteraction(
            self.fake,
            type=COMPONENT,
            user=self,
            channel=channel,
            data=data,
            message=message,
            what=f"forged click {custom_id!r} by {self.name} in {channel!r}",
        )
        return await self.fake.run_interaction(inter)

    async def forge_select(
        self,
        custom_id: str,
        values: Iterable[Any],
        *,
        channel: FakeChannel | None = None,
        message: FakeMessage | None = None,
        ephemeral: bool = False,
    ) -> FakeInteraction:
        """Pick `values` (any strings, offered or not) in a string select with `custom_id`."""
        channel = self._where(channel)
        values = [str(v) for v in values]
        if message is None:
            options = [{"label": (v or "?")[:100], "value": v} for v in dict.fromkeys(values)][:25] or [
                {"label": "?", "value": "?"}
            ]
            select = {
                "type": STRING_SELECT,
                "custom_id": custom_id,
                "options": options,
                "min_values": 0,
                "max_values": max(1, min(len(values), 25)),
            }
            message = self.forged_message(channel, select, ephemeral=ephemeral)
        data = {"custom_id": custom_id, "component_type": STRING_SELECT, "values": values}
        inter = FakeInteraction(
            self.fake,
            type=COMPONENT,
            user=self,
            channel=channel,
            data=data,
            message=message,
            what=f"forged select {custom_id!r} {values!r} by {self.name} in {channel!r}",
        )
        return await self.fake.run_interaction(inter)

    async def forge_modal(
        self,
        custom_id: str,
        fields: dict[str, str],
        *,
        channel: FakeChannel | None = None,
        message: FakeMessage | None = None,
    ) -> FakeInteraction:
        """Submit a modal with `custom_id` and text fields {field custom_id: value} (any length), as
        if opened from `message` (None: as if opened by a slash command)."""
        channel = self._where(channel)
        rows = [
            {"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]} for key, value in fields.items()
        ]
        data = {"custom_id": custom_id, "components": rows}
        inter = FakeInteraction(
            self.fake,
            type=MODAL_SUBMIT,
            user=self,
            channel=channel,
            data=data,
            message=message,
            what=f"forged modal {custom_id!r} by {self.name} in {channel!r}",
        )
        return await self.fake.run_interaction(inter)
