"""Login, gateway discovery and application commands (sync)."""

from __future__ import annotations

from . import limits
from .wire import Call, Refusal, invalid_form, route

COMMAND_FIELDS = (
    "type",
    "name",
    "name_localizations",
    "description",
    "description_localizations",
    "options",
    "default_member_permissions",
    "dm_permission",
    "contexts",
    "integration_types",
    "nsfw",
)


@route("GET", "/users/@me")
async def get_me(call: Call) -> dict:
    return {**call.fake.bot_user.payload(), "verified": True, "mfa_enabled": False, "locale": "en-US", "email": None}


@route("GET", "/oauth2/applications/@me")
async def get_application(call: Call) -> dict:
    fake = call.fake
    return {
        "id": str(fake.application_id),
        "name": fake.bot_user.name,
        "icon": None,
        "description": "",
        "summary": "",
        "type": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "flags": 0,
        "owner": fake.owner.payload(),
        "team": None,
        "bot": fake.bot_user.payload(),
        "rpc_origins": [],
        "terms_of_service_url": None,
        "privacy_policy_url": None,
        "interactions_endpoint_url": None,
        "tags": [],
        "redirect_uris": [],
        "approximate_guild_count": len(fake.guilds),
        "integration_types_config": {"0": {}},
    }


@route("GET", "/gateway", auth=False)
async def get_gateway(call: Call) -> dict:
    return {"url": call.fake.gateway_url}


@route("GET", "/gateway/bot")
async def get_gateway_bot(call: Call) -> dict:
    return {
        "url": call.fake.gateway_url,
        "shards": call.fake.shards.count,
        "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 86400000, "max_concurrency": 1},
    }


def _scope(call: Call) -> int | None:
    if call.id("application_id") != call.fake.application_id:
        raise Refusal(403, 50001, "Missing Access (not this bot's application id)")
    if "guild_id" not in call.params:
        return None
    if call.fake.guild_of(call.id("guild_id")) is None:
        raise Refusal(404, 10004, "Unknown Guild")
    return call.id("guild_id")


def _stored(call: Call, scope: int | None) -> list[dict]:
    return list(call.fake.commands.get(scope, {}).values())


@route("GET", "/applications/{application_id}/commands")
async def list_global_commands(call: Call) -> list:
    return _stored(call, _scope(call))


@route("GET", "/applications/{application_id}/guilds/{guild_id}/commands")
async def list_guild_commands(call: Call) -> list:
    return _stored(call, _scope(call))


@route("PUT", "/applications/{application_id}/commands")
async def overwrite_global_commands(call: Call) -> list:
    return _overwrite(call, _scope(call))


@route("PUT", "/applications/{application_id}/guilds/{guild_id}/commands")
async def overwrite_guild_commands(call: Call) -> list:
    return _overwrite(call, _scope(call))


def _overwrite(call: Call, scope: int | None) -> list:
    fake, commands = call.fake, call.body
    if not isinstance(commands, list):
        raise invalid_form([("_", "a bulk overwrite takes a list of commands")])
    problems = limits.command_problems(commands)
    if problems:
        raise invalid_form(problems)
    old = fake.commands.get(scope, {})
    new: dict[str, dict] = {}
    for command in commands:
        kind = command.get("type", 1)
        key = f"{kind}:{command['name']}"
        previous = old.get(key)
        stored = {name: command[name] for name in COMMAND_FIELDS if name in command}
        stored.setdefault("type", 1)
        stored.setdefault("options", [])
        stored.update(
            id=previous["id"] if previous else str(fake.ids.next()),
            application_id=str(fake.application_id),
            version=str(fake.ids.next()),
        )
        if scope is not None:
            stored["guild_id"] = str(scope)
        new[key] = stored
    fake.commands[scope] = new
    fake.command_syncs.append((scope, [c["name"] for c in new.values()]))
    return list(new.values())
