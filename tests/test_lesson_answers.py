"""Every "Try it yourself" item of every lesson has its answer, and every answer is checked.

A lesson's "Try it yourself" section (a heading ``## Try it yourself``, or ``Попробуйте сами``
in a Russian lesson, up to the next heading of the same level in that markdown cell) holds a
list; each top-level item of it, numbered or bulleted, must carry an answer right after it,
inside the item, in the same cell:

    1. The question ...

       <details><summary>Answer</summary>

       Prose that gives the answer and says why: 25889/67425, about 38.40%.

       ```python
       from fractions import Fraction
       ...
       assert p == Fraction(25889, 67425) and f'{float(p):.2%}' == '38.40%'
       ```

       </details>

The rules this file enforces, each with the failure it prints (lesson and item):
- the answer is a collapsed ``<details>`` block whose ``<summary>`` is "Answer" ("Ответ");
- it has prose (a few words at least) and one or more fenced ```` ```python ```` blocks;
- the python ends with an ``assert`` (the last statement), and every fraction (``3/31``) and
  every decimal number (``38.40%``, ``16.46``) the prose states appears in the python, so the
  stated numbers are the checked ones;
- the python runs on its own (its own imports, fixed seeds) in a fresh interpreter, in the
  lesson's folder, within ``CPU_SECONDS`` of CPU time, and raises nothing;
- instead of python, an answer may link to the teacher's guide
  (``09_teachers_guide.ipynb#some-anchor``); the guide then holds ``<a id="some-anchor"></a>``
  followed in the same cell by a ``<details>`` answer that meets the same rules.

The teacher's guide's own questions (its table "Questions to ask, with the answers") must each
have an answer and a source.
"""

from __future__ import annotations

import ast
import json
import os
import re
import resource
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

from pianitsa101.checks.build import LANGUAGE_CELLS

ROOT = Path(__file__).resolve().parents[1]
LESSON_DIR = ROOT / "notebooks"
LESSONS = sorted(LESSON_DIR.glob("*.ipynb")) + sorted((LESSON_DIR / "ru").glob("*.ipynb"))
GUIDE = LESSON_DIR / "09_teachers_guide.ipynb"
# The longest answers (a 400-match tournament) take about 7 s of CPU on a quiet 2-core machine and
# more while the full run keeps both cores busy: the limit only catches a runaway, like the wall limit.
CPU_SECONDS = 30
WALL_SECONDS = 120  # the machine may be loaded: the wall limit only catches a hang

HEADING = re.compile(r"^(#{1,6})\s+(?:Try it yourself|Попробуйте сами)\s*$", re.M)
ITEM = re.compile(r"^(?:(\d+)[.)]|[-*+])\s+(.*)$")
SUMMARY = re.compile(r"<summary>\s*(?:Answer|Ответ)\s*</summary>", re.I)
PYTHON = re.compile(r"^[ \t]*```python[ \t]*\n(.*?)^[ \t]*```[ \t]*$", re.M | re.S)
GUIDE_LINK = re.compile(r"09_teachers_guide\.ipynb#([\w-]+)")
STATED = re.compile(r"(?<![\w.])\d+(?:/\d+|\.\d+)(?![\w/])")  # 3/31, 38.40, 0.2 (not P5, 10, R16)
# Russian prose writes a decimal comma (38,40 %): there a comma between digits is a decimal point,
# checked in the python as 38.40 (English prose's commas are thousands: 100,000 is not stated).
STATED_RU = re.compile(r"(?<![\w.,])\d+(?:/\d+|[.,]\d+)(?![\w/]|[.,]\d)")
CYRILLIC = re.compile(r"[а-яё]", re.I)


@dataclass
class Item:
    """One "Try it yourself" item: where it is, its text and its answer block (or None)."""

    lesson: str
    number: int
    text: str
    answer: str | None

    @property
    def name(self) -> str:
        words = " ".join(self.text.split()[:8])
        return f"{self.lesson}, Try it yourself item {self.number} ({words} ...)"


