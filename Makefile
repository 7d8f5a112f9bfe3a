# Two commands: `make lab` and `make test`. Each builds .venv on first use and
# rebuilds it when pyproject.toml changes.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

# JupyterLab refuses to run as root without --allow-root, and cannot open a
# browser on a machine without a display: it then only prints the URL.
LAB_FLAGS := --notebook-dir=notebooks
ifeq ($(shell id -u),0)
LAB_FLAGS += --allow-root
endif
ifeq ($(DISPLAY)$(WAYLAND_DISPLAY)$(shell uname -s | grep -x Darwin),)
LAB_FLAGS += --no-browser
endif

# Folders of notebooks that nbval re-executes (only those that exist).
NOTEBOOK_DIRS := $(wildcard notebooks exercises)

# numba compiles the simulators once per checkout (about a minute) and caches the machine
# code in pianitsa101/simulate/__pycache__; build it during set-up, so that no lesson cell
# sits silent the first time (the stamp lives beside the cache and goes away with it).
NUMBA_STAMP := pianitsa101/simulate/__pycache__/.numba-cache-stamp

.PHONY: lab test lint bench clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 10), "pianitsa101 needs Python 3.10 or newer, found " + sys.version' 
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

$(NUMBA_STAMP): $(STAMP) $(wildcard pianitsa101/simulate/*.py)
	$(BIN)/python -m pianitsa101.simulate
	@mkdir -p $(dir $@) && touch $@

lab: $(STAMP) $(NUMBA_STAMP)
	$(BIN)/jupyter lab $(LAB_FLAGS)

lint: $(STAMP)
	$(BIN)/ruff check pianitsa101 tests $(wildcard benchmarks) $(NOTEBOOK_DIRS)

test: $(STAMP) $(NUMBA_STAMP) lint
	$(BIN)/python -m pytest tests --doctest-modules pianitsa101 --doctest-glob=README.md README.md \
	    $(if $(NOTEBOOK_DIRS),--nbval $(NOTEBOOK_DIRS)) ; \
	status=$$?; if [ $$status -eq 5 ]; then echo "no tests collected"; exit 0; fi; exit $$status

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache

bench: $(STAMP) $(NUMBA_STAMP)
	$(BIN)/python benchmarks/bench.py
	$(BIN)/python benchmarks/bench_widgets.py
	$(BIN)/python benchmarks/bench_bot.py
