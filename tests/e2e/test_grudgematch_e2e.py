"""Philosophy Grudgematch against the real bot, as two people play it on Discord: secret line-ups by
DM, then turns of runs (a select of runners, then the spaces one can reach) and kicks (a select of
cards, then the directions as buttons), with tackles and blocks asked of the other side in the
middle of the kicker's turn. After the opening a moderator hands both seats to stand-ins, who play
the match to its end."""

from __future__ import annotations

import re
import time

from .game_table import GameTable, Menu, draw_without_encoding, prefer, seeded_tables
from .plans import Plan

BALL = re.compile(r"Ball on \*\*([A-K]\d+)\*\*")
SPOT = re.compile(r"(\w+) [♣♥♠♦] ([A-K]\d+)")
DESTINATION = re.compile(r"(\w+) → ([A-K]\d+) · 🎲(\d)$")
HAND_LINE = "🫵 Your hand"
KICK = re.compile(r"^(?:\d+|[AJQK])[♣♥♠♦] \w+ [↑↗→↘↓↙←↖] [NESW]{1,2}")
ANSWER = ("Tackle with", "Block with", "No tackle", "No block")


def distance(a: str, b: str) -> int:
    return max(abs(ord(a[0]) - ord(b[0])), abs(int(a[1:]) - int(b[1:])))


def footballer(labels: list[str], text: str) -> str:
    """Run the philosopher nearest the ball to the space nearest it, kick towards the other goal
    with the first card that can, and try every tackle and block the rules offer."""
    ball = (BALL.search(text) or [None, None])[1]
    spots = dict(SPOT.findall(text))
    runners = [label for label in labels if label.endswith(" runs") and label.split()[0] in spots]
    kicks = [label for label in labels if label.endswith(" kicks")]
    runs = [
        (distance(found.group(2), ball), label) for label in labels if ball and (found := DESTINATION.search(label))
    ]
    if kicks:
        return kicks[0]
    if runners and ball:
        return min(runners, key=lambda label: distance(spots[label.split()[0]], ball))
    if runs:
        return min(runs)[1]
    toward_goal = "↓ S" if "(Germans)" in text else "↑ N"
    return prefer(
        toward_goal,
        "Tackle with",
        "Block with",
        "Line-up: Attack",
        "Set the ball",
        "Roll a die",
        "Done running",
        "Done kicking",
    )(labels, text)


# How the crash tests and the bench play this game (tests/e2e/plans.py).
PLAN = Plan(
    lambda: footballer, setups=((2, 0, "turn_limit=10"), (1, 1, "turn_limit=10")), whole_games=((2, "turn_limit=10"),)
)


