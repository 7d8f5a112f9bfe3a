"""Fair comparisons: duplicate deals, workers, the difference of two agents, matches needed, numpy seeds."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pianitsa101.game101 import GreedyAgent, HeuristicAgent, RandomAgent
from pianitsa101.strategy.stats import design_effect, difference_interval, matches_needed, wilson_interval
from pianitsa101.strategy.tournament import tournament


class Recorder(GreedyAgent):
    """A greedy bot that writes down the hand it holds at its first decision of each match."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.first_hands: list[tuple[int, tuple]] = []  # (seat, hand) per match
        self._fresh = False

    @property
    def name(self) -> str:
        return self.label

    def reset(self, seed: int) -> None:
        self._fresh = True

    def choose(self, view, legal_moves):
        if self._fresh:  # under the default rules a hand changes only by its own moves: this is the deal
            self.first_hands.append((view.seat, tuple(sorted(c.index for c in view.hand))))
            self._fresh = False
        return super().choose(view, legal_moves)


def _deals(duplicate: bool) -> list[dict[int, tuple]]:
    a, b = Recorder("A"), Recorder("B")
    tournament([a, b], matches=8, seed=11, duplicate=duplicate)
    return [dict([ha, hb]) for ha, hb in zip(a.first_hands, b.first_hands, strict=True)]


def test_duplicate_blocks_replay_the_same_deal_with_the_seats_swapped():
    deals = _deals(duplicate=True)
    assert len(deals) == 8
    for first, second in zip(deals[0::2], deals[1::2], strict=True):
        assert first == second  # seat 0's and seat 1's hands are dealt again, the agents swapped
    assert len({tuple(sorted(d.items())) for d in deals}) == 4  # each block its own deal


def test_without_duplicate_every_match_has_its_own_deal():
    deals = _deals(duplicate=False)
    assert len({tuple(sorted(d.items())) for d in deals}) == 8


def test_workers_give_the_same_table_as_one_process():
    agents = [HeuristicAgent(), RandomAgent(seed=3), GreedyAgent()]
    one = tournament(agents, matches=12, seed=5)
    two = tournament(agents, matches=12, seed=5, workers=2)
    assert one == two
    with pytest.raises(ValueError, match="workers"):
        tournament(agents, matches=3, seed=5, workers=0)


def test_numpy_integers_are_accepted_as_seed_and_counts():
    plain = tournament([GreedyAgent(), RandomAgent(seed=2)], matches=6, seed=7)
    numpy = tournament([GreedyAgent(), RandomAgent(seed=2)], matches=np.int64(6), seed=np.uint32(7),
                       players=np.int8(2))
    assert plain == numpy
    with pytest.raises(TypeError, match="seed"):
        tournament([GreedyAgent(), RandomAgent(seed=2)], matches=2, seed=1.5)


def test_difference_of_two_agents_from_the_blocks():
    result = tournament([HeuristicAgent(), RandomAgent(seed=1)], matches=40, seed=2)
    diff = result.difference("HeuristicAgent()", "RandomAgent(seed=1)")
    heuristic, random_agent = result.stats
    assert diff.value == pytest.approx(heuristic.win_rate - random_agent.win_rate)
    assert diff.blocks == 20
    assert 0 < diff.low < diff.value < diff.high <= 2
    assert result.difference(1, 0).value == pytest.approx(-diff.value)
    assert "95% interval" in str(diff)


def test_difference_interval_by_hand():
    # mean 0.5, sample variance 1/3 (of 0, 1, 0, 1), standard error sqrt(1/12) = 0.288675
    mean, low, high = difference_interval([0, 1, 0, 1])
    assert mean == 0.5
    assert high - mean == pytest.approx(1.959964 * 0.288675, abs=1e-5)
    assert low == pytest.approx(1 - high)


def test_matches_needed_by_hand():
    # power 1/2: n = (1.959964 * 0.5 / d)^2; d = 0.1 gives 96.04, so 97 matches
    assert matches_needed(0.1, power=0.5) == 97
    assert matches_needed(0.1) > matches_needed(0.1, power=0.5) > matches_needed(0.2, power=0.5)
    assert matches_needed(0.05, confidence=0.99) > matches_needed(0.05)
    for bad in (0, 0.5, -0.7):
        with pytest.raises(ValueError, match="difference"):
            matches_needed(bad)


def test_design_effect_of_correlated_and_of_independent_blocks():
    """Blocks of two matches won together (or lost together) count as one match each, about; blocks
    of coin flips as two; a duplicate tournament's interval is widened by it, a plain one's not"""
    together = [(2, 2), (2, 0)] * 100
    assert 1.9 < design_effect(together) < 2.1
    rng = random.Random(5)
    apart = [(2, (rng.random() < 0.7) + (rng.random() < 0.7)) for _ in range(400)]
    assert 1.0 <= design_effect(apart) < 1.2
    assert design_effect([(2, 2)] * 10) == 1.0  # never lost: nothing to widen
    plain = tournament([GreedyAgent(), RandomAgent(seed=1)], matches=40, seed=4, duplicate=False)
    assert plain.stats[0].interval == wilson_interval(plain.stats[0].wins, 40)
    dup = tournament([GreedyAgent(), RandomAgent(seed=1)], matches=40, seed=4)
    low, high = dup.stats[0].interval
    wlow, whigh = wilson_interval(dup.stats[0].wins, 40)
    assert dup.stats[0].design_effect >= 1.0 and high - low >= whigh - wlow - 1e-12