def markdown_cells(path: Path) -> list[str]:
    """The sources of a notebook's markdown cells, each as one string."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            source = cell["source"]
            out.append("".join(source) if isinstance(source, list) else source)
    return out


def sections(text: str) -> list[str]:
    """The "Try it yourself" sections of one markdown cell (heading excluded)."""
    out = []
    for heading in HEADING.finditer(text):
        level = len(heading.group(1))
        rest = text[heading.end():]
        end = re.search(rf"^#{{1,{level}}}\s", rest, re.M)
        out.append(rest[: end.start()] if end else rest)
    return out


def details_block(lines: list[str], start: int) -> tuple[str, int]:
    """The text of the ``<details>`` block opening at ``lines[start]``, and the index after it."""
    depth, index, block = 0, start, []
    while index < len(lines):
        line = lines[index]
        depth += line.count("<details") - line.count("</details>")
        block.append(line)
        index += 1
        if depth <= 0:
            break
    return "\n".join(block), index


def items(section: str, lesson: str) -> list[Item]:
    """The top-level list items of a section, each with the answer block inside it (if any)."""
    lines = section.split("\n")
    found: list[Item] = []
    current: dict | None = None
    ended = False  # a paragraph after the list ends it: later lists are not questions
    index = 0

    def close() -> None:
        if current is not None:
            found.append(Item(lesson, current["number"], current["text"], current["answer"]))

    while index < len(lines):
        line = lines[index]
        item = ITEM.match(line)
        if item and not ended:
            close()
            number = int(item.group(1)) if item.group(1) else len(found) + 1
            current = {"number": number, "text": item.group(2), "answer": None}
            index += 1
        elif current is not None and line.lstrip().startswith("<details"):
            block, index = details_block(lines, index)
            if current["answer"] is None and SUMMARY.search(block):
                current["answer"] = block
        elif current is not None and line.strip() and not line[0].isspace():
            close()  # a paragraph that is not indented ends the list
            current, ended = None, True
            index += 1
        else:
            if current is not None and current["answer"] is None and line.strip():
                current["text"] += " " + line.strip()
            index += 1
    close()
    return found


def lesson_items(path: Path) -> list[Item]:
    """Every "Try it yourself" item of one lesson."""
    lesson = path.stem if path.parent == LESSON_DIR else f"{path.parent.name}/{path.stem}"
    return [
        item
        for text in markdown_cells(path)
        for section in sections(text)
        for item in items(section, lesson)
    ]


def guide_answer(anchor: str, guide: Path = GUIDE) -> str | None:
    """The ``<details>`` answer that follows ``<a id="anchor">`` in the teacher's guide."""
    mark = re.compile(rf"<a\s+(?:id|name)=[\"']{re.escape(anchor)}[\"']")
    for text in markdown_cells(guide):
        where = mark.search(text)
        if where:
            lines = text[where.end():].split("\n")
            for index, line in enumerate(lines):
                if line.lstrip().startswith("<details"):
                    block, _ = details_block(lines, index)
                    return block if SUMMARY.search(block) else None
    return None


def code_of(answer: str) -> str:
    """The python blocks of an answer, dedented and joined."""
    return "\n\n".join(textwrap.dedent(block) for block in PYTHON.findall(answer))


def prose_of(answer: str) -> str:
    """The answer without its python, its HTML tags and its inline code."""
    text = PYTHON.sub(" ", answer)
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"`[^`]*`", " ", text)
    return re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link keeps its words


def in_code(number: str, code: str) -> bool:
    """Does the python state this number: '38.40' as it is, '3/31' also as '3 / 31' or 'Fraction(3, 31)'?"""
    if "/" not in number:
        return number in code
    top, bottom = number.split("/")
    return re.search(rf"(?<!\d){top}\s*(?:/|,)\s*{bottom}(?!\d)", code) is not None


def problems(answer: str | None) -> list[str]:
    """What is wrong with an answer block, in words (empty when it is well formed)."""
    if answer is None:
        return ["no answer: put <details><summary>Answer</summary> ... </details> right after it"]
    code = code_of(answer)
    if not code.strip():
        link = GUIDE_LINK.search(answer)
        if link is None:
            return ["the answer has no ```python block (nor a link to the teacher's guide)"]
        linked = guide_answer(link.group(1))
        if linked is None:
            return [f"the link to the teacher's guide finds no answer at #{link.group(1)}"]
        return [f"(in the teacher's guide at #{link.group(1)}) {p}" for p in problems(linked)]
    out = []
    if len(re.findall(r"\w+", prose_of(answer))) < 3:
        out.append("the answer has no prose: say the answer and why, not only code")
    try:
        tree = ast.parse(code)
    except SyntaxError as error:
        return [f"the answer's python does not parse: {error}"]
    if not tree.body or not isinstance(tree.body[-1], ast.Assert):
        out.append("the answer's python does not end with an assert on the stated numbers")
    prose = prose_of(answer)
    stated = STATED_RU.findall(prose) if CYRILLIC.search(prose) else STATED.findall(prose)
    unchecked = [n for n in stated if not in_code(n.replace(",", "."), code)]
    if unchecked:
        out.append(f"numbers stated in the prose but not in the python: {', '.join(unchecked)}")
    return out


def run(code: str, cwd: Path = LESSON_DIR) -> subprocess.CompletedProcess:
    """Run an answer's python in a fresh interpreter, limited in CPU time."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS + 1))

    env = {**os.environ, "MPLBACKEND": "Agg"}
    return subprocess.run(
        [sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True,
        timeout=WALL_SECONDS, preexec_fn=limit,
    )


def resolved_code(answer: str) -> str:
    """The python an answer runs: its own, or that of the guide's answer it links to."""
    code = code_of(answer)
    link = GUIDE_LINK.search(answer)
    if not code.strip() and link:
        code = code_of(guide_answer(link.group(1)) or "")
    return code


