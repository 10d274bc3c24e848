"""Buttons, selects and forms that survive restarts.

Every component is a `DynamicItem` whose custom id carries the table id (and, for moves, the table
version and the move's index among the seat's legal actions at that version), so a click after a
restart still works and a click on an old board is refused as stale. Components only translate:
the TableService decides.
"""
from __future__ import annotations

import hashlib
import logging
from typing import Any

import discord
from pydantic import BaseModel

from bot import render
from bot.service import Refused, StaleBoard
from bot.store import TableRecord
from engine import RuleError

log = logging.getLogger(__name__)
HAND = "**🎴 My hand & moves**"


def is_moderator(interaction: discord.Interaction) -> bool:
    """Manage Channels in this channel, or the server's moderator role (`/table config`)."""
    permissions = getattr(interaction, "permissions", None)
    if permissions and permissions.manage_channels:
        return True
    moderation = getattr(interaction.client, "moderation", None)  # set by cogs/moderation.py
    roles = [role.id for role in getattr(interaction.user, "roles", ())]
    return bool(moderation and moderation.has_moderator_role(interaction.guild_id, roles))


async def send_private(interaction: discord.Interaction, text: str, **kwargs) -> None:
    """Answer the user privately, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(text[:2000], ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text[:2000], ephemeral=True, **kwargs)


async def answer_error(interaction: discord.Interaction, error: Exception) -> None:
    """A slash command's error: a refusal is told privately; anything else is logged (a cog's
    error handler keeps discord.py from logging it) and the user hears that it failed."""
    original = getattr(error, "original", error)
    if isinstance(original, RuleError):
        await send_private(interaction, f"🚫 {original}")
        return
    command = interaction.command.qualified_name if interaction.command else "?"
    log.error("/%s failed", command, exc_info=original)
    try:
        await send_private(interaction, "😵 Something went wrong on my side. Please try again; if it keeps "
                                        "happening, tell a moderator.")
    except discord.HTTPException:
        pass


# --- reading moves ---------------------------------------------------------------------------------

def open_text_fields(action: BaseModel) -> list[str]:
    """Free-text fields the player still has to write (an Ostrakon question, say): empty where the
    model has no empty default. A field whose default is empty (a target's name on a button that
    names nobody) is complete as it is."""
    fields = type(action).model_fields
    return [name for name, value in action if isinstance(value, str) and name != "kind" and value == ""
            and fields[name].default != ""]


def move_label(table: TableRecord, view: dict, action: BaseModel, game) -> str:
    module = render.module_for(table.game)
    custom = getattr(module, "label", None)
    text = (custom(view, action) if custom else None) or game.label(action)
    return text[:80]


def move_key(action: BaseModel, label: str) -> str:
    """A short fingerprint of a move as the player saw it: a button made for one move never plays
    another, even when the list of moves has changed since (a vote stays open while others vote)."""
    return hashlib.sha1(f"{action.model_dump_json()}|{label}".encode()).hexdigest()[:8]


def who_you_are(view: dict) -> str:
    names, seat = view.get("names"), view.get("seat")
    if isinstance(names, list) and isinstance(seat, int) and 0 <= seat < len(names):
        return f"You are **{names[seat]}**."
    return ""


def stale(channel_id: int | None = None) -> StaleBoard:
    where = f" in <#{channel_id}>" if channel_id else ""
    return StaleBoard(f"The board has changed since this was posted. Press {HAND} on the latest board{where} "
                      "(or type `/hand`).")


async def moves_message(bot, table: TableRecord, user_id: int, intro: str = "", page: int = 0,
                        group: int | None = None) -> tuple[str, discord.ui.View | None]:
    """What a user sees privately: their view as text and, when it is their move, the moves."""
    service = bot.service
    game = service.game_of(table)
    seat = service.seat_of(table, user_id)
    if table.state is None:
        return await bot.publisher.lobby_message(table), None
    view = game.view(service.state_of(table), seat)
    body = render.render_text(table.game, view)
    if seat is None:
        return f"{intro}\nYou are watching this table.\n{body}".strip()[:2000], None
    head = f"{intro}\n{who_you_are(view)}".strip()
    legal = game.legal_actions(service.state_of(table), seat) if table.status == "running" else []
    if not legal:
        return f"{head}\n{body}"[:2000], None
    from .menus import choices_for, moves_view  # buttons, a select, or groups first (cogs/menus.py)

    return f"{head}\n{body}"[:2000], moves_view(table, choices_for(table, view, legal, game), group, page)


# --- acting ----------------------------------------------------------------------------------------

async def choose_move(interaction: discord.Interaction, table_id: int, version: int, index: int, key: str) -> None:
    """A move button or select: the move it was made for, if that move is still open to this player."""
    bot = interaction.client
    service = bot.service
    channel_id = None
    try:
        table = await service.get(table_id)
        channel_id = table.channel_id if interaction.guild_id is None else None  # in DMs, say where the board is
        seat = service.seat_of(table, interaction.user.id)
        if seat is None:
            raise Refused("You are not playing at this table.")
        if table.status != "running":
            raise Refused("This game is over." if table.status == "finished" else
                          "This table is paused." if table.status == "paused" else "This table is closed.")
        game, state = service.game_of(table), service.state_of(table)
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        if not 0 <= index < len(legal) or move_key(legal[index], move_label(table, view, legal[index], game)) != key:
            raise stale(channel_id)
        action = legal[index]
        if open_text_fields(action):
            await interaction.response.send_modal(ActionForm(table, action, move_label(table, view, action, game), version))
            return
        await interaction.response.defer()
        await commit_move(interaction, table, action, edit=True, version=version)
    except StaleBoard:
        await send_private(interaction, f"🚫 {stale(channel_id)}")
    except RuleError as error:
        await send_private(interaction, f"🚫 {error}")


def move_labels(bot, table: TableRecord, user_id: int) -> list[str]:
    """The moves open to a user now, as their buttons read."""
    service = bot.service
    seat = service.seat_of(table, user_id)
    if seat is None or table.status != "running":
        return []
    game, state = service.game_of(table), service.state_of(table)
    view = game.view(state, seat)
    return [move_label(table, view, action, game) for action in game.legal_actions(state, seat)]


async def commit_move(interaction: discord.Interaction, table: TableRecord, action: Any, edit: bool,
                      version: int | None = None) -> None:
    """Play the move; acknowledge only once it is committed, then publish it. `edit`: the move came
    from a message of moves, which now shows what is left to do (a Follower still votes)."""
    bot = interaction.client
    service = bot.service
    user_id = interaction.user.id
    before = set(move_labels(bot, table, user_id))
    async with bot.publisher.turn(table.id):
        update = await service.act(table.id, user_id, action, version=table.version if version is None else version)
        mine = update.private.pop(user_id, [])
        ack = "✅ " + (" ".join(mine) if mine else "Done.")
        waiting = service.waiting_on(update.table)
        # A new decision for this player (the speaker's own vote, the next turn) is asked for as
        # anyone else's is: by DM when everyone chooses at once and DMs are open.
        fresh = user_id in waiting and not set(move_labels(bot, update.table, user_id)) <= before
        # ... unless the move came from that DM: the next one is offered right there (a secret
        # battle plan of several steps), not in a new DM each step.
        in_dm = edit and interaction.guild_id is None
        fresh = fresh and not in_dm
        if fresh and len(waiting) > 1 and not await bot.store.dms_closed(user_id):
            content, view = f"{ack} Your next move is in your DMs.", None
        else:
            content, view = await moves_message(bot, update.table, user_id, intro=ack)
            content = content if view else ack
        if edit:
            await interaction.edit_original_response(content=content[:2000], view=view)
        else:
            await interaction.followup.send(content[:2000], ephemeral=True, **({"view": view} if view else {}))
        await bot.publisher.publish(update, actor=user_id, fresh=(user_id,) if fresh else ())


class ActionForm(discord.ui.Modal):
    """A form for a move's free-text fields; it lives only as long as the dialog is open."""

    def __init__(self, table: TableRecord, action: BaseModel, title: str, version: int | None = None) -> None:
        super().__init__(title=title[:45], timeout=900)
        self.table, self.action, self.version = table, action, version
        self.inputs: dict[str, discord.ui.TextInput] = {}
        for name in open_text_fields(action)[:5]:
            info = type(action).model_fields[name]
            limit = next((m.max_length for m in info.metadata if hasattr(m, "max_length")), 300)
            text_input = discord.ui.TextInput(
                label=(info.title or name.replace("_", " ").capitalize())[:45],
                style=discord.TextStyle.paragraph if limit > 100 else discord.TextStyle.short,
                max_length=min(limit, 4000), required=True,
            )
            self.inputs[name] = text_input
            self.add_item(text_input)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        action = self.action.model_copy(update={name: field.value for name, field in self.inputs.items()})
        from_message = interaction.message is not None  # the form came from a move button: answer there
        if from_message:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            await commit_move(interaction, self.table, action, edit=from_message, version=self.version)
        except RuleError as error:
            await send_private(interaction, f"🚫 {error}")

    async def on_error(self, interaction: discord.Interaction, error: Exception) -> None:
        log.exception("a form failed", exc_info=error)
        await send_private(interaction, "Something went wrong; your move was not played. Please try again.")


