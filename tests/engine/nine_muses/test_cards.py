"""Nine Muses: the four card actions, the knowledge pool and stealing, and no partial trades."""

import pytest

from engine import Chance, IllegalAction, referee
from engine.nine_muses import GAME


def play(state, seat, action):
    return referee.play(GAME, state, seat, action, Chance.scripted())


def table(seats=3, pool=(6, 6, 3), hand=("Aesop", "Heron", "Hypatia"), **holdings):
    """Seat 0 to move holding `hand`; holdings like p1=(craft, science, ethics)."""
    state = GAME.setup(seats, None, Chance.scripted())
    state.pool = dict(zip(("craft", "science", "ethics"), pool))
    state.players[0].hand = list(hand)
    for seat in range(seats):
        tokens = holdings.get(f"p{seat}", (2, 0, 0))
        state.players[seat].knowledge = dict(zip(("craft", "science", "ethics"), tokens))
    return state


def legal(state, kind, card=None):
    return [a for a in GAME.legal_actions(state, 0) if a.kind == kind and (card is None or a.card == card)]


# --- Exchanging knowledge ------------------------------------------------------------------------


def test_an_exchange_gains_from_the_pool_and_discards_the_card():
    step = play(table(), 0, {"kind": "exchange", "card": "Aesop", "option": 0})
    me = step.state.players[0]
    assert me.knowledge["craft"] == 4 and step.state.pool["craft"] == 4
    assert me.hand == ["Heron", "Hypatia"] and step.state.discard == ["Aesop"]
    assert step.events[0].text == "**Thales** plays Aesop: takes 2 Craft."


def test_a_trade_pays_to_the_pool_before_it_takes_from_it():
    state = table(pool=(0, 6, 3), hand=("Archimedes",), p0=(2, 0, 0))
    step = play(state, 0, {"kind": "exchange", "card": "Archimedes", "option": 1})  # 2 Craft → 1 Science + 1 Craft
    assert step.state.players[0].knowledge == {"craft": 1, "science": 1, "ethics": 0}
    assert step.state.pool == {"craft": 1, "science": 5, "ethics": 3}


def test_you_cannot_pay_what_you_do_not_have():
    state = table(p0=(2, 1, 0))
    before = state.model_copy(deep=True)
    with pytest.raises(IllegalAction, match="need 2 Science"):
        play(state, 0, {"kind": "exchange", "card": "Hypatia", "option": 0})  # 2 Science → 1 Ethics
    assert state == before
    assert not [a for a in legal(state, "exchange", "Hypatia") if a.option == 0]


def test_when_the_pool_runs_out_the_payer_steals_the_rest_from_players_of_their_choice():
    state = table(pool=(1, 6, 3), p0=(0, 1, 0), p1=(2, 0, 0), p2=(1, 0, 0))
    heron = [a for a in legal(state, "exchange", "Heron") if a.option == 1]  # 1 Science → 3 Craft
    assert [a.steal for a in heron] == [{"craft": [1, 1]}, {"craft": [1, 2]}]
    step = play(state, 0, {"kind": "exchange", "card": "Heron", "option": 1, "steal": {"craft": [2, 1]}})
    assert [p.knowledge["craft"] for p in step.state.players] == [3, 1, 0]
    assert step.state.pool == {"craft": 0, "science": 7, "ethics": 3}
    assert step.events[0].text == (
        "**Thales** plays Heron: pays 1 Science, takes 1 Craft, "
        "steals 1 Craft from **Sappho**, steals 1 Craft from **Zeno**."
    )


def test_the_victims_must_be_named_one_a_token_and_must_hold_it():
    state = table(pool=(1, 6, 3), p0=(0, 1, 0), p1=(2, 0, 0), p2=(1, 0, 0))
    heron = {"kind": "exchange", "card": "Heron", "option": 1}
    with pytest.raises(IllegalAction, match="Choose whom to steal 2 Craft"):
        play(state, 0, heron)
    with pytest.raises(IllegalAction, match="has only 1 Craft"):
        play(state, 0, heron | {"steal": {"craft": [2, 2]}})
    with pytest.raises(IllegalAction, match="another player"):
        play(state, 0, heron | {"steal": {"craft": [0, 1]}})


def test_you_take_from_the_pool_first():
    state = table(pool=(6, 6, 3), p1=(2, 0, 0))
    with pytest.raises(IllegalAction, match="take it from the pool"):
        play(state, 0, {"kind": "exchange", "card": "Aesop", "option": 0, "steal": {"craft": [1, 1]}})


def test_no_partial_transactions():
    state = table(pool=(0, 6, 3), p0=(0, 1, 0), p1=(1, 0, 0), p2=(0, 0, 0))
    assert not [a for a in legal(state, "exchange", "Heron") if a.option == 1]
    with pytest.raises(IllegalAction, match="in full or not at all"):
        play(state, 0, {"kind": "exchange", "card": "Heron", "option": 1, "steal": {"craft": [1, 1]}})


