"""Philosophia's table data.

TABLE RULES: our copy of the rulebook lost the pages with the map, the characters, the card texts,
the timeline and the solo deck. Everything here is our default (see docs/philosophia.md), built from
the published facts where there are any and from the team's proposals elsewhere. Change the game
here, not in the rules.
"""

from __future__ import annotations

from typing import NamedTuple

# --- The map ---------------------------------------------------------------------------------------


class Location(NamedTuple):
    name: str
    kind: str  # city, port, temple, oracle, acropolis
    region: str = ""  # "east" or "west" for the cities of Ionia and of the west


LOCATIONS: dict[str, Location] = {
    "athens": Location("Agora of Athens", "city"),
    "corinth": Location("Corinth", "city"),
    "sparta": Location("Sparta", "city"),
    "thebes": Location("Thebes", "city"),
    "stagira": Location("Stagira", "city"),
    "abdera": Location("Abdera", "city"),
    "ithaca": Location("Ithaca", "city", "west"),
    "syracuse": Location("Syracuse", "city", "west"),
    "elea": Location("Elea", "city", "west"),
    "miletus": Location("Miletus", "city", "east"),
    "ephesus": Location("Ephesus", "city", "east"),
    "samos": Location("Samos", "city", "east"),
    "chios": Location("Chios", "city", "east"),
    "piraeus": Location("Piraeus", "port"),
    "rhodes": Location("Rhodes", "port"),
    "knossos": Location("Knossos", "port"),
    "delos": Location("Temple of Apollo at Delos", "temple"),
    "olympia": Location("Temple of Zeus at Olympia", "temple"),
    "eleusis": Location("Temple of Demeter at Eleusis", "temple"),
    "delphi": Location("Oracle of Delphi", "oracle"),
    "dodona": Location("Oracle of Dodona", "oracle"),
    "lebadea": Location("Oracle of Trophonius", "oracle"),
    # The Acropolis: four spots, one action each, no standard actions.
    "observe": Location("Acropolis: Observe the Debaters", "acropolis"),
    "timeline": Location("Acropolis: Progress the Timeline", "acropolis"),
    "athena": Location("Acropolis: Offering to Athena", "acropolis"),
    "debate": Location("Acropolis: Public Debate", "acropolis"),
}

ORACLE_DECK_AT = {"delphi": "delphi", "dodona": "dodona", "lebadea": "trophonius"}

# Only for the "adjacent" movement option (the published game moves freely).
ROUTES = (
    ("athens", "piraeus"),
    ("athens", "thebes"),
    ("athens", "eleusis"),
    ("athens", "corinth"),
    ("piraeus", "corinth"),
    ("piraeus", "delos"),
    ("eleusis", "thebes"),
    ("eleusis", "corinth"),
    ("thebes", "lebadea"),
    ("lebadea", "delphi"),
    ("delphi", "corinth"),
    ("delphi", "dodona"),
    ("dodona", "ithaca"),
    ("dodona", "stagira"),
    ("ithaca", "elea"),
    ("ithaca", "olympia"),
    ("elea", "syracuse"),
    ("syracuse", "knossos"),
    ("olympia", "corinth"),
    ("olympia", "sparta"),
    ("sparta", "corinth"),
    ("sparta", "knossos"),
    ("knossos", "rhodes"),
    ("knossos", "delos"),
    ("rhodes", "miletus"),
    ("delos", "samos"),
    ("delos", "chios"),
    ("samos", "miletus"),
    ("samos", "ephesus"),
    ("ephesus", "miletus"),
    ("ephesus", "chios"),
    ("chios", "abdera"),
    ("abdera", "stagira"),
    ("stagira", "thebes"),
    ("observe", "timeline"),
    ("observe", "athena"),
    ("observe", "debate"),
    ("timeline", "athena"),
    ("timeline", "debate"),
    ("athena", "debate"),
) + tuple((spot, town) for spot in ("observe", "timeline", "athena", "debate") for town in ("athens", "piraeus"))


def neighbours(location: str) -> list[str]:
    found = [b for a, b in ROUTES if a == location] + [a for a, b in ROUTES if b == location]
    return sorted(set(found), key=list(LOCATIONS).index)


# --- Characters and their Wisdom cards -----------------------------------------------------------


