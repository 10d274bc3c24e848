"""Games that live in the tests: each registered exactly as a real one (bot/games.py), to prove
that a game is one plug-in. tests/conftest.py registers them for the whole test run."""
