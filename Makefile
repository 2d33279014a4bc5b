# Two commands on a fresh machine: `make run` (the club) and `make test` (the whole suite).
# `make run` installs what the club needs to run; `make test` adds the test tools (pytest,
# Playwright, schemathesis, hypothesis, ruff, mypy: the `test` extra of pyproject.toml; eslint
# for the browser's JavaScript: package.json, installed with npm).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed-run
TOOLS := $(VENV)/.installed-test
# The browser client's linter (eslint, package.json), from the npm registry into node_modules.
NODE_TOOLS := node_modules/.installed

# The rules engine is compiled with mypyc (the `compile` extra) where a C compiler works: core/
# and core/games/, every game with the engine they share (a class run as Python may not inherit a
# compiled one). `make run`, `make test` and `make bench` build it, again whenever a source is
# newer than the build (a compiled module shadows its source; vaza.core ignores a stale build).
# The views, and all of core/ where there is no compiler, run as plain Python from the same
# sources; `make pure` removes the build.
CORE_SOURCES := $(filter-out %/__init__.py,$(wildcard src/vaza/core/*.py src/vaza/core/games/*.py))
ENGINE := src/.engine-built
CC ?= cc

.PHONY: run test lint typecheck pytest bench baseline compile pure clean

$(INSTALLED): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Vaza needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	@touch $@

$(TOOLS): $(INSTALLED)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $@

run: $(INSTALLED) $(ENGINE)
	$(BIN)/vaza serve --data-dir data

test: $(TOOLS) lint typecheck pytest

# The engine as the sources are now: compiled where it can be, else pure (`compile` says which).
$(ENGINE): $(CORE_SOURCES) Makefile | $(INSTALLED)
	@$(MAKE) --no-print-directory compile BIN=$(BIN) CC="$(CC)"
	@touch $@

# Compile the engine, or say why not and leave it pure: never fails, so it may run on a machine
# without a C compiler (tests/test_engine_build.py runs it with CC=false).
compile: pure
	@if ! echo 'int main(void) { return 0; }' | $(CC) -x c - -o /dev/null 2>/dev/null; then \
	    echo "compile: no working C compiler ($(CC)): the rules engine runs as pure Python"; \
	elif ! test -x $(BIN)/mypyc && ! $(BIN)/python -m pip install --quiet -e '.[compile]'; then \
	    echo "compile: mypyc could not be installed: the rules engine runs as pure Python"; \
	elif ! (cd src && CC="$(CC)" $(abspath $(BIN))/mypyc $(CORE_SOURCES:src/%=%) \
	        >build-mypyc.log 2>&1); then \
	    echo "compile: mypyc failed (src/build-mypyc.log): the rules engine runs as pure Python"; \
	    find src -name '*.so' -delete; \
	else \
	    rm -rf src/build src/build-mypyc.log; \
	    echo "compile: the rules engine is compiled (mypyc)"; \
	fi

# Back to pure Python: remove the compiled modules (`make run` or `make test` builds them again).
pure:
	@find src -name '*.so' -delete
	@rm -f $(ENGINE)

$(NODE_TOOLS): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

lint: $(TOOLS) $(NODE_TOOLS)
	$(BIN)/ruff check src tests experiments
	$(BIN)/ruff format --check src tests experiments
	node_modules/.bin/eslint src/vaza/web/static

typecheck: $(TOOLS)
	$(BIN)/mypy --strict src/vaza
	$(BIN)/mypy --strict experiments

# The suite runs in TEST_JOBS processes (pytest-xdist), a test file's tests in one of them (they
# share module fixtures: a server, a browser).  Most of a test's time is spent waiting for a
# server, a robot or a page, so two processes on two cores take about 8 minutes, not 12.
TEST_JOBS ?= 2

pytest: $(TOOLS) $(ENGINE)
	$(BIN)/pytest -n $(TEST_JOBS) --dist loadfile

bench: $(INSTALLED) $(ENGINE)
	$(BIN)/vaza bench engine --deals 20000 --seed 1 --json

# The reference robot every robot is measured against: a pinned release of Vaza in a virtual
# environment of its own, checked against the decisions recorded at its freeze
# (docs/robot-protocol.md, "The reference robot"). Needs PyPI; not part of `make test`.
baseline: $(INSTALLED)
	PYTHON=$(PYTHON) VAZA=$(BIN)/vaza scripts/install-baseline.sh

clean: pure
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache .hypothesis src/build
