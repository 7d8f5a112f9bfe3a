"""MonteCarloAgent never sees hidden cards: twin rounds that differ only in what its seat cannot see.

A twin of a position is built by swapping two cards the seat cannot see (in another hand or
in the stock) in the *deal*, and replaying the same moves. When every move replays and the
seat's view at the decision is equal to the original one, the twin is the same public
position over a different hidden deal (another opponent's hand, or another stock order).
The bot must analyse both exactly alike. A control agent that does cheat (it finds the
round behind the view through the garbage collector and reads the other hands) is caught
by the very same check, so the check can fail.
"""

from __future__ import annotations

import gc
import pickle
import random

import pytest
from rules101_options import OPTION_VALUES

from pianitsa101.cards import make_deck
from pianitsa101.game101 import (
    HeuristicAgent,
    IllegalMove,
    Match101,
    RandomAgent,
    Round101,
    Rules101,
    unseen_cards,
)
from pianitsa101.strategy import MonteCarloAgent
from pianitsa101.strategy.montecarlo import compiled_available


def _rules(rng: random.Random) -> Rules101:
    options = {name: rng.choice(values) for name, values in OPTION_VALUES.items()}
    options["deal"] = "four"  # the twins are stacked with from_hands, which deals no starter (R2)
    return Rules101(**options)


def _start(rng: random.Random, players: int) -> dict:
    deck = list(make_deck(36))
    rng.shuffle(deck)
    return {"hands": [deck[4 * s: 4 * s + 4] for s in range(players)], "stock": deck[4 * players:],
            "to_move": rng.randrange(players), "seed": rng.getrandbits(32)}


def _replay(start: dict, rules: Rules101, moves: list) -> Round101 | None:
    rnd = Round101.from_hands(hands=start["hands"], stock=start["stock"], to_move=start["to_move"],
                              rules=rules, seed=start["seed"])
    for move in moves:
        if rnd.over:
            return None
        try:
            rnd.play(move)
        except IllegalMove:
            return None
    return rnd


def _swapped(start: dict, a, b) -> dict:
    def swap(cards):
        return [b if c == a else a if c == b else c for c in cards]

    return {**start, "hands": [swap(h) for h in start["hands"]], "stock": swap(start["stock"])}


