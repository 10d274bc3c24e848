"""The floor under the Discord layer (bench/http_floor.py): both kinds of request a move makes reach
a bare server in a process of its own, and each gets a CPU figure a request."""

from bench import http_floor


def test_each_kind_of_request_is_measured_against_a_server_of_its_own(monkeypatch):
    monkeypatch.setattr(http_floor, "ROUNDS", 20)
    monkeypatch.setattr(http_floor, "REPEATS", 2)
    monkeypatch.setattr(http_floor, "WARM_UP", 2)
    said = []
    figures = http_floor.run(said.append)
    assert set(figures) == {"an interaction's answer (JSON, 2 kB)", "a board edit (multipart, a 94 kB picture)"}
    assert all(len(values) == 2 and all(value > 0 for value in values) for values in figures.values())
    assert any("a board edit" in line and "µs" in line for line in said)
