"""The log's one gate: BOT_LOG_LEVEL sets the bot's own loggers, BOT_DISCORD_LOG_LEVEL discord.py's
(whose DEBUG writes every request body, hands and secret votes in DMs among them), and the two voice
warnings discord.py gives at start-up are dropped, nothing else.

The real set-up runs in a fresh process: logging is global, and discord.py warns about voice only
once per process."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, logging
import discord
from bot.logs import setup_logging
from bot.settings import load_settings

setup_logging(load_settings())
levels = {name: logging.getLevelName(logging.getLogger(name).getEffectiveLevel())
          for name in ("bot", "bot.tables.service", "cogs", "engine", "discord", "discord.http", "discord.gateway",
                       "discord.client", "discord.webhook.async_", "aiosqlite")}
logging.getLogger("discord.http").debug("PAYLOAD a DM body with a hand")
logging.getLogger("discord.gateway").debug("PAYLOAD a gateway event")
logging.getLogger("aiosqlite").debug("PAYLOAD a statement's parameters")
logging.getLogger("bot.tables.service").debug("bot debug line")
logging.getLogger("discord.http").info("discord info line")
discord.Client(intents=discord.Intents.none())  # warns about voice, as the bot's start-up does
logging.getLogger("discord.client").warning("another discord.client warning")
print("LEVELS " + json.dumps(levels))
"""


def probe(cwd, **settings):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "BOT_"))}
    env.update(PYTHONPATH=str(ROOT), **settings)
    result = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, cwd=cwd, timeout=60)
    assert result.returncode == 0, result.stderr
    log, levels = result.stdout.rsplit("LEVELS ", 1)
    return log, json.loads(levels), result.stderr


def test_bot_debug_leaves_discords_payload_logging_at_info(tmp_path):
    log, levels, stderr = probe(tmp_path, BOT_LOG_LEVEL="DEBUG")
    assert {levels[name] for name in ("bot", "bot.tables.service", "cogs", "engine")} == {"DEBUG"}
    assert {levels[name] for name in levels if name.startswith("discord")} == {"INFO"}
    assert levels["aiosqlite"] == "WARNING"
    assert "bot debug line" in log and "discord info line" in log
    assert "PAYLOAD" not in log and "PAYLOAD" not in stderr
    assert stderr == ""  # the log goes to standard output: standard error is for why start-up failed


def test_discords_own_level_is_a_setting_of_its_own(tmp_path):
    log, levels, _ = probe(tmp_path, BOT_LOG_LEVEL="WARNING", BOT_DISCORD_LOG_LEVEL="debug")
    assert levels["discord.http"] == "DEBUG" and levels["bot"] == "WARNING"
    assert "PAYLOAD a DM body" in log and "bot debug line" not in log


def test_only_the_two_voice_warnings_are_dropped(tmp_path):
    log, _, _ = probe(tmp_path)
    assert "another discord.client warning" in log
    assert "PyNaCl" not in log and "davey" not in log
