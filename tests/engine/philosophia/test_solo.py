"""Solo mode: one philosopher against the Moirai automaton."""

from engine.philosophia import GAME, data
from engine.philosophia.clock import LAST

from .test_support import at, new_game, play, public

PLATO = data.CHARACTERS["Plato"].coins  # seat 0 in most tests

ME, FATES = 0, 1


def solo(*cards):
    """Plato (seat 0) against the Moirai playing Socrates, whose deck starts with `cards`."""
    state = new_game(1)
    if cards:
        state.moirai_deck = list(cards)
    return state


def my_turn(state, spot="observe"):
    """Move to an Acropolis spot and rest: the Moirai then take their turn."""
    state = play(state, ME, "move", to=spot)
    return play(state.state, ME, "rest")


def test_the_moirai_follow_their_card_after_each_of_my_turns():
    state = solo()
    assert state.players[FATES].character == "Socrates" and state.players[FATES].location == "athens"
    step = my_turn(state)
    state = step.state
    assert "🧵 The Moirai draw *Clotho: a follower in the west*." in public(step)
    assert state.players[FATES].location == "ithaca"  # the first free western city
    assert state.sites["ithaca"].followers == [FATES] and state.players[FATES].followers_left == 8
    assert state.moirai_discard == ["Clotho: a follower in the west"] and len(state.moirai_deck) == 21
    assert state.turn == ME and state.phase == "move" and state.round == 2
    assert state.timeline == 0  # no hourglass in solo: Atropos is the clock


def test_schools_tokens_tithes_and_the_timeline():
    state = my_turn(solo("Clotho: a school in the east")).state
    assert state.sites["miletus"].schools == [FATES] and state.players[FATES].schools_left == 3
    state = my_turn(solo("Lachesis: a token from a port")).state
    assert state.players[FATES].tokens == ["yellow"] and state.sites["piraeus"].token is None
    state = my_turn(solo("Lachesis: the tithe of the west")).state
    assert state.players[ME].coins == PLATO - data.TITHE
    state = my_turn(solo("Atropos: the thread shortens I")).state
    assert state.timeline == 1 and state.players[FATES].location == "timeline"


def test_schools_charge_both_ways():
    state = solo("Clotho: a follower in the west")
    state.sites["ithaca"].schools = [ME]
    state.sites["corinth"].schools = [FATES]
    state.sites["corinth"].token = None
    step = play(state, ME, "move", to="corinth")
    assert step.state.players[ME].coins == PLATO - 1  # paid to the bank
    state = play(step.state, ME, "rest").state
    assert state.players[ME].coins == PLATO  # the Fates pay from the bank at my school


def test_the_deck_runs_out_twice_and_the_fates_cut_the_thread():
    state = solo()
    state.moirai_deck, state.moirai_discard = [], list(data.MOIRAI)
    state = my_turn(state).state
    assert state.moirai_runs == 1 and len(state.moirai_deck) == 21 and GAME.outcome(state) is None
    state.moirai_deck = []
    state = my_turn(state, "athena").state
    assert GAME.outcome(state).winners == () and "second time" in GAME.outcome(state).reason


def test_the_moirai_win_with_three_labyrinth_tokens():
    state = solo("Clotho: a follower in the west")
    state.players[FATES].claimed = ["schools", "colours"]
    state.players[FATES].followers_left = 1
    state = my_turn(state).state
    assert state.players[FATES].claimed == ["schools", "colours", "followers"]
    assert state.players[FATES].numbered == 1
    assert GAME.outcome(state).winners == () and "Fates win" in GAME.outcome(state).reason


def test_i_win_by_taking_the_timeline_to_146_bc_with_three_tokens():
    state = at(solo(), ME, "timeline")
    state.timeline = LAST - 1
    state.players[ME].claimed = ["schools", "colours", "followers"]
    assert GAME.outcome(play(state, ME, "progress").state).winners == (ME,)
    state = solo("Atropos: the thread shortens I")
    state.timeline = LAST - 1
    state.players[ME].claimed = ["schools", "colours", "followers"]
    assert GAME.outcome(my_turn(state).state).winners == (ME,)  # Atropos cuts, but I am ready
    state.players[ME].claimed = ["schools"]
    assert GAME.outcome(my_turn(state).state).winners == ()


def test_the_moirai_debate_with_the_top_syllogism_cards_three_at_most():
    state = at(solo(), ME, "debate")
    state.players[ME].hand = ["Ad Hominem", "Modus Ponens"]
    state.syllogism = ["Destructive Dilemma", "Modus Ponens", "Constructive Dilemma", "Modus Tollens"]
    state = play(state, ME, "challenge", target=FATES).state
    step = play(state, ME, "argue", card="Modus Ponens")  # the Destructive Dilemma beats it
    state = step.state
    assert state.debate.piles[FATES] == ["Modus Ponens", "Destructive Dilemma"]
    assert state.debate.table == "Modus Ponens"  # the Fates lead round 2 with their next card
    step = play(state, ME, "pass")  # the Fates keep it and play their third and last card
    state = step.state
    assert "**The Moirai (Socrates)** adds *Constructive Dilemma* to their pile (4)." in public(step)
    assert state.last_debate["winner"] == FATES and state.players[FATES].debate_wins == 1
    assert state.players[ME].hand == ["Ad Hominem"]
    assert state.syllogism == [
        "Modus Tollens",
        "Modus Ponens",
        "Destructive Dilemma",
        "Modus Ponens",
        "Constructive Dilemma",
    ]  # all used cards back in the deck


def test_athenas_auction_against_the_moirai_uses_the_top_sophistry_value():
    state = at(solo(), ME, "athena")
    state.sophistry = ["Ad Baculum"] + state.sophistry
    state.players[ME].coins = 4
    state = play(state, ME, "offering").state
    assert GAME.to_move(state) == {ME}
    lost = play(state, ME, "bid", amount=2).state
    assert lost.players[ME].requests == [] and lost.last_auction["bids"] == {"0": 2, "1": 3}
    won = play(state, ME, "bid", amount=3).state  # a tie goes to me, the initiator
    assert won.players[ME].requests == ["Request of Apollo"] and won.players[ME].coins == 1


def test_a_spell_makes_the_moirai_lose_their_turn():
    state = at(solo(), ME, "corinth")
    state.players[ME].oracles = ["Spell of Trophonius"]
    state = play(state, ME, "play_oracle", card="Spell of Trophonius", target=FATES).state
    step = play(state, ME, "tutor")
    assert "🧵 The Moirai are spellbound and lose their turn." in public(step)
    assert len(step.state.moirai_deck) == 22
