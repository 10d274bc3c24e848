"""Epireia's board and card data.

TABLE RULES: the copy of the rulebook we play from lost the pages with the building costs, the
unit strengths, the Prestige bonuses, the Administrator and Influential Figure cards, the
Territory taxes, the Empire rewards, the scenario cards, the solo scenarios, the Augur cards and
the battlefield slots. What the rulebook does print is marked "rulebook"; everything else is our
table rule (listed on docs/epireia.md). Change the numbers here, not in the rules.
"""

from __future__ import annotations

from .cards import BuildingCard, EmpireCard, FigureCard, ScenarioCard, SoloScenarioCard, TerritoryCard

# the game's words, defined beside the cards' shapes and named here too, where the rules look for them
from .cards import Front as Front
from .cards import League as League
from .cards import Resource as Resource
from .cards import Unit as Unit

RESOURCES: tuple[Resource, ...] = ("wheat", "wood", "copper")
UNITS: tuple[Unit, ...] = ("hoplites", "triremes", "cavalry")
LEAGUES: tuple[League, ...] = ("delian", "peloponnesian")
LEAGUE_NAMES = {"delian": "Delian League", "peloponnesian": "Peloponnesian League"}
ICON = {"wheat": "🌾", "wood": "🪵", "copper": "🪙", "prestige": "⭐"}

# --- Cities (rulebook) ---------------------------------------------------------------------------

CITIES = ("Athens", "Sparta", "Corinth", "Delphi", "Elis", "Larissa")
# A neutral city that joins a league gives 1 Copper and a Lv I token of this unit (rulebook).
CITY_UNIT: dict[str, Unit] = {
    "Athens": "hoplites",
    "Sparta": "hoplites",
    "Corinth": "triremes",
    "Delphi": "cavalry",
    "Elis": "triremes",
    "Larissa": "cavalry",
}
INTEGRATION_TARGET = 7  # every Greek city: 7 or more (rulebook)
INTEGRATION_ORDER = ("Elis", "Delphi", "Larissa", "Corinth", "Sparta", "Athens")  # rulebook
START_RESOURCES = 2  # of each (rulebook)
START_PRESTIGE, SOLO_START_PRESTIGE = 1, 0  # rulebook
MAX_PRESTIGE = 10
CITY_TOKENS = 3  # City tokens a player can put on Territories (rulebook: the 3 on the Trade Post spots)
FIGURE_SLOTS = 3
DEVELOPMENT_ACTIONS = 2  # rulebook
DONATION = (2, 8)  # rulebook: 2 to 8 of one resource for 1 Prestige

# --- Administrators (table rule: their abilities) ------------------------------------------------

ADMINISTRATORS = {
    "Polemarch": "+2 attack in one conflict, or in one column of the Great Battle",
    "Archon": "a 3rd Development action this turn",
    "Priestess": "re-roll a die you have just rolled",
    "Trapezites": "exchange 2 of a resource for 1 of another, twice",
    "Merchant": "take 2 resources from your league's treasury",
    "Architect": "build a building for 2 fewer resources",
}
ADMIN_USES = 3  # rulebook: the Administrator's Hall allows 3 uses per game

# --- Buildings (table rule: names, costs and exact effects) --------------------------------------

