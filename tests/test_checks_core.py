"""The machinery of the checks: clear messages whatever the student's code does, time limits that
stop loops (both ways), hints, the package's purity, and the expected answers checked independently."""

from __future__ import annotations

import itertools
import math
import random
import re
import subprocess
import sys
import threading
from fractions import Fraction

import pytest

import pianitsa101.checks as checks
from pianitsa101 import Card, Rank, Suit, cards, make_deck
from pianitsa101.checks import CheckError, _exercises, _limit, _oracles
from pianitsa101.checks._core import Runner, show
from pianitsa101.game101 import Draw, Play, Redeal, Round101, Rules101
from pianitsa101.pianitsa import PianitsaGame, PianitsaRules


def _message(check, fn) -> str:
    """The check's message on ``fn``, its wrapped lines joined (words compared, not line breaks)."""
    with pytest.raises(CheckError) as info:
        check(fn)
    return " ".join(str(info.value).split())


# --- what the student's code may do ----------------------------------------------------------

def test_a_function_that_raises_gets_its_own_line_quoted():
    def compare(a, b, lowest=Rank.SIX):
        return a.rank / (b.rank - b.rank)

    err = _message(checks.check_compare, compare)
    text = err
    assert "your code raised an error" in text and "ZeroDivisionError: division by zero" in text
    assert "case: compare(" in text
    assert "in compare: return a.rank / (b.rank - b.rank)" in text
    assert "pianitsa101/checks" not in text  # nothing from inside the package


@pytest.mark.parametrize("alarm", [True, False], ids=["alarm", "settrace"])
def test_an_endless_loop_is_stopped_with_a_clear_message(alarm, monkeypatch):
    if alarm and not _limit.alarm_available():
        pytest.skip("no alarm signal on this platform (the settrace case covers it)")
    if not alarm:
        monkeypatch.setattr(_limit, "alarm_available", lambda cpu=False: False)

    def round_winners(cards, lowest=Rank.SIX):
        while True:
            try:
                cards.append(cards[0])
            except Exception:  # even an except Exception cannot swallow the time limit
                cards.clear()

    err = _message(checks.check_round_winners, round_winners)
    assert "no answer within 2 seconds" in err and "round_winners([A♠, 6♥, K♦, 9♣]" in err


def _forever() -> None:
    """A loop in a function of its own, as a student's code is (settrace follows calls into new frames)."""
    while True:
        pass


def test_the_time_limit_leaves_nothing_behind():
    import signal

    before_handler, before_trace = signal.getsignal(signal.SIGALRM), sys.gettrace()
    for use_alarm in (True, False):
        with pytest.raises(_limit.TimeUp), _limit.time_limit(0.05, use_alarm=use_alarm):
            _forever()
        with _limit.time_limit(5, use_alarm=use_alarm):
            pass
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) == before_handler and sys.gettrace() is before_trace


def test_the_time_limit_works_outside_the_main_thread():
    """A thread has no alarm signal: the settrace way stops the loop there."""
    caught = []

    def run():
        try:
            with _limit.time_limit(0.05):
                _forever()
        except _limit.TimeUp:
            caught.append(True)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(10)
    assert caught == [True]


def test_nonsense_answers_are_named_with_their_type():
    err = _message(checks.check_round_winners, lambda cards, lowest=Rank.SIX: None)
    assert "returned: None (a NoneType)" in err and "Did you forget `return`?" in err
    err = _message(checks.check_tie_chance, lambda deck: "3/31")
    assert "an exact Fraction" in err
    err = _message(checks.check_legal_moves, lambda hand, top, ordered=None: list(hand))
    assert "not cards" in err


def test_something_that_is_not_a_function():
    err = _message(checks.check_compare, 5)
    assert "needs your function itself" in err and "check_compare(compare)" in err


def test_a_wrong_signature_is_the_students_error_not_a_crash():
    err = _message(checks.check_compare, lambda a, b: 0)
    assert "TypeError" in err and "takes 2 positional arguments but 3 were given" in err


def test_notebooks_show_only_the_message():
    with pytest.raises(CheckError) as info:
        checks.check_compare(lambda a, b, lowest=Rank.SIX: 0)
    lines = info.value._render_traceback_()
    assert lines[0].startswith("\x1b[31m") and "✗ check_compare" in lines[0]
    assert not any("Traceback" in line or 'File "' in line for line in lines)
    assert info.value.__suppress_context__
    assert max(len(line) for line in lines[1:]) <= 80  # wrapped to a notebook's width


