"""PianitsaTable driven from Python, as a person clicks it: whole games, disputes, the back-slider."""

import re

import pytest

from pianitsa101.cardart import BACK_COLOR
from pianitsa101.pianitsa import PianitsaGame, PianitsaRules
from pianitsa101.widgets import PianitsaTable
from pianitsa101.widgets.pianitsa_view import Moment, end_text

TIED, WINNER = "#e09b00", "#1f8f45"  # the frames of tied and winning cards (cardart)
# Seats 0 and 1 tie with kings (P8), with one stake each; seat 0's 9 wins the dispute, and
# seat 2, whose first card was a 9 too, joins a second dispute (P10): seat 0's 6 knocks
# out seat 2's ace (P5, P6).
SECOND = [
    "K♠ 8♦ 9♠ J♣ 6♥ K♣ A♠ J♥ 8♥ 6♠ J♠ 10♠",
    "K♥ 10♣ 7♦ A♥ 10♦ 7♠ Q♥ K♦ 8♣ 7♥ Q♦ 9♣",
    "9♦ Q♠ A♣ Q♣ 6♣ A♦ J♦ 9♥ 10♥ 8♠ 6♦ 7♣",
]
STAKE = PianitsaRules(dispute_face_down=1)


def text(html: str) -> str:
    """The words of an HTML view (tags dropped)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def stack_counts(table: PianitsaTable) -> list[int]:
    return [int(item["note"].split()[0]) for item in table.stacks.items]


def test_P8_P10_dispute_view_shows_stakes_ties_the_second_dispute_and_the_gathered_order():
    table = PianitsaTable(game=PianitsaGame.from_stacks(SECOND, rules=STAKE))
    trick = table.next_trick()
    view = table.trick_view.value
    words = text(view)
    assert trick.joined == [(), (), (2,)] and trick.taker == 0
    assert "dispute 1" in words and "second dispute" in words
    assert (
        "Seat 2 joins: its 9♦ from the first round has the rank of the winning 9♠" in words
    )  # P10, who and why
    assert "the 6♥ knocks out the ace" in words  # P5-P6
    assert view.count(BACK_COLOR) == 4  # four stakes face down (P8), one per disputing player and round
    assert view.count(TIED) == 4  # K♠ K♥ tie; 9♠ and seat 2's 9♦ are matched in the second dispute
    assert view.count(WINNER) == 1  # the 6♥ takes the trick
    assert "Seat 0 takes the trick: 11 cards" in words
    # P9: the gathered cards, in the order they go under the taker's stack
    order = " ".join(map(str, trick.gathered))
    assert f"<title>{order}</title>" in view
    assert order.startswith("K♠ 8♦ 9♠ J♣ 6♥")  # winner_first: the taker's own cards first
    # rule ids with their one-line text on hover
    assert 'title="P10: Second dispute' in view and 'title="P8: Dispute' in view


def test_P12_a_player_who_runs_out_inside_a_dispute_is_said_in_words():
    table = PianitsaTable(game=PianitsaGame.from_stacks(["K♠", "K♥ 9♦", "7♣ 8♣"]))
    table.next_trick()
    assert "seat 0 has no card left and stops taking part" in text(table.trick_view.value)
    assert "Seat 0 has no cards left and leaves the game" in text(table.trick_view.value)  # P11
    assert stack_counts(table) == [0, 4, 1]  # K♠ K♥ 7♣ 9♦ under seat 1
    assert "out: place 1" in table.stacks.items[0]["note"]


def test_P12_draw_is_said_at_the_end():
    table = PianitsaTable(game=PianitsaGame.from_stacks(["K♠", "K♥"]))
    table.next_trick()
    assert table.at_end and "A draw (P12)" in table.status.value and "2 cards stay" in table.status.value


def test_a_whole_game_clicked_through_the_stacks_ends_with_places_in_words():
    table = PianitsaTable(players=3, seed=5)
    clicks = 0
    while not table.at_end:
        seat = next(i for i, item in enumerate(table.stacks.items) if item["playable"])
        assert table.stacks.click(f"seat{seat}")
        clicks += 1
    game = table.game
    assert clicks == game.tricks == table.shown and game.outcome == "finished"
    drunkard = game.places[-1][0]
    assert f"seat {drunkard} is the drunkard" in table.status.value
    assert "the drunkard" in table.stacks.items[drunkard]["note"]
    assert table.plot.value.count("<polyline") == 3  # one line of stack sizes per seat
    assert table.log_area.lines[0].startswith(f"trick {game.tricks}:")
    assert table.next_button.disabled and table.end_button.disabled


def test_play_to_end_gives_the_same_game_as_the_engine():
    table = PianitsaTable(players=2, seed=11)
    table.play_to_end()
    alone = PianitsaGame.deal(players=2, seed=11).play()
    assert (table.game.tricks, table.game.places) == (alone.tricks, alone.places)
    assert f"Game over after {alone.tricks} tricks" in table.status.value
    assert table.trick_slider.max == alone.tricks == table.trick_slider.value


def test_the_back_slider_shows_any_earlier_trick_and_steps_forward_through_the_records():
    table = PianitsaTable(players=2, seed=3, rules=PianitsaRules(gather="random"))
    for _ in range(10):
        table.next_trick()
    table.trick_slider.value = 3  # drag the slider back
    assert table.shown == 3 and table.played == 10
    fresh = PianitsaGame.deal(players=2, seed=3, rules=PianitsaRules(gather="random"))
    for _ in range(3):
        fresh.play_trick()
    assert stack_counts(table) == [len(s) for s in fresh.stacks]  # the position after trick 3
    assert "trick 3 of 10" in table.header.value
    again = table.next_trick()  # forward again: the recorded trick 4, nothing new is played
    assert table.played == 10 and table.shown == 4
    assert str(again) == str(fresh.play_trick())  # the engine's record replays exactly
    table.show_trick(0)
    assert stack_counts(table) == [16, 16] and "The cards are dealt" in text(table.trick_view.value)
    with pytest.raises(ValueError, match="0 to 10"):
        table.show_trick(11)


def test_clicks_in_the_wrong_state_change_nothing():
    table = PianitsaTable(game=PianitsaGame.from_stacks(["K♠", "K♥ 9♦", "7♣ 8♣"]))
    table.next_trick()  # seat 0 is out
    before = (table.game.tricks, table.shown, table.trick_view.value)
    assert not table.stacks.click("seat0")  # the stack of a player who has left
    assert not table.stacks.click("seat7") and not table.click_seat(0)  # a seat that is not there
    assert (table.game.tricks, table.shown, table.trick_view.value) == before
    table.play_to_end()
    end = (table.game.tricks, table.shown, table.status.value)
    assert table.next_trick() is None and not table.click_seat(1)
    table.autoplay.value += 1  # the autoplay timer ticking after the end
    assert (table.game.tricks, table.shown, table.status.value) == end
    assert table.stacks.refused >= 2


def test_autoplay_plays_a_trick_per_tick_and_stops_at_the_end():
    table = PianitsaTable(game=PianitsaGame.from_stacks(["A♠ 7♦", "6♥ 8♣"]))
    table.speed.value = 10
    assert table.autoplay.interval == 100
    table.autoplay.playing = True
    table.autoplay.value += 1
    assert table.shown == 1
    while not table.at_end:
        table.autoplay.value += 1
    assert not table.autoplay.playing and table.autoplay.disabled


def test_new_deal_with_impossible_settings_says_why_and_changes_nothing():
    table = PianitsaTable(players=2, seed=1)
    game = table.game
    table.players_control.value = 5  # P1: 5 players need a deck given explicitly
    assert not table.new_deal()
    assert table.game is game and "5 players need a deck" in table.status.value
    table.players_control.value = 3
    table.rule_controls["goal"].value = "collect"
    assert table.new_deal()
    assert table.game.players == 3 and table.game.rules.goal == "collect" and table.seed_control.value == 2
    table.play_to_end()
    assert "collected every card and wins" in table.status.value  # P11 collect


def test_a_stacked_deal_restarts_with_the_rules_shown():
    table = PianitsaTable(game=PianitsaGame.from_stacks(SECOND, rules=STAKE))
    assert "a stacked deal" in table.header.value
    table.rule_controls["second_disputes"].value = False  # P10 off
    assert table.restart()
    trick = table.next_trick()
    assert not trick.second_dispute and trick.taker == 0 and trick.disputes == 1
    assert "second dispute" not in text(table.trick_view.value)


def test_a_game_already_started_is_shown_where_it_is_and_from_its_deal():
    game = PianitsaGame.from_stacks(["A♠ 7♦ 9♣", "6♥ 8♣ 10♦"])
    game.play_trick()
    table = PianitsaTable(game=game)
    assert table.shown == 1
    table.show_trick(0)
    assert stack_counts(table) == [3, 3]


def test_P13_a_cycle_ends_with_the_trick_where_the_position_was_first_seen():
    rules = PianitsaRules(gather="table")
    seed = next(
        s for s in range(100) if PianitsaGame.deal(players=2, rules=rules, seed=s).play().outcome == "cycle"
    )
    table = PianitsaTable(players=2, rules=rules, seed=seed)
    table.play_to_end()
    start = table.game.result().cycle_start
    assert f"the position after trick {table.played} is the one first seen after trick {start}" in (
        table.status.value
    ) or (start == 0 and "at the deal" in table.status.value)


def test_russian_table():
    table = PianitsaTable(game=PianitsaGame.from_stacks(SECOND, rules=STAKE), lang="ru")
    table.next_trick()
    words = text(table.trick_view.value)
    assert "второй спор" in words and "Место 2 вступает в спор" in words and "бьёт туза" in words
    assert "seat" not in words.lower() and "dispute" not in words
    table.play_to_end()
    assert "пьяница" in table.status.value and table.next_button.description == "Следующая взятка"
    assert "Д" in table.trick_view.value or "В" in table.trick_view.value or "К" in table.trick_view.value


def test_the_pictures_are_pure_functions_of_the_game():
    game = PianitsaGame.from_stacks(["A♠ 7♦", "6♥ 8♣"])
    assert end_text(Moment.of(game, 0, (2, 2)), "en") is None
    game.play()
    moment = Moment.of(game, game.tricks, (2, 2))
    assert moment.over and end_text(moment, "en") == end_text(Moment.of(game, game.tricks, (2, 2)), "en")
    assert "is the drunkard" in end_text(moment, "en")


def test_seeded_random_games_over_every_option_draw_without_error_and_lose_no_card():
    import itertools
    import random

    rng = random.Random(0)
    options = itertools.product((True, False), (0, 2), ("winner_first", "table", "random"), (True, False),
                                ("shed", "collect"))
    for i, (low, down, gather, second, goal) in enumerate(options):
        rules = PianitsaRules(low_beats_ace=low, dispute_face_down=down, gather=gather,
                              second_disputes=second, goal=goal, max_tricks=300)
        players = (2, 3, 4, 6)[i % 4]
        table = PianitsaTable(players=players, rules=rules, seed=i, lang=("en", "ru")[i % 2])
        total = sum(stack_counts(table))
        while not table.at_end:
            if rng.random() < 0.1 and table.shown:
                table.trick_slider.value = rng.randrange(table.shown)  # back, then on again
            elif rng.random() < 0.05:
                table.play_to_end()
            else:
                table.next_trick()
            on_table = len(table.moment.table)
            assert sum(stack_counts(table)) + on_table == total  # nothing lost (a P12 draw leaves the table)
            assert "<svg" in table.trick_view.value or table.shown == 0
        assert table.status.value and table.game.outcome in ("finished", "cycle", "limit", "draw")


def test_bad_arguments_are_refused_clearly():
    game = PianitsaGame.from_stacks(["A♠", "6♥"])
    with pytest.raises(ValueError, match="not both"):
        PianitsaTable(game=game, rules=PianitsaRules())
    with pytest.raises(TypeError, match="PianitsaGame"):
        PianitsaTable(game="A♠ 6♥")
    with pytest.raises(ValueError, match="'en', 'ru'"):
        PianitsaTable(lang="de")
    with pytest.raises(ValueError, match="projector"):
        PianitsaTable(size="giant")
    with pytest.raises(ValueError, match="2 to 8 players"):
        PianitsaTable(players=9)
