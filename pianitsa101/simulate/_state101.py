"""The state of a round of 101 on the fast path: card helpers, the state slots, and R26 positions.

A card is its index 0..51 (suit = index // 13, rank = index % 13 + 2).  A round's scalars
live in one small int64 array ``st`` (slots below); hands, stock and discard pile are
arrays (see ``_game101_kernel``).

R26 (a position seen for the third time abandons the round) keeps a count per position in
a hash table keyed by two independent 64-bit hashes of the whole position (hands as sets,
stock and discard pile in order, whose turn, direction, ordered suit and the pending
obligations): two different positions would have to agree on 128 bits.  The table is
reused from round to round (a slot belongs to the round whose number it holds).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pianitsa101.simulate._rng import _mix, _next, _seed_game

SIX, TEN, QUEEN, KING, ACE = 6, 10, 12, 13, 14
# Move kinds in the move buffers.
PLAY, DRAW, PASS, FLUSH = 0, 1, 2, 3
# Option slots in the ``opt`` array.
O_DRAW_ONE, O_SHUFFLE, O_SIX, O_ACE_ANSWER, O_WILD, O_CHAIN, O_LAST, O_BONUS, O_FLUSH, O_STARTER = range(10)
SIX_COVER, SIX_COVER_ANY = 0, 1  # six modes 2, 3 are draw2_skip / draw1_skip (a penalty, R9)
CHAIN_DOUBLE, CHAIN_ADD, CHAIN_OFF = 0, 1, 2
MAX_MOVES = 128  # room for every legal move: at most 51 cards in hand + 3 more per queen (< 64)


@njit(cache=True, inline="always")
def _rank(c):
    return c % 13 + 2


@njit(cache=True, inline="always")
def _suit(c):
    return c // 13


# The round's scalars live in one small int64 array ``st``; its slots:
TO_MOVE, DIRECTION, ORDERED, PENDING, PRANK, COVER, SKIP, DRAWN, OVER, WINNER, ABANDONED, BONUS, \
    STOCK_N, DISCARD_N, N_PLAYERS, POSITIONS = range(16)
ST_SIZE = 16


@njit(cache=True)
def _zobrist(key0, key1):
    """Random words for the position hashes: hands [seat, card], stock/discard [place, card], scalars."""
    state = np.zeros(1, dtype=np.uint64)
    _seed_game(state, key0, key1, 0x101)
    z = np.empty((2, 6 + 52 + 52 + 8, 52), dtype=np.uint64)
    for a in range(z.shape[0]):
        for b in range(z.shape[1]):
            for c in range(z.shape[2]):
                z[a, b, c] = _next(state)
    return z


@njit(cache=True)
def _position_hash(st, hands, hand_n, stock, discard, z, w):
    """One 64-bit hash of the whole position (R26), with the words of table ``w``."""
    h = np.uint64(0)
    for seat in range(st[N_PLAYERS]):
        for i in range(hand_n[seat]):
            h ^= z[w, seat, hands[seat, i]]
    for i in range(st[STOCK_N]):
        h += z[w, 6 + i, stock[i]] * np.uint64(3)
    for i in range(st[DISCARD_N]):
        h += z[w, 58 + i, discard[i]] * np.uint64(5)
    scalars = (st[TO_MOVE], st[DIRECTION] + 1, st[ORDERED] + 1, st[PENDING], st[PRANK] + 1, st[COVER],
               st[SKIP], st[DRAWN] + 1)
    for j in range(8):
        h ^= _mix(z[w, 110 + j, 0] + np.uint64(scalars[j]))
    return h


@njit(cache=True)
def _count_position(st, hands, hand_n, stock, discard, z, table_keys, table_counts, table_round, rnd):
    """R26: count this position; return how many times it has now been seen in this round."""
    h1 = _position_hash(st, hands, hand_n, stock, discard, z, 0)
    h2 = _position_hash(st, hands, hand_n, stock, discard, z, 1)
    mask = table_counts.shape[0] - 1
    i = np.int64(h1 & np.uint64(mask))
    while True:
        if table_round[i] != rnd:  # an empty slot (left from another round)
            st[POSITIONS] += 1
            table_round[i] = rnd
            table_keys[i, 0] = h1
            table_keys[i, 1] = h2
            table_counts[i] = 1
            return 1
        if table_keys[i, 0] == h1 and table_keys[i, 1] == h2:
            table_counts[i] += 1
            return table_counts[i]
        i = (i + 1) & mask


