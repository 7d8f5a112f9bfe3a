"""Measure the heads-up RoundModel that MonteCarloAgent's match values use (prints the literal).

``python benchmarks/round_model.py [rounds]`` plays that many heads-up rounds of
HeuristicAgent against itself under the default rules (the first player alternating) and
prints ``DEFAULT_MODEL`` as written in ``pianitsa101/strategy/matchvalue.py``: the starter's
share of the rounds won, the loser's points (R19), each total exactly (the match value's
R22 needs them: a total of exactly 101 goes back to 0), the winner's (R20).
"""

from __future__ import annotations

import sys
from collections import Counter

from pianitsa101.game101 import HeuristicAgent, Round101


def measure(rounds: int) -> tuple[float, Counter, Counter]:
    """Starter's win share, and counts of the loser's and the winner's points."""
    agent = HeuristicAgent()
    loser, winner = Counter(), Counter()
    starter_won = played = 0
    for seed in range(rounds):
        rnd = Round101.deal(2, seed=seed, first=seed % 2)
        while not rnd.over:
            seat = rnd.to_move
            rnd.play(agent.choose(rnd.view(seat), rnd.legal_moves()))
        if rnd.abandoned:
            continue
        points = rnd.points()
        played += 1
        starter_won += rnd.winner == seed % 2
        loser[points[1 - rnd.winner]] += 1
        winner[points[rnd.winner]] += 1
    return starter_won / played, loser, winner


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    share, loser, winner = measure(rounds)
    pairs = ", ".join(f"({x}, {c})" for x, c in sorted(loser.items()))
    print(f"# {rounds:,} heads-up rounds of HeuristicAgent against itself, Rules101()")
    print(f"starter_wins={share:.3f},")
    print(f"loser_points=_histogram([{pairs}]),")
    print(f"winner_points=_histogram([{', '.join(f'({x}, {c})' for x, c in sorted(winner.items()))}]),")


if __name__ == "__main__":
    main()
