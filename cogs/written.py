"""`/<game> <move>`: a move whose text the player writes (a question put to a vote), as a slash command
besides the form its button opens. Each registered game's `written_moves` get one, their options
the move's text fields (bot/games.py checked their titles and lengths at start-up)."""

from __future__ import annotations

import inspect

import discord
from discord import app_commands
from pydantic import BaseModel

from bot.discord_app.client import TableClient
from bot.discord_app.play import Play
from bot.games import Plugin, max_length, written_fields
from bot.tables.gate import Need
from bot.tables.refusals import Refused

from .common import SlashCommand, TableInteraction, answer_error, here


class WrittenMoves(app_commands.Group):
    """One game's written moves, `/<game key> ...`."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await answer_error(interaction, error)


def written_moves(shown: Plugin, bot: TableClient, play: Play) -> WrittenMoves | None:
    """The game's command group, or None if it has no written move."""
    game = shown.game
    if not game.written_moves:
        return None
    group = WrittenMoves(name=game.key, description=f"{game.title} moves"[:100], guild_only=True)
    models = {model.model_fields["kind"].default: model for model in game.action_types}
    for kind in game.written_moves:
        group.add_command(written_move(game.key, game.title, kind, models[kind], bot, play))
    return group


def written_move(key: str, title: str, kind: str, model: type[BaseModel], bot: TableClient, play: Play) -> SlashCommand:
    fields = written_fields(model)

    async def write(interaction: TableInteraction, /, **written: str) -> None:
        if (await here(bot, interaction)).table.game != key:
            raise Refused(f"There is no {title} table in this channel.")
        passed = await here(bot, interaction, Need.PLAY, kind)
        await play.move(interaction, passed, {"kind": kind, **written}, edit=False)

    # The options are the move's text fields, each 1 to max_length characters, described by its title.
    write.__signature__ = inspect.Signature(  # type: ignore[attr-defined]  # a function's own, which inspect reads
        [
            inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction),
            *(
                inspect.Parameter(
                    name, inspect.Parameter.KEYWORD_ONLY, annotation=app_commands.Range[str, 1, max_length(info)]
                )
                for name, info in fields.items()
            ),
        ]
    )
    titles = {name: info.title for name, info in fields.items() if info.title}
    assert len(titles) == len(fields), "bot/games.py checked that each text has a title"
    described = app_commands.describe(**titles)(write)
    assert model.__doc__ is not None, "bot/games.py checked that each written move has a description"
    return app_commands.Command(name=kind, description=model.__doc__.strip(), callback=described)
