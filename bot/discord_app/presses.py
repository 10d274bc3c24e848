"""Every button, select and form, one press top to bottom: the gate (bot/tables/gate.py) parses its
custom id, loads its table and authorises it; then its kind's use case (bot/discord_app/play.py, or
a page) runs it. A forged, foreign, malformed or stale press gets a private refusal with the reason
and changes nothing; no press is ever left unanswered or dropped, even after a restart.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord

from bot.discord_app.delivery.components import MoveForm
from bot.discord_app.delivery.dms import DirectMessages
from bot.discord_app.delivery.mentions import NOBODY
from bot.discord_app.delivery.messages import moves_message, place
from bot.discord_app.interactions import FAILED, TableInteraction, caller_of, origin_of, refuse, send_private
from bot.discord_app.pages import log_page, rules_page, server_page
from bot.discord_app.play import Play
from bot.discord_app.shutdown import Shutdown
from bot.store.errors import StorageFailed
from bot.tables.gate import Gate, Pass, Press, parse_press
from bot.tables.menu import Choice, fill, open_text_fields
from bot.tables.moderation import Moderation
from bot.tables.refusals import StaleBoard
from engine import RuleError

log = logging.getLogger(__name__)
KINDS = (discord.InteractionType.component, discord.InteractionType.modal_submit)


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


async def show(interaction: discord.Interaction, press: Press, **message: Any) -> None:
    """A page or a menu: in place of the message pressed where the gate allows it, else privately."""
    if press.in_place:
        await interaction.response.edit_message(**message)
    else:
        await interaction.response.send_message(
            ephemeral=True, **{key: value for key, value in message.items() if value is not None}
        )


class Presses:
    def __init__(self, gate: Gate, play: Play, moderation: Moderation, shutdown: Shutdown) -> None:
        self.gate, self.play, self.moderation, self.shutdown = gate, play, moderation, shutdown
        self.service = gate.service
        self.dms: DirectMessages = play.dms
        self._handlers: dict[str, Callable[[TableInteraction, Pass], Awaitable[None]]] = {
            "move": self._choose,
            "pick": self._choose,
            "form": self._submit,
            "group": self._navigate,
            "menu": self._navigate,
            "hand": play.show_hand,
            "lobby": lambda interaction, passed: play.lobby(interaction, passed, pressed(passed).verb),
            "log": self._log_page,
            "rematch": play.rematch,
            "undo": self._undo,
        }
        # presses that name no table
        self._pages: dict[str, Callable[[TableInteraction, Press], Awaitable[None]]] = {
            "rules": self._rules_page,
            "ranks": self._leaderboard_page,
        }

    async def press(self, interaction: TableInteraction) -> None:
        """One press: authorised by the gate, then run by its kind's use case; any refusal or failure
        is answered privately."""
        if interaction.type not in KINDS or await self.shutdown.turned_away(interaction):
            return
        data: Mapping[str, Any] = interaction.data or {}
        custom_id, values = str(data.get("custom_id", "")), [str(value) for value in data.get("values") or ()]
        try:
            passed = await self.gate.press(caller_of(interaction), custom_id, values, origin_of(interaction))
            if isinstance(passed, Press):
                await self._pages[passed.kind](interaction, passed)
            else:
                await self._handlers[pressed(passed).kind](interaction, passed)
        except StaleBoard as error:
            if not await self._refresh_menu(interaction, custom_id, values, error):
                await refuse(interaction, error)
        except RuleError as error:
            await refuse(interaction, error)
        except StorageFailed as error:  # the store logged it; the player hears that nothing was played
            await send_private(interaction, str(error))
        except discord.HTTPException:  # Discord refused our answer: nothing more to say to anyone
            log.warning("a press could not be answered", exc_info=True)
        except Exception:
            log.exception("a press failed (%s)", custom_id[:100])
            try:
                await send_private(interaction, FAILED)
            except discord.HTTPException:
                pass

    async def _choose(self, interaction: TableInteraction, passed: Pass) -> None:
        """A move button or select: a move with text to write opens its form; any other is played."""
        press, choice = pressed(passed), chosen(passed)
        if open_text_fields(choice.action):
            await interaction.response.send_modal(MoveForm(passed.table, choice))
            return
        await self.play.move(interaction, passed, choice.action, edit=press.in_place, version=press.version)

    async def _submit(self, interaction: TableInteraction, passed: Pass) -> None:
        """A move's form: its texts are checked like any typed input, then the move is played (on the
        message of the button that opened it)."""
        press, choice = pressed(passed), chosen(passed)
        action = fill(choice.action, form_fields(interaction.data or {}))
        await self.play.move(interaction, passed, action, edit=press.in_place, version=press.version)

    async def _navigate(self, interaction: TableInteraction, passed: Pass) -> None:
        """A group of moves, or another page of them: plays nothing, redraws the menu."""
        press = pressed(passed)
        content, components = moves_message(
            self.service, passed.table, interaction.user.id, group=press.group, page=press.page
        )
        await show(interaction, press, content=content, view=components)

    async def _undo(self, interaction: TableInteraction, passed: Pass) -> None:
        press = pressed(passed)
        await self.play.take_back(interaction, passed, version=press.version, in_place=press.in_place)

    async def _log_page(self, interaction: TableInteraction, passed: Pass) -> None:
        press = pressed(passed)
        content, components = await log_page(self.moderation, passed.table, press.page)
        await show(interaction, press, content=content, view=components, allowed_mentions=NOBODY)

    async def _rules_page(self, interaction: TableInteraction, press: Press) -> None:
        embed, components = rules_page(press.game, press.page)  # refuses a game that is not here
        await show(interaction, press, embed=embed, view=components)

    async def _leaderboard_page(self, interaction: TableInteraction, press: Press) -> None:
        content, components = await server_page(
            self.service.store, interaction.guild, interaction.guild_id, press.game, press.page
        )
        await show(interaction, press, content=content, view=components, allowed_mentions=NOBODY)

    async def _refresh_menu(
        self, interaction: TableInteraction, custom_id: str, values: list[str], error: StaleBoard
    ) -> bool:
        """After a stale press on a player's own private menu (a DM prompt, "My hand"), that message
        shows the moves as they are now, so its old buttons do not stay; then the reason is told."""
        message = interaction.message
        if interaction.type != discord.InteractionType.component or message is None or interaction.response.is_done():
            return False
        if interaction.guild_id is not None and not message.flags.ephemeral:
            return False
        try:
            press = parse_press(custom_id, values)
            if press.table_id is None:  # a page that names no table: no menu of a player's
                return False
            table = await self.service.get(press.table_id)
        except RuleError:
            return False
        if interaction.user.id not in table.seats or table.state is None:
            return False
        in_dm = interaction.guild_id is None
        content, components = moves_message(
            self.service, table, interaction.user.id, intro=f"At {place(self.service, table)}:" if in_dm else ""
        )
        await interaction.response.edit_message(content=content, view=components)
        channel_id = interaction.channel_id
        if in_dm and channel_id is not None:  # that DM is the player's prompt at the table now, or no prompt
            await self.dms.mark_prompt(table, interaction.user.id, channel_id, message.id, moves=components is not None)
        await send_private(interaction, f"🚫 {error}")
        return True
