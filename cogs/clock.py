"""The clock's commands under `/table`: pace, clock, vacation, back; and `/table join` at a running
table, where a substitute takes the seat of a player the clock handed to a stand-in.

The commands join the `/table` group of the Tables cog when this cog loads (add it after Tables).
They only translate: bot.clock (bot/clock/scheduler.py) decides.
"""

from __future__ import annotations

import logging

from discord import app_commands
from discord.ext import commands

from bot.clock.scheduler import CHANGE_CLOCK
from bot.clock.settings import format_duration, parse_pace, parse_remind
from bot.discord_app.client import TableClient
from bot.discord_app.delivery.mentions import NOBODY
from bot.store.records import TableRecord
from bot.tables.gate import Need

from .common import SlashCommand, TableInteraction, answer_error, caller_of, here, send_private

log = logging.getLogger(__name__)


async def table_here(
    bot: TableClient, interaction: TableInteraction, need: Need = Need.LOOK, what: str = "do that"
) -> TableRecord:
    return (await here(bot, interaction, need, what)).table


async def take_seat(bot: TableClient, interaction: TableInteraction, table: TableRecord, how: str) -> None:
    """`how` is "back" (a player returns) or "substitute" (someone takes an absent player's seat):
    the seat changes hands, the channel is told, and the new holder gets their seat's view."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    async with bot.publisher.ordered_delivery(table.id):
        take = bot.clock.back if how == "back" else bot.clock.substitute
        update = await take(table.id, interaction.user.id)
        await interaction.followup.send(
            "✅ You have your seat again." if how == "back" else "✅ You took the seat.", ephemeral=True
        )
        await bot.publisher.publish(update)  # with the seat's own view, by DM


def clock_commands(bot: TableClient) -> list[SlashCommand]:
    """Fresh command objects for one bot's `/table` group."""

    @app_commands.command(name="pace", description="Time per move: none, 30m, 12h, 2d… (host in the lobby, moderators)")
    @app_commands.describe(pace="none, or a time such as 30m, 12h, 2d or 1d12h")
    async def pace(interaction: TableInteraction, pace: app_commands.Range[str, 1, 20]) -> None:
        table = await table_here(bot, interaction, Need.HOST_OR_MOD, CHANGE_CLOCK)
        settings = await bot.clock.change(
            table.id, interaction.user.id, moderator=caller_of(interaction).moderator, pace=parse_pace(pace)
        )
        when = f"{format_duration(settings.pace)} per move" if settings.pace else "none: no deadlines"
        await interaction.response.send_message(
            f"⏰ <@{interaction.user.id}> set the pace: {when}."
            + (" Deadlines start again from now." if table.status != "lobby" else ""),
            allowed_mentions=NOBODY,
        )
        if table.status == "lobby":
            await bot.publisher.refresh_lobby(table)  # the lobby shows the pace
        else:
            await bot.publisher.refresh_waiting(table.id)  # the new deadlines

    @app_commands.command(name="clock", description="The table's clock: reminders, stand-ins, vacations")
    @app_commands.describe(
        remind="Time between reminders: auto (half the pace, or a day), off, or e.g. 6h",
        reminders="Reminders before one 'stalled' notice",
        misses="Missed deadlines in a row before a stand-in takes the seat (0: never)",
        vacation_days="Vacation days each player may take in this game",
    )
    async def clock(
        interaction: TableInteraction,
        remind: app_commands.Range[str, 1, 20] | None = None,
        reminders: app_commands.Range[int, 0, 10] | None = None,
        misses: app_commands.Range[int, 0, 10] | None = None,
        vacation_days: app_commands.Range[int, 0, 30] | None = None,
    ) -> None:
        table = await table_here(bot, interaction)
        changes: dict[str, float | None] = {
            name: value
            for name, value in (("reminders", reminders), ("misses", misses), ("vacation_days", vacation_days))
            if value is not None
        }
        if remind is not None:
            changes["remind"] = parse_remind(remind)
        if not changes:
            await send_private(interaction, (await bot.clock.settings(table.id)).describe())
            return
        table = await table_here(bot, interaction, Need.HOST_OR_MOD, CHANGE_CLOCK)
        settings = await bot.clock.change(
            table.id, interaction.user.id, moderator=caller_of(interaction).moderator, **changes
        )
        await interaction.response.send_message(
            f"⏰ <@{interaction.user.id}> changed the table's clock:\n{settings.describe()}", allowed_mentions=NOBODY
        )
        await bot.publisher.refresh_waiting(table.id)  # every deadline starts again from now

    @app_commands.command(name="vacation", description="Pause your pings and deadlines at this table for some days")
    @app_commands.describe(days="How many days from now (0: you are back)")
    async def vacation(interaction: TableInteraction, days: app_commands.Range[int, 0, 30]) -> None:
        table = await table_here(bot, interaction, Need.SEATED)
        until, left = await bot.clock.vacation(table.id, interaction.user.id, days)
        await send_private(
            interaction,
            f"✅ {'Have a good rest' if until else 'Welcome back'}! Vacation left at this "
            f"table: {format_duration(left) if left > 0 else 'none'}.",
        )
        who = f"<@{interaction.user.id}>"
        text = (
            f"🏖️ {who} is on vacation until <t:{int(until)}:f> (<t:{int(until)}:R>): no pings, and their deadlines "
            "wait for them."
            if until
            else f"👋 {who} is back from vacation."
        )
        # through the interaction's webhook, which needs no permission in the channel
        await interaction.followup.send(text, allowed_mentions=NOBODY)
        await bot.publisher.refresh_waiting(table.id)  # their deadline waits, or runs again

    @app_commands.command(name="back", description="Take your seat again after a stand-in played it for you")
    async def back(interaction: TableInteraction) -> None:
        await take_seat(bot, interaction, await table_here(bot, interaction), "back")

    built: list[SlashCommand] = [pace, clock, vacation, back]
    for command in built:
        command.on_error = answer_error
    return built


class ClockCommands(commands.Cog):
    def __init__(self, bot: TableClient) -> None:
        self.bot = bot
        self.commands = clock_commands(bot)

    async def cog_load(self) -> None:
        group = self.bot.tree.get_command("table")
        assert isinstance(group, app_commands.Group), "the Tables cog, loaded first, has the /table group"
        for command in self.commands:
            group.add_command(command)

    async def cog_unload(self) -> None:
        group = self.bot.tree.get_command("table")
        if not isinstance(group, app_commands.Group):  # gone if Tables was removed first
            return
        for command in self.commands:
            group.remove_command(command.name)
