"""Public debates, step by step as the rulebook describes them, and the Final Public Debate."""

import pytest

from engine import Chance, IllegalAction, NotYourTurn
from engine.philosophia import GAME, data
from engine.philosophia.clock import LAST

from .test_support import at, new_game, play, public

CARO, ALI, ROSA = 0, 1, 2


def caro_and_ali():
    """Caro (seat 0) holds Modus Ponens, three Sophistry cards and one more card; Ali holds a
    Destructive Dilemma and a Sophistry card. Caro is about to move on her turn."""
    state = new_game(2)
    state.players[CARO].hand = ["Modus Ponens", "Ad Hominem", "Ad Populum", "Post Hoc", "Modus Tollens"]
    state.players[ALI].hand = ["Destructive Dilemma", "Ad Baculum"]
    return state


def test_the_rulebook_debate_of_caro_against_ali():
    state = caro_and_ali()
    decks_before = len(state.sophistry) + len(state.syllogism)
    # Caro moves to the Public Debate spot of the Acropolis and challenges Ali.
    state = play(state, CARO, "move", to="debate").state
    assert state.phase == "act"
    step = play(state, CARO, "challenge", target=ALI)
    state = step.state
    assert state.phase == "debate" and GAME.to_move(state) == {CARO}
    with pytest.raises(IllegalAction):  # the initiator must open with a card
        play(state, CARO, "pass")
    # Round 1: Caro plays Modus Ponens; Ali answers with the Destructive Dilemma that beats it.
    state = play(state, CARO, "argue", card="Modus Ponens").state
    assert state.debate.table == "Modus Ponens" and GAME.to_move(state) == {ALI}
    step = play(state, ALI, "argue", card="Destructive Dilemma")
    state = step.state
    assert "it wins against" in public(step)[0]
    assert state.debate.piles[ALI] == ["Modus Ponens", "Destructive Dilemma"]
    assert state.debate.piles[CARO] == []
    # Round 2: the first player alternates, so Ali goes first with her last card, a Sophistry.
    assert GAME.to_move(state) == {ALI} and state.debate.leader == ALI
    state = play(state, ALI, "argue", card="Ad Baculum").state
    step = play(state, CARO, "argue", card="Ad Hominem")
    state = step.state
    assert "A draw" in " ".join(public(step))
    assert len(state.debate.piles[ALI]) == 3 and len(state.debate.piles[CARO]) == 1
    # Round 3: Caro first again; Ali has no cards and must pass, so Caro's card goes to her pile
    # and she may play the rest of her cards into it.
    assert GAME.to_move(state) == {CARO}
    step = play(state, CARO, "argue", card="Ad Populum")
    state = step.state
    assert any("no cards left and must pass" in text for text in public(step))
    assert state.debate.step == "dump" and state.debate.dumper == CARO
    assert len(state.debate.piles[CARO]) == 2
    state = play(state, CARO, "argue", card="Post Hoc").state
    assert len(state.debate.piles[CARO]) == 3
    step = play(state, CARO, "argue", card="Modus Tollens")
    state = step.state
    # Caro has 4 cards, Ali 3: Caro wins and takes a debate-winning token.
    assert state.last_debate["winner"] == CARO
    assert len(state.last_debate["piles"][str(CARO)]) == 4 and len(state.last_debate["piles"][str(ALI)]) == 3
    assert any("wins the debate, 4 cards to 3" in text for text in public(step))
    assert state.players[CARO].debate_wins == 1 and state.players[ALI].debate_wins == 0
    assert state.supply.debate_tokens == data.SUPPLY["debate_tokens"] - 1
    # All cards of both piles are shuffled back into their decks; Caro's turn is over.
    assert len(state.sophistry) + len(state.syllogism) == decks_before + 7
    assert state.players[CARO].hand == [] and state.players[ALI].hand == []
    assert state.debate is None and state.phase == "move" and state.turn == ALI


def test_the_challenged_may_end_the_debate_and_the_leader_plays_the_rest():
    state = at(caro_and_ali(), CARO, "debate")
    state = play(state, CARO, "challenge", target=ALI).state
    state = play(state, CARO, "argue", card="Ad Hominem").state
    state = play(state, ALI, "pass").state  # Ali ends the debate: Caro keeps her card
    assert state.debate.piles[CARO] == ["Ad Hominem"] and state.debate.dumper == CARO
    state = play(state, CARO, "argue", card="Modus Ponens").state
    state = play(state, CARO, "pass").state  # Caro keeps the rest for later
    assert state.last_debate["winner"] == CARO
    assert state.players[CARO].hand == ["Ad Populum", "Post Hoc", "Modus Tollens"]
    assert state.players[ALI].hand == ["Destructive Dilemma", "Ad Baculum"]


