"""A player's part at a table, each use case read top to bottom: a move, taking it back, the lobby's
buttons, their hand, a rematch. Each starts from what the gate let through (bot/tables/gate.py), and
each move is committed before it is answered: the answer is its acknowledgement.
"""

from __future__ import annotations

import time
from dataclasses import asdict

import discord
from pydantic import BaseModel

from bot.clock.scheduler import Clock
from bot.discord_app.answers import Answer, acknowledgement
from bot.discord_app.delivery.components import board_components, close_components, with_take_back
from bot.discord_app.delivery.hooks import Hook
from bot.discord_app.delivery.mentions import pinging
from bot.discord_app.delivery.messages import moves_message, place
from bot.discord_app.delivery.publisher import Publisher
from bot.discord_app.interactions import TableInteraction, bot_can_post_here, send_private
from bot.games import plugin
from bot.store.records import TableRecord
from bot.tables.gate import Pass
from bot.tables.moderation import Moderation
from bot.tables.refusals import ClosesTable
from bot.tables.service import TableService
from bot.tables.takeback import TakeBacks


def answered_by(interaction: discord.Interaction) -> str:
    """The press, as the outbox keeps it for its answer: after a crash, the catch-up looks at that
    answer (an interaction's token lives 15 minutes) before telling the player their texts again."""
    return f"{interaction.application_id}:{interaction.token}:{int(time.time())}"


def pressed_message(interaction: discord.Interaction, table_id: int) -> int | tuple[int, int] | None:
    """The player's own message of moves that a press answers in place: a DM prompt by its id, a
    private answer in the channel by (table, player)."""
    if interaction.message is None:
        return None
    return interaction.message.id if interaction.guild_id is None else (table_id, interaction.user.id)


