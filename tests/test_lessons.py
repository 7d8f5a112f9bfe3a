"""The lesson helpers (``pianitsa101.lessons``): each checked against an answer worked out by hand."""

from collections import Counter
from fractions import Fraction
from itertools import permutations
from math import factorial, prod

import pytest

from pianitsa101 import Card, cards, make_deck
from pianitsa101.lessons import (
    Chart,
    Mean,
    Share,
    agrees,
    as_deals,
    deal_out,
    deal_ranks,
    hist_shares,
    rank_orders,
    shuffled_deals,
    solve_chain,
    with_suits,
)
from pianitsa101.lessons.stats import decimals_for, percent, versus


@pytest.mark.parametrize("counts", [[2, 1], [2, 2, 2], [3, 1, 2], [1, 1, 1, 1], [4]])
def test_rank_orders_lists_every_arrangement_once(counts):
    rows = rank_orders(counts)
    items = [kind for kind, k in enumerate(counts) for _ in range(k)]
    expected = set(permutations(items))  # brute force: every order, duplicates removed
    assert len(rows) == factorial(sum(counts)) // prod(factorial(k) for k in counts)
    assert set(rows) == expected and len(set(rows)) == len(rows)


def test_with_suits_gives_distinct_cards_of_the_right_ranks():
    rows = with_suits(rank_orders([2, 2, 2]), ranks=[6, 13, 14])
    for row in rows:
        dealt = list(row)
        assert all(isinstance(c, Card) for c in dealt) and len(set(dealt)) == 6
        assert Counter(int(c.rank) for c in dealt) == {6: 2, 13: 2, 14: 2}


def test_shuffled_deals_deal_the_whole_deck_as_P2_does():
    deck = make_deck(32)
    deals = shuffled_deals(deck, 200, players=4, seed=1)
    assert len(deals) == 200 and all(len(deal) == 4 and all(len(s) == 8 for s in deal) for deal in deals)
    for deal in deals:
        assert sorted(c.index for stack in deal for c in stack) == sorted(c.index for c in deck)
    again, other = shuffled_deals(deck, 200, players=4, seed=1), shuffled_deals(deck, 200, players=4, seed=2)
    assert deals == again != other
    # every card lands in seat 0's stack sometime (each with chance 1/4 per deal)
    assert {c for deal in deals for c in deal[0]} == set(deck)
    with pytest.raises(ValueError, match="cannot be dealt equally"):
        shuffled_deals(cards("6♠ 7♠ 8♠"), 1, players=2, seed=0)


def test_deal_out_follows_P2_and_the_simulators_take_the_deals():
    from pianitsa101.simulate import simulate_pianitsa

    deal = deal_out(cards("6♠ A♥ A♠ 6♥"), players=2)  # card i to seat i mod 2
    assert deal == [cards("6♠ A♠"), cards("A♥ 6♥")] and deal_ranks(deal) == ((6, 14), (14, 6))
    from pianitsa101.pianitsa import PianitsaGame

    played = simulate_pianitsa(deals=as_deals([deal]))
    assert played.outcome[0] == PianitsaGame.from_stacks(deal).play().outcome == "draw"


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
    assert str(share) == "50.0% (95% interval 40.4% to 59.6%; 100 games)"
    mean = Mean.of([1.0, 3.0], "games")  # mean 2, sd sqrt(2), n 2
    assert mean.mean == 2.0 and mean.half_width == pytest.approx(1.959963984540054)
    assert agrees(Fraction(1, 2), share) and not agrees(0.7, share)
    assert percent(0.000305543) == "0.0306%" and percent(1) == "100%"


def test_an_interval_prints_enough_digits_to_show_a_miss():
    # lesson 04: 200,000 deals, exact 13/77 = 16.883% just above the interval (the review's case)
    exact = Fraction(13, 77)
    for k in range(33_420, 33_460):  # misses and hits, close to the upper end
        share = Share(k, 200_000, "deals")
        line = versus(exact, share)
        printed = line.split("interval ")[1].split(";")[0].replace("%", "").split(" to ")
        shown = float(line.split()[1].rstrip("%,"))
        inside_as_printed = float(printed[0]) <= shown <= float(printed[1])
        assert inside_as_printed == agrees(exact, share) == line.endswith("inside"), line
    assert " to " in str(share) and " - " not in str(share)
    assert decimals_for(0.16) == 2 and decimals_for(0.16, 3) == 3


def test_wilson_upper_end_for_no_successes_is_about_3_84_over_n():
    n = 100_000
    low, high = Share(0, n).interval
    assert low == 0 and high == pytest.approx(1.959963984540054 ** 2 / (n + 1.959963984540054 ** 2))
    assert 3.8 / n < high < 3.9 / n  # not the rule of three, 3/n


def test_hist_shares_and_a_chart_as_svg():
    assert hist_shares([0, 4, 5, 9, 10], [0, 5, 10]) == [40.0, 40.0]  # 10 falls outside the last bin
    chart = Chart("T", xlabel="x (units)", ylabel="y (%)")
    chart.points([1, 2], [3, 4], yerr=[1, 1], label="a")
    chart.points([1, 2], [2, 3], label="b")
    svg = chart.svg()
    assert svg.count("<circle") == 3  # the two points of "a" and its legend key
    assert "<rect x=" in svg and "x (units)" in svg and "y (%)" in svg
    colours = {layer.color for layer in chart.layers}
    markers = {layer.marker for layer in chart.layers}
    assert len(colours) == 2 and len(markers) == 2  # told apart by colour and by marker
