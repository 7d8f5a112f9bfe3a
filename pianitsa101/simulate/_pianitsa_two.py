"""The common case on the fast path, two players, with the stacks in scalars (same rules, P5-P13).

With two players P10 never applies (both are in every dispute) and P12's draw happens
only when both stacks run out in a dispute.  ``_play_two`` must give exactly what
``_pianitsa_game._play_game`` gives; the tests compare both with the reference engine.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pianitsa101.simulate._pianitsa_game import (
    ACE,
    CYCLE,
    DRAW,
    FINISHED,
    LIMIT,
    MASK,
    NOT_LEFT,
    RANDOM,
    TABLE,
    WINNER_FIRST,
    _first_repeat,
)
from pianitsa101.simulate._rng import _next, _shuffle


@njit(cache=True, inline="always")
def _beats2(a, b, low_beats_ace, low):
    """P6 for two different ranks: 0 if ``a`` wins, 1 if ``b`` wins."""
    if low_beats_ace:
        if a == low and b == ACE:  # P5
            return 0
        if b == low and a == ACE:
            return 1
    return 0 if a > b else 1


@njit(cache=True)
def _play_two(init, init_ln, face_down, gather, low_beats_ace, low, max_tricks, limit_first, rng,
              left, sc_u8, sc_i64, sc_bool):
    """``_play_game`` for two players: the same rules with the stacks in scalars (the common case).

    With two players P10 never applies (both players are in every dispute) and
    P12's draw happens only when both stacks are empty.
    """
    buf, cbuf = sc_u8[0], sc_u8[1]
    tseat = sc_i64[7]
    trank = sc_u8[3, 0]
    h0 = 0
    h1 = 0
    l0 = init_ln[0]
    l1 = init_ln[1]
    buf[0, :l0] = init[0, :l0]
    buf[1, :l1] = init[1, :l1]
    left[0] = NOT_LEFT if l0 > 0 else 0
    left[1] = NOT_LEFT if l1 > 0 else 0
    deterministic = gather != RANDOM
    cap = 3 * max_tricks + 4 if deterministic else max_tricks
    tricks = 0
    disputes = 0
    disputes_at_max = 0
    power = 1
    lam = 1
    ch0 = 0
    ch1 = 0
    cl0 = l0
    cl1 = l1
    if deterministic:
        cbuf[:, :] = buf
    outcome = LIMIT
    while True:
        if l0 == 0 or l1 == 0:
            outcome = FINISHED
            break
        if tricks >= cap:
            break
        a = buf[0, h0]
        h0 = (h0 + 1) & MASK
        l0 -= 1
        b = buf[1, h1]
        h1 = (h1 + 1) & MASK
        l1 -= 1
        tricks += 1
        if a != b:
            w = _beats2(a, b, low_beats_ace, low)
            if gather == TABLE:
                order_ab = True
            elif gather == WINNER_FIRST:
                order_ab = w == 0
            else:
                order_ab = (_next(rng) >> np.uint64(63)) == 1
            if order_ab:
                first, second = a, b
            else:
                first, second = b, a
            if w == 0:
                buf[0, (h0 + l0) & MASK] = first
                buf[0, (h0 + l0 + 1) & MASK] = second
                l0 += 2
            else:
                buf[1, (h1 + l1) & MASK] = first
                buf[1, (h1 + l1 + 1) & MASK] = second
                l1 += 2
        else:
            # P8 dispute between the two (P12 when a stack runs out).
            tseat[0] = 0
            trank[0] = a
            tseat[1] = 1
            trank[1] = b
            nt = 2
            w = -1
            while True:
                disputes += 1
                put0 = l0 > 0
                put1 = l1 > 0
                if put0:
                    for _ in range(min(face_down, l0 - 1) + 1):
                        a = buf[0, h0]
                        h0 = (h0 + 1) & MASK
                        l0 -= 1
                        tseat[nt] = 0
                        trank[nt] = a
                        nt += 1
                if put1:
                    for _ in range(min(face_down, l1 - 1) + 1):
                        b = buf[1, h1]
                        h1 = (h1 + 1) & MASK
                        l1 -= 1
                        tseat[nt] = 1
                        trank[nt] = b
                        nt += 1
                if put0 and put1:
                    if a != b:
                        w = _beats2(a, b, low_beats_ace, low)
                        break
                elif put0:
                    w = 0
                    break
                elif put1:
                    w = 1
                    break
                else:
                    break  # P12: nobody holds a card: a draw
            if w < 0:
                left[0] = tricks
                left[1] = tricks
                outcome = DRAW
                break
            if gather == RANDOM:
                _shuffle(trank, nt, rng)
            hw = h0 if w == 0 else h1
            lw = l0 if w == 0 else l1
            if gather == WINNER_FIRST:
                for i in range(nt):
                    if tseat[i] == w:
                        buf[w, (hw + lw) & MASK] = trank[i]
                        lw += 1
                for i in range(nt):
                    if tseat[i] != w:
                        buf[w, (hw + lw) & MASK] = trank[i]
                        lw += 1
            else:
                for i in range(nt):
                    buf[w, (hw + lw) & MASK] = trank[i]
                    lw += 1
            if w == 0:
                l0 = lw
            else:
                l1 = lw
        if tricks == max_tricks:
            disputes_at_max = disputes
        if l0 == 0:
            left[0] = tricks
        if l1 == 0:
            left[1] = tricks
        if deterministic:
            # P13 by Brent's algorithm (see _play_game).
            if l0 == cl0 and l1 == cl1:
                same = True
                for i in range(l0):
                    if buf[0, (h0 + i) & MASK] != cbuf[0, (ch0 + i) & MASK]:
                        same = False
                        break
                if same:
                    for i in range(l1):
                        if buf[1, (h1 + i) & MASK] != cbuf[1, (ch1 + i) & MASK]:
                            same = False
                            break
                if same:
                    outcome = CYCLE
                    break
            if power == lam:
                cbuf[:, :] = buf
                ch0, ch1, cl0, cl1 = h0, h1, l0, l1
                power *= 2
                lam = 0
            lam += 1
    if outcome == CYCLE:
        tricks, disputes = _first_repeat(init, init_ln, 2, lam, face_down, gather, False, low_beats_ace,
                                         low, rng, sc_u8, sc_i64, sc_bool)
        if tricks > max_tricks or (tricks == max_tricks and limit_first):
            outcome = LIMIT
    if outcome == LIMIT or tricks > max_tricks:
        outcome = LIMIT
        tricks = max_tricks
        disputes = disputes_at_max
    for s in range(2):
        if left[s] > tricks:
            left[s] = NOT_LEFT
    return outcome, tricks, disputes
