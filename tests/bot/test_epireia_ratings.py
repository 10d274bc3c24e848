"""Epireia's leagues are rated as teams, two players as 1v1 (the sides of tests/bot/test_ratings.py;
`by_the_rule` is openskill held to the result)."""

import pytest

from .test_ratings import ALICE, BOB, CAROL, DAN, MODEL, assert_rated, by_the_rule, finish, stored, winning_seats


@pytest.mark.parametrize("players", [4, 3, 2])
async def test_epireias_leagues_are_rated_as_teams_and_two_players_as_1v1(service, players):
    humans = [ALICE, BOB, CAROL, DAN][:players]
    table = await finish(service, "epireia", humans, f"leagues-{players}")
    state, won = service.state_of(table), winning_seats(service, table)
    leagues: dict[str, list[int]] = {}
    for player in state.players:
        leagues.setdefault(player.league, []).append(player.seat)
    assert len(leagues) == 2 and (players > 2 or all(len(seats) == 1 for seats in leagues.values()))
    sides = list(leagues.values())
    expected = by_the_rule(
        [[MODEL.rating() for _ in seats] for seats in sides], [1 if won & set(seats) else 2 for seats in sides]
    )
    assert_rated(
        await stored(service.store, game="epireia"),
        {humans[seat]: rating for seats, team in zip(sides, expected) for seat, rating in zip(seats, team)},
    )
