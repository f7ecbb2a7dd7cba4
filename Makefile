# Each target bootstraps .venv itself, so a fresh clone needs only `make play` or `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: play test lint bench dist clean

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

lint: $(VENV)/.installed-test
	$(BIN)/ruff check game ai tests bench build

test: $(VENV)/.installed-test lint
	$(BIN)/mypy --follow-imports=silent game/boards game/ui/draw.py game/ui/overlays.py game/ui/tween.py
	$(HEADLESS) $(BIN)/python -m pytest

bench: $(VENV)/.installed-bench
	$(HEADLESS) $(BIN)/python -m bench

dist: $(VENV)/.installed-test
	$(BIN)/python build/make_dist.py

clean:
	rm -rf $(VENV) dist build/work .pytest_cache .ruff_cache
