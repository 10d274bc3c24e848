"""The fake refuses what Discord refuses, with Discord's error codes, and fails the test for it.

Most requests here are made by hand (not by a bot) to reach refusals discord.py would never let a
bot send; they carry the raw-request header so the contract check does not count them.
"""

from __future__ import annotations

import json

import aiohttp
import pytest

from .fakediscord import DiscordRuleBroken, FakeChannel, FakeDiscord, messaging
from .fakediscord.rest import RAW_REQUEST_HEADER


async def raw(
    fake: FakeDiscord,
    method: str,
    path: str,
    *,
    body=None,
    files: dict[str, bytes] | None = None,
    token: str | None = "yes",
) -> tuple[int, dict]:
    headers = {RAW_REQUEST_HEADER: "1"}
    if token:
        headers["Authorization"] = f"Bot {fake.token if token == 'yes' else token}"
    data = None
    if files is not None:
        data = aiohttp.FormData(quote_fields=False)
        data.add_field("payload_json", json.dumps(body))
        for index, (name, content) in enumerate(files.items()):
            data.add_field(f"files[{index}]", content, filename=name, content_type="application/octet-stream")
        body = None
    async with aiohttp.ClientSession() as session:
        async with session.request(method, fake.api_base + path, json=body, data=data, headers=headers) as response:
            return response.status, (await response.json() if response.content_type == "application/json" else {})


def row(*items: dict) -> dict:
    return {"type": 1, "components": list(items)}


def button(n: int = 0, **extra) -> dict:
    return {"type": 2, "style": 1, "label": f"B{n}", "custom_id": f"b{n}", **extra}


def menu(options: int, **extra) -> dict:
    return {
        "type": 3,
        "custom_id": "menu",
        "options": [{"label": f"O{i}", "value": f"o{i}"} for i in range(options)],
        **extra,
    }


TOO_MUCH = {
    "content": ({"content": "x" * 2001}, "content"),
    "six rows": ({"components": [row(button(i)) for i in range(6)]}, "components"),
    "six buttons a row": ({"components": [row(*(button(i) for i in range(6)))]}, "components.0.components"),
    "26 options": ({"components": [row(menu(26))]}, "components.0.components.0.options"),
    "81-character label": ({"components": [row(button(label="x" * 81))]}, "components.0.components.0.label"),
    "101-character custom id": (
        {"components": [row(button(custom_id="x" * 101))]},
        "components.0.components.0.custom_id",
    ),
    "repeated custom id": ({"components": [row(button(1), button(1))]}, "components.0.components.1.custom_id"),
    "select beside a button": ({"components": [row(button(), menu(2))]}, "components.0.components"),
}


@pytest.mark.parametrize("case", TOO_MUCH)
async def test_a_message_over_a_discord_limit_is_refused_and_fails_the_test(fake_discord, case):
    body, path = TOO_MUCH[case]
    with fake_discord.expecting(50035) as refused:
        status, answer = await raw(fake_discord, "POST", f"/channels/{fake_discord.channel.id}/messages", body=body)
    assert status == 400 and answer["code"] == 50035
    node = answer["errors"]
    for part in path.split("."):
        node = node[part]
    assert node["_errors"] and path in refused.seen[0].message
    assert fake_discord.channel.messages() == []


async def test_the_largest_allowed_message_is_accepted(fake_discord):
    body = {
        "content": "x" * 2000,
        "components": [row(*(button(5 * r + i) for i in range(5))) for r in range(4)] + [row(menu(25, max_values=25))],
    }
    status, answer = await raw(fake_discord, "POST", f"/channels/{fake_discord.channel.id}/messages", body=body)
    assert status == 200 and fake_discord.channel.last_message().content == "x" * 2000
    assert len(fake_discord.channel.last_message().buttons()) == 20


async def test_an_empty_message_is_refused(fake_discord):
    with fake_discord.expecting(50006):
        status, answer = await raw(
            fake_discord, "POST", f"/channels/{fake_discord.channel.id}/messages", body={"content": ""}
        )
    assert (status, answer["code"]) == (400, 50006)


async def test_uploads_become_attachments_up_to_the_size_limit(fake_discord, monkeypatch):
    path = f"/channels/{fake_discord.channel.id}/messages"
    body = {"content": "board", "attachments": [{"id": 0, "filename": "board.png"}]}
    status, answer = await raw(fake_discord, "POST", path, body=body, files={"board.png": b"\x89PNG tiny"})
    assert status == 200 and answer["attachments"][0]["filename"] == "board.png"
    assert fake_discord.channel.last_message().files() == {"board.png": b"\x89PNG tiny"}
    monkeypatch.setattr(messaging, "MAX_UPLOAD", 4)
    with fake_discord.expecting(40005):
        status, _ = await raw(fake_discord, "POST", path, body=body, files={"board.png": b"12345"})
    assert status == 413


async def test_a_dm_to_a_user_with_closed_dms_is_refused_without_failing_the_test(fake_discord):
    bob = fake_discord.add_user("bob", dms_open=False)
    status, channel = await raw(fake_discord, "POST", "/users/@me/channels", body={"recipient_id": str(bob.id)})
    assert status == 200 and int(channel["id"]) == bob.dm_channel.id
    status, answer = await raw(fake_discord, "POST", f"/channels/{channel['id']}/messages", body={"content": "psst"})
    assert (status, answer["code"]) == (403, 50007)
    assert bob.dms() == [] and fake_discord.refused_dms == [(bob, {"content": "psst"})]
    assert fake_discord.violations == []


async def test_an_unknown_route_fails_the_test(fake_discord):
    with fake_discord.expecting("unknown-route"):
        status, _ = await raw(fake_discord, "GET", f"/guilds/{fake_discord.guild.id}/bans")
    assert status == 404
    fake_discord.violation("unknown-route", "GET /somewhere")
    with pytest.raises(DiscordRuleBroken, match="GET /somewhere"):
        fake_discord.assert_clean()


async def test_a_request_without_the_bot_token_is_refused(fake_discord):
    with fake_discord.expecting(401):
        status, _ = await raw(fake_discord, "GET", "/users/@me", token="wrong")
    assert status == 401


async def test_a_second_acknowledgement_is_refused(fake_discord, tiny_bot):
    alice = fake_discord.add_user("alice")
    done = await alice.slash("echo", text="once")
    with fake_discord.expecting(40060):
        status, answer = await raw(
            fake_discord,
            "POST",
            f"/interactions/{done.id}/{done.token}/callback",
            body={"type": 4, "data": {"content": "twice"}},
            token=None,
        )
    assert (status, answer["code"]) == (400, 40060)
    assert [m.content for m in alice.ephemerals()] == ["once"]


async def test_a_crash_inside_the_fake_fails_the_test_quickly(fake_discord, monkeypatch):
    def broken(self):
        raise ValueError("fake bug")

    monkeypatch.setattr(FakeChannel, "payload", broken)
    with fake_discord.expecting("fake-bug") as crashed:
        status, _ = await raw(fake_discord, "GET", f"/channels/{fake_discord.channel.id}")
    assert status == 400 and "ValueError: fake bug" in crashed.seen[0].message
