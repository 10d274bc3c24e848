"""The gate: every slash command, button, select and form is resolved and authorised here, once,
before anything is read or changed.

For a press, the table comes from the custom id, parsed with bounded numbers and known kinds; the
message it came on must hold it, and its answer may replace that message only if it is of its own
kind (`came_from`, `may_replace`). Then, in this order: the place (the table's own server and channel, or, for a move, the DM of a seated
player), the person (a seat, the host, a moderator, or anyone watching in the channel), the table's
status, and the version the press was made at. Each refusal has one wording (bot/tables/refusals.py).
Discord-free: the cogs describe the interaction as a `Caller` and act on the `Pass` they get back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from bot.store.records import TableRecord
from bot.tables import refusals as why
from bot.tables.menu import Choice, Menu
from bot.tables.refusals import Refused, stale
from bot.tables.seats import held, seat_history
from bot.tables.service import TableService, chance_for
from engine import RuleError, referee

ID_DIGITS = 18  # every id and version fits SQLite's signed 64-bit integer
LARGEST_ID = 2**53 - 1  # a table number typed in a command: Discord's integer options stop here


class Need(Enum):
    """Who may do a thing, and in which state of the table."""

    LOOK = "look"  # anyone in the table's channel: the board, the log, a spectator's hand
    LOOK_BACK = "look back"  # the same, or at the channel's last game if it finished (its public final board)
    SIT = "sit"  # join a lobby
    LEAVE = "leave"  # a seated player of a lobby: leave it (or, the last one, close it)
    HOST = "host"  # the host or a moderator, in the lobby
    HOST_OR_MOD = "host or moderator"  # the host in the lobby, a moderator at any time
    PLAY = "play"  # a seated player of a running table, in the channel or their own DM
    TAKE_BACK = "take back"  # the same, for their own last move (bot/tables/takeback.py decides if it may be)
    SEATED = "seated"  # a seated player of an open table (a vacation)
    MODERATE = "moderate"  # a moderator, at an open table
    ROLL_BACK = "roll back"  # a moderator, at an open table or at the channel's last game if it finished
    PLAYED = "played"  # someone who held a seat, once the game is over (a rematch)


@dataclass(frozen=True)
class Caller:
    """Who did it, and where. `guild_id` is None in a DM. `moderator`: Manage Channels here, or the
    server's moderator role (the cog reads both from Discord)."""

    user_id: int
    guild_id: int | None
    channel_id: int
    moderator: bool = False


@dataclass(frozen=True)
class Origin:
    """The message a press came on, as Discord reports it: the custom ids of its components, and
    whether only the presser sees it (an ephemeral reply, or their DM)."""

    custom_ids: frozenset[str]
    private: bool


@dataclass(frozen=True)
class Press:
    """A parsed custom id. `in_place`: its answer may replace the message pressed (set by the gate:
    a private answer only ever replaces a private message, a page only a page of its kind)."""

    kind: str
    table_id: int | None = None
    version: int | None = None
    key: str = ""  # a move's key, or a whole menu's
    verb: str = ""  # join, leave, start; close (the last player's confirmed leave, at `version`)
    group: int | None = None
    page: int = 0
    game: str = ""
    in_place: bool = False


@dataclass(frozen=True)
class Pass:
    """What the gate let through: the table, the caller's seat (None for a spectator), and for a
    move the chosen one (`choice`) from the seat's current menu."""

    table: TableRecord
    seat: int | None
    caller: Caller
    press: Press | None = None
    menu: Menu | None = None
    choice: Choice | None = None


