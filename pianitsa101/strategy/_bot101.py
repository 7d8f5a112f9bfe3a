"""The compiled side of ``MonteCarloAgent``: a seat's view and belief as arrays, playouts in ``_playout101``.

``playouts(view, knows, moves, deals, key, first)`` returns, for each deal of the hidden
cards and each move, the points of every seat and the winner, as the pure-Python playouts
of ``pianitsa101.strategy.playout`` do (other random numbers, the same rules, the same
playout policy and the same budget; numpy arrays where those return lists).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pianitsa101.cards import Suit, make_deck
from pianitsa101.game101.agents import HeuristicAgent
from pianitsa101.game101.moves import Draw, FlushQueens, Move, Pass, Play
from pianitsa101.game101.view import PlayerView
from pianitsa101.simulate import _cache
from pianitsa101.simulate import _playout101 as kernel
from pianitsa101.simulate import _state101 as state
from pianitsa101.strategy.knowledge import Belief
from pianitsa101.strategy.matchvalue import RoundModel
from pianitsa101.strategy.sampling import SampleTally

try:  # where simulate_101's compiled side lives once it is split from its pure-Python one
    from pianitsa101.simulate._compiled_101 import rule_arrays
except ImportError:
    from pianitsa101.simulate.game101 import rule_arrays

__all__ = ["deal_arrays", "greedy_weights", "move_arrays", "playouts", "round_model", "rules_arrays",
           "state_arrays", "warm_up", "weights"]

_SUITS = {s: i for i, s in enumerate(Suit)}  # a suit's number on the fast path
_FRESH = getattr(_cache, "ensure_fresh_cache", None)
if _FRESH is not None:  # drop machine code compiled from older kernel sources (the callees' too)
    _FRESH()
_RULES: dict = {}
_MODELS: dict = {}
_waited = False


def _when_built(call):
    """``call()`` once the playouts are compiled: waits (with a bar) for a background build under way."""
    global _waited
    if _waited:
        return call()
    _notice, release = _cache.ready((kernel.evaluate_moves, kernel.self_play), "MonteCarloAgent", True)
    try:
        result = call()
    finally:
        release()
    _waited = True
    return result


def weights(agent: type[HeuristicAgent] | HeuristicAgent = HeuristicAgent) -> np.ndarray:
    """HeuristicAgent's weights in the order of ``_playout101``'s W_* slots."""
    return np.array([agent.keep_queen, agent.follow_suit, agent.six_covered, agent.six_stuck,
                     agent.attack_now, agent.attack_save, agent.reverse, agent.close], dtype=np.int64)


def greedy_weights() -> np.ndarray:
    """Weights that make the playout policy GreedyAgent's: the most expensive playable card, nothing else.

    (GreedyAgent breaks ties by the suit the rest of its hand holds most; here the first move
    listed wins a tie.)
    """
    out = np.zeros(8, dtype=np.int64)
    out[7] = HeuristicAgent.close  # "close" only matters with the attack and reverse weights, all 0
    return out


def rules_arrays(rules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    arrays = _RULES.get(rules)
    if arrays is None:
        arrays = _RULES[rules] = rule_arrays(rules)
    return arrays


def move_arrays(moves: Sequence[Move]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    mk = np.zeros(len(moves), dtype=np.int64)
    mc = np.full(len(moves), -1, dtype=np.int64)
    ms = np.full(len(moves), -1, dtype=np.int64)
    for i, m in enumerate(moves):
        if isinstance(m, Play):
            mk[i], mc[i] = state.PLAY, m.card.index
            if m.suit is not None:
                ms[i] = _SUITS[m.suit]
        elif isinstance(m, Draw):
            mk[i] = state.DRAW
        elif isinstance(m, Pass):
            mk[i] = state.PASS
        elif isinstance(m, FlushQueens):
            mk[i], ms[i] = state.FLUSH, _SUITS[m.suit]
        else:
            raise TypeError(f"not a move of 101: {m!r}")
    return mk, mc, ms


def state_arrays(view: PlayerView, knows: Belief) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The view's round as the fast path holds it: scalars, the known cards of each hand, the discard pile."""
    n = view.players
    st = np.zeros(state.ST_SIZE, dtype=np.int64)
    st[state.TO_MOVE] = view.to_move
    st[state.DIRECTION] = view.direction
    st[state.ORDERED] = -1 if view.ordered_suit is None else _SUITS[view.ordered_suit]
    st[state.PENDING] = view.pending_draw
    st[state.PRANK] = -1 if view.pending_rank is None else int(view.pending_rank)
    st[state.COVER] = view.must_cover
    st[state.SKIP] = view.skip_to_answer
    st[state.DRAWN] = -1 if view.drawn is None else view.drawn.index
    st[state.WINNER] = -1
    st[state.STOCK_N] = view.stock_size
    st[state.DISCARD_N] = len(view.discard)
    st[state.N_PLAYERS] = n
    hands = np.zeros((n, 52), dtype=np.int64)
    hand_n = np.zeros(n, dtype=np.int64)
    for seat, cards in enumerate(knows.known):
        hand_n[seat] = len(cards)
        hands[seat, : len(cards)] = [c.index for c in cards]
    discard = np.zeros(52, dtype=np.int64)
    discard[: len(view.discard)] = [c.index for c in view.discard]
    return st, hands, hand_n, discard


