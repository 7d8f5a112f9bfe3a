"""The in-browser site's choice of notebooks (``lite/build.py``), without building it.

A notebook goes into the site when everything it imports exists there (the standard
library, pianitsa101, ipywidgets, anywidget); the others are listed on the front page as
needing ``make lab``.  Every notebook the site takes must also run top to bottom where
numpy, numba and matplotlib cannot be imported, as in the browser.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_build():
    """``lite/build.py`` as a module (it is a script, not part of the package)."""
    spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = load_build()


def notebook(*sources: str) -> dict:
    return {"cells": [{"cell_type": "code", "source": s, "metadata": {}, "outputs": []} for s in sources]
            + [{"cell_type": "markdown", "source": "# A title\nmore", "metadata": {}}],
            "metadata": {"kernelspec": {"name": "python3"}, "widgets": {"x": 1}}}


@pytest.mark.parametrize(("sources", "missing"), [
    (["import json\nfrom pianitsa101 import cards", "import ipywidgets as w"], []),
    (["from pianitsa101.simulate import simulate_pianitsa\nres = simulate_pianitsa(100)"], []),
    (["import numpy as np"], ["numpy"]),
    (["%matplotlib inline\nx = 1"], ["matplotlib"]),
    (["import matplotlib.pyplot as plt", "from numba import njit"], ["matplotlib", "numba"]),
    (["def f():\n    import scipy.stats\n"], ["scipy"]),
    (["!pip install something\nfrom . import local"], []),
    (["from pianitsa101.lessons import Mean"], []),
    (["import pianitsa101.lessons.mplchart as mpl"], ["pianitsa101.lessons.mplchart"]),
])
def test_a_notebook_goes_into_the_site_when_its_imports_exist_there(sources, missing):
    assert build.missing_in_browser(notebook(*sources)) == missing


def test_site_copy_runs_on_pyodide_and_keeps_the_rest():
    source = notebook("print(1)")
    copy = build.site_copy(source)
    assert copy["metadata"]["kernelspec"]["name"] == "python" and "widgets" not in copy["metadata"]
    assert copy["cells"] == source["cells"] and source["metadata"]["kernelspec"]["name"] == "python3"
    assert build.title_of(source, "x") == "A title"


def test_front_page_lists_the_lessons_here_and_those_for_make_lab():
    page = build.front_page([("notebooks/02_cards.ipynb", "Cards")],
                            [("notebooks/04_probability.ipynb", "Probability", ["matplotlib", "numpy"])])
    text = "".join(page["cells"][0]["source"])
    assert "[Cards](notebooks/02_cards.ipynb)" in text
    assert "Probability (`notebooks/04_probability.ipynb`): uses matplotlib, numpy" in text
    assert "make lab" in text and page["metadata"]["kernelspec"]["name"] == "python"


def test_the_front_page_lists_each_edition_in_its_own_language():
    page = build.front_page([("notebooks/02_cards.ipynb", "Cards"), ("notebooks/ru/02_cards.ipynb", "Карты"),
                             ("exercises/ru/01_compare.ipynb", "Упражнение 01")],
                            [("notebooks/ru/04_probability.ipynb", "Вероятность", ["numpy"])])
    english, russian = "".join(page["cells"][0]["source"]).split("\n---\n")
    assert "[Cards](notebooks/02_cards.ipynb)" in english and "/ru/" not in english
    assert "None: every lesson is here" in english
    assert "## Уроки\n\n- [Карты](notebooks/ru/02_cards.ipynb)" in russian
    assert "## Упражнения\n\n- [Упражнение 01](exercises/ru/01_compare.ipynb)" in russian
    assert "Вероятность (`notebooks/ru/04_probability.ipynb`): нужны numpy" in russian
    assert "make lab" in russian and "Restart Kernel" in russian


def test_the_russian_editions_are_taken_by_folder(tmp_path, monkeypatch):
    """notebooks/ru/ and exercises/ru/ go into the site when they exist (a stand-in folder here)."""
    for rel in ("notebooks/01_a.ipynb", "notebooks/ru/01_a.ipynb", "exercises/ru/01_b.ipynb"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(json.dumps(notebook("import pianitsa101")), encoding="utf-8")
    monkeypatch.setattr(build, "ROOT", tmp_path)
    chosen, _ = build.choose_notebooks()
    assert [p for p, _ in chosen] == ["notebooks/01_a.ipynb", "notebooks/ru/01_a.ipynb",
                                      "exercises/ru/01_b.ipynb"]
    assert build.russian("exercises/ru/01_b.ipynb") and not build.russian("notebooks/01_a.ipynb")


def test_the_site_takes_every_lesson_that_can_run_there():
    chosen, left_out = build.choose_notebooks()
    paths = [p for p, _ in chosen] + [p for p, _, _ in left_out]
    expected = sorted(f"{folder}/{p.name}" for folder in build.SOURCES
                      for p in (ROOT / folder).glob("*.ipynb"))
    assert sorted(paths) == expected
    assert "notebooks/02_cards.ipynb" in [p for p, _ in chosen]
    for path, _, missing in left_out:
        assert missing and set(missing).isdisjoint(build.SITE_PACKAGES), path
    for path, _ in chosen:  # what the site takes imports nothing made for a full Python only
        modules = build.imported_modules(json.loads((ROOT / path).read_text(encoding="utf-8")))
        assert not any(m.startswith(build.FULL_PYTHON_ONLY) for m in modules), path


BLOCKED_SHELL = """
import json, sys
class NoCompiledStack:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {"numpy", "numba", "matplotlib"}:
            raise ModuleNotFoundError(f"No module named {name!r} (refused: not in the browser)")