BUILDINGS: dict[str, BuildingCard] = {
    "Barracks": {
        "type": "military",
        "cost": {"copper": 2, "wood": 1},
        "unlocks": "hoplites",
        "effect": "produce Hoplites II",
    },
    "Shipyard": {
        "type": "military",
        "cost": {"wood": 2, "copper": 1},
        "unlocks": "triremes",
        "effect": "produce Triremes II",
    },
    "Stables": {
        "type": "military",
        "cost": {"wheat": 2, "copper": 1},
        "unlocks": "cavalry",
        "effect": "produce Cavalry II",
    },
    "Temple": {
        "type": "religious",
        "cost": {"wheat": 2, "wood": 1, "copper": 1},
        "effect": "+2 Prestige when built, +1 Prestige at each Collection",
    },
    "Granary": {"type": "civil", "cost": {"wood": 2}, "produces": "wheat", "effect": "+1 Wheat at Collection"},
    "Lumber Camp": {"type": "civil", "cost": {"wheat": 2}, "produces": "wood", "effect": "+1 Wood at Collection"},
    "Mine": {
        "type": "civil",
        "cost": {"wheat": 1, "wood": 1, "copper": 1},
        "produces": "copper",
        "effect": "+1 Copper at Collection",
    },
    "Prytaneion": {
        "type": "political",
        "cost": {"copper": 2, "wheat": 1},
        "effect": "recruit a new Influential Figure",
    },
    "Embassy": {"type": "political", "cost": {"copper": 2, "wood": 1}, "effect": "+2 on Empire rolls"},
    "Assembly": {"type": "political", "cost": {"wheat": 1, "wood": 1, "copper": 2}, "effect": "+2 on Greek city rolls"},
    "Administrator's Hall": {
        "type": "administrator",
        "cost": {"wheat": 2, "wood": 2, "copper": 2},
        "effect": "use your Administrator, 3 times a game",
    },
}
ARCHITECT_DISCOUNT = 2  # taken from the largest amounts of the cost first
TEMPLE_PRESTIGE = 2

# --- Military units ------------------------------------------------------------------------------

UNIT_NAMES = {"hoplites": "Hoplites", "triremes": "Triremes", "cavalry": "Cavalry"}
UNIT_ICON = {"hoplites": "🛡️", "triremes": "⛵", "cavalry": "🐎"}
UNIT_COST_RESOURCE: dict[Unit, Resource] = {"hoplites": "copper", "triremes": "wood", "cavalry": "wheat"}
UNIT_COST = {1: 2, 2: 3}  # rulebook: Lv I costs 2, Lv II costs 3
# The face-down stacks: strengths on the tokens (table rule); the counts are the rulebook's.
POOLS: dict[str, tuple[int, ...]] = {
    "hoplites1": (1,) * 10 + (2,) * 4,
    "hoplites2": (2,) * 5 + (3,) * 6 + (4,) * 3,
    "triremes1": (1,) * 4 + (2,) * 2,
    "triremes2": (2,) * 2 + (3,) * 3 + (4,),
    "cavalry1": (1,) * 4 + (2,) * 2,
    "cavalry2": (2,) * 2 + (3,) * 3 + (4,),
}


def pool_key(unit: str, level: int) -> str:
    return f"{unit}{level}"


def unit_name(unit: str, level: int) -> str:
    return f"{UNIT_NAMES[unit]} {'I' * level}"


# --- Prestige bonuses (table rule) ---------------------------------------------------------------
# Each is taken once per game, the moment the track reaches it; an unaffordable unit is forfeited.
PRESTIGE_BONUSES = {3: "resource", 5: "action", 7: "unit1", 10: "unit2"}
BONUS_TEXT = {
    "resource": "+1 resource of your choice",
    "action": "one extra Development action",
    "unit1": "produce a Lv I unit (pay its cost)",
    "unit2": "produce a Lv II unit (pay its cost)",
}

# --- Influential Figures: city, attack, sea, ability (table rule, but the names the rulebook uses) -

