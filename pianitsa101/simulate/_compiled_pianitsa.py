"""``simulate_pianitsa`` on the compiled path: the arguments as numpy arrays, the numba kernel, places.

Imported only when the compiled engine plays (it needs numpy and numba); the checks of the
arguments and the result class live in ``pianitsa.py``, shared with the pure-Python path.
"""

from __future__ import annotations

from collections.abc import Sequence

import numba
import numpy as np

from pianitsa101.cards import Card
from pianitsa101.i18n import _
from pianitsa101.pianitsa.rules import PianitsaRules, check_players
from pianitsa101.simulate import _cache
from pianitsa101.simulate import _pianitsa_kernel as kernel
from pianitsa101.simulate import pianitsa as front
from pianitsa101.simulate._progress import ProgressArg, run_in_chunks
from pianitsa101.simulate._seeds import seed_keys

__all__ = ["place_table", "play_given", "play_random"]

_GATHER_CODES = {"winner_first": kernel.WINNER_FIRST, "table": kernel.TABLE, "random": kernel.RANDOM}
_MAX_TRICKS = 1 << 60  # larger caps act the same (and 3 * cap must fit in the kernel's int64)
Columns = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def _options(rules: PianitsaRules) -> tuple:
    return (rules.dispute_face_down, _GATHER_CODES[rules.gather], rules.second_disputes,
            rules.low_beats_ace, min(rules.max_tricks, _MAX_TRICKS), True, True)  # limit before cycle


def _run(count: int, n: int, threads: int | None, progress: ProgressArg, entry, call) -> Columns:
    outcome = np.zeros(count, dtype=np.int8)
    tricks = np.zeros(count, dtype=np.int64)
    disputes = np.zeros(count, dtype=np.int64)
    left = np.zeros((count, n), dtype=np.int32)

    notice, release = _cache.ready((entry,), "Пьяница", progress) if count else ("", None)

    def play(lo: int, hi: int) -> None:
        call(lo, hi, (outcome[lo:hi], tricks[lo:hi], disputes[lo:hi], left[lo:hi]))
        if release is not None:
            release()  # compiled (and cached) by the first chunk: others may load it now

    try:
        run_in_chunks(count, "Пьяница", progress, _check_workers(threads), front._CHUNK, play, notice=notice,
                      unit="games")
    finally:
        if release is not None:
            release()
    return outcome, tricks, disputes, left


def play_random(cards: list[Card], n: int, count: int, rules: PianitsaRules, key0: int, key1: int,
                threads: int | None, progress: ProgressArg) -> Columns:
    """``count`` random deals of ``cards`` to ``n`` seats, played by the kernel."""
    ranks = np.array([int(c.rank) for c in cards], dtype=np.uint8)
    k0, k1, options = np.uint64(key0), np.uint64(key1), _options(rules)

    def call(lo: int, hi: int, parts: tuple) -> None:
        kernel.play_random_deals(ranks, n, k0, k1, lo, hi - lo, *options, *parts)

    return _run(count, n, threads, progress, kernel.play_random_deals, call)


def play_given(deals: Sequence | np.ndarray, players: int | None, rules: PianitsaRules, key0: int, key1: int,
               threads: int | None, progress: ProgressArg) -> Columns:
    """The explicit ``deals``, played by the kernel."""
    stacks, lengths, lows = _deal_arrays(deals)
    count, n = lengths.shape
    front.check_deal_players(players, n)
    k0, k1, options = np.uint64(key0), np.uint64(key1), _options(rules)

    def call(lo: int, hi: int, parts: tuple) -> None:
        kernel.play_given_deals(stacks[lo:hi], lengths[lo:hi], lows[lo:hi], k0, k1, lo, *options, *parts)

    return _run(count, n, threads, progress, kernel.play_given_deals, call)


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


# ----- arguments as kernel arrays -----------------------------------------------------------------


def _check_workers(workers: object) -> int:
    """numba threads for ``workers`` (checked; None: every core)."""
    workers = front.check_workers(workers)
    cores = numba.config.NUMBA_NUM_THREADS
    return cores if workers is None else min(workers, cores)


def _seed_keys(seed: object) -> tuple[np.uint64, np.uint64]:
    """Two 64-bit keys for the run's random streams, from an int, SeedSequence, Generator or None."""
    key0, key1 = seed_keys(seed)
    return np.uint64(key0), np.uint64(key1)


def _deal_arrays(deals: Sequence | np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Explicit deals as kernel arrays: ranks (game, seat, slot), stack lengths, lowest rank."""
    if isinstance(deals, np.ndarray):
        return _index_array_deals(deals)
    parsed = front.parse_deals(deals)
    count = len(parsed)
    if not count:
        return np.zeros((0, 2, kernel.SLOTS), np.uint8), np.zeros((0, 2), np.int64), np.zeros(0, np.uint8)
    n = len(parsed[0])
    lengths = np.zeros((count, n), dtype=np.int64)
    stacks = np.zeros((count, n, kernel.SLOTS), dtype=np.uint8)
    for g, deal in enumerate(parsed):
        for seat, indices in enumerate(deal):
            lengths[g, seat] = len(indices)
            stacks[g, seat, : len(indices)] = [i % 13 + 2 for i in indices]
    lows = np.where(np.arange(kernel.SLOTS) < lengths[:, :, None], stacks, 255).min(axis=(1, 2))
    return stacks, lengths, lows.astype(np.uint8)


def _index_array_deals(deals: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Deals given as an int array ``[game, seat, i]`` of ``Card.index`` values (equal stacks)."""
    if deals.ndim != 3 or not np.issubdtype(deals.dtype, np.integer):
        raise ValueError(_("an array of deals must be integers shaped (games, players, cards); "
                           "got {dtype} shaped {shape}").format(dtype=deals.dtype, shape=deals.shape))
    count, n, per = deals.shape
    check_players(n)
    if per < 1 or (deals.size and (deals.min() < 0 or deals.max() > 51)):
        raise ValueError(_("an array of deals holds Card.index values 0..51, at least one card per stack"))
    flat = np.sort(deals.reshape(count, n * per), axis=1)
    if (flat[:, 1:] == flat[:, :-1]).any():
        raise ValueError(_("a deal holds a card twice; every card must be distinct (D4)"))
    stacks = np.zeros((count, n, kernel.SLOTS), dtype=np.uint8)
    stacks[:, :, :per] = deals % 13 + 2
    lengths = np.full((count, n), per, dtype=np.int64)
    lows = stacks[:, :, :per].min(axis=(1, 2)) if count else np.zeros(0, np.uint8)
    return stacks, lengths, lows
