"""Ostrakon tells where everyone stands: after each turn's reveal the path, at the end the final
standings, closest to the Temple first."""

from engine import Chance, referee
from engine.ostrakon import GAME
from engine.ostrakon.data import PHILOSOPHERS
from engine.ostrakon.rules import Options, Pile, State

NAMES = PHILOSOPHERS


def build(piles: dict[int, list[int]], sun: int, players: int = 8, **fields) -> State:
    return State(
        options=Options(special_days=False),
        names=list(NAMES[:players]),
        days=fields.pop("days", 5),
        sun=sun,
        piles=[Pile(space=space, seats=seats) for space, seats in sorted(piles.items())],
        deck=["Food", "Love", "Work"],
        subject="Sport",
        next_subject="Money",
        **fields,
    )


def turn(state: State, black: set[int]) -> tuple[State, list[str]]:
    """A whole turn: the speaker asks, every seat votes; returns the state and the public texts."""
    question = {"kind": "ask", "question": f"Question {len(state.asked) + 1}?", "white": "Yes", "black": "No"}
    state = referee.play(GAME, state, GAME.view(state, None)["speaker"], question, Chance.scripted()).state
    for seat in range(len(state.names)):
        step = referee.play(
            GAME, state, seat, {"kind": "vote", "stone": "black" if seat in black else "white"}, Chance.scripted()
        )
        state = step.state
    return state, [event.text for event in step.events if event.to is None]


def test_after_a_reveal_the_path_is_told_pile_by_pile_top_first_with_the_sun_and_those_under_it():
    state = build({2: [7, 6, 5, 4, 3, 0], 5: [1, 2]}, sun=2)
    state, texts = turn(state, {0, 1, 2, 3, 4})  # 4 of 7 match: Doreminos goes forward 3, onto 5
    line = next(text for text in texts if text.startswith("📍"))
    assert line == (
        "📍 On the path (space, top of the pile first): 5 Doreminos, Calippos, Nausicaa · "
        "☀️2 Malia, Archelaos, Berenike, Eudoxa, Filemone"
    )
    assert texts.index(line) == len(texts) - 2  # just before the next speaker is announced
    state, texts = turn(state, {3})  # Malia matches nobody: under the Sun
    line = next(text for text in texts if text.startswith("📍"))
    assert line.endswith("☀️2 Archelaos, Berenike, Eudoxa, Filemone · ☀️ under the Sun on 2: Malia")


def test_the_path_told_agrees_with_the_public_view_after_every_turn_of_a_game():
    state = GAME.setup(9, None, Chance.seeded("standings"))
    chance = Chance.seeded("standings-play")
    told = 0
    while GAME.outcome(state) is None:
        seat = min(GAME.to_move(state))
        step = referee.play(GAME, state, seat, GAME.stand_in(state, seat, chance), chance)
        state = step.state
        for text in (e.text for e in step.events if e.text.startswith("📍")):
            told += 1
            view = GAME.view(state, None)
            for pile in view["piles"]:
                names = ", ".join(view["names"][s] for s in reversed(pile["seats"]))
                assert f"{pile['space']} {names}" in text
            for seat in view["under_sun"]:
                assert view["names"][seat] in text.split("under the Sun")[1]
    assert told > 10


def test_the_game_ends_with_the_final_standings_closest_to_the_temple_first():
    state = build({9: [1], 12: [0, 2, 3, 4]}, sun=9, players=5, days=6, day=6)
    state, texts = turn(state, set())  # unanimous: Nausicaa stays; the day and the game end
    assert GAME.outcome(state).winners == (4,)
    assert texts[-1] == (
        "🏁 Final standings:\n1. **Archelaos**, space 12\n2. **Malia**, space 12\n"
        "3. **Calippos**, space 12\n4. **Doreminos**, space 12\n5. **Nausicaa**, space 9"
    )
    assert not any(text.startswith("📍") for text in texts)


def test_an_outstanding_victory_puts_the_winner_in_the_temple_first_and_those_under_the_sun_last():
    state = build({2: [3, 4, 5, 6, 7], 15: [1, 0]}, sun=15, under_sun=[2])
    state, texts = turn(state, {0, 1, 3, 4, 5, 6})  # 5 of 7 match, 2 do not: 15 + 2 = the Temple
    assert GAME.outcome(state).winners == (0,)
    assert texts[-1] == (
        "🏁 Final standings:\n1. **Doreminos**, the Temple\n2. **Nausicaa**, space 15\n"
        "3. **Calippos**, space 15\n4. **Filemone**, space 2\n5. **Eudoxa**, space 2\n"
        "6. **Berenike**, space 2\n7. **Archelaos**, space 2\n8. **Malia**, space 2"
    )
