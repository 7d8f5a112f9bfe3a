"""Table101 driven from Python as a person clicks it: the moves of 101 at the table, one rule at a time.

Positions come from seeded matches in which HeuristicAgent chooses your moves and the table's
clicks make them (``table101_driver``); each test plays on until the position it needs.
"""

from __future__ import annotations

import dataclasses
import html
import random
import re

import pytest
from rules101_options import OPTION_VALUES
from table101_driver import chosen, click_move, play_until, snapshot, text

from pianitsa101 import Card, Rank, Suit
from pianitsa101.game101 import (
    ChainLink,
    Draw,
    HeuristicAgent,
    Match101,
    PenaltyChain,
    Play,
    Rules101,
)
from pianitsa101.widgets import Table101
from pianitsa101.widgets.table101_view import chain_html


def chain_cells(html: str) -> list[tuple[str, str]]:
    """The penalty chain as drawn: (amount, who played it) for each card, in order."""
    return re.findall(r'class="p101-amount"[^>]*>(\d+)</div><div class="p101-by"[^>]*>([^<]*)<', html)


def legal_plays(table):
    return [m for m in table.legal_moves if isinstance(m, Play)]


# --------------------------------------------------------------------------- a whole match


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_R23_a_whole_match_clicked_by_the_person_to_the_end(lang):
    table = Table101(players=3, seed=5, delay=0, lang=lang)
    clicks = play_until(table, lambda t: t.match.over)
    result = table.match.result
    assert clicks > 100 and result.over and result.losers
    assert all(total > 101 for total in (result.final[s] for s in result.losers))  # R23
    words = text(table.status.value)
    assert ("Match over after" if lang == "en" else "Партия окончена") in words
    assert len(table.scoreboard.value.split("<tr>")) - 2 == len(result.records)  # one row per round
    assert table.draw_button.disabled and table.pass_button.disabled  # no move is offered any more
    assert table.hand.playable_ids() == []
    assert table.next_round() is False and table.play(Draw()) is False  # R23: nothing after the end
    assert ("New match" if lang == "en" else "Новая партия") in table.message


def test_a_notebook_that_cannot_draw_the_table_shows_a_short_text():
    assert repr(Table101(players=3, seed=5, delay=0)) == (
        "<Table101: 3 players, you are seat 0, match round 1; run the cell in Jupyter to play>")
    watched = Table101(players=2, human=None, seed=1, delay=0)
    watched.play_to_end()
    assert repr(watched).startswith("<Table101: 2 players, watching bots, match over;")


def test_the_table_shows_your_cards_and_only_the_others_counts():
    table = Table101(players=4, seed=11, delay=0)
    view = table.match.view(0)
    assert sorted(item["id"] for item in table.hand.items) == sorted(str(c) for c in view.hand)
    seats = table.seats_view.value
    for seat in (1, 2, 3):
        assert f"Seat {seat}" in seats
        for card in table.match.current.hands[seat]:  # a bot's hand is never drawn
            assert (
                f"<title>{card}</title>" not in seats and f"<title>{card}</title>" not in table.centre.value
            )
    playable = {str(m.card) for m in legal_plays(table)}
    assert set(table.hand.playable_ids()) == playable


# --------------------------------------------------------------------------- one rule at a time


def test_R14_a_queen_asks_for_its_suit_and_orders_it():
    table = Table101(players=3, seed=5, delay=0)
    play_until(table, lambda t: t.your_move and any(m.suit is not None for m in legal_plays(t)))
    queen = next(m.card for m in legal_plays(table) if m.suit is not None)
    assert table.suit_box.layout.display == "none"
    assert table.click_card(queen)
    assert table.suit_box.layout.display != "none" and table.suits.playable_ids() == ["♠", "♥", "♣", "♦"]
    assert table.match.current.top != queen  # nothing is played before the suit is chosen
    assert "#c8102e" in table.suits.items[1]["html"]  # hearts drawn red, as suits
    table.log_area.keep = 10**6
    lines = len(table.log_lines)
    assert table.choose_suit("♥")
    mine = table.log_lines[len(table.log_lines) - lines - 1]  # the first line this click added
    assert mine.startswith(f"You play {queen} and order ♥ (R14)")
    assert table.suit_box.layout.display == "none"
    rnd = table.match.current
    if rnd is not None and rnd.top == queen:
        assert rnd.ordered_suit is Suit.HEARTS


