"""Buttons, selects and forms that survive restarts.

Every component is a `DynamicItem` whose custom id carries the table id (and, for moves, the table
version and the move's index among the seat's legal actions at that version), so a click after a
restart still works and a click on an old board is refused as stale. Components only translate:
the TableService decides.
"""
from __future__ import annotations

import logging
from typing import Any

import discord
from pydantic import BaseModel

from bot import render
from bot.service import Refused, StaleBoard
from bot.store import TableRecord
from bot.text import lobby_text
from engine import RuleError

log = logging.getLogger(__name__)
BUTTONS_UP_TO = 10       # a seat with this many moves or fewer gets buttons; more get selects
OPTIONS_PER_SELECT = 25  # Discord's limit
SELECTS_PER_PAGE = 4     # the fifth row holds the page buttons


def is_moderator(interaction: discord.Interaction) -> bool:
    permissions = getattr(interaction, "permissions", None)
    return bool(permissions and permissions.manage_channels)


async def send_private(interaction: discord.Interaction, text: str, **kwargs) -> None:
    """Answer the user privately, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(text[:2000], ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text[:2000], ephemeral=True, **kwargs)


# --- reading moves ---------------------------------------------------------------------------------

def open_text_fields(action: BaseModel) -> list[str]:
    """Free-text fields the player still has to write (an Ostrakon question, say)."""
    return [name for name, value in action if isinstance(value, str) and name != "kind" and value == ""]


def move_label(table: TableRecord, view: dict, action: BaseModel, game) -> str:
    module = render.module_for(table.game)
    custom = getattr(module, "label", None)
    text = (custom(view, action) if custom else None) or game.label(action)
    return text[:80]


async def moves_message(bot, table: TableRecord, user_id: int, intro: str = "", page: int = 0) -> tuple[str, discord.ui.View | None]:
    """What a user sees privately: their view as text and, when it is their move, the moves."""
    service = bot.service
    game = service.game_of(table)
    seat = service.seat_of(table, user_id)
    if table.state is None:
        return lobby_text(game, table), None
    view = game.view(service.state_of(table), seat)
    body = render.render_text(table.game, view)
    if seat is None:
        return f"{intro}\nYou are watching this table.\n{body}".strip()[:2000], None
    legal = game.legal_actions(service.state_of(table), seat) if table.status == "running" else []
    if not legal:
        return f"{intro}\n{body}".strip()[:2000], None
    labels = [move_label(table, view, action, game) for action in legal]
    return f"{intro}\n{body}".strip()[:2000], moves_view(table, labels, page)


def moves_view(table: TableRecord, labels: list[str], page: int = 0) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if len(labels) <= BUTTONS_UP_TO:
        for index, label in enumerate(labels):
            view.add_item(MoveButton(table.id, table.version, index, label))
        return view
    per_page = OPTIONS_PER_SELECT * SELECTS_PER_PAGE
    pages = (len(labels) + per_page - 1) // per_page
    page = max(0, min(page, pages - 1))
    start = page * per_page
    for part in range(SELECTS_PER_PAGE):
        first = start + part * OPTIONS_PER_SELECT
        chunk = labels[first:first + OPTIONS_PER_SELECT]
        if not chunk or first >= start + per_page:
            break
        view.add_item(MoveSelect(table.id, table.version, page, part, {first + i: text for i, text in enumerate(chunk)}))
    if pages > 1:
        for target, arrow in ((page - 1, "◀ Previous"), (page + 1, "Next ▶")):
            if 0 <= target < pages:
                view.add_item(PageButton(table.id, table.version, target, arrow))
    return view


# --- acting ----------------------------------------------------------------------------------------

async def choose_move(interaction: discord.Interaction, table_id: int, version: int, index: int) -> None:
    bot = interaction.client
    service = bot.service
    try:
        table = await service.get(table_id)
        if table.version != version:
            raise StaleBoard("The board has changed since this was posted. Press **My hand** on the latest board.")
        seat = service.seat_of(table, interaction.user.id)
        if seat is None:
            raise Refused("You are not playing at this table.")
        legal = service.game_of(table).legal_actions(service.state_of(table), seat)
        if not 0 <= index < len(legal):
            raise StaleBoard("That move is no longer available.")
        action = legal[index]
        if open_text_fields(action):
            await interaction.response.send_modal(ActionForm(table, action))
            return
        await interaction.response.defer()
        await commit_move(interaction, table, action, edit=True)
    except RuleError as error:
        await send_private(interaction, f"🚫 {error}")


async def commit_move(interaction: discord.Interaction, table: TableRecord, action: Any, edit: bool) -> None:
    """Play the move; acknowledge only once it is committed, then publish it."""
    bot = interaction.client
    was_waiting = bot.service.waiting_on(table)
    update = await bot.service.act(table.id, interaction.user.id, action, version=table.version)
    mine = update.private.pop(interaction.user.id, [])
    ack = "✅ " + (" ".join(mine) if mine else "Done.")
    if edit:  # the message with the buttons shows what is left to do (a Follower still votes)
        content, view = await moves_message(bot, update.table, interaction.user.id, intro=ack)
        await interaction.edit_original_response(content=content if view else ack[:2000], view=view)
    else:
        await interaction.followup.send(ack[:2000], ephemeral=True)
    await bot.publisher.publish(update, was_waiting)


class ActionForm(discord.ui.Modal):
    """A form for a move's free-text fields; it lives only as long as the dialog is open."""

    def __init__(self, table: TableRecord, action: BaseModel) -> None:
        super().__init__(title=f"Your move: {action.kind}"[:45], timeout=900)
        self.table, self.action = table, action
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
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            await commit_move(interaction, self.table, action, edit=False)
        except RuleError as error:
            await send_private(interaction, f"🚫 {error}")

    async def on_error(self, interaction: discord.Interaction, error: Exception) -> None:
        log.exception("a form failed", exc_info=error)
        await send_private(interaction, "Something went wrong; your move was not played. Please try again.")


# --- the persistent components ---------------------------------------------------------------------

class MoveButton(discord.ui.DynamicItem[discord.ui.Button], template=r"pt:move:(?P<t>\d+):(?P<v>\d+):(?P<i>\d+)"):
    def __init__(self, table_id: int, version: int, index: int, label: str = "Move") -> None:
        super().__init__(discord.ui.Button(label=label[:80], style=discord.ButtonStyle.primary,
                                           custom_id=f"pt:move:{table_id}:{version}:{index}"))
        self.table_id, self.version, self.index = table_id, version, index

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["t"]), int(match["v"]), int(match["i"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await choose_move(interaction, self.table_id, self.version, self.index)


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"pt:pick:(?P<t>\d+):(?P<v>\d+):(?P<p>\d+):(?P<n>\d+)"):
    def __init__(self, table_id: int, version: int, page: int, part: int, options: dict[int, str] | None = None) -> None:
        choices = [discord.SelectOption(label=label, value=str(index)) for index, label in (options or {0: "?"}).items()]
        super().__init__(discord.ui.Select(placeholder="Choose your move…", options=choices,
                                           custom_id=f"pt:pick:{table_id}:{version}:{page}:{part}"))
        self.table_id, self.version = table_id, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["t"]), int(match["v"]), int(match["p"]), int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or ["-1"]
        await choose_move(interaction, self.table_id, self.version, int(values[0]))


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
                raise StaleBoard("The board has changed since this was posted. Press **My hand** on the latest board.")
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
        if verb == "start":
            table = await service.get(table_id)
            await interaction.response.defer()
            update = await service.start(table_id, interaction.user.id, moderator=is_moderator(interaction))
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
