"""Replaying the bot's own custom ids from where they do not belong, for test_attacks_e2e.py.

The ids are harvested from what the bot really sent (lobby, boards, DMs, "My hand & moves",
/table log, the summary, /rules, the forms it opened), never written by hand: the only thing
assumed about their format is the `pt:<kind>:` prefix. Each is then forged (fakediscord/forge.py)
from another server, another channel, by someone else, from another user's DM, and mangled.

An attack passes when the bot answers privately ("🚫" and a reason, or for what anyone may read
anyway, the page itself, to that person only), nothing anyone can see has changed (the tables'
rows, every message of every channel and DM), and nothing was logged at ERROR. Failures are
collected, not raised, so that one run reports every attack the bot lets through; an attack that
changed something rebuilds the scenario, so that later attacks still meet a table as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Awaitable, Callable

import discord

from .fakediscord import (
    DiscordRuleBroken,
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeInteraction,
    FakeMessage,
    FakeRole,
    FakeUser,
)

PREFIX = "pt:"
JUNK = "💥'\";DROP TABLE tables;--<script>%00\u202e"
# Who may read what through the bot's own commands: /hand in the table's channel, /table log
# table:N anywhere in the table's server, /rules anywhere. Someone else pressing those ids there
# may be shown the page (privately) instead of a refusal; everywhere else, and for every other
# kind, the answer must be a refusal.
READABLE = {"hand": "table channel", "log": "server", "rules": "anywhere"}
PLACES = ("another server", "another channel", "another user", "another user's DM")


def kind_of(custom_id: str) -> str:
    return custom_id.split(":")[1] if custom_id.startswith(PREFIX) and custom_id.count(":") >= 1 else "?"


@dataclass
class Harvested:
    """One custom id the bot sent, where, and to whom."""

    slot: str  # what it is in the scenario ("lobby Join"): stable when the scenario is rebuilt
    custom_id: str
    owner: FakeUser  # whom it was sent to (who may press it there)
    origin: FakeChannel  # where it was shown: a guild channel, or the owner's DM
    component: str = "button"  # "button", "select", "form"
    values: list[str] = field(default_factory=list)  # a select's first option
    fields: list[str] = field(default_factory=list)  # a form's field custom ids, in order
    ephemeral: bool = False  # it came on an ephemeral reply (mangled, it is pressed on one like it)
    joins: bool = False  # pressing it in the table's channel is open to anyone and changes the table (Join)
    reopen: Callable[[], Awaitable[Harvested]] | None = None  # a form: open it again for a live id
    opened_on: FakeMessage | None = None  # a form: the message whose button opened it

    @property
    def kind(self) -> str:
        return "form" if self.component == "form" else kind_of(self.custom_id)


def harvest(message: FakeMessage, owner: FakeUser, slot: str) -> dict[str, Harvested]:
    """Every `pt:` button and select on `message`, by slot name "<slot> <label or placeholder>"."""
    found: dict[str, Harvested] = {}
    for button in message.buttons():
        if (button.get("custom_id") or "").startswith(PREFIX):
            name = f"{slot} {button.get('label')}"
            found[name] = Harvested(
                name,
                button["custom_id"],
                owner,
                message.channel,
                ephemeral=message.ephemeral,
                joins=button.get("label") == "Join",
            )
    for select in message.selects():
        if select["custom_id"].startswith(PREFIX):
            name = f"{slot} {select.get('placeholder')}"
            found[name] = Harvested(
                name,
                select["custom_id"],
                owner,
                message.channel,
                "select",
                values=[select["options"][0]["value"]],
                ephemeral=message.ephemeral,
            )
    assert found, f"nothing to harvest on {message!r}"
    return found


def form_fields(modal: dict) -> list[str]:
    """The text fields of a modal the bot opened, in order (classic rows, or labels)."""
    fields = []
    for comp in modal["components"]:
        inner = comp["components"][0] if comp["type"] == 1 else comp.get("component") or {}
        if inner.get("type") == 4:
            fields.append(inner["custom_id"])
    return fields


async def open_form(user: FakeUser, message: FakeMessage, button: str, slot: str) -> Harvested:
    """Press `button` (a genuine click) and harvest the form the bot opens; the user closes it."""
    opened = await user.click(message, button)
    assert opened.modal is not None, f"{button!r} opened no form: {opened.reply}"
    user.dismiss_modal()
    return Harvested(
        slot,
        opened.modal["custom_id"],
        user,
        message.channel,
        "form",
        fields=form_fields(opened.modal),
        reopen=lambda: open_form(user, message, button, slot),
        opened_on=message,
    )


# --- mangled ids -----------------------------------------------------------------------------------


def huge(custom_id: str) -> str:
    """Every number in the id replaced by the largest run of 9s that keeps it within 100
    characters (at least 20 digits: past any 64-bit integer)."""
    parts = custom_id.split(":")
    numbers = [p for p in parts if p.isdigit()]
    if not numbers:
        return (custom_id + ":" + "9" * 32)[:100]
    room = 100 - sum(len(p) for p in parts if not p.isdigit()) - (len(parts) - 1)
    nines = "9" * min(32, room // len(numbers))
    return ":".join(nines if p.isdigit() else p for p in parts)


def mangled(h: Harvested) -> dict[str, str]:
    kind = h.custom_id.split(":")[1] if h.custom_id.count(":") >= 1 else "x"
    rest = h.custom_id.split(":", 2)[2] if h.custom_id.count(":") >= 2 else ""
    return {
        "huge numbers": huge(h.custom_id),
        "junk after the prefix": f"pt:{kind}:{JUNK}"[:100],
        "an unknown kind": f"pt:nope:{rest}"[:100],
    }


EVERYWHERE_JUNK = {"a bare prefix": "pt:", "100 characters of junk": ("pt:" + JUNK * 5)[:100]}


# --- the world the attacks happen in ---------------------------------------------------------------


@dataclass
class World:
    fake: FakeDiscord
    bot: object  # the real_bot runner
    other: FakeGuild  # a second server, where the bot also is
    far: FakeChannel  # a channel of that server
    mallory: FakeUser  # a member of that server only
    side: FakeChannel  # another channel of the table's server
    spectator: FakeUser  # a member of the table's server who is never seated
    role: FakeRole
    table_channel: FakeChannel | None = None
    tables: set[int] = field(default_factory=set)
    players: set[int] = field(default_factory=set)  # everyone ever seated (the only ones who may be pinged)

    @classmethod
    def make(cls, fake: FakeDiscord, real_bot) -> World:
        other = fake.add_guild("Elsewhere")
        far = fake.add_channel("lobby", guild=other)
        return cls(
            fake,
            real_bot,
            other,
            far,
            fake.add_user("mallory", guild=other),
            fake.add_channel("side"),
            fake.add_user("spectator"),
            fake.add_role("Philosophers", discord.Permissions.none()),
        )

    def mass_mentions(self) -> str:
        return f"@everyone @here <@&{self.role.id}> <@{self.spectator.id}> <@{self.mallory.id}>"

    def form_text(self, fields: list[str], length: int | None = None) -> dict[str, str]:
        """A valid question and two different answers (fields in order), full of mentions: the
        place is the only thing wrong with it. `length`: every field that long instead."""
        mentions = self.mass_mentions()
        texts = [f"Sea or mountains? {mentions}"[:300]] + [f"{word} {mentions}"[:80] for word in ("Sea", "Peaks")]
        texts += [f"Field {n} {mentions}"[:80] for n in range(3, len(fields))]
        if length is not None:
            texts = [(f"{n} " + mentions + " ") * (length // len(mentions) + 1) for n in range(len(fields))]
            texts = [text[:length] for text in texts]
        return dict(zip(fields, texts))

    async def snapshot(self) -> dict:
        """What anyone could notice: the tables' rows, which table each channel has, and every
        message of every channel and DM as it reads (content, embeds, buttons, selects, files)."""
        service = getattr(self.bot.client, "service", None)  # None: the tiny bot, which has no tables
        rows, open_in = {}, {}
        for table_id in sorted(self.tables):
            row = await service.get(table_id)
            rows[table_id] = (row.version, row.status, tuple(row.seats), row.state)
        for channel in [c for g in self.fake.guilds for c in g.channels] if service else []:
            table = await service.table_in(channel.id)
            open_in[channel.name] = table and table.id
        shown = {}
        for channel in self.fake.channels.values():
            shown[repr(channel)] = [
                (
                    m.id,
                    m.content,
                    m.embeds,
                    sorted(m.files()),
                    [(c.get("label"), c.get("custom_id"), c.get("disabled", False)) for c in m.buttons()],
                    [(s.get("custom_id"), s.get("disabled", False)) for s in m.selects()],
                )
                for m in channel.messages()
            ]
        return {"rows": rows, "tables in channels": open_in, "messages": shown}


def what_changed(before: dict, after: dict) -> str:
    out = []
    for part in before:
        if before[part] != after[part]:
            keys = [k for k in set(before[part]) | set(after[part]) if before[part].get(k) != after[part].get(k)]
            out.append(f"{part} of {sorted(map(str, keys))}")
    return "; ".join(out)


def private_to(message: FakeMessage | None, user: FakeUser) -> bool:
    """Only `user` reads it: ephemeral to them, or a made-up message in their own DM."""
    if message is None:
        return False
    return message.ephemeral_to is user or (message.forged and message.channel.recipient is user)


# --- running attacks -------------------------------------------------------------------------------

REFUSED, MAY_READ, PUBLIC_VIEW = "refused", "may read", "public view"


class Attacks:
    """Runs attacks against one scenario, collecting every failure."""

    def __init__(self, world: World, rebuild: Callable[[], Awaitable[dict[str, Harvested]]]) -> None:
        self.world, self.rebuild = world, rebuild
        self.ids: dict[str, Harvested] = {}
        self.failures: list[str] = []
        self.sent = 0
        self.spectator_view: Callable[[], Awaitable[str]] | None = None  # hand: what a spectator may see

    def where(self, h: Harvested, place: str) -> tuple[FakeUser, FakeChannel, str]:
        """Who presses, where, and what they should get. A button is pressed on a made-up public
        message (the worst case: an answer by editing it is seen by all), except where the id only
        ever comes on one's own ephemeral reply and may be read there."""
        w = self.world
        readable = READABLE.get(h.kind)
        if place == "another server":
            return w.mallory, w.far, MAY_READ if readable == "anywhere" else REFUSED
        if place == "another channel":
            return h.owner, w.side, MAY_READ if readable in ("server", "anywhere") else REFUSED
        if place == "another user":
            expect = PUBLIC_VIEW if readable == "table channel" else MAY_READ if readable else REFUSED
            return w.spectator, w.table_channel, expect
        if place == "another user's DM":
            return w.spectator, w.spectator.dm_channel, MAY_READ if readable == "anywhere" else REFUSED
        return h.owner, h.origin, REFUSED  # a mangled id, where the real one was shown

    def places(self, h: Harvested) -> list[str]:
        # Join is open to anyone in the table's channel, and joining changes the table: not an attack
        return [p for p in PLACES if not (h.joins and p == "another user")]

    async def every_place(self, slot: str) -> None:
        for place in self.places(self.ids[slot]):
            await self.send(slot, place)

    async def mangle(self, slot: str) -> None:
        h = self.ids[slot]
        for variant, custom_id in mangled(h).items():
            await self.send(slot, variant, custom_id=custom_id)
        if h.component == "select":
            await self.send(slot, "values never offered", values=["9" * 40 + ":" + "f" * 8, JUNK, ""])

    async def onto(self, message: FakeMessage, *slots: str) -> None:
        """Each id pressed on a real public message that does not hold it (a board, a lobby, a
        summary), by its owner and by a member who is not seated: refused, and the message stays."""
        held = {c.get("custom_id") for c in message.buttons() + message.selects()}
        for slot in slots:
            if self.ids[slot].custom_id in held:
                continue
            for user in (self.ids[slot].owner, self.world.spectator):
                if message.channel.can_see(user):
                    await self.send(
                        slot,
                        f"onto {message.channel.name}'s message {message.id}",
                        user=user,
                        channel=message.channel,
                        message=message,
                    )

    async def send(
        self,
        slot: str,
        place: str,
        *,
        custom_id: str | None = None,
        values: list[str] | None = None,
        fields: dict[str, str] | None = None,
        user: FakeUser | None = None,
        channel: FakeChannel | None = None,
        message: FakeMessage | None = None,
    ) -> None:
        h = self.ids[slot]
        if h.reopen is not None:  # a form is only live while it is open: open it again
            h = self.ids[slot] = replace(await h.reopen(), reopen=h.reopen)
        presser, there, expect = self.where(h, place)
        presser, there = user or presser, channel or there
        custom_id = custom_id or h.custom_id
        mangled_here = place not in PLACES and there is h.origin
        if message is None and mangled_here and h.component == "form":  # submitted from where it was opened
            message = h.opened_on
        ephemeral = not there.is_dm and (expect == MAY_READ or (mangled_here and h.ephemeral))
        before = await self.world.snapshot()
        seen = len(self.world.fake.violations)
        self.sent += 1
        failed = ""
        try:
            if h.component == "form":
                text = fields or self.world.form_text(h.fields)
                done = await presser.forge_modal(custom_id, text, channel=there, message=message)
            elif h.component == "select":
                done = await presser.forge_select(
                    custom_id,
                    values if values is not None else h.values,
                    channel=there,
                    message=message,
                    ephemeral=ephemeral,
                )
            else:
                done = await presser.forge_click(custom_id, channel=there, message=message, ephemeral=ephemeral)
        except DiscordRuleBroken:  # never answered (10062), an ERROR logged, a request Discord refuses
            done = list(self.world.fake.interactions.values())[-1]
            failed = "; ".join(summary(v) for v in self.world.fake.violations[seen:])
        after = await self.world.snapshot()
        problems = [failed] if failed else []
        if before != after:
            problems.append(f"changed {what_changed(before, after)}")
        if not done.expired:  # a forgery never answered has nothing more to check
            problems += await self.answer_problems(done, presser, expect)
        for problem in problems:
            self.failures.append(f"{slot} [{custom_id[:60]}] from {place} ({presser.name} in {there.name}): {problem}")
        if before != after:
            self.ids = await self.rebuild()

    async def answer_problems(self, done: FakeInteraction, presser: FakeUser, expect: str) -> list[str]:
        reply = done.reply
        text = (reply.content if reply is not None else "") or ""
        if (
            done.message is not None
            and done.message.forged
            and done.message.history
            and not private_to(done.message, presser)
        ):
            return [f"edited the message it was pressed on, which everyone there reads: {text[:120]!r}"]
        if done.modal is not None:
            return [f"opened a form ({done.modal.get('title')!r}) instead of refusing"]
        if not private_to(reply, presser):
            return [f"not answered privately: {'no answer' if reply is None else repr(reply)}"]
        if expect == REFUSED and not (text.startswith("🚫") and len(text[1:].strip()) >= 3):
            return [f"not refused with a reason: {text[:160]!r}"]
        if expect == MAY_READ and not (text.strip() or reply.embeds):
            return ["an empty answer"]
        if expect == PUBLIC_VIEW:
            shown = await self.spectator_view()
            if reply.buttons() or reply.selects() or text != shown:
                return [f"not the spectator's public view: {text[:160]!r} with {reply.button_labels()}"]
        return []


def summary(violation) -> str:
    """One line for a violation: its code, its first line, and the exception if a traceback follows."""
    lines = violation.message.split(" (during ")[0].splitlines()
    return f"[{violation.code}] {lines[0][:200]}" + (f" … {lines[-1][:200]}" if len(lines) > 1 else "")


def stray_pings(world: World) -> list[str]:
    """Every ping any request of the bot allowed that is not a seated player it named on purpose
    (in allowed_mentions.users): never @everyone, @here, a role, or someone named in a text."""
    stray = []
    for request in world.fake.message_requests():
        for ping in sorted(request.pings):
            user = int(ping[5:]) if ping.startswith("user:") else None
            if user is None or user not in world.players or user not in request.explicit_users:
                stray.append(f"{ping} by {request!r}")
    return stray


def report(attacks: Attacks) -> str:
    pings = stray_pings(attacks.world)
    lines = attacks.failures + [f"stray ping: {p}" for p in pings]
    return f"{len(attacks.failures)} of {attacks.sent} attacks failed, {len(pings)} stray pings:\n" + "\n".join(lines)
