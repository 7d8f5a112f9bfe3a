"""Measure how often exercise 12's check passes five strategies, over many tournament seeds.

``python exercises/measure_bar.py SEEDS FIRST_SEED NAME... [--progress]`` runs ``check_strategy`` (900
matches against RandomAgent(seed=1), win rate at least BAR) once per seed and prints, per
strategy, how many seeds passed, with a 95% Wilson interval. The five strategies are the ones
the bar is set against: ``first`` (``return legal_moves[0]``), ``draw`` (draw whenever it may),
``random`` (a random legal move), ``cheap`` (the cheapest card first) and ``reference`` (the
solution notebook's answer). The figures are in the README ("Exercise 12's bar").
"""

from __future__ import annotations

import contextlib
import io
import random
import re
import sys
import time

from pianitsa101.cards import Rank, Suit
from pianitsa101.checks import CheckError, check_strategy
from pianitsa101.game101 import DEFAULT_POINTS, Play


class First:
    name = "first"

    def choose(self, view, legal_moves):
        return legal_moves[0]


class DrawFirst:
    name = "draw"

    def choose(self, view, legal_moves):
        return next((m for m in legal_moves if not isinstance(m, Play)), legal_moves[0])


class RandomChoice:
    name = "random"

    def __init__(self) -> None:
        self.rng = random.Random(7)

    def choose(self, view, legal_moves):
        return self.rng.choice(legal_moves)


class Cheapest:
    name = "cheap"

    def choose(self, view, legal_moves):
        plays = [m for m in legal_moves if isinstance(m, Play)]
        return min(plays, key=lambda m: DEFAULT_POINTS[m.card.rank]) if plays else legal_moves[0]


class Reference:  # the solution notebook's MyAgent
    name = "reference"

    def choose(self, view, legal_moves):
        plays = [m for m in legal_moves if isinstance(m, Play)]
        if not plays:
            return legal_moves[0]
        held = {suit: 0 for suit in Suit}
        for card in view.hand:
            if card.rank != Rank.QUEEN:
                held[card.suit] += 1
        return max(plays, key=lambda m: (DEFAULT_POINTS[m.card.rank], 0 if m.suit is None else held[m.suit]))


STRATEGIES = {c.name: c for c in (First, DrawFirst, RandomChoice, Cheapest, Reference)}


def main(argv: list[str]) -> None:
    from pianitsa101.strategy import wilson_interval

    progress = "--progress" in argv
    argv = [a for a in argv if a != "--progress"]
    seeds, first, names = int(argv[0]), int(argv[1]), argv[2:]
    for name in names:
        passed, wins, played, start = 0, 0, 0, time.perf_counter()
        for seed in range(first, first + seeds):
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                try:
                    check_strategy(STRATEGIES[name](), seed=seed)
                    passed += 1
                    verdict = "passed"
                except CheckError as exc:
                    verdict = "failed: " + " ".join(str(exc).split())
            won = re.search(r"won (\d+) of (\d+)", printed.getvalue() + " " + verdict)
            wins += int(won.group(1)) if won else 0
            played += int(won.group(2)) if won else 0
            if progress:
                shown = won.group(0) if won else "?"
                print(f"  {name} seed {seed}: {verdict.split(':')[0]}, {shown}", flush=True)
        low, high = wilson_interval(passed, seeds)
        print(f"{name}: passed {passed} of {seeds} seeds ({passed / seeds:.1%}, 95% interval {low:.1%} - "
              f"{high:.1%}); all matches: won {wins} of {played}; {time.perf_counter() - start:.0f} s",
              flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
