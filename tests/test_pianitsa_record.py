"""Game records of Пьяница: history, JSON round trips (also mid-game and with gather="random"),
step-by-step views for animation, and the HTML shown in notebooks."""

from __future__ import annotations

import json
import random

from pianitsa101.cards import Card, cards
from pianitsa101.pianitsa import PianitsaGame, PianitsaRules


def test_record_history_keeps_every_trick_in_order():
    game = PianitsaGame.from_stacks(["9♠", "K♥ 8♥", "10♦ Q♦"])
    played = [game.play_trick(), game.play_trick()]
    assert list(game.history) == played and game.last_trick is played[-1]
    assert [t.number for t in game.history] == [1, 2]
    result = game.play()
    assert [t.number for t in result.history] == [1, 2, 3, 4] and result.history[:2] == tuple(played)


def test_record_history_after_fast_play_is_replayed_exactly():
    fast = PianitsaGame.deal(players=3, seed=8)
    result = fast.play()
    slow = PianitsaGame.deal(players=3, seed=8)
    while not slow.over:
        slow.play_trick()
    assert result.history == slow.history and len(result.history) == result.tricks


def test_record_steps_give_table_order_with_stakes_for_animation():
    trick = PianitsaGame.from_stacks(["K♠ A♠ 9♠ 3♠", "K♥ 8♥ 10♥ 3♥"],
                                     PianitsaRules(dispute_face_down=1)).play_trick()
    assert [(r, s, str(c), up) for r, s, c, up in trick.steps()] == [
        (0, 0, "K♠", True), (0, 1, "K♥", True),
        (1, 0, "A♠", False), (1, 0, "9♠", True), (1, 1, "8♥", False), (1, 1, "10♥", True)]
    assert trick.summary() == "trick 1: 0:K♠ 1:K♥ | 0:▮9♠ 1:▮10♥ -> seat 1 takes 6"


def test_record_json_round_trip_at_start_mid_game_and_end():
    game = PianitsaGame.deal(players=4, seed=3)
    for stop in (0, 7, None):
        while not game.over and (stop is None or game.tricks < stop):
            game.play_trick()
        text = game.to_json()
        again = PianitsaGame.from_json(text)
        assert again.to_json() == text
        assert (again.stacks, again.tricks, again.disputes, again.outcome, again.places) == (
            game.stacks, game.tricks, game.disputes, game.outcome, game.places)
        assert again.history == game.history


def test_record_json_is_readable_text():
    game = PianitsaGame.from_stacks(["A♠ 6♥", "K♦ 6♣"], PianitsaRules(gather="table"))
    game.play_trick()
    data = json.loads(game.to_json())
    assert data["deal"] == ["A♠ 6♥", "K♦ 6♣"]
    assert data["rules"]["gather"] == "table" and data["rng_state"] is None
    assert data["tricks"][0]["rounds"] == [{"0": "A♠", "1": "K♦"}]
    assert data["tricks"][0]["gathered"] == "A♠ K♦"


def test_record_json_with_random_gather_continues_identically():
    rules = PianitsaRules(gather="random")
    game = PianitsaGame.deal(players=3, rules=rules, seed=21)
    for _ in range(25):
        game.play_trick()
    again = PianitsaGame.from_json(game.to_json())
    for _ in range(30):
        if game.over:
            break
        assert again.play_trick() == game.play_trick()
    assert again.stacks == game.stacks
    assert again.play().tricks == game.play().tricks
    assert again.to_json() == game.to_json()


def test_record_json_after_fast_play_with_random_gather():
    game = PianitsaGame.deal(players=2, rules=PianitsaRules(gather="random"), seed=2)
    result = game.play()
    again = PianitsaGame.from_json(game.to_json())
    assert (again.outcome, again.tricks, again.places) == (result.outcome, result.tricks, result.places)


def test_record_json_of_a_draw_keeps_the_table():
    game = PianitsaGame.from_stacks(["K♠ 9♠", "K♥ 9♦"])
    game.play()
    again = PianitsaGame.from_json(game.to_json())
    assert again.outcome == "draw" and again.table == cards("K♠ K♥ 9♠ 9♦")


def test_P9_rng_keyword_is_copied_so_later_use_cannot_change_the_game():
    rules = PianitsaRules(gather="random")
    rng = random.Random(5)
    game = PianitsaGame.deal(players=2, rules=rules, rng=rng)
    rng.random()  # the caller keeps using its generator
    same = PianitsaGame.deal(players=2, rules=rules, seed=5)
    assert game.play().tricks == same.play().tricks and game.stacks == same.stacks


def test_record_html_of_game_and_trick():
    game = PianitsaGame.from_stacks(["K♠ Q♠ 8♠ 6♠", "K♥ 10♥ 6♥", "Q♦ J♦ 6♦"])
    assert "seat 0" in game._repr_html_() and "0 tricks" in game._repr_html_()
    trick = game.play_trick()
    page = game._repr_html_()
    assert "Last trick" in page and "1 trick," in page and "J♦" in page  # not "1 tricks"
    view = trick._repr_html_()
    assert "dispute 2 (joined: 2)" in view and "seat 2 takes 7 cards" in view
    draw = PianitsaGame.from_stacks(["K♠", "K♥"])
    draw.play()
    assert "draw" in draw._repr_html_() and "On the table" in draw._repr_html_()
    assert Card.parse("K♠")._repr_html_() in draw._repr_html_()


def test_P4_play_to_the_end_gives_the_cards_and_records_of_trick_by_trick_play():
    # play() and play_trick() after play_trick() must leave the same cards and the same records.
    for rules in (PianitsaRules(), PianitsaRules(gather="random"), PianitsaRules(gather="table")):
        fast = PianitsaGame.deal(players=3, rules=rules, seed=17)
        fast.play()
        slow = PianitsaGame.deal(players=3, rules=rules, seed=17)
        while not slow.over:
            slow.play_trick()
        assert fast.stacks == slow.stacks and fast.history == slow.history
    draw = PianitsaGame.from_stacks(["K♠ 9♠ Q♠", "K♥ 9♦ Q♥"], PianitsaRules(gather="table"))
    draw.play()  # K K, 9 9, Q Q, nobody: a draw; the table is shown as cards
    assert draw.outcome == "draw" and draw.table == cards("K♠ K♥ 9♠ 9♦ Q♠ Q♥")
