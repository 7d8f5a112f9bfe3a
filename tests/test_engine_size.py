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


# A 101 turn as a student reads it: ``Round101.play`` and what carries it out (round.py), and
# the legality of every kind of move (legal.py).  The rules it asks on the way (laws.py), the
# move and event values and the sentences of a refusal are read on their own.
TURN = {
    "pianitsa101/game101/round.py": [
        "Round101.play", "Round101._play_card", "Round101._effects",
        "Round101._penalty", "Round101._ace", "Round101._draw", "Round101._pass", "Round101._flush_queens",
        "Round101._draw_cards", "Round101._recycle", "Round101._win"],
    "pianitsa101/game101/legal.py": [
        "plays_of", "legal_moves", "check", "refusal", "_other_refusal", "_play_refusal", "_free_refusal",
        "_card_refusal", "may_put", "_pending_key", "_drawn_key"],
}
TURN_LINES = 250  # the lines a student reads for one turn, docstrings and comments included


def test_one_101_turn_reads_in_two_files_and_few_lines():
    total, missing = 0, []
    for path, names in TURN.items():
        lengths = {name: length for name, _line, length in function_lengths((ROOT / path).read_text("utf-8"))}
        missing += [f"{path}: {name}" for name in names if name not in lengths]
        total += sum(lengths.get(name, 0) for name in names)
    assert not missing, missing
    assert total <= TURN_LINES, f"one 101 turn is {total} lines; the limit is {TURN_LINES}"


def test_a_turn_runs_only_the_functions_counted_for_it():
    """Every function of round.py and legal.py that a turn of seeded matches runs is in ``TURN``."""
    import sys

    from pianitsa101.game101 import Match101, Rules101
    from pianitsa101.game101.agents import RandomAgent
    from pianitsa101.game101.round import Round101

    files = {str(ROOT / path): path for path in TURN}
    spans = {path: function_lengths((ROOT / path).read_text("utf-8")) for path in TURN}
    ran: set[str] = set()
    inside = [0]

    def function_at(path: str, line: int) -> str:
        """The outermost function of ``path`` whose lines hold ``line`` (a generator belongs to it)."""
        return next(name for name, first, length in spans[path] if first <= line < first + length)

    def profile(frame, event, _arg):
        code = frame.f_code
        if event == "call" and inside[0] and code.co_filename in files:
            path = files[code.co_filename]
            ran.add(f"{path}: {function_at(path, code.co_firstlineno)}")

    play = Round101.play

    def traced_play(self, move):
        inside[0] += 1
        sys.setprofile(profile)
        try:
            return play(self, move)
        finally:
            sys.setprofile(None)
            inside[0] -= 1

    Round101.play = traced_play
    try:
        for seed, rules in enumerate([Rules101(), Rules101(draw="one", flush_queens=True, recycle="shuffle"),
                                      Rules101(ace="skip_unless_ace", chain="add", six="cover_any"),
                                      Rules101(deal="five_and_starter", last_card_effects=True)]):
            agents = [RandomAgent(seed=s) for s in range(3)]
            Match101(3, 36, rules, seed=seed, agents=agents, max_rounds=8).play()
    finally:
        Round101.play = play
    counted = {f"{path}: {name}" for path, names in TURN.items() for name in names}
    assert ran, "the trace saw no turn"
    assert ran <= counted, sorted(ran - counted)
