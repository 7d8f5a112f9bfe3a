# Two commands: `make lab` and `make test`. Each builds .venv on first use and
# rebuilds it when pyproject.toml changes.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
# make test (and lint, messages) also needs the test tools (pytest, nbval, playwright, ...);
# make lab does not wait for them on a first start.
TEST_STAMP := $(VENV)/.test-installed-stamp

# JupyterLab refuses to run as root without --allow-root, and cannot open a
# browser on a machine without a display: it then only prints the URL.
# make lab opens the learner's own copy of the lessons, my-notebooks/ (tools/lab.py copies
# notebooks/ and exercises/ there once and never overwrites them, so the tracked lessons
# stay as published); make lab LAB_DIR=exercises opens the copy of the exercises instead;
# make lab-reset [NB=name] starts over (the old copies are moved aside, not deleted).
LAB_DIR ?= notebooks
LAB_FLAGS := --notebook-dir=my-notebooks/$(LAB_DIR)
ifeq ($(shell id -u),0)
LAB_FLAGS += --allow-root
endif
ifeq ($(DISPLAY)$(WAYLAND_DISPLAY)$(shell uname -s | grep -x Darwin),)
LAB_FLAGS += --no-browser
endif

# make test runs its tests in TEST_JOBS processes at once (pytest-xdist), a file at a time
# (--dist loadscope: one notebook's cells run in order in one kernel, and a module's shared
# fixtures are built once): on a 2-core machine the browser tests' waiting and the engine tests'
# computing overlap. TEST_JOBS=0 runs everything in one process.
TEST_JOBS ?= 2

# The documentation pages whose Python examples make test runs (as it runs README.md's).
DOC_EXAMPLES := docs/python.md docs/students.md

# Folders of notebooks that nbval re-executes (only those that exist).
NOTEBOOK_DIRS := $(wildcard notebooks exercises)
# Not re-executed by nbval: the exercises' nbgrader sources (their student and solution
# versions are, and tests/test_exercises.py checks that both are up to date with them).
NBVAL_IGNORE := $(wildcard exercises/source)

# numba compiles the simulators once per checkout (one to three minutes on a small machine)
# and caches the machine code in pianitsa101/simulate/__pycache__. make test builds it first;
# make lab builds it in the background while JupyterLab opens (a cell that needs it sooner
# waits for it under the same lock, with a bar). The stamp lives beside the cache.
NUMBA_STAMP := pianitsa101/simulate/__pycache__/.numba-cache-stamp

# The in-browser site (JupyterLite): `make lite` builds dist/lite, `make lite-serve`
# serves it. Its build tools have their own venv, so that .venv (make test, make lab) stays lean
# and their exact pins (lite/requirements.txt) never meet JupyterLab's.
LITE_VENV := .venv-lite
LITE_STAMP := $(LITE_VENV)/.installed-stamp
LITE_HOST ?= 127.0.0.1
LITE_PORT ?= 8000

.PHONY: lab lab-ru lab-reset test lint bench clean grade exercises notebooks tournament bench-tournament
.PHONY: lite lite-serve lite-tools docs class

# The documentation site (Sphinx + MyST-NB: the lessons with their stored outputs, the guides, the
# API reference): `make docs` builds it into dist/docs, offline. Its tools are the `docs` extra,
# installed with the test tools (make test builds the site in tests/test_docs.py).
DOCS_OUT ?= dist/docs

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 10), "pianitsa101 needs Python 3.10 or newer, found " + sys.version' 
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@echo "Installing JupyterLab and pianitsa101 into $(VENV) (about a minute on a first start)..."
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $(STAMP)

$(TEST_STAMP): $(STAMP)
	@echo "Installing the test and documentation tools into $(VENV)..."
	$(BIN)/python -m pip install --quiet -e '.[test,docs]'
	touch $(TEST_STAMP)

