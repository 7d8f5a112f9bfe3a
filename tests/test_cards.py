"""Cards: parsing every accepted spelling, printing, decks D1-D4, value semantics."""

import dataclasses
import itertools
import pickle

import pytest

from pianitsa101 import Card, Rank, Suit, cards, make_deck
from pianitsa101.cards import DECK_SIZES, CardList

# Spellings written out by hand, independent of the parser's tables.
RANK_SPELLINGS = {
    Rank.TWO: ["2"], Rank.THREE: ["3"], Rank.FOUR: ["4"], Rank.FIVE: ["5"], Rank.SIX: ["6"],
    Rank.SEVEN: ["7"], Rank.EIGHT: ["8"], Rank.NINE: ["9"], Rank.TEN: ["10", "T", "t"],
    Rank.JACK: ["J", "j", "В", "в"], Rank.QUEEN: ["Q", "q", "Д", "д"],
    Rank.KING: ["K", "k", "К", "к"], Rank.ACE: ["A", "a", "Т", "т"],
}
SUIT_SPELLINGS = {
    Suit.SPADES: ["♠", "♤", "S", "s", "♠\ufe0f"],
    Suit.CLUBS: ["♣", "♧", "C", "c"],
    Suit.DIAMONDS: ["♦", "♢", "D", "d"],
    Suit.HEARTS: ["♥", "♡", "H", "h"],
}


def test_every_card_of_the_52_deck_round_trips_through_str_and_parse():
    deck = make_deck(52)
    for card in deck:
        assert Card.parse(str(card)) == card
        assert eval(repr(card), {"Card": Card}) == card  # the repr is code you can paste back


def test_str_is_rank_then_suit_symbol():
    assert str(Card(Rank.TEN, Suit.SPADES)) == "10♠"
    assert str(Card(Rank.QUEEN, Suit.HEARTS)) == "Q♥"
    assert str(Card(Rank.ACE, Suit.DIAMONDS)) == "A♦"
    assert str(Card(Rank.SIX, Suit.CLUBS)) == "6♣"


@pytest.mark.parametrize("rank", list(Rank))
@pytest.mark.parametrize("suit", list(Suit))
def test_every_accepted_spelling_parses(rank, suit):
    for rank_text, suit_text in itertools.product(RANK_SPELLINGS[rank], SUIT_SPELLINGS[suit]):
        assert Card.parse(rank_text + suit_text) == Card(rank, suit), rank_text + suit_text


def test_examples_from_the_api():
    assert Card.parse("10♠") == Card.parse("10S") == Card.parse("ts") == Card.parse("10♤")
    assert Card.parse("T♠") == Card(Rank.TEN, Suit.SPADES)
    assert Card.parse("Д♥") == Card(Rank.QUEEN, Suit.HEARTS)
    assert str(Card.parse("10s")) == "10♠"


def test_latin_t_is_a_ten_but_cyrillic_t_is_an_ace():
    assert Card.parse("T♥").rank == Rank.TEN
    assert Card.parse("Т♥").rank == Rank.ACE  # Cyrillic Т: туз


def test_surrounding_spaces_are_ignored():
    assert Card.parse("  Q♣ ") == Card(Rank.QUEEN, Suit.CLUBS)


@pytest.mark.parametrize(
    "text",
    ["11♠", "1♠", "0S", "10", "♠", "", "   ", "10X", "Z♠", "10♠♠", "10 ♠", "AS10", "Joker", "♠10", "Б♠"],
)
def test_rejected_spellings_say_what_was_expected(text):
    with pytest.raises(ValueError) as info:
        Card.parse(text)
    message = str(info.value)
    assert repr(text) in message
    assert "expected a rank" in message and "followed by a suit" in message
    assert "♠" in message and "В Д К Т" in message


def test_parse_refuses_non_strings():
    with pytest.raises(TypeError, match="string"):
        Card.parse(10)


