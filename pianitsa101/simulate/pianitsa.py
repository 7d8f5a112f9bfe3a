"""Many games of Пьяница at once: ``simulate_pianitsa`` and its result (P1-P13, fast path).

The games are played by a compiled kernel (``_pianitsa_kernel``, numba) that follows the
same rules as the reference engine ``pianitsa101.pianitsa``: for an explicit deal, every
number here equals what ``PianitsaGame.from_stacks(deal, rules).play()`` gives (tricks,
disputes, outcome, places, loser).  The tests check this on tens of thousands of deals
over every rule option and player count.

Randomness: a run is seeded by ``seed`` (an int, a ``numpy.random.SeedSequence`` or a
``numpy.random.Generator``); game ``i`` draws from its own stream made from the seed and
``i``, so results are the same on every machine, for any ``workers`` and with or without
``progress``.  Random deals here are not the deals ``PianitsaGame.deal(seed=...)`` makes
(that one uses ``random.Random``), and with ``gather="random"`` (P9) the shuffles differ
from the reference engine's: the game is the same, the random numbers are not.

>>> res = simulate_pianitsa(1000, players=2, seed=1)
>>> res.tricks.shape, set(res.outcome) <= {"finished", "cycle", "limit", "draw"}
((1000,), True)
>>> from pianitsa101 import cards
>>> one = simulate_pianitsa(deals=[[cards("A♠ 6♥"), cards("K♦ 6♣")]])
>>> print(one.tricks[0], one.disputes[0], one.outcome[0], one.loser[0], one.places_of(0))
2 1 finished 0 [(1,), (0,)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numba
import numpy as np

from pianitsa101.cards import Card
from pianitsa101.pianitsa.rules import PianitsaRules, check_players, deck_cards
from pianitsa101.simulate import _pianitsa_kernel as kernel
from pianitsa101.simulate._cache import COMPILE_NOTICE, needs_compiling
from pianitsa101.simulate._progress import ProgressArg, check_progress, run_in_chunks

__all__ = ["PianitsaSimulation", "simulate_pianitsa"]

OUTCOMES = np.array(kernel.OUTCOMES)
_GATHER_CODES = {"winner_first": kernel.WINNER_FIRST, "table": kernel.TABLE, "random": kernel.RANDOM}
_CHUNK = 1 << 16  # games per kernel call when showing progress
_MAX_TRICKS = 1 << 60  # larger caps act the same (and 3 * cap must fit in the kernel's int64)


@dataclass(frozen=True, eq=False)
class PianitsaSimulation:
    """The results of many games, one entry per game in numpy arrays."""

    tricks: np.ndarray
    """Tricks played in each game (P13: for a cycle, the tricks before the repeated position)."""
    disputes: np.ndarray
    """Dispute rounds played in each game (P8, P10, P12)."""
    outcome_code: np.ndarray
    """Outcome as a small int: 0 finished, 1 cycle, 2 limit, 3 draw (``OUTCOMES[code]``)."""
    left: np.ndarray
    """``left[game, seat]``: the trick after which the seat ran out (P11), -1 if it never did."""
    rules: PianitsaRules
    """The rules every game was played by."""
    places: np.ndarray | None = field(default=None)
    """``places[game, seat]``: 0 for the best place (P11), equal for shared places; or None."""

    @property
    def games(self) -> int:
        """How many games were played."""
        return len(self.tricks)

    @property
    def players(self) -> int:
        """Players in every game."""
        return self.left.shape[1]

    @property
    def outcome(self) -> np.ndarray:
        """Each game's outcome: 'finished', 'cycle', 'limit' or 'draw' (P11-P13)."""
        return OUTCOMES[self.outcome_code]

    @property
    def loser(self) -> np.ndarray:
        """The lowest seat in last place for a finished game (P11), else -1 (as the engine's ``loser``)."""
        finished = self.outcome_code == kernel.FINISHED
        if self.rules.goal == "shed":
            last = self.left == kernel.NOT_LEFT  # the player left holding the whole deck
        else:
            first_out = np.where(self.left < 0, np.iinfo(np.int32).max, self.left).min(axis=1)
            last = self.left == first_out[:, None]  # eliminated first
        return np.where(finished & last.any(axis=1), last.argmax(axis=1), -1)

    def places_of(self, game: int) -> list[tuple[int, ...]]:
        """One game's places as the engine gives them: tuples of seats, best place first."""
        left = self.left[game]
        groups = sorted({int(t) for t in left if t >= 0})
        order = [tuple(int(s) for s in np.flatnonzero(left == t)) for t in groups]
        still = [tuple(int(s) for s in np.flatnonzero(left < 0))]
        still = still if still[0] else []
        return [*order, *still] if self.rules.goal == "shed" else [*still, *reversed(order)]

    def counts(self) -> dict[str, int]:
        """How many games ended each way."""
        found = np.bincount(self.outcome_code, minlength=len(OUTCOMES))
        return {str(name): int(k) for name, k in zip(OUTCOMES, found, strict=True)}

    def __repr__(self) -> str:
        mean = float(self.tricks.mean()) if self.games else 0.0
        return (f"<PianitsaSimulation {self.games:,} games, {self.players} players, "
                f"mean tricks {mean:.1f}, {self.counts()}>")

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td>{k}</td><td>{v:,}</td></tr>" for k, v in self.counts().items())
        mean = float(self.tricks.mean()) if self.games else 0.0
        mean_disputes = float(self.disputes.mean()) if self.games else 0.0
        return (f"<b>{self.games:,} games of Пьяница</b>, {self.players} players, "
                f"mean tricks {mean:.1f}, mean disputes {mean_disputes:.1f}"
                f"<table><tr><th>outcome</th><th>games</th></tr>{rows}</table>")