def test_you_may_even_steal_ethics():
    state = table(pool=(6, 6, 0), hand=("Hypatia",), p0=(0, 2, 0), p2=(0, 0, 1))
    [action] = [a for a in legal(state, "exchange") if a.option == 0]
    assert action.steal == {"ethics": [2]}
    step = play(state, 0, action)
    assert step.state.players[0].knowledge["ethics"] == 1 and step.state.players[2].knowledge["ethics"] == 0


def test_telesilla_steals_a_science_from_a_player_who_has_one():
    state = table(hand=("Telesilla",), p1=(2, 0, 0), p2=(2, 2, 0))
    assert [a.steal for a in legal(state, "exchange") if a.option == 0] == [{"science": [2]}]
    with pytest.raises(IllegalAction, match="has only 0 Science"):
        play(state, 0, {"kind": "exchange", "card": "Telesilla", "option": 0, "steal": {"science": [1]}})
    step = play(state, 0, {"kind": "exchange", "card": "Telesilla", "option": 0, "steal": {"science": [2]}})
    assert step.state.players[0].knowledge["science"] == 1 and step.state.pool["science"] == 6


def test_hipparchia_gives_ethics_only_to_a_player_without_any():
    state = table(hand=("Hipparchia",), p0=(0, 0, 1))
    with pytest.raises(IllegalAction, match="no Ethics"):
        play(state, 0, {"kind": "exchange", "card": "Hipparchia", "option": 0})
    state.players[0].knowledge["ethics"] = 0
    assert (
        play(state, 0, {"kind": "exchange", "card": "Hipparchia", "option": 0}).state.players[0].knowledge["ethics"]
        == 1
    )


# --- Demonstrating to Aristotle and toiling ------------------------------------------------------


@pytest.mark.parametrize("knowledge, amount, points", [("craft", 3, 3), ("science", 2, 4), ("ethics", 1, 4)])
def test_demonstrating_trades_one_kind_of_knowledge_for_aristotles_points(knowledge, amount, points):
    state = table(p0=(3, 2, 1))
    step = play(state, 0, {"kind": "demonstrate", "card": "Heron", "knowledge": knowledge, "amount": amount})
    assert step.state.players[0].points == points
    assert step.state.players[0].knowledge[knowledge] == state.players[0].knowledge[knowledge] - amount
    assert step.state.pool[knowledge] == state.pool[knowledge] + amount


def test_you_demonstrate_as_much_as_you_want_but_no_more_than_you_have():
    state = table(p0=(3, 0, 1))
    amounts = sorted((a.knowledge, a.amount) for a in legal(state, "demonstrate", "Aesop"))
    assert amounts == [("craft", 1), ("craft", 2), ("craft", 3), ("ethics", 1)]
    with pytest.raises(IllegalAction, match="only 1 Ethics"):
        play(state, 0, {"kind": "demonstrate", "card": "Aesop", "knowledge": "ethics", "amount": 2})


def test_toil_gains_a_craft_from_the_pool_or_else_from_a_player():
    step = play(table(pool=(3, 6, 3)), 0, {"kind": "toil", "card": "Heron"})
    assert step.state.players[0].knowledge["craft"] == 3 and step.state.pool["craft"] == 2
    state = table(pool=(0, 6, 3), p1=(0, 0, 0), p2=(2, 0, 0))
    assert [a.steal for a in legal(state, "toil", "Heron")] == [{"craft": [2]}]
    step = play(state, 0, {"kind": "toil", "card": "Heron", "steal": {"craft": [2]}})
    assert [p.knowledge["craft"] for p in step.state.players] == [3, 0, 1]


# --- How actions read on a select ----------------------------------------------------------------


def test_labels_are_short_readable_and_unique_within_a_kind():
    state = table(pool=(0, 0, 0), hand=("Heron", "Archimedes", "Telesilla"), p0=(5, 3, 1), p1=(2, 1, 1), p2=(3, 2, 0))
    moves = GAME.legal_actions(state, 0)
    labels = [(a.kind, GAME.label(a)) for a in moves]
    assert len(set(labels)) == len(labels) and all(len(text) <= 80 for _, text in labels)
    assert ("exchange", "Heron: 1 Science → 3 Craft · steal Craft from Sappho ×2, Zeno") in labels
    assert ("exchange", "Heron: gain 1 Craft + 1 Science · steal Craft from Sappho & Science from Zeno") in labels
    assert ("exchange", "Telesilla: steal 1 Science from Zeno") in labels
    assert ("call", "Call Euterpe · discard Heron") in labels
    assert ("demonstrate", "Demonstrate 2 Science → 4 VP · discard Heron") in labels
    assert ("toil", "Toil: +1 Craft · discard Archimedes · steal Craft from Zeno") in labels