def test_a_leader_who_passes_lets_the_other_play_the_rest():
    state = at(caro_and_ali(), CARO, "debate")
    state = play(state, CARO, "challenge", target=ALI).state
    state = play(state, CARO, "argue", card="Ad Hominem").state
    state = play(state, ALI, "argue", card="Ad Baculum").state  # a tie: 1 card each
    state = play(state, ALI, "pass").state  # Ali leads round 2 and passes
    assert state.debate.dumper == CARO
    for card in ("Modus Ponens", "Ad Populum"):
        state = play(state, CARO, "argue", card=card).state
    state = play(state, CARO, "pass").state
    assert state.last_debate["winner"] == CARO
    assert len(state.last_debate["piles"]["0"]) == 3


def test_a_tie_goes_to_the_initiator_unless_socrates_was_challenged():
    def tied(challenged_character):
        state = new_game(2, characters=("Plato", challenged_character))
        state.players[0].hand, state.players[1].hand = ["Ad Hominem"], ["Ad Populum"]
        state = play(at(state, 0, "debate"), 0, "challenge", target=1).state
        state = play(state, 0, "argue", card="Ad Hominem").state
        state = play(state, 1, "argue", card="Ad Populum").state
        return state.last_debate["winner"]

    assert tied("Homer") == 0
    assert tied("Socrates") == 1


def test_each_card_beats_ties_or_loses_as_printed():
    cycle = data.SYLLOGISMS
    for at_, card in enumerate(cycle):
        assert data.contest(card, cycle[(at_ + 1) % 5]) == "wins"
        assert data.contest(card, cycle[(at_ + 2) % 5]) == "wins"
        assert data.contest(card, cycle[(at_ + 3) % 5]) == "loses"
        assert data.contest(card, cycle[(at_ + 4) % 5]) == "loses"
        assert data.contest(card, card) == "ties"
        assert data.contest(card, "Ad Baculum") == "wins" and data.contest("Ad Baculum", card) == "loses"
    assert data.contest("Destructive Dilemma", "Modus Ponens") == "wins"  # the rulebook's example
    assert data.contest("Ad Hominem", "Post Hoc") == "ties"
    assert data.contest(data.RIDDLE, "Destructive Dilemma") == "wins"


def test_the_oracles_riddle_wins_and_then_goes_to_the_box():
    state = caro_and_ali()
    state.players[ALI].oracles = [data.RIDDLE]
    state = play(at(state, CARO, "debate"), CARO, "challenge", target=ALI).state
    state = play(state, CARO, "argue", card="Modus Ponens").state
    legal = [a.card for a in GAME.legal_actions(state, ALI) if a.kind == "argue"]
    assert data.RIDDLE in legal
    state = play(state, ALI, "argue", card=data.RIDDLE).state
    assert state.debate.piles[ALI] == ["Modus Ponens", data.RIDDLE]
    state = play(state, ALI, "pass").state
    state = play(state, CARO, "pass").state
    assert state.debate is None
    assert data.RIDDLE not in state.sophistry + state.syllogism
    assert data.RIDDLE not in state.players[ALI].oracles


def test_only_the_debater_to_play_may_act():
    state = play(at(caro_and_ali(), CARO, "debate"), CARO, "challenge", target=ALI).state
    with pytest.raises(NotYourTurn):
        play(state, ALI, "argue", card="Ad Baculum")
    with pytest.raises(IllegalAction):
        play(state, CARO, "argue", card="Destructive Dilemma")  # not in Caro's hand


def test_the_true_philosopher_must_claim_the_result():
    state = caro_and_ali()
    state.options.true_philosopher = True
    state = play(at(state, CARO, "debate"), CARO, "challenge", target=ALI).state
    assert "beats" not in GAME.view(state, None)
    state = play(state, CARO, "argue", card="Modus Ponens").state
    claims = {(a.card, a.claim) for a in GAME.legal_actions(state, ALI) if a.kind == "argue"}
    assert ("Destructive Dilemma", "wins") in claims and ("Destructive Dilemma", "loses") in claims
    with pytest.raises(IllegalAction):
        play(state, ALI, "argue", card="Destructive Dilemma")
    step = play(state, ALI, "argue", card="Destructive Dilemma", claim="ties")  # wrong: it wins
    assert step.state.debate.piles[CARO] == ["Modus Ponens", "Destructive Dilemma"]
    assert any("false claim" in text for text in public(step))
    right = play(state, ALI, "argue", card="Destructive Dilemma", claim="wins").state
    assert right.debate.piles[ALI] == ["Modus Ponens", "Destructive Dilemma"]


