"""Run!: two dice, doubles move everyone, no diagonals, nothing passed through, goal boxes."""

import pytest

from engine import IllegalAction
from engine.grudgematch import GAME
from engine.grudgematch.state import Running

from .test_helpers import F, G, play, position

SPOTS = {
    "Nietzsche": "F3",
    "Husserl": "C5",
    "Hegel": "F6",
    "Heidegger": "I5",
    "Descartes": "F15",
    "Pascal": "C13",
    "Sartre": "F12",
    "Foucault": "I13",
}


def running(dice, spots=None, ball="A9", seat=G):
    left = [dice[0]] * 4 if dice[0] == dice[1] else sorted(dice)
    return position(
        dict(spots or SPOTS),
        ball,
        [["2C"], ["3C"]],
        mover=seat,
        phase="run",
        running=Running(seat=seat, rolled=dice, left=left),
    )


def run(state, who, to, seat=G):
    # When running ends with nothing to kick, the turn passes and the other side rolls 1 and 2.
    return play(state, seat, {"kind": "run", "who": who, "to": to}, rolls=[1, 2]).state


def test_two_different_dice_move_two_different_philosophers():
    state = running([2, 5])
    state = run(state, "Hegel", "F8")  # 2 steps: the 2 is enough, the 5 is kept
    assert state.running.left == [5] and state.spots["Hegel"] == "F8"
    with pytest.raises(IllegalAction, match="already run"):
        run(state, "Hegel", "F9")
    state = run(state, "Husserl", "C10")  # 5 steps
    assert state.spots["Husserl"] == "C10"
    assert state.mover == F and state.running.seat == F  # nothing to kick: the French turn


def test_the_larger_die_is_used_when_the_smaller_cannot_reach():
    state = run(running([2, 5]), "Hegel", "F10")
    assert state.running.left == [2]
    with pytest.raises(IllegalAction, match="cannot reach"):
        run(state, "Husserl", "C8")


def test_doubles_move_every_philosopher_up_to_the_number_on_one_die():
    state = running([3, 3])
    for who, to in (("Nietzsche", "F2"), ("Husserl", "C8"), ("Hegel", "F9"), ("Heidegger", "I8")):
        assert state.mover == G
        state = run(state, who, to)
    assert state.mover == F
    with pytest.raises(IllegalAction):
        run(running([3, 3]), "Hegel", "F10")  # 4 steps


def test_no_diagonals():
    with pytest.raises(IllegalAction):
        run(running([1, 1]), "Hegel", "G7")  # the diagonal neighbour is two steps away...
    assert run(running([1, 2]), "Hegel", "G7").running.left == [1]  # ... so it takes the 2


def test_nobody_runs_through_the_ball_or_another_philosopher():
    # Hegel in a corridor: Husserl above him at F5 and the ball below at F7; walls of philosophers.
    spots = {"Hegel": "F6", "Husserl": "F5", "Heidegger": "E6", "Pascal": "G6", "Nietzsche": "F3"}
    state = running([4, 6], spots=spots, ball="F7")
    assert not [a for a in GAME.legal_actions(state, G) if getattr(a, "who", "") == "Hegel"]
    with pytest.raises(IllegalAction):
        run(state, "Hegel", "F8")
    with pytest.raises(IllegalAction):
        run(state, "Husserl", "F6")  # onto a philosopher


def test_only_a_teams_own_goalie_enters_its_goal_box():
    spots = {"Nietzsche": "F3", "Hegel": "D2", "Descartes": "F14", "Pascal": "D16", "Sartre": "H14"}
    state = running([2, 3], spots=spots)
    with pytest.raises(IllegalAction, match="goal box"):
        run(state, "Hegel", "E2")
    assert run(state, "Nietzsche", "F1").spots["Nietzsche"] == "F1"
    # Nietzsche may not enter the French box, nor go through it.
    state = running([2, 3], spots={"Nietzsche": "F14", "Descartes": "A1", "Pascal": "D17"})
    with pytest.raises(IllegalAction):
        run(state, "Nietzsche", "F16")
    french = running([3, 4], spots={"Descartes": "F14", "Pascal": "D16", "Nietzsche": "A1"}, seat=F)
    assert run(french, "Descartes", "F16", seat=F).spots["Descartes"] == "F16"
    with pytest.raises(IllegalAction):
        run(french, "Pascal", "F16", seat=F)  # the box is Descartes' alone
    destinations = {a.to for a in GAME.legal_actions(french, F) if getattr(a, "who", "") == "Pascal"}
    assert not destinations & {"E16", "F16", "G16", "E17", "F17", "G17"}


def test_running_is_optional():
    state = play(running([2, 5]), G, {"kind": "stop_running"}, rolls=[1, 2]).state
    assert state.mover == F and state.spots == SPOTS


def test_nobody_but_the_goalie_runs_through_a_goal_box():
    state = running([4, 5], spots={"Hegel": "D2", "Nietzsche": "A1", "Descartes": "A17"})
    with pytest.raises(IllegalAction):
        run(state, "Hegel", "H2")  # 4 steps through E2-F2-G2; 6 the long way round
    state = running([6, 5], spots={"Hegel": "D2", "Nietzsche": "A1", "Descartes": "A17"})
    assert run(state, "Hegel", "H2").running.left == [5]


def test_the_view_lists_each_runners_reachable_spaces_with_their_steps():
    state = running([1, 2], spots={"Hegel": "F6", "Husserl": "F5", "Nietzsche": "A1", "Descartes": "A17"})
    reach = GAME.view(state, None)["running"]["reach"]
    assert reach["Hegel"] == {"E6": 1, "G6": 1, "E7": 2, "F7": 1, "G7": 2, "D6": 2, "H6": 2, "F8": 2, "E5": 2, "G5": 2}
    assert set(reach["Nietzsche"]) == {"B1", "A2", "C1", "B2", "A3"}
    labels = {GAME.label(a) for a in GAME.legal_actions(state, G) if a.kind == "run"}
    assert labels == {f"{who} → {space}" for who in reach for space in reach[who]}