class Character(NamedTuple):
    start: str
    coins: int
    sophistry: int  # starting argument cards from each deck
    syllogism: int
    ability: str
    wisdom: tuple[str, str, str]


CHARACTERS: dict[str, Character] = {
    "Socrates": Character(
        "athens", 2, 2, 2, "wins a tied debate even when challenged", ("Know Thyself", "The Gadfly", "Elenchus")
    ),
    "Plato": Character(
        "syracuse",
        2,
        1,
        1,
        "builds a school without a Builder (still pays the coin)",
        ("The Academy", "Theory of Forms", "Allegory of the Cave"),
    ),
    "Aristotle": Character(
        "stagira",
        3,
        1,
        2,
        "may Study anywhere, not only at a Temple",
        ("The Lyceum", "Prior Analytics", "The Golden Mean"),
    ),
    "Heraclitus": Character(
        "ephesus",
        3,
        2,
        1,
        "may end his move where another philosopher stands",
        ("Panta Rhei", "The Logos", "Unity of Opposites"),
    ),
    "Homer": Character(
        "ithaca",
        3,
        2,
        1,
        "never pays the coin for entering a school",
        ("The Iliad", "The Odyssey", "Invocation of the Muse"),
    ),
    "Sophocles": Character(
        "eleusis",
        4,
        1,
        1,
        "may take an Acropolis spot another philosopher holds",
        ("Oedipus Rex", "Antigone", "The Chorus"),
    ),
}

# Each unlocked Wisdom card adds 1 coin to Tutor and grants one perk.
PERKS = {
    "hand": "+1 to your hand limit of argument cards",
    "purse": "+2 coins whenever you win a debate",
    "observe": "draw 1 more card when you Observe the Debaters",
    "school": "a school costs no coin",
    "study": "Study costs 3 coins instead of 4",
    "token": "+1 coin whenever you arrive at a location token",
    "builder": "a Builder costs 1 coin instead of 2",
    "sophist": "a Sophist costs nothing",
    "fee": "philosophers entering a place with your school pay you 2 coins, not 1",
}
WISDOM: dict[str, str] = {
    "Know Thyself": "hand",
    "The Gadfly": "purse",
    "Elenchus": "observe",
    "The Academy": "school",
    "Theory of Forms": "study",
    "Allegory of the Cave": "token",
    "The Lyceum": "builder",
    "Prior Analytics": "observe",
    "The Golden Mean": "study",
    "Panta Rhei": "token",
    "The Logos": "hand",
    "Unity of Opposites": "sophist",
    "The Iliad": "purse",
    "The Odyssey": "token",
    "Invocation of the Muse": "fee",
    "Oedipus Rex": "sophist",
    "Antigone": "purse",
    "The Chorus": "fee",
}

# --- Economy -------------------------------------------------------------------------------------

FOLLOWERS = 9
SCHOOLS = 4
HAND_LIMIT = 7
BUILDER_COST = 2
MAX_BUILDERS = 4
SCHOOL_COST = 1
SOPHIST_COST = 1
STUDY_COST = 4
ENTRY_FEE = 1
FLAT_TUTOR = 2  # the pre-Kickstarter Tutor, an option
MAX_BID = 20
SUPPLY = {"builders": 12, "sophists": 12, "study": 6, "debate_tokens": 18, "regular": 12, "disks": 11}
NUMBERED_TOKENS = (1, 2, 3, 4, 5, 6)
TOKENS_TO_WIN = 3

# --- Argument cards ------------------------------------------------------------------------------

# Five Syllogisms in a cycle: each beats the next two and loses to the two before it.
SYLLOGISMS = ("Modus Ponens", "Modus Tollens", "Hypothetical Syllogism", "Constructive Dilemma", "Destructive Dilemma")
# Sophistry always loses to a Syllogism and ties with Sophistry; its lower-left number is its
# value in an Athena auction.
SOPHISTRY = {"Ad Hominem": 1, "Ad Populum": 1, "Post Hoc": 2, "Ad Verecundiam": 2, "Ad Baculum": 3}
COPIES = 8
RIDDLE = "Pythia's Riddle"  # the Oracle's argument card: beats every other argument