def place_table(left: np.ndarray, goal: str) -> np.ndarray:
    """P11 places for every game and seat from the tricks when seats ran out (0 = best)."""
    big = np.int64(1) << 40
    left = left.astype(np.int64)
    key = np.where(left < 0, big, left) if goal == "shed" else np.where(left < 0, -big, -left)
    n = left.shape[1]
    distinct = np.ones_like(key, dtype=bool)  # the first seat holding each key value
    for t in range(n):
        for u in range(t):
            distinct[:, t] &= key[:, u] != key[:, t]
    places = np.zeros(left.shape, dtype=np.int8)
    for s in range(n):
        places[:, s] = (distinct & (key < key[:, s : s + 1])).sum(axis=1)
    return places


def simulate_pianitsa(games: int | None = None, players: int | None = None,
                      deck: int | Sequence[Card | str] | None = None, rules: PianitsaRules | None = None,
                      seed: int | np.random.SeedSequence | np.random.Generator | None = None, *,
                      deals: Sequence | np.ndarray | None = None, workers: int | None = 1,
                      progress: ProgressArg = False, places: bool = False) -> PianitsaSimulation:
    """Play many games on the compiled fast path; random deals from ``seed``, or the given ``deals``.

    ``players`` defaults to 2 (or the deals' player count); ``deck`` is P1's default, a size
    or a list of cards; ``deals`` lists deals, each a list of stacks (top first), as
    ``PianitsaGame.from_stacks`` takes them, or an int array ``[game, seat, i]`` of
    ``Card.index`` values; ``workers`` is the number of threads (None: every core).
    ``progress``: False, True (a bar in a notebook, a line in a terminal) or a function
    ``progress(done, total, message)``; the first run on a machine says that it compiles.
    """
    rules = _check_rules(rules)
    check_progress(progress)
    key0, key1 = _seed_keys(seed)
    threads = _check_workers(workers)
    if deals is None:
        games = _check_games(games)
        players = check_players(2 if players is None else players)
        ranks = np.array([int(c.rank) for c in deck_cards(deck, players)], dtype=np.uint8)
        count, n = games, players
    else:
        if games is not None:
            raise ValueError("give either games (random deals) or deals, not both")
        if deck is not None:
            raise ValueError("deck is for random deals; explicit deals already hold their cards")
        stacks, lengths, lows = _deal_arrays(deals)
        count, n = lengths.shape
        if players is not None and check_players(players) != n:
            raise ValueError(f"players={players} but the deals have {n} stacks each")
    outcome = np.zeros(count, dtype=np.int8)
    tricks = np.zeros(count, dtype=np.int64)
    disputes = np.zeros(count, dtype=np.int64)
    left = np.zeros((count, n), dtype=np.int32)
    options = (rules.dispute_face_down, _GATHER_CODES[rules.gather], rules.second_disputes,
               rules.low_beats_ace, min(rules.max_tricks, _MAX_TRICKS), True, True)  # limit before cycle

    def play(lo: int, hi: int) -> None:
        parts = (outcome[lo:hi], tricks[lo:hi], disputes[lo:hi], left[lo:hi])
        if deals is None:
            kernel.play_random_deals(ranks, n, key0, key1, lo, hi - lo, *options, *parts)
        else:
            kernel.play_given_deals(stacks[lo:hi], lengths[lo:hi], lows[lo:hi], key0, key1, lo,
                                    *options, *parts)

    entry = kernel.play_random_deals if deals is None else kernel.play_given_deals
    notice = COMPILE_NOTICE if count and needs_compiling(entry) else ""
    run_in_chunks(count, "Пьяница", progress, threads, _CHUNK, play, notice=notice, unit="games")
    table = place_table(left, rules.goal) if places else None
    return PianitsaSimulation(tricks=tricks, disputes=disputes, outcome_code=outcome, left=left,
                              rules=rules, places=table)


# ----- checking the arguments ---------------------------------------------------------------


def _check_rules(rules: PianitsaRules | None) -> PianitsaRules:
    if rules is None:
        return PianitsaRules()
    if not isinstance(rules, PianitsaRules):
        raise ValueError(f"rules must be a PianitsaRules; got {rules!r}")
    return rules


def _check_games(games: object) -> int:
    if games is None:
        raise ValueError("give the number of games to play (games=...) or the deals (deals=...)")
    if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or games < 0:
        raise ValueError(f"games must be a whole number 0 or more; got {games!r}")
    return int(games)


