"""The bot's playouts: the compiled policy is HeuristicAgent move for move; the match values (R22, R23)."""

from __future__ import annotations

import random

import pytest
from rules101_options import OPTION_VALUES

from pianitsa101.game101 import GreedyAgent, HeuristicAgent, RandomAgent, Round101, Rules101
from pianitsa101.strategy.knowledge import Belief, belief
from pianitsa101.strategy.matchvalue import DEFAULT_MODEL, MatchValue, RoundModel
from pianitsa101.strategy.montecarlo import compiled_available
from pianitsa101.strategy.playout import playouts, round_of

needs_numba = pytest.mark.skipif(not compiled_available(), reason="numba is not available here")


def _everything_known(rnd: Round101, seat: int) -> Belief:
    """A 'belief' that knows every hand and the stock: the kernel then sees the round as it is."""
    return Belief(seat, rnd.hands, (), tuple(c.index for c in reversed(rnd.stock)), (), exact=True)


@needs_numba
def test_compiled_policy_is_heuristic_agent_move_for_move():
    # The kernel's policy_move, given the engine's legal moves in the engine's order, picks the very
    # move HeuristicAgent picks (ties too), in positions reached under seeded random rule sets.
    import numpy as np

    from pianitsa101.simulate import _playout101
    from pianitsa101.strategy import _bot101

    rng = random.Random(7)
    weights = _bot101.weights()
    suits, seen = np.zeros(8, dtype=np.int64), np.zeros(4, dtype=np.int64)
    compared = 0
    for game in range(120):
        rules = Rules101(**{name: rng.choice(values) for name, values in OPTION_VALUES.items()})
        players = 2 + game % 5
        rnd = Round101.deal(players, rules=rules, seed=game)
        agents = [HeuristicAgent(), RandomAgent(game), GreedyAgent()]
        opt, penalty, points = _bot101.rules_arrays(rules)
        while not rnd.over:
            seat = rnd.to_move
            view, legal = rnd.view(seat), rnd.legal_moves()
            st, hands, hand_n, discard = _bot101.state_arrays(view, _everything_known(rnd, seat))
            mk, mc, ms = _bot101.move_arrays(legal)
            i = _playout101.policy_move(st, hands, hand_n, discard, opt, penalty, points, weights, mk, mc, ms,
                                        len(legal), suits, seen)
            assert legal[i] == HeuristicAgent().choose(view, legal), (rules, rnd.hands, legal)
            compared += len(legal) > 1
            rnd.play(agents[seat % 3].choose(view, legal))
    assert compared > 2000


def test_python_playouts_on_a_known_deal_are_the_heuristic_round():
    # With every card known, a pure-Python playout of a move is exactly the round HeuristicAgent plays.
    for seed in range(6):
        rnd = Round101.deal(3, seed=seed)
        for _ in range(seed):
            rnd.play(HeuristicAgent().choose(rnd.view(rnd.to_move), rnd.legal_moves()))
        seat, legal = rnd.to_move, rnd.legal_moves()
        points, winners = playouts(rnd.view(seat), _everything_known(rnd, seat), legal, 1, key=1, first=0)
        for m, move in enumerate(legal):
            again = rnd.copy()
            again.play(move)
            while not again.over:
                again.play(HeuristicAgent().choose(again.view(again.to_move), again.legal_moves()))
            assert points[0][m] == again.points() and winners[0][m] == again.winner


def test_round_of_a_view_keeps_the_obligations():
    rnd = Round101.from_hands(hands=["7♠ 8♦", "7♥ 9♦ J♣"], stock="6♣ 8♣ A♦", discard="10♠")
    rnd.play(rnd.legal_moves()[0])  # 7♠: seat 1 must draw 2 or pass it on
    view = rnd.view(1)
    hands, stock = belief(view).sample(random.Random(1))
    again = round_of(view, hands, stock, seed=0)
    assert again.pending_draw == 2 and again.to_move == 1 and again.legal_moves() == rnd.legal_moves()