def test_R16_a_chain_of_sevens_is_shown_and_passed_on_doubled():
    table = Table101(players=3, seed=32, delay=0)
    play_until(
        table,
        lambda t: t.your_move and t.match.view(0).chain is not None and len(t.match.view(0).chain.links) >= 3,
    )
    chain = table.match.view(0).chain
    assert [link.amount for link in chain.links] == [2, 4, 8] and chain.seat == 0
    centre = text(table.centre.value)
    assert chain_cells(table.centre.value) == [("2", "by you"), ("4", "by seat 1"), ("8", "by seat 2")]
    assert "Penalty passed on" in centre and "You must draw 8 cards" in centre
    assert "Your move: draw 8 cards or pass it on with a 7" in text(table.status.value)
    assert table.draw_button.description == "Draw 8"
    seven = next(m.card for m in legal_plays(table))
    assert seven.rank is Rank.SEVEN and table.click_card(seven)
    assert any(
        f"You pass the penalty on with {seven}: now seat 1 must draw 16 cards (R16)" in line
        for line in table.log_lines[:3]
    )


def test_R16_chain_add_grows_by_each_card_and_names_who_must_draw():
    seven = Card.parse
    chain = PenaltyChain(
        (ChainLink(None, seven("7♠"), 2), ChainLink(1, seven("7♥"), 4), ChainLink(2, seven("7♣"), 6)),
        seat=0,
        amount=6,
    )
    drawn = chain_html(chain, you=0, lang="en", px=46)
    assert chain_cells(drawn) == [("2", "on the table"), ("4", "by seat 1"), ("6", "by seat 2")]
    assert "You must draw 6 cards" in text(drawn)
    assert "Вы должны взять 6 карт" in text(chain_html(chain, you=0, lang="ru", px=46))
    assert "Seat 0 must draw 6 cards" in text(chain_html(chain, you=None, lang="en", px=46))


def test_R9_your_six_must_be_covered():
    def six_next(t):
        move = chosen(t) if t.your_move else None
        return isinstance(move, Play) and move.card.rank is Rank.SIX

    table = Table101(players=3, seed=5, delay=0)
    play_until(table, six_next)
    six = chosen(table).card
    assert table.click_card(six)
    assert table.match.current.must_cover and table.match.to_move == 0
    assert f"Your move: cover your {six}" in text(table.status.value)
    assert any(f"You play {six}; you must cover your {six} (R9)" in line for line in table.log_lines[:2])
    covers = legal_plays(table)
    if covers:
        assert set(table.hand.playable_ids()) == {str(m.card) for m in covers}
        click_move(table, chosen(table))
        assert not (
            table.match.current
            and table.match.current.must_cover
            and table.match.to_move == 0
            and table.match.current.top == six
        )
    else:
        assert not table.draw_button.disabled  # R9: draw until a card covers it
        table.draw()


def test_R12_an_ace_is_answered_with_an_ace():
    table = Table101(players=3, seed=5, delay=0)
    play_until(table, lambda t: t.your_move and t.match.current.skip_to_answer and legal_plays(t))
    top = table.match.current.top
    assert f"Your move: answer the {top} with an ace, or pass" in text(table.status.value)
    assert not table.pass_button.disabled  # R12: or lose the turn
    ace = legal_plays(table)[0].card
    table.log_area.keep = 10**6
    lines = len(table.log_lines)
    assert table.click_card(ace)
    mine = table.log_lines[len(table.log_lines) - lines - 1]
    assert mine.startswith(f"You play {ace}; seat ") and (
        "loses the turn (R12)" in mine or "may answer" in mine
    )


def test_R7_with_nothing_that_fits_you_draw():
    table = Table101(players=3, seed=5, delay=0)
    play_until(
        table,
        lambda t: (
            t.your_move
            and t.legal_moves == [Draw()]
            and not t.match.current.pending_draw
            and not t.match.current.must_cover
        ),
    )
    before = len(table.match.view(0).hand)
    assert table.hand.playable_ids() == [] and not table.draw_button.disabled
    assert all(item["playable"] is False for item in table.hand.items)
    table.draw_button.click()
    line = next(line for line in table.log_lines[:4] if line.startswith("You draw"))
    assert "(to find a card to play, R7)" in line
    drawn = line.split(": ", 1)[1].split(" (")[0].split()
    assert len(table.match.view(0).hand) >= before or table.match.current is None
    assert drawn and all(Card.parse(c) for c in drawn)  # your own draw shows its cards


