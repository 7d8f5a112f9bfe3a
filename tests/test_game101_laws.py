"""The rule functions of 101 (``game101/laws.py``), one small case per rule; expectations derived by hand."""

from __future__ import annotations

import pytest

from pianitsa101.cards import Card, Rank, Suit
from pianitsa101.game101 import Round101, Rules101
from pianitsa101.game101.laws import (
    can_pass_on,
    hand_points,
    is_flush,
    may_cover,
    may_play_on,
    next_seat,
    passed_on,
    penalty,
    queen_bonus,
    reverses,
)


def C(text: str) -> Card:
    return Card.parse(text)


@pytest.mark.parametrize(("card", "top", "ok"), [("8♠", "7♠", True), ("7♥", "7♠", True), ("8♥", "7♠", False)])
def test_R6_same_suit_or_same_rank(card, top, ok):
    assert may_play_on(C(card), C(top), None, Rules101()) is ok


def test_R4_anything_goes_on_an_empty_table():
    assert may_play_on(C("2♦"), None, None, Rules101())


@pytest.mark.parametrize(("card", "ok"), [("9♠", True), ("9♥", False), ("Q♦", True), ("Q♠", True)])
def test_R14_the_ordered_suit_or_another_queen(card, ok):
    assert may_play_on(C(card), C("Q♥"), Suit.SPADES, Rules101()) is ok


def test_R14_queen_wild_goes_on_anything():
    assert not may_play_on(C("Q♦"), C("7♠"), None, Rules101())
    assert may_play_on(C("Q♦"), C("7♠"), None, Rules101(queen_wild=True))


def test_R9_cover_follows_R6_and_cover_any_takes_anything():
    assert may_cover(C("6♥"), C("6♠"), Rules101()) and may_cover(C("9♠"), C("6♠"), Rules101())
    assert not may_cover(C("9♥"), C("6♠"), Rules101())
    assert may_cover(C("9♥"), C("6♠"), Rules101(six="cover_any"))


@pytest.mark.parametrize(("card", "rules", "amount"), [
    ("7♥", Rules101(), 2), ("7♠", Rules101(seven_of_spades_draw=4), 4), ("7♥", Rules101(seven_draw=4), 4),
    ("K♠", Rules101(), 4), ("K♥", Rules101(), 0), ("6♣", Rules101(), 0),
    ("6♣", Rules101(six="draw2_skip"), 2), ("6♣", Rules101(six="draw1_skip"), 1), ("A♠", Rules101(), 0),
])
def test_R9_R10_R15_penalty_of_a_card(card, rules, amount):
    assert penalty(C(card), rules) == amount


def test_R16_passing_on_doubles_or_adds():
    assert passed_on(2, C("7♥"), Rules101()) == 4 and passed_on(4, C("7♦"), Rules101()) == 8
    add = Rules101(chain="add")
    assert passed_on(2, C("7♥"), add) == 4 and passed_on(4, C("7♦"), add) == 6


def test_R15_R16_what_passes_a_penalty_on():
    assert can_pass_on(C("7♦"), Rank.SEVEN, Rules101())
    assert not can_pass_on(C("8♦"), Rank.SEVEN, Rules101())
    assert not can_pass_on(C("7♦"), Rank.SEVEN, Rules101(chain="off"))
    assert not can_pass_on(C("K♠"), Rank.KING, Rules101())  # R15: never


def test_R5_R11_R13_next_seat_and_reversing():
    assert [next_seat(s, 1, 3) for s in range(3)] == [1, 2, 0]
    assert [next_seat(s, -1, 3) for s in range(3)] == [2, 0, 1]
    assert next_seat(next_seat(0, 1, 2), 1, 2) == 0  # R11: skipping the other player gives the turn back
    assert reverses(C("10♠"), 3) and not reverses(C("10♠"), 2) and not reverses(C("9♠"), 4)


def test_R19_hand_points_by_the_table():
    assert hand_points([C("A♠"), C("Q♥"), C("7♦"), C("J♣"), C("K♦")], Rules101()) == 11 + 3 + 7 + 2 + 4
    cheap_aces = Rules101(points={**{r: 1 for r in Rank}, Rank.ACE: 0})
    assert hand_points([C("A♠"), C("9♥")], cheap_aces) == 1


def test_R20_R21_queen_bonus_and_flush():
    assert queen_bonus([C("Q♥")]) == -20 and queen_bonus([C("Q♠")]) == -40
    assert queen_bonus([C("Q♦"), C("Q♠")]) == -60 and queen_bonus([C("7♠")]) == 0
    assert is_flush([C("Q♦"), C("Q♠")]) and not is_flush([C("Q♦")]) and not is_flush([C("Q♦"), C("7♠")])


def test_R6_R14_the_round_lists_exactly_the_cards_the_rule_function_allows():
    rnd = Round101.from_hands(hands=["9♠ 9♥ Q♦ 7♣", "8♣ 8♦"], stock="6♦", discard="10♥ Q♥",
                              ordered_suit=Suit.SPADES)
    listed = {m.card for m in rnd.legal_moves()}
    assert listed == {c for c in rnd.hands[0] if may_play_on(c, rnd.top, Suit.SPADES, rnd.rules)}
    assert listed == {C("9♠"), C("Q♦")}