def test_match_value_r22_r23():
    value = MatchValue(Rules101(), players=2)
    # R23: over the limit loses the match at once
    assert value.after_round((20, 90), (0, 12), winner=0, seat=0) == 1.0
    assert value.after_round((20, 90), (0, 12), winner=0, seat=1) == 0.0
    # R22: landing exactly on 101 is worth far more than 100 (back to 0)
    assert value.after_round((20, 60), (0, 41), 0, 1) > value.after_round((20, 60), (0, 40), 0, 1) + 0.2
    no_reset = MatchValue(Rules101(reset_at_101=False), players=2)
    assert no_reset.after_round((20, 60), (0, 41), 0, 1) < no_reset.after_round((20, 60), (0, 40), 0, 1)
    # fewer points are better, the other's points are better, and the two seats' chances add up to 1
    for mine in range(-20, 101, 15):
        for theirs in range(-20, 101, 15):
            me = value.chance(mine, theirs, starts=True)
            assert me + value.chance(theirs, mine, starts=False) == pytest.approx(1, abs=1e-5)
            assert value.chance(mine + 5, theirs, True) <= me + 1e-9
            assert me <= value.chance(mine, theirs + 5, True) + 1e-9


def test_match_value_agrees_with_simulated_matches():
    # The dynamic programme against matches simulated straight from the round model (exact vs simulated).
    model = DEFAULT_MODEL
    value = MatchValue(Rules101(), players=2)
    rng = random.Random(3)
    xs, ps = zip(*model.loser_points, strict=True)
    bs, bp = zip(*model.winner_points, strict=True)
    for start in ((0, 0), (60, 30), (95, 85)):
        wins, n = 0, 4000
        for _ in range(n):
            totals, starter = list(start), 0
            while True:
                won = starter if rng.random() < model.starter_wins else 1 - starter
                lost = 1 - won
                totals[won] += rng.choices(bs, bp)[0]
                totals[lost] += rng.choices(xs, ps)[0]
                if totals[lost] == 101:
                    totals[lost] = 0  # R22
                if totals[lost] > 101:  # R23
                    wins += lost == 1
                    break
                starter = won
        exact = value.chance(*start, starts=True)
        assert abs(wins / n - exact) < 4 * (exact * (1 - exact) / n) ** 0.5 + 0.01, (start, wins / n, exact)


def test_match_value_with_more_players_and_elimination():
    value = MatchValue(Rules101(), players=3)
    low = value.after_round((10, 50, 50), (0, 8, 8), winner=0, seat=0)
    high = value.after_round((10, 50, 50), (30, 0, 8), winner=1, seat=0)
    assert 0 < high < low < 1
    # first_over: someone over the limit ends the match, the lowest total wins
    assert value.after_round((10, 95, 50), (0, 9, 3), winner=0, seat=0) == 1.0
    assert value.after_round((10, 95, 50), (0, 9, 3), winner=0, seat=2) == 0.0
    # elimination: the one over the limit leaves and the others play on
    elimination = MatchValue(Rules101(match="elimination"), players=3)
    on = elimination.after_round((10, 95, 50), (0, 9, 3), winner=0, seat=0)
    assert 0.5 < on < 1.0
    assert elimination.after_round((10, 95, 50), (0, 9, 3), winner=0, seat=1) == 0.0


def test_round_model_is_a_distribution():
    for table in (DEFAULT_MODEL.loser_points, DEFAULT_MODEL.winner_points):
        assert sum(p for _, p in table) == pytest.approx(1)
    custom = RoundModel(0.5, ((10, 1.0),), ((0, 1.0),))
    value = MatchValue(Rules101(limit=30), players=2, model=custom, step=1)
    # a loser always takes 10: from 25 the next loss goes over, from 15 not yet
    assert value.chance(25, 0, starts=True) < value.chance(15, 0, starts=True)


@needs_numba
def test_round_model_measured_by_the_kernel_matches_the_engines():
    # The compiled self-play under the default rules ends rounds as HeuristicAgent does on the reference
    # engine (DEFAULT_MODEL, benchmarks/round_model.py): same starter share, loser's points, queen finishes.
    from pianitsa101.strategy import _bot101

    measured = _bot101.round_model(Rules101())
    assert measured.starter_wins == pytest.approx(DEFAULT_MODEL.starter_wins, abs=0.015)
    mean = sum(x * p for x, p in measured.loser_points)
    assert mean == pytest.approx(sum(x * p for x, p in DEFAULT_MODEL.loser_points), abs=1.5)
    queen = dict(DEFAULT_MODEL.winner_points)[-20]
    assert dict(measured.winner_points)[-20] == pytest.approx(queen, abs=0.015)
    # other rules end rounds otherwise: drawing one card (R7) leaves smaller hands
    popular = _bot101.round_model(Rules101.popular())
    assert sum(x * p for x, p in popular.loser_points) < mean - 8
    assert _bot101.round_model(Rules101.popular()) is popular  # measured once
