"""`/table ...`, `/hand` and `/rules`: translate slash commands into TableService calls."""

from __future__ import annotations

import json
import re
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot import render
from bot.clock.settings import default_paces, new_table_pace
from bot.discord_app.client import TableClient
from bot.discord_app.delivery.components import board_components
from bot.discord_app.delivery.mentions import NOBODY
from bot.discord_app.pages import rules_page
from bot.discord_app.play import Play
from bot.games import plugins
from bot.ratings import leaderboard
from bot.ratings.summary import summary_lines
from bot.store.records import Level
from bot.tables.gate import Need, Pass
from bot.tables.refusals import Refused
from bot.tables.stand_ins import stand_ins_line
from bot.text import FINISHED, chunk

from .clock import take_seat
from .common import TableInteraction, answer_error, bot_can_post_here, caller_of, channel_id_of, here

GAME_CHOICES = [app_commands.Choice(name=shown.game.title, value=key) for key, shown in plugins().items()]
PACE_HELP = (
    f"Time per move: e.g. 30m, 12h, 2d, or none (the default{'; ' if default_paces() else ''}{default_paces()})"[:100]
)
OPTIONS_LENGTH = 1000  # /table new's options text: more than any game's options need
OPTION_BOUNDARY = re.compile(r",\s*(?=[A-Za-z_][A-Za-z0-9_]*\s*=)")  # commas inside [..] stay


def parse_options(text: str) -> dict[str, Any]:
    """`special_days=false, extra_subjects=["Cheese"]` -> a dict; values are JSON where they can be."""
    if len(text) > OPTIONS_LENGTH:  # Discord holds the command to it; a modified client may not
        raise Refused(f"Options are at most {OPTIONS_LENGTH} characters.")
    options: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in OPTION_BOUNDARY.split(text))):
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise Refused(f"Write options as name=value, separated by commas (I could not read {part!r}).")
        try:
            options[key.strip()] = json.loads(value.strip())
        except json.JSONDecodeError:
            options[key.strip()] = value.strip()
    return options


