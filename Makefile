# Two commands on a fresh machine: `make run` (the club) and `make test` (the whole suite).
# `make run` installs what the club needs to run; `make test` adds the test tools (pytest,
# Playwright, schemathesis, hypothesis, ruff, mypy: the `test` extra of pyproject.toml).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed-run
TOOLS := $(VENV)/.installed-test

.PHONY: run test lint typecheck pytest bench clean

$(INSTALLED): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Vaza needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	@touch $@

$(TOOLS): $(INSTALLED)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $@

run: $(INSTALLED)
	$(BIN)/vaza serve --data-dir data

test: $(TOOLS) lint typecheck pytest

lint: $(TOOLS)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

typecheck: $(TOOLS)
	$(BIN)/mypy --strict src/vaza

pytest: $(TOOLS)
	$(BIN)/pytest

bench: $(INSTALLED)
	$(BIN)/vaza bench engine --deals 20000 --seed 1 --json

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