FIGURES: dict[str, FigureCard] = {
    # Athens
    "Pericles": {"city": "Athens", "attack": 3, "sea": True, "ability": "+1 Prestige when he wins a conflict"},
    "Themistocles": {"city": "Athens", "attack": 2, "sea": True, "ability": "+1 attack on sea Territories"},
    "Cleisthenes": {"city": "Athens", "attack": 2, "sea": False, "ability": "+2 on Greek city rolls"},
    "Alcibiades": {"city": "Athens", "attack": 3, "sea": True, "ability": ""},
    "Aspasia": {"city": "Athens", "attack": 1, "sea": False, "ability": "+1 of your scarcest resource at Collection"},
    # Sparta
    "Brasidas": {"city": "Sparta", "attack": 2, "sea": False, "ability": "+1 attack against Brigands"},
    "Leonidas": {"city": "Sparta", "attack": 3, "sea": False, "ability": ""},
    "Lysander": {"city": "Sparta", "attack": 3, "sea": True, "ability": ""},
    "Archidamus": {"city": "Sparta", "attack": 2, "sea": False, "ability": "+1 attack on land Territories"},
    "Gorgo": {"city": "Sparta", "attack": 1, "sea": False, "ability": "+2 on Greek city rolls"},
    # Corinth
    "Timoleon": {"city": "Corinth", "attack": 3, "sea": True, "ability": "+2 on Syracuse rolls"},
    "Periander": {"city": "Corinth", "attack": 2, "sea": True, "ability": ""},
    "Cypselus": {"city": "Corinth", "attack": 2, "sea": False, "ability": ""},
    "Aristeus": {"city": "Corinth", "attack": 2, "sea": True, "ability": ""},
    "Lais": {"city": "Corinth", "attack": 1, "sea": False, "ability": "+1 Copper at Collection"},
    # Delphi
    "Xenoclea": {"city": "Delphi", "attack": 1, "sea": False, "ability": "+1 Prestige each turn she stays home"},
    "Philomelos": {"city": "Delphi", "attack": 3, "sea": False, "ability": ""},
    "Onomarchos": {"city": "Delphi", "attack": 2, "sea": False, "ability": ""},
    "Aristonice": {"city": "Delphi", "attack": 1, "sea": False, "ability": "re-roll one of your dice each turn"},
    "Phemonoe": {"city": "Delphi", "attack": 1, "sea": False, "ability": "+2 on one of your rolls each turn"},
    # Elis
    "Eupolemos": {"city": "Elis", "attack": 2, "sea": False, "ability": "+1 Wood at Collection"},
    "Hippias": {"city": "Elis", "attack": 1, "sea": True, "ability": "+2 on Empire rolls"},
    "Iphitos": {"city": "Elis", "attack": 2, "sea": False, "ability": ""},
    "Pyrrho": {"city": "Elis", "attack": 1, "sea": False, "ability": ""},
    "Phaedo": {"city": "Elis", "attack": 1, "sea": False, "ability": ""},
    # Larissa
    "Heliodorus": {"city": "Larissa", "attack": 1, "sea": False, "ability": "+2 on Empire rolls"},
    "Pheidon": {"city": "Larissa", "attack": 2, "sea": False, "ability": ""},
    "Aleuas": {"city": "Larissa", "attack": 3, "sea": False, "ability": "his league's Cavalry +1 on his front"},
    "Medius": {"city": "Larissa", "attack": 2, "sea": False, "ability": ""},
    "Thessalos": {"city": "Larissa", "attack": 2, "sea": True, "ability": ""},
}


def city_figures(city: str) -> list[str]:
    return [name for name, card in FIGURES.items() if card["city"] == city]


# --- The map -------------------------------------------------------------------------------------

# Territories in resolution order; the tax is paid once, when the Territory is taken (table rule).
TERRITORIES: dict[str, TerritoryCard] = {
    "Epirus": {"sea": False, "tax": {"wheat": 2}},
    "Illyria": {"sea": False, "tax": {"wood": 2}},
    "Euboea": {"sea": False, "tax": {"wheat": 2}},
    "Chalkidiki": {"sea": False, "tax": {"copper": 2}},
    "Thrakiko Pelagos": {"sea": True, "tax": {"wood": 1, "copper": 1}},
    "Aigaio Pelagos": {"sea": True, "tax": {"wheat": 1, "wood": 1, "copper": 1}},
    "Kritiko Pelagos": {"sea": True, "tax": {"wheat": 1, "copper": 1}},
    "Aeolis": {"sea": False, "tax": {"wheat": 1, "wood": 1}},
    "Ionia": {"sea": False, "tax": {"copper": 2}},
}
# Empires in resolution order, with the roll needed alone / with two figures (rulebook); the sea
# marks and the rewards are table rules. A reward may hold a Lv I unit token.
EMPIRES: dict[str, EmpireCard] = {
    "Persia": {"sea": False, "target": (7, 9), "reward": {"copper": 3}},
    "Phoenicia": {"sea": True, "target": (5, 7), "reward": {"wood": 1}, "unit": "triremes"},
    "Egypt": {"sea": True, "target": (5, 7), "reward": {"wheat": 3}},
    "Carthage": {"sea": True, "target": (5, 7), "reward": {"copper": 1}, "unit": "triremes"},
    "Syracuse": {"sea": True, "target": (7, 9), "reward": {"wheat": 2}, "unit": "hoplites"},
    "Macedonia": {"sea": False, "target": (5, 7), "reward": {"wood": 2}, "unit": "hoplites"},
}