sys.meta_path.insert(0, NoCompiledStack())
from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
notebook = json.load(open(sys.argv[1], encoding="utf-8"))
for number, cell in enumerate(notebook["cells"]):
    if cell["cell_type"] == "code":
        result = shell.run_cell("".join(cell["source"]), silent=True)
        tags = cell.get("metadata", {}).get("tags", [])
        allowed = "raises-exception" in tags and "/solutions/" not in sys.argv[1]  # a solved one: none
        if not result.success and not allowed:
            sys.exit(f"cell {number} failed: {result.error_in_exec or result.error_before_exec!r}")
print("ran", sys.argv[1])
"""


def runnable(path: str) -> str:
    """The notebook to run for a site notebook: an exercise's solved version where there is one."""
    solved = Path(path).parent / "solutions" / Path(path).name
    return str(solved) if (ROOT / solved).is_file() else path


SITE_NOTEBOOKS = [runnable(p) for p, _ in build.choose_notebooks()[0]]
# A Russian twin is its English notebook's code after one cell that switches the language
# (test_lessons_ru.py and test_exercises_ru.py hold that).  Where that code never asks which engine
# runs, the twin prints here what it prints in the full Python, which nbval compares: it is not run
# twice.  A twin whose code picks its engine or its sample size (COMPILED, sample(), the simulator,
# the Monte Carlo bot) prints other lines here, each through the translator, so it runs; so does
# ru/01, to show the language switch needs nothing the browser lacks.
ENGINE_CHOICE = re.compile(r"COMPILED|sample\(|simulate|MonteCarlo")
RUSSIAN_KEPT = "notebooks/ru/01_start_here.ipynb"


def code_of(path: str) -> str:
    cells = json.loads((ROOT / path).read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")


def runs_here(path: str) -> bool:
    """Every English site notebook; a Russian one whose output here may differ from the full Python's."""
    return "/ru/" not in path or path == RUSSIAN_KEPT or bool(ENGINE_CHOICE.search(code_of(path)))


RUN_HERE = [p for p in SITE_NOTEBOOKS if runs_here(p)]


def test_every_site_notebook_runs_in_the_blocked_python_or_has_an_english_twin_that_does():
    assert RUSSIAN_KEPT in RUN_HERE and "notebooks/ru/08_101_probability_strategy.ipynb" in RUN_HERE
    for path in SITE_NOTEBOOKS:
        assert path in RUN_HERE or path.replace("/ru/", "/") in RUN_HERE, path


@pytest.mark.parametrize("path", RUN_HERE)
def test_site_notebooks_run_without_numpy_numba_matplotlib(path):
    # An exercise's student version stops at its "YOUR CODE HERE"; its solved version runs through.
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    env.pop("PIANITSA101_PURE", None)
    done = subprocess.run([sys.executable, "-c", BLOCKED_SHELL, str(ROOT / path)], capture_output=True,
                          text=True, env=env, cwd=ROOT / Path(path).parent, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert f"ran {ROOT / path}" in done.stdout


def test_numpy_goes_into_the_site_when_a_wheel_for_its_pyodide_is_found():
    # the path kept for the day PyPI has numpy for the site's Pyodide: its lessons then go in
    uses_numpy = notebook("import numpy as np")
    assert build.missing_in_browser(uses_numpy) == ["numpy"]
    assert build.missing_in_browser(uses_numpy, frozenset({"numpy"})) == []
    lock = build.config("wheels", ROOT / "x", "3.14", "wasm32-pyodide2025", frozenset({"numpy"}))
    settings = lock["PyodideLockAddon"]
    assert "numpy" in settings["specs"] and "numpy" not in settings["excludes_extra"]
    assert settings["pyodide_lock_uv_options"] == {"python_platform": "wasm32-pyodide2025"}
    assert build.wheels_for_pyodide(("numpy",), "3.14", None) == frozenset()  # a platform uv does not know


def test_build_warnings_are_found_in_the_tools_output():
    output = "ok\nwarning: The requested Python version 3.14 is not available\n[W 12:00 LiteBuildApp] x\nfine"
    assert build.warnings_in(output) == ["warning: The requested Python version 3.14 is not available",
                                         "[W 12:00 LiteBuildApp] x"]
