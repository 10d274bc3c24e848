"""Nine Muses: set-up, turns, rounds, the last round, the winner and what stays hidden."""

import json

import pytest

from engine import Chance, GameOver, IllegalAction, NotYourTurn, referee
from engine.nine_muses import GAME
from engine.nine_muses.data import CARD_NAMES, MUSE_NAMES


def play(state, seat, action):
    return referee.play(GAME, state, seat, action, Chance.scripted())


def toil(state, seat):
    """Play the seat's first card as a plain Toil (the pool has Craft in these tests)."""
    return play(state, seat, {"kind": "toil", "card": state.players[seat].hand[0]})


@pytest.mark.parametrize(
    "seats, pool",
    [
        (2, {"craft": 10 - 4, "science": 6, "ethics": 2}),
        (3, {"craft": 12 - 6, "science": 8, "ethics": 3}),
        (4, {"craft": 14 - 8, "science": 8, "ethics": 4}),
    ],
)
def test_set_up_by_player_count(seats, pool):
    state = GAME.setup(seats, None, Chance.seeded("set-up"))
    assert state.pool == pool  # the rulebook's pool, less the two Craft each player takes
    for player in state.players:
        assert player.knowledge == {"craft": 2, "science": 0, "ethics": 0}
        assert len(player.hand) == 3 and player.points == 0 and player.muses == []
    assert len(state.centre) == 5 and len(state.muse_deck) == 4
    assert sorted(state.centre + state.muse_deck) == sorted(MUSE_NAMES)
    assert len(state.deck) == 34 - 3 * seats
    assert GAME.to_move(state) == frozenset({state.first}) and state.round == 1


@pytest.mark.parametrize("seats", [1, 5])
def test_two_to_four_players_only(seats):
    with pytest.raises(IllegalAction):
        GAME.setup(seats, None, Chance.scripted())


def test_a_scripted_game_is_predictable():
    state = GAME.setup(2, None, Chance.scripted())
    assert state.centre == ["Calliope", "Clio", "Erato", "Euterpe", "Polyhymnia"]
    assert state.first == 0 and state.players[0].hand == ["Aesop"] * 3
    assert state.players[1].hand == ["Aesop"] * 3


def test_turns_go_clockwise_and_only_the_player_to_move_may_act():
    state = GAME.setup(3, None, Chance.scripted())
    with pytest.raises(NotYourTurn):
        toil(state, 1)
    for seat in (0, 1, 2, 0):
        assert GAME.to_move(state) == frozenset({seat})
        state = toil(state, seat).state


def test_you_can_only_play_a_card_you_hold():
    state = GAME.setup(2, None, Chance.scripted())
    with pytest.raises(IllegalAction, match="no Heron"):
        play(state, 0, {"kind": "toil", "card": "Heron"})


def test_a_new_round_deals_three_cards_each_adds_a_muse_and_rotates_the_first_player():
    state = GAME.setup(2, None, Chance.scripted())
    events = []
    for seat in (0, 1, 0, 1, 0, 1):
        step = toil(state, seat)
        state, events = step.state, list(step.events)
    assert state.round == 2 and state.first == 1 and GAME.to_move(state) == frozenset({1})
    assert state.centre[-1] == "Melpomene" and len(state.centre) == 6 and len(state.muse_deck) == 3
    assert [len(p.hand) for p in state.players] == [3, 3]
    assert state.discard == ["Aesop"] * 6
    texts = [e.text for e in events if e.to is None]
    assert any("Round 2" in t and "**Melpomene**" in t for t in texts)
    private = {e.to: e.text for e in events if e.to is not None}
    assert set(private) == {0, 1} and all("Philosopher cards" in t for t in private.values())


def test_when_the_deck_runs_out_the_discards_are_shuffled_into_a_new_deck():
    state = GAME.setup(2, None, Chance.scripted())
    state.discard, state.deck = state.deck[:-2], state.deck[-2:]
    for seat in (0, 1, 0, 1, 0, 1):
        step = toil(state, seat)
        state = step.state
    assert [len(p.hand) for p in state.players] == [3, 3]
    assert len(state.deck) + len(state.discard) + 6 == 34
    assert any("shuffled into a new deck" in e.text for e in step.events)


