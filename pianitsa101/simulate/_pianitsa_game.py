"""Пьяница on small integers for the compiled fast path: stacks, one trick, one game (P5-P13).

This is the fast twin of the reference engine ``pianitsa101.pianitsa``: the same rules,
written for numba.  A card is its rank (2..14; suits never matter in Пьяница), a player's
stack is a circular buffer (``buf[seat, (head[seat] + i) & MASK]`` is the card ``i`` places
from the top, ``ln[seat]`` cards in all), and a game is played to its end without leaving
compiled code.  The rules are written out in prose in the reference engine's modules;
here each is marked by its id where it is carried out:

- P5/P6 in ``_resolve``; P7-P10 and P12 in ``_trick``; P9 at the end of ``_trick``;
- P11, P12's draw and P13 in ``_play_game`` (and in ``_two_players._play_two``).

P13 (the first repeated position ends the game) uses Brent's algorithm instead of a set
of every position: after each trick the position is compared with one saved position,
saved anew when the count reaches a power of two.  That finds the cycle length ``lam``
exactly; ``_first_repeat`` then replays the deal with two copies ``lam`` tricks apart to
find the first repeated position.  Every comparison is exact (no hashing), and only games
that cycle pay for the replay.  The engine's order of checks after a trick is kept: draw,
finished, limit (``max_tricks``), cycle.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pianitsa101.simulate._rng import _shuffle

MASK = 63  # stacks are circular buffers of 64 slots: enough for the 52-card deck
SLOTS = MASK + 1
ACE = 14

# Outcome codes; the public strings are in OUTCOMES, indexed by code.
FINISHED, CYCLE, LIMIT, DRAW = 0, 1, 2, 3
OUTCOMES = ("finished", "cycle", "limit", "draw")
# Gather orders (P9).
WINNER_FIRST, TABLE, RANDOM = 0, 1, 2
NOT_LEFT = -1  # left[seat] while the seat still holds cards


# --- stacks ---------------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _pop(buf, head, ln, s):
    r = buf[s, head[s]]
    head[s] = (head[s] + 1) & MASK
    ln[s] -= 1
    return r


@njit(cache=True, inline="always")
def _push(buf, head, ln, s, r):
    buf[s, (head[s] + ln[s]) & MASK] = r
    ln[s] += 1


@njit(cache=True, inline="always")
def _same_position(buf, head, ln, buf2, head2, ln2, n):
    """P13: the same ranks in every stack, in order."""
    for s in range(n):
        if ln[s] != ln2[s]:
            return False
    for s in range(n):
        h, h2 = head[s], head2[s]
        for i in range(ln[s]):
            if buf[s, (h + i) & MASK] != buf2[s, (h2 + i) & MASK]:
                return False
    return True


@njit(cache=True, inline="always")
def _copy_position(buf, head, ln, buf2, head2, ln2):
    buf2[:, :] = buf
    head2[:] = head
    ln2[:] = ln


# --- one trick -----------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _resolve(last, cur, n, low_beats_ace, low):
    """P6: keep in ``cur`` only the seats whose face-up card wins; return (how many, first seat)."""
    has_low = False
    has_ace = False
    for s in range(n):
        if cur[s]:
            r = last[s]
            if r == low:
                has_low = True
            elif r == ACE:
                has_ace = True
    knock_aces = low_beats_ace and has_low and has_ace  # P5: the lowest rank beats the ace
    best = 0
    for s in range(n):
        if cur[s]:
            r = last[s]
            if r > best and not (knock_aces and r == ACE):
                best = r
    count = 0
    first = -1
    for s in range(n):
        if cur[s]:
            if last[s] == best:
                count += 1
                if first < 0:
                    first = s
            else:
                cur[s] = False
    return count, first


@njit(cache=True)
def _trick(buf, head, ln, n, face_down, gather, second_disputes, low_beats_ace, low,
           last, cur, took, tseat, trank, rng):
    """Play one trick; return (taker or -1 for the P12 draw, dispute rounds)."""
    nt = 0
    # P7: everyone still in the game puts the top card face up.
    for s in range(n):
        took[s] = False
        if ln[s] > 0:
            r = _pop(buf, head, ln, s)
            tseat[nt] = s
            trank[nt] = r
            nt += 1
            last[s] = r
            cur[s] = True
        else:
            cur[s] = False
            last[s] = 0
    count, winner = _resolve(last, cur, n, low_beats_ace, low)
    disputes = 0
    while count >= 2:
        # P8: the tied players each put `face_down` stakes, then one card face up.
        disputes += 1
        nput = 0
        for s in range(n):
            if cur[s]:
                took[s] = True
                if ln[s] == 0:
                    cur[s] = False  # P12: no card to put, stops taking part
                    continue
                k = min(face_down, ln[s] - 1)  # P12: short of stakes, the last card goes face up
                for _ in range(k + 1):
                    r = _pop(buf, head, ln, s)
                    tseat[nt] = s
                    trank[nt] = r
                    nt += 1
                last[s] = r
                nput += 1
                winner = s
        if nput == 0:
            # P12: nobody could put a card: the lowest seat still holding cards takes the trick.
            winner = -1
            for s in range(n):
                if ln[s] > 0:
                    winner = s
                    break
            break
        if nput == 1:
            count = 1  # P12: the only player who put a card wins the dispute
        else:
            count, winner = _resolve(last, cur, n, low_beats_ace, low)
        if count == 1 and second_disputes:
            # P10: players not yet in the dispute whose last card matches the winning card join.
            for s in range(n):
                if not took[s] and last[s] == last[winner] and s != winner:
                    cur[s] = True
                    count += 1
    if winner < 0:
        return -1, disputes  # P12 draw: nobody holds cards
    # P9: the taker puts the table cards under their stack.
    if gather == WINNER_FIRST:
        for i in range(nt):
            if tseat[i] == winner:
                _push(buf, head, ln, winner, trank[i])
        for i in range(nt):
            if tseat[i] != winner:
                _push(buf, head, ln, winner, trank[i])
    else:
        if gather == RANDOM:
            _shuffle(trank, nt, rng)
        for i in range(nt):
            _push(buf, head, ln, winner, trank[i])
    return winner, disputes


# --- one game ------------------------------------------------------------------------------------


@njit(cache=True)
def _first_repeat(init, init_ln, n, lam, face_down, gather, second_disputes, low_beats_ace, low, rng,
                  sc_u8, sc_i64, sc_bool):
    """P13: replay a game whose cycle is ``lam`` tricks long; return (first repeat, disputes until it).

    Two copies play from the deal, one ``lam`` tricks ahead; the first time they
    agree is the first position seen twice.
    """
    buf, buf2 = sc_u8[0], sc_u8[2]
    head, ln, head2, ln2, last = sc_i64[0], sc_i64[1], sc_i64[4], sc_i64[5], sc_i64[6]
    cur, took = sc_bool[0], sc_bool[1]
    tseat = sc_i64[7]
    trank = sc_u8[3, 0]
    for s in range(n):
        head[s] = 0
        ln[s] = init_ln[s]
        buf[s, : init_ln[s]] = init[s, : init_ln[s]]
    _copy_position(buf, head, ln, buf2, head2, ln2)
    disputes = 0
    for _ in range(lam):
        _, d = _trick(buf2, head2, ln2, n, face_down, gather, second_disputes, low_beats_ace,
                      low, last, cur, took, tseat, trank, rng)
        disputes += d
    first_repeat = lam
    while not _same_position(buf, head, ln, buf2, head2, ln2, n):
        _trick(buf, head, ln, n, face_down, gather, second_disputes, low_beats_ace, low,
               last, cur, took, tseat, trank, rng)
        _, d = _trick(buf2, head2, ln2, n, face_down, gather, second_disputes, low_beats_ace,
                      low, last, cur, took, tseat, trank, rng)
        disputes += d
        first_repeat += 1
    return first_repeat, disputes


@njit(cache=True)
def _play_game(init, init_ln, n, face_down, gather, second_disputes, low_beats_ace, low,
               max_tricks, limit_first, rng, left, sc_u8, sc_i64, sc_bool):
    """Play one game from the stacks in ``init``; return (outcome, tricks, disputes), fill ``left``."""
    buf, cbuf = sc_u8[0], sc_u8[1]
    head, ln, chead, cln, last = sc_i64[0], sc_i64[1], sc_i64[2], sc_i64[3], sc_i64[6]
    cur, took = sc_bool[0], sc_bool[1]
    tseat = sc_i64[7]
    trank = sc_u8[3, 0]
    total = 0
    active = 0
    for s in range(n):
        head[s] = 0
        ln[s] = init_ln[s]
        buf[s, : init_ln[s]] = init[s, : init_ln[s]]
        total += init_ln[s]
        if ln[s] > 0:
            active += 1
            left[s] = NOT_LEFT
        else:
            left[s] = 0
    deterministic = gather != RANDOM
    cap = 3 * max_tricks + 4 if deterministic else max_tricks
    tricks = 0
    disputes = 0
    disputes_at_max = 0
    power = 1
    lam = 1
    if deterministic:
        _copy_position(buf, head, ln, cbuf, chead, cln)
    outcome = LIMIT
    while True:
        if active <= 1:
            outcome = FINISHED
            break
        if tricks >= cap:
            break
        taker, d = _trick(buf, head, ln, n, face_down, gather, second_disputes, low_beats_ace, low,
                          last, cur, took, tseat, trank, rng)
        tricks += 1
        disputes += d
        if tricks == max_tricks:
            disputes_at_max = disputes
        for s in range(n):
            if left[s] == NOT_LEFT and ln[s] == 0:
                left[s] = tricks  # P11: out of cards after a trick, leaves the game
                active -= 1
        if taker < 0:
            outcome = DRAW
            break
        if deterministic:
            # P13 by Brent's algorithm: compare with the saved position, save anew at powers of two.
            if _same_position(buf, head, ln, cbuf, chead, cln, n):
                outcome = CYCLE
                break
            if power == lam:
                _copy_position(buf, head, ln, cbuf, chead, cln)
                power *= 2
                lam = 0
            lam += 1
    if outcome == CYCLE:
        first_repeat, disputes = _first_repeat(init, init_ln, n, lam, face_down, gather, second_disputes,
                                               low_beats_ace, low, rng, sc_u8, sc_i64, sc_bool)
        tricks = first_repeat
        if first_repeat > max_tricks or (first_repeat == max_tricks and limit_first):
            outcome = LIMIT
    if outcome == LIMIT or tricks > max_tricks:
        outcome = LIMIT
        tricks = max_tricks
        disputes = disputes_at_max
    for s in range(n):
        if left[s] > tricks:
            left[s] = NOT_LEFT
    return outcome, tricks, disputes


@njit(cache=True)
def _new_scratch(n, ncards):
    sc_u8 = np.zeros((4, n, SLOTS), dtype=np.uint8)
    sc_i64 = np.zeros((8, max(n, ncards + 8)), dtype=np.int64)
    sc_bool = np.zeros((2, n), dtype=np.bool_)
    return sc_u8, sc_i64, sc_bool
