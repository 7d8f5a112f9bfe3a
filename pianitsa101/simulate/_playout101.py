"""Compiled playouts for the Monte Carlo bot of 101 (numba): deal the hidden cards, play every move out.

``MonteCarloAgent`` (``pianitsa101.strategy.montecarlo``) describes what its seat knows as
arrays (its own hand and every known card, the unknown cards in a pool, and "slot groups":
how many unknown cards each opponent and the stock hold, each group with a bit mask of the
cards it may contain, see ``strategy/knowledge.py``), and ``evaluate_moves`` does the rest:

- deal the pool into the groups uniformly over the deals consistent with what the seat has
  seen (``Belief.sample``'s exact rejection: a split by its weight, each group a uniform
  choice of the cards left that its mask allows, the last one the rest, accepted with
  chance prod C(left allowed, count) / C(allowed, count)); after ``MAX_TRIES`` proposals the
  last complete one is kept, or if none the masks are ignored, and both are counted;
- for each candidate move, play it on that deal and then play the round out with the
  playout policy, every seat alike: ``HeuristicAgent``'s rules of thumb, scored exactly as
  it scores them (``policy_move``);
- record the points of every seat (R19, R20) and the winner of each playout.

Every move is played out on the same deals with the same random numbers (common random
numbers), so the differences between moves are measured with little noise.  The round
rules are the fast path's (``_game101_kernel``, checked move by move against ``Round101``);
R26 is not tracked in a playout: one still going after ``max_decisions`` counts as
abandoned (nobody scores).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from pianitsa101.simulate._game101_kernel import (
    _deal,
    _draw_move,
    _effects,
    _flush_move,
    _pass_move,
    _play_card,
    _round_points,
)
from pianitsa101.simulate._legal101 import legal_moves
from pianitsa101.simulate._rng import _below, _next, _seed_game, _shuffle
from pianitsa101.simulate._state101 import (
    ACE,
    DIRECTION,
    DISCARD_N,
    DRAW,
    FLUSH,
    MAX_MOVES,
    N_PLAYERS,
    O_SIX,
    O_WILD,
    ORDERED,
    OVER,
    PASS,
    PLAY,
    QUEEN,
    SIX,
    SIX_COVER_ANY,
    ST_SIZE,
    STOCK_N,
    TEN,
    TO_MOVE,
    WINNER,
    _rank,
    _suit,
)

SEVEN = 7
KING_OF_SPADES = 11  # index of K♠: suit 0, rank 13
# Slots of the weights array ``w`` (HeuristicAgent's class attributes, in this order).
W_KEEP_QUEEN, W_FOLLOW_SUIT, W_SIX_COVERED, W_SIX_STUCK, W_ATTACK_NOW, W_ATTACK_SAVE, W_REVERSE, W_CLOSE = \
    range(8)
MAX_TRIES = 2_000  # proposals per deal, as knowledge.MAX_TRIES


@njit(cache=True)
def _queen_suit(st, discard, suits, queens_by_suit, seen):
    """HeuristicAgent's queen_suit: the suit the rest of the hand holds most (queens not counted).

    Ties go to the suit seen most (discard pile and hand), then to the order ♠ ♣ ♦ ♥.
    """
    for s in range(4):
        seen[s] = suits[s]
    for i in range(st[DISCARD_N]):
        seen[_suit(discard[i])] += 1
    best = 0
    for s in range(1, 4):
        held, top = suits[s] - queens_by_suit[s], suits[best] - queens_by_suit[best]
        if held > top or (held == top and seen[s] > seen[best]):
            best = s
    return best


@njit(cache=True)
def policy_move(st, hands, hand_n, discard, opt, penalty, points, w, mk, mc, ms, k, suits, seen):
    """The index of the move HeuristicAgent would choose among the ``k`` legal moves in the buffers.

    Each play is scored as ``HeuristicAgent.score`` scores it (see its text), from counts of the
    hand made once: cards per suit, queens per suit, sixes.
    """
    if k == 1:
        return 0
    seat = st[TO_MOVE]
    n = st[N_PLAYERS]
    size = hand_n[seat]
    for s in range(8):
        suits[s] = 0  # suits[0:4] cards per suit, suits[4:8] queens per suit
    sixes = 0
    for i in range(size):
        c = hands[seat, i]
        suits[_suit(c)] += 1
        if _rank(c) == QUEEN:
            suits[4 + _suit(c)] += 1
        elif _rank(c) == SIX:
            sixes += 1
    queens = suits[4] + suits[5] + suits[6] + suits[7]
    # everything the scores read, read once
    follow_w, keep_queen, close, reverse = w[W_FOLLOW_SUIT], w[W_KEEP_QUEEN], w[W_CLOSE], w[W_REVERSE]
    six_mode, wild = opt[O_SIX], opt[O_WILD] != 0
    ahead = hand_n[(seat + st[DIRECTION]) % n]
    behind = hand_n[(seat - st[DIRECTION]) % n]
    wanted = -1  # the suit a queen orders, worked out when first needed
    best, best_score, draw, passing = -1, np.int64(-1 << 40), -1, -1
    for i in range(k):
        kind = mk[i]
        if kind == FLUSH:  # R21: put the queens down at once, ordering the suit most seen
            if wanted < 0:
                wanted = _queen_suit(st, discard, suits, suits[4:], seen)
            if ms[i] == wanted:
                return i
            if best < 0 or mk[best] != FLUSH:
                best, best_score = i, np.int64(1 << 40)
            continue
        if kind == DRAW:
            draw = i
            continue
        if kind == PASS:
            passing = i
            continue
        c = mc[i]
        rank, suit = _rank(c), _suit(c)
        follow = suit
        if rank == QUEEN:
            if wanted < 0:
                wanted = _queen_suit(st, discard, suits, suits[4:], seen)
            if ms[i] != wanted:
                continue
            follow = wanted
        score = points[rank] + follow_w * (suits[follow] - (1 if suit == follow else 0))
        if rank == QUEEN and size - queens > 0:  # keep queens for the end
            score -= keep_queen
        if rank == SIX and six_mode <= SIX_COVER_ANY:  # R9: a 6 must be covered at once
            if six_mode == SIX_COVER_ANY:
                covers = size > 1
            else:
                covers = suits[suit] > 1 or sixes > 1 or (queens > 0 and wild)
            score += w[W_SIX_COVERED] if covers else -w[W_SIX_STUCK]
        attacker = rank in (SEVEN, ACE)
        if attacker or c == KING_OF_SPADES or (rank == SIX and six_mode > SIX_COVER_ANY):
            if ahead <= close:
                score += w[W_ATTACK_NOW]
            elif attacker and size - 1 > close:
                score -= w[W_ATTACK_SAVE]
        if rank == TEN and n >= 3:  # R13: turn the play away from a player close to going out
            if ahead <= close < behind:
                score += reverse
            elif behind <= close < ahead:
                score -= reverse
        if score > best_score:
            best, best_score = i, score
    if best >= 0:
        return best
    if draw >= 0:
        return draw
    if passing >= 0:
        return passing
    return 0


@njit(cache=True)
def _apply(kind, card, suit, st, hands, hand_n, stock, discard, penalty, opt, rng):
    if kind == PLAY:
        _play_card(st, card, suit, hands, hand_n, stock, discard, penalty, opt, rng)
    elif kind == DRAW:
        _draw_move(st, hands, hand_n, stock, discard, opt, rng)
    elif kind == PASS:
        _pass_move(st)
    else:
        _flush_move(st, suit, hands, hand_n, discard)


@njit(cache=True, inline="always")
def _uniform(rng):
    """A uniform float in [0, 1)."""
    return np.float64(_next(rng) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def _deal_hidden(pool, split_counts, split_cum, group_mask, group_order, group_size, group_start, work,
                 assigned, spare, rng):
    """Deal the pool into the slot groups, uniformly (see the module text): (split, status, proposals).

    status 0: uniform; 1: the last complete proposal, after MAX_TRIES; 2: the masks ignored.
    ``group_start`` is filled for the split chosen.
    """
    p = pool.shape[0]
    groups = group_order.shape[0]
    splits = split_counts.shape[0]
    cand = np.empty(max(p, 1), dtype=np.int64)
    last = group_order[groups - 1] if groups else -1
    kept = -1
    for attempt in range(MAX_TRIES):
        s = 0
        if splits > 1:
            r = _uniform(rng) * split_cum[splits - 1]
            while s < splits - 1 and split_cum[s] <= r:
                s += 1
        group_start[0] = 0
        for g in range(groups):
            group_start[g + 1] = group_start[g] + split_counts[s, g]
        work[:p] = pool
        rn = p  # the cards left: work[:rn]
        ok = True
        accept = 1.0
        for j in range(groups):
            g = group_order[j]
            need = split_counts[s, g]
            mask = group_mask[g]
            k = 0
            for i in range(rn):
                if (mask >> np.uint64(work[i])) & np.uint64(1):
                    cand[k] = i
                    k += 1
            if k < need or (g == last and k != rn):
                ok = False
                break
            at = group_start[g]
            for t in range(need):  # a uniform choice of `need` of them, in a uniform order
                r = t + _below(rng, k - t)
                cand[t], cand[r] = cand[r], cand[t]
                assigned[at + t] = work[cand[t]]
            if g != last:
                for t in range(need):
                    accept *= (k - t) / (group_size[g] - t)
                for t in range(need):
                    work[cand[t]] = -1
                kept_n = 0
                for i in range(rn):
                    if work[i] >= 0:
                        work[kept_n] = work[i]
                        kept_n += 1
                rn = kept_n
        if not ok:
            continue
        if accept >= 1.0 or _uniform(rng) < accept:
            return s, 0, attempt + 1
        kept = s
        spare[:p] = assigned[:p]
    if kept >= 0:  # the last complete proposal, consistent but not uniform
        group_start[0] = 0
        for g in range(groups):
            group_start[g + 1] = group_start[g] + split_counts[kept, g]
        assigned[:p] = spare[:p]
        return kept, 1, MAX_TRIES
    s = 0  # ignore the masks: the pool in a shuffled order, by the first split's counts
    group_start[0] = 0
    for g in range(groups):
        group_start[g + 1] = group_start[g] + split_counts[s, g]
    work[:p] = pool
    _shuffle(work, p, rng)
    assigned[:p] = work[:p]
    return s, 2, MAX_TRIES


@njit(cache=True)
def evaluate_moves(opt, penalty, points, w, st0, hands0, hand_n0, discard0, stock_layout,
                   group_seat, split_counts, split_cum, group_mask, group_order, group_size, pool,
                   mk0, mc0, ms0, key0, key1, first, dets, steps_budget, max_decisions,
                   out_points, out_winner, tally):
    """Play each move (mk0, mc0, ms0) out on up to ``dets`` deals of the hidden cards; fill the outputs.

    ``out_points[d, m, seat]``: the points of ``seat`` after move ``m`` on deal ``first + d``;
    ``out_winner[d, m]``: the winner, or -1 for a playout abandoned at ``max_decisions``.
    With ``steps_budget`` > 0, no new deal is started once the playouts have made that many
    moves in all, each proposal of the deal sampler counted as a move (at least two deals are
    played): a position whose consistent deals are rare (one in 350 proposals accepted, late
    in a round with long draw histories) then plays fewer deals instead of taking 0.3 s.
    Returns the deals played; ``tally`` gets the proposals, the fallbacks and the relaxed deals
    added (see ``_deal_hidden``).
    """
    n = st0[N_PLAYERS]
    moves = mk0.shape[0]
    groups = group_mask.shape[0]
    group_start = np.zeros(groups + 1, dtype=np.int64)
    assigned = np.zeros(max(pool.shape[0], 1), dtype=np.int64)
    spare = np.zeros(max(pool.shape[0], 1), dtype=np.int64)
    work = np.zeros(max(pool.shape[0], 1), dtype=np.int64)
    taken = np.zeros(groups, dtype=np.int64)
    deal_st = np.zeros(ST_SIZE, dtype=np.int64)
    deal_hands = np.zeros((n, 52), dtype=np.int64)
    deal_n = np.zeros(n, dtype=np.int64)
    deal_stock = np.zeros(52, dtype=np.int64)
    st = np.zeros(ST_SIZE, dtype=np.int64)
    hands = np.zeros((n, 52), dtype=np.int64)
    hand_n = np.zeros(n, dtype=np.int64)
    stock = np.zeros(52, dtype=np.int64)
    discard = np.zeros(52, dtype=np.int64)
    mk = np.zeros(MAX_MOVES, dtype=np.int64)
    mc = np.zeros(MAX_MOVES, dtype=np.int64)
    ms = np.zeros(MAX_MOVES, dtype=np.int64)
    suits = np.zeros(8, dtype=np.int64)
    seen = np.zeros(4, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    play_rng = np.zeros(1, dtype=np.uint64)
    scores = np.zeros(n, dtype=np.int64)
    done = 0
    total_steps = 0
    for d in range(dets):
        if steps_budget > 0 and d >= 2 and total_steps >= steps_budget:
            break
        done += 1
        _seed_game(rng, key0, key1, first + d)
        split, status, tries = _deal_hidden(pool, split_counts, split_cum, group_mask, group_order,
                                            group_size, group_start, work, assigned, spare, rng)
        tally[0] += tries
        total_steps += tries  # a proposed deal costs about what a simulated move does (see the docstring)
        if status == 1:
            tally[1] += 1
        elif status == 2:
            tally[2] += 1
        # The deal: known cards, then each group's cards in its seat's hand or in the stock.
        deal_st[:] = st0
        deal_n[:] = hand_n0
        deal_hands[:, :] = hands0
        taken[:] = 0
        for g in range(groups):
            seat = group_seat[g]
            if seat >= 0:
                for t in range(split_counts[split, g]):
                    deal_hands[seat, deal_n[seat]] = assigned[group_start[g] + t]
                    deal_n[seat] += 1
        for i in range(deal_st[STOCK_N]):
            e = stock_layout[i]
            if e >= 0:
                deal_stock[i] = e
            else:
                g = -e - 1
                deal_stock[i] = assigned[group_start[g] + taken[g]]
                taken[g] += 1
        play_rng[0] = rng[0]
        for m in range(moves):
            st[:] = deal_st
            hand_n[:] = deal_n
            hands[:, :] = deal_hands
            stock[:] = deal_stock
            discard[:] = discard0
            rng[0] = play_rng[0]  # the same random numbers for every move
            _apply(mk0[m], mc0[m], ms0[m], st, hands, hand_n, stock, discard, penalty, opt, rng)
            steps = 0
            while not st[OVER] and steps < max_decisions:
                k = legal_moves(st, hands, hand_n, discard, opt, mk, mc, ms)
                i = policy_move(st, hands, hand_n, discard, opt, penalty, points, w, mk, mc, ms, k, suits,
                                seen)
                _apply(mk[i], mc[i], ms[i], st, hands, hand_n, stock, discard, penalty, opt, rng)
                steps += 1
            total_steps += steps + 1
            if st[OVER]:
                _round_points(st, hands, hand_n, points, opt, scores)
                out_winner[d, m] = st[WINNER]
                for s in range(n):
                    out_points[d, m, s] = scores[s]
            else:
                out_winner[d, m] = -1
                for s in range(n):
                    out_points[d, m, s] = 0
    return done


@njit(cache=True)
def self_play(deck, n, opt, penalty, points, w, key0, key1, rounds, max_decisions, out_points, out_winner,
              out_first):
    """Deal and play ``rounds`` rounds with the playout policy in every seat (for ``RoundModel``).

    ``out_first[r]`` is the first player (R4, at random), ``out_winner[r]`` the winner or -1
    (cut at ``max_decisions``), ``out_points[r]`` the points (R19, R20).
    """
    st = np.zeros(ST_SIZE, dtype=np.int64)
    hands = np.zeros((n, 52), dtype=np.int64)
    hand_n = np.zeros(n, dtype=np.int64)
    stock = np.zeros(52, dtype=np.int64)
    discard = np.zeros(52, dtype=np.int64)
    order = np.zeros(52, dtype=np.int64)
    mk = np.zeros(MAX_MOVES, dtype=np.int64)
    mc = np.zeros(MAX_MOVES, dtype=np.int64)
    ms = np.zeros(MAX_MOVES, dtype=np.int64)
    suits = np.zeros(8, dtype=np.int64)
    seen = np.zeros(4, dtype=np.int64)
    scores = np.zeros(n, dtype=np.int64)
    rng = np.zeros(1, dtype=np.uint64)
    for r in range(rounds):
        _seed_game(rng, key0, key1, r)
        starter = _deal(deck, n, st, hands, hand_n, stock, order, opt, rng)
        out_first[r] = st[TO_MOVE]
        st[DISCARD_N] = 0
        if starter >= 0:  # R2 five_and_starter: the dealer's turned-up card is his first move
            discard[0] = starter
            st[DISCARD_N] = 1
            if _rank(starter) == QUEEN:
                st[ORDERED] = _suit(starter)
            _effects(st, st[TO_MOVE], starter, False, hands, hand_n, stock, discard, penalty, opt, rng)
        steps = 0
        while not st[OVER] and steps < max_decisions:
            k = legal_moves(st, hands, hand_n, discard, opt, mk, mc, ms)
            i = policy_move(st, hands, hand_n, discard, opt, penalty, points, w, mk, mc, ms, k, suits, seen)
            _apply(mk[i], mc[i], ms[i], st, hands, hand_n, stock, discard, penalty, opt, rng)
            steps += 1
        out_winner[r] = st[WINNER] if st[OVER] else -1
        _round_points(st, hands, hand_n, points, opt, scores)
        for s in range(n):
            out_points[r, s] = scores[s] if st[OVER] else 0