ALL_ITEMS = [item for path in LESSONS for item in lesson_items(path)]


# --- the reader itself, on made-up sections (so the test can fail) ---------------------------

GOOD = """
1. How many red cards has a 52-card deck?

   <details><summary>Answer</summary>

   Half of them, 26: the ratio is 1/2.

   ```python
   from fractions import Fraction
   red = 26
   assert Fraction(red, 52) == Fraction(1, 2)
   ```

   </details>
2. And a 32-card deck?
- a bulleted item
"""


def test_the_reader_finds_items_and_their_answers():
    found = items(GOOD, "made_up")
    assert [item.number for item in found] == [1, 2, 3]
    assert found[0].answer is not None and found[1].answer is None and found[2].answer is None
    assert problems(found[0].answer) == []
    assert problems(found[1].answer)[0].startswith("no answer")
    assert found[1].name == "made_up, Try it yourself item 2 (And a 32-card deck? ...)"


def test_the_reader_stops_at_the_next_heading_and_at_a_paragraph():
    text = "## Try it yourself\n\n1. one\n2. two\n\nThen do the exercises.\n\n3. not an item\n## Next\n- no"
    assert [item.text for item in items(sections(text)[0], "x")] == ["one", "two"]


def test_a_false_assert_fails():
    code = code_of(GOOD).replace("Fraction(1, 2)", "Fraction(1, 3)")
    assert run(code, cwd=ROOT).returncode != 0
    assert run(code_of(GOOD), cwd=ROOT).returncode == 0


def test_an_answer_must_end_with_an_assert_and_check_its_numbers():
    no_assert = GOOD.replace("assert Fraction(red, 52) == Fraction(1, 2)", "print(red / 52)")
    assert "does not end with an assert" in " ".join(problems(items(no_assert, "x")[0].answer))
    unchecked = GOOD.replace("the ratio is 1/2", "the ratio is 1/2, or 0.5")
    assert problems(items(unchecked, "x")[0].answer) == [
        "numbers stated in the prose but not in the python: 0.5"
    ]
    russian = GOOD.replace("Half of them, 26: the ratio is 1/2.", "Половина, 26: доля 1/2, то есть 0,5.")
    assert problems(items(russian, "x")[0].answer) == [
        "numbers stated in the prose but not in the python: 0,5"
    ]
    checked = russian.replace("assert Fraction", "assert 0.5 == red / 52 and Fraction")
    assert problems(items(checked, "x")[0].answer) == []
    no_prose = GOOD.replace("Half of them, 26: the ratio is 1/2.", "")
    assert "no prose" in problems(items(no_prose, "x")[0].answer)[0]


def test_an_endless_answer_is_stopped():
    result = run("while True:\n    pass", cwd=ROOT)
    assert result.returncode != 0


def test_every_lesson_has_items():
    lessons = {item.lesson for item in ALL_ITEMS}
    assert {path.stem for path in LESSONS if path.parent == LESSON_DIR} <= lessons


# --- the lessons ----------------------------------------------------------------------------


@pytest.mark.parametrize("item", ALL_ITEMS, ids=lambda item: f"{item.lesson}-{item.number}")
def test_every_item_has_a_checked_answer(item: Item):
    wrong = problems(item.answer)
    assert not wrong, f"{item.name}: " + "; ".join(wrong)
    code = resolved_code(item.answer)
    if item.lesson.startswith("ru/"):  # a Russian lesson's kernel runs under lesson_language("ru")
        code = LANGUAGE_CELLS["ru"] + "\n" + code
    result = run(code)
    tail = "\n".join((result.stderr or result.stdout).strip().splitlines()[-12:])
    assert result.returncode == 0, f"{item.name}: the answer's python fails:\n{tail}"


def guide_questions(guide: Path = GUIDE) -> list[list[str]]:
    """The rows of the guide's table of questions: number, session, question, answer, source."""
    for text in markdown_cells(guide):
        if "## Questions to ask" in text:
            rows = [line for line in text.split("\n") if re.match(r"^\|\s*\d+\s*\|", line)]
            return [[cell.strip() for cell in row.strip().strip("|").split("|")] for row in rows]
    return []


def test_every_question_of_the_guide_has_its_answer_and_source():
    rows = guide_questions()
    assert rows, "the teacher's guide has no table of questions"
    for row in rows:
        where = f"09_teachers_guide, question {row[0]}"
        assert len(row) >= 5 and row[3] and row[4], f"{where}: no answer or no source"
