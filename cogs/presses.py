"""The one router for every button, select and form: each press goes through the gate
(bot/tables/gate.py), which parses its custom id, loads its table and authorises it, and then to the
handler of its kind. A forged, foreign, malformed or stale press gets a private refusal with the
reason and changes nothing; no press is ever left unanswered or dropped, even after a restart.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import discord
from discord.ext import commands

from bot.discord_app.client import TableClient
from bot.discord_app.delivery.components import MoveForm
from bot.discord_app.delivery.mentions import NOBODY
from bot.discord_app.delivery.messages import moves_message, place
from bot.store.errors import StorageFailed
from bot.tables.gate import Pass, Press, parse_press
from bot.tables.menu import Choice, fill, open_text_fields
from bot.tables.refusals import StaleBoard
from engine import RuleError

from .common import FAILED, TableInteraction, caller_of, origin_of, refuse, send_private
from .moderation import log_page, rematch
from .play import commit_move, lobby_action, show_hand, take_back
from .stats import server_page
from .tables import rules_page

log = logging.getLogger(__name__)
PRESSES = (discord.InteractionType.component, discord.InteractionType.modal_submit)


def form_fields(data: Mapping[str, Any]) -> dict[str, str]:
    """A submitted form's text inputs by custom id (rows of inputs, or labelled inputs)."""
    fields: dict[str, str] = {}
    for row in data.get("components") or []:
        for component in row.get("components") or [row.get("component") or {}]:
            if isinstance(component.get("custom_id"), str) and isinstance(component.get("value"), str):
                fields[component["custom_id"]] = component["value"]
    return fields


def pressed(passed: Pass) -> Press:
    """The press the gate let through (a Pass made for a slash command has none)."""
    assert passed.press is not None, "the gate's `press` returns a Pass with its press"
    return passed.press


def chosen(passed: Pass) -> Choice:
    """The move a move's press chose (the gate lets one through only with it)."""
    assert passed.choice is not None, "the gate lets a move through with the choice it names"
    return passed.choice


async def choose(interaction: TableInteraction, passed: Pass) -> None:
    """A move button or select: a move with text to write opens its form; any other is played."""
    press, choice = pressed(passed), chosen(passed)
    if open_text_fields(choice.action):
        await interaction.response.send_modal(MoveForm(passed.table, choice))
        return
    await commit_move(interaction, passed, choice.action, edit=press.in_place, version=press.version)


async def submit(interaction: TableInteraction, passed: Pass) -> None:
    """A move's form: its texts are checked like any typed input, then the move is played."""
    press, choice = pressed(passed), chosen(passed)
    action = fill(choice.action, form_fields(interaction.data or {}))
    # a form opened from a move button is answered on that button's message
    await commit_move(interaction, passed, action, edit=press.in_place, version=press.version)


async def show(interaction: discord.Interaction, press: Press, **message: Any) -> None:
    """A page or a menu: in place of the message pressed where the gate allows it, else privately."""
    if press.in_place:
        await interaction.response.edit_message(**message)
    else:
        await interaction.response.send_message(
            ephemeral=True, **{key: value for key, value in message.items() if value is not None}
        )


async def navigate(interaction: TableInteraction, passed: Pass) -> None:
    """A group of moves, or another page of them: plays nothing, redraws the menu."""
    press = pressed(passed)
    content, components = moves_message(
        interaction.client.service, passed.table, interaction.user.id, group=press.group, page=press.page
    )
    await show(interaction, press, content=content, view=components)


async def turn_log_page(interaction: TableInteraction, passed: Pass) -> None:
    press = pressed(passed)
    content, components = await log_page(interaction.client, passed.table, press.page)
    await show(interaction, press, content=content, view=components, allowed_mentions=NOBODY)


async def lobby(interaction: TableInteraction, passed: Pass) -> None:
    await lobby_action(interaction, passed, pressed(passed).verb)


async def undo(interaction: TableInteraction, passed: Pass) -> None:
    press = pressed(passed)
    await take_back(interaction, passed, version=press.version, in_place=press.in_place)


HANDLERS = {
    "move": choose,
    "pick": choose,
    "form": submit,
    "group": navigate,
    "menu": navigate,
    "hand": show_hand,
    "lobby": lobby,
    "log": turn_log_page,
    "rematch": rematch,
    "undo": undo,
}


async def turn_rules_page(interaction: TableInteraction, press: Press) -> None:
    embed, components = rules_page(press.game, press.page)  # refuses a game that is not here
    await show(interaction, press, embed=embed, view=components)


async def turn_leaderboard_page(interaction: TableInteraction, press: Press) -> None:
    content, components = await server_page(interaction, press.game, press.page)
    await show(interaction, press, content=content, view=components, allowed_mentions=NOBODY)


TABLELESS = {"rules": turn_rules_page, "ranks": turn_leaderboard_page}  # presses that name no table


async def refresh_menu(interaction: TableInteraction, error: StaleBoard) -> bool:
    """After a stale press on a player's own private menu (a DM prompt, "My hand"), that message
    shows the moves as they are now, so its old buttons do not stay; then the reason is told."""
    message = interaction.message
    if interaction.type != discord.InteractionType.component or message is None or interaction.response.is_done():
        return False
    if interaction.guild_id is not None and not message.flags.ephemeral:
        return False
    bot = interaction.client
    data: Mapping[str, Any] = interaction.data or {}
    try:
        press = parse_press(str(data.get("custom_id", "")), [str(value) for value in data.get("values") or ()])
        if press.table_id is None:  # a page that names no table: no menu of a player's
            return False
        table = await bot.service.get(press.table_id)
    except RuleError:
        return False
    if interaction.user.id not in table.seats or table.state is None:
        return False
    in_dm = interaction.guild_id is None
    content, components = moves_message(
        bot.service, table, interaction.user.id, intro=f"At {place(bot.service, table)}:" if in_dm else ""
    )
    await interaction.response.edit_message(content=content, view=components)
    channel_id = interaction.channel_id
    if in_dm and channel_id is not None:  # that DM is the player's prompt at the table now, or no prompt
        await bot.publisher.dms.shown(table, interaction.user.id, channel_id, message.id, moves=components is not None)
    await send_private(interaction, f"🚫 {error}")
    return True


class Presses(commands.Cog):
    def __init__(self, bot: TableClient) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: TableInteraction) -> None:
        if interaction.type not in PRESSES or await self.bot.shutdown.turned_away(interaction):
            return
        data: Mapping[str, Any] = interaction.data or {}
        try:
            passed = await self.bot.gate.press(
                caller_of(interaction),
                str(data.get("custom_id", "")),
                [str(value) for value in data.get("values") or ()],
                origin_of(interaction),
            )
            if isinstance(passed, Press):
                await TABLELESS[passed.kind](interaction, passed)
            else:
                await HANDLERS[pressed(passed).kind](interaction, passed)
        except StaleBoard as error:
            if not await refresh_menu(interaction, error):
                await refuse(interaction, error)
        except RuleError as error:
            await refuse(interaction, error)
        except StorageFailed as error:  # the store logged it; the player hears that nothing was played
            await send_private(interaction, str(error))
        except discord.HTTPException:  # Discord refused our answer: nothing more to say to anyone
            log.warning("a press could not be answered", exc_info=True)
        except Exception:
            log.exception("a press failed (%s)", str(data.get("custom_id", ""))[:100])
            try:
                await send_private(interaction, FAILED)
            except discord.HTTPException:
                pass
