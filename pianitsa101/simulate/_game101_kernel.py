"""Rounds of 101 between random bots in compiled code (numba): the rules R2-R21, R26 of the engine.

This is the fast twin of ``pianitsa101.game101.Round101`` for Monte Carlo runs: the same
rules (the prose is in ``game101/turns.py`` and ``legal.py``), on small integers.  A card is
its index 0..51 (suit = index // 13, rank = index % 13 + 2); hands are unordered arrays,
the stock and the discard pile arrays with their top at the end.  A bot picks uniformly
among the legal moves, as ``RandomAgent`` does (with another generator, so the same seed
does not give the same round as the engine; the tests replay fast-path rounds move by
move through ``Round101`` to show the rules are the same).

R26 positions are counted in ``_state101`` (a 128-bit hash per position).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from pianitsa101.simulate._legal101 import _fits, legal_moves
from pianitsa101.simulate._rng import _below, _seed_game, _shuffle
from pianitsa101.simulate._state101 import (
    ABANDONED,
    ACE,
    BONUS,
    CHAIN_DOUBLE,
    COVER,
    DIRECTION,
    DISCARD_N,
    DRAW,
    DRAWN,
    MAX_MOVES,
    N_PLAYERS,
    O_ACE_ANSWER,
    O_BONUS,
    O_CHAIN,
    O_DRAW_ONE,
    O_LAST,
    O_SHUFFLE,
    O_SIX,
    O_STARTER,
    O_WILD,
    ORDERED,
    OVER,
    PASS,
    PENDING,
    PLAY,
    POSITIONS,
    PRANK,
    QUEEN,
    SIX,
    SIX_COVER_ANY,
    SKIP,
    ST_SIZE,
    STOCK_N,
    TEN,
    TO_MOVE,
    WINNER,
    _count_position,
    _rank,
    _suit,
    _zobrist,
)

# --- transitions (turns.py) ----------------------------------------------------------------------


@njit(cache=True, inline="always")
def _next_seat(st, seat):
    return (seat + st[DIRECTION]) % st[N_PLAYERS]  # R5/R13 (R11 follows for two players)


@njit(cache=True)
def _win(st, seat, bonus):
    """R18: ``seat`` has no cards left and wins; ``bonus`` is R20/R21's (0 or negative)."""
    st[OVER] = 1
    st[WINNER] = seat
    st[BONUS] = bonus
    st[TO_MOVE] = -1
    st[DRAWN] = -1


@njit(cache=True, inline="always")
def _queen_bonus(c):
    if _rank(c) != QUEEN:
        return 0
    return -40 if _suit(c) == 0 else -20  # R20: -40 for the queen of spades


@njit(cache=True)
def _recycle(st, stock, discard, opt, rng):
    """R8: all but the top of the discard pile becomes the stock (flipped, or shuffled)."""
    rest = st[DISCARD_N] - 1
    for i in range(rest):
        stock[i] = discard[rest - 1 - i]  # flip: the bottom card becomes the top (the end)
    if opt[O_SHUFFLE]:
        _shuffle(stock, rest, rng)
    discard[0] = discard[rest]
    st[DISCARD_N] = 1
    st[STOCK_N] = rest


@njit(cache=True)
def _draw_cards(st, seat, count, stop, any_card, hands, hand_n, stock, discard, opt, rng):
    """Draw ``count`` cards (0: no limit), stopping at a playable one if ``stop``; return it or -1."""
    total = 0
    # the table read once (a recycle keeps the top card): -1 when any card will do
    top = -1 if any_card or st[DISCARD_N] == 0 else discard[st[DISCARD_N] - 1]
    ordered, wild = st[ORDERED], opt[O_WILD] != 0
    while count == 0 or total < count:
        if st[STOCK_N] == 0:  # R8
            if st[DISCARD_N] < 2:
                break  # nothing left to draw
            _recycle(st, stock, discard, opt, rng)
        st[STOCK_N] -= 1
        c = stock[st[STOCK_N]]
        hands[seat, hand_n[seat]] = c
        hand_n[seat] += 1
        total += 1
        if stop and _fits(c, top, ordered, wild):
            return c
    return -1


