"""Playing: a move, the lobby's buttons, "My hand & moves". Each starts from what the gate let
through (bot/tables/gate.py) and asks the TableService to do it; nothing here decides."""

from __future__ import annotations

import time

import discord
from pydantic import BaseModel

from bot.discord_app.delivery.components import close_components, with_take_back
from bot.discord_app.delivery.hooks import Hook
from bot.discord_app.delivery.mentions import pinging
from bot.discord_app.delivery.messages import moves_message, place
from bot.games import plugin
from bot.tables.gate import Pass
from bot.tables.refusals import ClosesTable

from .answers import Answer
from .common import TableInteraction, send_private


async def commit_move(
    interaction: TableInteraction,
    passed: Pass,
    action: BaseModel | dict[str, object],
    *,
    edit: bool,
    version: int | None = None,
) -> None:
    """Play the move; answer only once it is committed (cogs/answers.py), then publish it. `edit`:
    the move came from a message of moves, which now shows what is left to do; else the answer is
    a private message. The interaction is not acknowledged yet."""
    answering = interaction.client.publisher.dms.answering
    # the message pressed, answered in place: a DM prompt, or a private answer in the channel
    pressed = (
        None
        if not edit or interaction.message is None
        else interaction.message.id
        if interaction.guild_id is None
        else (passed.table.id, interaction.user.id)
    )
    if pressed is not None:
        answering.add(pressed)
    try:
        await _commit_move(interaction, passed, action, edit=edit, version=version)
    finally:
        answering.discard(pressed)


async def _commit_move(
    interaction: TableInteraction,
    passed: Pass,
    action: BaseModel | dict[str, object],
    *,
    edit: bool,
    version: int | None,
) -> None:
    bot = interaction.client
    service = bot.service
    user_id, table = interaction.user.id, passed.table
    async with Answer(interaction, in_place=edit) as answer, bot.publisher.ordered_delivery(table.id):
        update = await service.act(
            table.id,
            user_id,
            action,
            version=table.version if version is None else version,
            answered_by=answered_by(interaction),
        )
        mine = update.private.pop(user_id, [])
        played = passed.choice.label if passed.choice is not None else "your move"
        ack = "✅ " + (" ".join(mine) if mine else f"You played **{played}**.")  # never a bare "Done"
        in_dm = interaction.guild_id is None
        if in_dm:  # a DM names its table
            ack += f"\nAt {place(service, update.table)}."
        # A new decision for this player (the next turn, the speaker's own vote on the question
        # just asked) is offered right here, where they are: not by DM, one request less against
        # Discord's global limit, while everyone else choosing at once gets theirs by DM.
        content, components = moves_message(service, update.table, user_id, intro=ack)
        content = content if components else ack
        message, channel_id = interaction.message, interaction.channel_id
        if edit and in_dm and message is not None and channel_id is not None:  # the prompt pressed: the next step
            await bot.publisher.dms.shown(update.table, user_id, channel_id, message.id, moves=components is not None)
        elif not in_dm:  # a private answer in the channel: it offers the next step, or none
            bot.publisher.dms.offered(update.table, user_id, Hook.of(interaction) if components else None)
        if update.take_back_version is not None:  # a misclick can be undone while nothing else happened
            components, fits = with_take_back(components, table.id, update.take_back_version)
            content += "" if fits else "\n↩️ Misclicked? `/table undo` takes it back."
        picture = await bot.publisher.hand_picture(update.table, user_id)
        # a game with pictures of one's own replaces the last step's, or takes it away
        await answer.send(
            content, view=components, picture=picture, redraw=plugin(table.game).presentation.hand_picture is not None
        )
        await bot.publisher.publish(update, actor=user_id, prompted=(user_id,), via=Hook.of(interaction))


