"""The whole-bot bench's CPU target is read as moves a second one core serves, from a run with the
core full (the capacity run); the paced load's CPU a move is given beside it, with what waking
an idle core costs (the same load beside a spinner at the lowest priority, bench/spinner.py)."""

import asyncio
import os

import pytest

from bench.bot_process import cores
from bench.spinner import core_kept_busy, possible
from bench.whole_report import report_capacity
from bench.whole_verdicts import CPU_MS, cpu_check

from .test_blank_pictures import split


def capacity_run(cpu_ms: float, busy: float) -> dict:
    """What many_tables measured in a capacity run of 20 s: `cpu_ms` a move, the core `busy`."""
    moves = round(busy * 20 / cpu_ms * 1000)
    return {
        "tables": 160,
        "seconds": 20.0,
        "moves": moves,
        "warm_up_s": 5.0,
        "stumbles": 0,
        "failures": [],
        "ack_s": [0.2, 0.4],
        "shown_s": [0.5, 0.9],
        "bot": {"cpu_s": busy * 20},
        "core": {"busy": busy * 20, "steal": 0.0},
    }


def test_a_capacity_run_says_when_the_core_was_not_full():
    said = []
    full = report_capacity(capacity_run(4.5, 0.95), said.append)
    assert full["moves_per_s_a_core"] == 222 and full["cpu_ms_per_move"] == 4.5
    assert "lower bound" not in " ".join(said)
    said.clear()
    report_capacity(capacity_run(4.5, 0.6), said.append)
    assert "lower bound" in " ".join(said)


def results(capacity_ms: float, quick: bool = False) -> dict:
    games = {**split(2500), "quick": quick}
    games["cpu_split_us"]["us"]["process"] = 7400.0
    return {
        "games": games,
        "load": {"cpu_ms_per_move": 5.8, "moves_per_s": 36.4, "tables": 100},
        "load_core_kept_busy": {"cpu_ms_per_move": 4.6},
        "capacity": report_capacity(capacity_run(capacity_ms, 0.94), lambda *line: None),
    }


def test_the_cpu_target_is_the_capacity_with_the_paced_figure_beside_it():
    name, met, figure, cause = cpu_check(results(CPU_MS - 0.4))
    assert met and cause is None
    assert "217 moves/s a core" in figure
    assert "at 36 moves/s, 5.8 ms a move (4.6 ms with the core kept from idling: waking it costs 1.2 ms" in figure
    name, met, figure, cause = cpu_check(results(CPU_MS + 0.4))
    assert not met and "where it goes" in cause


def test_a_quick_run_meets_no_cpu_target():
    name, met, figure, cause = cpu_check(results(CPU_MS - 1, quick=True))
    assert not met and "quick" in figure


@pytest.mark.skipif(not possible(cores()[0]), reason="needs two cores and SCHED_IDLE")
def test_the_spinner_keeps_the_core_busy_at_the_lowest_priority():
    core = cores()[0]

    async def spinning() -> int:
        async with core_kept_busy(core):
            await asyncio.sleep(0.3)
            (spinner,) = [int(pid) for pid in os.listdir("/proc") if pid.isdigit() and _spins(int(pid))]
            assert os.sched_getscheduler(spinner) == os.SCHED_IDLE
            assert os.sched_getaffinity(spinner) == {core}
            return spinner

    spinner = asyncio.run(spinning())
    assert not os.path.exists(f"/proc/{spinner}")  # gone with the block


def _spins(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return b"SCHED_IDLE" in cmdline.read()
    except OSError:
        return False
