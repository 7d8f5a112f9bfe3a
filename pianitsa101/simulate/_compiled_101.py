"""``simulate_101`` on the compiled path: the rules and the deck as numpy arrays, and the numba kernel.

Imported only when the compiled engine plays (it needs numpy and numba); the checks of the
arguments and the result class live in ``game101.py``, shared with the pure-Python path.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pianitsa101.cards import Card, Rank
from pianitsa101.game101 import Rules101
from pianitsa101.simulate import _cache
from pianitsa101.simulate import _game101_kernel as kernel
from pianitsa101.simulate import _state101 as state
from pianitsa101.simulate import game101 as front
from pianitsa101.simulate._compiled_pianitsa import _check_workers
from pianitsa101.simulate._progress import ProgressArg, run_in_chunks

__all__ = ["deck_array", "play", "rule_arrays"]


def rule_arrays(rules: Rules101) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The options, the penalty of every card (R9, R10, R15) and the points table (R19) as arrays."""
    opt = np.zeros(10, dtype=np.int64)
    opt[state.O_DRAW_ONE] = rules.draw == "one"
    opt[state.O_SHUFFLE] = rules.recycle == "shuffle"
    opt[state.O_SIX] = ("cover", "cover_any", "draw2_skip", "draw1_skip").index(rules.six)
    opt[state.O_ACE_ANSWER] = rules.ace == "skip_unless_ace"
    opt[state.O_WILD] = rules.queen_wild
    opt[state.O_CHAIN] = ("double", "add", "off").index(rules.chain)
    opt[state.O_LAST] = rules.last_card_effects
    opt[state.O_BONUS] = rules.queen_finish_bonus
    opt[state.O_FLUSH] = rules.flush_queens
    opt[state.O_STARTER] = rules.deal == "five_and_starter"
    penalty = np.array([rules.penalty(Card.from_index(i)) for i in range(52)], dtype=np.int64)
    points = np.zeros(15, dtype=np.int64)
    for rank in Rank:
        points[int(rank)] = rules.points[rank]
    return opt, penalty, points


def deck_array(deck: int | Sequence[Card | str], players: int, rules: Rules101) -> np.ndarray:
    """R1/R2: the deck's card indices, checked (36, 52 or distinct cards, enough to deal)."""
    return np.array([c.index for c in front.deck_cards_101(deck, players, rules)], dtype=np.int64)


def play(cards: list[Card], players: int, rules: Rules101, count: int, key0: int, key1: int,
         max_decisions: int, threads: int | None, progress: ProgressArg) -> tuple[np.ndarray, ...]:
    """``count`` rounds between random bots, played by the kernel: winner, outcome, decisions, points."""
    deck = np.array([c.index for c in cards], dtype=np.int64)
    opt, penalty, points = rule_arrays(rules)
    k0, k1 = np.uint64(key0), np.uint64(key1)
    winner = np.zeros(count, dtype=np.int64)
    code = np.zeros(count, dtype=np.int8)
    decisions = np.zeros(count, dtype=np.int64)
    scores = np.zeros((count, players), dtype=np.int64)

    notice, release = _cache.ready((kernel.play_rounds,), "101", progress) if count else ("", None)

    def play_chunk(lo: int, hi: int) -> None:
        kernel.play_rounds(deck, players, opt, penalty, points, k0, k1, lo, hi - lo, max_decisions,
                           winner[lo:hi], code[lo:hi], decisions[lo:hi], scores[lo:hi])
        if release is not None:
            release()  # compiled (and cached) by the first chunk: others may load it now

    try:
        run_in_chunks(count, "101", progress, _check_workers(threads), front._CHUNK, play_chunk,
                      notice=notice, unit="rounds")
    finally:
        if release is not None:
            release()
    return winner, code, decisions, scores