def test_the_true_philosopher_may_have_to_give_an_example():
    state = caro_and_ali()
    state.options.true_philosopher = state.options.examples = True
    state = play(at(state, CARO, "debate"), CARO, "challenge", target=ALI).state
    assert all(a.example == "" for a in GAME.legal_actions(state, CARO) if a.kind == "argue")
    with pytest.raises(IllegalAction):
        play(state, CARO, "argue", card="Modus Ponens", example="  ")
    step = play(state, CARO, "argue", card="Modus Ponens", example="If it rains, the road is wet; it rains.")
    assert public(step)[0] == "**Plato**: “If it rains, the road is wet; it rains.”"
    stand_in = GAME.stand_in(step.state, ALI, Chance.scripted())
    assert stand_in.claim == "wins" and stand_in.example == data.EXAMPLES[stand_in.card]
    state = play(step.state, ALI, "pass").state
    assert all(a.example is None for a in GAME.legal_actions(state, CARO) if a.kind == "argue")  # the rest


# --- The Final Public Debate ---------------------------------------------------------------------


def final_debate_position():
    """Ali, Rosa and Caro hold three Labyrinth tokens each, numbered 2, 3 and 1; the timeline is
    one step from 146 BC and Caro stands at the Progress the Timeline spot."""
    state = new_game(3)
    numbers = {ALI: 2, ROSA: 3, CARO: 1}
    for who, number in numbers.items():
        state.players[who].claimed = ["followers", "schools", "wisdom"]
        state.players[who].numbered = number
    state.supply.numbered = [4, 5, 6]
    state.players[ALI].hand = ["Ad Populum", "Post Hoc"]
    state.players[ROSA].hand = ["Ad Hominem", "Modus Tollens"]
    state.players[CARO].hand = ["Ad Verecundiam", "Modus Tollens"]
    state.timeline = LAST - 1
    return at(state, CARO, "timeline")


def test_the_rulebook_final_debate():
    step = play(final_debate_position(), CARO, "progress")
    state = step.state
    assert state.timeline == LAST and state.phase == "debate"
    # The last to finish (Rosa, 3) opens against Ali (2); then Ali against Caro (1); then Caro
    # against Rosa.
    assert state.final.pairings == [(ROSA, ALI), (ALI, CARO), (CARO, ROSA)]
    assert GAME.to_move(state) == {ROSA}
    # Debate 1: Rosa plays first, Ali second: a draw. Ali then passes; Rosa keeps her last card.
    state = play(state, ROSA, "argue", card="Ad Hominem").state
    state = play(state, ALI, "argue", card="Ad Populum").state
    state = play(state, ALI, "pass").state
    state = play(state, ROSA, "pass").state
    assert state.final.piles == {ROSA: ["Ad Hominem"], ALI: ["Ad Populum"], CARO: []}
    # Debate 2: Ali plays first with her last card (her hand is then empty), Caro second: a draw.
    assert (state.debate.initiator, state.debate.challenged) == (ALI, CARO)
    state = play(state, ALI, "argue", card="Post Hoc").state
    state = play(state, CARO, "argue", card="Ad Verecundiam").state
    assert state.players[ALI].hand == [] and len(state.debate.piles[ALI]) == 2
    state = play(state, CARO, "pass").state  # Ali has nothing more to play
    # Debate 3: Caro plays first with her last card, Rosa second: a draw.
    assert (state.debate.initiator, state.debate.challenged) == (CARO, ROSA)
    state = play(state, CARO, "argue", card="Modus Tollens").state
    assert state.players[CARO].hand == []
    step = play(state, ROSA, "argue", card="Modus Tollens")
    state = step.state
    # Each temporary pile holds 2 cards; the tie goes to the first out of the Labyrinth: Caro (1).
    assert {who: len(pile) for who, pile in state.final.piles.items()} == {ALI: 2, ROSA: 2, CARO: 2}
    outcome = GAME.outcome(state)
    assert outcome.winners == (CARO,)
    assert "token 1" in outcome.reason
    assert GAME.to_move(state) == frozenset()


def test_the_final_debate_is_won_by_the_most_cards():
    state = final_debate_position()
    state.players[ALI].hand = ["Destructive Dilemma", "Modus Ponens"]
    state = play(state, CARO, "progress").state
    state = play(state, ROSA, "argue", card="Modus Tollens").state
    state = play(state, ALI, "argue", card="Destructive Dilemma").state  # beats it: Ali 2
    state = play(state, ALI, "argue", card="Modus Ponens").state  # Ali leads; Rosa's Sophistry loses
    state = play(state, ROSA, "argue", card="Ad Hominem").state  # Ali 4
    state = play(state, CARO, "argue", card="Modus Tollens").state  # Ali has no cards: Caro plays on
    state = play(state, CARO, "argue", card="Ad Verecundiam").state
    assert GAME.outcome(state).winners == (ALI,)


def test_round_robin_pairs_everyone_once():
    from engine.philosophia.clock import round_robin

    for n in range(2, 7):
        pairs = round_robin(list(range(n)))
        assert len(pairs) == n * (n - 1) // 2
        assert len({frozenset(p) for p in pairs}) == len(pairs)