def test_R22_exactly_101_becomes_0_on_the_scoreboard():
    table = Table101(players=3, seed=37, delay=0)
    play_until(table, lambda t: any(r.reset for r in t.match.result.records))
    record = next(r for r in table.match.result.records if r.reset)
    assert record.reset == (0,) and record.totals[0] == 0
    assert "exactly 101: 0 (R22)" in text(table.scoreboard.value)
    line = next(line for line in table.log_lines if line.startswith(f"Round {record.number} scored"))
    assert line.endswith("you have exactly 101: back to 0 (R22)")


def test_R20_the_score_sheet_shows_each_card_and_the_queen_bonus():
    table = Table101(players=3, seed=5, delay=0)
    play_until(table, lambda t: bool(t.match.result.records) and t.match.current is None)
    record = table.match.result.records[-1]
    words = text(table.how_scored.value)
    assert f"How round {record.number} was scored" in words
    for score in record.score_sheet():
        for card, points in score.cards:  # R19: each card left, drawn, with its points under it
            drawn = rf"<title>{card}</title>(?:(?!<title>).)*</svg><br><b>{points}</b>"
            assert re.search(drawn, table.how_scored.value), (card, points)
        if score.points and score.cards:
            assert f"= +{score.points}" in words
    queen = Table101(players=2, seed=11, delay=0, rules=Rules101(flush_queens=True))
    play_until(queen, lambda t: any(s.bonus for r in t.match.result.records for s in r.score_sheet()))
    last = queen.match.result.records[-1]
    bonus = next(s for s in last.score_sheet() if s.bonus)
    assert f"queen bonus {bonus.bonus:+d} (R20)" in text(queen.how_scored.value)


def test_R21_queens_flushed_together_with_their_suit():
    table = Table101(players=2, seed=11, delay=0, rules=Rules101(flush_queens=True))
    play_until(table, lambda t: t.your_move and any(type(m).__name__ == "FlushQueens" for m in t.legal_moves))
    assert table.flush_button.layout.display != "none"
    queens = [c for c in table.match.view(0).hand]
    assert all(c.rank is Rank.QUEEN for c in queens) and len(queens) >= 2
    assert table.flush_queens() and "Order a suit for your queens" in table.suit_label.value
    assert table.choose_suit("♣")
    assert table.match.result.records[-1].winner == 0  # R21: the round is won at once


def test_R2_the_starter_turned_up_is_said_in_the_log():
    table = Table101(players=3, seed=4, delay=0, rules=Rules101(deal="five_and_starter"))
    first = table.match.result.records[0].first if table.match.result.records else table.match.log[0].first
    starter = (
        table.match.current.starter if table.match.current else table.match.result.records[0].round.starter
    )
    who = "You turn" if first == 0 else f"Seat {first} turns"
    assert any(f"{who} up {starter} to start (R2)" in line for line in table.log_lines)


# --------------------------------------------------------------------------- R23 elimination, match seats


def test_R23_elimination_marks_who_left_and_keeps_match_seats():
    table = Table101(players=3, seed=2, delay=0, rules=Rules101(match="elimination"))
    table.log_area.keep = 10**6
    play_until(table, lambda t: 1 not in t.match.active and t.match.current is not None)
    assert table.match.active == (0, 2) and table.match.seats == (0, 2)  # round seat 1 is match seat 2
    seat1 = table.seats_view.value.split('data-seat="1"')[1].split('data-seat="2"')[0]
    assert "out: over 101 (R23)" in text(seat1)
    assert "out (R23)" in text(table.scoreboard.value)
    lines_before = len(table.log_lines)
    play_until(table, lambda t: len(t.log_lines) >= lines_before + 6 or t.match.over)
    new = table.log_lines[: len(table.log_lines) - lines_before]
    assert any("Seat 2" in line for line in new)
    assert not any(line.startswith("Seat 1 ") for line in new)  # nobody plays as seat 1 any more
    view = table.match.view(0)
    assert view.hand_sizes[1] == 0 and view.seats == (0, 2)


def test_R23_you_out_of_an_elimination_match_watch_the_rest():
    table = Table101(players=3, seed=0, delay=0, rules=Rules101(match="elimination"))
    play_until(table, lambda t: 0 not in t.match.active)
    assert "You are out of the match" in table.hand_label.value
    assert table.watch_buttons.layout.display != "none" and table.move_buttons.layout.display == "none"
    assert table.play_to_end() and table.match.over
    assert "Match over" in text(table.status.value)


