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
# Not re-executed by nbval: the exercises' nbgrader sources (their student and solution
# versions are, and tests/test_exercises.py checks that both are up to date with them).
NBVAL_IGNORE := $(wildcard exercises/source)

.PHONY: lab test lint bench clean grade exercises

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 10), "pianitsa101 needs Python 3.10 or newer, found " + sys.version' 
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab $(LAB_FLAGS)

lint: $(STAMP)
	$(BIN)/ruff check pianitsa101 tests $(wildcard benchmarks) $(NOTEBOOK_DIRS)

test: $(STAMP) lint
	$(BIN)/python -m pytest tests --doctest-modules pianitsa101 --doctest-glob=README.md README.md \
	    $(if $(NOTEBOOK_DIRS),--nbval $(NOTEBOOK_DIRS)) $(addprefix --ignore=,$(NBVAL_IGNORE)) ; \
	status=$$?; if [ $$status -eq 5 ]; then echo "no tests collected"; exit 0; fi; exit $$status

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache

bench: $(STAMP)
	$(BIN)/python benchmarks/bench.py

# Exercises (exercises/README.md): write the student and solution notebooks from their
# sources, and grade submissions: make grade NB=notebook.ipynb or make grade DIR=folder
# (optional CSV=file, TIMEOUT=seconds per cell, JOBS=notebooks at once).
exercises: $(STAMP)
	$(BIN)/python -m pianitsa101.checks.build

grade: $(STAMP)
	@test -n "$(NB)$(DIR)" || { echo "usage: make grade NB=path/to/notebook.ipynb  or  make grade DIR=folder" \
	    "[CSV=grades.csv] [TIMEOUT=60] [JOBS=2]"; exit 2; }
	$(BIN)/python -m pianitsa101.checks.grade $(if $(NB),"$(NB)") $(if $(DIR),"$(DIR)") \
	    $(if $(CSV),--csv "$(CSV)") $(if $(TIMEOUT),--timeout $(TIMEOUT)) $(if $(JOBS),--jobs $(JOBS))
