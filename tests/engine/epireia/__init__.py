"""Tests of engine/epireia, one file a module (or a topic across modules)."""