@njit(cache=True)
def _effects(st, seat, c, passing, hands, hand_n, stock, discard, penalty, opt, rng):
    """The effect of card ``c`` just played by ``seat`` (R9-R18): who moves next, and what they owe."""
    rank = _rank(c)
    if rank == SIX and opt[O_SIX] <= SIX_COVER_ANY:  # R9: cover it now, even with no cards left
        st[COVER] = 1
        st[TO_MOVE] = seat
        return
    hand_empty = hand_n[seat] == 0
    amount = penalty[c]
    if amount > 0 and not (hand_empty and not opt[O_LAST]):  # R9 draw*, R10, R15, R16
        nxt = _next_seat(st, seat)
        if passing:  # R16
            amount = st[PENDING] * 2 if opt[O_CHAIN] == CHAIN_DOUBLE else st[PENDING] + amount
        if hand_empty:  # R18: the last card's penalty still applies, then the round is counted
            st[PENDING] = 0
            st[PRANK] = -1
            _draw_cards(st, nxt, amount, False, False, hands, hand_n, stock, discard, opt, rng)
            _win(st, seat, _queen_bonus(c))
            return
        st[PENDING] = amount
        st[PRANK] = rank
        st[TO_MOVE] = nxt
        return
    st[PENDING] = 0
    st[PRANK] = -1
    if hand_empty:  # R18
        _win(st, seat, _queen_bonus(c))
        return
    if rank == ACE:  # R12
        nxt = _next_seat(st, seat)
        has_ace = False
        for i in range(hand_n[nxt]):
            if _rank(hands[nxt, i]) == ACE:
                has_ace = True
        if opt[O_ACE_ANSWER] and has_ace:
            st[SKIP] = 1
            st[TO_MOVE] = nxt
        else:
            st[TO_MOVE] = _next_seat(st, nxt)  # skipped
        return
    if rank == TEN and st[N_PLAYERS] > 2:  # R13
        st[DIRECTION] = -st[DIRECTION]
    st[TO_MOVE] = _next_seat(st, seat)


@njit(cache=True)
def _play_card(st, c, suit, hands, hand_n, stock, discard, penalty, opt, rng):
    seat = st[TO_MOVE]
    n = hand_n[seat]
    for i in range(n):
        if hands[seat, i] == c:
            hands[seat, i] = hands[seat, n - 1]
            break
    hand_n[seat] = n - 1
    discard[st[DISCARD_N]] = c
    st[DISCARD_N] += 1
    passing = st[PENDING] > 0
    st[DRAWN] = -1
    st[COVER] = 0
    st[SKIP] = 0
    st[ORDERED] = suit if _rank(c) == QUEEN else -1  # R14
    _effects(st, seat, c, passing, hands, hand_n, stock, discard, penalty, opt, rng)


@njit(cache=True)
def _draw_move(st, hands, hand_n, stock, discard, opt, rng):
    seat = st[TO_MOVE]
    if st[PENDING] > 0:  # R17: take the penalty, then the turn passes
        _draw_cards(st, seat, st[PENDING], False, False, hands, hand_n, stock, discard, opt, rng)
        st[PENDING] = 0
        st[PRANK] = -1
        st[TO_MOVE] = _next_seat(st, seat)
        return
    if st[COVER]:  # R9: draw until the 6 can be covered, whatever the draw option
        found = _draw_cards(st, seat, 0, True, opt[O_SIX] == SIX_COVER_ANY, hands, hand_n, stock, discard,
                            opt, rng)
        if found >= 0:
            st[DRAWN] = found
            return
        st[COVER] = 0  # nothing left to draw: the 6 stays uncovered
        if hand_n[seat] == 0:
            _win(st, seat, 0)  # R18: no cards and no obligation left (the last card was the 6)
            return
    else:  # R7
        found = _draw_cards(st, seat, 1 if opt[O_DRAW_ONE] else 0, True, False, hands, hand_n, stock,
                            discard, opt, rng)
        if found >= 0:
            st[DRAWN] = found
            return
    st[TO_MOVE] = _next_seat(st, seat)


