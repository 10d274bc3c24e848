"""A move's answer in one request where it can be: the move is committed first, and its answer (what
was played, what is left to do) is the acknowledgement itself, an update of the message pressed or a
private message, where a deferral and then an edit were two requests. Discord wants an
acknowledgement within 3 seconds: a commit still running after DEFER_AFTER (a busy store, a queue
of moves at the table) is deferred first, and its answer then edits the deferred response.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re

import discord

log = logging.getLogger(__name__)
DEFER_AFTER = 1.0  # seconds: Discord's 3, less room for a slow request and a busy event loop


OPENING = "✅ "
UNNAMED = "your move"  # what a move without a label of its own is called (bot/discord_app/play.py)
PLAYED = re.compile(r"You played \*\*.*?\*\*\. ?", re.DOTALL)


def acknowledgement(texts: list[str], played: str) -> str:
    """A move's answer opens with this: what they played, unless their own texts of the move (outbox
    ACK rows) say it already ("You voted ⚪ Yes."), then those texts. A move whose texts tell
    something else (the new cards a round's end deals) still says first what was played. The
    catch-up after a crash reads an answer back by its texts (`shows_acknowledgement`)."""
    told = " ".join(texts)
    named = bool(told) and (played in ("", UNNAMED) or played.casefold() in told.casefold())
    said = [] if named else [f"You played **{played}**."]  # never a bare "Done"
    return OPENING + " ".join(said + ([told] if told else []))


def shows_acknowledgement(content: str, texts: list[str]) -> bool:
    """Whether an answer read back from Discord is the one that showed these texts (whatever it
    said was played before them)."""
    if not content.startswith(OPENING):
        return False
    rest, told = content[len(OPENING) :], " ".join(texts)
    said = PLAYED.match(rest)
    if said is not None and rest[said.end() :].startswith(told):
        return True
    return bool(told) and rest.startswith(told)


class Answer:
    """`async with Answer(interaction, in_place=...) as answer:` around a commit; `answer.send`
    once it is committed. `in_place`: the answer replaces the message pressed (a button or a form
    opened from a message); else it is a new private message. On leaving, the interaction is either
    answered or not acknowledged at all (a deferral under way is awaited), so an error handler after
    it can answer by the usual `response.is_done()`."""

    def __init__(self, interaction: discord.Interaction, *, in_place: bool) -> None:
        self.interaction, self.in_place = interaction, in_place
        self._turn = asyncio.Lock()  # a deferral and the answer never race for the first response
        self._timer: asyncio.TimerHandle | None = None
        self._deferral: asyncio.Task[None] | None = None

    async def __aenter__(self) -> "Answer":
        self._timer = asyncio.get_running_loop().call_later(DEFER_AFTER, self._defer_later)
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        self._stop_timer()
        if self._deferral is not None:
            with contextlib.suppress(discord.HTTPException):  # said by the deferral's own log line
                await self._deferral

    def _stop_timer(self) -> None:
        assert self._timer is not None, "an Answer is used in `async with`, which starts its timer"
        self._timer.cancel()

    def _defer_later(self) -> None:
        self._deferral = asyncio.create_task(self._defer(), name="defer a slow answer")

    async def _defer(self) -> None:
        async with self._turn:
            response = self.interaction.response
            if response.is_done():
                return
            try:
                if self.in_place:
                    await response.defer()
                else:
                    await response.defer(ephemeral=True, thinking=True)
            except discord.HTTPException:
                log.warning("a slow answer could not be deferred", exc_info=True)
                raise

    async def send(
        self,
        content: str,
        *,
        view: discord.ui.View | None = None,
        picture: discord.File | None = None,
        redraw: bool = False,
    ) -> None:
        """The answer. `redraw`: in place, the message's pictures become `picture` (none if None);
        else they stay as they are."""
        self._stop_timer()
        content = content[:2000]
        async with self._turn:
            response = self.interaction.response
            if self.in_place:
                # MISSING: the message's pictures stay as they are
                pictures = ([picture] if picture else []) if redraw else discord.utils.MISSING
                if response.is_done():
                    await self.interaction.edit_original_response(content=content, view=view, attachments=pictures)
                else:
                    await response.edit_message(content=content, view=view, attachments=pictures)
                return
            # MISSING: no view, no file
            shown, file = view or discord.utils.MISSING, picture or discord.utils.MISSING
            if response.is_done():
                await self.interaction.followup.send(content, ephemeral=True, view=shown, file=file)
            else:
                await response.send_message(content, ephemeral=True, view=shown, file=file)
