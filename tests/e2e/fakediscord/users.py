"""What a test user can do and see: run a slash command, click, select, submit a modal; read
their DMs and their ephemeral replies. The Discord client refuses what a person cannot do
(unknown option, hidden command, disabled button...): those raise `UserCannot` in the test.

Every action returns the `FakeInteraction` after the bot has finished with it (see
FakeDiscord.run_interaction), so `(await alice.slash("table new", game=a_game())).reply.text`
is what Alice read back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from .interactions import AUTOCOMPLETE, COMMAND, COMPONENT, MODAL_SUBMIT, FakeInteraction

if TYPE_CHECKING:
    from .model import FakeChannel, FakeMessage
    from .server import FakeDiscord

SUBCOMMAND, GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10


class UserCannot(AssertionError):
    """The Discord client would not let this user do that."""


def _key(text: str) -> str:
    return text.lower().replace(" ", "_").replace("-", "_")


class UserActions:
    fake: FakeDiscord
    name: str
    id: int
    guild: Any
    open_modal: tuple[dict, FakeInteraction] | None = None

    def home_channel(self) -> FakeChannel:
        """The first channel of this user's guild: where they act unless told otherwise."""
        return (self.guild or self.fake.guild).channels[0]

    # Reading --------------------------------------------------------------------------------------

    def dms(self) -> list[FakeMessage]:
        """The bot's messages in this user's DMs, oldest first."""
        return self._dm.messages() if self._dm is not None else []

    def ephemerals(self, channel: FakeChannel | None = None) -> list[FakeMessage]:
        """Ephemeral messages only this user sees (optionally in one channel), oldest first."""
        return sorted(
            (
                m
                for m in self.fake.messages.values()
                if m.ephemeral_to is self
                and not m.deleted
                and not m.forged
                and (channel is None or m.channel is channel)
            ),
            key=lambda m: m.id,
        )

    def last_dm(self) -> FakeMessage:
        shown = self.dms()
        if not shown:
            raise AssertionError(f"{self.name} has no DM from the bot")
        return shown[-1]

    def last_ephemeral(self) -> FakeMessage:
        shown = self.ephemerals()
        if not shown:
            raise AssertionError(f"{self.name} has no ephemeral message")
        return shown[-1]

    # Slash commands --------------------------------------------------------------------------------

    async def slash(self, command: str, /, *, channel: FakeChannel | None = None, **options: Any) -> FakeInteraction:
        """Run `/command` ("table new") with options by name, as this user types it in `channel`."""
        channel = self._in(channel)
        data, leaf_defs = self._command_data(command, channel)
        leaf_options, resolved = self._options(command, leaf_defs, options)
        self._attach(data, leaf_options)
        if resolved:
            data["resolved"] = resolved
        inter = FakeInteraction(
            self.fake, type=COMMAND, user=self, channel=channel, data=data, what=f"/{command} by {self.name}"
        )
        return await self.fake.run_interaction(inter)

    async def autocomplete(
        self, command: str, /, *, focused: str, channel: FakeChannel | None = None, **options: Any
    ) -> list[dict]:
        """Type into option `focused` (its partial value among `options`); returns the choices shown."""
        channel = self._in(channel)
        data, leaf_defs = self._command_data(command, channel)
        options.setdefault(focused, "")
        defs = [{**d, "required": False, "choices": None} for d in leaf_defs]
        leaf_options, _ = self._options(command, defs, options)
        for option in leaf_options:
            if option["name"] == focused:
                option["focused"] = True
                option["value"] = str(option["value"])
        self._attach(data, leaf_options)
        inter = FakeInteraction(
            self.fake,
            type=AUTOCOMPLETE,
            user=self,
            channel=channel,
            data=data,
            what=f"autocomplete /{command} {focused} by {self.name}",
        )
        await self.fake.run_interaction(inter)
        return inter.choices or []

    def _in(self, channel: FakeChannel | None) -> FakeChannel:
        """Where the user types: `channel`, else the first channel of their guild."""
        channel = channel or self.home_channel()
        if not channel.can_see(self):
            raise UserCannot(f"{self.name} is not in {channel!r} (not their DM, or not a member of its guild)")
        return channel

    def _command_data(self, command: str, channel: FakeChannel) -> tuple[dict, list[dict]]:
        words = command.split()
        fake = self.fake
        scopes = [None] if channel.is_dm else [channel.guild.id, None]
        top = next(
            (
                fake.commands.get(s, {}).get(f"1:{words[0]}")
                for s in scopes
                if fake.commands.get(s, {}).get(f"1:{words[0]}")
            ),
            None,
        )
        if top is None:
            known = sorted(k[2:] for s in scopes for k in fake.commands.get(s, {}))
            where = "in DMs" if channel.is_dm else "in the guild"
            raise UserCannot(
                f"/{words[0]} is not registered {where} (did the bot sync its commands?); registered: {known}"
            )
        in_dms_too = 1 in (top.get("contexts") or [0, 1, 2]) and top.get("dm_permission") is not False
        if channel.is_dm and not in_dms_too:
            raise UserCannot(f"/{words[0]} cannot be used in DMs")
        needed = top.get("default_member_permissions")
        if needed is not None and not channel.is_dm:
            perms = self.permissions_in(channel.guild)
            if int(needed) & ~perms.value or (int(needed) == 0 and not perms.administrator):
                raise UserCannot(f"{self.name} does not see /{words[0]}: it needs permissions {needed}")
        data: dict = {"id": top["id"], "name": top["name"], "type": 1}
        if top.get("guild_id"):
            data["guild_id"] = top["guild_id"]
        node, path = top, []
        for word in words[1:]:
            child = next((o for o in node.get("options") or [] if o["name"] == word and o["type"] in (1, 2)), None)
            if child is None:
                raise UserCannot(f"/{command}: {node['name']} has no subcommand {word!r}")
            path.append(child)
            node = child
        if any(o["type"] in (SUBCOMMAND, GROUP) for o in node.get("options") or []):
            raise UserCannot(
                f"/{command} needs a subcommand: {[o['name'] for o in node['options'] if o['type'] in (1, 2)]}"
            )
        data["_path"] = path
        return data, list(node.get("options") or [])

    @staticmethod
    def _attach(data: dict, leaf_options: list[dict]) -> None:
        nested = leaf_options
        for step in reversed(data.pop("_path")):
            nested = [{"name": step["name"], "type": step["type"], "options": nested}]
        data["options"] = nested

    def _options(self, command: str, defs: list[dict], given: dict[str, Any]) -> tuple[list[dict], dict]:
        by_name = {d["name"]: d for d in defs}
        by_key = {_key(n): d for n, d in by_name.items()}
        unknown = [k for k in given if k not in by_name and _key(k) not in by_key]
        if unknown:
            raise UserCannot(f"/{command} has no option {unknown}; it has {list(by_name)}")
        chosen = {(by_name.get(k) or by_key[_key(k)])["name"]: v for k, v in given.items()}
        missing = [d["name"] for d in defs if d.get("required") and d["name"] not in chosen]
        if missing:
            raise UserCannot(f"/{command} needs {missing}")
        out, resolved = [], {}
        for d in defs:
            if d["name"] in chosen:
                value = self._option_value(command, d, chosen[d["name"]], resolved)
                out.append({"name": d["name"], "type": d["type"], "value": value})
        return out, resolved

    def _option_value(self, command: str, d: dict, value: Any, resolved: dict) -> Any:
        where, kind = f"/{command} {d['name']}", d["type"]
        choices = d.get("choices") or []
        if choices:
            match = next((c for c in choices if c["value"] == value), None) or next(
                (c for c in choices if c["name"] == value), None
            )
            if match is None:
                raise UserCannot(f"{where}: {value!r} is not one of {[c['value'] for c in choices]}")
            value = match["value"]
        if kind == STRING:
            if not isinstance(value, str):
                raise UserCannot(f"{where} takes text, got {value!r}")
            low, high = d.get("min_length", 0), d.get("max_length", 6000)
            if not low <= len(value) <= high:
                raise UserCannot(f"{where} takes {low} to {high} characters, got {len(value)}")
        elif kind in (INTEGER, NUMBER):
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or kind == INTEGER
                and not isinstance(value, int)
            ):
                raise UserCannot(f"{where} takes a number, got {value!r}")
            if value < d.get("min_value", value) or value > d.get("max_value", value):
                raise UserCannot(f"{where}: {value} is out of {d.get('min_value')}..{d.get('max_value')}")
        elif kind == BOOLEAN:
            if not isinstance(value, bool):
                raise UserCannot(f"{where} takes True or False, got {value!r}")
        elif kind in (USER, MENTIONABLE) and hasattr(value, "member_payload"):
            resolved.setdefault("users", {})[str(value.id)] = value.payload()
            resolved.setdefault("members", {})[str(value.id)] = value.member_payload(
                with_user=False, with_permissions=True
            )
            return str(value.id)
        elif kind in (ROLE, MENTIONABLE) and hasattr(value, "permissions") and hasattr(value, "position"):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return str(value.id)
        elif kind == CHANNEL and hasattr(value, "payload") and hasattr(value, "messages"):
            types = d.get("channel_types")
            if types and value.type not in types:
                raise UserCannot(f"{where} takes channels of types {types}, not {value!r}")
            resolved.setdefault("channels", {})[str(value.id)] = {**value.payload(), "permissions": "0"}
            return str(value.id)
        else:
            raise UserCannot(f"{where}: cannot give {value!r} for an option of type {kind}")
        return value

    # Components -----------------------------------------------------------------------------------

    def _can_see(self, message: FakeMessage) -> None:
        if message.deleted:
            raise UserCannot(f"{message!r} was deleted")
        if message.ephemeral_to is not None and message.ephemeral_to is not self:
            raise UserCannot(f"{self.name} cannot see {message.ephemeral_to.name}'s ephemeral message")
        if message.channel.is_dm and message.channel.recipient is not self:
            raise UserCannot(f"{self.name} cannot see {message.channel.recipient.name}'s DMs")
        if not message.channel.can_see(self):
            raise UserCannot(f"{self.name} is not a member of {message.channel.guild.name}")

    async def click(self, message: FakeMessage, button: str) -> FakeInteraction:
        """Click the button whose label or custom_id is `button`."""
        self._can_see(message)
        found = [b for b in message.buttons() if b.get("custom_id") == button] or [
            b for b in message.buttons() if b.get("label") == button
        ]
        if len(found) != 1:
            raise UserCannot(
                f"{'no' if not found else 'several'} buttons {button!r} on {message!r}; "
                f"labels: {message.button_labels()}"
            )
        target = found[0]
        if target.get("disabled"):
            raise UserCannot(f"button {button!r} is disabled")
        if target.get("style") in (5, 6):
            raise UserCannot(f"button {button!r} is a link or premium button: it sends no interaction")
        data = {"custom_id": target["custom_id"], "component_type": 2}
        inter = FakeInteraction(
            self.fake,
            type=COMPONENT,
            user=self,
            channel=message.channel,
            data=data,
            message=message,
            what=f"click {button!r} by {self.name}",
        )
        return await self.fake.run_interaction(inter)

    async def select(
        self, message: FakeMessage, values: Iterable[Any], *, select: str | None = None
    ) -> FakeInteraction:
        """Pick `values` (option values or labels; users for a user select) in a select menu
        (`select`: its custom_id or placeholder, needed when the message has several)."""
        self._can_see(message)
        menus = [s for s in message.selects() if select is None or select in (s.get("custom_id"), s.get("placeholder"))]
        if len(menus) != 1:
            raise UserCannot(f"{len(menus)} select menus match {select!r} on {message!r}")
        menu, values = menus[0], list(values)
        if menu.get("disabled"):
            raise UserCannot("that select menu is disabled")
        if not menu.get("min_values", 1) <= len(values) <= menu.get("max_values", 1):
            raise UserCannot(
                f"pick {menu.get('min_values', 1)} to {menu.get('max_values', 1)} options, got {len(values)}"
            )
        data: dict[str, Any] = {"custom_id": menu["custom_id"], "component_type": menu["type"]}
        if menu["type"] == 3:
            options = menu.get("options") or []
            picked = []
            for value in values:
                option = next((o for o in options if o["value"] == value), None) or next(
                    (o for o in options if o["label"] == value), None
                )
                if option is None:
                    raise UserCannot(f"{value!r} is not an option: {[o['label'] for o in options]}")
                picked.append(option["value"])
            data["values"] = picked
        elif menu["type"] == 5:
            data["values"] = [str(u.id) for u in values]
            data["resolved"] = {
                "users": {str(u.id): u.payload() for u in values},
                "members": {str(u.id): u.member_payload(with_user=False, with_permissions=True) for u in values},
            }
        else:
            raise UserCannot(f"select menus of type {menu['type']} are not supported by the fake yet")
        inter = FakeInteraction(
            self.fake,
            type=COMPONENT,
            user=self,
            channel=message.channel,
            data=data,
            message=message,
            what=f"select {data['values']} by {self.name}",
        )
        return await self.fake.run_interaction(inter)

    # Modals ---------------------------------------------------------------------------------------

    async def submit_modal(self, values: dict[str, Any] | None = None, /, **by_label: Any) -> FakeInteraction:
        """Fill in the open modal (fields by custom_id, label, or label as a keyword) and submit."""
        if self.open_modal is None:
            raise UserCannot(f"{self.name} has no modal open")
        modal, origin = self.open_modal
        answers = {**(values or {}), **by_label}
        used: set[str] = set()
        components = [self._answer(comp, answers, used) for comp in modal["components"]]
        unknown = set(answers) - used
        if unknown:
            raise UserCannot(f"the modal {modal['title']!r} has no field {sorted(unknown)}")
        self.open_modal = None
        data = {"custom_id": modal["custom_id"], "components": [c for c in components if c is not None]}
        message = origin.message if origin.type == COMPONENT else None
        inter = FakeInteraction(
            self.fake,
            type=MODAL_SUBMIT,
            user=self,
            channel=origin.channel,
            data=data,
            message=message,
            what=f"modal {modal['title']!r} by {self.name}",
        )
        return await self.fake.run_interaction(inter)

    def dismiss_modal(self) -> None:
        self.open_modal = None

    def _answer(self, comp: dict, answers: dict[str, Any], used: set[str]) -> dict | None:
        if comp["type"] == 1:
            field = comp["components"][0]
            return {"type": 1, "components": [self._field(field, field.get("label") or "", answers, used)]}
        if comp["type"] == 18:
            return {"type": 18, "component": self._field(comp["component"], comp.get("label") or "", answers, used)}
        return None

    @staticmethod
    def _field(field: dict, label: str, answers: dict[str, Any], used: set[str]) -> dict:
        key = next((k for k in answers if k == field["custom_id"] or k == label or _key(k) == _key(label)), None)
        if key is not None:
            used.add(key)
        if field["type"] == 4:
            value = answers[key] if key is not None else field.get("value") or ""
            if field.get("required", True) and not value:
                raise UserCannot(f"the modal field {label!r} is required")
            if value and not field.get("min_length", 0) <= len(value) <= field.get("max_length", 4000):
                raise UserCannot(
                    f"the modal field {label!r} takes {field.get('min_length', 0)} to "
                    f"{field.get('max_length', 4000)} characters, got {len(value)}"
                )
            return {"type": 4, "custom_id": field["custom_id"], "value": value}
        picked = list(answers[key]) if key is not None else []
        options = {o["value"] for o in field.get("options") or []}
        if field["type"] == 3 and not set(picked) <= options:
            raise UserCannot(f"the modal field {label!r} has no option {sorted(set(picked) - options)}")
        if field.get("required", True) and not picked:
            raise UserCannot(f"the modal field {label!r} is required")
        return {"type": field["type"], "custom_id": field["custom_id"], "values": picked}
