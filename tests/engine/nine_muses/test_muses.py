"""Nine Muses: calling a Muse (only by the one player who meets her condition) and her gifts at
the start of her owner's turn."""

import pytest

from engine import Chance, IllegalAction, referee
from engine.nine_muses import GAME

from .test_cards import play, table


def calls(state, seat=0):
    return sorted({a.muse for a in GAME.legal_actions(state, seat) if a.kind == "call"})


# --- Calling a Muse ------------------------------------------------------------------------------


def test_the_only_player_meeting_her_condition_calls_a_muse_from_the_centre():
    state = table(p0=(2, 3, 0))  # Clio: at least 3 Science
    assert calls(state) == ["Clio"]
    step = play(state, 0, {"kind": "call", "card": "Aesop", "muse": "Clio"})
    assert step.state.players[0].muses == ["Clio"] and "Clio" not in step.state.centre
    assert step.state.discard == ["Aesop"]
    assert step.events[0].text == "**Thales** plays Aesop: calls **Clio** from the centre."


def test_a_muse_whose_condition_two_players_meet_stays_where_she_is():
    state = table(p0=(2, 3, 0), p2=(0, 4, 0))
    assert "Clio" not in calls(state)
    with pytest.raises(IllegalAction, match=r"\*\*Zeno\*\* also meets \*\*Clio\*\*"):
        play(state, 0, {"kind": "call", "card": "Aesop", "muse": "Clio"})


def test_you_must_meet_the_condition_to_call_her():
    with pytest.raises(IllegalAction, match="you need at least 3 Science"):
        play(table(p0=(2, 2, 0)), 0, {"kind": "call", "card": "Aesop", "muse": "Clio"})


def test_a_muse_still_face_down_cannot_be_called():
    state = table(p0=(4, 1, 0))  # Thalia's condition, but she is not out yet
    assert "Thalia" in state.muse_deck
    with pytest.raises(IllegalAction, match="not on the table yet"):
        play(state, 0, {"kind": "call", "card": "Aesop", "muse": "Thalia"})


def test_you_may_call_a_muse_away_from_another_player():
    state = table(p0=(2, 3, 0), p1=(2, 0, 0))
    state.centre.remove("Clio")
    state.players[1].muses = ["Clio"]  # she stays with Sappho although they no longer meet it
    assert calls(state) == ["Clio"]
    step = play(state, 0, {"kind": "call", "card": "Aesop", "muse": "Clio"})
    assert step.state.players[0].muses == ["Clio"] and step.state.players[1].muses == []
    assert "away from **Sappho**" in step.events[0].text


def test_a_muse_stays_with_her_owner_while_the_owner_also_meets_her_condition():
    state = table(p0=(2, 3, 0), p1=(2, 3, 0))
    state.centre.remove("Clio")
    state.players[1].muses = ["Clio"]
    with pytest.raises(IllegalAction, match="Sappho"):
        play(state, 0, {"kind": "call", "card": "Aesop", "muse": "Clio"})


def test_you_cannot_call_your_own_muse():
    state = table(p0=(2, 3, 0))
    state.centre.remove("Clio")
    state.players[0].muses = ["Clio"]
    with pytest.raises(IllegalAction, match="already yours"):
        play(state, 0, {"kind": "call", "card": "Aesop", "muse": "Clio"})


def test_there_is_no_limit_to_the_muses_you_may_hold():
    state = table(p0=(5, 3, 0))
    state.players[0].muses = ["Melpomene", "Urania"]
    state.centre = ["Clio", "Euterpe", "Terpsichore"]
    assert calls(state) == ["Clio", "Euterpe", "Terpsichore"]
    step = play(state, 0, {"kind": "call", "card": "Aesop", "muse": "Terpsichore"})
    assert step.state.players[0].muses == ["Melpomene", "Terpsichore", "Urania"]


@pytest.mark.parametrize(
    "muse, p0, p1, p0_points, p1_points, callable_",
    [
        ("Calliope", (1, 1, 1), (2, 0, 0), 0, 0, True),
        ("Calliope", (1, 1, 1), (1, 1, 1), 0, 0, False),
        ("Erato", (0, 0, 2), (2, 0, 0), 0, 0, True),
        ("Euterpe", (5, 0, 0), (4, 0, 0), 0, 0, True),
        ("Polyhymnia", (0, 1, 0), (2, 0, 0), 0, 0, True),
        ("Polyhymnia", (0, 1, 0), (0, 0, 0), 0, 0, False),
        ("Melpomene", (2, 0, 0), (2, 0, 0), 3, 5, True),
        ("Melpomene", (2, 0, 0), (2, 0, 0), 3, 3, False),  # fewest VP must be strictly fewest
        ("Thalia", (4, 1, 0), (2, 0, 0), 0, 0, True),
        ("Thalia", (4, 0, 0), (2, 0, 0), 0, 0, False),
        ("Urania", (0, 2, 1), (2, 0, 0), 0, 0, True),
    ],
)
def test_muse_conditions(muse, p0, p1, p0_points, p1_points, callable_):
    state = table(seats=2, p0=p0, p1=p1)
    state.centre = [muse]
    state.players[0].points, state.players[1].points = p0_points, p1_points
    assert calls(state) == ([muse] if callable_ else [])


