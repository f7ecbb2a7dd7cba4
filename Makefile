# Each target bootstraps .venv itself, so a fresh clone needs only `make play` or `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
# What the executable is built from: it is rebuilt when one of these changes.
SHIPPED := pyproject.toml $(shell find game ai assets build -type f -not -path 'build/work/*' -not -name '*.pyc' 2>/dev/null)

.PHONY: play test lint typecheck bench dist clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[test]"
	touch $@

$(VENV)/.installed-bench: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[test,bench]"
	touch $@

play: $(VENV)/.installed
	$(BIN)/python -m game

# Workflows are linted everywhere but on macOS, where the actionlint wheel does not exist
# (the release workflow's macOS job runs make test too; Linux CI lints them on every push).
lint: $(VENV)/.installed-test
	$(BIN)/ruff check game ai tests bench build research
	@if [ "$$(uname)" = Darwin ]; then echo "actionlint: no macOS build, workflows not linted here"; \
	else $(BIN)/actionlint .github/workflows/*.yml && echo "actionlint: workflows ok"; fi

typecheck: $(VENV)/.installed-test
	$(BIN)/mypy

test: $(VENV)/.installed-test lint typecheck
	$(HEADLESS) $(BIN)/python -m pytest

# The bench times the executable's start too, so it builds it first (when the sources changed).
# Options go in ARGS: make bench ARGS=--quick (or --strength).
bench: $(VENV)/.installed-bench dist/.built
	$(HEADLESS) $(BIN)/python -m bench $(ARGS)

dist: dist/.built

dist/.built: $(SHIPPED) | $(VENV)/.installed-test
	$(BIN)/python build/make_dist.py
	touch $@

clean:
	rm -rf $(VENV) dist build/work .pytest_cache .ruff_cache .mypy_cache