# ASCII digits only: `\d` and int() would also read other scripts' digits
_NUMBER, _SMALL, _HEX = rf"([0-9]{{1,{ID_DIGITS}}})", r"([0-9]{1,4})", r"([0-9a-f]{8})"
# kind -> (pattern of the rest, field names, who may press it)
_PRESSES: dict[str, tuple[re.Pattern[str], tuple[str, ...], Need | None]] = {
    "lobby": (
        re.compile(rf"{_NUMBER}:(join|leave|start|close)(?::{_NUMBER})?"),
        ("table_id", "verb", "version"),
        Need.SIT,
    ),
    "hand": (re.compile(_NUMBER), ("table_id",), Need.LOOK),
    "move": (re.compile(rf"{_NUMBER}:{_NUMBER}:{_HEX}"), ("table_id", "version", "key"), Need.PLAY),
    "form": (re.compile(rf"{_NUMBER}:{_NUMBER}:{_HEX}"), ("table_id", "version", "key"), Need.PLAY),
    "pick": (
        re.compile(rf"{_NUMBER}:{_NUMBER}:{_SMALL}:{_SMALL}"),
        ("table_id", "version", "page", "_part"),
        Need.PLAY,
    ),
    "group": (re.compile(rf"{_NUMBER}:{_NUMBER}:{_HEX}"), ("table_id", "version", "key"), Need.PLAY),
    "menu": (
        re.compile(rf"{_NUMBER}:{_NUMBER}:{_HEX}:(a|[0-9]{{1,4}}):{_SMALL}"),
        ("table_id", "version", "key", "group", "page"),
        Need.PLAY,
    ),
    "undo": (re.compile(rf"{_NUMBER}:{_NUMBER}"), ("table_id", "version"), Need.TAKE_BACK),
    "log": (re.compile(rf"{_NUMBER}:{_SMALL}"), ("table_id", "page"), Need.LOOK),
    "rematch": (re.compile(_NUMBER), ("table_id",), Need.PLAYED),
    "rules": (re.compile(rf"([a-z0-9-]{{1,40}}):{_SMALL}"), ("game", "page"), None),
    # a leaderboard page: of the caller's own server, so it names no table
    "ranks": (re.compile(rf"([a-z0-9-]{{1,40}}):{_SMALL}"), ("game", "page"), None),
}
_INTS = {"table_id", "version", "page", "_part"}
_KEY, _GROUP = re.compile(_HEX), re.compile(_SMALL)


def parse_press(custom_id: str, values: list[str] | tuple[str, ...] = ()) -> Press:
    """A custom id (and a select's chosen value) as a `Press`, or a refusal: never an exception of
    another kind, whatever the text."""
    prefix, kind, rest = (custom_id.split(":", 2) + ["", ""])[:3]
    spec = _PRESSES.get(kind) if prefix == "pt" else None
    if spec is None:
        raise Refused(why.UNKNOWN_PRESS)
    pattern, names, _ = spec
    match = pattern.fullmatch(rest)
    if match is None:
        raise Refused(why.UNKNOWN_PRESS)
    fields: dict[str, Any] = {}  # Press fields by name
    for name, text in zip(names, match.groups()):
        if text is None:  # an optional part, absent
            continue
        if name == "group":
            fields[name] = None if text == "a" else int(text)
        elif not name.startswith("_"):
            fields[name] = int(text) if name in _INTS else text
    if kind == "lobby" and (fields["verb"] == "close") != ("version" in fields):  # only a close names a version
        raise Refused(why.UNKNOWN_PRESS)
    if kind in ("pick", "group"):  # the choice is the select's value: a move key, or a group number
        value = values[0] if len(values) == 1 else ""
        if kind == "pick" and _KEY.fullmatch(value):
            fields["key"] = value
        elif kind == "group" and _GROUP.fullmatch(value):
            fields["group"] = int(value)
        else:
            raise Refused(why.UNKNOWN_PRESS)
    return Press(kind=kind, **fields)


_LOBBY_NEEDS = {"start": Need.HOST, "leave": Need.LEAVE, "close": Need.LEAVE}
_PAGES = {"log", "rules", "ranks"}  # kinds whose answer is another page of the same message


def came_from(press: Press, custom_id: str, origin: Origin | None) -> bool:
    """Whether the message pressed holds what was pressed, as Discord asks an app to check: a
    modified client can send any custom id "from" any message it can see. A form comes from a
    player's own menu, a private message, which may have changed since the form was opened
    (its version then says why it is too late)."""
    if origin is None:
        return False
    return origin.private if press.kind == "form" else custom_id in origin.custom_ids


def may_replace(kind: str, origin: Origin | None) -> bool:
    """Whether a press's answer may update the message pressed: a page only a page of its own kind,
    anything else only a message that the presser alone sees (never a public board)."""
    if origin is None:
        return False
    if kind in _PAGES:
        return all(shown.split(":")[1:2] == [kind] for shown in origin.custom_ids if shown.startswith("pt:"))
    return origin.private