def test_cards_keeps_the_order_written_and_accepts_commas():
    assert cards("6♠ A♥ 10♦") == [Card(Rank.SIX, Suit.SPADES), Card(Rank.ACE, Suit.HEARTS),
                                  Card(Rank.TEN, Suit.DIAMONDS)]
    assert cards("6♠, A♥,10♦") == cards("6♠ A♥ 10♦")
    assert cards("") == []
    assert cards(["Q♠", "qs"]) == [Card(Rank.QUEEN, Suit.SPADES)] * 2
    assert str(cards("6♠ A♥")) == "6♠ A♥"


def test_cards_names_the_bad_word():
    with pytest.raises(ValueError, match="'11♦'"):
        cards("6♠ 11♦")


def _ranks_in(deck):
    return sorted({c.rank for c in deck})


def test_D1_36_card_deck_is_six_to_ace_in_four_suits():
    deck = make_deck(36)
    assert len(deck) == 36 and len(set(deck)) == 36
    assert _ranks_in(deck) == [Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN,
                               Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE]
    assert all(sum(c.suit == s for c in deck) == 9 for s in Suit)


def test_D2_32_card_deck_is_the_36_deck_without_sevens():
    deck = make_deck(32)
    assert len(deck) == 32 and len(set(deck)) == 32
    assert set(deck) == {c for c in make_deck(36) if c.rank != Rank.SEVEN}


def test_D3_52_card_deck_is_two_to_ace_in_four_suits():
    deck = make_deck(52)
    assert len(deck) == 52 and len(set(deck)) == 52
    assert set(deck) == {Card(r, s) for r in Rank for s in Suit}


def test_make_deck_returns_a_new_list_each_time():
    first = make_deck(36)
    first.pop()
    assert len(make_deck(36)) == 36


@pytest.mark.parametrize("size", [0, 31, 33, 40, 54, "36", 36.0, True])
def test_other_deck_sizes_are_refused(size):
    with pytest.raises(ValueError, match="32, 36 or 52"):
        make_deck(size)


def test_deck_sizes_constant():
    assert [len(make_deck(n)) for n in DECK_SIZES] == [32, 36, 52]


def test_card_is_hashable_with_value_semantics():
    a, b = Card(Rank.KING, Suit.SPADES), Card.parse("KS")
    assert a == b and hash(a) == hash(b)
    assert len({a, b, Card.parse("K♥")}) == 2
    assert {a: 1}[b] == 1
    assert a != Card.parse("K♥") and a != "K♠"


def test_card_is_immutable():
    card = Card.parse("A♠")
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.rank = Rank.TWO
    with pytest.raises((AttributeError, TypeError)):
        card.colour = "red"  # slotted: no new attributes either


def test_card_checks_its_fields():
    with pytest.raises(TypeError, match="Rank"):
        Card(14, Suit.SPADES)
    with pytest.raises(TypeError, match="Suit"):
        Card(Rank.ACE, "♠")


def test_card_pickles_and_indexes_are_unique():
    deck = make_deck(52)
    assert sorted(c.index for c in deck) == list(range(52))
    assert all(Card.from_index(c.index) == c for c in deck)
    assert pickle.loads(pickle.dumps(deck)) == deck
    with pytest.raises(ValueError, match=r"0\.\.51"):
        Card.from_index(52)


def test_html_faces_are_red_or_black():
    red, black = Card.parse("Q♥")._repr_html_(), Card.parse("Q♠")._repr_html_()
    assert "Q♥" in red and "#c8102e" in red
    assert "Q♠" in black and "#c8102e" not in black


def test_a_list_of_cards_shows_as_faces():
    html = cards("6♠ A♥")._repr_html_()
    assert html.count('class="p101-card"') == 2 and "6♠" in html and "A♥" in html
    assert "no cards" in CardList()._repr_html_()
    assert isinstance(make_deck(32), CardList)
