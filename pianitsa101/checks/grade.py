"""``make grade``: grade a class's exercise notebooks and print the scores as a table and as CSV.

``make grade NB=path/to/notebook.ipynb`` or ``make grade DIR=folder`` runs
``python -m pianitsa101.checks.grade PATH... [--csv FILE] [--timeout SECONDS] [--jobs N] [--strict]``.

A folder holds the submissions: one sub-folder per student (``DIR/alice/01_compare.ipynb``:
the student is ``alice``). A folder with only notebooks side by side is one student's, named
after the folder; notebooks lying loose beside student folders are reported and not graded.
Every notebook is graded as ``autograde.py`` says: its answer cells judged in a fresh process
that never sees the checks, with a time limit per cell; worker processes (``--jobs`` of them)
do the work, and a notebook that cannot be stopped cell by cell is stopped as a whole. The
submissions are never changed.

Printed: a table, one line per student and exercise with the reason for every lost point, and
a total per student; then the CSV, one line per student, one column per exercise, the total,
the maximum (every exercise of the sources, handed in or not) and the flags (what an answer did
that a graded answer may not; ``--strict`` gives such an answer 0), also written to ``--csv``
(default: ``grades.csv`` in the folder graded, or next to the notebook).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict
from pathlib import Path

from pianitsa101.checks import sandbox
from pianitsa101.checks._safe import csv_cell, printable
from pianitsa101.checks.autograde import TIMEOUT, NotebookGrade, Score, grade_notebook, load_masters
from pianitsa101.checks.build import SOURCE, read_notebook
from pianitsa101.checks.secret import read_secret
from pianitsa101.i18n import N_, _, get_language

__all__ = ["find_notebooks", "grade", "main", "refuse_without_sandbox", "table", "to_csv"]


LOOSE = "(loose files)"  # the "student" of notebooks lying beside the students' folders
LOOSE_TEXT = N_("(loose files)")  # how the table names it


def find_notebooks(paths: list[Path]) -> list[tuple[str, Path]]:
    """(student, notebook) for every notebook given or found in the folders given (checkpoints skipped).

    In a folder of student folders, a notebook lying loose beside them belongs to no student: its
    student is ``LOOSE`` (reported, not graded). A folder of notebooks only is one student's.
    """
    found = []
    for given in paths:
        if given.is_dir():
            notebooks = [nb for nb in sorted(given.rglob("*.ipynb"))
                         if not any(part.startswith(".") for part in nb.relative_to(given).parts)]
            folders = any(len(nb.relative_to(given).parts) > 1 for nb in notebooks)
            for nb in notebooks:
                rel = nb.relative_to(given)
                if len(rel.parts) > 1:
                    found.append((rel.parts[0], nb))
                else:
                    found.append((LOOSE if folders else given.resolve().name, nb))
        elif given.suffix == ".ipynb" and given.is_file():
            found.append((given.stem, given))
        else:
            raise SystemExit(_("not a notebook or a folder: {path}").format(path=given))
    return found


class _Worker:
    """A process that grades the notebooks it is sent (``--serve``), one at a time."""

    def __init__(self, source: Path, timeout: float, strict: bool = False) -> None:
        command = [sys.executable, "-m", "pianitsa101.checks.grade", "--serve", "--source", str(source),
                   "--timeout", str(timeout), *(["--strict"] if strict else [])]
        env = {**os.environ, "PIANITSA101_LANG": get_language()}  # the report's language, to the notes
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, text=True, env=env,
                                     start_new_session=hasattr(os, "setsid"))
        self.job: tuple[int, float, Path] | None = None  # (index, deadline, result file)

    def give(self, index: int, student: str, path: Path, result: Path, deadline: float) -> None:
        assert self.proc.stdin is not None
        job = {"path": str(path), "student": student, "result": str(result)}
        self.proc.stdin.write(json.dumps(job) + "\n")
        self.proc.stdin.flush()
        self.job = (index, deadline, result)

    def kill(self) -> None:
        """Stop the worker, and the kernel it started (the kernel would also notice its parent is gone)."""
        kernel = self.job[2].with_suffix(".pid") if self.job else None
        for pid, group in ((self.proc.pid, hasattr(os, "killpg")), (_read_pid(kernel), False)):
            if pid is None:
                continue
            try:
                if group:
                    os.killpg(pid, signal.SIGKILL)
                else:
                    os.kill(pid, signal.SIGKILL if hasattr(signal, "SIGKILL") else signal.SIGTERM)
            except (ProcessLookupError, PermissionError, OSError):
                pass
        self.proc.wait()

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.kill()


def _read_pid(path: Path | None) -> int | None:
    try:
        return int(path.read_text(encoding="utf-8")) if path is not None else None
    except (OSError, ValueError):
        return None


def _serve(source: Path, timeout: float, strict: bool = False) -> None:
    """The worker's loop: grade each notebook named on stdin, write its grade as JSON to the file named."""
    masters = load_masters(source, read_secret())
    for line in sys.stdin:
        job = json.loads(line)
        result = grade_notebook(Path(job["path"]), masters, timeout, job["student"],
                                Path(job["result"]).with_suffix(".pid"), strict)
        part = Path(job["result"] + ".part")
        part.write_text(json.dumps(asdict(result)), encoding="utf-8")
        part.replace(job["result"])  # whole, or not there at all


