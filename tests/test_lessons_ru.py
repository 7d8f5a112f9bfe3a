"""The Russian lessons run the English lessons' code: same code, same seeds, same numbers.

Every ``notebooks/ru/NAME.ipynb`` has an English twin ``notebooks/NAME.ipynb``, and its code
cells are the twin's, in the same order, with exactly one allowed difference: one added code
cell, the first code cell of the lesson, that switches the language and does nothing else,
``from pianitsa101.lessons import lesson_language`` and ``lesson_language("ru")`` (the package's
texts, and every line the lesson's own code prints, in Russian). The tables follow the switch
(``lang`` is not given), so no other line changes.

Anything else (a changed seed, a number, a line added or dropped) fails, naming the lesson and
the cell.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
ENGLISH = ROOT / "notebooks"
RUSSIAN = ENGLISH / "ru"
LESSONS = sorted(RUSSIAN.glob("*.ipynb"))
SWITCH = 'from pianitsa101.lessons import lesson_language\n\nlesson_language("ru")'
def code_cells(path: Path) -> list[str]:
    """The sources of a notebook's code cells."""
    return [cell.source for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code"]


def drift(russian: list[str], english: list[str], lesson: str) -> list[str]:
    """Every difference between the Russian lesson's code and its twin's that is not allowed."""
    if not russian or russian[0].strip() != SWITCH:
        return [f"{lesson}: the first code cell must be exactly {SWITCH!r}"]
    body = russian[1:]
    out = []
    for number, (ru, en) in enumerate(zip(body, english, strict=False), start=1):
        if ru != en:
            out.append(f"{lesson}, code cell {number} (after the switch) differs from the English:\n"
                       f"--- English\n{en}\n--- Russian\n{ru}")
    if len(body) != len(english):
        out.append(f"{lesson}: {len(body)} code cells after the switch, the English has {len(english)}")
    return out


def test_there_are_russian_lessons():
    assert LESSONS, "notebooks/ru/ holds no lesson"


@pytest.mark.parametrize("path", LESSONS, ids=lambda path: path.stem)
def test_the_russian_lesson_runs_the_english_code(path: Path):
    twin = ENGLISH / path.name
    assert twin.exists(), f"ru/{path.name} has no English twin notebooks/{path.name}"
    problems = drift(code_cells(path), code_cells(twin), f"ru/{path.stem}")
    assert not problems, "\n\n".join(problems)


# --- the comparison itself, on a drifted copy (so the test can fail) -------------------------

STACKED = "PianitsaGame.from_stacks(['K♠', 'K♥'])"
ENGLISH_CELLS = ["from pianitsa101.widgets import PianitsaTable",
                 f"# NBVAL_IGNORE_OUTPUT\ntable = PianitsaTable(game={STACKED})\ntable",
                 "print(simulate(1000, seed=4))"]
RUSSIAN_CELLS = [SWITCH, *ENGLISH_CELLS]


def test_only_the_switch_is_allowed():
    assert drift(RUSSIAN_CELLS, ENGLISH_CELLS, "made_up") == []


def test_a_changed_seed_fails_naming_the_lesson_and_cell():
    drifted = [*RUSSIAN_CELLS[:-1], "print(simulate(1000, seed=5))"]
    problems = drift(drifted, ENGLISH_CELLS, "made_up")
    assert len(problems) == 1 and problems[0].startswith("made_up, code cell 3 (after the switch)")


def test_a_missing_switch_a_dropped_cell_a_lang_and_an_extra_line_fail():
    assert "first code cell" in drift(RUSSIAN_CELLS[1:], ENGLISH_CELLS, "x")[0]
    assert "2 code cells after the switch" in drift(RUSSIAN_CELLS[:-1], ENGLISH_CELLS, "x")[0]
    with_lang = [*RUSSIAN_CELLS[:2], RUSSIAN_CELLS[2].replace("]))", "]), lang='ru')"), *RUSSIAN_CELLS[3:]]
    assert drift(with_lang, ENGLISH_CELLS, "x")[0].startswith("x, code cell 2")
    extra_line = [*RUSSIAN_CELLS[:-1], RUSSIAN_CELLS[-1] + "\nprint('ещё')"]
    assert drift(extra_line, ENGLISH_CELLS, "x")[0].startswith("x, code cell 3")
    switch_and_more = [SWITCH + "\nprint(1)", *ENGLISH_CELLS]
    assert "first code cell" in drift(switch_and_more, ENGLISH_CELLS, "x")[0]


def test_a_drifted_copy_of_a_real_lesson_fails(tmp_path: Path):
    path = LESSONS[0]
    notebook = nbformat.read(path, as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    code[-1].source += "\n# a line the English does not have"
    copy = tmp_path / path.name
    nbformat.write(notebook, copy)
    problems = drift(code_cells(copy), code_cells(ENGLISH / path.name), path.stem)
    assert len(problems) == 1 and f"code cell {len(code) - 1} " in problems[0]
