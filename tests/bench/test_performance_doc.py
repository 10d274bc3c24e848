"""`make bench` writes its report into docs/performance.md between the markers, and only there."""

import pytest

from bench import performance_doc
from bench.performance_doc import END, START


def test_the_report_replaces_only_its_section(tmp_path):
    doc = tmp_path / "performance.md"
    doc.write_text(f"# Performance\n\nintro\n\n{START}\nold figures\n{END}\n\n## History\nkept\n")
    performance_doc.record(["Service: 6,000 actions/s   ", "", "p99 3 ms"], "`make bench` on today:", doc)
    text = doc.read_text()
    assert text.startswith("# Performance\n\nintro\n\n") and text.endswith(f"{END}\n\n## History\nkept\n")
    assert "old figures" not in text
    assert f"{START}\n`make bench` on today:\n\n```\nService: 6,000 actions/s\n\np99 3 ms\n```\n{END}" in text


def test_the_project_s_doc_has_the_section():
    assert performance_doc.DOC.read_text().count(START) == 1 == performance_doc.DOC.read_text().count(END)


def test_a_doc_without_the_markers_is_refused_not_overwritten(tmp_path):
    doc = tmp_path / "performance.md"
    doc.write_text("# Performance\n")
    with pytest.raises(ValueError):
        performance_doc.record(["x"], "y", doc)
    assert doc.read_text() == "# Performance\n"
