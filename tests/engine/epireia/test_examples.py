"""The rulebook's worked examples, reproduced exactly."""

from engine.epireia.actions import EndDiplomacy, Move

from .test_setup import end_development, new_game, play


def texts(step):
    return [e.text for e in step.events if e.to is None]


def athens_against_sparta():
    """Athens (Delian, seat 0) with Cleisthenes and Pericles; Sparta (seat 1) with Brasidas."""
    state = new_game(["Athens", "Sparta"], figures={"Athens": "Pericles", "Sparta": "Brasidas"})
    state.players[0].figures = ["Cleisthenes", "Pericles"]
    return end_development(state)


def test_conflict_cleisthenes_and_pericles_against_brasidas():
    """Rulebook: Cleisthenes (2) and Pericles (3) against Brasidas (2); the first player rolls 4,
    the second 5: 4 + 2 + 3 = 9 against 5 + 2 = 7, and the first player wins the Territory."""
    state = athens_against_sparta()
    state = play(state, 1, Move(figure="Brasidas", to="Epirus")).state  # the Peloponnesian moves first
    state = play(state, 0, Move(figure="Cleisthenes", to="Epirus")).state
    # Sparta's roll comes first (the Peloponnesian League resolves first): 5, then Athens's 4.
    step = play(state, 0, Move(figure="Pericles", to="Epirus"), rolls=[5, 4])
    lines = texts(step)
    assert any("**Sparta** (Brasidas) rolls 🎲 **5** + 2 attack = **7**" in t for t in lines)
    assert any("**Athens** (Cleisthenes, Pericles) rolls 🎲 **4** + 5 attack = **9**" in t for t in lines)
    assert any("**Athens** wins the conflict at Epirus" in t for t in lines)
    state = step.state
    assert state.territories["Epirus"].owner == "Athens"
    assert state.places.get("Brasidas") is None  # back home
    assert state.places["Pericles"] == state.places["Cleisthenes"] == "Epirus"  # they stay
    # The tax of Epirus (2 Wheat) on top of the Collection's 1; Pericles's +1 Prestige for the win.
    assert state.players[0].wheat == 2 + 2 + 1
    assert state.players[0].prestige == 2


def test_conflict_tie_sends_everyone_home():
    state = athens_against_sparta()
    state = play(state, 1, Move(figure="Brasidas", to="Epirus")).state
    state = play(state, 0, Move(figure="Cleisthenes", to="Epirus")).state
    step = play(state, 0, Move(figure="Pericles", to="Epirus"), rolls=[8, 5])  # 8 + 2 = 5 + 5
    assert any("A tie at Epirus" in t for t in texts(step))
    assert step.state.territories["Epirus"].owner is None
    assert step.state.places == {}


def test_brigands_need_3_or_more_against_combined_attack_5():
    """Rulebook: Cleisthenes (2) and Pericles (3) against Brigands: combined attack 5, so a roll of
    3 or more defeats them."""
    for die, beaten in ((3, True), (2, False)):
        state = athens_against_sparta()
        state.territories["Epirus"].brigands = True
        state = play(state, 1, EndDiplomacy()).state
        state = play(state, 0, Move(figure="Cleisthenes", to="Epirus")).state
        step = play(state, 0, Move(figure="Pericles", to="Epirus"), rolls=[die])
        assert any(f"rolls 🎲 **{die}** (5 attack: needs 3+)" in t for t in texts(step))
        assert step.state.territories["Epirus"].brigands is (not beaten)
        assert (step.state.territories["Epirus"].owner == "Athens") is beaten


def test_brigand_targets_by_combined_attack():
    from engine.epireia.data import brigand_target

    assert [brigand_target(a) for a in range(1, 8)] == [7, 7, 5, 5, 3, 3, 3]


def persia(heliodorus_roll, themistocles_roll):
    """Heliodorus of Larissa (Peloponnesian, seat 1) and Themistocles of Athens at Persia."""
    state = new_game(["Athens", "Larissa"], figures={"Athens": "Themistocles", "Larissa": "Heliodorus"})
    state = end_development(state)
    state = play(state, 1, Move(figure="Heliodorus", to="Persia")).state
    return play(state, 0, Move(figure="Themistocles", to="Persia"), rolls=[heliodorus_roll, themistocles_roll])


def test_persia_needs_9_with_two_figures_but_heliodorus_cancels_the_penalty():
    """Rulebook: Persia needs 7+, but 9+ with two figures there; Heliodorus's +2 on Empire rolls
    cancels the penalty for him."""
    step = persia(7, 8)
    lines = texts(step)
    assert any("**Larissa** (Heliodorus) rolls 🎲 **7** +2 Heliodorus = **9**, needs 9+" in t for t in lines)
    assert any("**Athens** (Themistocles) rolls 🎲 **8** = **8**, needs 9+" in t for t in lines)
    assert any("Persia favours **Larissa**" in t for t in lines)
    assert any("Persia turns **Athens** away" in t for t in lines)
    larissa, athens = step.state.players[1], step.state.players[0]
    assert larissa.copper == 2 + 3 + 1  # Persia's 3 Copper, then the Collection
    assert athens.copper == 2 + 1
    assert step.state.places == {}  # both return home whatever the result
    lines = texts(persia(6, 9))
    assert any("Persia turns **Larissa** away" in t for t in lines)
    assert any("Persia favours **Athens**" in t for t in lines)


def test_persia_alone_needs_7():
    state = new_game(["Athens", "Larissa"], figures={"Athens": "Themistocles"})
    state = end_development(state)
    state = play(state, 1, EndDiplomacy()).state
    step = play(state, 0, Move(figure="Themistocles", to="Persia"), rolls=[7])
    assert any("= **7**, needs 7+" in t for t in texts(step))
    assert any("Persia favours **Athens**" in t for t in texts(step))
