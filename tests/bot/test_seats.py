"""bot.tables.seats: one history per seat (moderators' hand-offs and the clock's), the moves each holder
had, and the credit rule, on hand-made logs."""

from bot.clock.scheduler import CLOCK
from bot.store.records import ActionRecord, TableRecord
from bot.tables.seats import SeatHistory, Stint, credits, held, rematch_invites, seat_history
from tests.registry import a_game

BOB, CAROL, DAVE, MOD = 101, 102, 103, 900
GAME = a_game(seats=3)  # any game: a seat's history is read from the log alone


def table_with(seats: list[int | None]) -> TableRecord:
    return TableRecord(
        id=1,
        guild_id=1,
        channel_id=1,
        game=GAME,
        status="finished",
        host_id=BOB,
        seats=seats,
        options={},
        seed="s",
        version=0,
        state=None,
        deadline=None,
        board_message_id=None,
        created_at=0.0,
        updated_at=0.0,
    )


class Log:
    """A table's log written row by row, as the service, the clock and the moderators write it."""

    def __init__(self, seats: int = 2) -> None:
        self.rows: list[ActionRecord] = []
        self.add("join", None, BOB)
        self.add("start", None, BOB, seats=seats)

    def add(self, kind: str, seat: int | None, actor: int | None, **action) -> "Log":
        self.rows.append(
            ActionRecord(
                table_id=1,
                seq=len(self.rows) + 1,
                seat=seat,
                actor_id=actor,
                kind=kind,
                action=action,
                at=float(len(self.rows)),
            )
        )
        return self

    def moves(self, seat: int, actor: int | None, count: int) -> "Log":
        for _ in range(count):
            self.add("move", seat, actor, play=1)
        return self


def test_a_replaced_player_keeps_the_moves_they_made():
    log = Log().moves(1, BOB, 6).add("replace", 1, MOD, **{"from": BOB, "to": CAROL}).moves(1, CAROL, 24)
    history = seat_history(table_with([DAVE, CAROL]), log.rows)
    assert history[1].stints == [Stint(BOB, 6), Stint(CAROL, 24)] and history[1].moves == 30
    assert history[0].stints == [Stint(DAVE, 0)]
    # 6 of 30 is less than a third: only Carol has the seat's result
    assert history[1].credited() == [CAROL]


def test_a_third_of_the_moves_is_enough_to_be_credited():
    log = Log().moves(1, BOB, 10).add("replace", 1, MOD, **{"from": BOB, "to": CAROL}).moves(1, CAROL, 20)
    assert seat_history(table_with([DAVE, CAROL]), log.rows)[1].credited() == [BOB, CAROL]
    log = Log().moves(1, BOB, 9).add("replace", 1, MOD, **{"from": BOB, "to": CAROL}).moves(1, CAROL, 20)
    assert seat_history(table_with([DAVE, CAROL]), log.rows)[1].credited() == [CAROL]  # 9 of 29


def test_the_clocks_hand_offs_are_in_the_history_and_its_moves_count_for_the_holder():
    log = (
        Log()
        .moves(1, BOB, 1)
        .moves(1, CLOCK, 2)  # Bob moves once, then misses twice
        .add("away", 1, None, user=BOB, misses=2)
        .moves(1, None, 2)  # a stand-in plays the seat
        .add("substitute", 1, CAROL, **{"from": BOB, "to": CAROL})
        .moves(1, CAROL, 4)
    )
    history = seat_history(table_with([DAVE, CAROL]), log.rows)
    assert history[1].stints == [Stint(BOB, 3), Stint(None, 2), Stint(CAROL, 4)]
    assert history[1].holders == [BOB, None, CAROL] and history[1].credited() == [BOB, CAROL]  # 3 and 4 of 9


def test_a_player_who_comes_back_is_one_human_of_the_seat():
    log = (
        Log()
        .moves(0, CLOCK, 3)
        .add("away", 0, None, user=BOB, misses=3)
        .moves(0, None, 1)
        .add("back", 0, BOB, user=BOB)
        .moves(0, BOB, 2)
    )
    (seat, _) = seat_history(table_with([BOB, DAVE]), log.rows)
    assert seat.holders == [BOB, None, BOB] and seat.humans() == {BOB: 5} and seat.credited() == [BOB]


