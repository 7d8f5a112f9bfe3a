"""What a Russian lesson shows when it runs is Russian: no English words, no decimal points.

Every line a Russian notebook stores as output (what its code printed, what a cell returned)
is read as a pupil reads it.  Python's own words (``True``, ``Card.parse('Т♥')``, an option
``chain='add'``, a class name followed by its arguments) and rule ids (R9, P10) are code and
may stay; any other Latin word is English a Russian pupil would meet, and a number like
``9.68`` would be read as a decimal fraction written the English way.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

RU = Path(__file__).resolve().parents[1] / "notebooks" / "ru"

_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
_CODE = re.compile(
    r"\b[A-Za-z_][\w.]*[(=\[]"             # a call, a keyword argument, an index: Play(, seed=
    r"|<[A-Z]\w*"                          # a repr: <Table101: ...>
    r"|\b[A-Z]\w*\.[A-Z][A-Z_\d]*\b"       # a member of an enum: Suit.SPADES
    r"|\b\w*_\w*\b"                        # an identifier with an underscore: queen_wild
    r"|\b(?:[A-Z][a-z]+){2,}\w*\b"         # a class name: HeuristicAgent, MonteCarloAgent
    r"|\b(?:True|False|None)\b"
    r"|\b[RP]\d+\b"                        # rule ids
    r"|\b[sxnkpP]\b|\bs²"                  # a letter in a formula: s, n, k, P(...)
)
_LATIN = re.compile(r"[A-Za-z]{2,}")
_NAMES = {"Jupyter", "JupyterLab", "numba", "Python"}  # names, not English
_DECIMAL = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.])")


def _outputs(path: Path):
    """(cell number, line) for every line of a notebook's stored text outputs."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    for number, cell in enumerate(nb["cells"]):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if {"image/png", "text/html", "application/vnd.jupyter.widget-view+json"} & data.keys():
                continue  # the picture, the table or the widget is what shows, not its text/plain stand-in
            text = "".join(output.get("text") or data.get("text/plain") or "")
            if re.search(r"^\s*(?:def|class) \w", text, re.M):
                continue  # a listing of the engine's source (the lesson that reads it)
            for line in text.splitlines():
                yield number, line


def _problems(line: str) -> list[str]:
    found = []
    if _DECIMAL.search(_QUOTED.sub("", line)):
        found.append("decimal point")
    words = [w for w in _LATIN.findall(_CODE.sub(" ", _QUOTED.sub(" ", line))) if w not in _NAMES]
    if words:
        found.append("English: " + " ".join(words))
    return found


NOTEBOOKS = sorted(RU.glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_a_russian_lesson_prints_russian(path):
    bad = [f"cell {n}: {', '.join(p)}: {line.strip()[:120]}"
           for n, line in _outputs(path) for p in [_problems(line)] if p]
    assert bad == [], "\n".join(bad)


@pytest.mark.parametrize("line, problem", [
    ("finished after 61 tricks; seat 1 is the drunkard", "English"),
    ("разброс: s = 89.2 взятки", "decimal point"),
    ("refused: R6: нельзя", "English"),
])
def test_the_check_sees_english_and_decimal_points(line, problem):
    assert any(p.startswith(problem) for p in _problems(line))


@pytest.mark.parametrize("line", [
    "[Card.parse('Т♥'), Card.parse('10♦')]",
    "Rules101(seven_draw=4): после 7♠ место 1 берёт 4 карты",
    "MonteCarloAgent(seed=0) − HeuristicAgent(): +80,0 %",
    "разброс: s = 89,2 взятки, совпадает: True (R9, P10)",
    "напишите Play(Card.parse('Д♠'), suit=Suit.SPADES) или другую масть",
])
def test_code_and_rule_ids_may_stay(line):
    assert _problems(line) == []