def need_of(press: Press) -> Need | None:
    need = _PRESSES[press.kind][2]
    return _LOBBY_NEEDS.get(press.verb, need) if press.kind == "lobby" else need


class Gate:
    def __init__(self, service: TableService) -> None:
        self.service = service

    # --- slash commands: the channel's table ---------------------------------------------------

    async def here(self, caller: Caller, need: Need, what: str = "do that") -> Pass:
        """The open table of the caller's channel, if the caller may do `what` there."""
        if caller.guild_id is None:
            raise Refused(why.NO_TABLE)
        table = await self.service.table_in(caller.channel_id)
        if table is None and need in (Need.ROLL_BACK, Need.LOOK_BACK):
            table = await self._finished_in(caller.channel_id)
        if table is None or table.guild_id != caller.guild_id:
            raise Refused(why.NO_TABLE)
        return await self._admit(caller, table, need, what)

    async def _finished_in(self, channel_id: int) -> TableRecord | None:
        """The channel's last table if it finished (a rollback lets its game go on; anyone may look
        at its final board and summary)."""
        rows = await self.service.store.query(
            "SELECT id FROM tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        )
        try:
            table = await self._load(rows[0][0]) if rows else None
        except Refused:  # unreadable: as if there were none
            return None
        return table if table is not None and table.status == "finished" else None

    async def table(self, caller: Caller, table_id: int, need: Need, what: str = "do that") -> Pass:
        """Table `table_id`, named by the caller (a log's number): only from its own channel."""
        table = await self._load(table_id)
        await self._place(caller, table, need)
        return await self._admit(caller, table, need, what)

    # --- presses: the custom id's table --------------------------------------------------------

    async def press(
        self, caller: Caller, custom_id: str, values: list[str] | tuple[str, ...] = (), origin: Origin | None = None
    ) -> Pass | Press:
        """A button, select or form, pressed on the message `origin` (None: on no message). Returns
        the `Pass`, or for a press that names no table (a rules or leaderboard page) the parsed
        `Press`; raises `Refused` with the reason otherwise."""
        press = parse_press(custom_id, values)
        if not came_from(press, custom_id, origin):
            raise Refused(why.UNKNOWN_PRESS)
        press = replace(press, in_place=may_replace(press.kind, origin))
        need = need_of(press)
        if need is None:
            return press
        assert press.table_id is not None, "every press that needs something of a table names it"
        table = await self._load(press.table_id)
        await self._place(caller, table, need)
        what = {"lobby": f"{press.verb} the table", "rematch": "call a rematch", "undo": "take back a move"}.get(
            press.kind, "do that"
        )
        admitted = await self._admit(caller, table, need, what)
        if press.kind == "lobby" and press.version not in (None, table.version):  # a close asked at another moment
            raise why.StaleBoard(why.LOBBY_CHANGED)
        if press.kind == "undo" and press.version != table.version:  # the move is no longer the last thing done
            raise why.StaleBoard(why.TOO_LATE_TO_TAKE_BACK)
        if need is not Need.PLAY:
            return Pass(table, admitted.seat, caller, press)
        return await self._move(admitted, press)

    async def _load(self, table_id: int) -> TableRecord:
        """The table's row as the store last read or wrote it: the store is the file's one writer
        while the bot runs, so its copy is the row, and a table it does not hold is read (and
        checked) afresh. No read for a press of a table in play: a hop to SQLite's thread costs
        about as much CPU as the gate's every other check."""
        try:
            return await self.service.get(table_id, cached=True)
        except Refused:  # unknown, or unreadable: as if it were elsewhere (nothing is told about it)
            raise Refused(why.NOT_HERE) from None

    async def _place(self, caller: Caller, table: TableRecord, need: Need) -> None:
        if caller.guild_id is None:  # a DM: only a seated player's own prompt
            playing = need in (Need.PLAY, Need.TAKE_BACK)
            if not playing or caller.user_id not in table.seats:
                # someone who held a seat there hears why; anyone else learns nothing of the table
                raise Refused(why.NOT_PLAYER if playing and await self._held(caller, table) else why.NOT_HERE)
        elif caller.guild_id != table.guild_id or caller.channel_id != table.channel_id:
            raise Refused(why.NOT_HERE)

    async def _held(self, caller: Caller, table: TableRecord) -> bool:
        """Whether the caller held a seat at the table at some time (kicked, replaced, away, still
        seated): the one seat history that the summary and the stats read too."""
        return held(seat_history(table, await self.service.store.actions(table.id)), caller.user_id)

    async def _admit(self, caller: Caller, table: TableRecord, need: Need, what: str) -> Pass:
        seat = self.service.seat_of(table, caller.user_id)
        status = table.status
        if need in (Need.LOOK, Need.LOOK_BACK):
            pass
        elif need in (Need.SIT, Need.LEAVE):
            if status != "lobby":
                raise Refused(why.STARTED if table.open else why.CLOSED)
            if need is Need.LEAVE and seat is None:
                raise Refused(why.NOT_SEATED)
        elif need is Need.HOST:
            if status != "lobby":
                raise Refused(why.STARTED if table.open else why.CLOSED)
            if caller.user_id != table.host_id and not caller.moderator:
                raise Refused(why.HOST_ONLY.format(what=what))
        elif need is Need.HOST_OR_MOD:
            if not table.open:
                raise Refused(why.CLOSED)
            if not caller.moderator and not (status == "lobby" and caller.user_id == table.host_id):
                raise Refused((why.HOST_ONLY if status == "lobby" else why.MODERATOR_ONLY).format(what=what))
        elif need in (Need.MODERATE, Need.ROLL_BACK):
            if not caller.moderator:
                raise Refused(why.MODERATOR_ONLY.format(what=what))
            if not table.open and not (need is Need.ROLL_BACK and status == "finished"):
                raise Refused(why.CLOSED)
        elif need in (Need.PLAY, Need.TAKE_BACK):
            if seat is None:
                raise Refused(why.NOT_PLAYER)
            if status != "running":
                raise why.status_refusal(status)
        elif need is Need.SEATED:
            if seat is None:
                raise Refused(why.NOT_PLAYER)
            if not table.open:
                raise Refused(why.CLOSED)
        elif need is Need.PLAYED:
            if table.open:
                raise Refused(why.STILL_GOING)
            if not await self._held(caller, table):
                raise Refused(why.PLAYERS_ONLY.format(what=what))
        return Pass(table, seat, caller)

    async def _move(self, admitted: Pass, press: Press) -> Pass:
        """A move press: made at a version where this seat's moves are still the ones offered."""
        table, seat = admitted.table, admitted.seat
        # a move press names its version (parse_press), and only a seated player's gets this far (_admit)
        assert seat is not None and press.version is not None, "a move press of a seated player"
        where = table.channel_id if admitted.caller.guild_id is None else None
        if press.version != table.version and await self.service.moved_on(table, seat, press.version):
            raise self._stale_reason(table, seat, press, where)
        menu = self.service.menu(table, seat)
        choice = menu.by_key.get(press.key) if press.kind in ("move", "pick", "form") else None
        if press.kind in ("group", "menu"):
            if not menu.choices or menu.key != press.key:
                raise self._stale_reason(table, seat, press, where)
        elif choice is None:
            raise self._stale_reason(table, seat, press, where)
        return Pass(table, seat, admitted.caller, press, menu, choice)

    def _stale_reason(self, table: TableRecord, seat: int, press: Press, where: int | None) -> Refused:
        """Why a press on an older menu does nothing: the rules' own reason for the move it was
        made for, if that menu is still known (someone else follows already; you have voted);
        else the game's reason why this seat does not move now; else "the board has changed"."""
        game, state = self.service.game_of(table), self.service.state_of(table)
        old = self.service.menus.get(table.id, press.version, seat) if press.version is not None else None
        chosen = old.by_key.get(press.key) if old is not None else None
        try:
            if chosen is not None:
                referee.play(game, state, seat, chosen.action, chance_for(table, "check"))
            elif seat not in game.to_move(state):
                referee.play(game, state, seat, None, chance_for(table, "check"))
        except RuleError as error:
            return why.StaleBoard(str(error))
        return stale(where)
