"""What the crash test checks after each restart and at the end: what the bot's log says was committed
(bot_database.committed) against what people saw in the fake.

Each message the publisher sends carries a nonce made from what it delivers (bot/store/outbox.py `nonce`),
but a board posted as a press's follow-up, which has none and is known by its button; so every
channel message and DM can be traced to its table and its purpose: the events ("say"), the
board, the end-of-game summary, a player's private texts ("dm"). A board edited in place keeps the
nonce it was posted with and shows every line it ever had (an edit only adds lines and renews the
waiting line), so a message's text as it reads now holds all it told.

- Announcements: every line the moves told publicly shows in the table's channel as often as it was
  committed (a line may repeat in a game: counted, not matched), or is covered by a summary line
  ("… N more messages of play …") where it would have been; no line shows more often.
- Nonces: no nonce made two messages in one channel.
- Boards: the latest board of a running table shows whom the table waits on now, in its last "⏳"
  line, and is the board the bot knows; a finished table's last board says so and its summary came once.
- DMs: each private text reached its player exactly as often as it was committed: by a DM of
  private texts, or in the answer to their own move ("✅ ..."); each player seated at the start got
  their seat's view once.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from bot.discord_app.answers import PLAYED
from bot.discord_app.delivery.publisher import MAX_EVENT_MESSAGES
from bot.store.outbox import nonce
from bot.text import WAITING

from .bot_database import Committed
from .crash_kills import ANSWERS
from .fakediscord import FakeDiscord, FakeMessage
from .game_table import HAND, MENTION

SUMMARISED = re.compile(r"^… (\d+) more messages of play \(see `/table log`\) …$")
# a board's last line says whom the table waits on, or why nobody (bot/text.py waiting_text); an
# event may start with the same mark ("⏳ The timeline moves on ..."), but never ends a board
STATUS_LINES = (WAITING, "🏁 The game is over", "⏸️ The table is paused.")
EMPTY_BOARD = "The board:"
HAND_ID = re.compile(r"pt:hand:(\d+)")
TABLE_ID = re.compile(r"pt:[a-z]+:(\d+)")
CHUNKS = 8  # numbered messages of one delivery looked for (events, summary): more than are ever sent


@dataclass(frozen=True)
class Problem:
    """One thing people saw that the log does not account for. Two problems are the same if they are
    of the same kind, at the same place, about the same text (whatever the counts in `detail`)."""

    kind: str  # lost, doubled, board, nonce, owed, dm never, dm twice, answered then DM'd, seat, dm text
    where: str
    what: str
    detail: str = field(default="", compare=False)
    count: int = field(default=1, compare=False)  # how many times (lines lost, texts shown twice...)

    def __str__(self) -> str:
        return f"[{self.kind}] {self.where}: {self.detail}: {self.what!r}"


class Purposes:
    """The purpose of each nonce a table's publishing may use: (table, kind, version)."""

    def __init__(self) -> None:
        self._known: dict[str, tuple[int, str, int]] = {}
        self._upto: dict[int, int] = {}

    def of(self, message: FakeMessage, table: Committed) -> tuple[int, str, int] | None:
        table_id, version = table.table.id, table.table.version
        for v in range(self._upto.get(table_id, -1) + 1, version + 1):
            self._known[nonce(table_id, v, "board")] = (table_id, "board", v)
            self._known[nonce(table_id, v, "summary")] = (table_id, "summary", v)
            for n in range(max(CHUNKS, MAX_EVENT_MESSAGES)):
                self._known[nonce(table_id, v, "say", n)] = (table_id, "say", v)
                self._known[nonce(table_id, v, "summary", n)] = (table_id, "summary part", v)
        self._upto[table_id] = max(version, self._upto.get(table_id, -1))
        if message.nonce:
            return self._known.get(message.nonce)
        return board_of(message) if message.interaction is not None else None


def board_of(message: FakeMessage) -> tuple[int, str, int] | None:
    """A board posted as a press's public follow-up (no nonce: bot/discord_app/delivery/hooks.py), of the table
    the press named in its custom id, or (a typed command) its 🎴 button names, now or before the
    end took it away. (Its version is not known: 0.)"""
    if message not in message.interaction.followups or message.ephemeral:
        return None
    pressed = TABLE_ID.match(str((message.interaction.data or {}).get("custom_id", "")))
    if pressed:
        return int(pressed.group(1)), "board", 0
    for components in [message.components, *(old.get("components") or [] for old in message.history)]:
        for row in components:
            for component in row.get("components") or []:
                found = HAND_ID.fullmatch(str(component.get("custom_id", "")))
                if found:
                    return int(found.group(1)), "board", 0
    return None


