"""The rule functions of Пьяница (``pianitsa/laws.py``), one decision each, on the examples of RULES.md.

Expectations are derived by hand from the rule texts, never from the engine.
"""

from __future__ import annotations

import random

import pytest

from pianitsa101.cards import cards
from pianitsa101.pianitsa.laws import (
    gather,
    joiners,
    leavers,
    lowest_holder,
    lowest_rank,
    outsiders,
    places_after,
    position,
    staked,
    tied,
    winning_rank,
)

A, K, Q, J = 14, 13, 12, 11


def test_P5_the_lowest_rank_of_the_deck_in_play():
    assert lowest_rank(cards("A♠ 9♥ 6♦ K♣")) == 6
    assert lowest_rank(cards("A♠ 2♥ K♣")) == 2
    assert lowest_rank(cards("K♠ A♥ Q♣")) == Q  # a custom deck: its own lowest rank


@pytest.mark.parametrize(("ranks", "best"), [
    ([6, A], 6),  # RULES.md P6: {6, A} -> 6
    ([A, 6, K, 9], K),  # {A, 6, K, 9} -> K
    ([A, 6, 6], 6),  # {A, 6, 6} -> the two sixes tie
    ([A, A, 6], 6),  # {A, A, 6} -> 6
    ([A, K], A),  # no low card: the ace is the highest
    ([6, 9], 9),  # no ace: the low card is just low
])
def test_P4_P5_P6_winning_rank_on_the_examples_of_the_rules(ranks, best):
    assert winning_rank(ranks, lowest=6) == best


def test_P5_option_off_the_ace_wins_and_only_the_lowest_rank_knocks_it_out():
    assert winning_rank([6, A], lowest=6, low_beats_ace=False) == A
    assert winning_rank([7, A], lowest=6) == A  # 7 is not the deck's lowest rank
    assert winning_rank([2, A], lowest=2) == 2  # the 52-card deck: the two beats the ace


def test_P8_the_tied_seats_in_seat_order():
    assert tied({0: 6, 1: A, 2: 6}, 6) == (0, 2)
    assert tied({0: K, 1: 9}, K) == (0,)


@pytest.mark.parametrize(("face_down", "held", "down"),
                         [(0, 5, 0), (1, 5, 1), (3, 4, 3), (3, 3, 2), (3, 1, 0)])
def test_P8_P12_stakes_leave_the_last_card_to_go_face_up(face_down, held, down):
    assert staked(face_down, held) == down


def test_P10_outsiders_keep_their_round0_rank_and_join_on_the_winning_rank():
    outside = outsiders({0: K, 1: K, 2: 9, 3: Q}, K)
    assert outside == {2: 9, 3: Q}
    assert joiners(outside, 9) == [2]
    assert joiners(outside, J) == []


def test_P9_gather_orders():
    table = [(0, "K♠"), (1, "K♥"), (0, "9♠"), (1, "10♥"), (2, "7♣")]
    assert gather(table, 1, "winner_first", None) == ["K♥", "10♥", "K♠", "9♠", "7♣"]
    assert gather(table, 1, "table", None) == ["K♠", "K♥", "9♠", "10♥", "7♣"]
    shuffled = ["K♠", "K♥", "9♠", "10♥", "7♣"]
    random.Random(3).shuffle(shuffled)
    assert gather(table, 1, "random", random.Random(3)) == shuffled  # one shuffle of the table order


def test_P12_nobody_takes_when_nobody_holds_cards():
    assert gather([(0, "K♠"), (1, "K♥")], None, "random", None) == []
    assert lowest_holder([[], ["9♠"], ["K♦"]]) == 1
    assert lowest_holder([[], []]) is None


def test_P11_leavers_and_places_for_both_goals():
    assert leavers([0, 2, 3], [["9♠"], [], [], ["K♦"]]) == (2,)  # seat 1 had already left
    assert places_after([(2,), (0, 3)], (1,), "shed") == [(2,), (0, 3), (1,)]
    assert places_after([(2,), (0, 3)], (1,), "collect") == [(1,), (0, 3), (2,)]
    assert places_after([(0, 1)], (), "shed") == [(0, 1)]  # a draw: nobody still holds cards


def test_P13_positions_compare_ranks_in_order_never_suits():
    assert position([cards("A♠ 6♥"), cards("K♦")]) == position([cards("A♣ 6♦"), cards("K♥")])
    assert position([cards("A♠ 6♥"), cards("K♦")]) != position([cards("6♥ A♠"), cards("K♦")])
    assert position([cards("A♠"), cards("K♦")]) != position([cards("K♦"), cards("A♠")])
