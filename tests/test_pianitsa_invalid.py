"""Every invalid input to the Пьяница engine gets a clear ValueError naming the problem."""

from __future__ import annotations

import re

import pytest

from pianitsa101.cards import cards
from pianitsa101.pianitsa import PianitsaGame, PianitsaRules


@pytest.mark.parametrize(("option", "value", "message"), [
    ("low_beats_ace", 1, "low_beats_ace must be True or False; got 1"),
    ("low_beats_ace", "yes", "low_beats_ace must be True or False"),
    ("second_disputes", None, "second_disputes must be True or False; got None"),
    ("dispute_face_down", -1, "dispute_face_down must be a whole number 0 or more"),
    ("dispute_face_down", 1.5, "dispute_face_down must be a whole number 0 or more"),
    ("dispute_face_down", True, "dispute_face_down must be a whole number 0 or more"),
    ("gather", "sorted", "gather must be one of 'winner_first', 'table', 'random'; got 'sorted'"),
    ("gather", None, "gather must be one of 'winner_first', 'table', 'random'"),
    ("goal", "win", "goal must be one of 'shed', 'collect'; got 'win'"),
    ("max_tricks", 0, "max_tricks must be a whole number 1 or more, at most 1,000,000"),
    ("max_tricks", 10.0, "max_tricks must be a whole number 1 or more"),
    ("max_tricks", 10**30, "max_tricks must be a whole number 1 or more, at most 1,000,000"),
    ("max_tricks", 1_000_001, "max_tricks must be a whole number 1 or more, at most 1,000,000"),
])
def test_rules_invalid_option_names_option_and_allowed_values(option, value, message):
    with pytest.raises(ValueError, match="^PianitsaRules: " + re.escape(message)):
        PianitsaRules(**{option: value})


def test_rules_are_frozen():
    rules = PianitsaRules()
    with pytest.raises(AttributeError):
        rules.gather = "table"


@pytest.mark.parametrize("players", [0, 1, 9, -2, 2.0, True, "2"])
def test_P1_wrong_player_counts_are_refused(players):
    with pytest.raises(ValueError, match="Пьяница is played by 2 to 8 players"):
        PianitsaGame.deal(players=players)


@pytest.mark.parametrize(("players", "deck", "message"), [
    (3, 32, r"^32 cards cannot be dealt equally to 3 players"),
    (3, 52, r"^52 cards cannot be dealt equally to 3 players"),
    (5, 36, r"^36 cards cannot be dealt equally to 5 players"),
    (7, 52, r"^52 cards cannot be dealt equally to 7 players"),
    (2, 40, r"a deck size is 32, 36 or 52 \(or give a list of cards\); got 40"),
    (2, "36", r"deck must be 32, 36, 52 or a list of cards; got '36'"),
    (2, [], r"^0 cards cannot be dealt equally to 2 players"),
    (3, cards("6♠ 7♠"), r"^2 cards cannot be dealt equally to 3 players"),
])
def test_P2_decks_that_cannot_be_dealt_are_refused(players, deck, message):
    with pytest.raises(ValueError, match=message):
        PianitsaGame.deal(players=players, deck=deck)


def test_P2_custom_deck_with_a_duplicate_card_is_refused():
    with pytest.raises(ValueError, match="the deck holds 6♠ twice; a deck must hold distinct cards"):
        PianitsaGame.deal(players=2, deck=cards("6♠ 7♠ 6♠ 8♠"))


def test_P2_custom_deck_with_unreadable_or_foreign_items_is_refused():
    with pytest.raises(ValueError, match="cannot read '11♠' as a card"):
        PianitsaGame.deal(players=2, deck=["6♠", "11♠"])
    with pytest.raises(ValueError, match="a deck holds cards"):
        PianitsaGame.deal(players=2, deck=[6, 7])


def test_P2_seed_and_rng_together_are_refused():
    import random

    with pytest.raises(ValueError, match="give a seed or an rng"):
        PianitsaGame.deal(players=2, seed=1, rng=random.Random(1))
    with pytest.raises(ValueError, match=r"rng must be a random\.Random"):
        PianitsaGame.deal(players=2, rng=42)


def test_P2_rules_of_the_wrong_type_are_refused():
    with pytest.raises(ValueError, match="rules must be a PianitsaRules"):
        PianitsaGame.deal(players=2, rules={"gather": "table"})


@pytest.mark.parametrize(("stacks", "message"), [
    (["A♠ 6♥"], "Пьяница is played by 2 to 8 players; got 1"),
    ([cards("6♠")] * 1 + [cards(str(c)) for c in cards("7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠")],
     "Пьяница is played by 2 to 8 players; got 9"),
    (["A♠ 6♥", ""], "every stack needs at least one card; seat 1 has none"),
    (["A♠ 6♥", "K♦ 6♥"], "6♥ appears twice; every card must be distinct"),
    (["A♠", [5]], "a stack holds cards"),
    ("A♠ 6♥", "stacks must be a list of stacks"),
])
def test_P2_from_stacks_invalid(stacks, message):
    with pytest.raises(ValueError, match=message):
        PianitsaGame.from_stacks(stacks)


def test_P11_no_trick_after_the_game_is_over_and_state_unchanged():
    game = PianitsaGame.from_stacks(["A♠", "K♦"])
    game.play()
    before = (game.stacks, game.tricks, game.outcome, game.to_json())
    with pytest.raises(ValueError, match="the game is over \\(outcome 'finished'\\)"):
        game.play_trick()
    assert (game.stacks, game.tricks, game.outcome, game.to_json()) == before
    assert game.play().tricks == 1  # play() on a finished game only reports


@pytest.mark.parametrize("text", ["", "[]", '{"format": "other"}', "not json"])
def test_record_from_json_refuses_what_is_not_a_record(text):
    with pytest.raises(ValueError, match="not a Пьяница game record"):
        PianitsaGame.from_json(text)


def test_record_from_json_refuses_a_record_that_does_not_follow_from_its_deal():
    game = PianitsaGame.from_stacks(["A♠ 9♠ 8♠", "K♦ 10♦ 7♦"])
    game.play_trick()
    text = game.to_json()
    with pytest.raises(ValueError, match="trick 1 of the record does not follow from its deal"):
        PianitsaGame.from_json(text.replace('"taker": 0', '"taker": 1'))
    with pytest.raises(ValueError, match="gather must be one of"):
        PianitsaGame.from_json(text.replace('"gather": "winner_first"', '"gather": "sorted"'))
