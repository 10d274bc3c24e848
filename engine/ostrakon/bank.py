"""The strong stand-in's questions, each with the share of a council it expects to answer white.

The shares are our estimates of how a group of friends would split (from common polls where there
are any, else a guess), not measurements. What matters is that a question splits a council about
three to two: a speaker scores most, on average, with a slight majority on its side (`odds.py`).
Each question is tagged with the subjects it fits; the free subject (???) takes any.
"""

from __future__ import annotations

from typing import NamedTuple


class Banked(NamedTuple):
    text: str
    white: str
    black: str
    white_share: float  # the share expected to answer white
    subjects: tuple[str, ...] = ()  # the subjects it fits; () for any


BANK: tuple[Banked, ...] = (
    Banked("Would you rather play a sport or watch it?", "Play it", "Watch it", 0.55, ("Sport", "Games")),
    Banked("Would you rather swim in the sea or in a pool?", "The sea", "A pool", 0.6, ("The sea", "Holidays")),
    Banked("More money or more free time?", "More money", "More free time", 0.42, ("Money", "Work", "Time")),
    Banked("Pizza or pasta?", "Pizza", "Pasta", 0.55, ("Food",)),
    Banked("Is love at first sight real?", "Yes", "No", 0.45, ("Love", "Dreams")),
    Banked("Can a friendship last years apart?", "Yes", "No", 0.62, ("Friendship", "Love")),
    Banked("A big family or a small one?", "A big one", "A small one", 0.45, ("Family", "Home", "Childhood")),
    Banked("Would you rather work from home or at an office?", "From home", "At an office", 0.6, ("Work", "Home")),
    Banked("Was school the best time of your life?", "Yes", "No", 0.4, ("School", "Childhood")),
    Banked("Do you listen to music while you work?", "Yes", "No", 0.6, ("Music", "Work")),
    Banked("A comedy or a thriller tonight?", "A comedy", "A thriller", 0.57, ("Cinema", "Television")),
    Banked("Paper books or e-books?", "Paper", "E-books", 0.65, ("Books", "Technology")),
    Banked("For a long journey, train or plane?", "Train", "Plane", 0.55, ("Travel", "Holidays", "Cars")),
    Banked("Would you rather keep a cat or a dog?", "A cat", "A dog", 0.42, ("Animals", "Home")),
    Banked("A walk in a forest or along a beach?", "A forest", "A beach", 0.45, ("Nature", "The sea", "Holidays")),
    Banked("Rainy days or hot days?", "Rainy days", "Hot days", 0.38, ("Weather", "Nature")),
    Banked("A big city or a small town?", "A big city", "A small town", 0.45, ("The city", "Home")),
    Banked("Do you read the manual of a new gadget?", "Yes", "No", 0.35, ("Technology", "Books")),
    Banked("Could you live a month without the internet?", "Yes", "No", 0.4, ("The internet", "Technology")),
    Banked("Would you go to Mars if it were safe?", "Yes", "No", 0.45, ("Science", "Space", "The future")),
    Banked("Visit ancient Athens or ancient Rome?", "Athens", "Rome", 0.55, ("History", "Travel", "Philosophy")),
    Banked("Will people live on the Moon within fifty years?", "Yes", "No", 0.45, ("The future", "Space")),
    Banked("Were you a quiet child?", "Yes", "No", 0.45, ("Childhood", "School", "Family")),
    Banked("Do you remember your dreams most mornings?", "Yes", "No", 0.42, ("Dreams",)),
    Banked("Are you afraid of spiders?", "Yes", "No", 0.45, ("Fears", "Animals", "Nature")),
    Banked("On holiday, rest or explore?", "Rest", "Explore", 0.45, ("Holidays", "Travel")),
    Banked("Do you care which brand your clothes are?", "Yes", "No", 0.35, ("Fashion", "Money")),
    Banked("Exercise in the morning or in the evening?", "Morning", "Evening", 0.45, ("Health", "Sport", "Time")),
    Banked("Do you play to win or for fun?", "To win", "For fun", 0.4, ("Games", "Sport")),
    Banked("A museum or a concert?", "A museum", "A concert", 0.45, ("Art", "Music", "History")),
    Banked("A series one episode at a time, or all at once?", "One at a time", "All at once", 0.45, ("Television",)),
    Banked("Would you rather drive or be driven?", "Drive", "Be driven", 0.55, ("Cars", "Travel")),
    Banked("Do you make your bed every morning?", "Yes", "No", 0.55, ("Home", "Health")),
    Banked("Are you usually early or late?", "Early", "Late", 0.6, ("Time", "Work", "School")),
    Banked("Is there life elsewhere in the universe?", "Yes", "No", 0.62, ("Space", "Science")),
    Banked("Is it ever right to lie?", "Yes", "No", 0.6, ("Philosophy", "Law and justice", "Friendship")),
    Banked("Should every law always be obeyed?", "Yes", "No", 0.38, ("Law and justice", "Philosophy")),
    Banked("A hero nobody knows, or a famous villain?", "An unknown hero", "A famous villain", 0.65, ("Heroes",)),
    Banked("Read minds or see the future?", "Read minds", "See the future", 0.45, ("Magic", "The future", "Dreams")),
    Banked("Would you rather have a wizard's wand or a flying carpet?", "A wand", "A carpet", 0.55, ("Magic",)),
    Banked("Should heroes in films always win?", "Yes", "No", 0.4, ("Heroes", "Cinema")),
    Banked("Is a good teacher worth more than a good book?", "Yes", "No", 0.6, ("School", "Books", "Philosophy")),
    Banked("Would you rather paint or sing?", "Paint", "Sing", 0.5, ("Art", "Music")),
    Banked("Would you buy an electric car next?", "Yes", "No", 0.55, ("Cars", "The future", "Technology")),
    Banked("Do you trust weather forecasts?", "Yes", "No", 0.55, ("Weather", "Science")),
    Banked("Could you be a vegetarian for a year?", "Yes", "No", 0.45, ("Food", "Health", "Animals")),
)

# The stand-ins' canned questions (standin.py), with our estimates: a strong voter reads them too.
CANNED_SHARES: dict[str, float] = {
    "Would you rather live by the sea or in the mountains?": 0.55,
    "Is it better to be feared or to be loved?": 0.3,
    "Do you prefer mornings or evenings?": 0.4,
    "Would you rather read the book or watch the film?": 0.55,
    "Tea or coffee?": 0.4,
    "Would you rather know the future or change the past?": 0.45,
    "Cats or dogs?": 0.42,
    "Is a hot dog a sandwich?": 0.4,
    "Would you rather be famous or be rich?": 0.3,
    "Do you sing in the shower?": 0.5,
    "Summer or winter?": 0.62,
    "Would you rather fly or be invisible?": 0.6,
    "Is the glass half full or half empty?": 0.6,
    "Would you rather explore space or the deep sea?": 0.5,
    "Do you trust your first impressions?": 0.55,
    "Board games or video games?": 0.5,
}
