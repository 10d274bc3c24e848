"""Simulated people at tables of every game, for the whole-bot bench: they open a table with
`/table new`, join, start, and play one move at a time as a person does on Discord, reading only
what they see (tests/e2e/game_table.py, each table in a channel of its own).

A move: whoever the board waits on opens "My hand & moves" (or the DM a simultaneous choice came
in; a message that still offers moves is used again, as a person would), opens a group of moves if
the list is long, and presses the move (button or select). A move with text to write (a question
put to a vote) is written with its command, `/<game> <kind>`, instead of the form its button opens.
Each game is played with the strategy and at the tables its own e2e module declares for whole
games (tests/e2e/plans.py).

A press the bot refuses ("🚫", the board moved on: the player pressed before the bot was done) is
counted as a stumble and the move is read again; a table that stumbles 20 times in a row, or whose
move is not answered, is given up (counted) so the others go on.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass
from functools import cache

from pydantic import BaseModel

from bot.games import max_length, written_fields
from bot.tables.menu import label_of
from engine import GAMES, Chance
from tests.e2e.fakediscord import DiscordRuleBroken
from tests.e2e.game_table import OVER, GameTable, Menu
from tests.e2e.plans import plan_for
from tests.registry import every_game

from .fake_meter import MOVE, Meter, MeteredDiscord, NotAnswered


@dataclass(frozen=True)
class Variant:
    game: str
    seats: int  # the people
    options: str = ""
    stand_ins: int = 0  # seats for stand-ins beside them, at `level`
    level: str = ""

    @property
    def name(self) -> str:
        return f"{self.game} ({'solo' if self.seats == 1 else f'{self.seats} players'})"


# Every game's whole games (seats and table options) as its own e2e module declares them, in key order
VARIANTS = tuple(Variant(key, seats, options) for key in every_game() for seats, options in plan_for(key).whole_games)


@cache
def written_moves(key: str) -> dict[str, type[BaseModel]]:
    """The game's moves with text to write (`Game.written_moves`) by the label of the button that
    opens their form, as the bot labels them (bot/tables/menu.py) on a first position. A player who picks
    one writes it with its command instead: the one interaction the meter times is then the move."""
    game = GAMES[key]
    view = game.view(game.setup(game.min_seats, game.Options(), Chance.seeded(key)), None)
    models = {model.model_fields["kind"].default: model for model in game.action_types}
    blank = {
        kind: models[kind].model_construct(**dict.fromkeys(written_fields(models[kind]), ""))
        for kind in game.written_moves
    }
    return {label_of(game, view, action): models[kind] for kind, action in blank.items()}


def written_texts(model: type[BaseModel], number: int) -> dict[str, str]:
    """Text for each of a written move's fields: short, and new each time (a question is asked once)."""
    return {
        name: f"{name.replace('_', ' ').capitalize()} {number}"[: max_length(info)]
        for name, info in written_fields(model).items()
    }


class Stumble(AssertionError):
    """The player pressed something the bot refused, or saw something unexpected: read again."""


class Here:
    """What a table's helpers read as `fake`: the fake Discord, with this table's channel."""

    def __init__(self, fake: MeteredDiscord, channel) -> None:
        self._fake, self.channel = fake, channel

    def __getattr__(self, name):
        return getattr(self._fake, name)


class BenchGameTable(GameTable):
    channel = None

    async def _play(self, user, menu, label) -> None:
        written = written_moves(self.game).get(label)
        buttons = menu.move_buttons()
        token = MOVE.set(True)
        try:
            if written is not None:
                kind = written.model_fields["kind"].default
                done = await user.slash(
                    f"{self.game} {kind}", channel=self.channel, **written_texts(written, len(self.played))
                )
            elif label in buttons:
                done = await user.click(menu.message, buttons[label]["custom_id"])
            else:
                select, option = next((s, o) for s in menu.move_selects() for o in s["options"] if o["label"] == label)
                done = await user.select(menu.message, [option["value"]], select=select["custom_id"])
        finally:
            MOVE.reset(token)
        if any(m.content.startswith("🚫") for m in done.messages):
            raise Stumble(f"{user.name} played {label!r}: refused")
        if written is not None and not (done.reply and done.reply.text.startswith("✅")):
            raise Stumble(f"{user.name} could not write {label!r}")
        if done.modal is not None:  # a form the bot's labels did not foretell: not a move played
            user.dismiss_modal()
            raise Stumble(f"{label!r} opened a form")
        self.answered(user, done)


