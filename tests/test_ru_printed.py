"""What a Russian lesson's own code prints is written in Russian (``pianitsa101.lessons.printed``)."""

from __future__ import annotations

import io
import re
import sys

import pytest

from pianitsa101 import i18n
from pianitsa101.lessons import lesson_language
from pianitsa101.lessons.printed import _templates, line
from pianitsa101.lessons.printed_texts import PRINTED


@pytest.fixture
def ru():
    i18n.set_language("ru")
    yield
    i18n.set_language("en")


LINES = [
    "finished after 61 tricks; seat 1 is the drunkard",
    "  4 players, 52 cards: 270,725 sets, enumeration 97/833, same as counting: True",
    "spread of one game: standard deviation s = 89.2 tricks (variance s² = 7,957)",
    "the bot plays Q♠→♥: nothing better fits: Q♠ orders ♥, the suit you hold most (R14)",
    "legal moves: Q♥→♠ flush queens→♣ draw",
]


@pytest.mark.parametrize("text", LINES)
def test_english_lines_stay_byte_for_byte(text):
    i18n.set_language("en")
    assert line(text) == text


def test_numbers_are_babels_and_words_russian(ru):
    assert line(LINES[2]) == ("разброс одной партии: стандартное отклонение s = 89,2 взятки "
                              "(дисперсия s² = 7\u00a0957)")
    assert line(LINES[1]) == ("  4 игрока, 52 карты: 270\u00a0725 наборов, перебор 97/833, "
                              "совпадает с подсчётом: True")


def test_the_count_picks_the_russian_plural(ru):
    one, five = (line(f"finished after {n} tricks; seat 0 is the drunkard") for n in (1, 5))
    assert one.startswith("партия окончена после 1 взятки;")
    assert five.startswith("партия окончена после 5 взяток;")
    assert line("3 players: 36 cards, 12 each") == "3 игрока: 36 карт, по 12 каждому"


def test_cards_and_moves_in_russian_letters_and_rule_ids_kept(ru):
    assert line(LINES[3]) == ("бот ходит Д♠→♥: ничего лучше нет: Д♠ заказывает ♥ — масть, которой на руках "
                              "больше всего (R14)")
    assert line(LINES[4]) == "разрешённые ходы: Д♥→♠ дамы разом→♣ взять"


def test_an_unknown_line_keeps_its_words_and_a_dict_its_keys(ru):
    assert line("something new: 3.5 K♠") == "something new: 3.5 К♠"
    assert line("{'double': (0, 16), 'add': (0, 8)}") == "{'double': (0, 16), 'add': (0, 8)}"


def test_a_tally_of_outcomes_ranks_and_bare_numbers_are_written_in_russian(ru):
    assert line("P5 off: {'finished': 20000, 'draw': 0}") == "P5 выключено: {окончена: 20\u00a0000, ничья: 0}"
    assert line("  AA6 | 6    ·   · 1/2     0   0   1") == "  ТТ6 | 6    ·   · 1/2     0   0   1"
    assert line("6 A 9 Q 10 J") == "6 Т 9 Д 10 В"
    assert line("48.935 52.085") == "48,935 52,085"


def test_every_template_has_its_russian_with_the_same_slots(ru):
    missing, slots = [], []
    for template in PRINTED:
        russian = i18n._(template)
        if russian == template:
            missing.append(template)
        want = set(re.findall(r"\{(\d+|\*)\}", template))
        got = set(re.findall(r"\{(\d+|\*)(?::[<>]{1,2})?(?:\|[^{}]*)?\}", russian))
        if want != got:
            slots.append((template, russian))
    assert missing == [] and slots == []
    assert len(_templates()) == len(set(PRINTED))


def test_lesson_language_translates_print_and_gives_the_stream_back():
    before = sys.stdout
    buffer = io.StringIO()
    sys.stdout = buffer
    try:
        lesson_language("ru")
        print("finished after 61 tricks; seat 1 is the drunkard")
        print("to move:", 2)
        lesson_language("en")
        print("to move:", 2)
        assert sys.stdout is buffer
    finally:
        sys.stdout = before
        i18n.set_language("en")
    assert buffer.getvalue() == ("партия окончена после 61 взятки; место 1 — пьяница\n"
                                 "ходит: место 2\nto move: 2\n")


def test_two_free_parts_of_one_line_keep_their_own_text():
    """A template with two {*} writes each part where it was printed, not the last one twice."""
    i18n.set_language("ru")
    try:
        out = line("8 cards, 'table', dealer and seat 1 win: exact 34.96% and 50.48%; "
                   "simulated first part and second part")
    finally:
        i18n.set_language("en")
    assert out.endswith("first part и second part"), out


# Rows of lesson 08's redeal table and lesson 07's scores, as the lessons print them: numbers padded
# on the left (f"{n:>7}", f"{p:>6,.0f}"), cards on the right (f"{card:<6}").
REDEAL_HEADER = "players   default deal (R2)      five and a starter (R2)      ratio   52 cards, default deal"
REDEAL_ROWS = [
    "      2   1 in  3,273 = 0.0306%   1 in  1,091 = 0.0917%      3.0      1 in 10,413 = 0.0096%",
    "      6   1 in  1,091 = 0.0916%   1 in    252 = 0.3963%      4.3      1 in  3,471 = 0.0288%",
]
SCORES = ["  J♠     score    4", "→ 10♠    score   12", "  Q♠→♥   score   -5", "  6♣     score  -24"]


def ends(text: str, pattern: str) -> list[int]:
    return [m.end() for m in re.finditer(pattern, text)]


def test_a_russian_tables_rows_keep_the_columns_the_lesson_padded(ru):
    rows = [line(row) for row in REDEAL_ROWS]
    assert rows[0].startswith("      2   1 из  3\u00a0273 = 0,0306\u00a0%"), rows[0]
    assert ends(rows[0], "%") == ends(rows[1], "%") and ends(rows[0], "из") == ends(rows[1], "из"), rows
    header = line(REDEAL_HEADER)
    assert header.index("отношение") + len("отношение") == rows[0].index("3,0") + 3, (header, rows[0])
    scores = [line(s) for s in SCORES]
    assert len({s.index("оценка") for s in scores}) == 1 and len({len(s) for s in scores}) == 1, scores


def test_padding_is_kept_only_where_the_translation_asks(ru):
    """A header's spaces are not a column: '{0}' without ':>' gets no padding."""
    header = line(" p     half the time   4 times in 5   power with 50 matches")
    assert "в 4 случаях из 5" in header, header


def test_a_card_where_a_template_has_a_number_is_printed_not_raised(ru):
    """line() never raises: a plural chosen for a slot that holds a card takes the form for many."""
    assert line("J♠ players, 5 cards: 3/31 = 9.6774%").startswith("В♠ игроков, 5 карт")
    for template in PRINTED:
        text = re.sub(r"\{\d+\}", "J♠", template).replace("{*}", "x").replace("{pc}", "%")
        assert isinstance(line(text), str)
