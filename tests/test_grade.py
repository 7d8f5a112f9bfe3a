"""``make grade``: a solved copy gets full marks, the student copy zero, and every kind of broken
submission (a loop, a crash, an edited, deleted or faked check cell, a renamed or unreadable
notebook) a clear line in the table instead of a hang or a traceback."""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

import pianitsa101.checks as checks
from pianitsa101.checks import grade
from pianitsa101.checks.autograde import NotebookGrade, Score

ROOT = Path(__file__).resolve().parents[1]
EXERCISES = ROOT / "exercises"
TOTAL = 32  # the points of all twelve exercises, as their sources say
CELL_LIMIT = 10  # seconds per cell: the solutions' slowest check cell takes about 2 s


def _nb(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _save(nb: dict, path: Path) -> None:
    path.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")


def _set(nb: dict, cell_id: str, source: str | None) -> dict:
    """The notebook with one cell's source replaced (None: the cell deleted)."""
    nb["cells"] = [c for c in nb["cells"] if not (c["id"] == cell_id and source is None)]
    for cell in nb["cells"]:
        if cell["id"] == cell_id:
            cell["source"] = source
    return nb


def _submissions(root: Path) -> None:
    alice, bob, carol = (root / name for name in ("alice", "bob", "carol"))
    for folder in (alice, bob, carol):
        folder.mkdir()
    for nb in sorted((EXERCISES / "solutions").glob("*.ipynb")):
        shutil.copy(nb, alice / ("my homework.ipynb" if nb.name.startswith("09") else nb.name))  # one renamed
    for nb in sorted(EXERCISES.glob("*.ipynb")):
        shutil.copy(nb, bob / nb.name)
    solution, student = EXERCISES / "solutions", EXERCISES
    looping = "def round_winners(cards, lowest=None):\n    while True:\n        pass\n"
    _save(_set(_nb(student / "02_round_winners.ipynb"), "answer", looping), carol / "02_round_winners.ipynb")
    _save(_set(_nb(student / "03_hand_points.ipynb"), "answer", "while True:\n    pass\n"),
          carol / "03_hand_points.ipynb")
    _save(_set(_nb(solution / "04_gather.ipynb"), "check_gather", "pass"), carol / "04_gather.ipynb")
    wrong = _set(_nb(student / "05_tie_chance.ipynb"), "answer", "def tie_chance(deck):\n    return 0.0968\n")
    _save(_set(wrong, "check_tie_chance", "pass"), carol / "05_tie_chance.ipynb")
    stripped = _set(_nb(solution / "06_legal_moves.ipynb"), "check_legal_moves", None)
    for cell in stripped["cells"]:
        cell["metadata"].pop("nbgrader", None)
    _save(stripped, carol / "06_legal_moves.ipynb")
    fake = ("def check_penalty(penalty, seed=0):\n    print('all right!')\n\n"
            "def penalty(played, rules):\n    return 2\n")
    _save(_set(_nb(solution / "07_penalty.ipynb"), "answer", fake), carol / "homework.ipynb")
    _save(_set(_nb(student / "08_estimate_dispute.ipynb"), "answer", "raise RuntimeError('oops')"),
          carol / "08_estimate_dispute.ipynb")
    # a loop in C, where no interrupt reaches
    stuck = "def dispute_chance(players, deck):\n    return sum(range(10**12))\n"
    _save(_set(_nb(student / "11_dispute_chance.ipynb"), "answer", stuck), carol / "11_dispute_chance.ipynb")
    (carol / "broken.ipynb").write_text("{not a notebook", encoding="utf-8")
    _save({"cells": [{"cell_type": "markdown", "id": "a", "metadata": {}, "source": "my notes"}],
           "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, carol / "notes.ipynb")
    checkpoint = carol / ".ipynb_checkpoints"
    checkpoint.mkdir()
    shutil.copy(solution / "01_compare.ipynb", checkpoint / "01_compare-checkpoint.ipynb")  # skipped


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    root = tmp_path_factory.mktemp("class")
    submissions = root / "submissions"
    submissions.mkdir()
    _submissions(submissions)
    before = {p: p.read_bytes() for p in submissions.rglob("*.ipynb")}
    command = ["make", "-s", "grade", f"DIR={submissions}", f"TIMEOUT={CELL_LIMIT}",
               f"CSV={root / 'out.csv'}"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    assert {p: p.read_bytes() for p in submissions.rglob("*.ipynb")} == before, "submissions must not change"
    rows = {row["student"]: row for row in csv.DictReader((root / "out.csv").open(encoding="utf-8"))}
    lines = {}
    for line in done.stdout.splitlines():
        parts = line.split(None, 4)
        if len(parts) >= 3 and parts[0] in rows:
            lines[(parts[0], parts[1])] = line
    return rows, lines, done.stdout


def test_a_solved_copy_gets_full_marks(graded):
    rows, lines, _ = graded
    alice = rows["alice"]
    for ex in checks.EXERCISES.values():
        label = f"{ex.number:02d}_{ex.name}"
        assert float(alice[label]) > 0, label
    assert alice["total"] == alice["max"] == str(TOTAL)
    assert "check cell" not in lines[("alice", "09_redeal_chance")]  # renamed, found by its check cell


def test_the_student_copy_gets_zero_because_every_check_cell_raised(graded):
    rows, lines, _ = graded
    assert rows["bob"]["total"] == "0" and rows["bob"]["max"] == str(TOTAL)
    for ex in checks.EXERCISES.values():
        line = lines[("bob", f"{ex.number:02d}_{ex.name}")]
        assert f"{ex.function} is not written yet" in line, line


def test_broken_submissions_get_a_reason_each(graded):
    rows, lines, out = graded
    carol = rows["carol"]
    note = {exercise: line for (student, exercise), line in lines.items() if student == "carol"}
    assert "no answer within 2 seconds" in note["02_round_winners"]
    assert "cell 3 (the answer cell) ran past the time limit" in note["03_hand_points"]
    assert carol["04_gather"] == "2" and "check cell was edited: the original was run" in note["04_gather"]
    assert carol["05_tie_chance"] == "0" and "an answer of the wrong kind" in note["05_tie_chance"]
    assert carol["06_legal_moves"] == "3"
    assert "check cell was missing: the original was run" in note["06_legal_moves"]
    assert carol["07_penalty"] == "0" and "a wrong answer" in note["07_penalty"]  # its check_penalty ignored
    assert "cell 3 (the answer cell) raised RuntimeError" in note["08_estimate_dispute"]
    assert "no answer within 10 seconds" in note["11_dispute_chance"]  # stuck in C: its process stopped
    assert "not handed in" in note["12_strategy"]
    assert "cannot be read as a notebook" in note["broken.ipynb"]
    assert "not one of the exercises" in note["notes.ipynb"]
    assert carol["01_compare"] == "0" and "checkpoint" not in out
    assert carol["total"] == "5" and carol["max"] == str(TOTAL)


def test_a_notebook_past_its_deadline_is_stopped_with_its_kernel(tmp_path, monkeypatch):
    """A worker past the notebook's deadline is killed, and its kernel (stuck in C, where no interrupt
    reaches) with it; a fresh worker grades the next notebook."""
    stuck = _set(_nb(EXERCISES / "11_dispute_chance.ipynb"), "answer",
                 "def dispute_chance(players, deck):\n    return sum(range(10**12))\n")
    _save(stuck, tmp_path / "00_stuck.ipynb")  # graded first; known by its check cell
    shutil.copy(EXERCISES / "solutions" / "01_compare.ipynb", tmp_path / "01_compare.ipynb")
    monkeypatch.setattr(grade, "_deadline", lambda path, timeout: 20.0 if path.name[:2] == "00" else 300.0)
    kernels = []
    read_pid = grade._read_pid
    monkeypatch.setattr(grade, "_read_pid", lambda path: kernels.append(read_pid(path)) or kernels[-1])
    start = time.monotonic()
    results = grade._run(grade.find_notebooks([tmp_path]), grade.SOURCE, timeout=300.0, jobs=1)
    assert time.monotonic() - start < 200
    by_file = {Path(r.file).name: r for r in results}
    assert "could not be interrupted" in by_file["00_stuck.ipynb"].problem
    assert by_file["01_compare.ipynb"].scores[0].points == 1
    assert kernels and kernels[0] is not None
    assert not _alive(kernels[0], wait=10)


def _alive(pid: int, wait: float) -> bool:
    """Whether the process still runs after up to ``wait`` seconds (a zombie waiting to be reaped is gone)."""
    end = time.monotonic() + wait
    while True:
        try:
            os.kill(pid, 0)
            status = Path(f"/proc/{pid}/status")
            if status.exists() and "\nState:\tZ" in status.read_text():
                return False
        except ProcessLookupError:
            return False
        if time.monotonic() > end:
            return True
        time.sleep(0.2)


def test_table_and_csv_formats():
    grades = [NotebookGrade("ann", "a/01.ipynb", [Score("01_compare", 1.0, 1.0, "")]),
              NotebookGrade("ann", "a/02.ipynb", [Score("02_round_winners", 0.0, 2.0, "a wrong answer.")]),
              NotebookGrade("ben", "b/01.ipynb", [Score("01_compare", 0.0, 1.0, "x")]),
              NotebookGrade("ben", "b/01 copy.ipynb", [Score("01_compare", 1.0, 1.0, "")])]
    assert grade.to_csv(grades) == ("student,01_compare,02_round_winners,total,max,flags\n"
                                    "ann,1,0,1,3,\nben,1,0,1,3,\n")
    expected = {"01_compare": 1.0, "02_round_winners": 2.0, "03_hand_points": 2.0}  # max: all expected
    assert grade.to_csv(grades, expected).splitlines()[1] == "ann,1,0,0,1,5,"
    flagged = [NotebookGrade("cy", "c/01.ipynb", [Score("01_compare", 1.0, 1.0, "", "imports x")])]
    assert grade.to_csv(flagged).splitlines()[1] == "cy,1,1,1,01_compare: imports x"
    text = grade.table(grades)
    assert "ben      02_round_winners       0    2  not handed in" in text
    assert "ben      01_compare             1    1  best of several notebooks" in text
    assert text.splitlines()[0].split() == ["student", "exercise", "points", "max", "note"]


def test_make_grade_without_arguments_says_how():
    done = subprocess.run(["make", "-s", "grade"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode != 0 and "usage: make grade NB=path/to/notebook.ipynb" in done.stdout


def test_loose_notebooks_beside_student_folders_are_reported_not_graded(tmp_path):
    (tmp_path / "ann").mkdir()
    shutil.copy(EXERCISES / "01_compare.ipynb", tmp_path / "ann" / "01_compare.ipynb")
    shutil.copy(EXERCISES / "02_round_winners.ipynb", tmp_path / "02_round_winners.ipynb")  # loose
    found = grade.find_notebooks([tmp_path])
    assert ("ann", tmp_path / "ann" / "01_compare.ipynb") in found
    assert (grade.LOOSE, tmp_path / "02_round_winners.ipynb") in found
    results = grade._run(found, grade.SOURCE, timeout=20.0, jobs=1)
    loose = next(r for r in results if r.student == grade.LOOSE)
    assert not loose.scores and "not graded" in loose.problem
    assert grade.LOOSE not in grade.to_csv(results)
    assert "02_round_winners.ipynb" in grade.table(results) and "not graded" in grade.table(results)


def test_a_folder_of_notebooks_only_is_one_student(tmp_path):
    alone = tmp_path / "dora"
    alone.mkdir()
    for name in ("01_compare.ipynb", "02_round_winners.ipynb"):
        shutil.copy(EXERCISES / name, alone / name)
    assert {student for student, _ in grade.find_notebooks([alone])} == {"dora"}