# What a stand-in says when the True Philosopher variant asks for an example of its argument.
EXAMPLES = {
    "Modus Ponens": "If it rains, the agora is wet. It rains. So the agora is wet.",
    "Modus Tollens": "If it had rained, the agora would be wet. It is dry. So it did not rain.",
    "Hypothetical Syllogism": "If I study, I learn; if I learn, I grow wise. So if I study, I grow wise.",
    "Constructive Dilemma": "If war, then taxes; if peace, then trade. War or peace: so taxes or trade.",
    "Destructive Dilemma": "If wise, he speaks; if good, he acts. He is silent or idle: so not wise or not good.",
    "Ad Hominem": "Ignore his theory: he cannot even keep his own house in order.",
    "Ad Populum": "All of Athens believes it, so it must be true.",
    "Post Hoc": "The comet appeared, then the war began: the comet caused the war.",
    "Ad Verecundiam": "The Pythia said so, and who are we to doubt her?",
    "Ad Baculum": "Agree with me, or the Spartans will hear of it.",
    RIDDLE: "What walks on four legs at dawn, two at noon and three at dusk? Man.",
}


def beaten_by(card: str) -> tuple[str, ...]:
    """The cards `card` beats, as printed at the top of it."""
    if card == RIDDLE:
        return SYLLOGISMS + tuple(SOPHISTRY)
    if card in SOPHISTRY:
        return ()
    at = SYLLOGISMS.index(card)
    return (SYLLOGISMS[(at + 1) % 5], SYLLOGISMS[(at + 2) % 5]) + tuple(SOPHISTRY)


def contest(card: str, against: str) -> str:
    """How `card` fares against `against`: "wins", "ties" or "loses"."""
    if against in beaten_by(card):
        return "wins"
    if card in beaten_by(against):
        return "loses"
    return "ties"


def deck_of(card: str) -> str:
    if card in SOPHISTRY:
        return "sophistry"
    return "syllogism" if card in SYLLOGISMS else "oracle"


# --- Oracle cards --------------------------------------------------------------------------------


class Oracle(NamedTuple):
    deck: str  # delphi, dodona, trophonius
    effect: str
    text: str


ORACLES: dict[str, Oracle] = {
    "Favour of Delphi": Oracle("delphi", "favour", "one of the three Favours of the Oracle"),
    "Gnothi Seauton": Oracle("delphi", "unlock", "unlock one of your Wisdom cards"),
    RIDDLE: Oracle("delphi", "argument", "an argument that beats every other; then to the box"),
    "Gift of Apollo": Oracle("delphi", "coins", "take 2 coins"),
    "Winged Sandals": Oracle("delphi", "move", "move again before your action"),
    "Apollo's Veto": Oracle("delphi", "cancel", "cancel an Oracle card another player just played"),
    "Favour of Dodona": Oracle("dodona", "favour", "one of the three Favours of the Oracle"),
    "Voice of the Oak": Oracle("dodona", "sophist", "take a Sophist from the supply"),
    "Sacred Grove": Oracle("dodona", "builder", "take a Builder from the supply"),
    "Doves of Dodona": Oracle("dodona", "look", "look at an opponent's argument cards"),
    "Pilgrims": Oracle("dodona", "place", "place a follower at any location"),
    "Zeus's Veto": Oracle("dodona", "cancel", "cancel an Oracle card another player just played"),
    "Favour of Trophonius": Oracle("trophonius", "favour", "one of the three Favours of the Oracle"),
    "Waters of Lethe": Oracle("trophonius", "discard", "an opponent discards 2 argument cards at random"),
    "Dark Descent": Oracle("trophonius", "send_home", "one opponent follower (at random) goes home"),
    "Offering to the Cave": Oracle("trophonius", "drain", "an opponent loses 2 coins"),
    "Stolen Honey Cakes": Oracle("trophonius", "steal", "steal a location token from an opponent"),
    "Spell of Trophonius": Oracle("trophonius", "silence", "an opponent skips their next action"),
    "Trophonius's Veto": Oracle("trophonius", "cancel", "cancel an Oracle card another player just played"),
}
ORACLE_DECKS = ("delphi", "dodona", "trophonius")
FAVOURS = ("Favour of Delphi", "Favour of Dodona", "Favour of Trophonius")
# Effects an opponent must suffer; "moirai" marks those that can also strike the solo automaton.
TARGETED = {"look": False, "discard": False, "drain": False, "send_home": True, "steal": True, "silence": True}

