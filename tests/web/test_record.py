"""A finished game's record (docs/web.md, "The record"): the documented keys, from public data only;
a game still in play has none yet."""

from __future__ import annotations

import json

from tests.registry import GAMES, a_game, every_game

from .helpers import LINKS, played, serving

KEYS = {"format", "format_version", "table", "game", "title", "status", "seed", "options", "seats", "log", "outcome"}
LINE_KEYS = {"seq", "at", "kind", "moderator", "text"}


async def test_a_finished_game_has_its_record(service):
    key = a_game(toy=True)  # the quickest to play to its end
    table = await played(service, key, 10_000, seed="record")
    assert table.status == "finished"
    async with serving(service) as client:
        answer = await client.get(f"/t/{LINKS.token(table.id)}/record.json")
        record = await answer.json()
        html = await (await client.get(f"/t/{LINKS.token(table.id)}")).text()
    assert answer.status == 200 and answer.content_type == "application/json"
    assert set(record) == KEYS
    assert record["format"] == "philosophers-table/record" and record["format_version"] == 1
    assert (record["table"], record["game"], record["status"]) == (table.id, key, "finished")
    assert record["title"] == GAMES[key].title and record["seed"] == "record" and record["options"] == table.options
    assert record["seats"] == service.menu(table, None).view["names"]
    assert record["log"] and all(set(line) == LINE_KEYS for line in record["log"])
    assert [line["seq"] for line in record["log"]] == sorted(line["seq"] for line in record["log"])
    assert all(line["at"].endswith("Z") for line in record["log"])
    outcome = GAMES[key].outcome(service.state_of(table))
    assert record["outcome"]["winners"] == list(outcome.winners)
    assert set(record["outcome"]) == {"winners", "winner_names", "reason"}
    assert "record.json" in html  # the page links to it
    assert json.dumps(record, ensure_ascii=False).count("<@") == 0  # no Discord mention, no user id


async def test_a_game_in_play_has_no_record_yet(service):
    table = await played(service, every_game()[0], 2)
    async with serving(service) as client:
        answer = await client.get(f"/t/{LINKS.token(table.id)}/record.json")
        body = await answer.json()
    assert answer.status == 409 and body == {"error": "not finished", "status": "running"}
    assert "seed" not in json.dumps(body)
