"""Ratings, stats, leaderboards and the end-of-game summary. Discord-free."""
