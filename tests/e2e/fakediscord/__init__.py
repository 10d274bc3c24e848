"""A fake Discord (REST + gateway on 127.0.0.1) for end-to-end tests of the real bot.

fake = await FakeDiscord().start()
alice = fake.add_user("alice")
reply = (await alice.slash("table new", game=a_game())).reply
await alice.click(reply, "Join")
fake.channel.messages(), alice.dms(), alice.ephemerals()
other = fake.add_guild("Elsewhere"); await fake.add_user("mallory", guild=other).forge_click("pt:x")
"""

from .interactions import FakeInteraction
from .mentions import MessageRequest
from .model import FakeAttachment, FakeChannel, FakeGuild, FakeMessage, FakeRole, FakeUser
from .runner import BotRunner, pointed_at, restored_endpoints
from .server import DiscordRuleBroken, FakeDiscord, Violation
from .users import UserCannot

__all__ = [
    "BotRunner",
    "DiscordRuleBroken",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeInteraction",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "MessageRequest",
    "UserCannot",
    "Violation",
    "pointed_at",
    "restored_endpoints",
]
