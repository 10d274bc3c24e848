"""Imported first by every bot process the e2e tier starts (fakediscord/process.py puts this folder
on their PYTHONPATH); it changes nothing else in them.

discord.py waits `guild_ready_timeout` (2 s) after the last GUILD_CREATE before `on_ready`, and the
bot catches up on what a crash left owed only once it is ready. The fake sends its guilds at once,
so, as the in-process runner does (runner.py), the wait is cut to E2E_GUILD_READY_TIMEOUT seconds: a
test that restarts the bot twenty times would otherwise spend forty seconds waiting for nothing.
"""

import os

_timeout = os.environ.get("E2E_GUILD_READY_TIMEOUT")
if _timeout:
    from discord import state as _state

    _init = _state.ConnectionState.__init__

    def _with_short_ready_wait(self, *args, **options):
        options.setdefault("guild_ready_timeout", float(_timeout))
        _init(self, *args, **options)

    _state.ConnectionState.__init__ = _with_short_ready_wait

# Tables are dealt from E2E_TABLE_SEED (the bot draws a random seed with secrets.token_hex, which
# nothing else of it calls): a test of a bot in another process plays the same game every run, as
# game_table.seeded_tables makes an in-process bot do.
_seed = os.environ.get("E2E_TABLE_SEED")
if _seed:
    import secrets as _secrets

    _secrets.token_hex = lambda nbytes=None: _seed
