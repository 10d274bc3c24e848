"""Simulated people at tables of every game, for the whole-bot bench: they open a table with
`/table new`, join, start, and play one move at a time as a person does on Discord, reading only
what they see (tests/e2e/game_table.py and ostrakon_table.py, each table in a channel of its own).

A move: whoever the board waits on opens "My hand & moves" (or the DM a simultaneous choice came
in; a message that still offers moves is used again, as a person would), opens a group of moves if
the list is long, and presses the move (button or select). Strategies are those of the e2e games,
which play whole games; Ostrakon's speaker asks with `/ostrakon ask`, voters press stones.

A press the bot refuses ("🚫", the board moved on: the player pressed before the bot was done) is
counted as a stumble and the move is read again; a table that stumbles 20 times in a row, or whose
move is not answered, is given up (counted) so the others go on.
"""
from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass

from tests.e2e.game_table import OVER, GameTable, Menu, prefer
from tests.e2e.ostrakon_table import OstrakonTable, Question
from tests.e2e.test_epireia_e2e import commander
from tests.e2e.test_grudgematch_e2e import footballer
from tests.e2e.test_nine_muses_e2e import muse_collector
from tests.e2e.test_philosophia_e2e import philosopher

from tests.e2e.fakediscord import DiscordRuleBroken

from .fake_meter import MOVE, Meter, MeteredDiscord, NotAnswered


@dataclass(frozen=True)
class Variant:
    game: str
    seats: int
    options: str = ""

    @property
    def name(self) -> str:
        return f"{self.game} ({'solo' if self.seats == 1 else f'{self.seats} players'})"


# Every game, solo where it has a solo game; options as the e2e games use for whole games
VARIANTS = (
    Variant("philosophia", 1, "hourglass_rounds=1"), Variant("philosophia", 2, "hourglass_rounds=1"),
    Variant("epireia", 1), Variant("epireia", 2, "last_turn=3, leagues=seats"),
    Variant("nine-muses", 2), Variant("grudgematch", 2, "turn_limit=10"), Variant("ostrakon", 5),
)


def strategy(game: str):
    if game == "philosophia":
        return philosopher()
    if game == "epireia":
        return commander()
    if game == "nine-muses":
        return muse_collector
    if game == "grudgematch":
        return footballer
    return prefer()


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
        buttons = menu.move_buttons()
        token = MOVE.set(True)
        try:
            if label in buttons:
                done = await user.click(menu.message, buttons[label]["custom_id"])
            else:
                select, option = next((s, o) for s in menu.move_selects() for o in s["options"] if o["label"] == label)
                done = await user.select(menu.message, [option["value"]], select=select["custom_id"])
        finally:
            MOVE.reset(token)
        if any(m.content.startswith("🚫") for m in done.messages):
            raise Stumble(f"{user.name} pressed {label!r}: refused")
        if done.modal is not None:  # a move with text to write: the strategies never pick one
            user.dismiss_modal()
            raise Stumble(f"{label!r} opened a form")


class BenchOstrakonTable(OstrakonTable):
    channel = None

    async def ask(self, speaker, question, *, by_form: bool = False) -> None:
        token = MOVE.set(True)
        try:
            done = await speaker.slash("ostrakon ask", channel=self.channel, question=question.text,
                                       white=question.white, black=question.black)
        finally:
            MOVE.reset(token)
        if not (done.reply and done.reply.text.startswith("✅")):
            raise Stumble(f"{speaker.name} could not ask")

    async def press(self, user, message, label: str) -> None:
        token = MOVE.set(True)
        try:
            done = await user.click(message, label)
        finally:
            MOVE.reset(token)
        if any(m.content.startswith("🚫") for m in done.messages):
            raise Stumble(f"{user.name} pressed {label!r}: refused")


class Table:
    """One channel's tables, one game after another, for the same people."""

    def __init__(self, fake: MeteredDiscord, number: int, variant: Variant, players) -> None:
        self.fake, self.number, self.variant, self.players = fake, number, variant, players
        self.games = 0
        self.meter: Meter | None = None
        self.helper = None
        self.plans: dict[int, object] = {}
        self.menus: dict[int, tuple[object, tuple[int, ...]]] = {}  # user -> (message, waiting when opened)
        self.questions = itertools.count(1)
        self.stumbles = self.given_up = 0
        self.finished: list[Meter] = []

    async def sit_down(self) -> None:
        """A new game in a new channel: `/table new`, everyone joins, the host starts."""
        self.games += 1
        channel = self.fake.add_channel(f"t{self.number}-g{self.games}")
        self.meter = self.fake.meter_table(channel, self.players)
        here = Here(self.fake, channel)
        if self.variant.game == "ostrakon":
            self.helper = BenchOstrakonTable(here, self.players)
        else:
            self.helper = BenchGameTable(here, self.variant.game, self.players)
        self.helper.channel = channel
        self.plans = {user.id: strategy(self.variant.game) for user in self.players}
        self.menus.clear()
        host, *others = self.players
        options = {"options": self.variant.options} if self.variant.options else {}
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
                if self.variant.game == "ostrakon":
                    await self._ostrakon(waiting)
                else:
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
            await self.helper.choose(user, message, self.plans[user.id])
        except (Stumble, NotAnswered, DiscordRuleBroken):
            raise
        except AssertionError as error:  # what the player read was not what they expected: read again
            raise Stumble(str(error)) from None
        self.menus[user.id] = (message, tuple(u.id for u in self.helper.waiting()))

    async def _ostrakon(self, waiting) -> None:
        table = self.helper
        phase, question = table.phase()
        user = waiting[0]
        if phase == "ask":
            await table.ask(user, Question.numbered(next(self.questions)))
            return
        by_dm = len(waiting) > 1 and user.dms_open
        try:
            if phase == "choose" or not by_dm:
                message = await table.hand(user)
            else:
                message = next(m for m in reversed(user.dms()) if m.buttons())
            labels = message.button_labels()
            if phase == "vote":
                labels = [label for label in labels if label in (question.label("white"), question.label("black"))]
        except (NotAnswered, DiscordRuleBroken):
            raise
        except (AssertionError, StopIteration) as error:
            raise Stumble(str(error)) from None
        if not labels:
            raise Stumble(f"{user.name} has nothing to press")
        await table.press(user, message, labels[0])

    def close_game(self) -> None:
        if self.meter is not None:
            self.finished.append(self.meter)
