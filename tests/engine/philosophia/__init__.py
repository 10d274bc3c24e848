"""Tests of engine/philosophia, one file a module (or a topic across modules)."""
