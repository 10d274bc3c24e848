"""Playing Ostrakon through the fake Discord as its players do: slash commands, the board's
buttons, DM stones, the ephemeral "My hand & moves" fallback. Used by the Ostrakon scenarios.

Each helper acts as one person and reads only what that person sees; the table's state is read
from the channel (the waiting line of the latest board), never from the bot's store.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .fakediscord import FakeDiscord, FakeMessage, FakeUser
from .game_table import HAND, ReadsItsChannel

ASK = "Ask the question"
STONES = ("⚪", "⚫")
ASKS = re.compile(r"^\*\*\w+\*\* asks: (.*)$")
ANSWERS = re.compile(r"^⚪ (.*) · ⚫ (.*)$")
NEW_TURN = "🗣️"  # the dealer's words at each new turn
CHOOSING = ("All stones are down",)


@dataclass
class Question:
    number: int
    text: str
    white: str
    black: str

    @classmethod
    def numbered(cls, number: int) -> "Question":
        return cls(number, f"Question {number}: the sea or the mountains?", f"Sea {number}", f"Peaks {number}")

    def label(self, stone: str) -> str:
        return f"⚪ {self.white}" if stone == "white" else f"⚫ {self.black}"


@dataclass
class OstrakonTable(ReadsItsChannel):
    fake: FakeDiscord
    players: list[FakeUser]
    names: dict[int, str] = field(default_factory=dict)  # user id -> philosopher, from the lobby message
    lobby: FakeMessage | None = None
    # user id -> the private answer that offered them their next moves in place (the speaker's
    # stones come with the answer to their question, not by DM)
    in_place: dict[int, FakeMessage] = field(default_factory=dict)

    # --- reading the channel -----------------------------------------------------------------------

    def channel_messages(self) -> list[FakeMessage]:
        return self.fake.channel.messages()

    def read_names(self) -> None:
        """Who plays which philosopher: the lobby message says so once the game has begun."""
        assert self.lobby is not None
        for user_id, name in re.findall(r"<@(\d+)> \((\w+)\)", self.lobby.content):
            self.names[int(user_id)] = name
        assert set(self.names) == {player.id for player in self.players}, self.lobby.content

    # --- acting ------------------------------------------------------------------------------------

    async def open(self, host: FakeUser, **options) -> FakeMessage:
        self.lobby = (await host.slash("table new", game="ostrakon", **options)).reply
        return self.lobby

    @classmethod
    async def started(cls, fake: FakeDiscord) -> "OstrakonTable":
        """Five players' table, seated and started through the lobby's buttons."""
        table = cls(fake, fake.add_users("alice", "bob", "carol", "dave", "erin"))
        await table.seat_and_start()
        return table

    async def seat_and_start(self) -> FakeMessage:
        """The first player opens the table, the others press Join, the first presses Start."""
        host, *others = self.players
        lobby = await self.open(host)
        for player in others:
            await player.click(lobby, "Join")
        await host.click(lobby, "Start")
        return lobby

    async def hand(self, user: FakeUser) -> FakeMessage:
        """What "My hand & moves" on the latest board shows `user` (ephemeral)."""
        shown = await user.click(self.board(), HAND)
        assert shown.reply.ephemeral and shown.reply.ephemeral_to is user
        return shown.reply

    async def moves_of(self, user: FakeUser, *, by_dm: bool) -> FakeMessage:
        """The message `user` plays from: the answer that offered their moves in place, else the
        latest DM with buttons; or (not `by_dm`) the ephemeral hand."""
        if not by_dm:
            return await self.hand(user)
        shown, (_, question) = self.in_place.get(user.id), self.phase()
        if (
            shown is not None
            and question is not None
            and shown.button_labels()[:2] == [question.label("white"), question.label("black")]
        ):
            return shown  # still the offer of this vote's stones (a stale one never matches)
        with_buttons = [m for m in user.dms() if m.buttons()]
        assert with_buttons, (
            f"{user.name} has no DM with buttons",
            [m.content[:300] for m in user.dms()[-3:]],
            self.board().content,
        )
        return with_buttons[-1]

    async def ask(self, speaker: FakeUser, question: Question, *, by_form: bool) -> None:
        if by_form:
            mine = await self.hand(speaker)
            assert mine.button_labels() == [ASK], mine.button_labels()
            opened = await speaker.click(mine, ASK)
            assert opened.modal is not None and opened.modal["title"] == ASK
            done = await speaker.submit_modal(
                {
                    "Your question (two possible answers)": question.text,
                    "The answer for the white stone": question.white,
                    "The answer for the black stone": question.black,
                }
            )
        else:
            done = await speaker.slash(
                "ostrakon ask", question=question.text, white=question.white, black=question.black
            )
        assert done.reply.ephemeral and done.reply.text.startswith("✅"), (done.reply.text, self.board().content)
        self.in_place[speaker.id] = done.reply

    def phase(self) -> tuple[str, Question | None]:
        """What the latest board says the table waits for: ("ask", None), ("vote", the question) or
        ("choose", the question) on a special day's choice after the vote."""
        lines = "\n".join(m.content for m in self.fake.channel.messages()).splitlines()

        def last(test) -> int:
            return max((i for i, line in enumerate(lines) if test(line)), default=-1)

        asked, dealt = last(ASKS.match), last(lambda line: line.startswith(NEW_TURN))
        choosing = last(lambda line: line.startswith(CHOOSING) or "may now turn their stone over" in line)
        if asked < 0 or dealt > asked:
            return "ask", None
        question = Question(0, ASKS.match(lines[asked]).group(1), *ANSWERS.match(lines[asked + 1]).groups())
        return ("choose" if choosing > asked else "vote"), question

    async def vote(self, voter: FakeUser, stone: str, question: Question, *, by_dm: bool = True) -> FakeMessage:
        """`voter` presses the stone labelled with the answer; returns the message pressed."""
        moves = await self.moves_of(voter, by_dm=by_dm)
        assert moves.button_labels()[:2] == [question.label("white"), question.label("black")], moves.button_labels()
        await voter.click(moves, question.label(stone))
        self.in_place.pop(voter.id, None)  # answered, from wherever: that offer is spent
        assert moves.content.startswith(f"✅ You voted {question.label(stone)}."), (
            moves.content,
            [m.content for m in voter.ephemerals()[-2:]],
        )
        return moves

    async def play_to_the_end(self, numbers, stone_of=lambda voter, question: "white") -> int:
        """Play every remaining turn: each human speaker asks by command, everyone waited on votes
        by DM (or by "My hand & moves" if their DMs are closed), a special day's choice takes the
        first one offered. Returns how many questions the humans asked."""
        asked = 0
        while waiting := self.waiting():
            phase, question = self.phase()
            if phase == "ask":
                await self.ask(waiting[0], Question.numbered(next(numbers)), by_form=False)
                asked += 1
            elif phase == "choose":
                mine = await self.hand(waiting[0])
                await waiting[0].click(mine, mine.button_labels()[0])
            else:  # stones come by DM when several are waited on; a lone voter answers the ping
                for voter in waiting:
                    await self.vote(
                        voter, stone_of(voter, question), question, by_dm=voter.dms_open and len(waiting) > 1
                    )
        return asked