$(NUMBA_STAMP): $(STAMP) $(wildcard pianitsa101/simulate/*.py)
	$(BIN)/python -m pianitsa101.strategy  # the simulators and the bot's playouts (simulate imports no strategy)
	@mkdir -p $(dir $@) && touch $@

$(LITE_STAMP): lite/requirements.txt
	test -x $(LITE_VENV)/bin/python || $(PYTHON) -m venv $(LITE_VENV)
	$(LITE_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(LITE_VENV)/bin/python -m pip install --quiet -r lite/requirements.txt
	touch $(LITE_STAMP)

lite-tools: $(LITE_STAMP)

lite: $(LITE_STAMP)
	$(LITE_VENV)/bin/python lite/build.py

lite-serve:
	@test -f dist/lite/index.html || $(MAKE) --no-print-directory lite
	$(PYTHON) lite/serve.py --directory dist/lite --host $(LITE_HOST) --port $(LITE_PORT)

docs: $(TEST_STAMP)
	$(BIN)/python docs/build.py --quiet $(DOCS_OUT)

# The connected classroom (docs/classroom.md): the browser site and the class service on one address
# for the room, with its code and QR code; the board's address (with the teacher's token) is printed
# for the teacher. CLASS_DATA keeps the class between runs; CLASS_HOST=127.0.0.1 for this computer only.
CLASS_HOST ?= 0.0.0.0
CLASS_PORT ?= 8000
CLASS_DATA ?= class-data
class: $(STAMP)
	@test -f dist/lite/index.html || $(MAKE) --no-print-directory lite
	$(BIN)/python -m pianitsa101.classroom --site dist/lite --host $(CLASS_HOST) --port $(CLASS_PORT) \
	    --data "$(CLASS_DATA)"

lab: $(STAMP)
	$(BIN)/python tools/lab.py run $(LAB_FLAGS)

# make lab-ru: the same, with JupyterLab's own menus and dialogs in Russian (the language pack
# jupyterlab-language-pack-ru-RU, a dependency) and the Russian lessons; the locale lives in a
# settings folder of its own, so that make lab stays in English.
RU_SETTINGS := $(VENV)/lab-settings-ru
RU_LOCALE := $(RU_SETTINGS)/@jupyterlab/translation-extension/plugin.jupyterlab-settings
$(RU_LOCALE):
	@mkdir -p $(dir $@)
	echo '{"locale": "ru_RU"}' > $@

lab-ru: $(STAMP) $(RU_LOCALE)
	JUPYTERLAB_SETTINGS_DIR=$(abspath $(RU_SETTINGS)) PIANITSA101_LANG=ru \
	    $(BIN)/python tools/lab.py run $(LAB_FLAGS)

lab-reset: $(STAMP)
	$(BIN)/python tools/lab.py reset $(NB)

# The engine a learner reads (cards.py, pianitsa/, game101/) also keeps every function at
# cyclomatic complexity 15 or less (ruff's C901, max-complexity in pyproject.toml) and at
# 60 lines or less (tests/test_engine_size.py).
ENGINE := pianitsa101/cards.py pianitsa101/pianitsa pianitsa101/game101

lint: $(TEST_STAMP)
	$(BIN)/ruff check pianitsa101 tests tools $(wildcard benchmarks docs lite) $(NOTEBOOK_DIRS)
	$(BIN)/ruff check --select C901 $(ENGINE)
	$(BIN)/python -m pytest -q -p no:xdist -p no:cacheprovider tests/test_engine_size.py

test: $(TEST_STAMP) $(NUMBA_STAMP) $(LITE_STAMP) lint
	$(BIN)/python -m pytest -n $(TEST_JOBS) --dist loadscope \
	    tests --doctest-modules pianitsa101 benchmarks/results_page.py \
	    --doctest-glob=README.md $(addprefix --doctest-glob=,$(notdir $(DOC_EXAMPLES))) README.md $(DOC_EXAMPLES) \
	    $(if $(NOTEBOOK_DIRS),--nbval $(NOTEBOOK_DIRS)) $(addprefix --ignore=,$(NBVAL_IGNORE)) ; \
	status=$$?; if [ $$status -eq 5 ]; then echo "no tests collected"; exit 0; fi; exit $$status

# Re-execute lessons in place after changing code they show (NB=one notebook, else all of them),
# as nbval compares them: fixed hash seed, no widget state, no timestamps.
notebooks: $(STAMP) $(NUMBA_STAMP)
	$(BIN)/python tools/run_notebooks.py $(or $(NB),$(sort $(wildcard notebooks/*.ipynb)))

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache
	rm -rf $(LITE_VENV) build/lite build/lite-test dist/lite
	rm -rf build/bench dist/docs

# make bench keeps what each benchmark prints in build/bench and writes the results page from it,
# docs/results.md (benchmarks/results_page.py), under the machine it ran on.
BENCH_RUNS := build/bench
bench: $(STAMP) $(NUMBA_STAMP)
	@mkdir -p $(BENCH_RUNS) && rm -f $(BENCH_RUNS)/*.txt
	set -o pipefail; $(BIN)/python benchmarks/bench.py | tee $(BENCH_RUNS)/engines.txt
	set -o pipefail; $(BIN)/python benchmarks/bench_widgets.py | tee $(BENCH_RUNS)/tables.txt
	set -o pipefail; $(BIN)/python benchmarks/bench_bot.py | tee $(BENCH_RUNS)/bot.txt
	$(BIN)/python benchmarks/results_page.py $(BENCH_RUNS)

# Exercises (exercises/README.md): write the student and solution notebooks from their
# sources, and grade submissions: make grade NB=notebook.ipynb or make grade DIR=folder
# (optional CSV=file, TIMEOUT=seconds per cell, JOBS=notebooks at once, STRICT=1: a flagged answer earns 0,
# SECRET=the grader's secret or SECRET_FILE=its file (the hidden cases), UNSAFE=1: run the students' code without a sandbox).
# The students' code runs in a sandbox (bubblewrap, exercises/README.md); without one it is refused.
SANDBOX_ENV = $(if $(filter-out 0,$(UNSAFE)),PIANITSA101_UNSAFE=1) $(if $(SECRET),PIANITSA101_SECRET="$(SECRET)") \
    $(if $(SECRET_FILE),PIANITSA101_SECRET_FILE="$(SECRET_FILE)")
exercises: $(STAMP)
	$(BIN)/python -m pianitsa101.checks.build

grade: $(STAMP)
	@test -n "$(NB)$(DIR)" || { echo "usage: make grade NB=path/to/notebook.ipynb  or  make grade DIR=folder" \
	    "[CSV=grades.csv] [TIMEOUT=60] [JOBS=2] [STRICT=1] [SECRET=...] [UNSAFE=1]"; exit 2; }
	$(SANDBOX_ENV) $(BIN)/python -m pianitsa101.checks.grade $(if $(NB),"$(NB)") $(if $(DIR),"$(DIR)") \
	    $(if $(CSV),--csv "$(CSV)") $(if $(TIMEOUT),--timeout $(TIMEOUT)) $(if $(JOBS),--jobs $(JOBS)) \
	    $(if $(filter-out 0,$(STRICT)),--strict)

# A class tournament (docs/teachers.md, "Run a class tournament"): every student's exercise-12 strategy from
# the notebooks in DIR, each in its own process, against the others and the built-in bots
# (optional OUT=folder, MATCHES=least per entry, SEED=..., JOBS=engine processes).
tournament: $(STAMP)
	@test -n "$(DIR)" || { echo "usage: make tournament DIR=folder [OUT=folder] [MATCHES=200] [SEED=0] [JOBS=2] [UNSAFE=1]"; \
	    exit 2; }
	$(SANDBOX_ENV) $(BIN)/python -m pianitsa101.checks.tournament "$(DIR)" $(if $(OUT),--out "$(OUT)") \
	    $(if $(MATCHES),--matches $(MATCHES)) $(if $(SEED),--seed $(SEED)) $(if $(JOBS),--jobs $(JOBS))

# 30 made-up strategies (one crashes, one loops), 200+ matches each: about 5 minutes, so not in make bench.
bench-tournament: $(STAMP)
	$(BIN)/python benchmarks/bench_class_tournament.py

# The gettext catalog of pianitsa101.i18n: extract the English msgids from the engines and the
# simulations, merge them into the Russian .po (translate the new entries there), compile the .mo that ships.
MESSAGE_SOURCES := pianitsa101/i18n.py pianitsa101/cards.py pianitsa101/_checks.py pianitsa101/cardart.py pianitsa101/pianitsa pianitsa101/game101 pianitsa101/simulate \
    pianitsa101/lessons pianitsa101/strategy pianitsa101/checks
.PHONY: messages
messages: $(TEST_STAMP)
	$(BIN)/pybabel extract --no-location --sort-output -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2 -k npgettext:1c,2,3 \
	    --project=pianitsa101 -o pianitsa101/locale/pianitsa101.pot $(MESSAGE_SOURCES)
	$(BIN)/pybabel update --no-fuzzy-matching --width=110 -D pianitsa101 -i pianitsa101/locale/pianitsa101.pot \
	    -d pianitsa101/locale
	$(BIN)/pybabel compile --statistics -D pianitsa101 -d pianitsa101/locale
