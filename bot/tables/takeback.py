"""Take-backs: a player takes back their own last move, a misclick undone before anyone else acts.

The rule: the table allows take-backs (`/table new ... undo:off` turns them off), its
game is running, and the last row of its log is a move of the caller's seat that the caller made
(not the clock, a stand-in or a moderator's skip): so nobody else acted since, nothing was played
for anyone and no moderator changed anything. The move revealed nothing new: the game says so
(`Game.undoable`, each game's rule in its docs page) and it used no chance (bot/tables/update.py
`shows_nothing`). A Take back button names the version the move made (`pt:undo:T:V`): once the
table moved on, it refuses.

A refusal gives the true reason (`why_not`): the game's own (`Game.undoable`'s companion
`Game.undo_refusal`, in each game's takeback.py); else that the move used chance, when the game would
have allowed it; else that the game's rules keep it. Never "it showed something new" of a move that
showed nothing.

The game is played again without the move, as a moderator's rollback does (bot/tables/moderation.py): the
log keeps the move and adds a "takeback" row naming it ({"seq": S}), so a replay gives the stored
state (bot/tables/replay.py). The channel is told, pinging nobody; a player whose turn the move had made
it is told by DM, and their outdated prompt is settled on delivery (bot/tables/prompts.py).
"""

from __future__ import annotations

import asyncio

from pydantic import BaseModel

from bot.store.records import ActionRecord, TableRecord
from bot.tables import refusals as why
from bot.tables.refusals import Refused
from bot.tables.replay import ReplayError, rebuild
from bot.tables.service import TableService
from bot.tables.update import Update, chance_for, shows_nothing
from engine import AnyGame, RuleError, Step, referee

OFF = "This table does not allow take-backs (it was opened with `undo:off`)."
NOT_YOURS = "There is nothing of yours to take back: only your own last move can be, before anything else happens."
REFUSED = "That move cannot be taken back: {reason}. See **Take-backs** in `/rules game:{game}`."
CHANCE = "it showed something new: it used chance (a die, a shuffle or a random draw)"
RULES = "the rules of {title} do not let a player take it back"


class TakeBacks:
    def __init__(self, service: TableService) -> None:
        self.service = service
        self.store = service.store

    async def take_back(
        self, table_id: int, user_id: int, version: int | None = None, admitted_at: int | None = None
    ) -> Update:
        """Take back the user's last move. With `version` (a Take back button), only if the table is
        still at the version that move made. `admitted_at`: the table's version when the gate let
        the press through, having checked the seat, the status and `version` then: they are checked
        again here only if the table changed in between."""
        service = self.service
        async with service.table_lock(table_id):
            table = await service.get(table_id, cached=True)
            if table.version == admitted_at:
                seat = service.seat_of(table, user_id)
                assert seat is not None, "the gate admitted a seated player at this version"
            else:
                seat = service.running_seat(table, user_id)
                if version is not None and version != table.version:
                    raise Refused(why.TOO_LATE_TO_TAKE_BACK)
            if not table.takebacks:
                raise Refused(OFF)
            log = await self.store.actions(table.id)
            move = log[-1] if log else None
            if move is None or move.kind != "move" or move.seat != seat or move.actor_id != user_id:
                raise Refused(NOT_YOURS)
            game = service.game_of(table)
            before = await asyncio.to_thread(self._before, table, log)
            waiting = service.waiting_on(table)
            waited_on_before = {table.seats[s] for s in game.to_move(before)}
            update = await service.commit(
                table,
                {"state": before.model_dump_json()},
                ("takeback", seat, user_id, {"seq": move.seq}),
                [f"↩️ **{game.view(before, None)['names'][seat]}** took back their move."],
                {
                    user: [
                        f"↩️ At <#{table.channel_id}> (**{game.title}**): <@{user_id}> took back their move, "
                        "so it is not your turn any more."
                    ]
                    for user in waiting
                    if user not in waited_on_before
                },
                was_waiting=waiting,
                state=before,
            )
            service.keep_state(update.table, before)
            update.add(await service.play_stand_ins(update.table))
            update.newly_asked = {user_id} & set(service.waiting_on(update.table))
            return update

    def _before(self, table: TableRecord, log: list[ActionRecord]) -> BaseModel:
        """The position before the log's last move, if that move showed nothing new (else Refused)."""
        game, move = self.service.game_of(table), log[-1]
        assert move.seat is not None, "the last row is the caller's own move"
        try:
            before = rebuild(game, table, log[:-1])
            assert before is not None, "a running table's log starts it before its moves"
            chance = chance_for(table, move.seq)  # the very chance it was played with
            action, step = referee.play_parsed(game, before, move.seat, move.action, chance)
        except (ReplayError, RuleError) as error:
            raise Refused(f"This table's log cannot be replayed ({error}); nothing was changed.") from None
        if not shows_nothing(game, before, step, move.seat, action, chance):
            raise Refused(REFUSED.format(reason=why_not(game, before, step, move.seat, action), game=game.key))
        return before


def why_not(game: AnyGame, before: BaseModel, step: Step, seat: int, action: BaseModel) -> str:
    """Why a move that `shows_nothing` refused cannot be taken back: the game's reason if it gives
    one (`Game.undo_refusal`), else chance if the game would have allowed the move, else the game's
    rules."""
    reason = game.undo_refusal(before, step.state, seat, action, step.events)
    if reason:
        return reason
    if game.undoable(before, step.state, seat, action, step.events):
        return CHANCE
    return RULES.format(title=game.title)