def twin_positions(count: int, seed: int) -> list[tuple[Round101, Round101, int]]:
    """Pairs of rounds with the same view for the seat to move and different hidden cards."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        players = rng.choice((2, 2, 3, 4))
        rules = Rules101() if rng.random() < 0.5 else _rules(rng)
        start = _start(rng, players)
        rnd = _replay(start, rules, [])
        agents = [HeuristicAgent() if rng.random() < 0.7 else RandomAgent(rng.getrandbits(16))
                  for _ in range(players)]
        while not rnd.over and len(out) < count:
            seat, legal = rnd.to_move, rnd.legal_moves()
            if len(legal) > 1 and rng.random() < 0.25:
                view = rnd.view(seat)
                hidden = sorted(unseen_cards(view), key=lambda c: c.index)
                for _ in range(30):
                    a, b = rng.sample(hidden, 2)
                    twin = _replay(_swapped(start, a, b), rules, list(rnd.moves))
                    if twin is None or twin.to_move != seat or twin.view(seat) != view:
                        continue
                    if twin.legal_moves() != legal:
                        continue
                    if twin.hands == rnd.hands and twin.stock == rnd.stock:
                        continue  # both cards in the same other hand: nothing hidden changed
                    out.append((rnd.copy(), twin, seat))
                    break
            rnd.play(agents[seat].choose(rnd.view(seat), legal))
    return out


@pytest.fixture(scope="module")
def twins():
    pairs = twin_positions(40, seed=2026)
    # the twins really vary what is hidden: other hands and the order of the stock, mid-round
    assert sum(a.hands != b.hands for a, b, _ in pairs) >= 10
    assert sum(a.hands == b.hands and a.stock != b.stock for a, b, _ in pairs) >= 5
    assert sum(len(a.moves) >= 6 for a, _, _ in pairs) >= 20
    return pairs


def _differences(analyse, pairs) -> int:
    return sum(analyse(a.view(s), a.legal_moves()) != analyse(b.view(s), b.legal_moves())
               for a, b, s in pairs)


class Cheater(HeuristicAgent):
    """Finds the round behind a view (its log is the round's own tuple) and reads every hand."""

    def explain(self, view, legal_moves):
        for holder in gc.get_referrers(view.log):
            if isinstance(holder, dict) and "_hands" in holder:
                return [tuple(h) for h in holder["_hands"]], tuple(holder["_stock"])
        raise AssertionError("the cheater found no round")


def test_the_check_catches_an_agent_that_reads_the_round(twins):
    # (before the first move the log is the shared empty tuple, which does not lead to one round)
    with_log = [(a, b, s) for a, b, s in twins if a.view(s).log]
    assert len(with_log) >= 30
    assert _differences(Cheater().explain, with_log) == len(with_log)


@pytest.mark.parametrize("compiled", [None, False], ids=["compiled", "python"])
def test_twin_positions_are_analysed_alike(twins, compiled):
    bot = MonteCarloAgent(seed=3, steps=1500 if compiled is None else 200, compiled=compiled)
    pairs = twins if compiled is None else twins[:8]
    assert _differences(bot.explain, pairs) == 0
    assert _differences(bot.choose, pairs) == 0


class Rebuilt:
    """Hands the bot a view rebuilt from bytes: equal values, no object shared with the round."""

    def __init__(self, bot: MonteCarloAgent) -> None:
        self.bot = bot

    def reset(self, seed: int) -> None:
        self.bot.reset(seed)

    def choose(self, view, legal_moves):
        copied = pickle.loads(pickle.dumps(view._replace(rules=None)))
        copied = copied._replace(rules=Rules101.from_dict(view.rules.to_dict()))
        moves = pickle.loads(pickle.dumps(list(legal_moves)))
        return legal_moves[moves.index(self.bot.choose(copied, moves))]


def test_a_match_played_on_rebuilt_views_is_the_same_match():
    # Every decision of a whole match is the same when the bot cannot reach the round at all.
    def play(wrap):
        bot = MonteCarloAgent(seed=7, steps=1500)
        agents = [wrap(bot), HeuristicAgent(), RandomAgent(1)]
        result = Match101(3, seed=12, agents=agents).play()
        return result.totals, [tuple(rec.round.moves) for rec in result.records]

    assert play(Rebuilt) == play(lambda bot: bot)


@pytest.mark.skipif(not compiled_available(), reason="numba is not available here")
def test_compiled_deals_come_from_the_unseen_cards_and_reshuffle_the_stock(twins):
    # The compiled playouts deal the hidden cards themselves (_deal_hidden): each deal must use
    # exactly the pool of unknown cards, fill every group to its public count within its mask,
    # and lay the stock out afresh each time (not the true order, not one fixed order).
    import numpy as np

    from pianitsa101.simulate import _playout101 as kernel
    from pianitsa101.simulate._rng import _seed_game
    from pianitsa101.strategy.knowledge import belief

    stocks_varied = hands_varied = stock_cases = hand_cases = 0
    for rnd, _, seat in twins:
        view = rnd.view(seat)
        knows = belief(view)
        assert {c for c in knows.pool} <= unseen_cards(view)
        counts = np.array([g.count for g in knows.groups], dtype=np.int64)
        masks = np.array([g.allowed for g in knows.groups], dtype=np.uint64)
        order = np.array(knows.order(), dtype=np.int64)
        pool = np.array([c.index for c in knows.pool], dtype=np.int64)
        starts = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
        work = np.zeros(max(len(pool), 1), dtype=np.int64)
        assigned = np.zeros(max(int(counts.sum()), 1), dtype=np.int64)
        state = np.zeros(1, dtype=np.uint64)
        assert counts.sum() == len(pool)
        for g in knows.groups:  # the public counts
            assert g.count <= (view.stock_size if g.seat < 0 else view.hand_sizes[g.seat])
        stocks, hands = set(), set()
        for d in range(60):
            _seed_game(state, np.uint64(d + 1), np.uint64(seat + 7), d)
            ok = kernel._deal_hidden(pool, counts, masks, order, starts, work, assigned, state)
            got = assigned[: len(pool)].tolist()
            assert sorted(got) == sorted(pool.tolist())
            for g, group in enumerate(knows.groups):
                cards = got[starts[g]: starts[g + 1]]
                assert not ok or all(int(group.allowed) >> c & 1 for c in cards)
                seen = tuple(cards if group.seat < 0 else sorted(cards))  # a stock's order counts
                (stocks if group.seat < 0 else hands).add((g, seen))
        stock_groups = [g for g, group in enumerate(knows.groups) if group.seat < 0 and group.count >= 2]
        if stock_groups:
            stock_cases += 1
            stocks_varied += len({s for s in stocks if s[0] in stock_groups}) >= 10 * len(stock_groups)
        hand_groups = [g for g, group in enumerate(knows.groups) if group.seat >= 0 and group.count >= 1]
        if hand_groups and len(pool) > max(knows.groups[g].count for g in hand_groups):
            hand_cases += 1
            hands_varied += len(hands) > len(hand_groups)
    assert stock_cases >= 20 and hand_cases >= 30
    assert stocks_varied == stock_cases and hands_varied == hand_cases