def deal_arrays(knows: Belief) -> tuple[np.ndarray, ...]:
    """A belief as ``_deal_hidden`` reads it.

    Seats, split counts, cumulative split weights, masks, order, cards allowed per group (in
    the pool), and the pool.
    """
    groups = knows.groups
    ways = knows.ways()
    group_seat = np.array([g.seat for g in groups], dtype=np.int64)
    split_counts = np.array([counts for counts, _ in ways], dtype=np.int64).reshape(len(ways), len(groups))
    split_cum = np.cumsum(np.array(knows.proposal_weights(), dtype=np.float64))
    group_mask = np.array([g.allowed for g in groups], dtype=np.uint64)
    group_order = np.array(knows.order(), dtype=np.int64)
    pool_mask = sum(1 << c.index for c in knows.pool)
    group_size = np.array([(g.allowed & pool_mask).bit_count() for g in groups], dtype=np.int64)
    pool = np.array([c.index for c in knows.pool], dtype=np.int64)
    return group_seat, split_counts, split_cum, group_mask, group_order, group_size, pool


def playouts(view: PlayerView, knows: Belief, moves: Sequence[Move], deals: int, key: int, first: int,
             policy: np.ndarray, steps: int = 0, max_decisions: int = 400,
             tally: SampleTally | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Points [deal, move, seat] and winners [deal, move] of playouts on deals ``first ..``, as arrays.

    (Arrays, not lists: a decision then leaves a few objects for Python's garbage collector
    instead of ten thousand, whose full collections had cost some decisions 70 ms.)

    Up to ``deals`` deals; with ``steps`` > 0, no new deal once the playouts made that many moves,
    each proposal of the deal sampler counted as one. ``tally`` (when given) counts how the deals were made.
    """
    n = view.players
    opt, penalty, points = rules_arrays(view.rules)
    st, hands, hand_n, discard = state_arrays(view, knows)
    layout = np.zeros(max(len(knows.stock), 1), dtype=np.int64)
    layout[: len(knows.stock)] = knows.stock
    group_seat, split_counts, split_cum, group_mask, group_order, group_size, pool = deal_arrays(knows)
    mk, mc, ms = move_arrays(moves)
    out_points = np.zeros((deals, len(moves), n), dtype=np.int64)
    out_winner = np.zeros((deals, len(moves)), dtype=np.int64)
    counted = np.zeros(3, dtype=np.int64)
    key0 = np.uint64(key & 0xFFFFFFFFFFFFFFFF)
    key1 = np.uint64((key >> 64) & 0xFFFFFFFFFFFFFFFF)
    done = _when_built(lambda: kernel.evaluate_moves(
        opt, penalty, points, policy, st, hands, hand_n, discard, layout, group_seat, split_counts,
        split_cum, group_mask, group_order, group_size, pool, mk, mc, ms, key0, key1, first, deals, steps,
        max_decisions, out_points, out_winner, counted))
    if tally is not None:
        tally.add(int(done), int(counted[0]), int(counted[1]), int(counted[2]))
    return out_points[:done], out_winner[:done]


def warm_up() -> None:
    """Run the playouts once on a small position, so that numba compiles (or loads) them now."""
    from pianitsa101.game101.round import Round101
    from pianitsa101.strategy.knowledge import belief

    rnd = Round101.from_hands(hands=["7♠ 8♠", "9♦ K♣"], stock="6♣ A♦ J♥", discard="10♠")
    view = rnd.view(0)
    playouts(view, belief(view), rnd.legal_moves(), 2, 1, 0, weights())
    opt, penalty, points = rules_arrays(rnd.rules)
    deck = np.array([c.index for c in make_deck(36)], dtype=np.int64)
    one = np.zeros(1, dtype=np.int64)
    kernel.self_play(deck, 2, opt, penalty, points, weights(), np.uint64(1), np.uint64(2), 1, 400,
                     np.zeros((1, 2), dtype=np.int64), one, one.copy())


def round_model(rules, rounds: int = 20_000) -> RoundModel:
    """How heads-up rounds end under ``rules`` with the playout policy in both seats, measured (cached).

    The same seeds every time (so the bot's values, and its play, are reproducible): about
    half a second for 20,000 rounds.
    """
    model = _MODELS.get(rules)
    if model is None:
        opt, penalty, points = rules_arrays(rules)
        deck = np.array([c.index for c in make_deck(36)], dtype=np.int64)
        out_points = np.zeros((rounds, 2), dtype=np.int64)
        out_winner = np.zeros(rounds, dtype=np.int64)
        out_first = np.zeros(rounds, dtype=np.int64)
        _when_built(lambda: kernel.self_play(deck, 2, opt, penalty, points, weights(), np.uint64(0x101),
                                             np.uint64(0x2026), rounds, 400, out_points, out_winner,
                                             out_first))
        done = out_winner >= 0
        won = out_winner[done]
        losers = out_points[done, 1 - won] if won.size else out_points[:0, 0]
        winners = out_points[done, won] if won.size else out_points[:0, 0]
        model = _MODELS[rules] = RoundModel(
            starter_wins=float((won == out_first[done]).mean()) if won.size else 0.5,
            loser_points=_shares(losers),
            winner_points=_shares(winners),
        )
    return model


def _shares(values: np.ndarray) -> tuple[tuple[int, float], ...]:
    """Each value with its share of the sample."""
    found, counts = np.unique(values, return_counts=True)
    total = counts.sum()
    return tuple((int(x), float(c / total)) for x, c in zip(found, counts, strict=True)) or ((0, 1.0),)
