"""The boards' pictures as Discord files: drawn off the event loop (bot/render/painter.py), cached per
table version and seat, and what each table's last posted picture showed, so that a board whose
picture would show nothing new is not uploaded again."""

from __future__ import annotations

import io
import logging

import discord

from bot import render
from bot.games import plugin
from bot.render.painter import Painter
from bot.store.records import TableRecord
from bot.tables.service import TableService

log = logging.getLogger(__name__)


class Pictures:
    def __init__(self, service: TableService, painter: Painter) -> None:
        self.service, self.painter = service, painter
        self._shown: dict[int, object] = {}  # table -> the position in its last posted picture

    async def board(self, table: TableRecord) -> discord.File | None:
        """The public board as a picture."""
        return await self._draw(table, None)

    async def hand(self, table: TableRecord, user_id: int) -> discord.File | None:
        """A player's own picture to go with their moves, if their game shows one now (a league's
        deployment before the battle's reveal; bot/render/presentation.py `hand_picture`)."""
        seat = self.service.seat_of(table, user_id) if table.state is not None else None
        if seat is None or not plugin(table.game).hand_picture(self.service.menu(table, seat).view):
            return None
        return await self._draw(table, seat)

    async def _draw(self, table: TableRecord, seat: int | None) -> discord.File | None:
        """The view of `seat` (None: the public one) as a picture, drawn once per table version
        (the table's web page shows the same public one)."""
        view = self.service.menu(table, seat).view
        try:
            png = await self.painter.picture((table.id, table.version, seat), table.game, view)
        except Exception:  # a picture is a nicety; the text still goes out
            log.exception("table %s: drawing a picture failed", table.id)
            return None
        mine = "" if seat is None else f"-seat{seat + 1}"
        return discord.File(
            io.BytesIO(png), filename=f"{table.game}-{table.id}-{table.version}{mine}.{render.PICTURE_FORMAT}"
        )

    def _position(self, table: TableRecord, *, drawn: bool = False) -> object | None:
        """What the picture shows that matters, if the game's presentation says (`position(view)`:
        e.g. the path and the Sun, not the question being voted on); with `drawn`, else the whole
        public view, which is all the picture is drawn from. Compared by value: views are made
        anew for each version and never changed (equality is cheaper than their JSON)."""
        view = self.service.menu(table, None).view
        hook = plugin(table.game).presentation.position
        if hook is None and not drawn:
            return None
        return hook(view) if hook else view

    def moved(self, table: TableRecord, *, drawn: bool = False) -> bool:
        """Whether a board needs a picture: unless the render module tells that the position is the
        one in the last picture (a call to vote on a question). With `drawn` (a board edited in
        place keeps its picture): unless nothing drawn changed, so it is not uploaded again."""
        position = self._position(table, drawn=drawn)
        return position is None or self._shown.get(table.id) != position

    def posted(self, table: TableRecord) -> None:
        """The table's board now shows its picture at this version."""
        self._shown[table.id] = self._position(table, drawn=True)
