"""The web bench's reckoning of how long a move takes to reach each viewer (bench/web_viewers.py)."""

from __future__ import annotations

import pytest

from bench.web_viewers import MISSED_AFTER, reach, verdicts


def viewer(events, watched) -> dict:
    return {"events": events, "watched": watched}


def test_a_move_reaches_a_viewer_at_the_first_newer_event_after_its_press():
    # version 5 was on the page; the move pressed at 10.0 shows as version 6 at 10.2
    watching = viewer([(1, 9.0, 5), (1, 10.2, 6), (1, 12.5, 7)], {1: (8.0, 30.0)})
    times, missed = reach({1: [(10.0, 5), (12.0, None)]}, [watching], since=0.0)
    assert times == pytest.approx([0.2, 0.5]) and missed == 0  # a command's press: newer than the page had


def test_a_late_event_of_an_earlier_move_does_not_count_for_the_next():
    # the press at 10.0, on version 6, comes while version 6 (the press at 9.5's) is still on its way
    watching = viewer([(1, 9.0, 5), (1, 10.1, 6), (1, 10.4, 7)], {1: (8.0, 30.0)})
    times, _ = reach({1: [(9.5, 5), (10.0, 6)]}, [watching], since=0.0)
    assert times == pytest.approx([0.6, 0.4])


def test_a_move_shown_together_with_the_next_reaches_at_that_event():
    watching = viewer([(1, 9.0, 5), (1, 10.4, 7)], {1: (8.0, 30.0)})  # 6 was never sent: 7 came first
    times, _ = reach({1: [(9.5, 5), (10.0, 6)]}, [watching], since=0.0)
    assert times == pytest.approx([0.9, 0.4])


def test_a_move_never_heard_counts_as_missed_unless_the_watch_ended_too_soon_to_tell():
    watching = viewer([(1, 9.0, 5)], {1: (8.0, 20.0)})
    times, missed = reach({1: [(10.0, 5), (19.0, 5)]}, [watching], since=0.0)
    assert times == [MISSED_AFTER] and missed == 1  # 19.0: one second before the watch ended, not counted


def test_moves_before_the_window_or_on_another_table_are_left_out():
    watching = viewer([(1, 9.0, 5), (1, 10.2, 6)], {1: (8.0, 30.0)})
    times, missed = reach({1: [(10.0, 5)], 2: [(10.0, 5)]}, [watching], since=10.1)
    assert times == [] and missed == 0


def test_each_target_is_met_only_below_it_in_every_round():
    said: list[str] = []
    rounds = [
        {"viewers": 0, "cpu_ms_per_move": 10.0},
        {"viewers": 200, "cpu_ms_per_move": 10.5, "page": {"p99_ms": 20.0}, "reach": {"p99_ms": 100.0}},
        {"viewers": 200, "cpu_ms_per_move": 12.0, "page": {"p99_ms": 60.0}, "reach": {"p99_ms": 90.0}},
        {"viewers": 0, "cpu_ms_per_move": 10.0},
    ]
    met = verdicts(rounds, said.append)["met"]
    assert met == {"page_p99_ms": False, "reach_p99_ms": True, "cpu_rise": False}
    assert any(line.startswith("  MISSED: page_p99_ms") for line in said)
