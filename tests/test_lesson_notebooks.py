"""The lessons as a whole: every rule is taught, every lesson has the same shape, and
every notebook is stored clean.

- Every rule id, P1-P13 (Пьяница) and R1-R26 (101), is *taught*: cited in a markdown cell of
  some notebook in ``notebooks/`` (an id only in code does not count). A range such as
  "R1–R26" is a pointer to the rules, not a lesson, and counts for none of its ids. An id
  that does not exist (P14, R27) is a typo and fails.
- Every lesson opens with its title and learning goals ("You will learn") and ends with a
  "Try it yourself" section.
- Every notebook in git is stored without widget state (``metadata.widgets``). Every lesson
  and every exercise solution is stored executed top to bottom, with its outputs and no error
  (the exercises' student versions are blank on purpose, and their sources are nbgrader's).
- A cell that shows a widget is marked ``# NBVAL_IGNORE_OUTPUT`` (nbval cannot compare a
  view), and the next code cell prints a plain-text result that nbval does compare.
"""

from __future__ import annotations

import json
import re
import subprocess
from fnmatch import fnmatch
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("*.ipynb"))
EXECUTED = ("notebooks/*.ipynb", "exercises/solutions/*.ipynb")  # stored with their outputs
PIANITSA_RULES = [f"P{i}" for i in range(1, 14)]
RULES_101 = [f"R{i}" for i in range(1, 27)]
WIDGET = "application/vnd.jupyter.widget-view+json"
IGNORE = "NBVAL_IGNORE_OUTPUT"

# "P8", "R16"; not inside a word ("test_P8_", "MP3")
RULE_ID = re.compile(r"(?<![A-Za-z0-9_])([PR])(\d{1,2})(?![A-Za-z0-9_])")
RULE_RANGE = re.compile(RULE_ID.pattern + r"\s?[-–]\s?" + RULE_ID.pattern)  # "P1-P3", "R1–R26"


