"""`make bench` keeps docs/performance.md current: its report replaces the section between the
markers, so the figures a reader finds there are the last full run's, with its date and machine."""

from __future__ import annotations

from pathlib import Path

DOC = Path(__file__).resolve().parents[1] / "docs" / "performance.md"
START, END = "<!-- bench:start -->", "<!-- bench:end -->"


def with_report(text: str, report: list[str], heading: str) -> str:
    """`text` with the part between the markers replaced by `heading` and the report as a block."""
    before, start, rest = text.partition(START)
    _, end, after = rest.partition(END)
    if not start or not end:
        raise ValueError(f"{DOC.name} has no {START} ... {END} section")
    block = "\n".join(line.rstrip() for line in report).strip("\n")
    return f"{before}{START}\n{heading}\n\n```\n{block}\n```\n{END}{after}"


def record(report: list[str], heading: str, doc: Path = DOC) -> None:
    doc.write_text(with_report(doc.read_text(), report, heading))
