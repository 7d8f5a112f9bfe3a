"""Random numbers inside compiled code: SplitMix64, one stream per game (deterministic everywhere).

A game's stream is seeded from the run's two 64-bit keys and the game's number, so a
game's random numbers never depend on threads, chunks or the games around it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pianitsa101.simulate._cache import ensure_fresh_cache

ensure_fresh_cache()  # every kernel module imports this one first: no stale machine code loads

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_LOW32 = np.uint64(0xFFFFFFFF)
_TWO32 = np.uint64(0x100000000)



@njit(cache=True, inline="always")
def _mix(z):
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def _next(state):
    state[0] += _GOLDEN
    return _mix(state[0])


@njit(cache=True, inline="always")
def _below(state, bound):
    """A uniform integer 0 <= x < bound (Lemire's method with rejection, so exactly uniform)."""
    b = np.uint64(bound)
    m = (_next(state) >> np.uint64(32)) * b
    low = m & _LOW32
    if low < b:
        threshold = (_TWO32 - b) % b
        while low < threshold:
            m = (_next(state) >> np.uint64(32)) * b
            low = m & _LOW32
    return np.int64(m >> np.uint64(32))


@njit(cache=True)
def _seed_game(state, key0, key1, game):
    state[0] = _mix(key0 ^ _mix(key1 + np.uint64(game) * _GOLDEN))


@njit(cache=True)
def _shuffle(values, count, state):
    for i in range(count - 1, 0, -1):
        j = _below(state, i + 1)
        values[i], values[j] = values[j], values[i]
