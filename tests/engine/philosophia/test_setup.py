"""Set-up: characters, starting places and resources, decks, location tokens, options."""

import pytest

from engine import Chance, IllegalAction
from engine.philosophia import GAME, data

from .test_support import new_game


@pytest.mark.parametrize("seats", range(1, 7))
def test_each_philosopher_starts_on_their_own_place_with_their_resources(seats):
    state = GAME.setup(seats, GAME.Options(), Chance.seeded(f"setup{seats}"))
    players = [p for p in state.players if not p.automaton]
    assert len(players) == seats
    assert len({p.character for p in state.players}) == len(state.players)
    for player in state.players:
        start = data.CHARACTERS[player.character]
        assert player.location == start.start
        assert player.followers_left == 9 and player.schools_left == 4
        assert player.wisdom == [] and player.claimed == []
    for player in players:
        start = data.CHARACTERS[player.character]
        assert player.coins == start.coins
        assert sum(1 for c in player.hand if c in data.SOPHISTRY) == start.sophistry
        assert sum(1 for c in player.hand if c in data.SYLLOGISMS) == start.syllogism
    dealt = sum(len(p.hand) for p in players)
    assert len(state.sophistry) + len(state.syllogism) + dealt == 80
    assert {deck: len(cards) for deck, cards in state.oracle_decks.items()} == {
        "delphi": 6,
        "dodona": 6,
        "trophonius": 7,
    }
    assert sorted(state.requests) == sorted(data.REQUESTS)
    assert state.timeline == 0 and state.phase == "move" and state.turn == 0


def test_the_component_counts_match_the_rulebook():
    assert len(data.CHARACTERS) == 6 and len(data.WISDOM) == 18
    assert len(data.SOPHISTRY) * data.COPIES == 40 and len(data.SYLLOGISMS) * data.COPIES == 40
    assert len(data.ORACLES) == 19 and len(data.REQUESTS) == 6 and len(data.MOIRAI) == 22
    assert sum(data.TOKEN_COLOURS.values()) == 27
    assert data.TOKEN_COLOURS == {"black": 7, "yellow": 7, "blue": 6, "red": 4, "green": 3}
    assert data.SUPPLY["regular"] == 12 and len(data.NUMBERED_TOKENS) == 6
    assert data.SUPPLY["builders"] == 12 and data.SUPPLY["sophists"] == 12 and data.SUPPLY["study"] == 6
    assert data.SUPPLY["debate_tokens"] == 18 and data.SUPPLY["disks"] == 11
    assert data.TIMELINE[-1] == 146
    for character in data.CHARACTERS.values():
        assert all(card in data.WISDOM for card in character.wisdom)
    assert len({c.start for c in data.CHARACTERS.values()}) == 6


def test_location_tokens_lie_face_up_on_every_place_off_the_acropolis():
    state = new_game(2)
    on_board = {loc: site.token for loc, site in state.sites.items() if site.token}
    places = [loc for loc, place in data.LOCATIONS.items() if place.kind != "acropolis"]
    assert sorted(on_board) == sorted(places)
    assert GAME.view(state, None)["locations"]["athens"]["token"] == on_board["athens"]


def test_every_place_is_reachable_on_the_adjacent_routes():
    seen, todo = {"athens"}, ["athens"]
    while todo:
        for nxt in data.neighbours(todo.pop()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert seen == set(data.LOCATIONS)
    assert len(data.LOCATIONS) <= 26  # a move is one select of at most 25 places


def test_seat_counts_and_character_choices_are_checked():
    for seats in (0, 7):
        with pytest.raises(IllegalAction):
            GAME.setup(seats, GAME.Options(), Chance.scripted())
    with pytest.raises(IllegalAction):
        GAME.setup(2, GAME.Options(characters=["Plato", "Thales"]), Chance.scripted())
    with pytest.raises(IllegalAction):
        GAME.setup(2, GAME.Options(characters=["Plato", "Plato"]), Chance.scripted())
    with pytest.raises(IllegalAction):
        GAME.setup(3, GAME.Options(characters=["Plato", "Homer"]), Chance.scripted())
    with pytest.raises(IllegalAction):
        GAME.setup(1, GAME.Options(characters=["Plato"], moirai_character="Plato"), Chance.scripted())
    state = new_game(3, characters=("Sophocles", "Socrates", "Homer"))
    assert [p.character for p in state.players] == ["Sophocles", "Socrates", "Homer"]


def test_solo_adds_the_moirai_who_never_move_by_hand():
    state = new_game(1, moirai_character="Heraclitus")
    assert len(state.players) == 2
    moirai = state.players[1]
    assert moirai.automaton and moirai.character == "Heraclitus" and moirai.location == "ephesus"
    assert sorted(state.moirai_deck) == sorted(data.MOIRAI)
    assert GAME.to_move(state) == {0}
    assert GAME.view(state, None)["moirai"] == {"deck": 22, "drawn": [], "runs": 0}


def test_options_have_defaults_and_limits():
    options = GAME.Options()
    assert options.movement == "free" and options.tutor == "wisdom"
    assert options.hourglass_rounds == 4 and not options.romans_hurry and not options.true_philosopher
    with pytest.raises(ValueError):
        GAME.Options(hourglass_rounds=0)
