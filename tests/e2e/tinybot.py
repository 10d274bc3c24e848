"""A tiny discord.py bot that exercises what the real bot uses (slash commands with options and
subcommands, ephemeral replies with buttons and selects, DMs, modals, deferrals, followups with
PNG files, edits), so the fake Discord is tested on its own, independently of the real bot."""

from __future__ import annotations

import asyncio
import io

import discord
from discord import app_commands
from discord.ext import commands
from PIL import Image


def png(colour: str = "navy") -> discord.File:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), colour).save(buffer, format="PNG")
    buffer.seek(0)
    return discord.File(buffer, filename="board.png")


class AskModal(discord.ui.Modal, title="Ask the table"):
    question = discord.ui.TextInput(label="Question", max_length=200)
    detail = discord.ui.TextInput(label="Detail", style=discord.TextStyle.paragraph, required=False)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"**{interaction.user.name}** asks: {self.question.value}"
            + (f" ({self.detail.value})" if self.detail.value else "")
        )


class ReadView(discord.ui.View):
    @discord.ui.button(label="Got it")
    async def got_it(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        where = "a DM" if interaction.guild is None else "the guild"
        await interaction.response.edit_message(content=f"psst, a secret (read in {where})", view=None)


class EchoView(discord.ui.View):
    @discord.ui.button(label="DM me", style=discord.ButtonStyle.primary)
    async def dm_me(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        try:
            await interaction.user.send("psst, a secret", view=ReadView())
        except discord.Forbidden:
            await interaction.response.send_message("your DMs are closed", ephemeral=True)
        else:
            await interaction.response.send_message("sent you a DM", ephemeral=True)

    @discord.ui.button(label="Ask")
    async def ask(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_modal(AskModal())

    @discord.ui.button(label="Boom", style=discord.ButtonStyle.danger)
    async def boom(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        raise RuntimeError("the view callback blew up")

    @discord.ui.select(
        placeholder="Pick a colour",
        options=[discord.SelectOption(label="Red", value="red"), discord.SelectOption(label="Blue", value="blue")],
    )
    async def colour(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"You picked {', '.join(select.values)}", view=self)

    @discord.ui.select(cls=discord.ui.UserSelect, placeholder="Seat someone", max_values=2)
    async def seat(self, interaction: discord.Interaction, select: discord.ui.UserSelect) -> None:
        await interaction.response.edit_message(content=f"Seated {', '.join(u.name for u in select.values)}")


game = app_commands.Group(name="game", description="Play a game")


@game.command(name="start", description="Start a game")
@app_commands.describe(players="How many players")
async def game_start(
    interaction: discord.Interaction, players: app_commands.Range[int, 2, 6], variant: str = "classic"
) -> None:
    await interaction.response.send_message(f"Starting a {variant} game for {players} players")


@game_start.autocomplete("variant")
async def variant_choices(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=v.title(), value=v) for v in ("classic", "solo", "clock") if v.startswith(typed)]


@game.command(name="poke", description="Poke another player")
async def game_poke(interaction: discord.Interaction, who: discord.Member) -> None:
    await interaction.response.send_message(f"{interaction.user.mention} pokes {who.mention} ({who.name})")


@app_commands.command(name="echo", description="Echo text back, privately")
@app_commands.choices(
    tone=[app_commands.Choice(name="Calm", value="calm"), app_commands.Choice(name="Loud", value="loud")]
)
async def echo(
    interaction: discord.Interaction,
    text: str,
    times: app_commands.Range[int, 1, 3] = 1,
    tone: app_commands.Choice[str] | None = None,
) -> None:
    said = text * times
    if tone is not None and tone.value == "loud":
        said = said.upper()
    await interaction.response.send_message(said, view=EchoView(), ephemeral=True)


@app_commands.command(name="picture", description="Think, then post a picture")
async def picture(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    await asyncio.sleep(0.05)
    await interaction.followup.send("here it is", file=png())
    await interaction.edit_original_response(content="here it is (edited)")
    posted = await interaction.channel.send("a board", file=png("red"))
    await posted.edit(content="a board, updated", attachments=[png("green")])


class RedrawView(discord.ui.View):
    @discord.ui.button(label="Redraw")
    async def redraw(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content="redrawn", attachments=[png("red")], view=self)


@app_commands.command(name="snapshot", description="Answer with a picture straight away")
async def snapshot(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("snap", file=png(), view=RedrawView())


@app_commands.command(name="thread", description="Open a thread for a game")
async def thread(interaction: discord.Interaction, name: str) -> None:
    opened = await interaction.channel.create_thread(name=name, type=discord.ChannelType.public_thread)
    await opened.send(f"Welcome to {name}")
    await interaction.response.send_message(f"Opened {opened.mention}", ephemeral=True)


@app_commands.command(name="long", description="Say n characters out loud")
async def long(interaction: discord.Interaction, n: int) -> None:
    await interaction.response.send_message("x" * n)


@app_commands.command(name="slow", description="Answer after a while")
async def slow(interaction: discord.Interaction, seconds: float) -> None:
    await asyncio.sleep(seconds)
    await interaction.response.send_message("finally")


@app_commands.command(name="silent", description="Never answer")
async def silent(interaction: discord.Interaction) -> None:
    return None


@app_commands.command(name="tidy", description="Moderators only")
@app_commands.default_permissions(manage_channels=True)
@app_commands.guild_only()
async def tidy(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("tidied", ephemeral=True)


@app_commands.command(name="where", description="Where am I?")
@app_commands.allowed_contexts(guilds=True, dms=True)
async def where(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(
        f"you are in {place_of(interaction)}", ephemeral=interaction.guild is not None
    )


def place_of(interaction: discord.Interaction) -> str:
    """Where the bot's own cache says the interaction came from (a guild it got a GUILD_CREATE for)."""
    if interaction.guild_id is None:
        return "a DM"
    guild = interaction.client.get_guild(interaction.guild_id)
    channel = guild and guild.get_channel_or_thread(interaction.channel_id)
    return f"#{channel.name if channel else '?'} of {guild.name if guild else '?'}"


class Poke(discord.ui.DynamicItem[discord.ui.Button], template=r"tiny:poke:(?P<n>\d+)"):
    """A persistent button (any message, any restart): the kind of component a forged click reaches."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Poke {n}", custom_id=f"tiny:poke:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"{interaction.user.name} poked {self.n} in {place_of(interaction)}", ephemeral=True
        )


class Pick(discord.ui.DynamicItem[discord.ui.Select], template=r"tiny:pick"):
    def __init__(self) -> None:
        super().__init__(discord.ui.Select(custom_id="tiny:pick", options=[discord.SelectOption(label="A", value="a")]))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"picked {self.item.values}", ephemeral=True)


class Guarded(discord.ui.DynamicItem[discord.ui.Button], template=r"pt:guard:(?P<n>\d+)"):
    """Refuses everyone, privately: what the attack runner (attacks.py) must let pass."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label="Guard", custom_id=f"pt:guard:{n}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("🚫 Not for you, not here.", ephemeral=True)


class Leaky(discord.ui.DynamicItem[discord.ui.Button], template=r"pt:leak:(?P<n>\d+)"):
    """Answers anyone, for all to see: what the attack runner must catch."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label="Leak", custom_id=f"pt:leak:{n}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"{interaction.user.name} pressed it. @everyone")


@app_commands.command(name="guarded", description="A message with a guarded and a leaky button")
async def guarded(interaction: discord.Interaction) -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(Guarded(1))
    view.add_item(Leaky(2))
    await interaction.response.send_message("Two buttons", view=view)


class TinyBot(commands.Bot):
    def __init__(self, guild_id: int) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default())
        self.guild_id = guild_id

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Any other `pt:` id, or a form nobody opened, is refused (as a gate would)."""
        custom_id = (interaction.data or {}).get("custom_id", "")
        known = interaction.type == discord.InteractionType.component and any(
            item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in (Guarded, Leaky)
        )
        if custom_id.startswith("pt:") and not known:
            await interaction.response.send_message("🚫 I do not know that button.", ephemeral=True)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Poke, Pick, Guarded, Leaky)
        for command in (guarded, echo, picture, snapshot, thread, long, slow, silent, tidy, where, game):
            self.tree.add_command(command)
        await self.tree.sync()  # global commands: the only ones usable in DMs
        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync(guild=guild)