def table_messages(fake: FakeDiscord, told: Committed, purposes: Purposes) -> list[tuple[FakeMessage, str]]:
    """The bot's messages in the table's channel that its publishing sent, with their kind, in order."""
    channel = fake.channels[told.table.channel_id]
    found = []
    for message in channel.messages():
        purpose = purposes.of(message, told) if message.author is fake.bot_user else None
        if purpose is not None and purpose[0] == told.table.id:
            found.append((message, purpose[1]))
    return found


def announcements(told: Committed, messages: list[tuple[FakeMessage, str]]) -> tuple[list[Problem], int]:
    """Problems with the table's public lines, and how many lines summary lines cover."""
    seen = [line for message, kind in messages if kind in ("say", "board") for line in event_lines(message, kind)]
    shown = [line for line in seen if not SUMMARISED.match(line)]
    where, committed = f"table {told.table.id} ({told.table.game})", Counter(told.public)
    problems = [
        Problem("doubled", where, line, f"shown {extra} time(s) more than committed ({committed[line]})", extra)
        for line, extra in (Counter(shown) - committed).items()
    ]
    missing = committed - Counter(shown)
    covered: Counter = Counter()
    unshown: dict[str, list[int]] = defaultdict(list)  # the versions whose lines seem not shown
    if missing:  # lines a summary line stands for are those it stands in the place of
        matcher = SequenceMatcher(None, told.public, seen, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            told_here, seen_here = told.public[i1:i2], seen[j1:j2]
            marks = [int(found.group(1)) for line in seen_here if (found := SUMMARISED.match(line))]
            if tag in ("delete", "replace") and marks and len(marks) == len(seen_here) and len(told_here) >= sum(marks):
                covered.update(told_here)
            elif tag in ("delete", "replace"):
                for i in range(i1, i2):
                    unshown[told.public[i]].append(told.public_versions[i])
    lost = missing - covered
    problems += [
        Problem(
            "lost",
            where,
            line,
            f"never shown ({count} of {committed[line]} committed, at versions "
            f"{[v for line_, v in zip(told.public, told.public_versions) if line_ == line]}; "
            f"seemingly not that of {unshown.get(line, '?')})",
            count,
        )
        for line, count in lost.items()
    ]
    return problems, sum((missing & covered).values())


def event_lines(message: FakeMessage, kind: str) -> list[str]:
    """The lines of events a message shows: all of its lines, but a board's status line."""
    lines = [line for line in message.content.split("\n") if line]
    if kind == "board" and lines and lines[-1].startswith(STATUS_LINES):
        lines.pop()
    return [] if kind == "board" and lines == [EMPTY_BOARD] else lines


def waiting_line(board: FakeMessage) -> str:
    last = board.content.split("\n")[-1]
    return last if last.startswith(WAITING) else ""


def nonces_unique(fake: FakeDiscord) -> list[Problem]:
    """No nonce made two messages in one channel (DMs included)."""
    problems = []
    for channel in fake.channels.values():
        made = Counter(m.nonce for m in channel.messages() if m.nonce is not None and m.author is fake.bot_user)
        problems += [
            Problem("nonce", repr(channel), value, f"made {count} messages")
            for value, count in made.items()
            if count > 1
        ]
    return problems


def boards(told: Committed, messages: list[tuple[FakeMessage, str]]) -> list[Problem]:
    where = f"table {told.table.id} ({told.table.game})"
    at = f"{told.table.status} at version {told.table.version}"
    posted = [message for message, kind in messages if kind == "board"]
    if told.table.status == "running":
        if not posted:
            return [Problem("board", where, "no board", at)]
        last = posted[-1]
        shown = {int(user) for user in MENTION.findall(waiting_line(last))}
        problems = []
        if shown != set(told.waiting):
            problems.append(
                Problem(
                    "board",
                    where,
                    last.content[-300:],
                    f"{at}: the latest board waits on {sorted(shown)}, the table on {sorted(told.waiting)}",
                )
            )
        if told.table.board_message_id != last.id or HAND not in last.button_labels():
            problems.append(
                Problem(
                    "board",
                    where,
                    f"board {last.id}",
                    f"{at}: the latest board is not the bot's board ({told.table.board_message_id}) with {HAND!r}",
                )
            )
        return problems
    if told.table.status == "finished":
        ends = [message for message, kind in messages if kind == "summary"]
        problems = (
            []
            if posted and "🏁 The game is over" in posted[-1].content
            else [Problem("board", where, "no final board", at)]
        )
        if len(ends) != 1:
            problems.append(
                Problem("lost" if not ends else "doubled", where, "the end-of-game summary", f"{len(ends)} of them")
            )
        return problems
    return []


def consume(text: str, candidates: set[str], separator: str) -> tuple[Counter, str]:
    """The texts `text` is made of, in order, joined by `separator` (the longest that fits first),
    and what is left over once none fits."""
    found: Counter = Counter()
    at = 0
    ordered = sorted(candidates, key=len, reverse=True)
    while at < len(text):
        match = next((c for c in ordered if c and text.startswith(c, at)), None)
        if match is None:
            break
        found[match] += 1
        at += len(match)
        if not text.startswith(separator, at):
            break
        at += len(separator)
    return found, text[at:]


def sent(message) -> str:
    """A message's text as it was first sent, before any edit."""
    return message.history[0].get("content") or "" if message.history else message.content


def dms(fake: FakeDiscord, told: Committed) -> list[Problem]:
    """Each player's private texts, by DM or in the answer to their own move, exactly as committed;
    each player seated at the start got their seat once."""
    table = told.table
    problems = []
    for user_id in sorted(set(told.private) | set(told.started_with)):
        user = fake.user(user_id)
        expected = Counter(told.private.get(user_id, []))
        got: Counter = Counter()
        where: dict[str, list[str]] = defaultdict(list)  # text -> where it was shown, for the report
        by_dm = {nonce(table.id, user_id, version, "dm"): version for version in range(table.version + 1)}
        for message in user.dms():
            if message.nonce in by_dm:  # as sent (a press in the DM later edits it into its answer)
                texts, rest = consume(sent(message), set(expected), "\n")
                got += texts
                for text in texts:
                    where[text].append(f"DM {message.id} (private texts up to version {by_dm[message.nonce]})")
                # after the texts, one DM may also carry the player's seat or the moves of a
                # simultaneous choice (bot/discord_app/delivery/dms.py: one request a player, not one a kind)
                if rest.startswith(
                    (
                        f"🎲 Your seat at <#{table.channel_id}>",
                        f"Your move at <#{table.channel_id}>",
                        f"🎲 You now hold a seat at <#{table.channel_id}>",
                    )
                ):
                    rest = ""
                if rest:
                    problems.append(
                        Problem(
                            "dm text",
                            f"table {table.id}",
                            rest,
                            f"a DM to {user.name} tells what was not committed to them",
                        )
                    )
        for request in fake.message_requests():
            content = request.content or ""
            if request.reader is user and (request.method, request.route) in ANSWERS and content.startswith("✅ "):
                body = content[2:]
                said = PLAYED.match(body)  # "You played **X**." first, where their texts do not name it
                texts = consume(body[said.end() :] if said else body, set(expected), " ")[0]
                got += texts
                for text in texts:
                    where[text].append(
                        f"the answer to their move ({request.method} {request.route}, message {request.message.id})"
                    )
        for text, count in (expected - got).items():
            problems.append(
                Problem(
                    "dm never",
                    f"table {table.id}, {user.name}",
                    text,
                    f"never got it ({count} of {expected[text]})",
                    count,
                )
            )
        for text, count in (got - expected).items():
            # shown in the answer to their own move, and then sent by DM as well
            twice = (
                "answered, then DM'd"
                if any(w.startswith("the answer") for w in where[text]) and any(w.startswith("DM") for w in where[text])
                else "dm twice"
            )
            problems.append(
                Problem(
                    twice,
                    f"table {table.id}, {user.name}",
                    text,
                    f"got it {count} time(s) more than committed ({expected[text]}), in {'; '.join(where[text])}",
                    count,
                )
            )
        seats = [m for m in user.dms() if f"🎲 Your seat at <#{table.channel_id}>" in sent(m)]
        if user_id in told.started_with and len(seats) != 1:
            problems.append(Problem("seat", f"table {table.id}, {user.name}", "their seat", f"{len(seats)} times"))
    return problems


def transcript(fake: FakeDiscord, path) -> None:
    """Every message of every table channel, each edit included, with its nonce: for whoever reads
    a failure (the test names the file)."""
    with open(path, "w") as out:
        for channel in fake.channels.values():
            if channel.is_dm:
                continue
            out.write(f"===== #{channel.name} ({channel.id})\n")
            for message in channel.all_messages:
                out.write(
                    f"--- message {message.id}, nonce {message.nonce}{', deleted' if message.deleted else ''}"
                    f"{', ephemeral to ' + message.ephemeral_to.name if message.ephemeral_to else ''}\n"
                )
                for before in message.history:
                    out.write("  (was) " + (before.get("content") or "").replace("\n", "\n        ") + "\n")
                out.write("  (now) " + message.content.replace("\n", "\n        ") + "\n")