def _check_workers(workers: object) -> int:
    cores = numba.config.NUMBA_NUM_THREADS
    if workers is None:
        return cores
    if isinstance(workers, bool) or not isinstance(workers, (int, np.integer)) or workers < 1:
        raise ValueError(f"workers must be a whole number 1 or more, or None for every core; got {workers!r}")
    return min(int(workers), cores)


def _seed_keys(seed: object) -> tuple[np.uint64, np.uint64]:
    """Two 64-bit keys for the run's random streams, from an int, SeedSequence, Generator or None."""
    if isinstance(seed, np.random.Generator):
        keys = seed.integers(0, np.iinfo(np.uint64).max, size=2, dtype=np.uint64, endpoint=True)
    elif seed is None or isinstance(seed, np.random.SeedSequence) or (
            isinstance(seed, (int, np.integer)) and not isinstance(seed, bool) and seed >= 0):
        sequence = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
        keys = sequence.generate_state(2, dtype=np.uint64)
    else:
        raise ValueError(
            "seed must be a whole number 0 or more, a numpy SeedSequence or Generator, or None; "
            f"got {seed!r}")
    return np.uint64(keys[0]), np.uint64(keys[1])


def _parse_stack(stack: object, where: str) -> list[int]:
    """The card indices of one stack given as text, or as Cards / card texts (top first)."""
    if isinstance(stack, str):
        stack = stack.replace(",", " ").split()
    if isinstance(stack, (bytes, Card)) or not isinstance(stack, Sequence):
        raise ValueError(f"{where}: a stack is a list of cards or a text like 'A♠ 6♥'; got {stack!r}")
    out = []
    for c in stack:
        if isinstance(c, str):
            c = Card.parse(c)
        elif not isinstance(c, Card):
            raise ValueError(f"{where}: a stack holds cards (Card or text like '10♠'); got {c!r}")
        out.append(c.index)
    if not out:
        raise ValueError(f"{where}: every stack needs at least one card")
    return out


def _deal_arrays(deals: Sequence | np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Explicit deals as kernel arrays: ranks (game, seat, slot), stack lengths, lowest rank."""
    if isinstance(deals, np.ndarray):
        return _index_array_deals(deals)
    if isinstance(deals, (str, bytes)) or not isinstance(deals, Sequence):
        raise ValueError(f"deals must be a list of deals, each a list of stacks; got {type(deals).__name__}")
    count = len(deals)
    n = None
    lengths = None
    stacks = None
    for g, deal in enumerate(deals):
        if isinstance(deal, (str, bytes)) or not isinstance(deal, Sequence):
            raise ValueError(f"deal {g}: a deal is a list of stacks, one per seat; got {deal!r}")
        if n is None:
            n = check_players(len(deal))
            lengths = np.zeros((count, n), dtype=np.int64)
            stacks = np.zeros((count, n, kernel.SLOTS), dtype=np.uint8)
        elif len(deal) != n:
            raise ValueError(f"deal {g} has {len(deal)} stacks but deal 0 has {n}; "
                             "all deals need the same number of players")
        seen: set[int] = set()
        for seat, stack in enumerate(deal):
            indices = _parse_stack(stack, f"deal {g}, seat {seat}")
            if seen.intersection(indices) or len(set(indices)) != len(indices):
                raise ValueError(f"deal {g}: a card appears twice; every card must be distinct (D4)")
            seen.update(indices)
            lengths[g, seat] = len(indices)
            stacks[g, seat, : len(indices)] = [i % 13 + 2 for i in indices]
    if n is None:
        return np.zeros((0, 2, kernel.SLOTS), np.uint8), np.zeros((0, 2), np.int64), np.zeros(0, np.uint8)
    lows = np.where(np.arange(kernel.SLOTS) < lengths[:, :, None], stacks, 255).min(axis=(1, 2))
    return stacks, lengths, lows.astype(np.uint8)


def _index_array_deals(deals: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Deals given as an int array ``[game, seat, i]`` of ``Card.index`` values (equal stacks)."""
    if deals.ndim != 3 or not np.issubdtype(deals.dtype, np.integer):
        raise ValueError("an array of deals must be integers shaped (games, players, cards); "
                         f"got {deals.dtype} shaped {deals.shape}")
    count, n, per = deals.shape
    check_players(n)
    if per < 1 or (deals.size and (deals.min() < 0 or deals.max() > 51)):
        raise ValueError("an array of deals holds Card.index values 0..51, at least one card per stack")
    flat = np.sort(deals.reshape(count, n * per), axis=1)
    if (flat[:, 1:] == flat[:, :-1]).any():
        raise ValueError("a deal holds a card twice; every card must be distinct (D4)")
    stacks = np.zeros((count, n, kernel.SLOTS), dtype=np.uint8)
    stacks[:, :, :per] = deals % 13 + 2
    lengths = np.full((count, n), per, dtype=np.int64)
    lows = stacks[:, :, :per].min(axis=(1, 2)) if count else np.zeros(0, np.uint8)
    return stacks, lengths, lows
