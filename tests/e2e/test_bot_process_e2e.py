"""The real bot in a process of its own (`python -m bot run`), killed with SIGKILL and started again
on the same database: the fake takes the new connection after the old one died without a close,
and what a user was doing when the process died is lost with it, not a rule the bot broke."""

from __future__ import annotations

from tests.registry import GAMES, a_game

from .fakediscord import FakeDiscord
from .fakediscord.process import BotProcess
from .fakediscord.wire import Refusal


async def test_a_killed_bot_process_starts_again_on_the_same_database(fake_discord: FakeDiscord, tmp_path):
    fake = fake_discord
    bot = BotProcess(fake, tmp_path, db_path=tmp_path / "bot.sqlite3")
    try:
        await bot.start()
        assert fake.command_syncs, "the bot did not sync its commands"
        first_session = fake.gateway
        alice, bob = fake.add_users("alice", "bob")
        key = a_game(seats=2)
        lobby = (await alice.slash("table new", game=key)).reply
        assert GAMES[key].title in lobby.content

        bot.kill()
        await bot.wait_dead()
        assert not bot.running and bot.kills == 1
        await bot.start()
        assert fake.gateway is not first_session and fake.gateway.identified
        joined = await bob.click(lobby, "Join")  # the new process answers the old process's button
        assert joined.reply.ephemeral and "joined" in joined.reply.content
        # the lobby is edited after the reply, and a bot in another process shows the fake no task
        # to wait for: under load the edit can come after the fake's quiet moment, so wait for it
        await fake.wait_until(lambda: bob.mention in lobby.content, timeout=15, what="the lobby to seat bob")
        assert len(bot.logs) == 2 and "ready as" in bot.log_text(bot.logs[1])
    finally:
        await bot.stop()
    bot.check_logs()


async def test_what_the_bot_had_not_answered_when_it_died_is_lost_not_broken(fake_discord: FakeDiscord, tmp_path):
    fake = fake_discord
    bot = BotProcess(fake, tmp_path, db_path=tmp_path / "bot.sqlite3")

    async def die_before_answering(event) -> None:
        # the bot's answer to /table new reaches the fake just as its process dies: nothing is made
        if event.stage == "before" and event.action == "create" and bot.running:
            bot.kill()
            raise Refusal(503, 0, "the bot's process is gone", violation=False)

    try:
        await bot.start()
        alice = fake.add_user("alice")
        fake.message_hooks.append(die_before_answering)
        key = a_game()
        opened = await alice.slash("table new", game=key)
        fake.message_hooks.remove(die_before_answering)
        assert opened.lost and opened.reply is None and fake.channel.messages() == []
        await bot.restart()
        # the table was saved before the answer: the channel has it, and says so when asked again
        again = await alice.slash("table new", game=key)
        assert again.reply.ephemeral and "already has a table" in again.reply.content
    finally:
        await bot.stop()
    fake.assert_clean()  # the lost interaction is no "thinking..." left behind and no 10062


def test_an_error_or_a_traceback_in_a_bot_log_fails(fake_discord: FakeDiscord, tmp_path):
    bot = BotProcess(fake_discord, tmp_path, db_path=tmp_path / "bot.sqlite3")
    calm = tmp_path / "calm.log"
    calm.write_text(
        "2026-05-09 10:00:00,000 INFO bot: ready as Philosophers in 1 servers\n"
        "2026-05-09 10:00:01,000 WARNING bot.delivery.dms: a DM to 1 failed; it will be sent again\n"
    )
    bot.logs.append(calm)
    bot.check_logs()
    for problem in (
        "2026-05-09 10:00:02,000 ERROR bot.delivery.publisher: table 1: catching up failed\n",
        'Traceback (most recent call last):\n  File "x.py", line 1\nValueError: no\n',
    ):
        broken = tmp_path / "broken.log"
        broken.write_text(calm.read_text() + problem)
        bot.logs[:] = [calm, broken]
        try:
            bot.check_logs()
        except AssertionError as error:
            assert problem.splitlines()[0] in str(error)
        else:
            raise AssertionError(f"check_logs let {problem!r} through")