def _deadline(path: Path, timeout: float) -> float:
    """Seconds a notebook may take in all: every cell its time limit, the check's tournament, a margin."""
    try:
        cells = sum(1 for c in read_notebook(path)["cells"] if c.get("cell_type") == "code")
    except Exception:  # unreadable: the worker will say why
        cells = 1
    return timeout * (cells + 2) + 600  # and time for a check itself (exercise 12 plays 1,800 matches)


def _run(todo: list[tuple[str, Path]], source: Path, timeout: float, jobs: int,
         strict: bool = False) -> list[NotebookGrade]:
    """Grade every notebook with ``jobs`` workers; a notebook past its deadline is stopped with its worker."""
    results: dict[int, NotebookGrade] = {}
    queue = []
    for i, (student, path) in enumerate(todo):
        if student == LOOSE:
            results[i] = NotebookGrade(student, str(path), [], _("lies beside the students' folders, in "
                                                                 "none: not graded (put it in its student's "
                                                                 "folder)"))
        else:
            queue.append((i, (student, path)))
    workers = [_Worker(source, timeout, strict) for _ in range(min(jobs, len(queue)))]
    with tempfile.TemporaryDirectory(prefix="pianitsa101-grade-") as tmp:
        try:
            while queue or any(w.job for w in workers):
                for slot, worker in enumerate(workers):
                    if worker.job is None and queue:
                        i, (student, path) = queue.pop(0)
                        deadline = time.monotonic() + _deadline(path, timeout)
                        worker.give(i, student, path, Path(tmp) / f"{i}.json", deadline)
                    if worker.job is None:
                        continue
                    i, deadline, result = worker.job
                    student, path = todo[i]
                    if result.exists():
                        data = json.loads(result.read_text(encoding="utf-8"))
                        scores = [Score(**s) for s in data.pop("scores")]
                        results[i] = NotebookGrade(scores=scores, **data)
                    elif worker.proc.poll() is not None or time.monotonic() > deadline:
                        why = (_("stopped: the notebook ran past its time limit and could not be interrupted")
                               if worker.proc.poll() is None else _("the grader's worker failed on it"))
                        worker.kill()
                        results[i] = NotebookGrade(student, str(path), [], why)
                        workers[slot] = _Worker(source, timeout, strict)
                    else:
                        continue
                    workers[slot].job = None
                time.sleep(0.05)
        finally:
            for worker in workers:
                worker.close()
    return [results[i] for i in range(len(todo))]


def _number(points: float) -> str:
    return f"{points:g}"


def _per_student(grades: list[NotebookGrade]) -> list[tuple[str, dict[str, Score], list[tuple[str, str]]]]:
    """Per student (in order of appearance): the best score per exercise, and notebooks with a problem."""
    order: dict[str, tuple[dict[str, Score], list[tuple[str, str]]]] = {}
    for g in grades:
        scores, problems = order.setdefault(g.student, ({}, []))
        if g.problem and not g.scores:
            problems.append((g.file, g.problem))
        for s in g.scores:
            if g.problem:
                s = Score(s.exercise, s.points, s.max, "; ".join(n for n in (s.note, g.problem) if n))
            best = scores.get(s.exercise)
            if best is None or s.points > best.points:
                note = "; ".join(n for n in (s.note, _("best of several notebooks")) if n)
                scores[s.exercise] = s if best is None else Score(s.exercise, s.points, s.max, note)
    return [(student, dict(sorted(sc.items())), pr) for student, (sc, pr) in order.items()]


def _maxima(students: list[tuple[str, dict[str, Score], list]],
            expected: dict[str, float] | None = None) -> dict[str, float]:
    """The points of every exercise expected (all the sources'), and of any other that was handed in."""
    found = {e: s.max for _, scores, _ in students for e, s in scores.items()}
    return dict(sorted({**found, **(expected or {})}.items()))


def expected_exercises(source: Path = SOURCE) -> dict[str, float]:
    """Every exercise of the sources and its points: what a student is expected to hand in."""
    out: dict[str, float] = {}
    for master in load_masters(source).values():
        out[master.exercise] = out.get(master.exercise, 0.0) + master.points
    return out


