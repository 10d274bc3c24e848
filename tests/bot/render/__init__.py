"""Tests of bot/render, one file a module."""
