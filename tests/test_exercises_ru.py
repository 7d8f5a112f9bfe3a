"""The Russian exercises, ``exercises/ru/`` and ``exercises/ru/solutions/``.

Their nbgrader source is the English one: ``exercises/source/ru/NN_name.ipynb`` holds only the
Russian Markdown, cell by cell under the English cells' ids, and the build puts it into the
English source (code cells as they are, the language switch first). These tests prove that the
Russian notebooks' code is the English code, that the build refuses a translation that drifts
from its source, that the texts are Russian and cite the same rules, and that ``make grade``
grades a Russian submission and reports in Russian. nbval runs the notebooks themselves
(``make test``: ``exercises`` is one of the ``NOTEBOOK_DIRS``, ``exercises/ru`` inside it).
"""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pianitsa101.checks import build

ROOT = Path(__file__).resolve().parents[1]
EXERCISES = ROOT / "exercises"
NAMES = [p.name for p in sorted((EXERCISES / "source").glob("*.ipynb"))]
SWITCH = 'from pianitsa101.lessons import lesson_language\n\nlesson_language("ru")'  # as the lessons'
STUB_EN, STUB_RU = "# YOUR CODE HERE", "# ВАШ КОД ЗДЕСЬ"


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _text(cell: dict) -> str:
    return "".join(cell["source"])


def _code(nb: dict) -> list[tuple[str, str, dict]]:
    return [(c.get("id"), _text(c), c["metadata"]) for c in nb["cells"] if c["cell_type"] == "code"]


def test_every_exercise_has_its_russian_text():
    assert sorted(p.name for p in (EXERCISES / "source" / "ru").glob("*.ipynb")) == NAMES


@pytest.mark.parametrize("folder", ["", "solutions"])
@pytest.mark.parametrize("name", NAMES)
def test_the_russian_code_is_the_english_code_after_one_switch_cell(name, folder):
    english = _load(EXERCISES / folder / name)
    russian = _load(EXERCISES / "ru" / folder / name)
    first, *rest = _code(russian)
    assert first[0] == "language" and first[1] == SWITCH
    assert [(key, code.replace(STUB_RU, STUB_EN), meta) for key, code, meta in rest] == _code(english)
    stubs = [code for _key, code, _meta in rest if "NotImplementedError()" in code]
    assert all(STUB_RU in code and STUB_EN not in code for code in stubs)  # the stub says it in Russian
    assert len(stubs) == (0 if folder else 1)
    assert russian["metadata"] == english["metadata"]  # the same allowed imports, the same kernel


@pytest.mark.parametrize("name", NAMES)
def test_the_russian_solutions_print_russian_and_the_switch_is_not_flagged(name):
    """The language switch is the lessons' (lesson_language): what the example cells print is Russian, with
    decimal commas, and the check does not flag the switch as an import the answer may not make."""
    nb = _load(EXERCISES / "ru" / "solutions" / name)
    shown = "".join("".join(o.get("text", "")) for c in nb["cells"] if c["cell_type"] == "code"
                    for o in c["outputs"])
    assert "⚠" not in shown and "lesson_language" not in shown
    tried = [c for c in nb["cells"] if c["cell_type"] == "code" and c["id"].startswith("try_")]
    examples = "".join("".join(o.get("text", "")) for c in tried for o in c["outputs"])
    assert not re.search(r"\d\.\d", examples), examples  # no decimal point
    assert not re.search(r"\b(estimate|interval|players|cards|exact|in)\b", examples), examples