# --- Location tokens (face up; keep one, or take the benefit on its back) ------------------------

TOKEN_COLOURS = {"black": 7, "yellow": 7, "blue": 6, "red": 4, "green": 3}
TOKEN_BENEFITS = {
    "black": "take 2 coins",
    "yellow": "draw a Syllogism card",
    "blue": "take a Sophist",
    "red": "take a Builder",
    "green": "take a Study token",
}

# --- Olympic Request cards (the prizes of Athena's auctions) -------------------------------------


class Request(NamedTuple):
    text: str
    follower_kinds: tuple[str, ...] = ()  # a follower at every location of this kind
    school_region: str = ""  # schools in two cities of this region
    city_followers: int = 0  # followers in this many cities


REQUESTS: dict[str, Request] = {
    "Request of Apollo": Request("followers at all three Oracles", follower_kinds=("oracle",)),
    "Request of Poseidon": Request("followers at all three ports", follower_kinds=("port",)),
    "Request of Demeter": Request("followers at all three Temples", follower_kinds=("temple",)),
    "Request of Hermes": Request("schools in two eastern cities", school_region="east"),
    "Request of Artemis": Request("schools in two western cities", school_region="west"),
    "Request of Dionysus": Request("followers in six cities", city_followers=6),
}

# --- Labyrinth criteria ---------------------------------------------------------------------------

CRITERIA = {
    "schools": "all 4 schools built",
    "followers": "all 9 followers placed",
    "debates": "3 debates won",
    "wisdom": "all 3 Wisdom cards unlocked",
    "favours": "the three Favours of the Oracle",
    "colours": "location tokens of all five colours",
}

# --- The timeline ----------------------------------------------------------------------------------

TIMELINE = (323, 301, 280, 263, 245, 229, 211, 197, 168, 146)  # years BC; the last: Rome arrives

# --- The Moirai (solo automaton): what each card makes the Fates do ---------------------------------


class Fate(NamedTuple):
    sister: str  # Clotho spins, Lachesis measures, Atropos cuts
    deed: str  # follower, school, token, tithe, timeline
    where: str  # a location kind, a city region ("west", "east") or "any"


MOIRAI: dict[str, Fate] = {
    "Clotho: a follower in the west": Fate("Clotho", "follower", "west"),
    "Clotho: a follower in the east": Fate("Clotho", "follower", "east"),
    "Clotho: a follower in a city": Fate("Clotho", "follower", "city"),
    "Clotho: a follower at a port": Fate("Clotho", "follower", "port"),
    "Clotho: a follower at a Temple": Fate("Clotho", "follower", "temple"),
    "Clotho: a follower at an Oracle": Fate("Clotho", "follower", "oracle"),
    "Clotho: a school in the west": Fate("Clotho", "school", "west"),
    "Clotho: a school in the east": Fate("Clotho", "school", "east"),
    "Clotho: a school in a city": Fate("Clotho", "school", "city"),
    "Lachesis: a token from a city": Fate("Lachesis", "token", "city"),
    "Lachesis: a token from a port": Fate("Lachesis", "token", "port"),
    "Lachesis: a token from a Temple": Fate("Lachesis", "token", "temple"),
    "Lachesis: a token from an Oracle": Fate("Lachesis", "token", "oracle"),
    "Lachesis: a token from anywhere": Fate("Lachesis", "token", "any"),
    "Lachesis: the tithe of the west": Fate("Lachesis", "tithe", "west"),
    "Lachesis: the tithe of the east": Fate("Lachesis", "tithe", "east"),
    "Lachesis: the tithe of the ports": Fate("Lachesis", "tithe", "port"),
    "Atropos: the thread shortens I": Fate("Atropos", "timeline", "timeline"),
    "Atropos: the thread shortens II": Fate("Atropos", "timeline", "timeline"),
    "Atropos: the thread shortens III": Fate("Atropos", "timeline", "timeline"),
    "Atropos: the thread shortens IV": Fate("Atropos", "timeline", "timeline"),
    "Atropos: the thread shortens V": Fate("Atropos", "timeline", "timeline"),
}
TITHE = 2  # coins a Lachesis tithe takes from the solo player
MOIRAI_DEBATE_CARDS = 3  # the Fates argue with at most three cards from the Syllogism deck
MOIRAI_CRITERIA = ("schools", "followers", "colours", "debates")