@njit(cache=True)
def _pass_move(st):
    seat = st[TO_MOVE]
    if st[SKIP]:
        st[SKIP] = 0  # R12: not answering the ace means losing the turn
    else:
        st[DRAWN] = -1  # R7 draw="one": keep the drawn card
    st[TO_MOVE] = _next_seat(st, seat)


@njit(cache=True)
def _flush_move(st, suit, hands, hand_n, discard):
    """R21: put down every queen and win; each queen counts for R20."""
    seat = st[TO_MOVE]
    bonus = 0
    for i in range(hand_n[seat]):
        discard[st[DISCARD_N]] = hands[seat, i]
        st[DISCARD_N] += 1
        bonus += _queen_bonus(hands[seat, i])
    hand_n[seat] = 0
    st[ORDERED] = suit
    st[COVER] = 0
    _win(st, seat, bonus)


# --- a round -----------------------------------------------------------------------------------------


@njit(cache=True)
def _deal(deck, n, st, hands, hand_n, stock, order, opt, rng):
    """R2-R4: pick the first player, shuffle, deal (again after four of a kind); return the starter or -1."""
    first = _below(rng, n)  # R4
    ncards = deck.shape[0]
    rounds = 5 if opt[O_STARTER] else 4
    while True:
        order[:ncards] = deck
        _shuffle(order, ncards, rng)
        hand_n[:] = 0
        starter = -1
        pos = 0
        for r in range(rounds):  # R2: one card at a time, from the first player on
            for k in range(n):
                seat = (first + k) % n
                if opt[O_STARTER] and r == 4 and seat == first:
                    starter = order[pos]
                else:
                    hands[seat, hand_n[seat]] = order[pos]
                    hand_n[seat] += 1
                pos += 1
        four = False  # R3: four cards of one rank in a hand: deal again
        for seat in range(n):
            counts = np.zeros(15, dtype=np.int64)
            for i in range(hand_n[seat]):
                counts[_rank(hands[seat, i])] += 1
            if counts.max() >= 4:
                four = True
        if not four:
            break
    rest = ncards - pos
    for i in range(rest):
        stock[i] = order[ncards - 1 - i]  # the top of the stock (the end) is the next card of the deck
    st[:] = 0
    st[N_PLAYERS] = n
    st[TO_MOVE] = first
    st[DIRECTION] = 1
    st[ORDERED] = -1
    st[PRANK] = -1
    st[DRAWN] = -1
    st[WINNER] = -1
    st[STOCK_N] = rest
    return starter


@njit(cache=True)
def play_round(deck, n, opt, penalty, points, rng, z, keys, counts, stamps, rnd, max_decisions,
               st, hands, hand_n, stock, discard, order, mk, mc, ms, log):
    """Deal and play one round between random bots; return the decisions made.

    When ``log`` has rows, row ``i`` records decision ``i`` as (kind, card, suit, legal moves).
    Returns -1 when the R26 table is half full: the caller plays the round again (same
    random stream, so the same round) with a table twice as large.
    """
    starter = _deal(deck, n, st, hands, hand_n, stock, order, opt, rng)
    st[DISCARD_N] = 0
    if starter >= 0:  # R2 five_and_starter: the dealer's turned-up card is his first move
        discard[0] = starter
        st[DISCARD_N] = 1
        if _rank(starter) == QUEEN:
            st[ORDERED] = _suit(starter)  # a queen turned up orders its own suit
        _effects(st, st[TO_MOVE], starter, False, hands, hand_n, stock, discard, penalty, opt, rng)
    _count_position(st, hands, hand_n, stock, discard, z, keys, counts, stamps, rnd)
    decisions = 0
    while not st[OVER]:
        if decisions >= max_decisions:
            break
        k = legal_moves(st, hands, hand_n, discard, opt, mk, mc, ms)
        i = _below(rng, k)  # a random bot: every legal move equally likely
        if decisions < log.shape[0]:
            log[decisions, 0] = mk[i]
            log[decisions, 1] = mc[i]
            log[decisions, 2] = ms[i]
            log[decisions, 3] = k
        kind = mk[i]
        if kind == PLAY:
            _play_card(st, mc[i], ms[i], hands, hand_n, stock, discard, penalty, opt, rng)
        elif kind == DRAW:
            _draw_move(st, hands, hand_n, stock, discard, opt, rng)
        elif kind == PASS:
            _pass_move(st)
        else:
            _flush_move(st, ms[i], hands, hand_n, discard)
        decisions += 1
        if not st[OVER]:
            if 2 * st[POSITIONS] >= counts.shape[0]:
                return -1
            seen = _count_position(st, hands, hand_n, stock, discard, z, keys, counts, stamps, rnd)
            if seen >= 3:  # R26: the third time: abandoned, nobody scores
                st[OVER] = 1
                st[ABANDONED] = 1
                st[TO_MOVE] = -1
    return decisions


