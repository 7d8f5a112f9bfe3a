"""Grade one exercise notebook: find its exercise, take its answer cells, judge them, score them.

This is the part of ``make grade`` that runs in a worker process (see ``grade.py``):

- the exercise is recognised by the nbgrader ``grade_id`` of its check cell (``check_compare``),
  else by a call ``check_compare(...)`` in a cell, else by its file name: a renamed notebook is
  still graded;
- the cells are judged by ``judge.py``: the notebook's imports cell as the source notebook has it,
  then the student's own cells (the answer cells, and any cell the student added or edited) run
  in a fresh process that never imports the checks; the check cell, as the source notebook has
  it with its hidden tests (never the submission's), runs in the judge's process on stand-ins
  that call the student's function there. A check cell the student edited or deleted changes
  nothing (the note says so);
- every cell runs with a time limit; a stuck cell is named in the note (the cell, not the check);
- the answer cells are read (``scan.py``) for imports of the package the exercise does not allow
  and for assignments to the package's objects: such an answer is flagged, and with ``strict``
  it earns 0;
- a check that passes earns the check cell's nbgrader ``points``, taken from the source notebook;
  anything else earns 0, with the reason in the note.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pianitsa101.checks.build import (
    CODE_STUBS,
    LANGUAGE_SWITCHES,
    SOURCE,
    graded_cells,
    read_notebook,
    student_cell,
)
from pianitsa101.checks.scan import allowed_imports, scan
from pianitsa101.checks.secret import with_secret
from pianitsa101.i18n import _

__all__ = ["TIMEOUT", "Master", "NotebookGrade", "Score", "grade_notebook", "load_masters"]

TIMEOUT = 60  # seconds per cell, by default
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


@dataclass(frozen=True)
class Master:
    """A check cell as the source notebook has it: what the grader runs and what it is worth."""

    grade_id: str  # check_<name>
    exercise: str  # the source notebook's name, e.g. "01_compare"
    call: str  # the text that recognises it in a cell without metadata: "check_compare("
    source: str  # the cell as run when grading (the check imported again, hidden tests included)
    originals: tuple[str, ...]  # the cell as the student and the solution notebooks have it
    points: float
    cell: dict[str, Any] = field(repr=False, compare=False)
    imports: str = ""  # the notebook's locked imports cell, as the source has it
    shipped: tuple[str, ...] = ()  # the other cells a student notebook comes with (not the answer's)
    allowed: tuple[str, ...] = ()  # what of the package the answer may import (notebook metadata)


@dataclass
class Score:
    """One exercise of one notebook: points earned, out of how many, and why."""

    exercise: str
    points: float
    max: float
    note: str = ""
    flags: str = ""  # what the answer did that a graded answer may not (scan.py, judge.py)


@dataclass
class NotebookGrade:
    """The grade of one notebook file."""

    student: str
    file: str
    scores: list[Score]
    problem: str = ""  # a problem with the notebook as a whole (unreadable, not an exercise, stopped)


def load_masters(source: Path = SOURCE, secret: str = "") -> dict[str, Master]:
    """Every check cell of the source notebooks, by grade_id; with ``secret``, its hidden tests' seeds are
    the secret's (``secret.py``)."""
    masters = {}
    for path in sorted(Path(source).glob("*.ipynb")):
        nb = read_notebook(path)
        checks = [c for c in nb["cells"] if c.get("metadata", {}).get("nbgrader", {}).get("grade")]
        for cell, run in zip(checks, graded_cells(nb), strict=True):
            meta = cell["metadata"]["nbgrader"]
            gid = meta["grade_id"]
            originals = (*_student_versions(cell), run["source"].strip())
            if gid.startswith("check_"):  # imported again: a check_... the student wrote cannot stand in
                run["source"] = with_secret(f"from pianitsa101.checks import {gid}\n{run['source']}",
                                            gid.removeprefix("check_"), secret)
            points = float(meta["points"])
            code = [c for c in nb["cells"] if c.get("cell_type") == "code"]
            imports = next((_text(c) for c in code
                            if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "imports"), "")
            shipped = tuple(text for c in code if not _nbgrader_of(c).get("solution")
                            for text in _student_versions(c))
            shipped += tuple(sorted(LANGUAGE_SWITCHES))  # a translation's first cell
            masters[gid] = Master(gid, path.stem, gid + "(", run["source"], originals, points, run, imports,
                                  shipped, tuple(allowed_imports(nb)))
    if not masters:
        raise SystemExit(_("no source notebooks with check cells in {folder}").format(folder=source))
    return masters


def _nbgrader_of(cell: dict[str, Any]) -> dict[str, Any]:
    return cell.get("metadata", {}).get("nbgrader", {})


def _student_versions(cell: dict[str, Any]) -> tuple[str, ...]:
    """A cell as each edition's student notebook has it (their stubs differ), stripped, each once."""
    return tuple(dict.fromkeys(_text(student_cell(cell, lang)).strip() for lang in CODE_STUBS))


