"""Ostrakon's table data.

TABLE RULES: the rulebook does not print the subject cards or which path spaces carry the special
day symbols. These are our defaults (see docs/ostrakon.md); change them here, not in the rules.
"""

TEMPLE = 17  # the path has spaces 1..16; the Temple of Wisdom is the 17th step
LAST_SPACE = 16

# The twelve philosophers. The first four are named in the rulebook; the rest are ours, each with
# a different initial so a pile reads at a glance.
PHILOSOPHERS = (
    "Doreminos",
    "Nausicaa",
    "Calippos",
    "Malia",
    "Archelaos",
    "Berenike",
    "Eudoxa",
    "Filemone",
    "Gorgias",
    "Hermione",
    "Ione",
    "Lysias",
)

FREE_SUBJECT = "???"

# About one subject in ten is free. The rulebook's own examples (sport, free, the sea, money) open
# the list, so a scripted (unshuffled) game starts as the rulebook's example does.
SUBJECTS = (
    "Sport",
    FREE_SUBJECT,
    "The sea",
    "Money",
    "Food",
    "Love",
    "Friendship",
    "Family",
    "Work",
    "School",
    "Music",
    FREE_SUBJECT,
    "Cinema",
    "Books",
    "Travel",
    "Animals",
    "Nature",
    "Weather",
    "The city",
    "Technology",
    "The internet",
    "Science",
    FREE_SUBJECT,
    "History",
    "The future",
    "Childhood",
    "Dreams",
    "Fears",
    "Holidays",
    "Fashion",
    "Health",
    "Games",
    FREE_SUBJECT,
    "Art",
    "Television",
    "Cars",
    "Home",
    "Time",
    "Space",
    "Philosophy",
    "Law and justice",
    "Heroes",
    FREE_SUBJECT,
    "Magic",
)


def start_space(players: int) -> int:
    return {9: 1, 10: 1, 5: 5, 6: 5}.get(players, 2)


def days_for(players: int) -> int:
    """Moons left uncovered on the Calendar: the number of days."""
    return {5: 6, 6: 6, 7: 5, 8: 5, 9: 4, 10: 4}.get(players, 3)


def affected_for(players: int) -> int:
    """How many philosophers the speaker corrupts or consults on Corruption and Oracle days."""
    if players <= 6:
        return 1
    return 2 if players <= 9 else 3


def majority_needed(players: int) -> int:
    """Matching votes the speaker needs: at least half of the other players."""
    others = players - 1
    return (others + 1) // 2


# Stand-in players and the clock ask these when a speaker has to be played for.
CANNED_QUESTIONS = (
    ("Would you rather live by the sea or in the mountains?", "The sea", "The mountains"),
    ("Is it better to be feared or to be loved?", "Feared", "Loved"),
    ("Do you prefer mornings or evenings?", "Mornings", "Evenings"),
    ("Would you rather read the book or watch the film?", "The book", "The film"),
    ("Tea or coffee?", "Tea", "Coffee"),
    ("Would you rather know the future or change the past?", "Know the future", "Change the past"),
    ("Cats or dogs?", "Cats", "Dogs"),
    ("Is a hot dog a sandwich?", "Yes", "No"),
    ("Would you rather be famous or be rich?", "Famous", "Rich"),
    ("Do you sing in the shower?", "Yes", "No"),
    ("Summer or winter?", "Summer", "Winter"),
    ("Would you rather fly or be invisible?", "Fly", "Be invisible"),
    ("Is the glass half full or half empty?", "Half full", "Half empty"),
    ("Would you rather explore space or the deep sea?", "Space", "The deep sea"),
    ("Do you trust your first impressions?", "Yes", "No"),
    ("Board games or video games?", "Board games", "Video games"),
)