def brigand_target(attack: int) -> int:
    """The roll that beats the Brigands, by the combined attack of the figures (rulebook)."""
    return 7 if attack <= 2 else 5 if attack <= 4 else 3


def place_kind(place: str) -> str:
    if place in EMPIRES:
        return "empire"
    if place in TERRITORIES:
        return "territory"
    return "city"


def is_sea(place: str) -> bool:
    card = EMPIRES.get(place) or TERRITORIES.get(place)
    return bool(card and card["sea"])


# --- Scenarios (table rule) ----------------------------------------------------------------------
# An objective is (measure, amount): see scenarios.py for what each measure counts.

SCENARIOS: dict[str, ScenarioCard] = {
    "The League's Treasury": {
        "act": 1,
        "objective": ("donated", 6),
        "reward": [("hoplites", 1)],
        "text": "be the first to have donated 6 resources in all",
    },
    "Builders of Greece": {
        "act": 1,
        "objective": ("buildings", 3),
        "reward": [("triremes", 1)],
        "text": "be the first to own 3 buildings",
    },
    "Trade Posts": {
        "act": 1,
        "objective": ("territories", 2),
        "reward": [("hoplites", 1)],
        "text": "be the first to control 2 Territories",
    },
    "The Plague": {
        "act": 2,
        "objective": ("prestige", 5),
        "reward": [("hoplites", 1), ("hoplites", 1)],
        "text": "be the first to reach Prestige 5",
        "constraint": "every player loses 1 Wheat at each Collection",
    },
    "The Earthquake": {
        "act": 2,
        "objective": ("buildings", 4),
        "reward": [("hoplites", 2)],
        "text": "be the first to own 4 buildings",
        "constraint": "each player's last-built Civil building produces nothing",
    },
    "The Brigands": {
        "act": 2,
        "objective": ("league_brigands", 2),
        "reward": [("cavalry", 1)],
        "text": "clear the second Brigand token your league clears",
        "constraint": "Brigands occupy Epirus, Euboea and Ionia",
        "brigands": ("Epirus", "Euboea", "Ionia"),
    },
    "Call to Arms": {
        "act": 3,
        "objective": ("military", 8),
        "reward": [("hoplites", 2)],
        "text": "be the first to hold 8 military tokens",
    },
    "Foreign Gold": {
        "act": 3,
        "objective": ("deed", ("empire:Syracuse", "empire:Persia")),
        "reward": [("triremes", 2)],
        "text": "be the first to win the favour of Syracuse or Persia",
    },
    "The Hegemony": {
        "act": 3,
        "objective": ("deed", ("integrate",)),
        "reward": [("cavalry", 2)],
        "text": "be the first to bring a Greek city into your league",
    },
}


def act_scenarios(act: int) -> list[str]:
    return [name for name, card in SCENARIOS.items() if card["act"] == act]


# --- Solo mode (table rule, but the d12 table, which is the rulebook's) --------------------------

# Where an enemy figure goes on each d12 result (rulebook): the same for all six figures.
ENEMY_MOVES = (
    "Epirus",
    "Illyria",
    "Euboea",
    "Chalkidiki",
    "Thrakiko Pelagos",
    "Aigaio Pelagos",
    "Kritiko Pelagos",
    "Aeolis",
    "Ionia",
    "Phoenicia",
    "Egypt",
    "Syracuse",
)
ENEMY_FIGURES = {  # the rulebook's table names one figure per city
    "Athens": "Themistocles",
    "Larissa": "Pheidon",
    "Sparta": "Brasidas",
    "Delphi": "Xenoclea",
    "Corinth": "Timoleon",
    "Elis": "Eupolemos",
}
FORCED_LEAGUE: dict[str, League] = {"Athens": "delian", "Sparta": "peloponnesian"}  # rulebook

