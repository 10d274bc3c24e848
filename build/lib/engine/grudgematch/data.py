"""Philosophy Grudgematch's table data.

TABLE RULES: the rulebook's picture of the field and its figures are not available, so the field
below is our reconstruction (11 columns x 17 rows, goals behind the middle three columns), the
fourth German and his suit are our choice, and the line-ups, penalty-box exits and the turn limit
are ours. They are listed on docs/grudgematch.md; change them here, not in the rules.
"""

# --- The field ------------------------------------------------------------------------------------
# Spaces are named like a chess board: columns A..K from the left of the picture, rows 1..17 from
# the top. Row 9 is the centre line; its spaces carry the numbers 2..12 (A9 = 2 ... K9 = 12), so
# two dice put the ball into play.
COLUMNS = "ABCDEFGHIJK"
ROWS = 17
CENTRE_ROW = 9
GOAL_COLUMNS = "EFG"  # the goals lie beyond the short edges behind these columns (numbers 6, 7, 8)
GOAL_BOX_DEPTH = 2  # a goal box is the goal columns in the two rows nearest the goal

GERMANS, FRENCH = 0, 1  # seat 0 (the first seat) plays the Germans and starts
TEAM_NAMES = ("Germans", "French")
HOME_ROW = (1, 17)  # each team's own end: the Germans defend the top goal, the French the bottom
PENALTY_EXIT = ("A8", "K10")  # the sideline next to the centre line, on the team's own side
IN_FIELD_ROWS = range(2, 7)  # rows 2..6 counted from the team's own end, outside the goal box

# --- The teams ------------------------------------------------------------------------------------
SUITS = "CHSD"
SUIT_ICON = {"C": "♣", "H": "♥", "S": "♠", "D": "♦"}
SUIT_NAME = {"C": "club", "H": "heart", "S": "spade", "D": "diamond"}
GOALIE_SUIT = "C"
TEAMS = (
    ("Nietzsche", "Husserl", "Hegel", "Heidegger"),  # clubs, hearts, spades, diamonds
    ("Descartes", "Pascal", "Sartre", "Foucault"),
)

# --- Cards ----------------------------------------------------------------------------------------
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER = "JOKER"
# Face cards have random values: (dice, plus). Jack 1d6, Queen 1d6+2, King 2d6.
FACE_DICE = {"J": (1, 0), "Q": (1, 2), "K": (2, 0)}
# "Somewhere near the middle": the joker goes in within this many cards of the middle of the deck.
JOKER_SPREAD = 5
HAND_SIZE = 5

# --- Line-ups -------------------------------------------------------------------------------------
# The rulebook lets each team set its four philosophers anywhere in its in-field. Here a team picks
# one of these line-ups (spaces for clubs, hearts, spades, diamonds) as the Germans see them; the
# French mirror the rows onto their own half.
LINEUPS = {
    "Balanced": ("F3", "C5", "F6", "I5"),
    "Attack": ("F3", "C6", "F6", "I6"),
    "Defence": ("F3", "D4", "H4", "F5"),
    "Wide": ("F3", "B6", "F5", "J6"),
    "West side": ("F3", "B6", "D6", "F5"),
    "East side": ("F3", "J6", "H6", "F5"),
    "Sweeper": ("D2", "E4", "G4", "F6"),
}
DEFAULT_LINEUP = "Balanced"

# A match ends after this many turns in all (a safety net for tables that stop kicking: the rulebook
# ends only when the deck runs out, and a deck runs out only when cards are played).
TURN_LIMIT = 200