@njit(cache=True)
def _round_points(st, hands, hand_n, points, opt, out):
    """R19/R20 (R26: an abandoned round scores nothing)."""
    for seat in range(st[N_PLAYERS]):
        total = 0
        if st[OVER] and not st[ABANDONED]:
            if seat == st[WINNER]:
                total = st[BONUS] if opt[O_BONUS] else 0
            else:
                for i in range(hand_n[seat]):
                    total += points[_rank(hands[seat, i])]
        out[seat] = total


BLOCK = 256  # rounds per parallel work item


TABLE_BITS = 12  # the R26 position table starts with 4,096 slots and doubles when a round needs it


@njit(cache=True)
def _rounds_block(deck, n, opt, penalty, points, key0, key1, start, lo, hi, max_decisions, z,
                  winner, abandoned, decisions, scores):
    size = 1 << TABLE_BITS
    keys = np.zeros((size, 2), dtype=np.uint64)
    counts = np.zeros(size, dtype=np.int64)
    stamps = np.full(size, -1, dtype=np.int64)
    st = np.zeros(ST_SIZE, dtype=np.int64)
    hands = np.zeros((n, 52), dtype=np.int64)
    hand_n = np.zeros(n, dtype=np.int64)
    stock = np.zeros(52, dtype=np.int64)
    discard = np.zeros(52, dtype=np.int64)
    order = np.zeros(52, dtype=np.int64)
    mk = np.zeros(MAX_MOVES, dtype=np.int64)
    mc = np.zeros(MAX_MOVES, dtype=np.int64)
    ms = np.zeros(MAX_MOVES, dtype=np.int64)
    log = np.zeros((0, 4), dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    for g in range(lo, hi):
        while True:
            _seed_game(rng, key0, key1, start + g)
            d = play_round(deck, n, opt, penalty, points, rng, z, keys, counts, stamps, g, max_decisions,
                           st, hands, hand_n, stock, discard, order, mk, mc, ms, log)
            if d >= 0:
                break
            size *= 2  # a long round: a larger R26 table, and the same round again
            keys = np.zeros((size, 2), dtype=np.uint64)
            counts = np.zeros(size, dtype=np.int64)
            stamps = np.full(size, -1, dtype=np.int64)
        decisions[g] = d
        winner[g] = st[WINNER] if st[OVER] and not st[ABANDONED] else -1
        abandoned[g] = 1 if st[ABANDONED] else (2 if not st[OVER] else 0)
        _round_points(st, hands, hand_n, points, opt, scores[g])


@njit(cache=True, parallel=True)
def play_rounds(deck, n, opt, penalty, points, key0, key1, start, count, max_decisions,
                winner, abandoned, decisions, scores):
    """Rounds ``start .. start+count-1`` of a seeded run between random bots, in parallel blocks."""
    z = _zobrist(key0, key1)
    for b in prange((count + BLOCK - 1) // BLOCK):
        _rounds_block(deck, n, opt, penalty, points, key0, key1, start, b * BLOCK,
                      min(count, (b + 1) * BLOCK), max_decisions, z, winner, abandoned, decisions, scores)
