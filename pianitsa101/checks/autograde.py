"""Grade one exercise notebook: find its exercise, restore its check cells, run it, score it.

This is the part of ``make grade`` that runs in a worker process (see ``grade.py``), as
nbgrader's autograder does:

- the exercise is recognised by the nbgrader ``grade_id`` of its check cell (``check_compare``),
  else by a call ``check_compare(...)`` in a cell, else by its file name: a renamed notebook is
  still graded;
- every check cell is put back as the source notebook has it, hidden tests included: a check
  cell the student edited or deleted is restored (and the note says so);
- the notebook runs top to bottom in its own folder, in a fresh kernel, every cell with a time
  limit (a cell past it is interrupted and the next cells still run); errors do not stop the run;
- a check cell that runs without error earns its nbgrader ``points``, taken from the source
  notebook (never from the submission); anything else earns 0, with the reason in the note.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pianitsa101.checks.build import SOURCE, graded_cells, read_notebook, student_cell

__all__ = ["TIMEOUT", "Master", "NotebookGrade", "Score", "grade_notebook", "load_masters"]

TIMEOUT = 60  # seconds per cell, by default
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_TIMED_OUT = "GradingTimeout"


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


@dataclass
class Score:
    """One exercise of one notebook: points earned, out of how many, and why."""

    exercise: str
    points: float
    max: float
    note: str = ""


@dataclass
class NotebookGrade:
    """The grade of one notebook file."""

    student: str
    file: str
    scores: list[Score]
    problem: str = ""  # a problem with the notebook as a whole (unreadable, not an exercise, stopped)


def load_masters(source: Path = SOURCE) -> dict[str, Master]:
    """Every check cell of the source notebooks, by grade_id."""
    masters = {}
    for path in sorted(Path(source).glob("*.ipynb")):
        nb = read_notebook(path)
        checks = [c for c in nb["cells"] if c.get("metadata", {}).get("nbgrader", {}).get("grade")]
        for cell, run in zip(checks, graded_cells(nb), strict=True):
            meta = cell["metadata"]["nbgrader"]
            gid = meta["grade_id"]
            originals = (student_cell(cell)["source"].strip(), run["source"].strip())
            if gid.startswith("check_"):  # imported again: a check_... the student wrote cannot stand in
                run["source"] = f"from pianitsa101.checks import {gid}\n{run['source']}"
            points = float(meta["points"])
            masters[gid] = Master(gid, path.stem, gid + "(", run["source"], originals, points, run)
    if not masters:
        raise SystemExit(f"no source notebooks with check cells in {source}")
    return masters


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


def _reason(reply: dict[str, Any] | None, timeout: float) -> str:
    """Why a check cell earned nothing, in one line."""
    if reply is None:
        return "not run (the notebook stopped before this cell)"
    ename, evalue = reply.get("ename", ""), _ANSI.sub("", str(reply.get("evalue", "")))
    if ename == _TIMED_OUT:
        return f"stopped after the time limit of {timeout:g} s per cell"
    lines = [line for line in evalue.splitlines() if line.strip()]
    if ename == "CheckError" and len(lines) >= 2:
        entries: list[str] = []  # the message's lines, each wrapped one joined again
        for line in lines[1:]:
            if line.startswith("   ") and entries:
                entries[-1] += " " + line.strip()
            else:
                entries.append(" ".join(line.split()))
        case = next((e for e in entries if e.startswith("case:")), "")
        return " ".join([entries[0], case]).strip()
    first = lines[0].strip() if lines else ""
    return f"{ename}: {first}"[:200]


def grade_notebook(path: Path, masters: dict[str, Master], timeout: float = TIMEOUT, student: str = "",
                   pid_file: Path | None = None) -> NotebookGrade:
    """Run one notebook (its check cells restored) and score it; the file itself is not changed.

    ``pid_file``: where to write the kernel's process id, so that ``make grade`` can stop a kernel
    stuck where no interrupt reaches it.
    """
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import DeadKernelError

    student = student or path.stem
    try:
        nb = read_notebook(path)
        cells = nb["cells"]
        assert isinstance(cells, list)
    except Exception as exc:
        problem = f"cannot be read as a notebook ({type(exc).__name__}: {exc})"
        return NotebookGrade(student, str(path), [], problem)
    where = _identify(nb, path, masters)
    if not where:
        return NotebookGrade(student, str(path), [], "not one of the exercises: no check cell found")
    notes: dict[str, str] = {}
    for gid, index in where.items():
        master = masters[gid]
        restored = json.loads(json.dumps(master.cell))
        if index is None:
            cells.append(restored)
            index = where[gid] = len(cells) - 1
            notes[gid] = "check cell was missing: restored"
        elif cells[index]["source"].strip() not in master.originals:
            notes[gid] = "check cell was edited: the original was run"
        cells[index] = {**restored, "id": cells[index].get("id", restored.get("id"))}
    for cell in cells:  # a fresh run: no stale outputs
        if cell.get("cell_type") == "code":
            cell["outputs"], cell["execution_count"] = [], None
    replies: dict[int, dict[str, Any]] = {}

    def on_cell_executed(cell: Any, cell_index: int, execute_reply: dict[str, Any]) -> None:
        replies[cell_index] = execute_reply.get("content", {})

    def on_notebook_start(notebook: Any) -> None:
        pid = getattr(getattr(client.km, "provisioner", None), "pid", None)
        if pid_file is not None and pid is not None:
            pid_file.write_text(str(pid), encoding="utf-8")

    node = nbformat.from_dict(nb)
    client = NotebookClient(
        node, timeout=timeout, interrupt_on_timeout=True, allow_errors=True, kernel_name="python3",
        record_timing=False, startup_timeout=120, on_cell_executed=on_cell_executed,
        on_notebook_start=on_notebook_start, shutdown_kernel="immediate",
        error_on_timeout={"ename": _TIMED_OUT, "evalue": f"longer than {timeout:g} s", "traceback": []},
        resources={"metadata": {"path": str(path.parent.resolve())}})
    problem = ""
    try:
        client.execute()
    except DeadKernelError:
        problem = "the kernel died while running the notebook"
    except Exception as exc:
        problem = f"the run stopped: {type(exc).__name__}: {exc}"[:200]
    first_error = next((f"cell {i + 1} " + ("ran past the time limit" if r.get("ename") == _TIMED_OUT
                                            else f"raised {r.get('ename')}")
                        for i, r in sorted(replies.items())
                        if r.get("status") == "error" and i not in where.values()), "")
    scores = []
    for gid, index in sorted(where.items(), key=lambda item: masters[item[0]].exercise):
        master, reply = masters[gid], replies.get(index)
        passed = reply is not None and reply.get("status") == "ok"
        note = "" if passed else _reason(reply, timeout)
        if not passed and first_error and "NameError" in note:
            note += f" ({first_error})"
        note = "; ".join(n for n in (notes.get(gid, ""), note) if n)
        scores.append(Score(master.exercise, master.points if passed else 0.0, master.points, note))
    return NotebookGrade(student, str(path), scores, problem)