def table(grades: list[NotebookGrade], expected: dict[str, float] | None = None) -> str:
    """One line per student and exercise, with the reason for every lost point, and a total per student."""
    rows = [(_("student"), _("exercise"), _("points"), _("max"), _("note"))]
    students = [s for s in _per_student(grades) if s[0] != LOOSE]
    loose = [s for s in _per_student(grades) if s[0] == LOOSE]
    maxima = _maxima(students, expected)
    for student, scores, problems in students:
        for exercise, top in maxima.items():
            s = scores.get(exercise, Score(exercise, 0.0, top, _("not handed in")))
            rows.append((student, s.exercise, _number(s.points), _number(s.max), s.note))
        for file, problem in problems:
            rows.append((student, Path(file).name, "0", "", problem))
        total = sum(s.points for s in scores.values())
        rows.append((student, _("total"), _number(total), _number(sum(maxima.values())), ""))
    for _student, _scores, problems in loose:
        for file, problem in problems:
            rows.append((_(LOOSE_TEXT), Path(file).name, "", "", problem))
    rows = [(printable(r[0], 80), printable(r[1], 80), r[2], r[3], printable(r[4], 600)) for r in rows]
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    lines = []
    for r in rows:
        cells = [r[0].ljust(widths[0]), r[1].ljust(widths[1]), r[2].rjust(widths[2]), r[3].rjust(widths[3]),
                 r[4]]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def to_csv(grades: list[NotebookGrade], expected: dict[str, float] | None = None) -> str:
    """One row per student: the points of every exercise (0 if missing), the total, the maximum, the flags."""
    students = [s for s in _per_student(grades) if s[0] != LOOSE]
    maxima = _maxima(students, expected)
    exercises = list(maxima)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["student", *map(csv_cell, exercises), "total", "max", "flags"])
    for student, scores, _problems in students:
        points = [scores[e].points if e in scores else 0.0 for e in exercises]
        flags = "; ".join(f"{e}: {scores[e].flags}" for e in exercises if e in scores and scores[e].flags)
        writer.writerow([csv_cell(student, 80), *map(_number, points), _number(sum(points)),
                         _number(sum(maxima.values())), csv_cell(flags)])
    return out.getvalue()


def grade(paths: list[Path], csv_path: Path | None = None, timeout: float = TIMEOUT, jobs: int = 2,
          source: Path = SOURCE, strict: bool = False) -> list[NotebookGrade]:
    """Grade the notebooks, print the table and the CSV, write the CSV file; return the grades."""
    expected = expected_exercises(source)  # fails early when the sources are missing
    refuse_without_sandbox()
    if not read_secret():
        print(_("note: no SECRET given: the hidden tests use the seeds printed in the source notebooks, "
                "which students can read (make grade SECRET=... keeps them hidden)"), flush=True)
    todo = find_notebooks(paths)
    if not todo:
        raise SystemExit(_("no notebooks found in {paths}").format(paths=", ".join(map(str, paths))))
    for given in paths:
        if given.is_dir() and todo and all(student == given.resolve().name for student, _ in todo):
            print(_("note: {folder} holds notebooks side by side, no student folders: graded as one student, "
                    "{student}").format(folder=given, student=repr(given.resolve().name)), flush=True)
    strictly = _(", STRICT (a flagged answer earns 0)") if strict else ""
    print(_("grading {count} notebook(s), at most {seconds} s per cell, {jobs} at a time{strictly} "
            "...").format(
        count=len(todo), seconds=f"{timeout:g}", jobs=jobs, strictly=strictly), flush=True)
    grades = _run(todo, source, timeout, jobs, strict)
    text = to_csv(grades, expected)
    if csv_path is None:
        first = paths[0]
        csv_path = (first if first.is_dir() else first.parent) / "grades.csv"
    csv_path.write_text(text, encoding="utf-8")
    print(table(grades, expected))
    print("\n" + _("CSV, also written to {path}:").format(path=csv_path))
    print(text, end="")
    return grades


def refuse_without_sandbox() -> None:
    """SystemExit (why, and what to do) where no sandbox can be made and UNSAFE is not set."""
    why = sandbox.sandbox_refusal()
    if why and not sandbox.unsafe():
        raise SystemExit(_("refused: the students' code runs only in a sandbox, and {why}").format(why=why))
    if why:
        text = _("warning: UNSAFE=1: the students' code runs without a sandbox, as your own user ({why})")
        print(text.format(why=why), flush=True)


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module text)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path, help="notebooks, or folders of notebooks")
    parser.add_argument("--csv", type=Path, help="where to write the CSV (default: grades.csv in the folder)")
    parser.add_argument("--timeout", type=float, default=TIMEOUT, help="seconds per cell (%(default)s)")
    parser.add_argument("--jobs", type=int, default=2, help="notebooks graded at once (%(default)s)")
    parser.add_argument("--source", type=Path, default=SOURCE, help="the source notebooks (%(default)s)")
    parser.add_argument("--strict", action="store_true",
                        help="a flagged answer (a forbidden import, a patched package object) earns 0")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)  # a worker process
    args = parser.parse_args(argv)
    if args.serve:
        _serve(args.source, args.timeout, args.strict)
        return 0
    if not args.paths:
        parser.error(_("give a notebook (make grade NB=...) or a folder of notebooks (make grade DIR=...)"))
    grade(args.paths, args.csv, args.timeout, max(1, args.jobs), args.source, args.strict)
    return 0


if __name__ == "__main__":
    sys.exit(main())
