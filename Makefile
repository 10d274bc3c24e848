# `make run` and `make test` work on a fresh machine with only Python 3.11 and pip.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
NODE_CHECKER := tests/e2e/node
NODE_STAMP := $(NODE_CHECKER)/node_modules/.installed
PG_STAMP := $(VENV)/.postgresql-found
CHROMIUM_STAMP := $(VENV)/.chromium-found

.PHONY: run test lint bench demo soak clean FORCE

# The version .venv's Python runs and the one $(PYTHON) is: they differ when .venv is missing, broken
# (its Python moved or gone) or made by another Python, and then .venv is made again from scratch
# (otherwise it would stay broken until `make clean`).
PYTHON_VERSION := import sys; print("%d.%d.%d" % sys.version_info[:3])
ifneq ($(shell $(PY) -c '$(PYTHON_VERSION)' 2>/dev/null),$(shell $(PYTHON) -c '$(PYTHON_VERSION)' 2>/dev/null))
VENV_REMADE := FORCE
endif

# Both installs are the locked versions by hash (requirements.lock is what the Docker image ships;
# requirements-dev.lock is the same plus the dev extras), then the project itself without
# dependencies, so the tested set is the shipped set; `pip check` fails if a lock no longer meets
# pyproject.toml. A changed lock makes .venv again from scratch, so nothing it dropped stays behind.
# setuptools, the build backend, is in the locks too, so no unpinned package is fetched to build.
define make_venv
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q --require-hashes -r $(1)
	$(PY) -m pip install -q --no-deps --no-build-isolation -e .
	$(PY) -m pip check
endef

$(VENV)/.run-installed: requirements.lock pyproject.toml $(VENV_REMADE)
	$(call make_venv,requirements.lock)
	touch $@

# A dev .venv serves `make run` too (the same runtime versions): both stamps are set.
$(VENV)/.dev-installed: requirements-dev.lock requirements.lock pyproject.toml $(VENV_REMADE)
	$(call make_venv,requirements-dev.lock)
	touch $(VENV)/.run-installed $@

# The e2e tier checks every request body against Discord's OpenAPI schemas with node, from the
# packages pinned in tests/e2e/node. Installed once per package-lock.json; where npm is missing or
# the install fails (offline), the check is skipped, and both this and pytest say why.
$(NODE_STAMP): $(NODE_CHECKER)/package-lock.json
	@if ! command -v npm >/dev/null 2>&1; then \
	  echo "npm not found: the e2e OpenAPI contract check will be skipped" >&2; \
	elif npm ci --prefix $(NODE_CHECKER) --no-audit --no-fund; then \
	  touch $@; \
	else \
	  echo "npm ci failed: the e2e OpenAPI contract check will be skipped" >&2; \
	fi

# The PostgreSQL tests (tests/pg) start a throwaway server of their own from the machine's server
# binaries, found as tests/pg/server.py finds them (PG_FIND prints their folder, or nothing). Where
# there are none, and we are root with apt-get, Debian's postgresql is installed (the package lists
# updated if the first try fails); otherwise, or if that fails (offline), the tests are skipped, and
# both this and pytest say why. Checked once per .venv.
PG_FIND := $(PY) -c 'from tests.pg.server import find_bindir; print(find_bindir() or "")'
PG_INSTALL := DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends postgresql
$(PG_STAMP): $(VENV)/.dev-installed tests/pg/server.py
	@if ! found=$$($(PG_FIND)); then \
	  echo "tests/pg/server.py could not look for PostgreSQL: the PostgreSQL tests will be skipped" >&2; \
	elif [ -n "$$found" ]; then \
	  touch $@; \
	elif [ "$$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then \
	  echo "no PostgreSQL server binaries, and no apt-get as root to install them: the PostgreSQL tests will be skipped" >&2; \
	elif ! { $(PG_INSTALL) || { apt-get update -q && $(PG_INSTALL); }; }; then \
	  echo "apt-get install postgresql failed: the PostgreSQL tests will be skipped" >&2; \
	elif [ -z "$$($(PG_FIND))" ]; then \
	  echo "postgresql installed, but no server binaries found: the PostgreSQL tests will be skipped" >&2; \
	else \
	  touch $@; \
	fi

# The web pages' browser tests drive a real headless chromium, found as tests/e2e/browser.py finds it.
# Where there is none, and we are root with apt-get, Debian's chromium is installed (as PostgreSQL is
# above); otherwise, or if that fails, those tests are skipped, and both this and pytest say why.
CHROMIUM_FIND := $(PY) -c 'from tests.e2e.browser import find_chromium; print(find_chromium() or "")'
CHROMIUM_INSTALL := DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium
$(CHROMIUM_STAMP): $(VENV)/.dev-installed tests/e2e/browser.py
	@if ! found=$$($(CHROMIUM_FIND)); then \
	  echo "tests/e2e/browser.py could not look for chromium: the browser tests will be skipped" >&2; \
	elif [ -n "$$found" ]; then \
	  touch $@; \
	elif [ "$$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then \
	  echo "no chromium, and no apt-get as root to install it: the browser tests will be skipped" >&2; \
	elif ! { $(CHROMIUM_INSTALL) || { apt-get update -q && $(CHROMIUM_INSTALL); }; }; then \
	  echo "apt-get install chromium failed: the browser tests will be skipped" >&2; \
	elif [ -z "$$($(CHROMIUM_FIND))" ]; then \
	  echo "chromium installed, but not found: the browser tests will be skipped" >&2; \
	else \
	  touch $@; \
	fi

# `make run` serves the tables' web pages at http://127.0.0.1:8080 (docs/web.md), unless BOT_WEB_PORT
# names a port: `make run WEB_PORT=8081` for another, `make run WEB_PORT=` for none.
WEB_PORT ?= 8080
run: $(VENV)/.run-installed
	$(PY) -m bot run$(if $(WEB_PORT), --default-web-port $(WEB_PORT))

test: $(VENV)/.dev-installed $(NODE_STAMP) $(PG_STAMP) $(CHROMIUM_STAMP)
	$(PY) -m pytest -q

# ruff's lint and format, and mypy, as configured in pyproject.toml
lint: $(VENV)/.dev-installed
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy

bench: $(VENV)/.dev-installed
	$(PY) -m bench

# The crash tests at a hundred SIGKILLs (make test runs them at 22 and 20): the service's, and the
# real bot's announcements through the fake Discord.
soak: $(VENV)/.dev-installed
	CRASH_KILLS=100 $(PY) -m pytest -q tests/reliability/test_crash.py
	ANNOUNCE_KILLS=100 $(PY) -m pytest -q -s tests/e2e/test_crash_announcements_e2e.py

demo: $(VENV)/.run-installed
	$(PY) -m bot demo ostrakon --players 7 --seed 3

clean:
	rm -rf $(VENV) .pytest_cache