# --------------------------------------------------------------------------- wrong clicks change nothing


def test_clicks_in_the_wrong_state_change_nothing():
    table = Table101(players=3, seed=5, delay=0)
    play_until(
        table,
        lambda t: (
            t.your_move
            and len(t.legal_moves) < len(t.match.view(0).hand) + 1
            and any(str(c) not in t.hand.playable_ids() for c in t.match.view(0).hand)
        ),
    )
    before = snapshot(table)
    blocked = next(str(c) for c in table.match.view(0).hand if str(c) not in table.hand.playable_ids())
    assert table.click_card(blocked) is False  # a card that does not fit
    assert table.hand.refused == 1
    if Draw() not in table.legal_moves:
        assert table.draw() is False and "Not allowed" in table.message
    assert table.pass_turn() is False  # no Pass without a drawn card or an ace to answer
    assert table.choose_suit("♠") is False  # no queen clicked
    assert table.next_round() is False  # a round is on
    assert table.play_to_end() is False and table.next_move() is False  # you play: no watching
    assert table.play("Z♠") is False  # not a move at all
    assert snapshot(table) == before
    with pytest.raises(TypeError):
        table.play(42)
    assert snapshot(table) == before


def test_clicks_between_rounds_and_after_the_match_change_nothing():
    table = Table101(players=3, seed=5, delay=0)
    play_until(table, lambda t: t.match.current is None)
    before = snapshot(table)
    assert table.draw() is False and "Next round" in table.message
    assert table.hint() == "" and table.click_card(str(table.match.view(0).hand[0])) is False
    assert snapshot(table) == before
    assert table.next_round_button.layout.display != "none"
    table.next_round_button.click()
    assert table.match.current is not None


def test_watching_refuses_your_moves():
    table = Table101(players=3, human=None, seed=1, delay=0)
    before = snapshot(table)
    assert table.draw() is False and table.hint() == "" and "watching" in table.message
    assert snapshot(table) == before


# --------------------------------------------------------------------------- hints


def test_hint_shows_heuristic_agent_move_and_its_reason():
    table = Table101(players=3, seed=5, delay=0)
    play_until(table, lambda t: t.your_move and len(t.legal_moves) > 1)
    move = chosen(table)
    line = table.hint()
    rnd = table.match.current
    reason = HeuristicAgent().reason(rnd.view(0), move, rnd.legal_moves())
    assert line.startswith("Hint (HeuristicAgent()): ") and reason[:1].upper() + reason[1:] in line
    assert html.escape(line) in table.hint_view.value
    assert table.match.to_move == 0  # a hint plays nothing
    ru = Table101(players=3, seed=5, delay=0, lang="ru")
    play_until(ru, lambda t: t.your_move and len(t.legal_moves) > 1)
    assert ru.hint().startswith("Подсказка (HeuristicAgent()): ")


class Explaining:
    """A stand-in for a bot that values every move (a Monte Carlo bot's ``explain``)."""

    name = "Explaining()"

    def choose(self, view, legal):
        return legal[-1]

    def explain(self, view, legal):
        return [(move, f"wins {i}0% of playouts") for i, move in enumerate(legal)]


class Silent:
    def choose(self, view, legal):
        return legal[0]


def test_the_hint_bot_is_a_parameter():
    table = Table101(players=3, seed=5, delay=0, hint=Explaining())
    play_until(table, lambda t: t.your_move and len(t.legal_moves) > 1)
    count = len(table.legal_moves)
    assert table.hint().endswith(f"Wins {count - 1}0% of playouts")
    silent = Table101(players=3, seed=5, delay=0, hint=Silent())
    play_until(silent, lambda t: t.your_move)
    assert silent.hint().endswith("(this bot gives no reason)")
    with pytest.raises(TypeError, match="choose"):
        Table101(hint=object(), delay=0)


def test_a_monte_carlo_hint_says_its_value_in_words_in_both_languages():
    from pianitsa101.strategy import MonteCarloAgent

    for lang, words in (("en", "wins the match"), ("ru", "партия выигрывается")):
        table = Table101(players=2, seed=5, delay=0, lang=lang, hint=MonteCarloAgent(seed=1, playouts=32))
        play_until(table, lambda t: t.your_move and len(t.legal_moves) > 1)
        line = table.hint()
        assert words in line and "±" in line and "  " not in line, line


