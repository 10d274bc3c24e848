"""Moderator commands under `/table` (pause, resume, skip, replace, rollback, config), `/table log`,
and the end of a game: the summary with what was hidden, and its Rematch button.

The commands join the `/table` group of the Tables cog when this cog loads (add it after Tables).
They only translate: bot.moderation (bot/moderation.py) and the TableService decide.
"""
from __future__ import annotations

import logging
from dataclasses import asdict

import discord
from discord import app_commands
from discord.ext import commands

from bot import render, stats
from bot.moderation import NO_TABLE, Moderation, seat_history
from bot.service import Refused
from bot.store import TableRecord
from bot.summary import seat_label, summary_lines
from bot.text import chunk
from engine import RuleError

from .components import answer_error, board_view, is_moderator, send_private, who_you_are

log = logging.getLogger(__name__)


async def table_here(interaction: discord.Interaction) -> TableRecord:
    table = await interaction.client.service.table_in(interaction.channel_id)
    if table is None:
        raise Refused(NO_TABLE)
    return table


async def moderate(interaction: discord.Interaction, operation: str, done: str, **arguments) -> TableRecord:
    """Run a moderator operation on this channel's table and publish what it changed."""
    bot = interaction.client
    table = await table_here(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    async with bot.publisher.turn(table.id):
        method = getattr(bot.moderation, operation)
        update = await method(table.id, interaction.user.id, moderator=is_moderator(interaction), **arguments)
        await interaction.followup.send(f"✅ {done}", ephemeral=True)
        if update.table.status == "lobby":
            await bot.publisher.refresh_lobby(update.table)
        else:
            await bot.publisher.publish(update)
    return update.table


async def tell_new_holder(bot, table: TableRecord, user_id: int) -> None:
    """The member who took over a seat gets that seat's own view, as players get at the start."""
    if table.state is None:
        return
    game = bot.service.game_of(table)
    view = game.view(bot.service.state_of(table), table.seats.index(user_id))
    await bot.publisher.dm(table, user_id, f"🎲 You now hold a seat at <#{table.channel_id}>. {who_you_are(view)}\n"
                                           f"{render.render_text(table.game, view)}")


def table_commands() -> list[app_commands.Command]:
    """Fresh command objects for one bot's `/table` group."""

    @app_commands.command(name="pause", description="Pause this table: no moves and no clock (moderators)")
    async def pause(interaction: discord.Interaction) -> None:
        await moderate(interaction, "pause", "The table is paused.")

    @app_commands.command(name="resume", description="Resume a paused table (moderators)")
    async def resume(interaction: discord.Interaction) -> None:
        await moderate(interaction, "resume", "The table goes on.")

    @app_commands.command(name="skip", description="Play the default move for everyone the table waits on (moderators)")
    async def skip(interaction: discord.Interaction) -> None:
        await moderate(interaction, "skip", "Skipped.")

    @app_commands.command(name="replace", description="Hand a player's seat to another member (moderators)")
    @app_commands.describe(member="Who takes the seat", player="Whose seat they take",
                           seat="Or the seat's number (for a stand-in's seat)")
    async def replace(interaction: discord.Interaction, member: discord.Member, player: discord.Member | None = None,
                      seat: app_commands.Range[int, 1, 12] | None = None) -> None:
        if member.bot:
            raise Refused("A bot cannot take a seat; leave it to a stand-in.")
        table = await moderate(interaction, "replace", f"{member.display_name} holds the seat now.", member_id=member.id,
                               player_id=player.id if player else None, seat=seat - 1 if seat else None)
        await tell_new_holder(interaction.client, table, member.id)

    @app_commands.command(name="rollback", description="Take back the last moves, replaying the game without them (moderators)")
    @app_commands.describe(actions="How many moves to take back")
    async def rollback(interaction: discord.Interaction, actions: app_commands.Range[int, 1, 1000]) -> None:
        await moderate(interaction, "rollback", f"{actions} move{'s' if actions != 1 else ''} taken back.", moves=actions)

    @app_commands.command(name="log", description="The table's public events and moderator actions, page by page")
    @app_commands.describe(table="A table's number (default: this channel's table, or its last one)")
    async def table_log(interaction: discord.Interaction, table: app_commands.Range[int, 1] | None = None) -> None:
        bot = interaction.client
        record = await bot.moderation.table_for_log(interaction.guild_id, interaction.channel_id, table)
        content, view = await log_page(bot, record)
        await interaction.response.send_message(content, ephemeral=True, allowed_mentions=discord.AllowedMentions.none(),
                                                **({"view": view} if view else {}))

    @app_commands.command(name="config", description="Server settings for tables: who moderates them")
    @app_commands.describe(moderator_role="Members with this role moderate tables (as Manage Channels does)",
                           clear="Forget the moderator role")
    async def config(interaction: discord.Interaction, moderator_role: discord.Role | None = None,
                     clear: bool = False) -> None:
        moderation: Moderation = interaction.client.moderation
        if moderator_role is None and not clear:
            settings = await moderation.guild_settings(interaction.guild_id)
            role = settings and settings["moderator_role"]
            text = (f"🛡️ Moderators: members with Manage Channels, and the role <@&{role}> "
                    f"(set by <@{settings['updated_by']}> <t:{int(settings['updated_at'])}:R>)." if role else
                    "🛡️ Moderators: members with Manage Channels. Set a role with `/table config moderator_role:`.")
            await send_private(interaction, text, allowed_mentions=discord.AllowedMentions.none())
            return
        permissions = interaction.permissions
        if not (permissions.manage_guild or permissions.administrator):
            raise Refused("Only members with Manage Server can choose the moderator role.")
        await moderation.set_moderator_role(interaction.guild_id, None if clear else moderator_role.id,
                                            interaction.user.id)
        text = ("🛡️ The moderator role is cleared: moderators are members with Manage Channels." if clear else
                f"🛡️ Members with <@&{moderator_role.id}> now moderate tables here.")
        await interaction.response.send_message(f"{text} (by <@{interaction.user.id}>)",
                                                allowed_mentions=discord.AllowedMentions.none())

    built = [pause, resume, skip, replace, rollback, table_log, config]
    for command in built:
        command.on_error = answer_error
    return built


# --- the log, page by page -------------------------------------------------------------------------

async def log_page(bot, table: TableRecord, page: int | None = None) -> tuple[str, discord.ui.View | None]:
    """One page of a table's log (the newest by default), with buttons to the older and newer."""
    pages = await bot.moderation.log_pages(table)
    page = len(pages) - 1 if page is None else max(0, min(page, len(pages) - 1))
    title = bot.service.game_of(table).title
    head = f"📜 **{title}**, table {table.id} ({table.status}) · log page {page + 1} of {len(pages)}"
    if len(pages) == 1:
        return f"{head}\n{pages[page]}", None
    view = discord.ui.View(timeout=None)
    for target, label in ((page - 1, "◀ Older"), (page + 1, "Newer ▶")):
        if 0 <= target < len(pages):
            view.add_item(LogPageButton(table.id, target, label))
    return f"{head}\n{pages[page]}", view


class LogPageButton(discord.ui.DynamicItem[discord.ui.Button], template=r"pt:log:(?P<t>\d+):(?P<p>\d+)"):
    def __init__(self, table_id: int, page: int, label: str = "More") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"pt:log:{table_id}:{page}"))
        self.table_id, self.page = table_id, page

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["t"]), int(match["p"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            table = await interaction.client.service.get(self.table_id)
            content, view = await log_page(interaction.client, table, self.page)
            await interaction.response.edit_message(content=content, view=view,
                                                    allowed_mentions=discord.AllowedMentions.none())
        except RuleError as error:
            await send_private(interaction, f"🚫 {error}")


# --- the end of a game -----------------------------------------------------------------------------

async def post_summary(bot, table: TableRecord) -> None:
    """After a finish or an end: the result, the game's length, what each seat hid, who held
    which seat, and a Rematch button. Counted in the stats if finished. Never raises: the game
    is over whatever happens here."""
    try:
        if table.state is None:
            return
        if table.status == "finished":
            await stats.record(bot.store, table)
        game, state = bot.service.game_of(table), bot.service.state_of(table)
        log_rows = await bot.store.actions(table.id)
        lines = summary_lines(game, table, state, log_rows)
        held = seat_history(table, log_rows)
        names = game.view(state, None).get("names")
        for seat, holders in enumerate(held):
            if len(holders) > 1:
                chain = " → ".join("🤖 stand-in" if user is None else f"<@{user}>" for user in holders)
                lines.append(f"🔁 {seat_label(table, seat, names)} was held by {chain}.")
        texts = chunk(lines)
        channel = await bot.publisher.channel_of(table)
        for text in texts[:-1]:
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        view = discord.ui.View(timeout=None)
        view.add_item(RematchButton(table.id))
        await channel.send(texts[-1], view=view, allowed_mentions=discord.AllowedMentions.none())
    except Exception:
        log.exception("table %s: the end-of-game summary failed", table.id)


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"pt:rematch:(?P<t>\d+)"):
    """A new lobby in the same channel: the same game and options, the same stand-ins, and the
    other players invited (pinged) to join."""

    def __init__(self, table_id: int) -> None:
        super().__init__(discord.ui.Button(label="Rematch", emoji="🔁", style=discord.ButtonStyle.primary,
                                           custom_id=f"pt:rematch:{table_id}"))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["t"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        try:
            old = await bot.service.get(self.table_id)
            if old.open:
                raise Refused("That game is still going on.")
            if interaction.user.id not in old.seats:
                raise Refused("Only the players of that game can call a rematch.")
            game = bot.service.game_of(old)
            table = await bot.service.create(
                guild_id=old.guild_id, channel_id=old.channel_id, host_id=interaction.user.id, game=old.game,
                options=old.options, stand_ins=min(old.seats.count(None), game.max_seats - 1))
            await bot.clock.configure(table.id, **asdict(await bot.clock.settings(old.id)))  # the same pace
            invited = [user for user in old.seats if user is not None and user != interaction.user.id]
            text = await bot.publisher.lobby_message(table)
            if invited:
                text += (f"\n🔁 Rematch! {', '.join(f'<@{user}>' for user in invited)}: press **Join** to play "
                         "again.")
            await interaction.response.send_message(
                text, view=board_view(table),
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(user) for user in invited]))
            message = await interaction.original_response()
            await bot.store.set_board_message(table.id, message.id)
        except RuleError as error:
            await send_private(interaction, f"🚫 {error}")


ITEMS = (LogPageButton, RematchButton)


class Moderators(commands.Cog):
    def __init__(self, bot) -> None:
        self.bot = bot
        bot.moderation = Moderation(bot.service)
        self.commands = table_commands()

    async def cog_load(self) -> None:
        await self.bot.moderation.load()
        group = self.bot.tree.get_command("table")
        for command in self.commands:
            group.add_command(command)

    async def cog_unload(self) -> None:
        group = self.bot.tree.get_command("table")  # gone already if the Tables cog left first
        for command in self.commands if isinstance(group, app_commands.Group) else ():
            group.remove_command(command.name)
