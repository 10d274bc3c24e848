"""Answers to an Oracle card that are no decision: a player everyone can see holds no Veto card
is not asked to press "Let it be"; it is answered for them and the table is told. Anyone who might
hold a Veto is still asked, so who is asked never tells a secret."""

from engine import Chance, referee
from engine.philosophia import GAME, data
from engine.philosophia.oracles import surely_cannot_cancel

from .test_support import at, new_game, play, public

PLATO = data.CHARACTERS["Plato"].coins  # seat 0


def holding(*cards, seats=3):
    state = at(new_game(seats), 0, "corinth")
    deal(state, 0, *cards)
    return state


def deal(state, seat, *cards):
    """`seat` holds `cards`, taken out of their decks."""
    for card in cards:
        state.oracle_decks[data.ORACLES[card].deck].remove(card)
    state.players[seat].oracles = list(cards)


def test_nobody_who_could_cancel_so_the_card_takes_effect_at_once():
    step = play(holding("Gift of Apollo"), 0, "play_oracle", card="Gift of Apollo")
    state = step.state
    assert state.phase == "act" and state.veto is None and GAME.to_move(state) == {0}
    assert state.players[0].coins == PLATO + 2
    assert public(step) == [
        "🔮 **Plato** plays *Gift of Apollo*: take 2 coins.",
        "**Homer** and **Aristotle** hold no Veto card and let it be.",
        "**Plato** takes 2 coins.",
    ]


def test_only_those_who_might_hold_a_veto_are_asked():
    state = holding("Gift of Apollo")
    deal(state, 2, "Favour of Dodona")  # Zeus's Veto is still in the Dodona deck
    step = play(state, 0, "play_oracle", card="Gift of Apollo")
    state = step.state
    assert state.phase == "veto" and GAME.to_move(state) == {2}
    assert GAME.view(state, None)["veto"]["answered"] == [1]
    assert public(step)[1:] == [
        "**Homer** holds no Veto card and lets it be.",
        "**Aristotle** may now cancel it with a Veto card.",
    ]
    assert [a.cancel for a in GAME.legal_actions(state, 2)] == [False]  # a secret: asked all the same
    step = play(state, 2, "veto", cancel=False)
    assert step.state.phase == "act" and step.state.players[0].coins == PLATO + 2
    assert "**Aristotle** has answered (0 still to answer)." in public(step)


def test_a_veto_already_spent_cannot_be_held():
    state = holding("Gift of Apollo")
    deal(state, 1, "Favour of Dodona")
    deal(state, 2, "Zeus's Veto")
    assert not surely_cannot_cancel(state, 1) and not surely_cannot_cancel(state, 2)
    state = play(state, 0, "play_oracle", card="Gift of Apollo").state
    assert GAME.to_move(state) == {1, 2}
    state = play(state, 1, "veto", cancel=False).state
    step = play(state, 2, "veto", cancel=True)
    assert "🚫 **Aristotle** cancels *Gift of Apollo* with *Zeus's Veto*." in public(step)
    state = step.state  # Zeus's Veto is in the box now: a Dodona card is no Veto any more
    assert surely_cannot_cancel(state, 1) and state.players[1].oracles == ["Favour of Dodona"]
    deal(state, 0, "Sacred Grove")
    step = play(state, 0, "play_oracle", card="Sacred Grove")
    assert step.state.phase == "act" and step.state.players[0].builders == 1
    assert "**Homer** and **Aristotle** hold no Veto card and let it be." in public(step)


def test_a_cancelled_or_resolved_card_is_the_same_when_answered_for():
    state = holding("Gift of Apollo", seats=2)
    deal(state, 1, "Apollo's Veto")
    state = play(state, 0, "play_oracle", card="Gift of Apollo").state
    assert GAME.to_move(state) == {1}  # the one who holds a Veto still decides
    step = play(state, 1, "veto", cancel=True)
    assert step.state.players[0].coins == PLATO and step.state.players[1].oracles == []


def test_over_playouts_who_is_asked_is_public_and_only_they_are_asked():
    """Players who go to the Oracles and play what they collect: each card asks exactly the others
    who might hold a Veto, and that set does not change when the hidden cards are re-dealt."""
    seen = {"at once": 0, "asked": 0}
    for seed in range(12):
        chance = Chance.seeded(f"answers:{seed}")
        seats = 2 + seed % 5
        state = GAME.setup(seats, GAME.Options(), chance)
        for number in range(1500):
            if GAME.outcome(state) is not None:
                break
            if state.phase == "veto":
                assert all(not surely_cannot_cancel(state, seat) for seat in GAME.to_move(state))
                shadow = GAME.shuffle_secrets(state, Chance.seeded(f"shadow:{number}"), keep=None)
                assert GAME.to_move(shadow) == GAME.to_move(state)
            seat = chance.pick(sorted(GAME.to_move(state)))
            legal = GAME.legal_actions(state, seat)
            oracles = [a for a in legal if a.kind in ("play_oracle", "consult")]
            action = chance.pick(oracles) if oracles else GAME.stand_in(state, seat, chance)
            if action.kind == "move" and chance.roll(2) == 1:  # to an Oracle, now and then
                action = next((a for a in legal if data.LOCATIONS[a.to].kind == "oracle"), action)
            after = referee.play(GAME, state, seat, action, chance).state
            if action.kind == "play_oracle":
                might = {other for other in range(seats) if other != seat and not surely_cannot_cancel(state, other)}
                assert (after.phase == "veto") == bool(might)
                if might:
                    assert GAME.to_move(after) == might
                seen["asked" if might else "at once"] += 1
            state = after
    assert min(seen.values()) >= 5, seen
