"""Many rounds of 101 between random bots on the compiled fast path: ``simulate_101``.

The rounds follow the same rules as ``pianitsa101.game101.Round101`` (R2-R21, R26, every
round option of ``Rules101``); a bot picks uniformly among the legal moves, as
``RandomAgent`` does.  The random numbers are not the engine's (a SplitMix64 stream per
round, seeded from ``seed`` and the round's number), so a seed gives other rounds than
``Round101.deal(seed=...)``; the tests replay fast-path rounds move by move through
``Round101`` (same legal moves at every step, same winner and points) to show the rules
are the same.  Match rules (R22, R23) are not simulated here: add up ``points`` as you like.

>>> res = simulate_101(200, players=3, seed=1)
>>> res.points.shape, bool((res.decisions > 0).all())
((200, 3), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pianitsa101.cards import Card, Rank, make_deck
from pianitsa101.game101 import Rules101
from pianitsa101.simulate import _game101_kernel as kernel
from pianitsa101.simulate import _state101 as state
from pianitsa101.simulate._cache import COMPILE_NOTICE, needs_compiling
from pianitsa101.simulate._progress import ProgressArg, check_progress, run_in_chunks
from pianitsa101.simulate.pianitsa import _check_games, _check_workers, _seed_keys

__all__ = ["Simulation101", "simulate_101"]

OUTCOMES_101 = np.array(["won", "abandoned", "limit"])
_CHUNK = 1 << 14
MAX = 10_000_000  # the largest max_decisions accepted


@dataclass(frozen=True, eq=False)
class Simulation101:
    """The results of many rounds of 101, one entry per round in numpy arrays."""

    winner: np.ndarray
    """The seat that won each round (R18), or -1 when abandoned (R26) or cut at ``max_decisions``."""
    outcome_code: np.ndarray
    """0 won, 1 abandoned (R26), 2 cut at ``max_decisions`` (``OUTCOMES_101[code]``)."""
    decisions: np.ndarray
    """Decisions (moves) made in each round."""
    points: np.ndarray
    """``points[round, seat]``: the round's points (R19, R20; 0 for everyone when abandoned)."""
    rules: Rules101
    """The rules every round was played by."""

    @property
    def outcome(self) -> np.ndarray:
        """Each round's outcome: 'won', 'abandoned' or 'limit'."""
        return OUTCOMES_101[self.outcome_code]

    @property
    def rounds(self) -> int:
        """How many rounds were played."""
        return len(self.winner)

    def __repr__(self) -> str:
        counts = {str(k): int((self.outcome_code == i).sum()) for i, k in enumerate(OUTCOMES_101)}
        mean = float(self.decisions.mean()) if self.rounds else 0.0
        return (f"<Simulation101 {self.rounds:,} rounds, {self.points.shape[1]} players, "
                f"mean decisions {mean:.1f}, {counts}>")


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
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)) or not 2 <= players <= 6:
        raise ValueError(f"R1: 101 is played by 2 to 6 players, got {players!r}")
    if isinstance(deck, (int, np.integer)) and not isinstance(deck, bool):
        if deck not in (36, 52):
            raise ValueError(f"R1: 101 is played with a 36- or 52-card deck (or a list of cards), "
                             f"got {deck!r}")
        cards = list(make_deck(int(deck)))
    elif isinstance(deck, Sequence) and not isinstance(deck, (str, bytes)):
        cards = [Card.parse(c) if isinstance(c, str) else c for c in deck]
        if not all(isinstance(c, Card) for c in cards):
            raise ValueError(f"a deck is 36, 52 or a list of cards, got {deck!r}")
        if len(set(cards)) != len(cards):
            raise ValueError("R25: every card must be in exactly one place, but a card appears twice")
    else:
        raise ValueError(f"a deck is 36, 52 or a list of cards, got {deck!r}")
    needed = (5 if rules.deal == "five_and_starter" else 4) * players
    if len(cards) < needed:
        raise ValueError(f"R2: dealing to {players} players needs at least {needed} cards, "
                         f"the deck has {len(cards)}")
    return np.array([c.index for c in cards], dtype=np.int64)


def simulate_101(rounds: int, players: int = 3, deck: int | Sequence[Card | str] = 36,
                 rules: Rules101 | None = None,
                 seed: int | np.random.SeedSequence | np.random.Generator | None = None, *,
                 workers: int | None = 1, progress: ProgressArg = False,
                 max_decisions: int = 1_000_000) -> Simulation101:
    """Play ``rounds`` rounds of 101 between random bots on the fast path (seeded, any ``workers``).

    A round still going after ``max_decisions`` decisions is cut off (outcome 'limit'), a
    safety cap only: R26 ends endless rounds long before (the longest of a million rounds
    over several rule sets made about 7,400 decisions).  ``progress``: False, True or a
    function ``progress(done, total, message)``, as for ``simulate_pianitsa``.
    """
    rules = Rules101() if rules is None else rules
    if not isinstance(rules, Rules101):
        raise ValueError(f"rules must be a Rules101; got {rules!r}")
    count = _check_games(rounds)
    check_progress(progress)
    cards = deck_array(deck, players, rules)
    if isinstance(max_decisions, bool) or not isinstance(max_decisions, int) or not 0 < max_decisions <= MAX:
        raise ValueError(f"max_decisions must be a whole number 1..{MAX:,}; got {max_decisions!r}")
    key0, key1 = _seed_keys(seed)
    threads = _check_workers(workers)
    opt, penalty, points = rule_arrays(rules)
    winner = np.zeros(count, dtype=np.int64)
    code = np.zeros(count, dtype=np.int8)
    decisions = np.zeros(count, dtype=np.int64)
    scores = np.zeros((count, players), dtype=np.int64)

    def play(lo: int, hi: int) -> None:
        kernel.play_rounds(cards, players, opt, penalty, points, key0, key1, lo, hi - lo, max_decisions,
                           winner[lo:hi], code[lo:hi], decisions[lo:hi], scores[lo:hi])

    notice = COMPILE_NOTICE if count and needs_compiling(kernel.play_rounds) else ""
    run_in_chunks(count, "101", progress, threads, _CHUNK, play, notice=notice, unit="rounds")
    return Simulation101(winner=winner, outcome_code=code, decisions=decisions, points=scores, rules=rules)