class Play:
    def __init__(
        self,
        service: TableService,
        takebacks: TakeBacks,
        moderation: Moderation,
        clock: Clock,
        publisher: Publisher,
    ) -> None:
        self.service, self.takebacks, self.moderation, self.clock = service, takebacks, moderation, clock
        self.publisher, self.dms = publisher, publisher.dms

    async def move(
        self,
        interaction: TableInteraction,
        passed: Pass,
        action: BaseModel | dict[str, object],
        *,
        edit: bool,
        version: int | None = None,
    ) -> None:
        """Play the move: commit it, answer the press with what was played and what is left to do,
        then tell the table. `edit`: the move came from a message of moves, which the answer
        replaces; else the answer is a private message. The interaction is not acknowledged yet."""
        user_id, table = interaction.user.id, passed.table
        in_dm = interaction.guild_id is None
        with self.dms.answering_on(pressed_message(interaction, table.id) if edit else None):
            async with Answer(interaction, in_place=edit) as answer, self.publisher.ordered_delivery(table.id):
                update = await self.service.act(
                    table.id,
                    user_id,
                    action,
                    version=table.version if version is None else version,
                    answered_by=answered_by(interaction),
                    admitted_at=table.version,
                )
                mine = update.private.pop(user_id, [])
                played = passed.choice.label if passed.choice is not None else "your move"
                ack = acknowledgement(mine, played)
                if in_dm:  # a DM names its table
                    ack += f"\nAt {place(self.service, update.table)}."
                # A new decision for this player (the next turn, the speaker's own vote on the question
                # just asked) is offered right here, where they are: not by DM, one request less against
                # Discord's global limit, while everyone else choosing at once gets theirs by DM.
                content, components = moves_message(self.service, update.table, user_id, intro=ack)
                content = content if components else ack
                await self._offered_here(interaction, update.table, components is not None, in_place=edit)
                if update.take_back_version is not None:  # a misclick can be undone while nothing else happened
                    components, fits = with_take_back(components, table.id, update.take_back_version)
                    content += "" if fits else "\n↩️ Misclicked? `/table undo` takes it back."
                picture = await self.publisher.pictures.hand(update.table, user_id)
                # a game with pictures of one's own replaces the last step's, or takes it away
                redraw = plugin(table.game).presentation.hand_picture is not None
                await answer.send(content, view=components, picture=picture, redraw=redraw)
                await self.publisher.publish(update, actor=user_id, prompted=(user_id,), via=Hook.of(interaction))

    async def take_back(
        self, interaction: TableInteraction, passed: Pass, *, version: int | None = None, in_place: bool = False
    ) -> None:
        """Take back the player's own last move (the ↩️ button on its confirmation, at `version`, or
        `/table undo`): the message pressed (`in_place`), or a private answer, shows their moves again."""
        user_id, table_id = interaction.user.id, passed.table.id
        # answered in place, the message pressed stays the player's own (no delivery settles it); a
        # new answer replaces an earlier one offering their moves, which then loses its buttons
        with self.dms.answering_on(pressed_message(interaction, table_id) if in_place else None):
            async with Answer(interaction, in_place=in_place) as answer, self.publisher.ordered_delivery(table_id):
                update = await self.takebacks.take_back(table_id, user_id, version, admitted_at=passed.table.version)
                intro = "↩️ Your move was taken back: choose again."
                if interaction.guild_id is None:
                    intro += f"\nAt {place(self.service, update.table)}."
                content, components = moves_message(self.service, update.table, user_id, intro=intro)
                await self._offered_here(interaction, update.table, components is not None, in_place=in_place)
                await answer.send(content, view=components)
                await self.publisher.publish(update, actor=user_id, prompted=(user_id,), via=Hook.of(interaction))

    async def _offered_here(
        self, interaction: TableInteraction, table: TableRecord, moves: bool, *, in_place: bool
    ) -> None:
        """The answer about to be sent is where the player's next step is offered (`moves`), or none:
        a DM pressed becomes their prompt at the table; a private answer in the channel an offer."""
        message, channel_id = interaction.message, interaction.channel_id
        if interaction.guild_id is not None:
            self.dms.offered(table, interaction.user.id, Hook.of(interaction) if moves else None)
        elif in_place and message is not None and channel_id is not None:
            await self.dms.mark_prompt(table, interaction.user.id, channel_id, message.id, moves=moves)

    async def lobby(self, interaction: TableInteraction, passed: Pass, verb: str) -> None:
        """Join, leave, start, or (the last player, confirmed) close a lobby."""
        if verb == "start":
            await self._start(interaction, passed)
            return
        table_id, user_id = passed.table.id, interaction.user.id
        title = self.service.game_of(passed.table).title
        if verb == "join":
            table = await self.service.join(table_id, user_id)
            await send_private(interaction, f"✅ You joined the **{title}** table.")
            await self.publisher.refresh_lobby(table)
            return
        try:
            update = await self.service.leave(table_id, user_id, closing=verb == "close")
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
            await interaction.response.send_message(update.public[0], allowed_mentions=pinging(update.newly_asked))
        else:
            await send_private(interaction, f"👋 You left the **{title}** table.")
        await self.publisher.refresh_lobby(update.table)

    async def _start(self, interaction: TableInteraction, passed: Pass) -> None:
        """Stand-ins may play a while: the press is answered first, privately if typed."""
        table_id = passed.table.id
        pressed = interaction.type == discord.InteractionType.component
        if pressed:
            await interaction.response.defer()  # the lobby message itself shows that the game began
            assert interaction.message is not None, "a button is pressed on a message"
            self.publisher.editors.original(table_id, interaction.message.id, interaction)
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.publisher.ordered_delivery(table_id):
            update = await self.service.start(table_id, interaction.user.id, moderator=passed.caller.moderator)
            if not pressed:
                await interaction.followup.send("✅ The game begins!", ephemeral=True)
            await self.publisher.refresh_lobby(update.table)
            await self.dms.reopen(update.table)
            await self.publisher.publish(update, via=Hook.of(interaction))  # with each player's seat, by DM

    async def show_hand(self, interaction: TableInteraction, passed: Pass) -> None:
        """A player's private view and moves; anyone else in the channel sees the public view."""
        table, user_id = passed.table, interaction.user.id
        if table.state is None:
            await send_private(interaction, await self.publisher.lobby_message(table))
            return
        content, components = moves_message(self.service, table, user_id)
        picture = await self.publisher.pictures.hand(table, user_id) if components else None
        await send_private(
            interaction,
            content,
            **({"view": components} if components else {}),
            **({"file": picture} if picture else {}),
        )
        if components and interaction.guild_id is not None:
            self.dms.offered(table, user_id, Hook.of(interaction))

    async def rematch(self, interaction: TableInteraction, passed: Pass) -> None:
        """A new lobby in the same channel: the same game, options, pace and take-backs, the same
        stand-ins, and the other players invited (pinged) to join. The gate let through only someone
        who held a seat."""
        bot_can_post_here(interaction)
        old = passed.table
        table, invited = await self.moderation.rematch(old, interaction.user.id)
        await self.clock.configure(table.id, **asdict(await self.clock.settings(old.id)))
        text = await self.publisher.lobby_message(table)
        if invited:
            text += f"\n🔁 Rematch! {', '.join(f'<@{user}>' for user in invited)}: press **Join** to play again."
        await interaction.response.send_message(
            text, view=board_components(table) or discord.utils.MISSING, allowed_mentions=pinging(invited)
        )
        await self.publisher.lobby_posted(table.id, interaction)