def cells(path: Path) -> list[dict]:
    """The cells of a notebook file, each with its source as one string."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for cell in notebook["cells"]:
        source = cell["source"]
        out.append({**cell, "source": "".join(source) if isinstance(source, list) else source})
    return out


def cited(text: str) -> set[str]:
    """The rule ids a text cites one by one (a range such as 'R1–R26' points at rules, teaches none)."""
    return {letter + number for letter, number in RULE_ID.findall(RULE_RANGE.sub(" ", text))}


def taught(paths: list[Path] = LESSONS) -> dict[str, list[str]]:
    """Each rule id cited in a markdown cell -> the lessons that cite it."""
    where: dict[str, list[str]] = {}
    for path in paths:
        for cell in cells(path):
            if cell["cell_type"] == "markdown":
                for rule in cited(cell["source"]):
                    where.setdefault(rule, [])
                    if path.stem not in where[rule]:
                        where[rule].append(path.stem)
    return where


def missing(rules: list[str]) -> list[str]:
    """The ids of ``rules`` that no lesson teaches."""
    known = taught()
    return [rule for rule in rules if rule not in known]


def test_the_rule_id_reader():
    assert cited("the deal (P1, P2, P3), a dispute (P8, P10)") == {"P1", "P2", "P3", "P8", "P10"}
    assert cited("every rule (P1–P13, R1 - R26) and R16") == {"R16"}
    assert cited("`test_P8_dispute`, an MP3, P13x2") == set()
    assert cited("**P13.** a cycle") == {"P13"} and cited("(R2)") == {"R2"}


def test_every_pianitsa_rule_is_taught_in_a_lesson():
    absent = missing(PIANITSA_RULES)
    assert not absent, (f"rule ids cited in no markdown cell of notebooks/*.ipynb: {', '.join(absent)} "
                        f"(lessons read: {', '.join(p.stem for p in LESSONS)})")


def test_every_101_rule_is_taught_in_a_lesson():
    absent = missing(RULES_101)
    assert not absent, (f"rule ids cited in no markdown cell of notebooks/*.ipynb: {', '.join(absent)} "
                        f"(lessons read: {', '.join(p.stem for p in LESSONS)})")


def test_no_lesson_cites_a_rule_that_does_not_exist():
    wrong = {rule: where for rule, where in taught().items() if rule not in PIANITSA_RULES + RULES_101}
    assert not wrong, f"rule ids that do not exist (the rules are P1-P13 and R1-R26): {wrong}"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_lesson_opens_with_its_learning_goals(path):
    first = cells(path)[0]
    assert first["cell_type"] == "markdown" and first["source"].startswith("# "), (
        f"{path.name}: the first cell should be markdown with the lesson's title ('# NN · ...')")
    goals = re.search(r"(you will learn|learning goals)[^\n]*\n+((?:[-*] .*\n?)+)", first["source"], re.I)
    assert goals, f"{path.name}: the first cell should list the learning goals ('You will learn' and a list)"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_lesson_ends_with_try_it_yourself(path):
    markdown = "\n".join(c["source"] for c in cells(path) if c["cell_type"] == "markdown")
    headings = re.findall(r"^#{1,3} .*$", markdown, re.M)
    assert headings and re.fullmatch(r"#{2,3} Try it yourself", headings[-1].strip()), (
        f"{path.name}: the last section should be '## Try it yourself'; the last heading is "
        f"{headings[-1] if headings else None!r}")
    section = markdown.split(headings[-1], 1)[1]
    assert re.search(r"^\s*(?:[-*]|\d+\.) \S", section, re.M), f"{path.name}: 'Try it yourself' lists no task"


def tracked_notebooks() -> list[Path]:
    """Every notebook in git (every .ipynb under the repository outside .venv when git is missing)."""
    try:
        names = subprocess.run(["git", "ls-files", "*.ipynb"], cwd=ROOT, capture_output=True, text=True,
                               check=True).stdout.split()
        return [ROOT / name for name in names if (ROOT / name).exists()]
    except (OSError, subprocess.CalledProcessError):
        skip = {".venv", ".ipynb_checkpoints"}
        return [p for p in ROOT.rglob("*.ipynb") if not skip & set(p.parts)]


TRACKED = tracked_notebooks()
COMPARED = [p for p in TRACKED if any(fnmatch(p.relative_to(ROOT).as_posix(), glob) for glob in EXECUTED)]


@pytest.mark.parametrize("path", TRACKED, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_is_stored_without_widget_state(path):
    metadata = json.loads(path.read_text(encoding="utf-8"))["metadata"]
    assert "widgets" not in metadata, (
        f"{path.relative_to(ROOT)} carries widget state (metadata.widgets): strip it after executing")


@pytest.mark.parametrize("path", COMPARED, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_is_stored_executed_top_to_bottom_with_its_outputs(path):
    code = [c for c in cells(path) if c["cell_type"] == "code" and c["source"].strip()]
    counts = [c["execution_count"] for c in code]
    assert counts == list(range(1, len(code) + 1)), (
        f"{path.relative_to(ROOT)}: execution counts {counts}: execute it top to bottom in a fresh kernel "
        "(PYTHONHASHSEED=0 jupyter nbconvert --to notebook --execute --inplace)")
    assert any(c["outputs"] for c in code), f"{path.relative_to(ROOT)} is stored without outputs"
    errors = [c["source"][:60] for c in code if any(o["output_type"] == "error" for o in c["outputs"])]
    assert not errors, f"{path.relative_to(ROOT)}: cells stored with an error: {errors}"


@pytest.mark.parametrize("path", COMPARED, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_widget_is_ignored_by_nbval_and_has_a_plain_text_result_beside_it(path):
    code = [c for c in cells(path) if c["cell_type"] == "code"]
    for i, cell in enumerate(code):
        if not any(WIDGET in output.get("data", {}) for output in cell["outputs"]):
            continue
        where = f"{path.relative_to(ROOT)}, cell {cell['source'][:50]!r}"
        assert IGNORE in cell["source"], f"{where} shows a widget: mark it # {IGNORE}"
        after = code[i + 1] if i + 1 < len(code) else None
        assert after is not None and IGNORE not in after["source"] and any(
            output["output_type"] in ("stream", "execute_result") for output in after["outputs"]), (
            f"{where}: the next code cell should give a plain-text result that nbval compares")
