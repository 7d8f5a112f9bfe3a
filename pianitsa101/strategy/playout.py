"""Pure-Python playouts for ``MonteCarloAgent``: where numba is missing (the browser), and as the reference.

``playouts(view, knows, moves, deals, key, first)`` deals the unseen cards ``deals`` times
(:meth:`~pianitsa101.strategy.knowledge.Belief.sample`), builds the round each deal gives
(:class:`~pianitsa101.game101.round.Round101`, the reference engine), and for each
candidate move plays it and then the rest of the round with ``HeuristicAgent`` in every
seat.  It returns the points of every seat and the winner of each playout (-1 when R26
abandoned it or ``max_decisions`` cut it off).  Every move is played out on the same deal
with the same generator for R8's shuffles (common random numbers).

The compiled twin is ``pianitsa101.simulate._playout101``: the same rules, the same policy,
other random numbers, about a hundred times faster.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pianitsa101.game101.agents import Agent, HeuristicAgent
from pianitsa101.game101.moves import Move
from pianitsa101.game101.round import Round101
from pianitsa101.game101.view import PlayerView
from pianitsa101.strategy.knowledge import Belief
from pianitsa101.strategy.sampling import SampleTally

__all__ = ["playouts", "round_of"]


def round_of(view: PlayerView, hands: list[list], stock: list, seed: int) -> Round101:
    """The round a view gives once the unseen cards are dealt (``stock`` top last, as a Belief samples it)."""
    rnd = Round101(hands=hands, stock=stock[::-1], discard=view.discard, to_move=view.to_move,
                   rules=view.rules, direction=view.direction, ordered_suit=view.ordered_suit,
                   pending_draw=view.pending_draw, pending_rank=view.pending_rank, must_cover=view.must_cover,
                   skip_to_answer=view.skip_to_answer, shuffle_seed=seed)
    rnd.drawn = view.drawn
    return rnd


def playouts(view: PlayerView, knows: Belief, moves: Sequence[Move], deals: int, key: int, first: int,
             policy: Agent | None = None, steps: int = 0,
             max_decisions: int = 400, tally: SampleTally | None = None) -> tuple[list, list]:
    """Points [deal][move][seat] and winners [deal][move] of playouts on deals ``first ..``.

    Up to ``deals`` deals; with ``steps`` > 0, no new deal once the playouts made that many moves,
    each proposal of ``Belief.sample`` counted as one (as the compiled playouts count them).
    ``tally`` (when given) counts how the deals were made.
    """
    policy = policy if policy is not None else HeuristicAgent()
    tally = tally if tally is not None else SampleTally()
    points, winners = [], []
    made = 0
    for d in range(first, first + deals):
        if steps and d - first >= 2 and made >= steps:
            break
        rng = random.Random(key * 1_000_003 + d)
        proposed = tally.proposals
        hands, stock = knows.sample(rng, tally)
        made += tally.proposals - proposed
        start = round_of(view, hands, stock, rng.getrandbits(64))
        row_points, row_winners = [], []
        for move in moves:
            rnd = start.copy()
            rnd.play(move)
            made += 1
            for _ in range(max_decisions):
                if rnd.over:
                    break
                seat = rnd.to_move
                rnd.play(policy.choose(rnd.view(seat), rnd.legal_moves()))
                made += 1
            if rnd.over and not rnd.abandoned:
                row_points.append(rnd.points())
                row_winners.append(rnd.winner)
            else:
                row_points.append([0] * rnd.players)
                row_winners.append(-1)
        points.append(row_points)
        winners.append(row_winners)
    return points, winners
