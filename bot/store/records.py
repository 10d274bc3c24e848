"""A table and a row of its log, as every store keeps them."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

Status = Literal["lobby", "running", "paused", "finished", "ended"]
OPEN_STATUSES = ("lobby", "running", "paused")
# How a stand-in plays: `easy`, the game's stand-in (every absent player's seat), or `strong`, its
# search (engine/search.py), only in the seats the host filled with strong stand-ins.
Level = Literal["easy", "strong"]
LEVELS: tuple[Level, ...] = ("easy", "strong")


class TableRecord(BaseModel):
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    status: Status
    host_id: int
    seats: list[int | None]  # user ids in seat order; None is a stand-in
    options: dict[str, Any]
    seed: str
    version: int
    state: str | None
    deadline: float | None
    board_message_id: int | None
    created_at: float
    updated_at: float
    takebacks: bool = True  # a player may take back their own last move (bot/tables/takeback.py)
    # The seats strong stand-ins hold (the host's `level:strong`), sorted; always stand-in seats: a
    # seat handed to a member leaves the list for good, so an absent player's stand-in is easy.
    strong_seats: list[int] = []

    @property
    def open(self) -> bool:
        return self.status in OPEN_STATUSES

    def handing(self, seat: int, user_id: int | None) -> dict[str, Any]:
        """The changes that hand `seat` to `user_id` (None: to an easy stand-in, as every absent
        player's seat): a strong stand-in's seat handed to a member is an ordinary seat from then on."""
        seats = list(self.seats)
        seats[seat] = user_id
        return {"seats": seats, "strong_seats": [s for s in self.strong_seats if s != seat]}

    def leaving(self, user_id: int) -> dict[str, Any]:
        """The changes that take the member's seat away from a lobby (the seats after it move up)."""
        gone = self.seats.index(user_id)
        return {
            "seats": [user for user in self.seats if user != user_id],
            "strong_seats": [s - (s > gone) for s in self.strong_seats if s != gone],
        }

    def level(self, seat: int) -> Level | None:
        """How the stand-in in `seat` plays; None for a member's seat."""
        if self.seats[seat] is not None:
            return None
        return "strong" if seat in self.strong_seats else "easy"


class ActionRecord(BaseModel):
    table_id: int
    seq: int
    seat: int | None
    actor_id: int | None
    kind: str  # "move" (replayed), or a lobby or moderator note such as "start", "kick", "end"
    action: dict[str, Any]
    at: float
