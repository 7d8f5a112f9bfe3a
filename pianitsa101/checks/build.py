"""Write the student and the solution notebook of every exercise from its nbgrader source.

``exercises/source/NN_name.ipynb`` is the one notebook a teacher edits. It uses nbgrader's
markers and cell metadata (schema 3), so nbgrader can take it as it is:

- a *solution* cell (``"solution": true``) holds ``### BEGIN SOLUTION`` ... ``### END SOLUTION``;
- a *check* cell (``"grade": true``, with ``"points"``) calls ``check_<name>`` and may hold
  ``### BEGIN HIDDEN TESTS`` ... ``### END HIDDEN TESTS`` (run when grading, not shown to students).

From it this module writes, exactly as nbgrader would:

- ``exercises/NN_name.ipynb``, the student version: each solution region replaced by
  ``# YOUR CODE HERE`` / ``raise NotImplementedError()`` at its indentation (in a translated
  edition the comment is the translation's, ``# ВАШ КОД ЗДЕСЬ``: nbgrader's ``code_stub`` and
  ``text_stub`` are settings, and the checks know an unanswered function by the
  ``NotImplementedError`` it raises, not by the comment), hidden tests
  removed, no outputs. nbval runs it too: its check cells (and the cells tagged
  ``student-raises`` in the source, which call the student's function) get the cell tag
  ``raises-exception``, invisible to students;
- ``exercises/solutions/NN_name.ipynb``, the solution version: the markers removed (the
  hidden tests kept), executed and stored with its outputs, which nbval compares.

The output is deterministic (fixed cell ids, sorted keys, the source's notebook metadata), so
"up to date" is a comparison of bytes for the student notebooks, and of everything but the
outputs for the solutions (their outputs are nbval's business).

Run ``python -m pianitsa101.checks.build`` (``make exercises``) after editing a source;
``--check`` only reports what is out of date. Solutions whose cells did not change keep their
stored outputs; ``--force`` executes them all again.

>>> cell = {"cell_type": "code", "metadata": {"nbgrader": {"solution": True}},
...         "source": "def f():\\n    ### BEGIN SOLUTION\\n    return 1\\n    ### END SOLUTION"}
>>> print(student_cell(cell)["source"])
def f():
    # YOUR CODE HERE
    raise NotImplementedError()
>>> print(solution_cell(cell)["source"])
def f():
    return 1
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import sys
from pathlib import Path
from typing import Any

__all__ = ["ROOT", "SOURCE", "build", "graded_cells", "read_notebook", "solution_cell", "solution_notebook",
           "student_cell", "student_notebook", "write_text"]

ROOT = Path(__file__).resolve().parents[2] / "exercises"  # the exercises folder of a checkout
SOURCE = ROOT / "source"

BEGIN_SOLUTION, END_SOLUTION = "### BEGIN SOLUTION", "### END SOLUTION"
BEGIN_HIDDEN, END_HIDDEN = "BEGIN HIDDEN TESTS", "END HIDDEN TESTS"
# nbgrader's default stubs, and a translated edition's (in an nbgrader course, its nbgrader_config.py sets
# c.ClearSolutions.code_stub = {"python": "# ВАШ КОД ЗДЕСЬ\nraise NotImplementedError()"} and text_stub).
# The line that raises stays as it is: an unanswered function is known by its NotImplementedError.
CODE_STUBS = {"en": ("# YOUR CODE HERE", "raise NotImplementedError()"),
              "ru": ("# ВАШ КОД ЗДЕСЬ", "raise NotImplementedError()")}
TEXT_STUBS = {"en": "YOUR ANSWER HERE", "ru": "ВАШ ОТВЕТ ЗДЕСЬ"}
CODE_STUB, TEXT_STUB = CODE_STUBS["en"], TEXT_STUBS["en"]
STUDENT_RAISES = "student-raises"  # source tag: this cell raises in the student version
RAISES = "raises-exception"  # nbval's tag: the cell is expected to raise
# The first code cell of a translated edition (exercises/ru/), as the lessons' (notebooks/ru/): it switches
# the package's language, the checks' with it, and has the lines the exercise's own code prints written in
# that language (pianitsa101/lessons/printed.py).
LANGUAGE_CELLS = {"ru": 'from pianitsa101.lessons import lesson_language\n\nlesson_language("ru")'}
# The switch the Russian student notebooks shipped with before: a notebook handed out then is still
# graded as it was (autograde counts these cells as shipped, neither run nor flagged).
FORMER_LANGUAGE_CELLS = ('import pianitsa101\n\npianitsa101.set_language("ru")',)
# Every language switch a student notebook may hold as shipped, stripped (autograde, scan.kernel_flags).
LANGUAGE_SWITCHES = frozenset(cell.strip() for cell in (*LANGUAGE_CELLS.values(), *FORMER_LANGUAGE_CELLS))


def _source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def _nbgrader(cell: dict[str, Any]) -> dict[str, Any]:
    return cell.get("metadata", {}).get("nbgrader", {})


def _set_tags(cell: dict[str, Any], add: str | None) -> None:
    tags = [t for t in cell.get("metadata", {}).get("tags", []) if t not in (STUDENT_RAISES, RAISES)]
    if add:
        tags.append(add)
    if tags:
        cell["metadata"]["tags"] = tags
    else:
        cell.get("metadata", {}).pop("tags", None)


def _clear(cell: dict[str, Any]) -> None:
    if cell["cell_type"] == "code":
        cell["outputs"] = []
        cell["execution_count"] = None
    cell.get("metadata", {}).pop("execution", None)


def student_cell(cell: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """The student version of a cell: solution regions become the stub (in ``lang``), hidden tests go
    (nbgrader's rules)."""
    out = copy.deepcopy(cell)
    lines, kept, inside, replaced = _source(cell).split("\n"), [], None, False
    stub = CODE_STUBS[lang] if cell["cell_type"] == "code" else (TEXT_STUBS[lang],)
    for line in lines:
        if line.strip() == BEGIN_SOLUTION:
            inside, replaced = "solution", True
            indent = line[: line.find(BEGIN_SOLUTION)]
            kept += [indent + s for s in stub]
        elif line.strip() == END_SOLUTION:
            inside = None
        elif BEGIN_HIDDEN in line:
            inside = "hidden"
        elif END_HIDDEN in line:
            inside = None
        elif inside is None:
            kept.append(line)
    if inside is not None:
        raise ValueError(f"a {inside} region is not closed in the cell {lines[0]!r}")
    meta = _nbgrader(cell)
    if meta.get("solution") and not replaced:
        kept = list(stub)  # nbgrader: a solution cell without markers is replaced as a whole
    out["source"] = "\n".join(kept)
    _clear(out)
    raises = meta.get("grade") or STUDENT_RAISES in cell.get("metadata", {}).get("tags", [])
    _set_tags(out, RAISES if raises and cell["cell_type"] == "code" else None)
    return out


def solution_cell(cell: dict[str, Any]) -> dict[str, Any]:
    """The solution version of a cell: every marker line removed, the code between kept."""
    out = copy.deepcopy(cell)
    markers = (BEGIN_SOLUTION, END_SOLUTION)
    lines = [line for line in _source(cell).split("\n")
             if line.strip() not in markers and BEGIN_HIDDEN not in line and END_HIDDEN not in line]
    out["source"] = "\n".join(lines)
    _clear(out)
    _set_tags(out, None)
    return out


def _notebook(source: dict[str, Any], make_cell: Any) -> dict[str, Any]:
    return {"cells": [make_cell(c) for c in source["cells"]], "metadata": copy.deepcopy(source["metadata"]),
            "nbformat": source["nbformat"], "nbformat_minor": source["nbformat_minor"]}


def student_notebook(source: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """The student version of a source notebook (no outputs), its stubs in ``lang``."""
    return _notebook(source, lambda cell: student_cell(cell, lang))


def solution_notebook(source: dict[str, Any]) -> dict[str, Any]:
    """The solution version of a source notebook, not yet executed."""
    return _notebook(source, solution_cell)


def graded_cells(source: dict[str, Any]) -> list[dict[str, Any]]:
    """The check cells of a source notebook as the grader runs them: hidden tests included."""
    return [solution_cell(c) for c in source["cells"] if _nbgrader(c).get("grade")]


def read_notebook(path: Path) -> dict[str, Any]:
    """A notebook file as plain JSON data, every source joined into one string."""
    nb = json.loads(Path(path).read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        cell["source"] = _source(cell)
    return nb


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def dumps(nb: dict[str, Any]) -> str:
    """Notebook JSON as Jupyter writes it: sources and texts as lists of lines, keys sorted, indent 1."""
    nb = copy.deepcopy(nb)
    for cell in nb["cells"]:
        cell["source"] = _lines(_source(cell))
        for out in cell.get("outputs", []):
            if isinstance(out.get("text"), str):
                out["text"] = _lines(out["text"])
            for key, value in out.get("data", {}).items():
                if isinstance(value, str) and key.startswith("text/"):
                    out["data"][key] = _lines(value)
    return json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def write_text(path: Path, text: str) -> bool:
    """Write ``text`` unless the file already holds exactly it; True when written."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


def _without_outputs(nb: dict[str, Any]) -> dict[str, Any]:
    nb = copy.deepcopy(nb)
    for cell in nb["cells"]:
        _clear(cell)
    return nb


def execute(nb: dict[str, Any], folder: Path, timeout: int = 600) -> dict[str, Any]:
    """Run a notebook top to bottom (kernel python3, PYTHONHASHSEED=0) and return it with its outputs."""
    import nbformat
    from nbclient import NotebookClient

    node = nbformat.from_dict(copy.deepcopy(nb))
    folder.mkdir(parents=True, exist_ok=True)
    previous = os.environ.get("PYTHONHASHSEED")
    os.environ["PYTHONHASHSEED"] = "0"
    try:
        NotebookClient(node, timeout=timeout, kernel_name="python3", record_timing=False,
                       resources={"metadata": {"path": str(folder)}}).execute()
    finally:
        if previous is None:
            os.environ.pop("PYTHONHASHSEED", None)
        else:
            os.environ["PYTHONHASHSEED"] = previous
    done = json.loads(nbformat.writes(node))
    for cell in done["cells"]:
        cell["source"] = _source(cell)
        cell.get("metadata", {}).pop("execution", None)
    done["metadata"] = copy.deepcopy(nb["metadata"])  # no kernel versions: the same bytes everywhere
    return done


def translated_source(source: dict[str, Any], texts: dict[str, Any], lang: str) -> dict[str, Any]:
    """The English source notebook with its Markdown in ``lang``: ``texts`` is the translation's notebook
    (``exercises/source/ru/NN_name.ipynb``), Markdown cells only, each with the id of the English cell it
    translates; the code cells are the English ones, and the language switch goes first.

    ValueError when the two drift apart: a code cell in the translation, a cell id the English source
    lacks, or an English Markdown cell left untranslated.
    """
    english = {c["id"]: c for c in source["cells"] if c["cell_type"] == "markdown"}
    given: dict[str, str] = {}
    for cell in texts["cells"]:
        kind, key = cell["cell_type"], cell.get("id")
        if kind != "markdown":
            raise ValueError(f"the {lang} text holds a {kind} cell ({key!r}): its code is the English "
                             "source's, so it may hold Markdown cells only")
        if key not in english:
            raise ValueError(f"the {lang} text has a cell {key!r} that the English source does not have "
                             f"(its Markdown cells: {', '.join(english)})")
        given[cell["id"]] = _source(cell)
    missing = [i for i in english if i not in given]
    if missing:
        raise ValueError(f"the {lang} text lacks the English Markdown cell(s) {', '.join(missing)}")
    out = copy.deepcopy(source)
    cells = []
    for cell in out["cells"]:
        if cell["cell_type"] == "code" and not any(c.get("id") == "language" for c in cells):
            meta = {"nbgrader": {"grade": False, "grade_id": "language", "locked": True, "schema_version": 3,
                                 "solution": False, "task": False}}
            cells.append({"cell_type": "code", "execution_count": None, "id": "language", "metadata": meta,
                          "outputs": [], "source": LANGUAGE_CELLS[lang]})
        if cell["cell_type"] == "markdown":
            cell["source"] = given[cell["id"]]
        cells.append(cell)
    out["cells"] = cells
    return out


def _editions(root: Path) -> list[tuple[Path, dict[str, Any], Path, str]]:
    """(source path, source notebook, folder it is built into, language) for every edition: English, then
    each translation that exists (``source/ru/NN_name.ipynb`` beside ``source/NN_name.ipynb``)."""
    out = []
    for path in sorted((root / "source").glob("*.ipynb")):
        source = read_notebook(path)
        out.append((path, source, root, "en"))
        for lang in LANGUAGE_CELLS:
            text = root / "source" / lang / path.name
            if text.exists():
                try:
                    translated = translated_source(source, read_notebook(text), lang)
                    out.append((path, translated, root / lang, lang))
                except ValueError as exc:
                    raise SystemExit(f"{text.relative_to(root.parent)}: {exc}") from None
    return out


def build(root: Path = ROOT, check: bool = False, force: bool = False) -> list[str]:
    """Write every student and solution notebook that is out of date (``force``: execute every solution
    again); with ``check`` only compare. Returns the notebooks out of date, or written."""
    changed = []
    for path, source, folder, lang in _editions(root):
        student, target = dumps(student_notebook(source, lang)), folder / path.name
        stale = not target.exists() or target.read_text(encoding="utf-8") != student
        if stale and (check or write_text(target, student)):
            changed.append(str(target.relative_to(root.parent)))
        fresh, target = solution_notebook(source), folder / "solutions" / path.name
        current = read_notebook(target) if target.exists() else None
        same = current is not None and dumps(_without_outputs(current)) == dumps(fresh)
        stale = not (same and any(c.get("execution_count") for c in current["cells"]))
        if check:
            changed += [str(target.relative_to(root.parent))] if stale else []
        elif (stale or force) and write_text(target, dumps(execute(fresh, target.parent))):
            changed.append(str(target.relative_to(root.parent)))
    return changed


def main(argv: list[str] | None = None) -> int:
    """The command line: ``python -m pianitsa101.checks.build [--check] [--force] [--root exercises]``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report notebooks out of date (exit 1)")
    parser.add_argument("--force", action="store_true", help="execute every solution notebook again")
    parser.add_argument("--root", type=Path, default=ROOT, help="the exercises folder (default: %(default)s)")
    args = parser.parse_args(argv)
    stale = build(args.root, check=args.check, force=args.force)
    verb = "out of date" if args.check else "written"
    for name in stale:
        print(f"{verb}: {name}")
    if not stale:
        print("every exercise notebook is up to date with its source")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