def test_a_seat_finished_by_a_stand_in_credits_the_human_who_played_most():
    log = Log().moves(1, BOB, 5).add("away", 1, None, user=BOB, misses=3).moves(1, None, 20)
    history = seat_history(table_with([DAVE, None]), log.rows)
    assert history[1].holders == [BOB, None] and history[1].credited() == [BOB]  # 5 of 25, the most of any human
    log = (
        Log()
        .moves(1, BOB, 2)
        .add("kick", 1, MOD, user=BOB)
        .moves(1, None, 5)
        .add("replace", 1, MOD, **{"from": None, "to": CAROL})
        .moves(1, CAROL, 2)
        .add("kick", 1, MOD, user=CAROL)
        .moves(1, None, 10)
    )
    assert seat_history(table_with([DAVE, None]), log.rows)[1].credited() == [BOB, CAROL]  # a tie at 2 of 19


def test_a_seat_no_human_moved_for_credits_nobody_and_a_seat_without_moves_credits_its_humans():
    log = Log().add("kick", 1, MOD, user=BOB).moves(1, None, 7).moves(0, DAVE, 7)
    history = seat_history(table_with([DAVE, None]), log.rows)
    assert history[1].holders == [BOB, None] and history[1].credited() == []
    assert (
        seat_history(table_with([DAVE, None]), Log().moves(1, None, 3).rows)[1].credited() == []
    )  # a stand-in all along
    history = seat_history(table_with([DAVE, CAROL]), Log().add("replace", 1, MOD, **{"from": BOB, "to": CAROL}).rows)
    assert history[1].moves == 0 and history[1].credited() == [BOB, CAROL]


def test_skips_count_for_the_skipped_holder_and_rolled_back_moves_for_nobody():
    log = (
        Log()
        .moves(1, BOB, 2)
        .add("skip", None, MOD, seats=[1], users=[BOB])
        .moves(1, MOD, 1)
        .moves(1, BOB, 3)
        .add("rollback", None, MOD, moves=2)
        .add("replace", 1, MOD, **{"from": BOB, "to": CAROL})
        .moves(1, CAROL, 1)
    )
    assert seat_history(table_with([DAVE, CAROL]), log.rows)[1].stints == [Stint(BOB, 4), Stint(CAROL, 1)]


def test_only_changes_after_the_start_make_the_history():
    log = Log()
    log.rows = log.rows[:1]
    log.add("join", None, CAROL).add("kick", None, MOD, user=CAROL).add("join", None, DAVE)
    log.add("start", None, BOB, seats=2).moves(0, BOB, 1)
    history = seat_history(table_with([BOB, DAVE]), log.rows)
    assert [seat.holders for seat in history] == [[BOB], [DAVE]] and history[0].moves == 1
    lobby = seat_history(table_with([BOB, CAROL]), Log().rows[:1])
    assert [seat.stints for seat in lobby] == [[Stint(BOB)], [Stint(CAROL)]]


def test_who_held_a_seat_and_what_each_member_is_credited_with():
    log = (
        Log(seats=3)
        .moves(0, BOB, 3)
        .add("replace", 0, MOD, **{"from": BOB, "to": CAROL})
        .moves(0, CAROL, 3)
        .add("replace", 1, MOD, **{"from": DAVE, "to": BOB})
        .moves(1, BOB, 6)
    )
    history = seat_history(table_with([CAROL, BOB, None]), log.rows)
    assert held(history, BOB) and held(history, DAVE) and held(history, CAROL) and not held(history, MOD)
    # Bob is credited for two seats: one game, won because one of them won
    assert credits(history, {0}) == {BOB: True, CAROL: True}
    assert credits(history, {2}) == {BOB: False, CAROL: False}
    assert credits([SeatHistory(0, [Stint(None, 4)])], {0}) == {}


def test_a_rematch_invites_everyone_who_held_a_seat_but_the_caller_and_the_removed():
    """Bob's seat went to a stand-in after missed deadlines and then to Carol; a moderator removed
    Dave, whose seat a stand-in finished. Carol calls the rematch: Bob is invited, Dave is not."""
    log = Log().moves(0, BOB, 3).add("away", 0, None, user=BOB, misses=3)
    log.add("substitute", 0, CAROL, **{"from": BOB, "to": CAROL}).moves(0, CAROL, 2)
    log.moves(1, DAVE, 2).add("kick", 1, MOD, user=DAVE).moves(1, None, 3)
    history = seat_history(table_with([CAROL, None]), log.rows)
    assert rematch_invites(history, log.rows, caller=CAROL) == [BOB]
    assert rematch_invites(history, log.rows, caller=BOB) == [CAROL]
