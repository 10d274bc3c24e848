"""Tests of engine/ostrakon, one file a module (or a topic across modules)."""
