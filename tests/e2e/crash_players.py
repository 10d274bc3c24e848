"""The players of the crash test: one table per game, each in a channel of its own with players of
its own (so that each DM and each channel belongs to one table), playing random moves through the
fake as people do: the board's "My hand & moves", or the DM a simultaneous choice came in; a select
of groups first on a long list; a form when a move needs words (a written move, which the player
also plays by its command `/<game> <move>` now and then, the form left unsent).

The bot may die in the middle of any action: then the action raises `Crashed`, and whether the
move was played is for the bot's database to say (the test never assumes it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from random import Random
from typing import Awaitable, Callable

from bot.games import written_fields
from tests.registry import GAMES

from .fakediscord import FakeChannel, FakeDiscord, FakeInteraction, FakeMessage, FakeUser
from .fakediscord.process import BotProcess
from .game_table import HAND, Menu, ReadsItsChannel, check_limits
from .plans import plan_for


class Crashed(Exception):
    """The bot's process died during this action (or was dead before it)."""


@dataclass
class PlayedTable(ReadsItsChannel):
    fake: FakeDiscord
    game: str
    channel: FakeChannel
    players: list[FakeUser]
    lobby: FakeMessage | None = None
    moves: int = 0  # moves whose answer the player saw
    questions: int = 0
    kick_after: int | None = None  # moves before a moderator hands the one player's seat to a stand-in

    def channel_messages(self) -> list[FakeMessage]:
        return self.channel.messages()


