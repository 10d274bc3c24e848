"""The clock's table settings and how players write times: `30m`, `12h`, `2d`, `1d12h`.

TABLE RULES: the defaults of every table's clock (see bot/clock/scheduler.py for what each one does).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.games import games
from bot.tables.service import Refused

MINUTE, HOUR, DAY = 60, 3600, 86400
LONGEST = 30 * DAY
UNITS = {"s": 1, "m": MINUTE, "h": HOUR, "d": DAY}


# --- durations -------------------------------------------------------------------------------------


def parse_duration(text: str, what: str = "a time") -> float:
    """`30m`, `12h`, `2d`, `1d12h` -> seconds (1 minute to 30 days). Seconds read too (`20s`, as
    format_duration writes them), so that a time under a minute is refused for what it is, not for
    how it is written."""
    cleaned = re.sub(r"\s+", "", text.lower())
    if not re.fullmatch(r"(\d{1,6}[smhd])+", cleaned):
        raise Refused(f"Write {what} as none, or a time such as 30m, 12h, 2d or 1d12h.")
    seconds = sum(int(number) * UNITS[unit] for number, unit in re.findall(r"(\d+)([smhd])", cleaned))
    any_one = "A " + what.removeprefix("the ").removeprefix("a ")  # "the pace" -> "A pace"
    if seconds < MINUTE:
        raise Refused(f"{any_one} is at least 1 minute.")
    if seconds > LONGEST:
        raise Refused(f"{any_one} is at most 30 days.")
    return float(seconds)


def parse_pace(text: str) -> float | None:
    """None for no deadlines."""
    return None if text.strip().lower() in ("", "none", "off", "no", "0") else parse_duration(text, "the pace")


def new_table_pace(game: str, text: str | None) -> float | None:
    """The pace a host asked for at `/table new`, or the game's default (`Game.pace`) when they
    said nothing."""
    if text is not None:
        return parse_pace(text)
    found = games().get(game)
    return found.pace if found is not None else None


def default_paces() -> str:
    """The games' own default paces, for the help text: `<title>: 1d` each."""
    return ", ".join(f"{game.title}: {format_duration(game.pace)}" for game in games().values() if game.pace)


def parse_remind(text: str) -> float | None:
    """None: automatic (half the pace, or a day); 0: no reminders."""
    word = text.strip().lower()
    if word in ("", "auto"):
        return None
    return 0.0 if word in ("off", "none", "no", "never", "0") else parse_duration(text, "the reminder interval")


def format_duration(seconds: float) -> str:
    """Seconds as players write times, every unit that is not zero: `30s`, `1m`, `1h30m`, `1d12h`.
    Seconds appear under an hour only (an automatic reminder interval is half the pace: 30s for a
    1m pace); above, they would only be noise (a vacation's time left, counted to the second)."""
    seconds = int(round(seconds))
    days, rest = divmod(seconds, DAY)
    hours, rest = divmod(rest, HOUR)
    minutes, rest = divmod(rest, MINUTE)
    units = ((days, "d"), (hours, "h"), (minutes, "m"), (0 if seconds >= HOUR else rest, "s"))
    return "".join(f"{n}{unit}" for n, unit in units if n) or "0s"


@dataclass(frozen=True)
class ClockSettings:
    pace: float | None = None  # seconds per move; None: no deadlines
    remind: float | None = None  # seconds between reminders; None: automatic; 0: none
    reminders: int = 3  # reminders before the "stalled" notice
    misses: int = 3  # deadlines missed in a row before a stand-in takes the seat; 0: never
    vacation_days: int = 7  # per player per game

    @classmethod
    def of(cls, row: dict[str, Any] | None) -> "ClockSettings":
        return (
            cls()
            if row is None
            else cls(row["pace"], row["remind"], row["reminders"], row["misses"], row["vacation_days"])
        )

    @property
    def interval(self) -> float | None:
        """Seconds between reminders, or None for no reminders."""
        if self.remind is None:
            return self.pace / 2 if self.pace else DAY
        return self.remind or None

    def describe(self) -> str:
        pace = f"{format_duration(self.pace)} per move" if self.pace else "none (no deadlines)"
        remind = (
            "none"
            if self.interval is None
            else f"every {format_duration(self.interval)}" + (" (auto)" if self.remind is None else "")
        )
        misses = (
            "never"
            if not self.misses
            else "after 1 missed deadline"
            if self.misses == 1
            else f"after {self.misses} missed deadlines in a row"
        )
        days = f"{self.vacation_days} day{'' if self.vacation_days == 1 else 's'}"
        return (
            f"⏰ Pace: {pace}\n🔔 Reminders: {remind}, at most {self.reminders}, then one stalled notice\n"
            f"🤖 A stand-in takes the seat: {misses}\n🏖️ Vacation: up to {days} per player"
        )
