"""The checks' messages pick the hint by the mistake made, show where long lists differ, print moves as
moves, and read numpy numbers and other sequences as the plain values they are."""

from __future__ import annotations

from fractions import Fraction

import pytest

import pianitsa101.checks as checks
from pianitsa101 import Rank
from pianitsa101.checks import CheckError, hint
from pianitsa101.checks._oracles import dispute_probability, leaders, round_score
from pianitsa101.game101 import DEFAULT_POINTS


def _message(check, fn) -> str:
    with pytest.raises(CheckError) as info:
        check(fn)
    return " ".join(str(info.value).split())


def test_03_a_wrong_jack_gets_the_jack_hint_not_the_queen_hint():
    def hand_points(hand, last):
        points = {**DEFAULT_POINTS, Rank.JACK: 1}
        return round_score(hand, last) if not hand else sum(points[c.rank] for c in hand)

    text = _message(checks.check_hand_points, hand_points)
    assert "case: hand_points([J♣], [8♣])" in text and "a jack counts 2" in text and "queen" not in text


def test_02_positions_counted_from_one_are_named_so():
    def round_winners(cards, lowest=Rank.SIX):
        return [p + 1 for p in leaders(cards, lowest)]

    assert "positions count from 0" in _message(checks.check_round_winners, round_winners)


def test_05_a_float_made_a_fraction_is_named_so():
    def tie_chance(deck):
        return Fraction(float(dispute_probability(2, deck)))

    text = _message(checks.check_tie_chance, tie_chance)
    assert "you computed in floats" in text and "Fraction(count, total)" in text


def test_04_a_long_list_shows_its_first_difference():
    def gather(table, taker, order="winner_first"):
        mine = [c for s, c in table if s == taker]
        others = sorted(((s, c) for s, c in table if s != taker), key=lambda sc: sc[0])  # grouped by seat
        return [c for s, c in table] if order == "table" else mine + [c for _, c in others]

    text = _message(checks.check_gather, gather)
    assert "where: first difference at position" in text


def test_06_missing_and_extra_moves_are_listed_and_moves_print_as_moves():
    from pianitsa101.checks._oracles import legal_plays

    def legal_moves(hand, top, ordered=None):
        return [m for m in legal_plays(hand, top, ordered) if m.suit is None or m.suit.symbol != "♠"]

    text = _message(checks.check_legal_moves, legal_moves)
    assert "missing: Play(Q" in text and "suit=♠)" in text and "Card.parse" not in text


def test_numpy_ints_pass_and_no_message_says_a_int():
    np = pytest.importorskip("numpy")

    def compare(a, b, lowest=Rank.SIX):
        lead = leaders([a, b], lowest)
        return np.int64(0 if len(lead) == 2 else 1 if lead == (0,) else -1)

    checks.check_compare(compare)
    text = _message(checks.check_compare, lambda a, b, lowest=Rank.SIX: np.float64(1.0))
    assert "(a float64)" in text and " a int" not in text
    text = _message(checks.check_hand_points, lambda hand, last: "0")
    assert "(a str)" in text


def test_a_generator_is_told_to_return_a_list():
    def round_winners(cards, lowest=Rank.SIX):
        yield from leaders(cards, lowest)

    assert "wrap it in list(...)" in _message(checks.check_round_winners, round_winners)


def test_the_hints_that_gave_the_code_away_are_trimmed(capsys):
    for name in ("estimate_dispute", "find_cycle", "strategy"):
        checks._exercises._given.pop(name, None)
        for _ in checks.EXERCISES[name].hints:
            hint(name)
    shown = capsys.readouterr().out
    assert "trick.disputes > 0" not in shown and "game.play_trick())" not in shown
    assert "the expensive ones first" not in shown and "expensive cards (aces 11" not in shown


def test_the_check_cell_warns_before_handing_in_what_make_grade_would_flag(capsys, monkeypatch):
    from pianitsa101.checks import scan

    cells = ["from pianitsa101.checks._oracles import leaders\n",
             "import pianitsa101.cards as pc\npc.X = 1\n"]
    monkeypatch.setattr(scan, "kernel_flags", lambda allowed: scan.scan(cells, list(allowed)))

    def compare(a, b, lowest=Rank.SIX):
        lead = leaders([a, b], lowest)
        return 0 if len(lead) == 2 else 1 if lead == (0,) else -1

    checks.check_compare(compare)
    out = capsys.readouterr().out
    assert "⚠ But graded, this answer is flagged" in out and "STRICT=1" in out
    assert "pianitsa101.checks._oracles" in out and "pc.X" in out