async def test_two_players_play_the_opening_then_stand_ins_finish(fake_discord, real_bot, monkeypatch):
    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, "grudgematch-two")
    started = time.perf_counter()
    players = alice, bob = fake.add_users("alice", "bob")
    table = GameTable(fake, "grudgematch", players)
    await table.seat_everyone()
    table.assert_real_picture(table.board())  # drawn for real; later boards skip the encoding
    draw_without_encoding(monkeypatch)

    # Each player's hand comes by DM, with the team (the first seat plays the Germans), in ONE
    # message with the line-up to choose: one request a player, not one for the seat and one more
    # for the moves.
    for player, team in ((alice, "Germans"), (bob, "French")):
        (deal,) = player.dms()
        assert f"{HAND_LINE} ({team}):" in deal.content and f"You are **the {team}**." in deal.content
        assert deal.content.startswith("🎲 Your seat at ") and Menu(deal).moves()

    # The line-ups are chosen at once and in secret, by DM; both are shown together.
    assert sorted(u.name for u in table.waiting()) == ["alice", "bob"]
    for player, lineup in ((alice, "Line-up: Attack"), (bob, "Line-up: Defence")):
        prompt = next(m for m in reversed(player.dms()) if Menu(m).moves())
        assert len(Menu(prompt).move_buttons()) == 7
        await table.choose(player, prompt, prefer(lineup))
        if player is alice:
            assert "The **Germans** have chosen their line-up." in table.board().content
            assert not any("Attack" in text for text in table.public_texts())
    assert "(**Germans**: Attack · **French**: Defence)" in "\n".join(table.public_texts())

    # A long list comes in groups: the runners in a select ("Done running" is a button of its own);
    # a runner's spaces in selects, all on one screen, by square, each with the die it uses; "◀ All
    # moves" goes back. A run is two picks: the runner, then the space.
    (runner,) = table.waiting()
    menu = await table.hand(runner)
    groups = Menu(menu).groups()
    if groups:  # more than 25 moves (doubles or long dice): the usual case
        assert all(group.endswith(" runs") for group in groups) and "Done running" in Menu(menu).move_buttons()
        await runner.select(menu, [groups[0]], select=Menu(menu).group_select()["custom_id"])
        moves = Menu(menu).moves()
        assert moves and all(move.startswith(groups[0].split()[0]) for move in moves)
        squares = [DESTINATION.search(move).group(2) for move in moves]
        assert squares == sorted(squares, key=lambda space: (space[0], int(space[1:])))
        assert "Next ▶" not in Menu(menu).nav()  # every space on this one screen
        await runner.click(menu, "◀ All moves")
        assert Menu(menu).groups() == groups
        await runner.select(menu, [groups[0]], select=Menu(menu).group_select()["custom_id"])  # pick 1
        move = Menu(menu).moves()[0]
        select, option = next((s, o) for s in Menu(menu).move_selects() for o in s["options"] if o["label"] == move)
        done = await runner.select(menu, [option["value"]], select=select["custom_id"])  # pick 2: played
        assert done.reply.content.startswith(f"✅ You played **{move}**.")
        table.played.append((runner.name, move))

    # The opening: both teams run and kick; the other side is asked about tackles and blocks.
    def opened() -> bool:
        """Four turns were played, both teams kicked, and a kick was answered by the other side (a
        tackle, or a block)."""
        kickers, kicker, answered = set(), None, False
        for name, label in table.played:
            if KICK.match(label):
                kickers.add(name)
                kicker = name
            answered |= label.startswith(ANSWER) and kicker not in (None, name)
        return len(kickers) == 2 and answered and "Turn 5:" in "\n".join(table.public_texts())

    await table.play_until(lambda: table.over() or opened(), lambda user: footballer, most=120)
    assert table.menus_seen["groups"] and table.menus_seen["select"] and table.menus_seen["buttons"]
    text = "\n".join(table.public_texts())
    assert opened() and "kicks with" in text and ("could block" in text or "may tackle" in text)
    assert not any(HAND_LINE in t for t in table.public_texts())
    opening = len(table.played)

    # A moderator hands both seats to stand-ins, who play the match to its end.
    moderator = fake.add_user("referee", moderator=True)
    for player in players:
        removed = await moderator.slash("table kick", member=player)
        assert removed.reply.ephemeral and player.name in removed.reply.content.lower()
    last, summary = table.final()
    assert "Full time" in "\n".join(table.public_texts()[-3:]) or "win" in last.content.lower()
    assert "Winner" in summary.content or "No player wins" in summary.content
    for player in players:  # each seat: its player's moves, then the stand-in's; the player is credited
        assert re.search(
            rf"held by {re.escape(player.mention)} \(\d+ moves?\) → 🤖 stand-in \(\d+ moves?\); "
            rf"its result counts for {re.escape(player.mention)}\.",
            summary.content,
        ), summary.content
    assert "🤖 stand-in (the" not in summary.content  # the winner, if any, is named by its player
    table.assert_boards_have_pictures()
    print(
        f"opening of {opening} moves, then stand-ins, in {time.perf_counter() - started:.1f}s; menus {table.menus_seen}"
    )


async def test_a_tackle_or_block_left_unanswered_is_no_at_its_deadline(fake_discord, real_bot, monkeypatch):
    """With a pace, the side asked about a tackle or a block has until the deadline; then the clock
    answers "no" for them, says so, and the kicker's turn goes on."""
    from .test_clock_e2e import TIMED_OUT, due, tick

    fake = fake_discord
    fake.settle_quiet = 0.01
    seeded_tables(monkeypatch, "grudgematch-two")
    draw_without_encoding(monkeypatch)
    alice, bob = fake.add_users("alice", "bob")
    table = GameTable(fake, "grudgematch", [alice, bob])
    await table.open(alice)  # a Grudgematch table has a pace of a day unless the host says otherwise
    assert "⏰ 1d per move; a missed deadline plays a default move." in table.lobby.content
    await bob.click(table.lobby, "Join")
    await alice.click(table.lobby, "Start")
    assert abs(due(table) - (time.time() + 86400)) < 60

    asked = None
    for _ in range(150):  # the footballers run and kick until the other side is asked
        (user, *_) = table.waiting()
        menu = await table.moves_of(user)
        if any(label.startswith(("No tackle", "No block")) for label in Menu(menu).moves()):
            asked = user
            break
        await table.choose(user, menu, footballer)
    assert asked is not None, "no tackle or block was ever asked"
    question = "may tackle" if "No tackle" in Menu(menu).moves() else "could block"
    assert question in table.board().content and table.waiting() == [asked]

    seen, deadline = len(fake.channel.messages()), due(table)
    await tick(fake, real_bot, deadline + 1)
    told = "\n".join(m.content for m in fake.channel.messages()[seen:])
    answer = "do not tackle" if question == "may tackle" else "let it pass"
    assert told.startswith(TIMED_OUT.format(asked.mention)) and answer in told
    assert "The ball" in told.split(answer, 1)[1]  # the kick goes on: the ball rolls from there
    notice = next(m for m in reversed(asked.dms()) if "Your time ran out" in m.content)
    assert ("**No tackle**" if question == "may tackle" else "**No block**") in notice.content
    assert table.over() or due(table) > deadline  # whoever plays next has a fresh deadline
