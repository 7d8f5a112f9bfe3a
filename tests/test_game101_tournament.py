"""Tournaments: fair seating, Wilson intervals, reproducibility, and the heuristic bot's strength."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from pianitsa101.game101 import GreedyAgent, HeuristicAgent, RandomAgent, Rules101
from pianitsa101.strategy.tournament import seatings, tournament, wilson_interval


def test_wilson_interval_hand_computed():
    # p = 1/2, n = 100, z = 1.96: centre (0.5 + 0.0192073) / 1.0384146 = 0.5,
    # half-width 1.96 * sqrt(0.0025 + 0.0000960) / 1.0384146 = 0.096170.
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.403830, abs=2e-6)
    assert high == pytest.approx(0.596170, abs=2e-6)
    # 10 of 10: the mirror image of 0 of 10, whose upper end is 2 * 0.192073 / 1.384146 = 0.277533.
    low, high = wilson_interval(10, 10)
    assert low == pytest.approx(1 - 0.277533, abs=2e-6)
    assert high == pytest.approx(1.0)
    # A wider z gives a wider interval; z = 0 gives the plain proportion.
    assert wilson_interval(3, 12, z=0) == (0.25, 0.25)
    assert wilson_interval(30, 40, z=3)[0] < wilson_interval(30, 40)[0]


def test_wilson_interval_refuses_impossible_counts():
    with pytest.raises(ValueError, match="successes"):
        wilson_interval(11, 10)
    with pytest.raises(ValueError, match="successes"):
        wilson_interval(-1, 10)


def test_seatings_put_every_agent_in_every_seat_equally_often():
    for agents, players in [(2, 2), (3, 3), (4, 4), (2, 4), (3, 6), (2, 6), (3, 2), (3, 4), (4, 3), (5, 2)]:
        cycle = seatings(agents, players)
        assert len(cycle) == agents * [1, 1, 1, 2, 6, 24][agents]  # one block per cyclic order
        for start in range(0, len(cycle), agents):  # every block is balanced on its own
            block = cycle[start:start + agents]
            for seat in range(players):
                assert sorted(s[seat] for s in block) == list(range(agents))
        if agents == players:  # every ordering of the agents appears exactly once
            assert len(set(cycle)) == len(cycle)
        if players == 2:  # a round robin: every ordered pair of agents meets equally often
            pairs = Counter(cycle)
            assert set(pairs) == set(itertools.permutations(range(agents), 2))
            assert len(set(pairs.values())) == 1


def test_tournament_rotates_seats_and_counts_every_match():
    agents = [RandomAgent(1), GreedyAgent(), HeuristicAgent()]
    result = tournament(agents, matches=12, seed=4)
    assert [s.name for s in result.stats] == ["RandomAgent(seed=1)", "GreedyAgent()", "HeuristicAgent()"]
    for line in result.stats:
        assert line.seats == (4, 4, 4)
        assert line.matches == 12
        assert 0 <= line.wins <= 12 and line.losses >= 0
        assert line.rounds > 0
    # first_over with three players: each match has at least one loser, and at most one winner
    assert sum(s.wins for s in result.stats) + result.no_winner == 12
    assert sum(s.losses for s in result.stats) >= 12


def test_tournament_is_reproducible_and_depends_on_the_seed():
    def run(seed):
        return tournament([RandomAgent(5), GreedyAgent()], matches=20, seed=seed)

    first, again, other = run(9), run(9), run(10)
    assert first == again
    assert first.stats != other.stats


def test_tournament_more_seats_than_agents():
    result = tournament([RandomAgent(0), GreedyAgent()], matches=8, seed=2, players=4)
    for line in result.stats:
        assert line.seats == (4, 4, 4, 4)  # 8 matches, 2 seats each per match, spread evenly
        assert line.matches == 8
    assert result.players == 4
    result = tournament([RandomAgent(0), GreedyAgent(), HeuristicAgent()], matches=6, seed=2, players=4)
    for line in result.stats:
        assert line.seats == (2, 2, 2, 2) and line.matches == 6


def test_tournament_fewer_seats_than_agents_is_a_round_robin():
    result = tournament([RandomAgent(0), GreedyAgent(), HeuristicAgent()], matches=12, seed=2, players=2)
    for line in result.stats:
        assert line.seats == (4, 4) and line.matches == 8  # in 2 of every 3 matches
    assert sum(line.wins for line in result.stats) == 12  # heads-up: always one winner


def test_tournament_table_prints_as_text_and_html():
    result = tournament([RandomAgent(1), HeuristicAgent()], matches=4, seed=0)
    text = str(result)
    assert "RandomAgent(seed=1)" in text and "95% interval" in text and "points/round" in text
    assert text.count("\n") == 3  # header, two agents, caption
    page = result._repr_html_()
    assert page.startswith("<table>") and "HeuristicAgent()" in page
    assert result["HeuristicAgent()"].matches == 4


def test_tournament_names_identical_agents_apart():
    result = tournament([GreedyAgent(), GreedyAgent()], matches=2, seed=0)
    assert [s.name for s in result.stats] == ["GreedyAgent() #0", "GreedyAgent() #1"]


def test_tournament_refuses_bad_arguments():
    with pytest.raises(ValueError, match="at least 2 agents"):
        tournament([GreedyAgent()], matches=2, seed=0)
    with pytest.raises(ValueError, match="matches"):
        tournament([GreedyAgent(), GreedyAgent()], matches=0, seed=0)


def test_tournament_elimination_always_has_a_winner():
    rules = Rules101(match="elimination")
    result = tournament([RandomAgent(3), GreedyAgent(), HeuristicAgent()], matches=6, seed=1, rules=rules)
    assert sum(s.wins for s in result.stats) == 6 and result.no_winner == 0
    assert sum(s.losses for s in result.stats) == 12  # everybody but the winner went over


@pytest.mark.slow
def test_heuristic_beats_random_heads_up_in_2000_matches():
    result = tournament([HeuristicAgent(), RandomAgent(0)], matches=2000, seed=101)
    heuristic = result["HeuristicAgent()"]
    low, high = heuristic.interval
    print(f"\n{result}")
    assert heuristic.seats == (1000, 1000)
    assert low > 0.55, f"HeuristicAgent won {heuristic.win_rate:.1%} ({low:.1%} - {high:.1%})"