def test_terpsichore_needs_two_other_muses():
    state = table(seats=2)
    state.centre = ["Terpsichore"]
    state.players[0].muses = ["Clio"]
    assert calls(state) == []
    state.players[0].muses = ["Clio", "Urania"]
    assert calls(state) == ["Terpsichore"]


# --- The Muses' gifts at the start of a turn ----------------------------------------------------


def pass_to_player_2(state):
    """Thales toils; Sappho's turn begins."""
    return play(state, 0, {"kind": "toil", "card": state.players[0].hand[0]})


def test_a_muse_gives_her_gift_at_the_start_of_her_owners_turn():
    state = table(pool=(6, 6, 3), p1=(2, 0, 0))
    state.players[1].muses = ["Clio"]
    step = pass_to_player_2(state)
    assert step.state.players[1].knowledge["science"] == 1 and step.state.pool["science"] == 5
    assert step.events[-1].text == "🎵 **Clio** inspires **Sappho**: takes 1 Science."
    assert GAME.to_move(step.state) == frozenset({1}) and step.state.phase == "play"


def test_gifts_come_in_card_order_and_the_owner_keeps_them_without_meeting_the_condition():
    state = table(pool=(6, 6, 3), p1=(0, 0, 3))
    state.players[1].muses = ["Calliope", "Erato", "Thalia"]
    step = pass_to_player_2(state)
    player = step.state.players[1]
    assert player.points == 2 + 2 + 1  # Calliope 2, Erato 1 per Ethics (at most 2), Thalia 1
    assert player.knowledge["craft"] == 1
    assert [line.split("**")[1] for line in step.events[-1].text.splitlines()] == ["Calliope", "Erato", "Thalia"]


def test_a_gift_from_an_empty_pool_is_stolen_and_with_one_victim_there_is_no_choice():
    state = table(pool=(6, 0, 3), p1=(2, 0, 0), p2=(2, 2, 0))
    state.players[1].muses = ["Urania"]
    step = pass_to_player_2(state)
    assert step.state.players[1].knowledge["science"] == 1 and step.state.players[2].knowledge["science"] == 1
    assert "steals 1 Science from **Zeno**" in step.events[-1].text


def test_a_gift_nobody_can_give_in_full_gives_nothing():
    state = table(pool=(6, 0, 3), p0=(2, 0, 0), p1=(2, 0, 0), p2=(2, 0, 0))
    state.players[1].muses = ["Clio"]
    step = pass_to_player_2(state)
    assert step.state.players[1].knowledge["science"] == 0 and step.state.phase == "play"
    assert "nothing to give" in step.events[-1].text


def test_melpomene_makes_her_owner_choose_whom_to_steal_from_before_playing_a_card():
    state = table(pool=(6, 6, 3), p1=(2, 0, 0), p2=(3, 0, 0))
    state.players[1].muses = ["Melpomene", "Thalia"]
    state = pass_to_player_2(state).state
    assert state.phase == "collect" and GAME.to_move(state) == frozenset({1})
    choices = GAME.legal_actions(state, 1)
    assert [(a.kind, a.steal) for a in choices] == [("collect", {"craft": [0]}), ("collect", {"craft": [2]})]
    assert [GAME.label(a) for a in choices] == [
        "Melpomene: steal Craft from Thales",
        "Melpomene: steal Craft from Zeno",
    ]
    with pytest.raises(IllegalAction, match="First choose whom"):
        play(state, 1, {"kind": "toil", "card": state.players[1].hand[0]})
    step = play(state, 1, {"kind": "collect", "muse": "Melpomene", "steal": {"craft": [2]}})
    craft = [p.knowledge["craft"] for p in step.state.players]
    assert craft == [3, 2 + 1 + 1, 2]  # Thales toiled; Sappho stole one and Thalia gave one
    assert step.state.phase == "play" and step.state.players[1].points == 1


def test_the_clock_and_stand_ins_collect_gifts_too():
    state = table(pool=(6, 6, 3), p1=(2, 0, 0), p2=(3, 0, 0))
    state.players[1].muses = ["Melpomene"]
    state = pass_to_player_2(state).state
    for choose in (GAME.stand_in, GAME.default_action):
        action = choose(state, 1, Chance.seeded("clock"))
        assert action.kind == "collect"
        referee.play(GAME, state, 1, action, Chance.scripted())


def test_a_stand_in_demonstrates_its_knowledge_on_its_last_turn():
    state = table(hand=("Aesop",), p0=(1, 1, 2))
    state.muse_deck = []
    action = GAME.stand_in(state, 0, Chance.seeded("last"))
    assert (action.kind, action.knowledge, action.amount) == ("demonstrate", "ethics", 2)
