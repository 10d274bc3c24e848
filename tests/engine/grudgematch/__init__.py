"""Tests of engine/grudgematch, one file a module (or a topic across modules)."""
