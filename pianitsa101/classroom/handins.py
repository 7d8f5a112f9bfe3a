"""Hand-ins: read each check's result from a handed-in notebook, and export them for ``make grade``.

Nothing in a notebook is run here. A check cell (nbgrader ``grade: true``) shows what the
student's kernel found: a ``✓`` line when the check passed, a ``CheckError`` naming the first
failing case when it failed, nothing when it was not run. These are the student's own
results, shown to the teacher at once; ``make grade`` judges the exported notebooks again in
processes the students' code never touched.

>>> cell = {"cell_type": "code", "source": "check_compare(compare)",
...         "metadata": {"nbgrader": {"grade": True, "grade_id": "check_compare"}},
...         "outputs": [{"output_type": "error", "ename": "CheckError",
...                      "evalue": "✗ check_compare (exercise 01)\\n  Wrong.\\n  case:  6♠ against A♥"}]}
>>> read_checks({"cells": [cell]})
[{'check': 'check_compare', 'status': 'fail', 'case': '6♠ against A♥'}]
"""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

__all__ = ["by_exercise", "export_handins", "export_strategies", "read_checks", "safe_folder"]

_CASE = re.compile(r"^\s*(case|случай):\s*(.*)$")  # the case label of a CheckError, in English or Russian


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value or "")


def read_checks(nb: dict[str, Any]) -> list[dict[str, str]]:
    """Each check cell's result as the notebook shows it: pass, fail (with its case) or not run."""
    out = []
    for cell in nb.get("cells", []):
        meta = cell.get("metadata") if isinstance(cell, dict) else None
        grader = meta.get("nbgrader") if isinstance(meta, dict) else None
        if cell.get("cell_type") != "code" or not isinstance(grader, dict) or not grader.get("grade"):
            continue
        check = str(grader.get("grade_id", ""))[:60] or "check"
        outputs = cell.get("outputs") if isinstance(cell.get("outputs"), list) else []
        status, case = "not run", ""
        for output in outputs:
            if not isinstance(output, dict):
                continue
            if output.get("output_type") == "error":
                status = "fail"
                lines = (_text(output.get("evalue"))).splitlines()
                found = [m.group(2) for m in map(_CASE.match, lines) if m]
                case = (found[0] if found else (lines[0] if lines else _text(output.get("ename"))))[:200]
                break
            if "✓" in _text(output.get("text")):
                status = "pass"
        out.append({"check": check, "status": status, "case": case.strip()})
    return out


def by_exercise(handins: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per exercise (each student's latest hand-in): how many handed in, how many pass every check,
    and the most common first failing case."""
    latest: dict[tuple[str, int], dict[str, Any]] = {}
    for h in handins:
        latest[h["exercise"], h["student"]] = h
    out = []
    for exercise in sorted({e for e, _ in latest}):
        mine = [h for (e, _), h in latest.items() if e == exercise]
        passed = sum(bool(h["checks"]) and all(c["status"] == "pass" for c in h["checks"]) for h in mine)
        firsts = Counter(
            next((f"{c['check']}: {c['case']}" for c in h["checks"] if c["status"] == "fail"), None)
            for h in mine
        )
        firsts.pop(None, None)
        common = firsts.most_common(1)
        out.append(
            {
                "exercise": exercise,
                "handed_in": len(mine),
                "pass": passed,
                "common_failure": common[0][0] if common else "",
                "common_count": common[0][1] if common else 0,
            }
        )
    return out


def safe_folder(name: str, taken: set[str]) -> str:
    """A folder name for a student: letters, digits, ``-`` and ``_`` only, unique among ``taken``.

    >>> safe_folder("Анна К.", set()), safe_folder("../..", set()), safe_folder("A", {"A"})
    ('Анна_К', 'student', 'A_2')
    """
    base = re.sub(r"[^\w-]+", "_", name).strip("_.")[:40] or "student"
    folder, i = base, 1
    while folder.lower() in {t.lower() for t in taken}:
        i += 1
        folder = f"{base}_{i}"
    taken.add(folder)
    return folder


def export_handins(handins: list[dict[str, Any]], folder: Path) -> Path:
    """Each student's latest notebook of each exercise in nbgrader's layout:
    ``folder/submitted/<student>/<exercise>/<exercise>.ipynb``; ``make grade DIR=folder/submitted``."""
    out = folder / "submitted"
    if out.exists():
        shutil.rmtree(out)
    names: dict[str, str] = {}
    taken: set[str] = set()
    for h in handins:  # oldest first: a later hand-in of the same exercise replaces the earlier one
        student = names.setdefault(h["name"], safe_folder(h["name"], taken))
        path = out / student / h["exercise"] / f"{h['exercise']}.ipynb"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(h["notebook"], encoding="utf-8")
    out.mkdir(parents=True, exist_ok=True)
    return out


def export_strategies(strategies: list[dict[str, Any]], folder: Path) -> Path:
    """Each student's strategy as an exercise-12 notebook of one answer cell, as ``make tournament`` reads it:
    ``folder/<student>/12_strategy.ipynb``."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    taken: set[str] = set()
    for s in strategies:
        cell = {
            "cell_type": "code",
            "execution_count": None,
            "outputs": [],
            "source": s["source"],
            "metadata": {
                "nbgrader": {
                    "grade": False,
                    "grade_id": "answer_strategy",
                    "locked": False,
                    "schema_version": 3,
                    "solution": True,
                    "task": False,
                }
            },
        }
        nb = {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
        path = folder / safe_folder(s["name"], taken) / "12_strategy.ipynb"
        path.parent.mkdir()
        path.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    return folder
