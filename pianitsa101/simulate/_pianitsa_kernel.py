"""The compiled Пьяница kernel: whole games on small integers, many games per call.

This is the fast twin of ``pianitsa101.pianitsa``: the same rules P5-P13, written
for speed with numba.  A card is its rank (2..14, suits never matter in Пьяница), a
player's stack is a circular buffer (``buf[seat, (head + i) & MASK]`` is the card
``i`` places from the top), and a game is played to its end without leaving
compiled code.  The rules are written out and tested in the reference engine;
this module only repeats them (with their ids) where it implements them.

Cycle detection (P13) uses Brent's algorithm instead of a set of every position:
the current position is compared with one saved position (moved forward at powers
of two), which finds the cycle length ``lam`` exactly, then a replay from the deal
finds the first repeated position ``mu + lam``.  Only games that cycle pay for the
replay; every comparison is exact (no hashing).

Randomness (random deals, ``gather="random"``) comes from a SplitMix64 stream per
game, seeded from the run's key and the game's number, so a game's result does not
depend on how games are split between threads or calls.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

MASK = 63  # stacks are circular buffers of 64 slots: enough for the 52-card deck
SLOTS = MASK + 1
ACE = 14

# Outcome codes; the public strings are in OUTCOMES, indexed by code.
FINISHED, CYCLE, LIMIT, DRAW = 0, 1, 2, 3
OUTCOMES = ("finished", "cycle", "limit", "draw")
# Gather orders (P9).
WINNER_FIRST, TABLE, RANDOM = 0, 1, 2
NOT_LEFT = -1  # left[seat] while the seat still holds cards

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_LOW32 = np.uint64(0xFFFFFFFF)
_TWO32 = np.uint64(0x100000000)


# --- random numbers: SplitMix64, one stream per game ---------------------------------------------


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


@njit(cache=True)
def _new_scratch(n, ncards):
    sc_u8 = np.zeros((4, n, SLOTS), dtype=np.uint8)
    sc_i64 = np.zeros((8, max(n, ncards + 8)), dtype=np.int64)
    sc_bool = np.zeros((2, n), dtype=np.bool_)
    return sc_u8, sc_i64, sc_bool


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
