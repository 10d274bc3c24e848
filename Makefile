# `make run` and `make test` work on a fresh machine with only Python 3.11 and pip.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: run test bench demo soak clean

$(VENV)/.run-installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e .
	touch $@

$(VENV)/.dev-installed: $(VENV)/.run-installed
	$(PY) -m pip install -q -e '.[dev]'
	touch $@

run: $(VENV)/.run-installed
	$(PY) -m bot run

test: $(VENV)/.dev-installed
	$(PY) -m pytest -q

bench: $(VENV)/.dev-installed
	$(PY) -m bench

# The crash test at a hundred SIGKILLs (make test runs it at 22).
soak: $(VENV)/.dev-installed
	CRASH_KILLS=100 $(PY) -m pytest -q tests/reliability/test_crash.py

demo: $(VENV)/.run-installed
	$(PY) -m bot demo ostrakon --players 7 --seed 3

clean:
	rm -rf $(VENV) .pytest_cache
