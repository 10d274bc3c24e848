"""A table's web page as HTML, and its stylesheet. Every text on the page (the board's text, the
log, the seats' names, a question a player wrote) is escaped with `html.escape`: none is ever read
as HTML. The page's <main> (`render_main`) is what its live updates send again (bot/web/live.py);
its one script is /static/page.js and its style /static/page.css (the Content-Security-Policy
allows nothing inline), and it reads the same without the script."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from html import escape
from pathlib import Path

from bot.web.public import PublicTable, Seat
from bot.web.text import utc_iso, utc_text

LINES_KEPT = 50_000  # log lines kept written as HTML, of every table

STATUS = {
    "lobby": "waiting for players to join",
    "running": "in play",
    "paused": "paused by a moderator",
    "finished": "finished",
    "ended": "ended by a moderator",
}

CSS = """\
:root { color-scheme: light dark; --muted: #667; --line: #8884; --accent: #5865f2; }
* { box-sizing: border-box; }
body { margin: 0; font: 17px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 48rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
h2 { font-size: 1.15rem; margin: 1.5rem 0 .5rem; border-bottom: 1px solid var(--line); }
.status, .muted { color: var(--muted); margin: 0 0 1rem; }
figure { margin: 0; }
img { display: block; max-width: 100%; height: auto; border-radius: 6px; }
.board { white-space: pre-wrap; overflow-wrap: anywhere; margin: .75rem 0 0; font: inherit; }
ol { padding-left: 1.5rem; }
.seats li.waited { font-weight: 600; }
.log { list-style: none; padding: 0; }
.log li { padding: .2rem 0; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; white-space: pre-wrap; }
.seq { color: var(--muted); font-variant-numeric: tabular-nums; margin-right: .4rem; }
a { color: var(--accent); }
"""
# live updates and the reader's own times (docs/web.md); shipped with the package (pyproject.toml)
SCRIPT = (Path(__file__).parent / "page.js").read_text(encoding="utf-8")


def state_of(version: int, main: str) -> str:
    """What a rendering of <main> is called in the live updates (the events' ids): the table's
    version and a digest of the HTML, so a change that is no new version (a deadline) is one too."""
    return f"{version}.{hashlib.sha256(main.encode()).hexdigest()[:16]}"


def _time(seconds: float) -> str:
    return f'<time datetime="{utc_iso(seconds)}">{escape(utc_text(seconds))}</time>'


def _seat(table: PublicTable, number: int, seat: Seat) -> str:
    notes = []
    if seat.stand_in:
        notes.append("a strong stand-in plays" if seat.strong else "a stand-in plays")
    if table.result is not None and number in table.result.winners:
        notes.append("🏆 won")
    if seat.waited:
        notes.append("to move" + (f", by {_time(seat.deadline)}" if seat.deadline is not None else ""))
    tail = ' <span class="muted">(' + ", ".join(notes) + ")</span>" if notes else ""
    opening = '<li class="waited">' if seat.waited else "<li>"
    return f"{opening}{escape(seat.name)}{tail}</li>"


@lru_cache(maxsize=LINES_KEPT)  # a line is written once, not again at every change of its table
def log_line(line_seq: int, text: str, at: float | None) -> str:
    stamp = f" {_time(at)}" if at is not None else ""
    return f'<li><span class="seq">#{line_seq}</span>{stamp} {escape(text)}</li>'


def replay_links(token: str, last: int) -> str:
    """The way into the replay stepper: from the set-up, or at the latest step."""
    start = f'<a href="/t/{token}/step/0">Replay from the start</a>'
    return f'<p>{start} · <a href="/t/{token}/step/{last}">Step {last}, the latest</a></p>'


def page_head(title: str, body: str = "<body>") -> list[str]:
    """A page's head, and `body`, its opening tag: every page of the web side has the same."""
    return [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="referrer" content="no-referrer">',
        '<meta name="robots" content="noindex, nofollow">',
        f"<title>{title}</title>",
        '<link rel="stylesheet" href="/static/page.css">',
        '<script src="/static/page.js" defer></script>',
        f"</head>{body}",
    ]


def render_page(table: PublicTable, token: str, main: str | None = None) -> str:
    """The whole page. `token` is the table's part of its link (bot/web/links.py); `main`, its
    <main> if already rendered (`render_main`)."""
    main = render_main(table, token) if main is None else main
    body = f'<body data-live="/t/{token}/events" data-state="{state_of(table.version, main)}">'
    parts = [*page_head(f"{escape(table.title)} · table {table.id}", body), main, "</body></html>"]
    return "\n".join(parts) + "\n"


def render_main(table: PublicTable, token: str) -> str:
    """The page's <main>: everything on it that changes with the table."""
    title = escape(table.title)
    parts = [
        f'<main id="table" data-version="{table.version}">',
        f"<h1>{title}</h1>",
        f'<p class="status">Table {table.id} · {escape(STATUS.get(table.status, table.status))}</p>',
    ]
    if table.board is not None:
        alt = escape(table.board)
        parts += [
            '<figure id="board">',
            f'<img src="/t/{token}/board.jpg?v={table.version if table.drawn is None else table.drawn}" alt="{alt}">',
            f'<figcaption><p class="board">{escape(table.board)}</p></figcaption>',
            "</figure>",
        ]
    else:
        parts.append(f'<p id="board" class="muted">The game has not started: {table.players} seated so far.</p>')
    if table.result is not None:
        names = [table.seats[seat].name for seat in table.result.winners if seat < len(table.seats)]
        head = ("🏆 " + ", ".join(names)) if names else "🏁 No player wins"
        parts.append(f"<p><strong>{escape(head)}</strong>: {escape(table.result.reason)}</p>")
    if table.seats:
        parts.append('<h2>Seats</h2><ol id="seats" class="seats">')
        parts += [_seat(table, number, seat) for number, seat in enumerate(table.seats)]
        parts.append("</ol>")
    if table.deadline is not None:
        parts.append(f"<p>Next deadline: {_time(table.deadline)}</p>")
    if table.steps is not None:  # the replay stepper, bot/web/steps.py
        parts.append(replay_links(token, table.steps))
    parts.append("<h2>Log</h2>")
    if table.log:
        parts.append('<ol id="log" class="log">')
        parts += [log_line(line.seq, line.text, line.at if line.moderator else None) for line in table.log]
        parts.append("</ol>")
    else:
        parts.append('<p id="log" class="muted">Nothing has happened at this table yet.</p>')
    if table.status == "finished":
        parts.append(f'<p><a href="/t/{token}/record.json">The game\'s record (JSON)</a></p>')
    parts.append("</main>")
    return "\n".join(parts)
