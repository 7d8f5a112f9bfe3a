"""The engine stays small enough to read: no function in it is longer than 60 lines.

The engine is ``cards.py``, ``pianitsa/`` and ``game101/``. A function's length is counted
from its ``def`` line to its last line, docstring and comments included, as a reader meets
it. ``make lint`` runs this file next to ruff's complexity check (C901, at most 15).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ["pianitsa101/cards.py", "pianitsa101/pianitsa", "pianitsa101/game101"]
MAX_LINES = 60



def engine_files() -> list[Path]:
    """Every Python file of the engine."""
    files = []
    for name in ENGINE:
        path = ROOT / name
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return files


def function_lengths(source: str) -> list[tuple[str, int, int]]:
    """(qualified name, first line, length in lines) of every function in ``source``, nested ones too."""
    found = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = prefix + child.name
                found.append((name, child.lineno, child.end_lineno - child.lineno + 1))
                visit(child, name + ".")
            elif isinstance(child, ast.ClassDef):
                visit(child, prefix + child.name + ".")
            else:
                visit(child, prefix)

    visit(ast.parse(source), "")
    return found


def too_long(path: str, source: str, limit: int = MAX_LINES) -> list[str]:
    """A message for each function of ``source`` longer than ``limit`` lines."""
    return [f"{path}:{line} {name} is {length} lines long; the limit is {limit}"
            for name, line, length in function_lengths(source) if length > limit]


def test_no_engine_function_is_longer_than_the_limit():
    problems = []
    for file in engine_files():
        path = file.relative_to(ROOT).as_posix()
        problems += too_long(path, file.read_text(encoding="utf-8"))
    assert not problems, "\n".join(problems)


LONG = "class Table:\n    def deal(self):\n" + "        x = 1\n" * 60 + "\n\ndef short():\n    return 1\n"


def test_the_checker_names_the_function_its_length_and_the_limit():
    assert too_long("table.py", LONG) == ["table.py:2 Table.deal is 61 lines long; the limit is 60"]
    assert too_long("table.py", LONG, limit=61) == []


@pytest.mark.parametrize("name", ENGINE)
def test_the_engine_paths_exist(name):
    assert (ROOT / name).exists()