async def take_back(
    interaction: TableInteraction, passed: Pass, *, version: int | None = None, in_place: bool = False
) -> None:
    """Take back the player's own last move (the ↩️ button on its confirmation, at `version`, or
    `/table undo`): the message pressed (`in_place`), or a private answer, shows their moves again."""
    bot = interaction.client
    user_id, table_id = interaction.user.id, passed.table.id
    async with Answer(interaction, in_place=in_place) as answer, bot.publisher.ordered_delivery(table_id):
        update = await bot.takebacks.take_back(table_id, user_id, version)
        intro = "↩️ Your move was taken back: choose again."
        in_dm = interaction.guild_id is None
        if in_dm:
            intro += f"\nAt {place(bot.service, update.table)}."
        content, components = moves_message(bot.service, update.table, user_id, intro=intro)
        message, channel_id = interaction.message, interaction.channel_id
        if in_place and in_dm and message is not None and channel_id is not None:  # the DM pressed: their prompt again
            await bot.publisher.dms.shown(update.table, user_id, channel_id, message.id, moves=components is not None)
        elif not in_dm:  # a private answer in the channel: it offers their moves again, or none
            bot.publisher.dms.offered(update.table, user_id, Hook.of(interaction) if components else None)
        await answer.send(content, view=components)
        await bot.publisher.publish(update, actor=user_id, prompted=(user_id,), via=Hook.of(interaction))


def answered_by(interaction: discord.Interaction) -> str:
    """The press, as the outbox keeps it for its answer: after a crash, the catch-up looks at that
    answer (an interaction's token lives 15 minutes) before telling the player their texts again."""
    return f"{interaction.application_id}:{interaction.token}:{int(time.time())}"


async def lobby_action(interaction: TableInteraction, passed: Pass, verb: str) -> None:
    bot = interaction.client
    service = bot.service
    table_id = passed.table.id
    if verb == "start":  # stand-ins may play a while: answer first, privately if typed
        if interaction.type == discord.InteractionType.component:
            await interaction.response.defer()  # the lobby message itself shows that the game began
            assert interaction.message is not None, "a button is pressed on a message"
            bot.publisher.editors.original(table_id, interaction.message.id, interaction)
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        async with bot.publisher.ordered_delivery(table_id):
            update = await service.start(table_id, interaction.user.id, moderator=passed.caller.moderator)
            if interaction.type != discord.InteractionType.component:
                await interaction.followup.send("✅ The game begins!", ephemeral=True)
            await bot.publisher.refresh_lobby(update.table)
            await bot.publisher.dms.reopen(update.table)
            await bot.publisher.publish(update, via=Hook.of(interaction))  # with each player's seat, by DM
        return
    title = service.game_of(passed.table).title
    if verb == "join":
        table = await service.join(table_id, interaction.user.id)
        await send_private(interaction, f"✅ You joined the **{title}** table.")
        await bot.publisher.refresh_lobby(table)
        return
    try:
        update = await service.leave(table_id, interaction.user.id, closing=verb == "close")
    except ClosesTable as asked:  # the last player: leaving closes the table, so they confirm it first
        await send_private(interaction, f"⚠️ {asked}", view=close_components(table_id, asked.version))
        return
    if not update.table.open:
        closed = f"👋 You left, and the **{title}** table is closed."
        if verb == "close" and passed.press is not None and passed.press.in_place:  # the confirmation says so
            await interaction.response.edit_message(content=closed, view=None)
        else:
            await send_private(interaction, closed)
    elif update.public:  # the host left: the table says who hosts it now, and pings only them
        await interaction.response.send_message(update.public[0], allowed_mentions=pinging(update.fresh))
    else:
        await send_private(interaction, f"👋 You left the **{title}** table.")
    await bot.publisher.refresh_lobby(update.table)


async def show_hand(interaction: TableInteraction, passed: Pass) -> None:
    """A player's private view and moves; anyone else in the channel sees the public view."""
    bot = interaction.client
    if passed.table.state is None:
        await send_private(interaction, await bot.publisher.lobby_message(passed.table))
        return
    content, components = moves_message(bot.service, passed.table, interaction.user.id)
    picture = await bot.publisher.hand_picture(passed.table, interaction.user.id) if components else None
    await send_private(
        interaction, content, **({"view": components} if components else {}), **({"file": picture} if picture else {})
    )
    if components and interaction.guild_id is not None:
        bot.publisher.dms.offered(passed.table, interaction.user.id, Hook.of(interaction))
