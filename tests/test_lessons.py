"""The lesson helpers (``pianitsa101.lessons``): each checked against an answer worked out by hand."""

from collections import Counter
from fractions import Fraction
from itertools import permutations
from math import factorial, prod

import numpy as np
import pytest

from pianitsa101 import Card, cards, make_deck
from pianitsa101.lessons import Mean, Share, agrees, rank_orders, shuffled_deals, solve_chain, with_suits
from pianitsa101.lessons.stats import percent


@pytest.mark.parametrize("counts", [[2, 1], [2, 2, 2], [3, 1, 2], [1, 1, 1, 1], [4]])
def test_rank_orders_lists_every_arrangement_once(counts):
    rows = rank_orders(counts)
    items = [kind for kind, k in enumerate(counts) for _ in range(k)]
    expected = set(permutations(items))  # brute force: every order, duplicates removed
    assert len(rows) == factorial(sum(counts)) // prod(factorial(k) for k in counts)
    assert {tuple(int(x) for x in row) for row in rows} == expected


def test_with_suits_gives_distinct_cards_of_the_right_ranks():
    rows = with_suits(rank_orders([2, 2, 2]), ranks=[6, 13, 14])
    for row in rows:
        dealt = [Card.from_index(int(i)) for i in row]
        assert len(set(dealt)) == 6
        assert Counter(int(c.rank) for c in dealt) == {6: 2, 13: 2, 14: 2}


def test_shuffled_deals_deal_the_whole_deck_as_P2_does():
    deck = make_deck(32)
    deals = shuffled_deals(deck, 200, players=4, rng=np.random.default_rng(1))
    assert deals.shape == (200, 4, 8)
    for deal in deals:
        assert sorted(deal.ravel().tolist()) == sorted(c.index for c in deck)
    # every card lands in seat 0's stack about equally often (each with chance 1/4)
    seat0 = Counter(deals[:, 0, :].ravel().tolist())
    assert set(seat0) == {c.index for c in deck}
    with pytest.raises(ValueError, match="cannot be dealt equally"):
        shuffled_deals(cards("6♠ 7♠ 8♠"), 1, players=2, rng=np.random.default_rng(0))


def test_solve_chain_gamblers_ruin():
    # a fair coin moves a token on 0..4; from k the chance of reaching 4 before 0 is k/4,
    # and the expected number of tosses is k * (4 - k)
    half = Fraction(1, 2)
    moves = {k: {k - 1: half, k + 1: half} for k in range(1, 4)}
    reach = solve_chain(moves, end_value=lambda end: 1 if end == 4 else 0)
    tosses = solve_chain(moves, end_value=lambda end: 0, step=1)
    assert [reach[k] for k in range(5)] == [0, Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), 1]
    assert [tosses[k] for k in range(1, 4)] == [3, 4, 3]


def test_solve_chain_refuses_a_trap_and_bad_probabilities():
    half = Fraction(1, 2)
    trapped = {"a": {"b": Fraction(1)}, "b": {"a": Fraction(1)}, "c": {"a": half, "end": half}}
    with pytest.raises(ValueError, match="cannot reach an end"):
        solve_chain(trapped, end_value=lambda end: 0, step=1)
    with pytest.raises(ValueError, match="add up to"):
        solve_chain({"a": {"end": Fraction(1, 3)}}, end_value=lambda end: 0)


def test_share_and_mean_carry_interval_and_sample_size():
    share = Share(50, 100, "games")
    assert str(share) == "50.0% (95% interval 40.4% - 59.6%; 100 games)"
    mean = Mean.of(np.array([1.0, 3.0]), "games")  # mean 2, sd sqrt(2), n 2
    assert mean.mean == 2.0 and mean.half_width == pytest.approx(1.959963984540054)
    assert agrees(Fraction(1, 2), share) and not agrees(0.7, share)
    assert percent(0.000305543) == "0.0306%" and percent(1) == "100%"
