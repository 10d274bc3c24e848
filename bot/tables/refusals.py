"""Why something was refused: one exception family and one wording per reason, for the gate,
the service, moderation and the clock alike. Every text is written for the person refused."""

from __future__ import annotations

from engine import RuleError

HAND = "**🎴 My hand & moves**"

NO_TABLE = "There is no table in this channel. Open one with `/table new`."
NOT_HERE = "That belongs to a table somewhere else, so it does nothing here."
UNKNOWN_PRESS = "I don't know that button. Use the buttons on the latest board."
NOT_PLAYER = "You are not playing at this table."
NOT_SEATED = "You are not at this table."
HOST_ONLY = "Only the host or a moderator can {what}."
MODERATOR_ONLY = "Only a moderator (Manage Channels here, or the server's moderator role) can {what}."
PAUSED = "This table is paused. A moderator can resume it."
OVER = "This game is over."
CLOSED = "This table is closed."
NOT_STARTED = "The game has not started yet."
STARTED = "This table has already started."
STILL_GOING = "That game is still going on."
PLAYERS_ONLY = "Only the players of that game can {what}."
LOBBY_CHANGED = "The table changed since you were asked: press **Leave** again if you still want to go."
TOO_LATE_TO_TAKE_BACK = "Too late to take that back: something else has happened at the table since."
STALE = "The board has changed since this was posted. Press {hand} on the latest board{where} (or type `/hand`)."


class Refused(RuleError):
    """A table-level refusal (place, role, status, a stale board); the message is for the user."""


class ClosesTable(Refused):
    """Leaving would close the table (nobody else is seated): the player is asked first. `version`:
    the table's version when asked, which their confirmation names."""

    def __init__(self, message: str, version: int) -> None:
        super().__init__(message)
        self.version = version


class StaleBoard(Refused):
    """The press was made on a board, menu or form of an older version of the table."""


def stale(channel_id: int | None = None) -> StaleBoard:
    """The generic stale-board refusal; `channel_id` says where the board is (for a press in a DM)."""
    return StaleBoard(STALE.format(hand=HAND, where=f" in <#{channel_id}>" if channel_id else ""))


def status_refusal(status: str) -> Refused:
    """Why a table in `status` takes no move."""
    return Refused({"paused": PAUSED, "finished": OVER, "ended": CLOSED, "lobby": NOT_STARTED}.get(status, CLOSED))
