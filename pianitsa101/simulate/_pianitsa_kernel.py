"""Entry points of the compiled Пьяница fast path: many games per call, in parallel blocks.

``play_random_deals`` shuffles and deals a deck for each game (seeded per game, see
``_rng``); ``play_given_deals`` plays explicit deals.  Games are split into blocks of
``BLOCK`` games run by numba's ``prange``; a game's result depends only on its deal and
its own random stream, so any number of threads gives the same results.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from pianitsa101.simulate._pianitsa_game import (
    FINISHED,
    NOT_LEFT,
    OUTCOMES,
    RANDOM,
    SLOTS,
    TABLE,
    WINNER_FIRST,
    _new_scratch,
    _play_game,
)
from pianitsa101.simulate._pianitsa_two import _play_two
from pianitsa101.simulate._rng import _seed_game, _shuffle

__all__ = ["FINISHED", "NOT_LEFT", "OUTCOMES", "RANDOM", "SLOTS", "TABLE", "WINNER_FIRST",
           "play_given_deals", "play_random_deals"]

# --- many games ----------------------------------------------------------------------------------

BLOCK = 256  # games per parallel work item


@njit(cache=True)
def _play(init, init_ln, n, face_down, gather, second_disputes, low_beats_ace, low, max_tricks,
          limit_first, two_player_path, rng, left, sc_u8, sc_i64, sc_bool):
    if n == 2 and two_player_path:
        return _play_two(init, init_ln, face_down, gather, low_beats_ace, low, max_tricks, limit_first,
                         rng, left, sc_u8, sc_i64, sc_bool)
    return _play_game(init, init_ln, n, face_down, gather, second_disputes, low_beats_ace, low,
                      max_tricks, limit_first, rng, left, sc_u8, sc_i64, sc_bool)


@njit(cache=True)
def _random_block(deck, n, key0, key1, start, lo, hi, face_down, gather, second_disputes,
                  low_beats_ace, max_tricks, limit_first, two_player_path, outcome, tricks, disputes, left):
    ncards = deck.shape[0]
    per = ncards // n
    low = deck.min()
    sc_u8, sc_i64, sc_bool = _new_scratch(n, ncards)
    init = np.zeros((n, SLOTS), dtype=np.uint8)
    init_ln = np.full(n, per, dtype=np.int64)
    shuffled = deck.copy()
    rng = np.zeros(1, dtype=np.uint64)
    for g in range(lo, hi):
        _seed_game(rng, key0, key1, start + g)
        shuffled[:] = deck
        _shuffle(shuffled, ncards, rng)
        for s in range(n):
            init[s, :per] = shuffled[s * per: (s + 1) * per]
        o, t, d = _play(init, init_ln, n, face_down, gather, second_disputes, low_beats_ace, low,
                        max_tricks, limit_first, two_player_path, rng, left[g], sc_u8, sc_i64, sc_bool)
        outcome[g] = o
        tricks[g] = t
        disputes[g] = d


@njit(cache=True)
def _given_block(stacks, lengths, lows, key0, key1, start, lo, hi, face_down, gather, second_disputes,
                 low_beats_ace, max_tricks, limit_first, two_player_path, outcome, tricks, disputes, left):
    n = lengths.shape[1]
    sc_u8, sc_i64, sc_bool = _new_scratch(n, SLOTS)
    rng = np.zeros(1, dtype=np.uint64)
    for g in range(lo, hi):
        _seed_game(rng, key0, key1, start + g)
        o, t, d = _play(stacks[g], lengths[g], n, face_down, gather, second_disputes, low_beats_ace,
                        lows[g], max_tricks, limit_first, two_player_path, rng, left[g],
                        sc_u8, sc_i64, sc_bool)
        outcome[g] = o
        tricks[g] = t
        disputes[g] = d


@njit(cache=True, parallel=True)
def play_random_deals(deck, n, key0, key1, start, count, face_down, gather, second_disputes,
                      low_beats_ace, max_tricks, limit_first, two_player_path, outcome, tricks, disputes,
                      left):
    """Games ``start .. start+count-1`` of a seeded run: shuffle ``deck`` (ranks), deal, play."""
    for b in prange((count + BLOCK - 1) // BLOCK):
        _random_block(deck, n, key0, key1, start, b * BLOCK, min(count, (b + 1) * BLOCK), face_down,
                      gather, second_disputes, low_beats_ace, max_tricks, limit_first, two_player_path,
                      outcome, tricks, disputes, left)


@njit(cache=True, parallel=True)
def play_given_deals(stacks, lengths, lows, key0, key1, start, face_down, gather, second_disputes,
                     low_beats_ace, max_tricks, limit_first, two_player_path, outcome, tricks, disputes,
                     left):
    """Play the explicit deals ``stacks[g, seat, :lengths[g, seat]]`` (ranks, top first)."""
    count = lengths.shape[0]
    for b in prange((count + BLOCK - 1) // BLOCK):
        _given_block(stacks, lengths, lows, key0, key1, start, b * BLOCK, min(count, (b + 1) * BLOCK),
                     face_down, gather, second_disputes, low_beats_ace, max_tricks, limit_first,
                     two_player_path, outcome, tricks, disputes, left)