@dataclass
class Players:
    fake: FakeDiscord
    bot: BotProcess
    chance: Random
    on_move_sent: Callable[[], None] = lambda: None
    tables: list[PlayedTable] = field(default_factory=list)
    stale_prompts: list[str] = field(default_factory=list)  # DM prompts refused as stale, and why
    opened = 0
    kicks = 0
    _moderator: FakeUser | None = None

    async def act(self, action: Callable[[], Awaitable[FakeInteraction]]) -> FakeInteraction:
        """One user action; `Crashed` if the bot is (or goes) down before it is answered."""
        if not self.bot.running:
            raise Crashed()
        try:
            done = await action()
        except RuntimeError:  # "no bot is connected to the fake gateway": it died a moment ago
            if self.bot.running:
                raise
            raise Crashed() from None
        if done.lost:
            raise Crashed()
        return done

    async def open(self, game: str) -> PlayedTable:
        """A new table of `game` in a new channel, seated and started (no kill is armed meanwhile), one
        of the small tables of the game's plan picked at random: several players make simultaneous
        choices by DM and boards are edited as a vote fills; one player is waited on again and again,
        and the board is edited with each move. At a table of one player, a moderator hands the seat
        to a stand-in after a few moves, and the stand-ins play the game to its end at once: a long
        delivery, told in part ("… N more messages of play …")."""
        self.opened += 1
        humans, stand_ins, options = self.chance.choice(plan_for(game).setups)
        channel = self.fake.add_channel(f"{game}-{self.opened}")
        players = self.fake.add_users(*(f"{game}-{self.opened}-p{n}" for n in range(humans)))
        table = PlayedTable(
            self.fake, game, channel, players, kick_after=self.chance.randint(2, 8) if humans == 1 else None
        )
        host = players[0]
        chosen = {"game": game, "stand_ins": stand_ins} | ({"options": options} if options else {})
        table.lobby = (await self.act(lambda: host.slash("table new", channel=channel, **chosen))).reply
        for player in players[1:]:
            joined = await self.act(lambda: player.click(table.lobby, "Join"))
            assert "joined" in joined.reply.content, joined.reply.content
        await self.act(lambda: host.click(table.lobby, "Start"))
        assert "has begun" in table.lobby.content, table.lobby.content
        self.tables.append(table)
        return table

    def running(self) -> list[PlayedTable]:
        return [t for t in self.tables if not t.over() and t.waiting()]

    async def step(self, table: PlayedTable) -> str:
        """A move at `table`, or, at a table of one player whose time has come, a moderator's kick."""
        if table.kick_after is not None and table.moves >= table.kick_after:
            return await self.kick(table)
        return await self.move(table)

    async def kick(self, table: PlayedTable) -> str:
        """A moderator hands the one player's seat to a stand-in: the stand-ins play on to the end."""
        if self._moderator is None:
            self._moderator = self.fake.add_user("moderator", moderator=True)
        moderator, (player,) = self._moderator, table.players
        self.on_move_sent()
        done = await self.act(lambda: moderator.slash("table kick", channel=table.channel, member=player))
        assert done.reply.content.startswith("✅"), done.reply.content
        table.kick_after = None
        self.kicks += 1
        return "/table kick"

    async def move(self, table: PlayedTable) -> str:
        """One waited player of `table` plays a random move; returns its label."""
        user = self.chance.choice(table.waiting())
        message, from_dm = await self._where(table, user)
        for _ in range(8):
            check_limits(message)
            menu = Menu(message)
            moves, groups = menu.moves(), menu.groups()
            assert moves or groups, f"no moves offered to {user.name}: {message.content[-300:]}"
            label = self.chance.choice(moves + groups)
            if label in groups:
                await self.act(lambda: user.select(message, [label], select=menu.group_select()["custom_id"]))
                continue
            done = await self._press(user, menu, label)
            if done.modal is not None:
                kind = written_kind(table.game, done.modal)
                if kind is not None and self.chance.random() < 0.5:
                    return await self._write_by_command(table, user, kind, done.modal)
                done = await self._fill_form(table, user, done.modal)
            refused = [m.content for m in [done.reply, *done.followups] if m is not None and m.content.startswith("🚫")]
            if refused and from_dm:  # a prompt the table has moved on from: play from "My hand"
                self.stale_prompts.append(
                    f"{user.name} at {table.channel.name}, after kill {self.bot.kills}: "
                    f"{refused[0]} (the prompt: {message.content[:80]!r})"
                )
                message, from_dm = await self._hand(table, user), False
                continue
            assert not refused, (user.name, label, refused)
            table.moves += 1
            return label
        raise AssertionError(f"{user.name} found no move to play at {table.channel.name}")

    # --- where and how ------------------------------------------------------------------------------

    async def _hand(self, table: PlayedTable, user: FakeUser) -> FakeMessage:
        shown = await self.act(lambda: user.click(table.board(), HAND))
        assert shown.reply.ephemeral_to is user
        return shown.reply

    async def _where(self, table: PlayedTable, user: FakeUser) -> tuple[FakeMessage, bool]:
        """The DM a simultaneous choice came in (when several are waited on), else "My hand"."""
        if len(table.waiting()) > 1:
            prompts = [m for m in user.dms() if not Menu(m).empty()]
            if prompts:
                return prompts[-1], True
        return await self._hand(table, user), False

    async def _press(self, user: FakeUser, menu: Menu, label: str) -> FakeInteraction:
        buttons = menu.move_buttons()
        self.on_move_sent()
        if label in buttons:
            return await self.act(lambda: user.click(menu.message, buttons[label]["custom_id"]))
        select, option = next((s, o) for s in menu.move_selects() for o in s["options"] if o["label"] == label)
        return await self.act(lambda: user.select(menu.message, [option["value"]], select=select["custom_id"]))

    async def _fill_form(self, table: PlayedTable, user: FakeUser, modal: dict) -> FakeInteraction:
        texts = self._texts(table, modal)
        self.on_move_sent()
        return await self.act(lambda: user.submit_modal(texts))

    async def _write_by_command(self, table: PlayedTable, user: FakeUser, kind: str, modal: dict) -> str:
        """The move the form was opened for, played by its command instead: `/<game> <move>`."""
        texts, command = self._texts(table, modal), f"{table.game} {kind}"
        self.on_move_sent()
        done = await self.act(lambda: user.slash(command, channel=table.channel, **texts))
        assert done.reply.content.startswith("✅"), done.reply.content
        table.moves += 1
        return f"/{command}"

    @staticmethod
    def _texts(table: PlayedTable, modal: dict) -> dict[str, str]:
        """A text of its own for each field of the form (a question numbered for its table, distinct answers)."""
        table.questions += 1
        return {
            f["custom_id"]: f"{f['custom_id']} {table.channel.name} {table.questions}"[: f.get("max_length", 100)]
            for f in text_inputs(modal)
        }


def text_inputs(modal: dict) -> list[dict]:
    """A form's text inputs (rows of one input, or labelled inputs)."""
    fields = [row["components"][0] if row["type"] == 1 else row["component"] for row in modal["components"]]
    return [f for f in fields if f["type"] == 4]


def written_kind(game: str, modal: dict) -> str | None:
    """The game's written move (`Game.written_moves`) a form is for: the one whose texts to write
    (bot/games.py `written_fields`, the command's options) are the form's inputs; None for another."""
    inputs = {f["custom_id"] for f in text_inputs(modal)}
    models = {model.model_fields["kind"].default: model for model in GAMES[game].action_types}
    return next((kind for kind in GAMES[game].written_moves if set(written_fields(models[kind])) == inputs), None)