# --------------------------------------------------------------------------- watching; new and given matches


def test_watching_bots_plays_round_by_round_and_to_the_end():
    table = Table101(players=4, human=None, seed=3, delay=0)
    assert table.match.result.records and table.match.current is None  # delay=0: the round at once
    assert "watching the bots" in text(table.header.value)
    assert table.hand.items == [] and table.move_buttons.layout.display == "none"
    assert "Round 1:" in text(table.status.value) and "won" in text(table.status.value)
    assert table.next_move()  # the next deal
    assert table.match.current is not None and not table.match.result.records[1:]
    table.pause()
    assert table.next_move() and len(table.match.current.moves) == 1
    assert table.play_to_end() and table.match.over
    assert all(
        "draws" not in line or ":" not in line.split("draws", 1)[1].split("(")[0] for line in table.log_lines
    )  # every draw is a count, never cards


def test_new_match_takes_the_settings_and_the_same_match_again_is_the_same():
    table = Table101(players=3, seed=5, delay=0)
    table.settings.players.value = 4
    table.settings.controls["chain"].value = "add"
    table.settings.controls["match"].value = "elimination"
    table.settings.points["A"].value = 15
    assert table.new_match()
    match = table.match
    assert match.players == 4 and match.seed == 6 and match.rules.chain == "add"
    assert match.rules.match == "elimination" and match.rules.points[Rank.ACE] == 15
    assert len(table.seats_view.value.split('class="p101-seat"')) - 1 == 3
    start = match.to_json()
    play_until(table, lambda t: len(t.match.current.moves) >= 6 if t.match.current else True)
    assert table.restart() and table.match.to_json() == start
    table.settings.human.value = None
    assert table.new_match() and table.human is None and table.match.seed == 7


def test_a_given_match_is_played_on_and_restarted():
    match = Match101(players=3, seed=1, agents=[None, HeuristicAgent(), HeuristicAgent()])
    table = Table101(match=match, delay=0)
    assert table.match is match and "a given match" in text(table.header.value)
    start = table.match.to_json()
    play_until(table, lambda t: t.match.result.records)
    assert table.restart() and table.match.to_json() == start
    with pytest.raises(ValueError, match="only seat without an agent"):
        Table101(match=Match101(players=3, seed=1), delay=0)
    with pytest.raises(ValueError, match="not both"):
        Table101(
            match=Match101(players=3, seed=1, agents=[None, HeuristicAgent(), HeuristicAgent()]),
            seed=3,
            delay=0,
        )
    watched = Table101(match=Match101(players=2, seed=1), human=None, delay=0)
    assert watched.match.result.records


class Broken:
    name = "Broken()"

    def choose(self, view, legal):
        raise RuntimeError("this strategy has a bug")


def test_a_bot_that_fails_stops_the_table_with_its_words():
    table = Table101(players=2, seed=2, bots=[Broken()], delay=0)
    if table.your_move:
        click_move(table, chosen(table))
    assert "The bot failed" in table.message and "this strategy has a bug" in table.message
    assert table.match.to_move == 1  # the broken bot's move is still due; nothing was half done


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"lang": "fr"}, ValueError),
        ({"delay": -1}, ValueError),
        ({"delay": "slow"}, TypeError),
        ({"human": 5}, ValueError),
        ({"human": "me"}, TypeError),
        ({"bots": [HeuristicAgent()]}, ValueError),
        ({"size": "huge"}, ValueError),
        ({"players": 7}, ValueError),
    ],
)
def test_bad_arguments_are_refused_with_a_clear_error(kwargs, error):
    with pytest.raises(error):
        Table101(**{"delay": 0, **kwargs})


def test_every_rule_option_of_rules101_has_a_control_and_reads_back():
    table = Table101(players=3, seed=5, delay=0)
    settings = table.settings
    fields = {f.name for f in dataclasses.fields(Rules101)}
    assert fields == set(settings.controls) | {"points"}  # R2, R7-R10, R12, R14, R16, R18-R23; R19 below
    rng = random.Random(1)
    for _ in range(20):
        values = {name: rng.choice(choices) for name, choices in OPTION_VALUES.items()}
        points = {**Rules101().points, Rank.ACE: rng.choice([11, 15])}
        rules = Rules101(**values, limit=rng.choice([51, 101, 151]), points=points)
        settings.show(rules, 3, 36, 1, 0)
        assert settings.rules() == rules