# Enemy armies: per front, (column, unit, level); the strengths are drawn face down at set-up.
SOLO_SCENARIOS: dict[str, SoloScenarioCard] = {
    "The Thirty Years' Peace": {
        "turns": 8,
        "city": None,
        "enemies": {"delian": ["Sparta"], "peloponnesian": ["Athens"]},
        "objectives": [("territories", 2), ("prestige", 4)],
        "text": "control 2 Territories and reach Prestige 4",
        "army": {
            "flank": [(0, "cavalry", 2), (1, "hoplites", 1)],
            "centre": [(0, "hoplites", 2), (2, "hoplites", 1)],
            "maritime": [(1, "triremes", 1), (2, "triremes", 2)],
        },
    },
    "The Sicilian Expedition": {
        "turns": 10,
        "city": "Athens",
        "enemies": {"delian": ["Corinth"], "peloponnesian": ["Corinth"]},
        "objectives": [("deed", ("empire:Syracuse",)), ("triremes", 3)],
        "text": "win the favour of Syracuse and hold 3 Triremes tokens",
        "army": {
            "flank": [(0, "cavalry", 1), (1, "hoplites", 2), (2, "cavalry", 2)],
            "centre": [(0, "hoplites", 2), (1, "hoplites", 2), (2, "hoplites", 1)],
            "maritime": [(0, "triremes", 2), (1, "triremes", 2), (2, "triremes", 2)],
        },
    },
    "The Archidamian War": {
        "turns": 12,
        "city": "Sparta",
        "enemies": {"delian": ["Athens", "Larissa"], "peloponnesian": ["Athens", "Larissa"]},
        "objectives": [("military", 10), ("deed", ("empire:Persia",))],
        "text": "hold 10 military tokens and win the favour of Persia",
        "army": {
            "flank": [(0, "cavalry", 1), (0, "hoplites", 1), (1, "hoplites", 2), (2, "cavalry", 2)],
            "centre": [(0, "hoplites", 2), (0, "hoplites", 1), (1, "hoplites", 1), (2, "hoplites", 2)],
            "maritime": [(0, "triremes", 1), (1, "triremes", 2), (1, "triremes", 1), (2, "triremes", 2)],
        },
    },
}

# One Augur card is revealed at the start of each solo turn; its effect lasts that turn.
AUGURS: dict[str, str] = {
    "Bad Omen": "-1 on all your rolls",
    "Drought": "no Wheat income at Collection",
    "Fair Winds": "+1 on rolls made with a sea figure",
    "Festival": "+1 Prestige now",
    "Raiders": "Brigands take a random land Territory",
    "Bountiful Harvest": "+1 Wheat at Collection",
    "Strike": "one Development action fewer",
    "Favour of Zeus": "one free re-roll this turn",
    "Storm": "no figure may go to sea",
    "Tribute": "+1 Copper at Collection",
    "Unrest": "-1 Prestige now",
    "Calm": "no effect",
}

# --- The Great Battle (table rule: the slots of each front, per league, in two rows) --------------

FRONTS: tuple[Front, ...] = ("flank", "centre", "maritime")  # resolved in this order (rulebook)
FRONT_NAMES = {"flank": "Flank", "centre": "Centre", "maritime": "Maritime"}
FRONT_ROWS: dict[str, tuple[Unit, Unit]] = {
    "flank": ("cavalry", "hoplites"),
    "centre": ("hoplites", "hoplites"),
    "maritime": ("triremes", "triremes"),
}
COLUMNS = 3
# Hoplites fill the Centre and the Flank in this pattern, strongest first (2 of every 3 to the Centre).
HOPLITE_PATTERN = ("centre", "centre", "flank")

# Safety net (table rule): the Great Battle starts after this turn even if Act III is not done.
LAST_TURN = 15
