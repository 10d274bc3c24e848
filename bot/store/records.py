"""A table and a row of its log, as every store keeps them."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

Status = Literal["lobby", "running", "paused", "finished", "ended"]
OPEN_STATUSES = ("lobby", "running", "paused")


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

    @property
    def open(self) -> bool:
        return self.status in OPEN_STATUSES

    def seats_with(self, seat: int, user_id: int | None) -> list[int | None]:
        """The seats with `seat` handed to `user_id` (None: to a stand-in)."""
        seats = list(self.seats)
        seats[seat] = user_id
        return seats


class ActionRecord(BaseModel):
    table_id: int
    seq: int
    seat: int | None
    actor_id: int | None
    kind: str  # "move" (replayed), or a lobby or moderator note such as "start", "kick", "end"
    action: dict[str, Any]
    at: float
