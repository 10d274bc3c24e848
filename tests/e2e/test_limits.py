"""Discord's limits on modals and commands, as the fake enforces them (message limits are tested
over HTTP in test_fake_refusals.py). What discord.py itself produces must pass."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from .fakediscord.limits import command_problems, modal_problems


class Ask(discord.ui.Modal, title="Ask the table"):
    question = discord.ui.TextInput(label="Question", max_length=200)
    who = discord.ui.Label(
        text="Ask whom", component=discord.ui.Select(options=[discord.SelectOption(label="Anyone", value="any")])
    )


def text_row(label: str = "Question", custom_id: str = "q", **extra) -> dict:
    return {"type": 1, "components": [{"type": 4, "style": 1, "label": label, "custom_id": custom_id, **extra}]}


def modal(**changes) -> dict:
    return {"custom_id": "ask", "title": "Ask", "components": [text_row()], **changes}


def paths(problems: list[tuple[str, str]]) -> list[str]:
    return [path for path, _ in problems]


def test_a_modal_made_by_discord_py_passes():
    assert modal_problems(Ask().to_dict()) == []


@pytest.mark.parametrize(
    "changes, path",
    [
        ({"title": "x" * 46}, "data.title"),
        ({"custom_id": "x" * 101}, "data.custom_id"),
        ({"components": [text_row(custom_id=f"q{i}") for i in range(6)]}, "data.components"),
        ({"components": []}, "data.components"),
        ({"components": [text_row(label="x" * 46)]}, "data.components.0.components.0.label"),
        ({"components": [text_row(max_length=4001)]}, "data.components.0.components.0"),
        ({"components": [text_row(), text_row(label="Again")]}, "data.components.1.components.0.custom_id"),
        (
            {"components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "b", "custom_id": "b"}]}]},
            "data.components.0",
        ),
        (
            {
                "components": [
                    {"type": 18, "label": "Who", "component": {"type": 4, "style": 1, "custom_id": "w", "label": "Who"}}
                ]
            },
            "data.components.0.component.label",
        ),
    ],
)
def test_a_modal_over_a_limit_is_refused(changes, path):
    assert path in paths(modal_problems(modal(**changes)))


def command(**changes) -> dict:
    return {"type": 1, "name": "table", "description": "Tables", "options": [], **changes}


def option(name: str = "game", **extra) -> dict:
    return {"type": 3, "name": name, "description": "Which game", **extra}


def test_commands_made_by_discord_py_pass():
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    group = app_commands.Group(name="table", description="Game tables")

    @group.command(name="new", description="Open a table")
    @app_commands.choices(game=[app_commands.Choice(name=f"Game {i}", value=f"g{i}") for i in range(25)])
    async def new(interaction: discord.Interaction, game: str, seats: app_commands.Range[int, 1, 12] = 4) -> None:
        pass

    tree.add_command(group)
    assert command_problems([c.to_dict(tree) for c in tree.get_commands()]) == []


@pytest.mark.parametrize(
    "commands, path",
    [
        ([command(name="Table")], "0.name"),
        ([command(name="x" * 33)], "0.name"),
        ([command(description="")], "0.description"),
        ([command(description="x" * 101)], "0.description"),
        ([command(options=[option(f"o{i}") for i in range(26)])], "0.options"),
        (
            [command(options=[option(choices=[{"name": f"c{i}", "value": f"c{i}"} for i in range(26)])])],
            "0.options.0.choices",
        ),
        ([command(options=[option("a"), option("b", required=True)])], "0.options.1"),
        ([command(), command()], "1.name"),
        ([command(options=[{"type": 1, "name": "New", "description": "Open", "options": []}])], "0.options.0.name"),
    ],
)
def test_a_command_over_a_limit_is_refused(commands, path):
    assert path in paths(command_problems(commands))
