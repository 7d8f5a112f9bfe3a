"""Which moves the player to move may make in 101, on the fast path (R6, R7, R9, R12, R14-R16, R21).

The twin of ``pianitsa101.game101.legal`` (where the rules are written out): the same
moves, listed into three buffers (kind, card, suit) instead of move objects.  The order
of the list is not the engine's; the set is (the tests replay rounds through the engine).
"""

from __future__ import annotations

from numba import njit

from pianitsa101.simulate._state101 import (
    ACE,
    CHAIN_OFF,
    COVER,
    DISCARD_N,
    DRAW,
    DRAWN,
    FLUSH,
    KING,
    O_CHAIN,
    O_DRAW_ONE,
    O_FLUSH,
    O_SIX,
    O_WILD,
    ORDERED,
    PASS,
    PENDING,
    PLAY,
    PRANK,
    QUEEN,
    SIX_COVER_ANY,
    SKIP,
    TO_MOVE,
    _rank,
    _suit,
)


@njit(cache=True, inline="always")
def _fits(c, top, ordered, wild):
    """R6/R14: may card ``c`` go on ``top`` (-1: an empty table, R4) with ``ordered`` suit (-1: none)?"""
    if top < 0:
        return True
    if _rank(c) == QUEEN and (wild or ordered >= 0):
        return True  # R14: a queen goes on an ordered suit, or on anything when wild
    if ordered >= 0:
        return _suit(c) == ordered  # R14
    return _suit(c) == _suit(top) or _rank(c) == _rank(top)  # R6


@njit(cache=True)
def _playable(c, st, discard, opt, any_card):
    """R6/R14 (R9 cover_any, R4 empty table): may card ``c`` go on the discard pile now?"""
    if any_card or st[DISCARD_N] == 0:
        return True
    return _fits(c, discard[st[DISCARD_N] - 1], st[ORDERED], opt[O_WILD] != 0)


@njit(cache=True)
def _add_play(c, mk, mc, ms, k):
    if _rank(c) == QUEEN:  # R14: a queen orders one of four suits: four moves
        for s in range(4):
            mk[k], mc[k], ms[k] = PLAY, c, s
            k += 1
        return k
    mk[k], mc[k], ms[k] = PLAY, c, -1
    return k + 1


@njit(cache=True)
def legal_moves(st, hands, hand_n, discard, opt, mk, mc, ms):
    """Fill the move buffers with every legal move (legal.py's order is not kept); return how many."""
    seat = st[TO_MOVE]
    hn = hand_n[seat]
    k = 0
    if st[PENDING] > 0:  # R15/R16: pass the penalty on, or take it
        if not (st[PRANK] == KING or opt[O_CHAIN] == CHAIN_OFF):
            for i in range(hn):
                if _rank(hands[seat, i]) == st[PRANK]:
                    k = _add_play(hands[seat, i], mk, mc, ms, k)
        mk[k], mc[k], ms[k] = DRAW, -1, -1
        return k + 1
    if st[SKIP]:  # R12: answer with an ace, or lose the turn
        for i in range(hn):
            if _rank(hands[seat, i]) == ACE:
                k = _add_play(hands[seat, i], mk, mc, ms, k)
        mk[k], mc[k], ms[k] = PASS, -1, -1
        return k + 1
    if st[DRAWN] >= 0:  # R7/R9: only the card just drawn (draw="one": or pass)
        k = _add_play(st[DRAWN], mk, mc, ms, k)
        if opt[O_DRAW_ONE] and not st[COVER]:
            mk[k], mc[k], ms[k] = PASS, -1, -1
            k += 1
        return k
    any_card = st[COVER] and opt[O_SIX] == SIX_COVER_ANY
    # the table read once, not once per card (R6/R14 in _fits; -1 for an empty table or cover_any)
    top = -1 if any_card or st[DISCARD_N] == 0 else discard[st[DISCARD_N] - 1]
    ordered, wild = st[ORDERED], opt[O_WILD] != 0
    queens = 0
    for i in range(hn):
        c = hands[seat, i]
        if _rank(c) == QUEEN:
            queens += 1
        if _fits(c, top, ordered, wild):
            k = _add_play(c, mk, mc, ms, k)
    if k == 0:
        mk[0], mc[0], ms[0] = DRAW, -1, -1  # R7 (R9: draw until the 6 can be covered)
        return 1
    if opt[O_FLUSH] and hn >= 2 and queens == hn:  # R21
        for s in range(4):
            mk[k], mc[k], ms[k] = FLUSH, -1, s
            k += 1
    return k
