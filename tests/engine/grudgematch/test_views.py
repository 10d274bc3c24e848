"""What each seat sees: hands and deck order are secret; kicks show every space the ball passed."""

from engine import Chance
from engine.grudgematch import GAME
from engine.grudgematch.state import Options

from .test_helpers import F, G, play, position


def game_in_play():
    state = GAME.setup(2, Options(), Chance.seeded("views"))
    state = play(state, G, {"kind": "lineup", "lineup": "Attack"}).state
    return play(state, F, {"kind": "lineup", "lineup": "Defence"}, rolls=[3, 4, 2, 5]).state


def test_a_seat_sees_its_own_hand_and_the_public_only_hand_sizes():
    state = game_in_play()
    public, german, french = GAME.view(state, None), GAME.view(state, G), GAME.view(state, F)
    assert "hand" not in public and [t["hand_size"] for t in public["teams"]] == [5, 5]
    assert german["hand"] == state.hands[G] and french["hand"] == state.hands[F]
    for card in state.hands[G] + state.hands[F] + state.deck:
        assert f"'{card}'" not in str(public)
    assert public["deck_size"] == len(state.deck) and "deck" not in public


def test_public_views_do_not_change_when_the_secrets_are_re_dealt():
    state = game_in_play()
    for seed in range(5):
        shadow = GAME.shuffle_secrets(state, Chance.seeded(str(seed)))
        assert GAME.view(shadow, None) == GAME.view(state, None)
        assert sorted(shadow.hands[G] + shadow.hands[F] + shadow.deck) == sorted(
            state.hands[G] + state.hands[F] + state.deck
        )
        mine = GAME.shuffle_secrets(state, Chance.seeded(str(seed)), keep=F)
        assert mine.hands[F] == state.hands[F] and GAME.view(mine, F) == GAME.view(state, F)


def test_re_dealt_secrets_keep_the_joker_near_the_middle_of_the_deck():
    state = game_in_play()
    for seed in range(30):
        shadow = GAME.shuffle_secrets(state, Chance.seeded(str(seed)))
        assert 21 <= shadow.deck.index("JOKER") + 10 <= 31


def test_a_kick_shows_the_spaces_passed_so_far_and_those_ahead():
    spots = {"Hegel": "F4", "Pascal": "G8", "Nietzsche": "F2"}
    state = position(spots, "F5", [["6S"], ["9H"]])
    state = play(state, G, {"kind": "kick", "who": "Hegel", "card": "6S", "direction": "S"}).state
    kick = GAME.view(state, None)["kick"]
    assert kick["path"] == ["F6", "F7"] and kick["ahead"] == ["F8", "F9", "F10", "F11"]
    assert kick["blockers"] == ["Pascal"] and kick["required"] == 5 and kick["card"] == "6S"
    state = play(state, F, {"kind": "no_block"}).state
    assert GAME.view(state, None)["last_kick"]["path"] == ["F6", "F7", "F8", "F9", "F10", "F11"]


def test_labels_are_short_and_unique_for_every_choice_in_a_game():
    chance = Chance.seeded("labels")
    state = GAME.setup(2, Options(fouling=True), chance)
    for _ in range(300):
        if GAME.outcome(state):
            break
        seat = min(GAME.to_move(state))
        labels = [GAME.label(a) for a in GAME.legal_actions(state, seat)]
        assert len(labels) == len(set(labels)) and all(0 < len(x) <= 80 for x in labels)
        state = play(state, seat, GAME.stand_in(state, seat, chance), rolls=[chance.roll(6) for _ in range(12)]).state