def test_student_input_is_a_copy():
    """A function that sorts or empties its argument cannot change the next cases."""
    def round_winners(cards, lowest=Rank.SIX):
        cards.clear()
        return [0]

    err = _message(checks.check_round_winners, round_winners)
    assert "round_winners([A♠, 6♥, K♦, 9♣]" in err  # the case as it was given


def test_show_reads_like_the_table():
    assert show([Card.parse("6♠"), (1, Card.parse("A♥"))]) == "[6♠, (1, A♥)]"
    assert show(Fraction(3, 31)) == "Fraction(3, 31)" and show(Rank.SIX) == "Rank.SIX"
    assert show(Play(Card.parse("Q♥"), Suit.SPADES)) == "Play(Q♥, suit=♠)"
    assert show({Card.parse("6♠")}) == "{6♠}" and show(set()) == "set()"


def test_runner_counts_cases(capsys):
    run = Runner("compare", lambda a, b, lowest=Rank.SIX: 0)
    run.call("x", Card.parse("6♠"), Card.parse("6♥"))
    run.passed("extra")
    assert capsys.readouterr().out == "✓ compare: right in all 1 cases (P4, P5). extra Well done!\n"


# --- hints -----------------------------------------------------------------------------------

def test_hint_gives_the_hints_in_turn_and_then_again(capsys, monkeypatch):
    monkeypatch.setattr(_exercises, "_given", {})
    for _ in range(4):
        checks.hint("penalty")
    out = capsys.readouterr().out
    assert out.count("Hint 1 of 3 for exercise 07, penalty (R10, R15, R16)") == 2
    assert "Hint 3 of 3 for exercise 07, penalty (R10, R15, R16) (the last one: they start again)" in out
    checks.hint(7)
    assert "Hint 2 of 3" in capsys.readouterr().out


def test_hint_lists_the_exercises_and_refuses_unknown_ones(capsys):
    checks.hint()
    out = capsys.readouterr().out
    assert all(f"{ex.number:2d}  {ex.name}" in out for ex in checks.EXERCISES.values())
    with pytest.raises(ValueError, match="no exercise 'comprae'; the exercises are 'compare'"):
        checks.hint("comprae")


def test_hints_name_rules_and_no_solution():
    for ex in checks.EXERCISES.values():
        assert len(ex.hints) >= 2
        assert any(re.search(r"\b[PR]\d+\b", text) for text in ex.hints), ex.name
        for text in ex.hints:
            assert not re.search(r"\bdef |\breturn |\bfor \w+ in ", text), text  # no code of a solution


# --- the package ----------------------------------------------------------------------------

