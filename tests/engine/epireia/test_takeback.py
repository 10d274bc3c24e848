"""Epireia's take-backs (engine/epireia/takeback.py): which moves their player may take back, and the
true reason for the others (the bot's side: tests/bot/test_epireia_takeback.py)."""

from engine.epireia import GAME
from engine.epireia.actions import (
    ArchitectBuild,
    Archon,
    BonusResource,
    Build,
    Donate,
    EndDevelopment,
    Move,
    Produce,
    Recruit,
)
from engine.epireia.develop import recruits
from engine.epireia.takeback import refusal

from .test_develop import rich
from .test_setup import end_development, new_game, play


def verdict(before, seat, action):
    """Play `action` for `seat` and say what the game says of it: (may it be taken back, the reason
    if not), and the position it made."""
    step = play(before, seat, action)
    found = (
        GAME.undoable(before, step.state, seat, action, step.events),
        refusal(before, step.state, seat, action, step.events),
    )
    return found, step.state


def test_a_temple_reaching_prestige_3_may_be_taken_back_and_so_may_its_bonus():
    """The reported case: the Temple's +2 Prestige reaches 3 and asks for the bonus resource; nothing
    is hidden or rolled, and docs/epireia.md lists building."""
    before = rich(new_game(["Athens", "Sparta"]))
    assert before.players[0].prestige == 1
    found, after = verdict(before, 0, Build(building="Temple"))
    assert after.players[0].prestige == 3 and after.prompts[0].kind == "bonus_resource"
    assert found == (True, None)
    found, chosen = verdict(after, 0, BonusResource(resource="copper"))
    assert chosen.players[0].copper == after.players[0].copper + 1 and not chosen.prompts
    assert found == (True, None)


def test_the_architect_the_archon_and_a_donation_to_a_bonus_may_be_taken_back():
    before = rich(new_game(["Athens", "Sparta"], admins=["Architect", "Merchant"]))
    before.players[0].buildings = ["Administrator's Hall"]
    assert verdict(before, 0, ArchitectBuild(building="Temple"))[0] == (True, None)
    archon = rich(new_game(["Athens", "Sparta"], admins=["Archon", "Merchant"]))
    archon.players[0].buildings = ["Administrator's Hall"]
    assert verdict(archon, 0, Archon())[0] == (True, None)
    donor = rich(new_game(["Athens", "Sparta"]))
    donor.players[0].prestige, donor.players[0].bonuses = 6, [3, 5]  # the donation reaches 7: a unit
    found, after = verdict(donor, 0, Donate(resource="wheat", amount=2))
    assert after.prompts[0].kind == "bonus_unit" and found == (True, None)


def test_a_prytaneion_and_its_recruit_may_be_taken_back():
    before = rich(new_game(["Athens", "Sparta"], figures={"Athens": "Pericles"}))
    found, after = verdict(before, 0, Build(building="Prytaneion"))
    assert after.prompts[0].kind == "recruit" and found == (True, None)
    assert verdict(after, 0, Recruit(figure="Aspasia"))[0] == (True, None)


def test_the_last_action_of_a_turn_ends_it_and_says_so():
    before = rich(new_game(["Athens", "Sparta"]))
    before.players[0].actions_left = 1
    (undoable, reason), after = verdict(before, 0, Build(building="Granary"))
    assert GAME.to_move(after) == {1}
    assert not undoable and reason == "it ended your Development turn (that was your last move in it)"
    (undoable, reason), _ = verdict(new_game(["Athens", "Sparta"]), 0, EndDevelopment())
    assert not undoable and reason == "it ended your Development turn"


def test_producing_says_it_draws_a_hidden_token():
    (undoable, reason), _ = verdict(new_game(["Athens", "Sparta"]), 0, Produce(unit="triremes", level=1))
    assert not undoable and reason == "it showed something new: producing draws a hidden token"


def test_a_figure_sent_in_diplomacy_may_be_taken_back_while_the_turn_goes_on():
    state = end_development(new_game(["Athens", "Sparta"], figures={"Athens": "Pericles"}))
    (seat,) = GAME.to_move(state)
    player = state.players[seat]
    player.figures.append(recruits(player)[0])  # two figures: one move leaves another to make
    first = next(a for a in GAME.legal_actions(state, seat) if isinstance(a, Move))
    found, after = verdict(state, seat, first)
    assert GAME.to_move(after) == {seat} and found == (True, None)
    last = next(a for a in GAME.legal_actions(after, seat) if isinstance(a, Move) and a.figure != first.figure)
    (undoable, reason), moved_on = verdict(after, seat, last)
    assert GAME.to_move(moved_on) != {seat}
    assert not undoable and reason == "it ended your Diplomacy turn (that was your last move in it)"
