"""The Great Battle's picture, text and menu groups (bot/render/epireia_battle.py): before the reveal
a league sees its own deployment and everyone else only how many tokens stand on each front; after
it, the whole battlefield."""

from PIL import Image

from bot.render import epireia as render
from bot.render.style import WIDTH
from engine import Chance, referee
from engine.epireia import GAME
from engine.epireia.actions import AutoDeploy, ConfirmFront, Place, Station
from engine.epireia.state import Token
from tests.engine.epireia.test_deploy_secrets import to_the_battle

CAVALRY_4 = Token(unit="cavalry", level=2, strength=4)


def at_the_battle():
    """Two players at the battle; the Delians' Flank has a Cavalry II (4) in column 2, confirmed."""
    state, _ = to_the_battle(2, 3)
    delian = next(p for p in state.players if p.league == "delian")
    delian.reserve.append(CAVALRY_4)
    state = referee.play(
        GAME, state, delian.seat, Place(front="flank", slot=2, token=CAVALRY_4), Chance.scripted()
    ).state
    return referee.play(GAME, state, delian.seat, ConfirmFront(front="flank"), Chance.scripted()).state, delian.seat


def column_pixels(image: Image.Image) -> bytes:
    """The battlefield's part of the picture."""
    return image.crop((0, render.PANEL_TOP, image.width, image.height)).tobytes()


def test_before_the_reveal_a_league_sees_its_plan_and_the_others_only_counts():
    state, seat = at_the_battle()
    rival = next(p.seat for p in state.players if p.league == "peloponnesian")
    mine, theirs, public = (render.text(GAME.view(state, s)) for s in (seat, rival, None))
    assert "🗺️ **Your league's plan** (secret):" in mine and "✅ Flank: — + — · 🐎4 + — · " in mine
    for text in (theirs, public):
        assert "🛡️ Delian League: deploying in secret (tokens: Flank 1)" in text and "🐎4 + —" not in text
    assert "Your league's plan" not in public
    own, watched = (render.draw(GAME.view(state, s)) for s in (seat, None))
    assert column_pixels(own) != column_pixels(watched)
    # The public picture does not change when the Delians' token stands in another column.
    moved = state.model_copy(deep=True)
    columns = moved.battle.plans["delian"].columns["flank"]
    columns[0], columns[1] = columns[1], columns[0]
    assert render.draw(GAME.view(moved, None)).tobytes() == watched.tobytes()
    # A league's own picture goes with its moves (My hand, its DM); the public view has none, and
    # the rival league's own picture does not change when the Delians' token moves.
    assert render.hand_picture(GAME.view(state, seat)) and not render.hand_picture(GAME.view(state, None))
    assert render.draw(GAME.view(moved, rival)).tobytes() == render.draw(GAME.view(state, rival)).tobytes()


def test_after_the_reveal_the_whole_battlefield_is_shown():
    state, seat = at_the_battle()
    for league_seat in sorted(GAME.to_move(state)):
        if league_seat in GAME.to_move(state):
            state = referee.play(GAME, state, league_seat, AutoDeploy(), Chance.seeded("reveal")).state
    view = GAME.view(state, None)
    battle = view["battle"]
    assert battle["field"]["flank"][0]["delian"] == {"count": 0, "tokens": []}  # turned over at once: empty
    for index, front in enumerate(("flank", "centre", "maritime")):
        opened = len(battle["columns"][index]) if index < len(battle["columns"]) else 0
        for column, spots in enumerate(battle["field"][front]):
            assert all((spot["tokens"] is not None) == (column < opened) for spot in spots.values())
    assert render.draw(view).width == WIDTH
    assert not any(render.hand_picture(GAME.view(state, s)) for s in range(len(state.players)))  # all is shown
    assert "⚔️ Flank (Delian-Peloponnesian): " in render.text(view)


def test_deployment_groups_name_what_stands_there_now():
    state, seat = at_the_battle()
    view = GAME.view(state, seat)
    place = Place(front="centre", slot=3, token=Token(unit="hoplites", level=1, strength=1))
    assert render.group(view, place) == "⚔️ Centre › Column 2, empty"
    view["battle"]["my_plan"]["fronts"]["centre"]["slots"][2:4] = [
        {"unit": "hoplites", "level": 2, "strength": 3},
        {"unit": "hoplites", "level": 1, "strength": 1},
    ]
    assert render.group(view, place) == "⚔️ Centre › Column 2, now 🛡️ Hoplites II (3) + 🛡️ Hoplites I (1) = 4"
    assert (
        render.group(view, Station(front="flank", figure="Pericles"))
        == "Figures & confirm › Figure on the Flank, now none"
    )
    assert render.group(view, AutoDeploy()) == "Figures & confirm"