class Tables(commands.Cog):
    table = app_commands.Group(name="table", description="Game tables in this channel", guild_only=True)

    def __init__(self, bot: TableClient, play: Play) -> None:
        self.bot, self.play = bot, play

    async def _here(self, interaction: TableInteraction, need: Need, what: str = "do that") -> Pass:
        return await here(self.bot, interaction, need, what)

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await answer_error(interaction, error)

    @table.command(name="new", description="Open a table for a game in this channel")
    @app_commands.describe(
        game="Which game",
        stand_ins="Seats for stand-in players (the bot plays them)",
        level="How those stand-ins play: easy (rules of thumb, the default) or strong (they search ahead)",
        options="Table options as name=value, comma separated",
        pace=PACE_HELP,
        undo="Whether players may take back their own last move (default: on)",
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def new(
        self,
        interaction: TableInteraction,
        game: str,
        stand_ins: app_commands.Range[int, 0, 11] = 0,
        options: app_commands.Range[str, 1, OPTIONS_LENGTH] = "",
        pace: app_commands.Range[str, 1, 20] | None = None,
        undo: Literal["on", "off"] = "on",
        level: Level = "easy",
    ) -> None:
        bot_can_post_here(interaction)
        seconds = new_table_pace(game, pace)
        table = await self.bot.service.create(
            guild_id=interaction.guild_id,
            channel_id=channel_id_of(interaction),
            host_id=interaction.user.id,
            game=game,
            options=parse_options(options),
            stand_ins=stand_ins,
            takebacks=undo == "on",
            level=level,
        )
        if seconds:
            await self.bot.clock.configure(table.id, pace=seconds)
        await interaction.response.send_message(
            await self.bot.publisher.lobby_message(table),
            view=board_components(table) or discord.utils.MISSING,
            allowed_mentions=NOBODY,
        )
        await self.bot.publisher.lobby_posted(table.id, interaction)

    @table.command(name="join", description="Take a seat at this channel's table")
    async def join(self, interaction: TableInteraction) -> None:
        passed = await self._here(interaction, Need.LOOK)
        if passed.table.status != "lobby":  # a substitute for a player the clock handed to a stand-in
            await take_seat(self.bot, interaction, passed.table, "substitute")
            return
        await self.play.lobby(interaction, await self._here(interaction, Need.SIT), "join")

    @table.command(name="leave", description="Leave this channel's table before it starts (the last one out closes it)")
    async def leave(self, interaction: TableInteraction) -> None:
        await self.play.lobby(interaction, await self._here(interaction, Need.LEAVE), "leave")

    @table.command(name="start", description="Start the game (host or moderator)")
    async def start(self, interaction: TableInteraction) -> None:
        await self.play.lobby(interaction, await self._here(interaction, Need.HOST, "start the table"), "start")

    @table.command(name="undo", description="Take back your own last move, if nothing else happened since")
    async def undo(self, interaction: TableInteraction) -> None:
        await self.play.take_back(interaction, await self._here(interaction, Need.TAKE_BACK, "take back a move"))

    @table.command(name="status", description="Show the board")
    async def status(self, interaction: TableInteraction) -> None:
        """The channel's table; with none open, its last game if that finished: its final board
        (the public view, as every board) and its summary as it was posted at the end."""
        table = (await self._here(interaction, Need.LOOK_BACK)).table
        if table.state is None:
            await interaction.response.send_message(
                await self.bot.publisher.lobby_message(table),
                view=board_components(table) or discord.utils.MISSING,
                allowed_mentions=NOBODY,
            )
            return
        await interaction.response.defer(thinking=True)
        view = self.bot.service.menu(table, None).view
        picture = await self.bot.publisher.pictures.board(table)
        text = "\n".join(filter(None, [render.render_text(table.game, view), stand_ins_line(table, view["names"])]))
        if table.status == "finished":  # the channel's last game (the gate's LOOK_BACK): over, as its last board says
            text = f"{text[: 2000 - len(FINISHED) - 1]}\n{FINISHED}"
        await interaction.followup.send(
            text[:2000],
            view=board_components(table, self.bot.watch_links(table)) or discord.utils.MISSING,
            allowed_mentions=NOBODY,
            file=picture or discord.utils.MISSING,
        )
        if table.status == "finished":  # the summary posted at its end: public by design, its reveal too
            service, store = self.bot.service, self.bot.store
            changes = await leaderboard.changes(store, table.id)
            log_rows = await store.actions(table.id)
            lines = summary_lines(service.game_of(table), table, service.state_of(table), log_rows, changes)
            for text in chunk(lines):
                await interaction.followup.send(text, allowed_mentions=NOBODY)

    @table.command(name="end", description="End this channel's table (moderators; the host in the lobby)")
    async def end(self, interaction: TableInteraction) -> None:
        caller = caller_of(interaction)
        if caller.moderator and await self.bot.service.end_damaged(channel_id_of(interaction), moderator=True):
            await interaction.response.send_message(
                "This channel's table could not be read, so it was closed. "
                "Its log is kept; you can open a new table here."
            )
            return
        table = (await self._here(interaction, Need.HOST_OR_MOD, "end this table")).table
        async with self.bot.publisher.ordered_delivery(table.id):
            update = await self.bot.service.end(table.id, interaction.user.id, moderator=caller.moderator)
            await interaction.response.send_message(update.public[0], allowed_mentions=NOBODY)
            await self.bot.publisher.close(update.table)

    @table.command(name="kick", description="Remove a player; a stand-in takes their seat (moderators)")
    @app_commands.describe(member="The player to remove")
    async def kick(self, interaction: TableInteraction, member: discord.Member) -> None:
        table = (await self._here(interaction, Need.MODERATE, "remove a player")).table
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.bot.publisher.ordered_delivery(table.id):
            table = await self.bot.service.get(table.id)
            was_waiting = self.bot.service.waiting_on(table) if table.status == "running" else []
            update = await self.bot.service.kick(table.id, member.id, moderator=True, actor_id=interaction.user.id)
            await interaction.followup.send(f"✅ {member.display_name} was removed.", ephemeral=True)
            if update.table.status == "lobby":
                await self.bot.publisher.refresh_lobby(update.table)
            else:
                await self.bot.publisher.publish(update, was_waiting)

    @app_commands.command(name="hand", description="Your cards, your vote and your moves, privately")
    @app_commands.guild_only()
    async def hand(self, interaction: TableInteraction) -> None:
        await self.play.show_hand(interaction, await self._here(interaction, Need.LOOK))

    @app_commands.command(name="rules", description="How to play a game here")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: TableInteraction, game: str) -> None:
        embed, components = rules_page(game, 0)
        await interaction.response.send_message(embed=embed, view=components or discord.utils.MISSING, ephemeral=True)
