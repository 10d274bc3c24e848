"""The floor under the whole bot's Discord layer, discord.py included: what a bot that does nothing
but the Discord side of a move costs, on this machine. Part of `python -m bench --only whole-bot`.

A floor bot (`python -m bench.discord_floor --cpu N`, in a process of its own on one core, set up
as the real bot is: discord.py's AutoShardedClient, the guilds intent only, no message cache, the
bot's collector setting and its static views) plays no game. Each press of one of its buttons is
answered as the real bot answers a move, and nothing more: the press's message is edited in its
acknowledgement (text of 800 characters and four rows of five buttons), and the table's board is
edited through the press's webhook with a blank 16x16 JPEG, as in the whole-bot bench's blank run
(the first press of a table posts the board as a public follow-up). No rules, no store, no
pictures drawn: two requests a press, where the real bot makes 2.6 a move.

The bench's side is the whole-bot bench's: the fake Discord on 127.0.0.1 on the other core, TABLES
channels with a player each, presses at random (Poisson) moments at RATE a second, a warm-up, then
the floor bot's process CPU time (/proc) over the window, a press. It runs right after the
whole-bot bench's blank-picture load, so that both figures come from the same minutes. What the
real bot spends above this floor is its own: the rules, the store, the gate, menus, the
publisher, its other requests and pictures.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import random
import sys
import time
from pathlib import Path

from .bot_process import ROOT, CoreTimes, process_cpu

TABLES, RATE, WARM_UP, WINDOW = 100, 38.0, 5.0, 30.0  # as the whole-bot bench's 100-table load
QUICK = (20, 10.0, 1.0, 6.0)  # tables, rate, warm-up, window of a --quick run
TEXT = "A move's answer, as long as a real one. " * 20  # 800 characters
BOARD = "The board after the move."


# --- the floor bot, in its own process ------------------------------------------------------------


def floor_bot(guild_id: int):
    import discord

    from bot.discord_app.delivery.components import StaticView

    def moves(number: int) -> StaticView:
        view = StaticView()
        for row in range(4):
            for column in range(5):
                view.add_item(
                    discord.ui.Button(label=f"Move {row}-{column}", row=row, custom_id=f"floor:{number}:{row}{column}")
                )
        return view

    from PIL import Image

    encoded = io.BytesIO()
    Image.new("RGB", (16, 16), "white").save(encoded, format="JPEG")  # once: nothing is drawn a press

    def blank() -> discord.File:
        return discord.File(io.BytesIO(encoded.getvalue()), filename="board.jpg")

    class FloorBot(discord.AutoShardedClient):
        def __init__(self) -> None:
            super().__init__(
                intents=discord.Intents(guilds=True), max_messages=None, allowed_mentions=discord.AllowedMentions.none()
            )
            self.tree = discord.app_commands.CommandTree(self)
            self.boards: dict[int, tuple[discord.Webhook, int]] = {}  # channel id -> its board's webhook, id

            @self.tree.command(name="floor", description="Open a floor table")
            async def open_table(interaction: discord.Interaction) -> None:
                await interaction.response.send_message(TEXT, view=moves(0))

        async def setup_hook(self) -> None:
            guild = discord.Object(guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)

        async def on_interaction(self, interaction: discord.Interaction) -> None:
            custom_id = (interaction.data or {}).get("custom_id", "")
            if interaction.type is not discord.InteractionType.component or not custom_id.startswith("floor:"):
                return
            number = int(custom_id.split(":")[1]) + 1
            await interaction.response.edit_message(content=TEXT, view=moves(number))
            board = self.boards.get(interaction.channel_id)
            if board is None:
                posted = await interaction.followup.send(BOARD, file=blank(), wait=True)
                self.boards[interaction.channel_id] = (interaction.followup, posted.id)
            else:
                webhook, message_id = board
                await webhook.edit_message(message_id, content=BOARD, attachments=[blank()])

    return FloorBot()


def serve_floor(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.discord_floor")
    parser.add_argument("--cpu", type=int, default=None)
    args = parser.parse_args(argv)
    if args.cpu is not None:  # before discord.py starts a thread: every one shares the core
        os.sched_setaffinity(0, {args.cpu})
    from bot.discord_app.app import apply_endpoints, tune_gc
    from bot.settings import Settings

    settings = Settings()
    apply_endpoints(settings)
    client = floor_bot(int(settings.bot_dev_guild))
    tune_gc()
    client.run(settings.discord_token.get_secret_value(), log_handler=None)


# --- the bench's side ------------------------------------------------------------------------------


async def started(fake, core: int | None, log: Path) -> asyncio.subprocess.Process:
    environment = {
        **os.environ,
        "DISCORD_TOKEN": fake.token,
        "BOT_DEV_GUILD": str(fake.guild.id),
        "DISCORD_API_BASE": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
        "PYTHONPATH": str(ROOT),
    }
    command = [sys.executable, "-m", "bench.discord_floor"] + (["--cpu", str(core)] if core is not None else [])
    with log.open("ab") as output:
        process = await asyncio.create_subprocess_exec(
            *command, cwd=ROOT, env=environment, stdout=output, stderr=asyncio.subprocess.STDOUT
        )
    deadline = time.monotonic() + 60
    # its commands are synced before it connects to the gateway: ready once both are done
    while not (
        any("1:floor" in commands for commands in fake.commands.values())
        and fake.shards.session_for(fake.guild.id) is not None
    ):
        if process.returncode is not None or time.monotonic() > deadline:
            raise RuntimeError(f"the floor bot did not start:\n{log.read_text(errors='replace')[-2000:]}")
        await asyncio.sleep(0.05)
    return process


async def presses(folder: Path, core: int | None, quick: bool) -> dict:
    """The floor bot's CPU a press at TABLES tables (QUICK with `quick`), on `core`; this process is
    expected on the other core(s), with the fake's contract recording off (bench.whole_bot.measure)."""
    from .fake_meter import MOVE, MeteredDiscord

    count, rate, warm, window = QUICK if quick else (TABLES, RATE, WARM_UP, WINDOW)
    folder.mkdir(parents=True, exist_ok=True)
    fake = await MeteredDiscord(quiet=0.1).start()
    process = None
    try:
        tables = [(fake.add_channel(f"floor-{n}"), fake.add_user(f"floor{n}")) for n in range(count)]
        process = await started(fake, core, folder / "floor-bot.log")
        boards = {}
        for channel, user in tables:
            fake.meter_table(channel, [user])
            boards[channel.id] = (await user.slash("floor", channel=channel)).response.id

        async def play(number: int, start: float, stop: float) -> None:
            channel, user = tables[number]
            chance, due = random.Random(number), start
            while True:
                due += chance.expovariate(rate / count)
                if due >= stop:
                    return
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
                message = fake.messages[boards[channel.id]]
                token = MOVE.set(True)
                try:
                    await user.click(message, message.buttons()[0]["custom_id"])
                finally:
                    MOVE.reset(token)

        async def window_mark() -> tuple[float, float, CoreTimes]:
            await asyncio.sleep(warm)
            return time.perf_counter(), process_cpu(process.pid), CoreTimes.read(core)

        start = time.perf_counter()
        mark = asyncio.create_task(window_mark())
        await asyncio.gather(*(play(number, start, start + warm + window) for number in range(count)))
        (measured, cpu_before, core_before), cpu_after = await mark, process_cpu(process.pid)
        seconds, core_times = time.perf_counter() - measured, CoreTimes.read(core) - core_before
        served = sum(1 for sent, _, move in fake.acks if move and sent >= measured)
        requests = sum(1 for arrived, _, _ in fake.all_requests if arrived >= measured)
    finally:
        if process is not None and process.returncode is None:
            process.terminate()
            await process.wait()
        await fake.close()
    cpu = cpu_after - cpu_before
    return {
        "tables": count,
        "seconds": round(seconds, 2),
        "presses": served,
        "requests": requests,
        "cpu_s": round(cpu, 3),
        "cpu_ms_a_press": round(cpu / max(served, 1) * 1000, 2),
        "others_share": round(max(0.0, core_times.busy - cpu) / seconds, 3) if core is not None else None,
    }


async def floor(folder: Path, core: int | None, quick: bool, say) -> dict:
    figures = await presses(folder, core, quick)
    say(
        f"Under the Discord layer, discord.py included: a floor bot that only answers each press as a move is "
        f"answered (the press's message edited in its acknowledgement, the board edited through its webhook "
        f"with a blank picture; no rules, store or drawing), {figures['tables']} tables at "
        f"{figures['presses'] / figures['seconds']:.1f} presses/s: CPU {figures['cpu_ms_a_press']:.2f} ms a press "
        f"({figures['requests'] / max(figures['presses'], 1):.2f} requests a press"
        + (
            f"; other processes used {figures['others_share']:.0%} of its core"
            if figures["others_share"] is not None
            else ""
        )
        + ")"
    )
    return figures


if __name__ == "__main__":
    serve_floor(sys.argv[1:])