@pytest.mark.parametrize("name", NAMES)
def test_the_russian_texts_are_russian_and_cite_the_same_rules(name):
    english = {c["id"]: _text(c) for c in _load(EXERCISES / name)["cells"] if c["cell_type"] == "markdown"}
    russian = {c["id"]: _text(c) for c in _load(EXERCISES / "ru" / name)["cells"]
               if c["cell_type"] == "markdown"}
    assert list(russian) == list(english)
    for key, text in russian.items():
        assert len(re.findall("[а-яё]", text, re.IGNORECASE)) > len(re.findall("[a-z]", re.sub(
            r"`[^`]*`", "", text), re.IGNORECASE)), (name, key)  # more Russian than Latin, code aside
        rules = sorted(set(re.findall(r"\b[PRD]\d+\b", english[key])))
        assert sorted(set(re.findall(r"\b[PRD]\d+\b", text))) == rules, (name, key)
        code = set(re.findall(r"`[^`]*`", english[key]))  # the code a task shows is the code it shows
        assert code <= set(re.findall(r"`[^`]*`", text)), (name, key, code)


def _translation(name: str) -> tuple[dict, dict]:
    return (build.read_notebook(EXERCISES / "source" / name),
            build.read_notebook(EXERCISES / "source" / "ru" / name))


def test_the_build_refuses_a_translation_that_drifts_from_its_source():
    source, text = _translation(NAMES[0])
    build.translated_source(source, text, "ru")  # as it is: fine
    with_code = copy.deepcopy(text)
    with_code["cells"].append({"cell_type": "code", "id": "answer", "metadata": {}, "source": "x = 1"})
    with pytest.raises(ValueError, match="Markdown cells only"):
        build.translated_source(source, with_code, "ru")
    stranger = copy.deepcopy(text)
    stranger["cells"][0]["id"] = "intro_ru"
    with pytest.raises(ValueError, match="'intro_ru' that the English source does not have"):
        build.translated_source(source, stranger, "ru")
    short = copy.deepcopy(text)
    short["cells"].pop()
    with pytest.raises(ValueError, match="lacks the English Markdown cell"):
        build.translated_source(source, short, "ru")
    changed = copy.deepcopy(source)  # the English source changes: the Russian notebook follows its code
    answer = next(c for c in changed["cells"] if c["id"] == "answer")
    answer["source"] = answer["source"].replace("return 0", "return 0  # changed")
    made = build.translated_source(changed, text, "ru")
    assert next(c for c in made["cells"] if c["id"] == "answer")["source"] == answer["source"]


def test_a_drifted_translation_stops_the_build_naming_the_file(tmp_path):
    root = tmp_path / "exercises"
    shutil.copytree(EXERCISES / "source", root / "source")
    path = root / "source" / "ru" / NAMES[0]
    nb = _load(path)
    nb["cells"].append({"cell_type": "code", "id": "extra", "metadata": {}, "outputs": [],
                        "source": ["x = 1"], "execution_count": None})
    path.write_text(json.dumps(nb), encoding="utf-8")
    with pytest.raises(SystemExit, match=r"source/ru/01_compare.ipynb: the ru text holds a code cell"):
        build.build(root, check=True)


def _grade(folder: Path) -> str:
    env = {**os.environ, "PIANITSA101_LANG": "ru"}
    done = subprocess.run([sys.executable, "-m", "pianitsa101.checks.grade", str(folder), "--timeout", "60"],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=900)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_make_grade_grades_a_russian_submission_and_reports_in_russian(tmp_path):
    for student, folder in (("alice", "ru/solutions"), ("boris", "ru")):
        (tmp_path / student).mkdir()
        for name in NAMES[:2]:
            shutil.copy(EXERCISES / folder / name, tmp_path / student / name)
    out = _grade(tmp_path)
    lines = [" ".join(line.split()) for line in out.splitlines()]
    assert "ученик упражнение баллы макс. примечание" in lines
    assert "alice 01_compare 1 1" in lines and "alice 02_round_winners 2 2" in lines
    assert "alice 03_hand_points 0 2 не сдано" in lines
    assert "alice итого 3 32" in lines and "boris итого 0 32" in lines
    note = next(line for line in lines if line.startswith("boris 01_compare 0 1"))
    assert "compare ещё не написана: замените `raise NotImplementedError()` своим кодом." in note
    assert "student,01_compare," in out  # the CSV keeps its column names
    assert "alice,1,2,0,0,0,0,0,0,0,0,0,0,3,32," in out  # and no flags: the language switch is no patch