def test_checks_import_no_numpy_matplotlib_or_numba():
    """The exercises run in the browser too (JupyterLite), where these do not exist."""
    code = ("import sys, pianitsa101.checks; heavy = ('numpy', 'matplotlib', 'numba', 'nbformat', "
            "'nbclient'); print(sorted(m for m in heavy if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# --- the expected answers, checked another way ------------------------------------------------

def _brute_dispute(players: int, deck: list[Card]) -> Fraction:
    """Every ordered choice of top cards, each dealt and played by the engine."""
    hits = total = 0
    for tops in itertools.permutations(deck, players):
        rest = [c for c in deck if c not in tops]
        stacks = [[tops[0], *rest], *([c] for c in tops[1:])]
        hits += PianitsaGame.from_stacks(stacks).play_trick().disputes > 0
        total += 1
    return Fraction(hits, total)


@pytest.mark.parametrize("players, deck", [
    (2, "6♠ 6♥ A♠ A♥"), (3, "6♠ 6♥ 7♣ A♠ A♥ A♦ K♣ K♦"), (4, "9♠ 9♥ 10♠ J♠ A♠ A♥ K♣"),
    (3, "2♠ 6♠ 6♥ A♠ A♥ K♦ K♣"),
])
def test_P6_dispute_probability_counted_by_ranks_equals_every_deal_played(players, deck):
    assert _oracles.dispute_probability(players, cards(deck)) == _brute_dispute(players, cards(deck))


def test_P8_known_exact_dispute_chances():
    # Two players: the second top card matches the first one's rank with 3 / (N - 1).
    assert _oracles.dispute_probability(2, make_deck(32)) == Fraction(3, 31)
    assert _oracles.dispute_probability(2, make_deck(52)) == Fraction(1, 17)


def _brute_redeal(players: int, deck: list[Card]) -> Fraction:
    """Every deal of 4 cards to each player (each hand a set of cards), counted."""
    hits = total = 0

    def deal(left: list[Card], seat: int, four: bool) -> None:
        nonlocal hits, total
        if seat == players:
            total += 1
            hits += four
            return
        for hand in itertools.combinations(left, 4):
            rest = [c for c in left if c not in hand]
            deal(rest, seat + 1, four or len({c.rank for c in hand}) == 1)

    deal(list(deck), 0, False)
    return Fraction(hits, total)


@pytest.mark.parametrize("players, deck", [
    (2, "6♠ 6♥ 6♦ 6♣ A♠ A♥ A♦ A♣"), (2, "6♠ 6♥ 6♦ 6♣ A♠ A♥ A♦ A♣ K♠ K♥ K♦ K♣"),
    (3, "6♠ 6♥ 6♦ 6♣ A♠ A♥ A♦ A♣ K♠ K♥ K♦ K♣"), (2, "6♠ 6♥ 6♦ 6♣ A♠ A♥ A♦ K♠ K♥ K♦ K♣"),
])
def test_R3_redeal_probability_equals_every_deal_counted(players, deck):
    assert _oracles.redeal_probability(players, cards(deck)) == _brute_redeal(players, cards(deck))


def test_R3_redeal_probability_agrees_with_the_engines_redeals():
    """Seeded deals of 101 with a 16-card deck: the share with a Redeal event is near the exact chance."""
    deck = [c for c in make_deck(36) if c.rank >= Rank.JACK]  # J Q K A: 16 cards, four full ranks
    exact = float(_oracles.redeal_probability(4, deck))
    rng, deals = random.Random(3), 4000
    rounds = (Round101.deal(4, deck, rng=rng) for _ in range(deals))
    seen = sum(any(isinstance(e, Redeal) for e in rnd.events) for rnd in rounds)
    spread = math.sqrt(exact * (1 - exact) / deals)
    assert abs(seen / deals - exact) < 4.5 * spread, (seen / deals, exact)


def test_oracles_read_the_rules_as_written():
    # R19-R21, hand-computed from RULES.md
    assert _oracles.round_score(cards("A♠ K♥ Q♦ J♣"), cards("9♣")) == 11 + 4 + 3 + 2
    assert _oracles.round_score([], cards("Q♥")) == -20
    assert _oracles.round_score([], cards("Q♠")) == -40
    assert _oracles.round_score([], cards("Q♠ Q♥ Q♦")) == -80
    assert _oracles.round_score([], cards("7♣")) == 0
    # R10, R15, R16
    assert _oracles.penalty_after(cards("7♥ 7♠ 7♦"), Rules101()) == 8
    assert _oracles.penalty_after(cards("7♥ 7♠ 7♦"), Rules101(chain="add")) == 6
    assert _oracles.penalty_after(cards("7♥ 7♠"), Rules101(seven_of_spades_draw=4, chain="add")) == 6
    assert _oracles.penalty_after(cards("7♠ 7♥"), Rules101(seven_of_spades_draw=4)) == 8
    assert _oracles.penalty_after(cards("K♠"), Rules101()) == 4
    # R6, R14, R7
    queen = cards("Q♥")[0]
    assert set(_oracles.legal_plays(cards("Q♥ 9♣ 6♣"), Card.parse("Q♣"), Suit.HEARTS)) == {
        Play(queen, s) for s in Suit}
    assert _oracles.legal_plays(cards("K♦ A♠"), Card.parse("7♥")) == [Draw()]
    # P6
    assert _oracles.leaders(cards("A♠ 6♥ K♦ 9♣")) == (2,)
    assert _oracles.leaders(cards("A♠ 6♥ 6♣")) == (1, 2)
    assert _oracles.leaders(cards("A♠ 6♥ K♦"), lowest=Rank.TWO) == (0,)
    # P13: the little game of exercise 10 repeats the deal's position after 2 tricks, every 2 tricks
    assert _oracles.cycle_of([cards("A♠ 6♥"), cards("6♠ A♥")], PianitsaRules(gather="table")) == (2, 2)