def _text(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else str(src)


def _identify(nb: dict[str, Any], path: Path, masters: dict[str, Master]) -> dict[str, int | None]:
    """grade_id -> index of the submission's cell that holds that check (None: missing)."""
    where: dict[str, int | None] = {}
    for i, cell in enumerate(nb["cells"]):
        gid = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        if cell.get("cell_type") == "code" and gid in masters:
            where.setdefault(gid, i)
    for gid, master in masters.items():
        if gid not in where:
            for i, cell in enumerate(nb["cells"]):
                if cell.get("cell_type") == "code" and master.call in cell.get("source", ""):
                    where[gid] = i
                    break
    if not where:  # a notebook whose check cells are all gone: known by its file name?
        for gid, master in masters.items():
            if path.stem.startswith(master.exercise) or master.exercise in path.stem:
                where[gid] = None
    exercises = {masters[g].exercise for g in where}
    for gid, master in masters.items():  # every check cell of the exercises found
        if master.exercise in exercises and gid not in where:
            where[gid] = None
    return where


def _reason(message: str) -> str:
    """Why a check earned nothing, in one line: the message's first line and its case."""
    lines = [line for line in _ANSI.sub("", message).splitlines() if line.strip()]
    if len(lines) >= 2 and lines[0].startswith("✗"):
        entries: list[str] = []  # the message's lines, each wrapped one joined again
        for line in lines[1:]:
            if line.startswith("   ") and entries:
                entries[-1] += " " + line.strip()
            else:
                entries.append(" ".join(line.split()))
        case = next((e for e in entries if e.startswith(_("case:"))), "")
        return " ".join([entries[0], case]).strip()
    return (lines[0].strip() if lines else "")[:300]


def answer_cells(nb: dict[str, Any], master: Master, checks: set[int]) -> list[tuple[int, str]]:
    """(notebook cell index, source) of what the judge runs: the source's imports cell, then every code
    cell of the student's (answers, added or edited cells); the check cells and the cells as shipped
    are left out."""
    out: list[tuple[int, str]] = []
    has_imports = False
    for i, cell in enumerate(nb["cells"]):
        if cell.get("cell_type") != "code" or i in checks:
            continue
        source = _text(cell)
        gid = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        same = bool(master.imports) and source.strip() == master.imports.strip()
        if gid == "imports" or (not has_imports and same):
            out.append((i, master.imports))
            has_imports = True
        elif source.strip() and source.strip() not in master.shipped:
            out.append((i, source))
    if not has_imports and master.imports:
        out.insert(0, (-1, master.imports))
    return out


def grade_notebook(path: Path, masters: dict[str, Master], timeout: float = TIMEOUT, student: str = "",
                   pid_file: Path | None = None, strict: bool = False) -> NotebookGrade:
    """Judge one notebook's answers (see the module text) and score them; the file itself is not changed.

    ``pid_file``: where to write the process id of the student's process, so that ``make grade``
    can stop one stuck where no interrupt reaches it.
    """
    from pianitsa101.checks.judge import CHANGED, cell_label, judge

    student = student or path.stem
    try:
        nb = read_notebook(path)
        cells = nb["cells"]
        assert isinstance(cells, list)
    except Exception as exc:
        problem = _("cannot be read as a notebook ({error}: {text})")
        problem = problem.format(error=type(exc).__name__, text=exc)
        return NotebookGrade(student, str(path), [], problem)
    where = _identify(nb, path, masters)
    if not where:
        return NotebookGrade(student, str(path), [], _("not one of the exercises: no check cell found"))
    checks = {i for i in where.values() if i is not None}
    scores = []
    for gid, index in sorted(where.items(), key=lambda item: masters[item[0]].exercise):
        master = masters[gid]
        notes: list[str] = []
        if index is None:
            notes.append(_("check cell was missing: the original was run"))
        elif _text(cells[index]).strip() not in master.originals:
            notes.append(_("check cell was edited: the original was run"))
        run = answer_cells(nb, master, checks)
        flags = scan([src for _i, src in run if src is not master.imports], list(master.allowed),
                     master.imports)
        verdict = judge(gid.removeprefix("check_"), [s for _i, s in run], master.source, timeout, pid_file)

        def cell_name(k: int, run: list[tuple[int, str]] = run) -> str:
            i = run[k][0] if 0 <= k < len(run) else -1
            if i < 0:
                return _("the imports cell")
            answer = nb["cells"][i].get("metadata", {}).get("nbgrader", {}).get("solution")
            return cell_label(i + 1) + (_(" (the answer cell)") if answer else "")

        for note in verdict.notes:
            if note.startswith(_(CHANGED).split("{")[0]):
                flags.append(note)
            else:
                notes.append(_renumber(note, cell_name))
        if not verdict.passed:
            notes.append(_renumber(_reason(verdict.message), cell_name))
        passed = verdict.passed and not (strict and flags)
        if verdict.passed and strict and flags:
            notes.append(_("0 under STRICT: the answer does what a graded answer may not (see flags)"))
        elif flags:
            notes.append(_("flagged for the teacher: {flags}").format(flags="; ".join(flags)))
        scores.append(Score(master.exercise, master.points if passed else 0.0, master.points,
                            "; ".join(dict.fromkeys(n for n in notes if n)), "; ".join(flags)))
    return NotebookGrade(student, str(path), scores)


def _renumber(note: str, cell_name: Any) -> str:
    """'cell 3 raised ...' (an index into the judged cells) with the notebook's own cell number."""
    pattern = re.escape(_("cell {number}")).replace(re.escape("{number}"), r"(\d+)")
    match = re.match(pattern + r"\b", note)
    if not match:
        return note
    return cell_name(int(match.group(1))) + note[match.end():]
