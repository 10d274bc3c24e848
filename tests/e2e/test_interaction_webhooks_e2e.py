"""A move is shown in the channel through the interaction that made it (bot/discord_app/delivery/hooks.py): a new
board is the press's public follow-up, and the board is edited through the token of the press that
posted it, so the channel costs nothing of the bot's global rate limit while those tokens live.
Every game's first moves here; a refused token (the bot's own request does it instead, and nothing
is lost or shown twice) in a game's own webhook tests (test_<package>_webhooks_e2e.py)."""

from __future__ import annotations

import pytest

from tests.registry import GAMES, every_game

from .fakediscord.wire import Refusal
from .game_table import GameTable, draw_without_encoding, first, seeded_tables

WEBHOOK_POST = ("POST", "/webhooks/{webhook_id}/{webhook_token}")
WEBHOOK_EDIT = ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
ORIGINAL_EDIT = ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
MOVES = 12


class ChannelRequests:
    """What the bot asked of the table's channel (not DMs, not private answers), by route."""

    def __init__(self, channel) -> None:
        self.channel, self.routes = channel, []
        self.refuse: set[tuple[str, str]] = set()  # routes answered once with "Unknown Webhook"

    async def __call__(self, event) -> None:
        if event.stage != "before" or event.channel is not self.channel or not event.public:
            return
        if event.route in self.refuse:
            self.refuse.discard(event.route)
            raise Refusal(404, 10015, "Unknown Webhook")
        self.routes.append(event.route)

    def bots_own(self) -> list[tuple[str, str]]:
        return [route for route in self.routes if route[1].startswith("/channels/")]


async def started(fake, table) -> ChannelRequests:
    """The table's players take their seats; what the channel is asked is counted from the press
    on Start. `table` is a GameTable or a game's own table helper (open, players, read_names)."""
    host, *others = table.players
    lobby = await table.open(host)
    for player in others:
        await player.click(lobby, "Join")
    requests = ChannelRequests(fake.channel)
    fake.message_hooks.append(requests)
    await host.click(lobby, "Start")
    table.read_names()
    return requests


def told_once(fake, *lines: str) -> bool:
    shown = "\n".join(message.content for message in fake.channel.messages())
    return all(shown.count(line) == 1 for line in lines)


@pytest.mark.parametrize("key", every_game())
async def test_a_game_s_first_moves_spend_no_global_request_on_the_channel(fake_discord, real_bot, monkeypatch, key):
    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, f"webhooks-{key}")
    draw_without_encoding(monkeypatch)
    players = fake.add_users(*(f"player{n}" for n in range(GAMES[key].min_seats)))
    table = GameTable(fake, key, players, writes=True)
    requests = await started(fake, table)
    # the lobby became the game through the Start press; the first board is that press's follow-up
    assert requests.routes == [ORIGINAL_EDIT, WEBHOOK_POST], requests.routes
    played = await table.play_until(table.over, lambda user: first, most=MOVES)
    assert played >= MOVES or table.over(), played
    # each move, from "My hand" or a DM, is shown through a webhook; a game that ended has its
    # summary, after the last board, posted by the bot itself
    summary = [("POST", "/channels/{channel_id}/messages")] if table.over() else []
    assert requests.bots_own() == summary and len(requests.routes) > 2, requests.routes
