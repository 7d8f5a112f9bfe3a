"""Пьяница against bad input: records of every kind of damage are ValueErrors, bounded stakes,
numpy seeds and random.SystemRandom, a checked direct constructor, and text tables for the prompt."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from pianitsa101.pianitsa import PianitsaGame, PianitsaRules


def saved(gather: str = "random", seed: int = 3, tricks: int = 4) -> dict:
    game = PianitsaGame.deal(players=2, rules=PianitsaRules(gather=gather), seed=seed)
    for _ in range(tricks):
        game.play_trick()
    return json.loads(game.to_json())


def test_P8_stakes_are_bounded_by_the_deck():
    with pytest.raises(ValueError, match="dispute_face_down must be a whole number 0 or more, at most 52"):
        PianitsaRules(dispute_face_down=2**63)
    with pytest.raises(ValueError, match="at most 52"):
        PianitsaRules(dispute_face_down=53)
    big = PianitsaGame.from_stacks(["K♠ 7♠ 8♠ 9♠", "K♥ Q♥"], PianitsaRules(dispute_face_down=52)).play()
    same = PianitsaGame.from_stacks(["K♠ 7♠ 8♠ 9♠", "K♥ Q♥"], PianitsaRules(dispute_face_down=3)).play()
    assert (big.outcome, big.places, big.tricks) == (same.outcome, same.places, same.tricks)  # P12


@pytest.mark.parametrize(("text", "message"), [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ("9" * 5000, "JSON expected"),
    ("", "JSON expected"),
])
def test_P2_non_json_records_are_value_errors(text, message):
    with pytest.raises(ValueError, match=message):
        PianitsaGame.from_json(text)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(rng_state={"a": 1}), "rng_state is not a random.Random state"),
    (lambda d: d["rng_state"][1].__setitem__(0, 2**70), "rng_state is not a random.Random state"),
    (lambda d: d["rng_state"][1].pop(), "rng_state is not a random.Random state"),
    (lambda d: d["rng_state"].__setitem__(0, 99), "rng_state is not a random.Random state"),
    (lambda d: d.update(rules=[1, 2]), "rules must be a dict"),
    (lambda d: d["rules"].update(dispute_face_down=2**70), "dispute_face_down must be a whole number"),
    (lambda d: d.update(deal="A♠ 6♥"), "deal must be a list of stacks"),
    (lambda d: d["deal"].__setitem__(0, 7), "the record's deal: seat 0: a stack is a list of cards"),
    (lambda d: d["deal"].__setitem__(1, d["deal"][0]), "the record's deal: .* appears twice"),
    (lambda d: d.update(tricks="1"), "tricks must be a list of trick records"),
    (lambda d: d["tricks"].__setitem__(0, [1]), "tricks must be a list of trick records"),
    (lambda d: d["tricks"].__setitem__(1, {"number": [[[]]]}), "trick 2 of the record does not follow"),
])
def test_P2_damaged_records_name_what_is_wrong(change, message):
    data = saved()
    change(data)
    with pytest.raises(ValueError, match=message):
        PianitsaGame.from_json(json.dumps(data))


def test_P2_from_json_of_something_that_is_not_text_is_a_type_error():
    with pytest.raises(TypeError, match="JSON text"):
        PianitsaGame.from_json(None)


def test_P2_numpy_seeds_deal_as_python_ints_do():
    rules = PianitsaRules(gather="random")
    a = PianitsaGame.deal(players=3, rules=rules, seed=np.int64(11)).play()
    b = PianitsaGame.deal(players=3, rules=rules, seed=11).play()
    assert (a.outcome, a.places, a.tricks, a.disputes) == (b.outcome, b.places, b.tricks, b.disputes)
    assert PianitsaGame.from_stacks(["A♠ 6♥", "K♦ 6♣"], seed=np.int32(2)).play().tricks == 2
    with pytest.raises(ValueError, match="seed must be a whole number"):
        PianitsaGame.deal(players=2, seed=2.5)


@pytest.mark.parametrize("gather", ["random", "winner_first"])
def test_P9_system_random_works_and_the_game_still_replays(gather):
    game = PianitsaGame.deal(players=2, rules=PianitsaRules(gather=gather), rng=random.SystemRandom())
    for _ in range(5):
        if not game.over:
            game.play_trick()
    again = PianitsaGame.from_json(game.to_json())
    assert again.stacks == game.stacks and again.to_json() == game.to_json()
    assert game.play().outcome in ("finished", "cycle", "limit", "draw")


def test_P2_the_direct_constructor_checks_its_stacks():
    with pytest.raises(ValueError, match="stacks must be a list of stacks"):
        PianitsaGame(None)
    with pytest.raises(ValueError, match="appears twice"):
        PianitsaGame(["A♠ 6♥", "A♠"])
    with pytest.raises(ValueError, match="rules must be a PianitsaRules"):
        PianitsaGame(["A♠", "K♠"], rules="fast")
    game = PianitsaGame(["A♠ 6♥", "K♦ 6♣"], PianitsaRules(gather="random"))  # gets a generator of its own
    assert game.play().outcome == "finished"


def test_P2_plurals_read_right():
    with pytest.raises(ValueError, match=r"^1 card cannot be dealt equally to 2 players \(P2\)$"):
        PianitsaGame.deal(players=2, deck=["A♠"])
    game = PianitsaGame.from_stacks(["A♠ 6♥", "K♦ 6♣"])
    game.play_trick()
    assert "1 trick," in repr(game) and "1 trick, 0 dispute rounds" in str(game)


def test_P7_P8_print_trick_is_a_table_with_the_winning_rank_marked():
    game = PianitsaGame.from_stacks(["K♠ A♠ 9♠ 3♠", "K♥ 8♥ 10♥ 3♥", "2♦ 5♦"],
                                    PianitsaRules(dispute_face_down=1))
    trick = game.play_trick()
    assert str(trick).splitlines() == [
        "trick 1    seat 0  seat 1  seat 2",
        "cards      K♠*     K♥*     2♦",
        "dispute 1  ▮9♠     ▮10♥*",
        "seat 1 takes 7 cards (* the winning rank, P6)",
    ]
    assert trick.summary() == "trick 1: 0:K♠ 1:K♥ 2:2♦ | 0:▮9♠ 1:▮10♥ -> seat 1 takes 7"


def test_P10_P11_P12_print_trick_notes_joiners_leavers_and_draws():
    # P10: seat 2's round-0 9 matches the winning 9 of the first dispute, so it joins the second.
    joined = PianitsaGame.from_stacks(["K♠ 9♠ 2♠", "K♥ 8♥ 3♥", "9♦ 10♦"]).play_trick()
    assert "dispute 2: seat 2 joined, holding the winning rank from round 0 (P10)" in str(joined)
    draw = PianitsaGame.from_stacks(["K♠", "K♥"]).play_trick()  # P12: nobody has a card for the dispute
    text = str(draw)
    assert "dispute 1  -       -" in text and "nobody can take the 2 cards: a draw (P12)" in text
    assert "seat 0, seat 1: no cards left, out of the game (P11)" in text


def test_P11_print_game_shows_stacks_places_and_the_drunkard():
    game = PianitsaGame.from_stacks(["A♠ 6♥", "K♦ 6♣"])
    assert str(game).splitlines() == [
        "Пьяница, 2 players: 0 tricks, 0 dispute rounds, in play",
        "  seat 0: 2 cards, next A♠",
        "  seat 1: 2 cards, next K♦",
    ]
    game.play()
    lines = str(game).splitlines()
    assert lines[:4] == [
        "Пьяница, 2 players: 2 tricks, 1 dispute round, outcome finished",
        "  seat 0: 4 cards, next K♦: the drunkard",  # 6♥ A♠ K♦, then K♦ 6♥ A♠ 6♣ (P9, P12)
        "  seat 1: 0 cards, out (1st place, P11)",
        "places: 1st seat 1; 2nd seat 0",
    ]
    assert lines[4] == "last trick:" and lines[5].startswith("trick 2")