class Table:
    """One channel's tables, one game after another, for the same people."""

    def __init__(self, fake: MeteredDiscord, number: int, variant: Variant, players) -> None:
        self.fake, self.number, self.variant, self.players = fake, number, variant, players
        self.games = 0
        self.meter: Meter | None = None
        self.helper: BenchGameTable | None = None
        self.plans: dict[int, object] = {}
        self.menus: dict[int, tuple[object, tuple[int, ...]]] = {}  # user -> (message, waiting when opened)
        self.stumbles = self.given_up = 0
        self.finished: list[Meter] = []

    async def sit_down(self) -> None:
        """A new game in a new channel: `/table new`, everyone joins, the host starts."""
        self.games += 1
        channel = self.fake.add_channel(f"t{self.number}-g{self.games}")
        self.meter = self.fake.meter_table(channel, self.players)
        self.helper = BenchGameTable(Here(self.fake, channel), self.variant.game, self.players)
        self.helper.channel = channel
        strategy = plan_for(self.variant.game).strategy
        self.plans = {user.id: strategy() for user in self.players}
        self.menus.clear()
        host, *others = self.players
        options: dict[str, object] = {"options": self.variant.options} if self.variant.options else {}
        if self.variant.stand_ins:
            options |= {"stand_ins": self.variant.stand_ins, "level": self.variant.level or "easy"}
        self.helper.lobby = (await host.slash("table new", game=self.variant.game, channel=channel, **options)).reply
        for user in others:
            await user.click(self.helper.lobby, "Join")
        await host.click(self.helper.lobby, "Start")
        self.helper.read_names()

    def over(self) -> bool:
        """The channel says so (a board that waits on nobody yet may just not have come)."""
        return any(OVER in m.content for m in self.helper.channel.messages())

    async def move(self) -> bool:
        """One human move (with the presses that lead to it); False if the game is over."""
        for attempt in range(20):
            waiting = self.helper.waiting()
            if not waiting:
                if self.over():
                    return False
                self.stumbles += 1  # the board is not there yet: look again
                await asyncio.sleep(0.05 * (attempt + 1))
                continue
            try:
                await self._move(waiting)
                self.meter.moves += 1
                return True
            except Stumble:
                self.stumbles += 1
                self.menus.clear()
                await asyncio.sleep(0.05 * (attempt + 1))
        raise Stumble(f"table {self.number}: 20 stumbles in a row")

    async def _move(self, waiting) -> None:
        user = waiting[0]
        seen = tuple(u.id for u in waiting)
        message, when = self.menus.get(user.id, (None, ()))
        try:
            if message is None or when != seen or Menu(message).empty():
                message = await self.helper.moves_of(user)
            played = await self.helper.choose(user, message, self.plans[user.id])
        except (Stumble, NotAnswered, DiscordRuleBroken):
            raise
        except AssertionError as error:  # what the player read was not what they expected: read again
            raise Stumble(str(error)) from None
        if played in written_moves(self.variant.game):  # written by command: the message still offers it
            self.menus.pop(user.id, None)
        else:
            self.menus[user.id] = (message, tuple(u.id for u in self.helper.waiting()))

    def close_game(self) -> None:
        if self.meter is not None:
            self.finished.append(self.meter)


async def play(table: Table, start: float, stop: float, rate: float | None, behind: list, failures: list[str]) -> int:
    """The people of `table` play from `start` until `stop`: each move at a random (Poisson) moment,
    `rate` moves a second (how late each came goes to `behind`), or with no rate each as soon as the
    last is answered; a game that ends makes way for the next. A move that fails ends the table's
    play, `failures` saying why. Returns how many games were opened again."""
    chance, due, opened = random.Random(table.number), start, 0
    while True:
        if rate is None:  # the next move at once
            if time.perf_counter() >= stop:
                return opened
        else:
            due += chance.expovariate(rate)
            if due >= stop:
                return opened
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            behind.append((due, time.perf_counter() - due))
        try:
            if not await table.move():
                table.close_game()
                await table.sit_down()
                opened += 1
                await table.move()
        except (Stumble, NotAnswered, DiscordRuleBroken) as error:
            failures.append(f"{table.variant.name}: {type(error).__name__}: {str(error)[:200]}")
            return opened