# --- the persistent components ---------------------------------------------------------------------

class MoveButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"pt:move:(?P<t>\d+):(?P<v>\d+):(?P<i>\d+):(?P<k>[0-9a-f]{8})"):
    def __init__(self, table_id: int, version: int, index: int, key: str, label: str = "Move") -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.primary,
                                           custom_id=f"pt:move:{table_id}:{version}:{index}:{key}"))
        self.table_id, self.version, self.index, self.key = table_id, version, index, key

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["t"]), int(match["v"]), int(match["i"]), match["k"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await choose_move(interaction, self.table_id, self.version, self.index, self.key)


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"pt:pick:(?P<t>\d+):(?P<v>\d+):(?P<p>\d+):(?P<n>\d+)"):
    def __init__(self, table_id: int, version: int, page: int, part: int, options: dict[str, str] | None = None,
                 placeholder: str = "Choose your move…") -> None:
        choices = [discord.SelectOption(label=label, value=value) for value, label in (options or {"0:0": "?"}).items()]
        super().__init__(discord.ui.Select(placeholder=placeholder[:150], options=choices,
                                           custom_id=f"pt:pick:{table_id}:{version}:{page}:{part}"))
        self.table_id, self.version = table_id, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["t"]), int(match["v"]), int(match["p"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        index, _, key = ((interaction.data or {}).get("values") or ["-1:"])[0].partition(":")
        await choose_move(interaction, self.table_id, self.version, int(index) if index.isdigit() else -1, key)


class PageButton(discord.ui.DynamicItem[discord.ui.Button], template=r"pt:page:(?P<t>\d+):(?P<v>\d+):(?P<p>\d+)"):
    def __init__(self, table_id: int, version: int, page: int, label: str = "More") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"pt:page:{table_id}:{version}:{page}"))
        self.table_id, self.version, self.page = table_id, version, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["t"]), int(match["v"]), int(match["p"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            table = await interaction.client.service.get(self.table_id)
            if table.version != self.version:
                raise stale()
            content, view = await moves_message(interaction.client, table, interaction.user.id, page=self.page)
            await interaction.response.edit_message(content=content, view=view)
        except RuleError as error:
            await send_private(interaction, f"🚫 {error}")


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"pt:hand:(?P<t>\d+)"):
    def __init__(self, table_id: int) -> None:
        super().__init__(discord.ui.Button(label="My hand & moves", emoji="🎴", style=discord.ButtonStyle.success,
                                           custom_id=f"pt:hand:{table_id}"))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["t"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await show_hand(interaction, self.table_id)


async def show_hand(interaction: discord.Interaction, table_id: int) -> None:
    try:
        table = await interaction.client.service.get(table_id)
        content, view = await moves_message(interaction.client, table, interaction.user.id)
        await send_private(interaction, content, **({"view": view} if view else {}))
    except RuleError as error:
        await send_private(interaction, f"🚫 {error}")


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"pt:lobby:(?P<t>\d+):(?P<verb>join|leave|start)"):
    STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary, "start": discord.ButtonStyle.primary}

    def __init__(self, table_id: int, verb: str) -> None:
        super().__init__(discord.ui.Button(label=verb.capitalize(), style=self.STYLES[verb],
                                           custom_id=f"pt:lobby:{table_id}:{verb}"))
        self.table_id, self.verb = table_id, verb

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["t"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await lobby_action(interaction, self.table_id, self.verb)


async def lobby_action(interaction: discord.Interaction, table_id: int, verb: str) -> None:
    bot = interaction.client
    service = bot.service
    try:
        if verb == "start":  # stand-ins may play a while: answer first, privately if typed
            if interaction.type == discord.InteractionType.component:
                await interaction.response.defer()  # the lobby message itself shows that the game began
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
            async with bot.publisher.turn(table_id):
                update = await service.start(table_id, interaction.user.id, moderator=is_moderator(interaction))
                update.public.append(f"Your seat and your moves: {HAND} on the board (or `/hand`). "
                                     f"How to play: `/rules game:{update.table.game}`.")
                if interaction.type != discord.InteractionType.component:
                    await interaction.followup.send("✅ The game begins!", ephemeral=True)
                await bot.publisher.refresh_lobby(update.table)
                await bot.publisher.deal(update.table)
                await bot.publisher.publish(update)
            return
        method = service.join if verb == "join" else service.leave
        table = await method(table_id, interaction.user.id)
        await send_private(interaction, "✅ You joined the table." if verb == "join" else "👋 You left the table.")
        await bot.publisher.refresh_lobby(table)
    except RuleError as error:
        await send_private(interaction, f"🚫 {error}")


def board_view(table: TableRecord) -> discord.ui.View | None:
    view = discord.ui.View(timeout=None)
    if table.status == "lobby":
        for verb in ("join", "leave", "start"):
            view.add_item(LobbyButton(table.id, verb))
    elif table.status in ("running", "paused"):
        view.add_item(HandButton(table.id))
    else:
        return None
    return view


DYNAMIC_ITEMS = (MoveButton, MoveSelect, PageButton, HandButton, LobbyButton)