def finish_round(state):
    """Play on with stand-ins until the next round starts or the game ends."""
    chance, start = Chance.seeded("finish"), state.round
    while GAME.outcome(state) is None and state.round == start:
        seat = next(iter(GAME.to_move(state)))
        state = referee.play(GAME, state, seat, GAME.stand_in(state, seat, chance), chance).state
    return state


def test_after_the_ninth_muse_comes_out_one_last_round_is_played():
    state = GAME.setup(2, None, Chance.scripted())
    state.round, state.muse_deck = 4, ["Urania"]
    state = finish_round(state)
    assert state.round == 5 and "Urania" in state.centre and state.muse_deck == []
    assert GAME.view(state, None)["last_round"] and GAME.outcome(state) is None
    state = finish_round(state)
    assert GAME.outcome(state) is not None and GAME.to_move(state) == frozenset()
    with pytest.raises(GameOver):
        play(state, 0, {"kind": "toil", "card": "Aesop"})


def test_a_whole_game_lasts_five_rounds_and_brings_out_all_nine_muses():
    chance = Chance.seeded("five rounds")
    state = GAME.setup(4, None, chance)
    turns = 0
    while GAME.outcome(state) is None:
        seat = next(iter(GAME.to_move(state)))
        action = GAME.stand_in(state, seat, chance)
        turns += action.kind != "collect"
        state = referee.play(GAME, state, seat, action, chance).state
    assert state.round == 5 and turns == 5 * 3 * 4
    assert sorted(state.centre + [m for p in state.players for m in p.muses]) == sorted(MUSE_NAMES)
    for knowledge, total in {"craft": 14, "science": 8, "ethics": 4}.items():
        assert state.pool[knowledge] + sum(p.knowledge[knowledge] for p in state.players) == total


def ended(points, muses):
    state = GAME.setup(len(points), None, Chance.scripted())
    for player, vp, count in zip(state.players, points, muses):
        player.points, player.muses = vp, list(MUSE_NAMES[:count])
    state.phase = "over"
    return state


def test_the_most_victory_points_wins():
    assert GAME.outcome(ended([12, 15, 9], [3, 0, 1])).winners == (1,)


def test_a_tie_on_points_goes_to_the_most_muses():
    result = GAME.outcome(ended([15, 15, 9], [1, 2, 3]))
    assert result.winners == (1,) and "Muses" in result.reason


def test_a_tie_on_points_and_muses_is_a_shared_win():
    result = GAME.outcome(ended([15, 15, 9], [2, 2, 3]))
    assert result.winners == (0, 1) and "share" in result.reason


def test_each_player_sees_only_their_own_cards():
    state = GAME.setup(3, None, Chance.seeded("secret"))
    public = GAME.view(state, None)
    assert "hand" not in public and all("hand" not in p for p in public["players"])
    assert not any(name in json.dumps(public) for name in CARD_NAMES)
    assert [p["cards"] for p in public["players"]] == [3, 3, 3]
    mine = GAME.view(state, 1)
    assert mine["hand"] == state.players[1].hand and mine["seat"] == 1


def test_re_dealing_the_secrets_changes_no_public_fact():
    state = GAME.setup(4, None, Chance.seeded("shadow"))
    shadow = GAME.shuffle_secrets(state, Chance.seeded("other"), keep=2)
    assert GAME.view(shadow, None) == GAME.view(state, None)
    assert shadow.players[2].hand == state.players[2].hand
    unseen = sorted(state.deck + [c for s in (0, 1, 3) for c in state.players[s].hand])
    assert sorted(shadow.deck + [c for s in (0, 1, 3) for c in shadow.players[s].hand]) == unseen
    assert any(shadow.players[s].hand != state.players[s].hand for s in (0, 1, 3))


def test_state_and_actions_round_trip_through_json():
    state = GAME.setup(3, None, Chance.seeded("json"))
    assert GAME.State.model_validate_json(state.model_dump_json()) == state
    for action in GAME.legal_actions(state, state.turn):
        assert GAME.actions.validate_json(GAME.actions.dump_json(action)) == action
