"""The entries of a class tournament: every student's exercise-12 strategy, read from the handed-in notebooks.

The notebooks are found as ``make grade`` finds them (:func:`pianitsa101.checks.grade.find_notebooks`:
one sub-folder per student, or notebooks side by side). A notebook is exercise 12 when it holds
the check ``check_strategy`` or the answer cell ``answer_strategy`` (nbgrader ids), or when its
file name starts with ``12_``. Its strategy is the class ``MyAgent`` of the answer cell (the
cell with that grade id, else the last code cell that defines ``class MyAgent``), run after the
imports cell of the exercise's source notebook, exactly as the student's notebook ran it.
Nothing of the student's code runs here: the text goes to a worker process
(:mod:`~pianitsa101.checks.tournament_worker`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pianitsa101.checks.build import SOURCE, read_notebook
from pianitsa101.checks.grade import find_notebooks

__all__ = ["ANSWER_ID", "CHECK_ID", "Entry", "find_entries", "source_imports"]

ANSWER_ID = "answer_strategy"  # the nbgrader grade_id of exercise 12's answer cell
CHECK_ID = "check_strategy"  # ... and of its check cell
CLASS_NAME = "MyAgent"
_DEFINES = re.compile(rf"^class\s+{CLASS_NAME}\b", re.MULTILINE)


@dataclass(frozen=True)
class Entry:
    """One student's strategy: the source text of the answer cell (``problem`` when there is none)."""

    name: str  # the student (the folder's name) or the notebook's name
    path: str  # the notebook it came from
    answer: str  # the answer cell's source ("" when none was found)
    problem: str = ""  # why this entry cannot play, found before any match
    note: str = ""  # something the teacher should know (several notebooks, a cell found by its text)


def _source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else str(src)


def _grade_id(cell: dict[str, Any]) -> str:
    meta = cell.get("metadata", {})
    return str(meta.get("nbgrader", {}).get("grade_id", "")) if isinstance(meta, dict) else ""


def source_imports(source: Path = SOURCE) -> str:
    """The code of exercise 12's locked cells before its answer cell (the imports the student had)."""
    path = next(iter(sorted(Path(source).glob("12_*.ipynb"))), None)
    if path is None:
        raise SystemExit(f"no exercise-12 source notebook (12_*.ipynb) in {source}")
    lines = []
    for cell in read_notebook(path)["cells"]:
        if _grade_id(cell) == ANSWER_ID:
            return "\n".join(lines) + "\n"
        if cell.get("cell_type") == "code" and cell.get("metadata", {}).get("nbgrader", {}).get("locked"):
            lines.append(_source(cell))
    raise SystemExit(f"{path} has no answer cell {ANSWER_ID!r}")


def _is_exercise_12(nb: dict[str, Any], path: Path) -> bool:
    for cell in nb.get("cells", []):
        if _grade_id(cell) in (ANSWER_ID, CHECK_ID) or f"{CHECK_ID}(" in _source(cell):
            return True
    return path.name.startswith("12_")


def _answer(nb: dict[str, Any]) -> tuple[str, str]:
    """(answer cell source, note) of a notebook: the cell by its grade id, else by ``class MyAgent``."""
    code = [c for c in nb.get("cells", []) if c.get("cell_type") == "code"]
    for cell in code:
        if _grade_id(cell) == ANSWER_ID:
            return _source(cell), ""
    defining = [c for c in code if _DEFINES.search(_source(c))]
    if defining:
        return _source(defining[-1]), "answer cell found by its text (class MyAgent)"
    return "", ""


def find_entries(paths: list[Path]) -> list[Entry]:
    """One entry per student who handed in exercise 12 (the first such notebook), in name order."""
    entries: dict[str, Entry] = {}
    for student, path in find_notebooks(paths):
        try:
            nb = read_notebook(path)
            assert isinstance(nb.get("cells"), list)
        except Exception as exc:
            if path.name.startswith("12_") and student not in entries:
                entries[student] = Entry(student, str(path), "",
                                         f"cannot be read as a notebook ({type(exc).__name__})")
            continue
        if not _is_exercise_12(nb, path):
            continue
        if student in entries:
            first = entries[student]
            several = f"several exercise-12 notebooks: used {Path(first.path).name}"
            note = "; ".join(n for n in (first.note, several) if n)
            entries[student] = Entry(first.name, first.path, first.answer, first.problem, note)
            continue
        answer, note = _answer(nb)
        problem = "" if answer.strip() else f"no answer cell defining class {CLASS_NAME}"
        entries[student] = Entry(student, str(path), answer, problem, note)
    return [entries[name] for name in sorted(entries)]
