"""Philosophia's options and state, and small questions about a position.

A "who" is an index into `State.players`: seats 0..seats-1, and in solo games the Moirai at index
`seats` (an automaton that never appears in `to_move`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from . import data

Phase = Literal["move", "bonus", "act", "veto", "auction", "debate", "over"]


class Options(BaseModel):
    movement: Literal["free", "adjacent"] = "free"  # "adjacent": the pre-Kickstarter one step
    tutor: Literal["wisdom", "flat"] = "wisdom"  # 1 + Wisdom cards, or a flat 2 coins
    hourglass_rounds: int = Field(default=4, ge=1, le=10)  # the timeline moves itself every N rounds
    romans_hurry: bool = False  # ... and after every round once someone holds 2 Labyrinth tokens
    true_philosopher: bool = False  # beats are hidden; a responder must claim the result
    examples: bool = False  # True Philosopher: each card argued needs a one-line example of its form
    characters: list[str] = Field(default_factory=list, max_length=6)  # by seat; empty: dealt at random
    moirai_character: str | None = None  # solo: the philosopher the Fates play


class Player(BaseModel):
    character: str
    location: str
    coins: int = 0
    builders: int = 0
    sophists: int = 0
    study: int = 0
    followers_left: int = data.FOLLOWERS
    schools_left: int = data.SCHOOLS
    debate_wins: int = 0
    tokens: list[str] = []  # location token colours kept on the board
    wisdom: list[str] = []  # unlocked Wisdom cards
    hand: list[str] = []  # argument cards (secret)
    oracles: list[str] = []  # Oracle cards (secret)
    requests: list[str] = []  # Olympic Request cards won
    disks: int = 0  # Athena Offering disks
    claimed: list[str] = []  # Labyrinth criteria already turned into tokens
    numbered: int | None = None  # the numbered (third) Labyrinth token
    silenced: bool = False
    automaton: bool = False


class Site(BaseModel):
    followers: list[int] = []
    schools: list[int] = []
    token: str | None = None


class Supply(BaseModel):
    builders: int = data.SUPPLY["builders"]
    sophists: int = data.SUPPLY["sophists"]
    study: int = data.SUPPLY["study"]
    debate_tokens: int = data.SUPPLY["debate_tokens"]
    regular: int = data.SUPPLY["regular"]
    numbered: list[int] = list(data.NUMBERED_TOKENS)
    disks: int = data.SUPPLY["disks"]


class Debate(BaseModel):
    initiator: int
    challenged: int
    leader: int  # who plays first this round; it alternates
    step: Literal["lead", "respond", "dump"] = "lead"
    table: str | None = None  # the leading card, face up
    dumper: int | None = None  # after a pass: who may play the rest of their cards
    piles: dict[int, list[str]] = {}
    round: int = 1
    moirai_played: int = 0
    final: bool = False


class Final(BaseModel):
    """The Final Public Debate: every pair of finishers debates once; piles run on."""

    order: list[int]
    pairings: list[tuple[int, int]]
    index: int = 0
    piles: dict[int, list[str]] = {}


class Auction(BaseModel):
    initiator: int
    card: str
    bids: dict[int, int] = {}


class Veto(BaseModel):
    """An Oracle card on the table, waiting for every other player to let it be or cancel it."""

    player: int
    card: str
    target: int | None = None
    choice: str | None = None
    answers: dict[int, bool] = {}


class State(BaseModel):
    options: Options
    seats: int
    players: list[Player]
    sites: dict[str, Site]
    sophistry: list[str]  # decks, top card first
    syllogism: list[str]
    oracle_decks: dict[str, list[str]]
    requests: list[str]
    moirai_deck: list[str] = []
    moirai_discard: list[str] = []
    moirai_runs: int = 0  # times the Moirai deck ran out
    supply: Supply = Field(default_factory=Supply)
    timeline: int = 0  # index into data.TIMELINE
    round: int = 1
    turn: int = 0
    phase: Phase = "move"
    debate: Debate | None = None
    final: Final | None = None
    auction: Auction | None = None
    veto: Veto | None = None
    last_auction: dict[str, Any] | None = None  # the revealed bids of the last auction
    last_debate: dict[str, Any] | None = None  # the piles of the last debate, as they were shown
    winners: list[int] | None = None
    end: str = ""


# --- Reading the position ------------------------------------------------------------------------


# The parts of a position that only some phases have, for the code that runs in those phases: each
# asserts the rule that guarantees it.


def current_debate(state: State) -> Debate:
    assert state.debate is not None, "a debate is under way, or just over and being scored"
    return state.debate


def current_final(state: State) -> Final:
    assert state.final is not None, "the Final Public Debate has begun"
    return state.final


def current_auction(state: State) -> Auction:
    assert state.auction is not None, "an auction is open: the auction phase"
    return state.auction


def current_veto(state: State) -> Veto:
    assert state.veto is not None, "an Oracle card waits for answers: the veto phase"
    return state.veto


def solo(state: State) -> bool:
    return state.seats == 1


def name(state: State, who: int) -> str:
    if state.players[who].automaton:
        return f"The Moirai ({state.players[who].character})"
    return state.players[who].character


def bold(state: State, who: int) -> str:
    return f"**{name(state, who)}**"


def everyone(state: State) -> range:
    return range(len(state.players))


def opponents(state: State, who: int) -> list[int]:
    return [other for other in everyone(state) if other != who]


def kind(location: str) -> str:
    return data.LOCATIONS[location].kind


def occupants(state: State, location: str) -> list[int]:
    return [who for who, player in enumerate(state.players) if player.location == location]


def perk_count(player: Player, perk: str) -> int:
    return sum(1 for card in player.wisdom if data.WISDOM[card] == perk)


def hand_limit(player: Player) -> int:
    return data.HAND_LIMIT + perk_count(player, "hand")


def locked_wisdom(player: Player) -> list[str]:
    return [card for card in data.CHARACTERS[player.character].wisdom if card not in player.wisdom]


def debate_cards(player: Player) -> list[str]:
    """Everything a player can argue with: argument cards and the Oracle's riddle."""
    return player.hand + [card for card in player.oracles if card == data.RIDDLE]


def builder_cost(player: Player) -> int:
    return 1 if perk_count(player, "builder") else data.BUILDER_COST


def sophist_cost(player: Player) -> int:
    return 0 if perk_count(player, "sophist") else data.SOPHIST_COST


def school_cost(player: Player) -> int:
    return 0 if perk_count(player, "school") else data.SCHOOL_COST


def study_cost(player: Player) -> int:
    return data.STUDY_COST - 1 if perk_count(player, "study") else data.STUDY_COST


def tutor_income(state: State, player: Player) -> int:
    if state.options.tutor == "flat":
        return data.FLAT_TUTOR + player.disks
    return 1 + len(player.wisdom) + player.disks


def hand_counts(player: Player) -> dict[str, int]:
    counts = {"sophistry": 0, "syllogism": 0}
    for card in player.hand:
        counts[data.deck_of(card)] += 1
    return counts


def oracle_counts(player: Player) -> dict[str, int]:
    counts = {deck: 0 for deck in data.ORACLE_DECKS}
    for card in player.oracles:
        counts[data.ORACLES[card].deck] += 1
    return counts
