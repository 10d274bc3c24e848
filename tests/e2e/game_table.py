"""Playing any game through the fake Discord as its players do: open a table, join, start, read
whom the board waits on, open "My hand & moves" (or the DM a simultaneous choice comes in) and
find a move in the menu: buttons, a select, or a select of groups first and then the group's moves
(cogs/menus.py). Used by the e2e games and by the scenarios of any game.

Each helper acts as one person and reads only what that person sees; the table's state is read
from the channel (the waiting line of the latest board), never from the bot's store.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from .fakediscord import FakeDiscord, FakeMessage, FakeUser

HAND = "My hand & moves"
WAITING = re.compile(r"⏳ Waiting on (.*)\.$", re.M)
MENTION = re.compile(r"<@(\d+)>")
OVER = "🏁 The game is over"
LIMITS = {"content": 2000, "button": 80, "option": 100, "custom_id": 100, "options": 25, "rows": 5}

# A strategy picks one of the labels it is shown (the moves on screen, or the groups of a long
# list), knowing what the message says (the player's own view of the table).
Pick = Callable[[list[str], str], str]


def first(labels: list[str], text: str = "") -> str:
    return labels[0]


def prefer(*words: str) -> Pick:
    """The first label holding the first of `words` found, else the first label."""

    def pick(labels: list[str], text: str = "") -> str:
        for word in words:
            found = [label for label in labels if word in label]
            if found:
                return found[0]
        return labels[0]

    return pick


def draw_without_encoding(monkeypatch) -> None:
    """Every board is still drawn by the real renderer (a drawing that fails fails the test), but
    not encoded, most of a picture's time: a whole game posts dozens of boards. A scenario that
    checks a real picture does so before calling this."""
    from io import BytesIO

    from PIL import Image

    from bot import render
    from bot.games import plugin

    tiny = BytesIO()
    Image.new("RGB", (1, 1)).save(tiny, format="JPEG")

    def drawn(game: str, view: dict) -> bytes:
        plugin(game).presentation.draw(view)
        return tiny.getvalue()

    monkeypatch.setattr(render, "render_picture", drawn)


def seeded_tables(monkeypatch, seed: str) -> None:
    """Tables opened from now on are dealt from `seed` (the bot draws a random one): the same game
    every run, so that a scenario plays out the same way each time."""
    import types

    from bot.tables import lobby

    monkeypatch.setattr(lobby, "secrets", types.SimpleNamespace(token_hex=lambda size: seed))


@dataclass
class Menu:
    """The moves menu of one message, as its reader sees it."""

    message: FakeMessage

    def _ids(self, prefix: str) -> list[dict]:
        return [b for b in self.message.buttons() if b["custom_id"].startswith(prefix)]

    def move_buttons(self) -> dict[str, dict]:
        return {b["label"]: b for b in self._ids("pt:move:")}

    def move_selects(self) -> list[dict]:
        return [s for s in self.message.selects() if s["custom_id"].startswith("pt:pick:")]

    def group_select(self) -> dict | None:
        return next((s for s in self.message.selects() if s["custom_id"].startswith("pt:group:")), None)

    def nav(self) -> dict[str, dict]:
        return {b["label"]: b for b in self.message.buttons() if b["custom_id"].startswith(("pt:menu:", "pt:page:"))}

    def moves(self) -> list[str]:
        """Every move label on this screen (buttons, then select options)."""
        return list(self.move_buttons()) + [o["label"] for s in self.move_selects() for o in s["options"]]

    def groups(self) -> list[str]:
        select = self.group_select()
        return [o["label"] for o in select["options"]] if select else []

    def empty(self) -> bool:
        return not (self.moves() or self.groups())


def check_limits(message: FakeMessage) -> None:
    """What Discord would refuse anyway (the fake refuses it too): kept here to say why, in a test."""
    assert len(message.content) <= LIMITS["content"]
    assert len(message.components) <= LIMITS["rows"]
    for button in message.buttons():
        assert len(button.get("label") or "") <= LIMITS["button"] and len(button["custom_id"]) < LIMITS["custom_id"]
    for select in message.selects():
        assert 1 <= len(select["options"]) <= LIMITS["options"] and len(select["custom_id"]) < LIMITS["custom_id"]
        assert all(len(o["label"]) <= LIMITS["option"] for o in select["options"])


def written(modal: dict, number: int) -> dict[str, str]:
    """Text for every text field of a form: short, and new each time (a question is asked once)."""
    fields = [
        row["components"][0] if row["type"] == 1 else row["component"]
        for row in modal["components"]
        if row["type"] in (1, 18)
    ]
    return {
        f["custom_id"]: f"Answer {n} of {number}?"[: f.get("max_length", 4000)]
        for n, f in enumerate(fields)
        if f["type"] == 4
    }


class ReadsItsChannel:
    """What a player reads in a table's channel: the board, whom it waits on, whether it is over.
    A table says which messages its channel holds (`channel_messages`) and who plays (`players`)."""

    players: list[FakeUser]

    def channel_messages(self) -> list[FakeMessage]:
        raise NotImplementedError

    def user(self, user_id: int) -> FakeUser:
        return next(u for u in self.players if u.id == user_id)

    def board(self) -> FakeMessage:
        """The latest message with the "My hand & moves" button (the board players act from)."""
        boards = [m for m in self.channel_messages() if HAND in m.button_labels()]
        assert boards, "no board in the table's channel"
        return boards[-1]

    def waiting(self) -> list[FakeUser]:
        """Whom the table waits on, as the latest waiting line in its channel says."""
        for message in reversed(self.channel_messages()):
            if OVER in message.content:
                return []
            found = WAITING.search(message.content)
            if found:
                return [self.user(int(i)) for i in MENTION.findall(found.group(1))]
        return []

    def over(self) -> bool:
        return any(OVER in m.content for m in self.channel_messages())


@dataclass
class GameTable(ReadsItsChannel):
    fake: FakeDiscord
    game: str
    players: list[FakeUser]
    lobby: FakeMessage | None = None
    names: dict[int, str] = field(default_factory=dict)  # user id -> name in the game, from the lobby
    played: list[tuple[str, str]] = field(default_factory=list)  # (player, label) in order
    # user id -> the answer to their last move, where the bot offered them their next moves (a
    # simultaneous choice their own move began comes there, not by DM)
    in_place: dict[int, FakeMessage] = field(default_factory=dict)
    menus_seen: dict[str, int] = field(default_factory=lambda: {"buttons": 0, "select": 0, "groups": 0, "pages": 0})
    writes: bool = False  # fill in the form a move opens (a question to ask); else no move may open one

    # --- reading the channel -----------------------------------------------------------------------

    def channel_messages(self) -> list[FakeMessage]:
        return self.fake.channel.messages()

    def channel_text(self) -> str:
        """The channel as it reads now (edited messages as they are)."""
        return "\n".join(m.content for m in self.fake.channel.messages())

    def public_texts(self) -> list[str]:
        """Everything the channel showed until the game ended (every version of edited messages),
        before the end-of-game summary reveals what was hidden."""
        texts = []
        for message in self.fake.channel.messages():
            texts += [old.get("content") or "" for old in message.history] + [message.content]
            if OVER in message.content:
                break
        return texts

    def assert_boards_have_pictures(self) -> None:
        """Every board (a message with "My hand & moves", and the final one) has its picture."""
        boards = [
            m
            for m in self.fake.channel.messages()
            if m is not self.lobby and (HAND in m.button_labels() or OVER in m.content)
        ]
        assert boards and all(m.files() for m in boards), [m.content[:80] for m in boards if not m.files()]
        assert all(name.endswith(".jpg") for m in boards for name in m.files())

    def assert_real_picture(self, message: FakeMessage) -> None:
        """The board's picture is a real drawing of the table (most scenarios skip the encoding)."""
        from io import BytesIO

        from PIL import Image

        (png,) = message.files().values()
        with Image.open(BytesIO(png)) as image:
            assert image.format == "JPEG" and image.width >= 600 and image.height >= 400, image.size

    def final(self) -> tuple[FakeMessage, FakeMessage]:
        """The last board (the game is over) and the summary after it."""
        messages = self.fake.channel.messages()
        last = next(i for i, m in enumerate(messages) if OVER in m.content)
        summary = next(m for m in messages[last + 1 :] if "🏆 Winner" in m.content or "No player wins" in m.content)
        return messages[last], summary

    def read_names(self) -> None:
        assert self.lobby is not None
        for user_id, name in re.findall(r"<@(\d+)> \(([^)]+)\)", self.lobby.content):
            self.names[int(user_id)] = name

    # --- the lobby ---------------------------------------------------------------------------------

    async def open(self, host: FakeUser, **options) -> FakeMessage:
        self.lobby = (await host.slash("table new", game=self.game, **options)).reply
        return self.lobby

    async def seat_everyone(self) -> None:
        host, *others = self.players
        await self.open(host)
        for player in others:
            joined = await player.click(self.lobby, "Join")
            assert joined.reply.ephemeral and "joined" in joined.reply.content
        await host.click(self.lobby, "Start")
        assert "has begun" in self.lobby.content and self.lobby.button_labels() == [HAND]
        self.read_names()

    # --- acting ------------------------------------------------------------------------------------

    async def hand(self, user: FakeUser) -> FakeMessage:
        shown = await user.click(self.board(), HAND)
        assert shown.reply.ephemeral and shown.reply.ephemeral_to is user
        return shown.reply

    async def moves_of(self, user: FakeUser) -> FakeMessage:
        """Where `user` plays now: the answer to their last move, or the DM, a simultaneous choice
        came in; else "My hand & moves"."""
        answer = self.in_place.pop(user.id, None)
        if len(self.waiting()) > 1 and answer is not None and not Menu(answer).empty():
            return answer
        if len(self.waiting()) > 1 and user.dms_open:
            with_moves = [m for m in user.dms() if not Menu(m).empty()]
            assert with_moves, f"{user.name} has no DM with moves: {[m.content[:200] for m in user.dms()[-2:]]}"
            return with_moves[-1]
        return await self.hand(user)

    async def choose(self, user: FakeUser, message: FakeMessage, pick: Pick) -> str:
        """Find a move in the menu of `message` and play it. On a long list the strategy is shown
        the groups too (and any move that is a button of its own), and a group it picks is opened
        first. Returns the label played."""
        for _ in range(8):
            check_limits(message)
            menu = Menu(message)
            moves, groups = menu.moves(), menu.groups()
            assert moves or groups, f"no moves offered to {user.name}: {message.content[-300:]}"
            label = pick(moves + groups, message.content)
            assert label in moves + groups, (label, moves, groups)
            if label in groups:
                self.menus_seen["groups"] += 1
                await user.select(message, [label], select=menu.group_select()["custom_id"])
                continue
            self.menus_seen["select" if menu.move_selects() else "buttons"] += 1
            await self._play(user, menu, label)
            self.played.append((user.name, label))
            return label
        raise AssertionError("the menu never offered a move")

    async def _play(self, user: FakeUser, menu: Menu, label: str) -> None:
        """Press the move's button or pick it in its select; the bot must take it."""
        buttons = menu.move_buttons()
        if label in buttons:
            done = await user.click(menu.message, buttons[label]["custom_id"])
        else:
            select, option = next((s, o) for s in menu.move_selects() for o in s["options"] if o["label"] == label)
            done = await user.select(menu.message, [option["value"]], select=select["custom_id"])
        if done.modal is not None and self.writes:
            done = await user.submit_modal(written(done.modal, len(self.played)))
        refused = [m.content for m in [done.reply, *done.followups] if m is not None and m.content.startswith("🚫")]
        assert not refused, (user.name, label, refused)
        acked = [m.content for m in [done.reply, *done.followups] if m is not None and m.content.startswith("✅")]
        assert acked and not any(text.startswith("✅ Done") for text in acked), acked  # it says what was played
        assert done.modal is None, f"{label!r} asked {user.name} to write something: {done.modal}"
        self.answered(user, done)

    def answered(self, user: FakeUser, done) -> None:
        """Keep the private answer to `user`'s move: their next moves may be offered there."""
        answers = [m for m in [done.reply, *done.followups] if m is not None and m.ephemeral]
        if answers:
            self.in_place[user.id] = answers[-1]

    async def turn(self, user: FakeUser, pick: Pick, *, most: int = 50) -> list[str]:
        """Play `user`'s moves while the table waits on the same players, from one message as long
        as it keeps offering the next move. Returns the labels played."""
        labels: list[str] = []
        waiting = self.waiting()
        message = await self.moves_of(user)
        while len(labels) < most:
            labels.append(await self.choose(user, message, pick))
            if Menu(message).empty() or self.waiting() != waiting:
                break
        return labels

    async def play_until(self, done: Callable[[], bool], pick_for: Callable[[FakeUser], Pick], most: int = 500) -> int:
        """Everyone waited on plays (by strategy) until `done()`; returns how many moves were made."""
        before = len(self.played)
        while not done() and len(self.played) - before < most:
            waiting = self.waiting()
            assert waiting, "the table waits on nobody and the game is not over"
            for user in waiting:
                if user in self.waiting():
                    await self.turn(user, pick_for(user))
        return len(self.played) - before
