"""The exercise notebooks: nbgrader sources, and the student and solution versions made from them.

nbval runs the student notebooks (check cells tagged to raise) and the solution notebooks
(outputs compared); these tests prove the three versions agree: the generated notebooks are
up to date with their sources, the student versions hold no solution and no hidden test, and
the sources carry valid nbgrader metadata (schema 3), so a teacher using nbgrader can take them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import pianitsa101.checks as checks
from pianitsa101.checks import build

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted((ROOT / "exercises" / "source").glob("*.ipynb"))
NAMES = [p.name for p in SOURCES]
_NBGRADER_KEYS = {"grade", "grade_id", "locked", "schema_version", "solution", "task", "points"}


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _text(cell: dict) -> str:
    return "".join(cell["source"])


def test_one_source_per_exercise_in_order():
    expected = [f"{ex.number:02d}_{ex.name}.ipynb" for ex in checks.EXERCISES.values()]
    assert expected == NAMES and len(NAMES) >= 10


def test_generated_notebooks_are_up_to_date_with_their_sources():
    """Student notebooks byte for byte; solutions in everything but their outputs (which nbval compares)."""
    stale = build.build(ROOT / "exercises", check=True)
    assert stale == [], f"out of date (run make exercises): {stale}"


@pytest.mark.parametrize("name", NAMES)
def test_source_has_valid_nbgrader_metadata(name):
    nb = _load(ROOT / "exercises" / "source" / name)
    ids = []
    kinds = {"solution": 0, "grade": 0}
    for cell in nb["cells"]:
        meta = cell["metadata"].get("nbgrader")
        if meta is None:
            continue
        assert set(meta) <= _NBGRADER_KEYS and meta["schema_version"] == 3
        assert all(isinstance(meta[k], bool) for k in ("grade", "locked", "solution"))
        assert re.fullmatch(r"[a-zA-Z0-9_\-]+", meta["grade_id"])
        ids.append(meta["grade_id"])
        assert ("points" in meta) == meta["grade"]
        if meta["grade"]:
            assert cell["cell_type"] == "code" and meta["locked"] and meta["points"] > 0
            kinds["grade"] += 1
        if meta["solution"]:
            assert cell["cell_type"] == "code" and not meta["locked"]
            assert build.BEGIN_SOLUTION in _text(cell) and build.END_SOLUTION in _text(cell)
            kinds["solution"] += 1
    assert len(ids) == len(set(ids)), "grade_ids must be unique in a notebook"
    assert kinds["solution"] >= 1 and kinds["grade"] == 1
    ex = checks.EXERCISES[name[3:-6]]
    check = next(c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("grade"))
    assert check["metadata"]["nbgrader"]["grade_id"] == f"check_{ex.name}"
    assert f"check_{ex.name}(" in _text(check) and "### BEGIN HIDDEN TESTS" in _text(check)


@pytest.mark.parametrize("name", NAMES)
def test_every_exercise_names_its_rules(name):
    nb = _load(ROOT / "exercises" / "source" / name)
    title = _text(nb["cells"][0]).splitlines()[0]
    ex = checks.EXERCISES[name[3:-6]]
    assert title == f"# Exercise {ex.number:02d} · {ex.title} ({ex.rules})"
    rules = re.findall(r"\*\*([PR]\d+)\.\*\*", _text(nb["cells"][0]))
    assert rules or ex.name == "strategy", "the intro quotes the rules it uses, in bold: **P5.**"


@pytest.mark.parametrize("name", NAMES)
def test_student_version_has_no_solution_no_hidden_test_and_no_output(name):
    source = _load(ROOT / "exercises" / "source" / name)
    student = _load(ROOT / "exercises" / name)
    text = json.dumps(student, ensure_ascii=False)
    for cell in source["cells"]:
        lines, inside = _text(cell).split("\n"), False
        for line in lines:
            if line.strip() in (build.BEGIN_SOLUTION, "### BEGIN HIDDEN TESTS"):
                inside = True
            elif line.strip() in (build.END_SOLUTION, "### END HIDDEN TESTS"):
                inside = False
            elif inside and line.strip() and not line.strip().startswith('"""'):
                assert line.strip() not in {_text(c).strip() for c in student["cells"]}
                assert json.dumps(line, ensure_ascii=False)[1:-1] not in text, line
    assert "BEGIN SOLUTION" not in text and "HIDDEN TESTS" not in text
    for cell in student["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None
    answer = next(c for c in student["cells"] if c["metadata"].get("nbgrader", {}).get("solution"))
    assert "# YOUR CODE HERE" in _text(answer) and "raise NotImplementedError()" in _text(answer)


@pytest.mark.parametrize("name", NAMES)
def test_student_cells_that_must_raise_are_tagged_for_nbval(name):
    """nbval runs the student notebooks: the check cell raises (nothing is written yet), and so do the
    cells tried on the student's function; nothing else may raise, and students see no nbval comments."""
    student = _load(ROOT / "exercises" / name)
    for cell in student["cells"]:
        tags = cell["metadata"].get("tags", [])
        graded = cell["metadata"].get("nbgrader", {}).get("grade", False)
        if graded:
            assert tags == [build.RAISES]
        assert build.STUDENT_RAISES not in tags and "NBVAL" not in _text(cell)
    solution = _load(ROOT / "exercises" / "solutions" / name)
    assert not any(cell["metadata"].get("tags") for cell in solution["cells"])


@pytest.mark.parametrize("name", NAMES)
def test_solution_is_executed_without_errors_and_passes_its_check(name):
    nb = _load(ROOT / "exercises" / "solutions" / name)
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert [c["execution_count"] for c in code] == list(range(1, len(code) + 1))
    assert not any(o["output_type"] == "error" for c in code for o in c["outputs"])
    check = next(c for c in code if c["metadata"].get("nbgrader", {}).get("grade"))
    shown = "".join("".join(o.get("text", "")) for o in check["outputs"])
    assert shown.count("✓") >= 2, "the visible check and the hidden tests both pass"
    assert "BEGIN SOLUTION" not in json.dumps(nb) and "HIDDEN TESTS" not in json.dumps(nb)
    assert nb["metadata"] == _load(ROOT / "exercises" / "source" / name)["metadata"]


def test_student_cell_follows_nbgraders_rules():
    answer = 'def f(x):\n    """Doc."""\n    ### BEGIN SOLUTION\n    return x\n    ### END SOLUTION\n'
    code = {"cell_type": "code", "metadata": {"nbgrader": {"solution": True}}, "source": answer}
    assert build.student_cell(code)["source"] == ("def f(x):\n    \"\"\"Doc.\"\"\"\n    # YOUR CODE HERE\n"
                                                 "    raise NotImplementedError()\n")
    whole = {"cell_type": "code", "metadata": {"nbgrader": {"solution": True}}, "source": "x = 1"}
    assert build.student_cell(whole)["source"] == "# YOUR CODE HERE\nraise NotImplementedError()"
    russian = build.student_cell(code, "ru")["source"]  # a translation's stub: its comment, the same raise
    assert russian == 'def f(x):\n    """Doc."""\n    # ВАШ КОД ЗДЕСЬ\n    raise NotImplementedError()\n'
    text = {"cell_type": "markdown", "metadata": {"nbgrader": {"solution": True, "grade": True}},
            "source": "### BEGIN SOLUTION\nBecause.\n### END SOLUTION"}
    assert build.student_cell(text)["source"] == "YOUR ANSWER HERE"
    tests = {"cell_type": "code", "metadata": {"nbgrader": {"grade": True}},
             "source": "check(f)\n### BEGIN HIDDEN TESTS\ncheck(f, seed=1)\n### END HIDDEN TESTS"}
    assert build.student_cell(tests)["source"] == "check(f)"
    assert build.student_cell(tests)["metadata"]["tags"] == ["raises-exception"]
    assert build.solution_cell(tests)["source"] == "check(f)\ncheck(f, seed=1)"
    with pytest.raises(ValueError, match="not closed"):
        build.student_cell({"cell_type": "code", "metadata": {}, "source": "### BEGIN SOLUTION\nx = 1"})


def test_the_generator_is_deterministic(tmp_path):
    """Two builds of the student notebooks give the same bytes (the solutions' outputs aside)."""
    for path in SOURCES[:3]:
        source = build.read_notebook(path)
        first = build.dumps(build.student_notebook(source))
        assert first == build.dumps(build.student_notebook(build.read_notebook(path)))
        assert first == (ROOT / "exercises" / path.name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", NAMES)
def test_each_exercise_declares_what_its_answer_may_import(name):
    """The notebook metadata (read by make grade) and the exercise's table (read by the check cell) agree,
    and the hidden tests judge the answer again in a fresh process (judge_here)."""
    nb = _load(ROOT / "exercises" / "source" / name)
    ex = checks.EXERCISES[name[3:-6]]
    assert nb["metadata"]["pianitsa101"]["allowed_imports"] == list(ex.allowed)
    assert not any(a.startswith("pianitsa101.checks") for a in ex.allowed)
    student = _load(ROOT / "exercises" / name)
    assert student["metadata"]["pianitsa101"] == nb["metadata"]["pianitsa101"]
    check = next(c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("grade"))
    hidden = _text(check).split(build.BEGIN_HIDDEN, 1)[1]
    assert f'judge_here("{ex.name}")' in hidden
