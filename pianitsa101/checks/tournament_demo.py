"""A made-up class for trying the tournament: exercise-12 notebooks with simple strategies, some broken.

``python -m pianitsa101.checks.tournament_demo FOLDER [--students N]`` writes
``FOLDER/<student>/12_strategy.ipynb``, the student notebook of exercise 12 with its answer
cell filled in, one strategy per student, taken in turn from :data:`STRATEGIES` (the honest
ones vary a weight so that no two play alike); ``make tournament DIR=FOLDER`` then plays them.
The tests and ``benchmarks/bench_class_tournament.py`` use it.

>>> sorted(BROKEN)
['crashes', 'init_raises', 'loops', 'nonsense']
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pianitsa101.checks.build import ROOT, read_notebook
from pianitsa101.checks.tournament_entries import ANSWER_ID

__all__ = ["BROKEN", "HONEST", "STRATEGIES", "write_class", "write_notebook"]

_HEAD = 'class MyAgent:\n    name = "MyAgent"\n\n'

HONEST = {
    "expensive_first": _HEAD + (
        "    def choose(self, view, legal_moves):\n"
        "        plays = [m for m in legal_moves if isinstance(m, Play)]\n"
        "        if plays:\n"
        "            return max(plays, key=lambda m: DEFAULT_POINTS[m.card.rank] + {w} * (m.suit is None))\n"
        "        return legal_moves[0]\n"),
    "cheapest_first": _HEAD + (
        "    def choose(self, view, legal_moves):\n"
        "        plays = [m for m in legal_moves if isinstance(m, Play)]\n"
        "        if plays:\n"
        "            return min(plays, key=lambda m: DEFAULT_POINTS[m.card.rank]"
        " - {w} * (m.card.rank == Rank.ACE))\n"
        "        return legal_moves[0]\n"),
    "first_legal": _HEAD + (
        "    def choose(self, view, legal_moves):\n"
        "        return legal_moves[{w} % len(legal_moves)]\n"),
    "draw_first": _HEAD + (
        "    def choose(self, view, legal_moves):\n"
        "        draws = [m for m in legal_moves if isinstance(m, Draw)]\n"
        "        if draws and len(view.hand) < {w} + 3:\n"
        "            return draws[0]\n"
        "        return legal_moves[-1]\n"),
    "random_choice": "import random\n\n" + _HEAD + (
        "    def choose(self, view, legal_moves):\n"
        "        plays = [m for m in legal_moves if isinstance(m, Play)]\n"
        "        if plays and random.random() < 0.{w}5:\n"
        "            return random.choice(plays)\n"
        "        return random.choice(legal_moves)\n"),
    "keep_queens": _HEAD + (
        "    def choose(self, view, legal_moves):\n"
        "        plays = [m for m in legal_moves if isinstance(m, Play)]\n"
        "        if not plays:\n"
        "            return legal_moves[0]\n"
        "        def worth(m):\n"
        "            held = sum(c.suit == (m.suit or m.card.suit) for c in view.hand)\n"
        "            queen = {w} + 8 if m.card.rank == Rank.QUEEN and len(view.hand) > 1 else 0\n"
        "            return DEFAULT_POINTS[m.card.rank] + 2 * held - queen\n"
        "        return max(plays, key=worth)\n"),
}

BROKEN = {
    "crashes": _HEAD + (
        "    def choose(self, view, legal_moves):\n"
        "        if len(view.hand) > 6:\n"
        "            return legal_moves[0] / 0  # a bug that shows once the hand grows\n"
        "        return legal_moves[0]\n"),
    "loops": _HEAD + (
        "    def choose(self, view, legal_moves):\n"
        "        while not any(isinstance(m, Play) for m in legal_moves):\n"
        "            pass  # waits for a playable card that never comes\n"
        "        return legal_moves[0]\n"),
    "nonsense": _HEAD + (
        "    def choose(self, view, legal_moves):\n"
        "        return \"Draw\"  # a string, not a move\n"),
    "init_raises": _HEAD + (
        "    def __init__(self):\n"
        "        self.first = self.hand[0]  # there is no hand yet\n\n"
        "    def choose(self, view, legal_moves):\n"
        "        return legal_moves[0]\n"),
}

STRATEGIES = {**HONEST, **BROKEN}


def write_notebook(path: Path, answer: str) -> Path:
    """Exercise 12's student notebook with ``answer`` as its answer cell, written to ``path``."""
    nb = read_notebook(ROOT / "12_strategy.ipynb")
    cells = [c for c in nb["cells"] if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == ANSWER_ID]
    if len(cells) != 1:
        raise SystemExit(f"{ROOT / '12_strategy.ipynb'} has no single answer cell {ANSWER_ID!r}")
    cells[0]["source"] = answer
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path


def write_class(folder: Path, students: int = 30, broken: bool = True) -> list[tuple[str, str]]:
    """Write ``students`` notebooks (the broken ones first when ``broken``); (student, strategy) each."""
    kinds = [*(BROKEN if broken else ()), *HONEST]
    out = []
    for i in range(students):
        kind = kinds[i] if i < len(kinds) else list(HONEST)[(i - len(kinds)) % len(HONEST)]
        weight = i // len(kinds)
        name = f"student{i + 1:02d}_{kind}"
        write_notebook(folder / name / "12_strategy.ipynb", STRATEGIES[kind].replace("{w}", str(weight)))
        out.append((name, kind))
    return out


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module text)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--students", type=int, default=30)
    args = parser.parse_args(argv)
    for name, kind in write_class(args.folder, args.students):
        print(f"{name}: {kind}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
