"""Nine Muses' menus: the action first, then the card. No menu offers the same action once per
card in hand ("Demonstrate 2 Craft → 2 VP · discard X" for each X): it offers the action once, and
the action's own menu offers the cards. Every move is one or two picks away."""

import re

import pytest

from bot.discord_app.delivery.components import opened_group, screen_of
from bot.discord_app.delivery.layout import Buttons, Groups, Nav, Select
from bot.render import nine_muses as render
from bot.tables.menu import build
from engine import Chance, referee
from engine.nine_muses import GAME
from engine.nine_muses.actions import Toil
from engine.nine_muses.data import CARD_NAMES

from .test_menus import picks

CARD = re.compile(r"\b(" + "|".join(map(re.escape, CARD_NAMES)) + r")\b")


def options(screen) -> list[str]:
    """What one screen offers: its groups, its moves and the groups its buttons open."""
    texts = []
    for row in screen.rows:
        if isinstance(row, Groups):
            texts += [g.name for g in row.groups]
        if isinstance(row, (Buttons, Select)):
            texts += [c.label for c in row.choices]
        if isinstance(row, Nav):
            texts += [label for label, group, _ in row.targets if group is not None]
    return texts


def check_no_menu_repeats_itself(menu) -> None:
    """On every screen, the options without the cards they name are all different (actions to
    choose from), or all the same (one action: its cards to choose from)."""
    groups = {c.group for c in menu.choices}
    for group in [None, *range(len(groups))]:
        texts = options(screen_of(menu, group))
        bare = [CARD.sub("", text) for text in texts]
        assert len(set(bare)) in (len(bare), 1), texts


def a_turn(hand: list[str], knowledge: dict[str, int]):
    state = GAME.setup(3, None, Chance.scripted())
    state.players[state.turn].hand = hand
    state.players[state.turn].knowledge = knowledge
    return state, build(GAME, 1, 1, state, state.turn, True)


def test_the_action_comes_first_then_the_card():
    state, menu = a_turn(["Aesop", "Telesilla", "Heron"], {"craft": 3, "science": 1, "ethics": 0})
    assert len(menu.choices) == 20  # one select of them all, once
    groups, alone = screen_of(menu).rows
    assert [g.name for g in groups.groups] == [
        "Exchange: gain 2 Craft",
        "Demonstrate 3 Craft → 3 VP",
        "Demonstrate 2 Craft → 2 VP",
        "Demonstrate 1 Craft → 1 VP",
        "Demonstrate 1 Science → 2 VP",
        "Toil: +1 Craft",
    ]
    assert [c.label for c in alone.choices] == [
        "Aesop: 1 Craft → 1 Science",
        "Heron: gain 1 Craft + 1 Science",
        "Heron: 1 Science → 3 Craft",
    ]
    demonstrate = groups.groups[2]
    cards, back = screen_of(menu, demonstrate.number).rows
    assert [c.label for c in cards.choices] == ["discard Aesop", "discard Heron", "discard Telesilla"]
    assert [menu.by_key[c.key].label for c in cards.choices][0] == "Demonstrate 2 Craft → 2 VP · discard Aesop"
    assert back.targets == (("◀ All moves", None, 0),)
    assert opened_group(menu, demonstrate.number) == "Demonstrate 2 Craft → 2 VP"  # the message says it
    same_option = screen_of(menu, groups.groups[0].number).rows[0]
    assert [c.label for c in same_option.choices] == ["Aesop: gain 2 Craft", "Telesilla: gain 2 Craft"]
    assert set(picks(menu).values()) == {1, 2}
    check_no_menu_repeats_itself(menu)


def test_one_card_left_is_one_list():
    _, menu = a_turn(["Heron"], {"craft": 9, "science": 3, "ethics": 0})
    (select,) = screen_of(menu).rows
    assert isinstance(select, Select) and len(select.choices) == len(menu.choices) > 10
    assert set(picks(menu).values()) == {1}


def test_a_toil_that_steals_names_its_card_last():
    toil = Toil(card="Archimedes", steal={"craft": [2]})
    assert GAME.label(toil) == "Toil: +1 Craft · discard Archimedes · steal Craft from Zeno"  # the engine's
    view = GAME.view(GAME.setup(3, None, Chance.scripted()), 0)
    assert render.label(view, toil) == "Toil: +1 Craft · steal Craft from Zeno · discard Archimedes"
    assert render.group(view, toil) == "Toil: +1 Craft · steal Craft from Zeno"
    assert render.label(view, Toil(card="Archimedes")) is None


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_over_playouts_no_menu_repeats_itself_and_a_move_is_two_picks_away(seats):
    for seed in range(6):
        chance = Chance.seeded(f"nine-muses-menus:{seats}:{seed}")
        state = GAME.setup(seats, None, chance)
        while GAME.outcome(state) is None:
            seat = next(iter(GAME.to_move(state)))
            menu = build(GAME, 1, 1, state, seat, True)
            assert max(picks(menu).values()) <= 2
            check_no_menu_repeats_itself(menu)
            legal = GAME.legal_actions(state, seat)
            action = GAME.stand_in(state, seat, chance) if chance.roll(2) == 1 else chance.pick(legal)
            state = referee.play(GAME, state, seat, action, chance).state


async def test_the_message_of_an_action_s_cards_names_the_action(service):
    """Its buttons read "discard Aesop": the message above them says what they do."""
    from bot.discord_app.delivery.messages import moves_message

    table = await service.create(guild_id=1, channel_id=1, host_id=100, game=GAME.key, seed="menus")
    await service.join(table.id, 101)
    table = (await service.start(table.id, 100)).table
    (user,) = service.waiting_on(table)
    menu = service.menu(table, table.seats.index(user))
    groups = screen_of(menu).rows[0].groups
    toil = next(g for g in groups if g.name == "Toil: +1 Craft")
    text, components = moves_message(service, table, user, group=toil.number)
    assert "👉 **Toil: +1 Craft**: choose below." in text
    labels = [item["label"] for row in components.to_components() for item in row["components"]]
    hand = service.state_of(table).players[table.seats.index(user)].hand
    cards = [card for card in CARD_NAMES if card in hand]
    assert labels == [f"discard {card}" for card in cards] + ["◀ All moves"]
    top, _ = moves_message(service, table, user)
    assert "👉" not in top
