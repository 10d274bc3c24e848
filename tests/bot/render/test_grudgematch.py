"""Grudgematch's picture and text: sizes, limits, the kick's path, and no hidden card in public."""

import pytest
from PIL import Image

from bot.discord_app.delivery.layout import layout
from bot.render import grudgematch as render
from bot.render import render_picture, render_text
from bot.tables.menu import build
from engine import Chance, referee
from engine.grudgematch import GAME
from engine.grudgematch.state import Options, State

JPEG = b"\xff\xd8\xff"  # the start of every JPEG file

SPOTS = {
    "Nietzsche": "F4",
    "Husserl": "F9",
    "Hegel": "E12",
    "Heidegger": "B8",
    "Descartes": "F16",
    "Pascal": "E7",
    "Sartre": "G10",
    "Foucault": "G4",
}
HANDS = [["8C", "2H", "3S", "9D", "5C"], ["KD", "10H", "7S", "2C", "4D"]]


def play(state, seat, action, rolls=()):
    return referee.play(GAME, state, seat, action, Chance.scripted(list(rolls) + [1, 2] * 4)).state


def example(phase="kick", **fields) -> State:
    return State(
        phase=phase,
        turn=7,
        spots=dict(SPOTS),
        ball="F5",
        hands=[list(h) for h in HANDS],
        deck=["2D", "3D", "5D", "6D", "7D"],
        **({"score": [1, 1]} | fields),
    )


def positions() -> dict[str, State]:
    lineup = GAME.setup(2, Options(), Chance.seeded("render"))
    kicked = play(example(), 0, {"kind": "kick", "who": "Nietzsche", "card": "8C", "direction": "S"})
    blocking = play(
        play(kicked, 1, {"kind": "tackle", "who": "Foucault", "card": "KD"}, [4, 2]), 1, {"kind": "no_block"}
    )
    stopped = play(play(blocking, 1, {"kind": "no_block"}), 0, {"kind": "no_block"})
    placing = play(blocking, 1, {"kind": "block", "who": "Sartre", "card": "7S"})
    goal = play(
        State(
            phase="kick",
            turn=9,
            spots={"Hegel": "F14", "Nietzsche": "F3", "Descartes": "A17"},
            ball="F15",
            hands=[["8S"], ["3C"]],
            deck=["2D", "3D", "5D", "6D", "7D", "8D", "9D", "10D", "AD"],
        ),
        0,
        {"kind": "kick", "who": "Hegel", "card": "8S", "direction": "S"},
    )
    over = example(phase="over", winner=1, result="the deck ran out at 2–1", score=[1, 2])
    return {
        "lineup": lineup,
        "tackle": kicked,
        "block": blocking,
        "stopped": stopped,
        "placing": placing,
        "goal-bonus": goal,
        "over": over,
    }


@pytest.fixture(scope="module")
def all_positions():
    return positions()


@pytest.mark.parametrize("name", ["lineup", "tackle", "block", "stopped", "placing", "goal-bonus", "over"])
def test_every_position_draws_at_the_fixed_size(all_positions, name):
    state = all_positions[name]
    for seat in (None, 0, 1):
        image = render.draw(GAME.view(state, seat))
        assert isinstance(image, Image.Image) and image.size == (render.WIDTH, render.HEIGHT)
    assert render_picture("grudgematch", GAME.view(state, None)).startswith(JPEG)


def test_the_kick_path_is_drawn_in_gold_through_every_space_passed(all_positions):
    image = render.draw(GAME.view(all_positions["stopped"], None))
    for space in ("F6", "F8", "F12"):
        x, y = render.centre(space)
        assert image.getpixel((int(x), int(y))) == render.GOLD
    x, y = render.centre("C12")  # off the path: grass
    assert image.getpixel((int(x), int(y))) != render.GOLD


def test_the_ball_is_drawn_where_it_is(all_positions):
    state = all_positions["stopped"]
    x, y = render.centre(state.ball)
    image = render.draw(GAME.view(state, None))
    assert image.getpixel((int(x) - 5, int(y))) == (252, 252, 252)


def test_text_tells_the_score_the_ball_the_choice_and_the_path(all_positions):
    block = render_text("grudgematch", GAME.view(all_positions["block"], None))
    assert "Germans **1** – **1** French" in block and "Ball on **F9**" in block
    assert "Sartre may block on F9: a ♠ of 5+" in block
    assert "F6 → F7 → F8 → F9 ⋯ F10 → F11 → F12 → F13" in block
    stopped = render.text(GAME.view(all_positions["stopped"], None))
    assert "Last kick: **Nietzsche** 8♣ (8) from F5: F6 → F7 → F8 → F9 → F10 → F11 → F12 → F13 (stopped)" in stopped
    goal = render.text(GAME.view(all_positions["goal-bonus"], None))
    assert "**1** – **0**" in goal and "(goal)" in goal and "Scoring bonus: the Germans choose" in goal
    assert "French win" in render.text(GAME.view(all_positions["over"], None))


def test_only_a_seat_sees_its_hand_and_text_stays_short(all_positions):
    for state in all_positions.values():
        public = render.text(GAME.view(state, None))
        assert "Your hand" not in public and len(public) <= 1800
        for seat in (0, 1):
            own = render.text(GAME.view(state, seat))
            assert "Your hand" in own and len(own) <= 1800
    state = all_positions["tackle"]
    assert "10♥" in render.text(GAME.view(state, 1)) and "10♥" not in render.text(GAME.view(state, None))
    assert "10♥" not in render.text(GAME.view(state, 0))


def test_runs_are_grouped_by_runner_and_kicks_by_card():
    from engine.grudgematch.actions import KickBall, Run

    assert render.group({}, Run(who="Hegel", to="F7")) == "Hegel runs"
    assert render.group({}, KickBall(who="Nietzsche", card="8C", direction="S")) == "8♣ Nietzsche kicks"
    chance = Chance.seeded("runs")
    state = GAME.setup(2, GAME.Options(), chance)
    while state.phase != "run":
        seat = min(GAME.to_move(state))
        state = referee.play(GAME, state, seat, GAME.stand_in(state, seat, chance), chance).state
    seat = state.running.seat
    choices = build(GAME, 1, 1, state, seat, True).choices
    if len(choices) > 25:
        groups, done = layout(list(choices)).rows
        assert all(g.name.endswith(" runs") for g in groups.groups)
        assert [c.label for c in done.choices] == ["Done running"]
