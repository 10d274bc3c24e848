"""Tests of engine/nine_muses, one file a module (or a topic across modules)."""
