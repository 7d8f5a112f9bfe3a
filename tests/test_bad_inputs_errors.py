"""The edges generated bad inputs still found: each now gets a clear error."""

from __future__ import annotations

import pytest

from pianitsa101.game101 import GreedyAgent, RandomAgent
from pianitsa101.pianitsa import PianitsaGame, PianitsaRules
from pianitsa101.simulate import simulate_101, simulate_pianitsa
from pianitsa101.simulate._engine import MAX_SAMPLE
from pianitsa101.strategy import tournament


@pytest.mark.parametrize("agents", [None, 5, "GreedyAgent", GreedyAgent()])
def test_tournament_without_a_list_of_agents_is_a_type_error_saying_what_is_wanted(agents):
    with pytest.raises(TypeError, match=r"^agents must be a list of at least 2 agents \(objects with choose"):
        tournament(agents, matches=2, seed=0, workers=1)


def test_tournament_still_takes_any_iterable_of_agents():
    result = tournament((a for a in [GreedyAgent(), RandomAgent(seed=1)]), matches=2, seed=0, workers=1)
    assert result.matches == 2


@pytest.mark.parametrize("count", [2**62, MAX_SAMPLE + 1])
def test_an_impossible_sample_is_refused_naming_the_limit_before_anything_is_allocated(count):
    # 2**62 games once met numpy's MemoryError; now the limit is said at once (no time to allocate)
    with pytest.raises(ValueError, match=r"^games must be at most 100,000,000 in one call"):
        simulate_pianitsa(games=count, seed=0, progress=False)
    with pytest.raises(ValueError, match=r"^rounds must be at most 100,000,000 in one call"):
        simulate_101(rounds=count, seed=0, progress=False)
    with pytest.raises(ValueError, match="several calls with different seeds"):
        simulate_pianitsa(games=count, seed=0, progress=False, engine="python")


def test_the_largest_sample_is_still_allowed_by_the_check():
    from pianitsa101.simulate._engine import check_count

    assert check_count(MAX_SAMPLE, "compiled", 1, 1, "games") == MAX_SAMPLE


@pytest.mark.parametrize("max_tricks", [10**30, 1_000_001])
def test_P13_max_tricks_beyond_a_million_is_refused_with_the_reason(max_tricks):
    # 10**30 with gather="table" once ran 59 million tricks (a minute) for one game, without a word
    with pytest.raises(ValueError, match=r"^PianitsaRules: max_tricks must be a whole number 1 or more, "
                                         r"at most 1,000,000 \(a game still going then ends as 'limit'"):
        PianitsaRules(gather="table", max_tricks=max_tricks)


def test_P13_a_million_tricks_is_allowed_and_plays_like_any_cap():
    rules = PianitsaRules(gather="table", max_tricks=1_000_000)
    result = PianitsaGame.deal(players=2, rules=rules, seed=0).play()
    assert result.outcome in ("finished", "cycle") and result.tricks < 1_000_000
