"""The checks, their hints and the grader answer in the language set (``set_language``).

Every sentence of the checks is a msgid of the package's one catalog; with ``set_language("ru")``
every message a check prints for a wrong, missing, raising or odd answer, every hint, the
grader's notes and report are Russian (no English word outside code: the cases, the values,
names a student types), and with "en" the same messages come back byte for byte. The judge's
processes take the language from the grader (``PIANITSA101_LANG``), and an answer that switches
the language in its own process changes neither the marks nor the report's language.
"""

from __future__ import annotations

import contextlib
import io
import re
from fractions import Fraction

import pytest

import pianitsa101.checks as checks
from pianitsa101 import Rank, i18n
from pianitsa101.checks import CheckError
from pianitsa101.checks._exercises import EXERCISES, hint_text
from pianitsa101.checks._oracles import dispute_probability, leaders, round_score
from pianitsa101.checks._text import _LABELS, MESSAGES
from pianitsa101.checks.autograde import NotebookGrade, Score
from pianitsa101.checks.scan import scan


@pytest.fixture
def language():
    """Give the test the switch, and put the language back as it was afterwards."""
    before = i18n.get_language()
    yield i18n.set_language
    i18n.set_language(before)


def _russian(text: str) -> str:
    i18n.set_language("ru")
    try:
        return i18n._(text)
    finally:
        i18n.set_language("en")


# --- the catalog has every text -----------------------------------------------------------------

def _table_texts() -> list[tuple[str, str]]:
    out = [(f"message {key}", text) for key, text in MESSAGES["en"].items()]
    out += [(f"label {key}", text) for key, text in _LABELS.items()]
    for ex in EXERCISES.values():
        out += [(f"{ex.name} title", ex.title), (f"{ex.name} slow", ex.slow_hint),
                (f"{ex.name} error", ex.error_hint)]
        out += [(f"{ex.name} hint {i + 1}", text) for i, text in enumerate(ex.hints)]
    return out


def test_every_message_key_and_every_hint_has_a_russian_text(language):
    texts = _table_texts()
    assert len([n for n, _ in texts if " hint " in n]) == 36  # 12 exercises, 3 hints each
    missing = [name for name, text in texts if _russian(text) == text or not _russian(text).strip()]
    assert missing == []


# --- the walk: every message a check prints ------------------------------------------------------

def _error(check, fn, **kw) -> str:
    with pytest.raises(CheckError) as caught:
        check(fn, **kw)
    return str(caught.value)


def _printed(call) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        call()
    return out.getvalue()


def _stub(*args, **kwargs):
    raise NotImplementedError()


def _none(*args, **kwargs):
    return None


def _boom(*args, **kwargs):
    return 1 // 0


def _loops(*args, **kwargs):
    while True:
        pass


class _DrawFirst:
    """A bot that draws whenever it may: it loses most matches (about 42% won against RandomAgent)."""

    def choose(self, view, legal_moves):
        return legal_moves[-1]


class _ReturnsACard:
    def choose(self, view, legal_moves):
        return legal_moves[0].card if hasattr(legal_moves[0], "card") else legal_moves[0]


class _NoSelf:
    def choose(view, legal_moves):
        return legal_moves[0]


def check_texts() -> list[tuple[str, str]]:
    """Every kind of message the checks print, for wrong, missing, raising, odd and right answers."""
    from pianitsa101.game101 import GreedyAgent

    c = checks
    out = []
    for name in EXERCISES:
        if name != "strategy":
            out.append((f"{name} stub", _error(getattr(c, f"check_{name}"), _stub)))
    out += [
        ("compare none", _error(c.check_compare, _none)),
        ("compare raises", _error(c.check_compare, _boom)),
        ("compare loops", _error(c.check_compare, _loops)),
        ("compare class", _error(c.check_compare, type("compare", (), {}))),
        ("compare called", _error(c.check_compare, 1)),
        ("compare generator", _error(c.check_round_winners, lambda cards, lowest=Rank.SIX: (i for i in [0]))),
        ("compare wrong", _error(c.check_compare,
                                  lambda a, b, lowest=6: (a.rank > b.rank) - (b.rank > a.rank))),
        ("compare same", _error(c.check_compare, lambda a, b, lowest=Rank.SIX: 1)),
        ("winners one-based", _error(c.check_round_winners,
                                     lambda cards, lowest=Rank.SIX: [p + 1 for p in leaders(cards, lowest)])),
        ("winners highest", _error(c.check_round_winners, lambda cards, lowest=Rank.SIX: [
            i for i, x in enumerate(cards) if x.rank == max(y.rank for y in cards)])),
        ("points zero", _error(c.check_hand_points, lambda hand, last: 0)),
        ("points with last", _error(c.check_hand_points, lambda hand, last: round_score(hand, []) + 10)),
        ("gather none", _error(c.check_gather, lambda table, taker, order="winner_first": [])),
        ("gather reversed", _error(c.check_gather,
                                   lambda table, taker, order="winner_first": [x for _, x in table][::-1])),
        ("tie float", _error(c.check_tie_chance, lambda deck: 0.1)),
        ("tie floats", _error(c.check_tie_chance, lambda d: Fraction(float(dispute_probability(2, d))))),
        ("tie wrong", _error(c.check_tie_chance, lambda deck: Fraction(1, 2))),
        ("moves empty", _error(c.check_legal_moves, lambda hand, top, ordered=None: [])),
        ("penalty two", _error(c.check_penalty, lambda played, rules: 2)),
        ("penalty many", _error(c.check_penalty, lambda p, rules: 2 * len(p) if p[0].rank == 7 else 4)),
        ("estimate odd", _error(c.check_estimate_dispute, lambda players, games, rng: "0.1")),
        ("estimate no rng", _error(c.check_estimate_dispute, lambda players, games, rng: (0.1, 0.05, 0.15))),
        ("estimate share", _error(c.check_estimate_dispute,
                                  lambda players, games, rng: (rng.random() * 0 + 0.12345, 0.1, 0.2))),
        ("estimate interval", _error(c.check_estimate_dispute,
                                     lambda players, games, rng: (rng.random() * 0 + 0.1, 0.0, 1.0))),
        ("estimate far", _error(c.check_estimate_dispute, lambda players, games, rng: (
            rng.random() * 0 + 0.5, 0.5 - 1.96 * (0.25 / games) ** 0.5, 0.5 + 1.96 * (0.25 / games) ** 0.5))),
        ("redeal wrong", _error(c.check_redeal_chance, lambda players, deck: Fraction(0))),
        ("cycle none", _error(c.check_find_cycle, lambda stacks, rules: None)),
        ("cycle wrong", _error(c.check_find_cycle, lambda stacks, rules: (1, 1))),
        ("dispute wrong", _error(c.check_dispute_chance, lambda players, deck: Fraction(1, 3))),
        ("strategy stub", _error(c.check_strategy, type("MyAgent", (), {"choose": _stub}))),
        ("strategy no choose", _error(c.check_strategy, object())),
        ("strategy a bot", _error(c.check_strategy, GreedyAgent())),
        ("strategy a card", _error(c.check_strategy, _ReturnsACard())),
        ("strategy no self", _error(c.check_strategy, _NoSelf())),
        ("strategy loses", _error(c.check_strategy, _DrawFirst(), matches=40)),
        ("strategy bonus", _error(c.check_strategy, _DrawFirst(), matches=40, level="bonus")),
        ("compare passes", _printed(lambda: c.check_compare(_compare))),
        ("estimate passes", _printed(lambda: c.check_estimate_dispute(_estimate))),
        ("hint list", _printed(c.hint)),
    ]
    for ex in EXERCISES.values():
        out += [(f"hint {ex.name} {i + 1}", _printed(lambda n=ex.name: c.hint(n)))
                for i in range(len(ex.hints))]
    out = [(name, re.sub(r"0x[0-9a-f]+", "0x...", text)) for name, text in out]  # a generator's address
    with pytest.raises(ValueError) as caught:
        c.hint("nothing")
    out.append(("hint unknown", str(caught.value)))
    out.append(("scan", "\n".join(scan([
        "from pianitsa101.checks._oracles import leaders",
        "import pianitsa101.checks as pc\npc.check_compare = print", "setattr(pc, 'x', 1)",
        "__import__('pianitsa101.checks._core')", "from sys import meta_path",
        "import sys\nsys.meta_path.append(None)\nsys.modules['pianitsa101'] = None"],
        ["pianitsa101.cards"]))))
    return out


def _compare(a, b, lowest=Rank.SIX):
    if a.rank == b.rank:
        return 0
    if {a.rank, b.rank} == {lowest, Rank.ACE}:
        return 1 if a.rank == lowest else -1
    return 1 if a.rank > b.rank else -1


def _estimate(players, games, rng):
    from pianitsa101.pianitsa import PianitsaGame
    from pianitsa101.strategy import wilson_interval

    k = sum(PianitsaGame.deal(players=players, rng=rng).play_trick().disputes > 0 for _ in range(games))
    low, high = wilson_interval(k, games)
    return k / games, low, high


# Latin text allowed in a Russian message: what the student typed or Python printed, and code.
_CODE_LINES = re.compile(r"^\s*(?:случай|ожидалось|получено|где|ошибка):.*$"  # the case, values, the error
                         r"|вызвал \w+: .*(?:\n  [a-z][^:\n]*$)?", re.M)          # Python's own error text
_CODE = re.compile(
    r"`[^`]*`"                                          # code in backticks
    r"|\b[PRD]\d+(?:-R?\d+)?\b"                         # rule ids
    r"|(?<![\w.])(?:10|[2-9JQKA])[♠♥♦♣]"               # cards as Python prints them
    r"|\b[\w.]+\([^()]*(?:\([^()]*\)[^()]*)*\)"         # calls: Play(queen, suit=s), comb(len(deck), 4)
    r"|\b\w+=\S+|\b\w+(?:\.\w+)+|'[^']*'"                 # chain='add', rules.seven_draw, 'draw1_skip'
    r"|\bdef \w+|__\w+__"                                # def compare, __import__
    r"|\b[a-z]+(?:_[a-z]+)+\b|✓ \w+|check_\w+"         # legal_moves, the function's name after ✓
)
_NAMES = {  # code names a student reads and types, the same in every language
    "int", "float", "Fraction", "None", "True", "NoneType", "str", "rng", "seed", "random", "Random", "yield",
    "return", "Python", "IPython", "STRICT", "make", "grade", "CSV", "MyAgent", "RandomAgent", "GreedyAgent",
    "compare", "gather", "penalty", "table", "estimate", "low", "high", "first", "length", "games", "players",
    "deck", "p", "k", "n", "r", "s", "a", "b", "m_r", "c_r", "self", "view", "choose", "from", "fractions",
    "import", "Card", "hand", "top", "last", "stacks", "rules", "repr", "hint", "sys", "meta_path", "pc", "x",
    "leaders",
    "NB", "DIR", "print", "setattr", "append", *EXERCISES,
}


def latin_words(text: str) -> list[str]:
    text = re.sub(r"\n {5,}", " ", text)  # a wrapped line joined to the line it continues
    text = _CODE.sub(" ", _CODE_LINES.sub(" ", text))
    return [w for w in re.findall(r"[A-Za-z_]+", text) if w not in _NAMES]


def test_russian_check_messages_have_no_english_word_and_nothing_unformatted(language):
    language("ru")
    problems = []
    for name, text in check_texts():
        if latin_words(text):
            problems.append((name, latin_words(text), text))
        if re.search(r"\{\w*\}", text):
            problems.append((name, "unformatted", text))
        if not re.search("[а-яё]", text, re.IGNORECASE):
            problems.append((name, "no Russian", text))
    assert problems == []


def test_a_wrong_answer_under_russian_reads_as_a_teacher_would_write_it(language):
    language("ru")
    text = _error(checks.check_compare, lambda a, b, lowest=Rank.SIX: (a.rank > b.rank) - (a.rank < b.rank))
    assert text.splitlines() == [
        "✗ check_compare (упражнение 01, P4, P5)",
        "  неверный ответ.",
        "  случай:    compare(6♠, A♥, lowest=Rank.SIX)",  # the case as Python writes it
        "  ожидалось: 1",
        "  получено:  -1",
        "  подсказка: P5: младшее достоинство колоды (здесь 6) бьёт туза, и только туза.",
        '  Ещё подсказки: hint("compare")',
    ]


def test_russian_numbers_in_prose_and_python_values_as_python_prints_them(language):
    language("ru")
    text = _error(checks.check_tie_chance, lambda deck: 0.1)
    assert "получено:  0.1 (тип float)" in text  # the returned value: a Python repr
    far = " ".join(dict(check_texts())["estimate far"].split())
    assert re.search(r"точным значением 0,\d{4} \(= Fraction\(\d+, \d+\)\)", far)  # prose: a decimal comma
    passed = dict(check_texts())["estimate passes"]
    assert re.search(r"2 игрока, 32 карты: оценка 0,\d{4}, 95-процентный доверительный интервал "
                     r"\[0,\d{4}; 0,\d{4}\]", passed)


def test_english_check_messages_come_back_unchanged_after_russian(language):
    language("en")
    before = check_texts()
    language("ru")
    russian = check_texts()
    language("en")
    assert check_texts() == before
    assert all(not re.search("[а-яё]", t) for _, t in before)
    changed = [n for (n, t), (_, r) in zip(before, russian, strict=True) if t == r]
    assert changed == []


def test_a_hint_with_the_interval_level_reads_95_percent_in_both_languages(language):
    ex = EXERCISES["estimate_dispute"]
    language("en")
    assert "A 95% interval: p ± 1.96" in hint_text(ex.hints[1])
    language("ru")
    assert "95-процентный доверительный интервал: p ± 1,96" in hint_text(ex.hints[1])


# --- the grader's report -------------------------------------------------------------------------

def _grades() -> list[NotebookGrade]:
    return [NotebookGrade("alice", "a/01_compare.ipynb", [Score("01_compare", 1.0, 1.0)]),
            NotebookGrade("alice", "a/02_round_winners.ipynb", [Score("02_round_winners", 0.0, 2.0, "x")]),
            NotebookGrade("(loose files)", "x.ipynb", [], "лежит")]


def test_the_grader_table_speaks_russian_and_the_csv_keeps_its_column_names(language):
    from pianitsa101.checks import grade

    expected = {"01_compare": 1.0, "02_round_winners": 2.0, "03_hand_points": 2.0}
    language("en")
    english = grade.table(_grades(), expected)
    language("ru")
    table = grade.table(_grades(), expected)
    assert table.splitlines()[0].split() == ["ученик", "упражнение", "баллы", "макс.", "примечание"]
    assert "не сдано" in table and "итого" in table and "(файлы вне папок)" in table
    assert english.splitlines()[0].split() == ["student", "exercise", "points", "max", "note"]
    # the CSV is read by spreadsheets and scripts: its header stays the same in every language
    assert grade.to_csv(_grades(), expected).splitlines()[0] == \
        "student,01_compare,02_round_winners,03_hand_points,total,max,flags"


def _judge(cells: list[str], check: str = "check_compare(compare)"):
    from pianitsa101.checks.judge import judge

    imports = "from pianitsa101 import Card, Rank, cards\nfrom pianitsa101.checks import check_compare, hint"
    return judge("compare", [imports, *cells], check, timeout=30)


RIGHT = ("def compare(a, b, lowest=Rank.SIX):\n"
         "    if a.rank == b.rank:\n        return 0\n"
         "    if {a.rank, b.rank} == {lowest, Rank.ACE}:\n        return 1 if a.rank == lowest else -1\n"
         "    return 1 if a.rank > b.rank else -1")
SWITCH = ("import os\nimport pianitsa101\npianitsa101.set_language('en')\nos.environ['PIANITSA101_LANG'] = "
          "'en'\n")


def test_the_judge_speaks_the_graders_language_whatever_the_answer_sets(language):
    language("ru")
    wrong = _judge([SWITCH + "def compare(a, b, lowest=Rank.SIX):\n    return 1 // 0"])
    assert not wrong.passed
    assert "ваш код вызвал ошибку." in wrong.message
    assert "где:       ячейка 2, строка 6, в compare" in wrong.message  # written by the judge, not the answer
    assert wrong.notes == []  # switching the language is no change of the package's objects
    right = _judge([SWITCH + RIGHT])
    assert right.passed and right.message == "" and right.notes == []
    language("en")
    assert _judge([SWITCH.replace("'en'", "'ru'") + RIGHT]).passed  # the marks do not depend on it either


def test_a_student_cell_that_raises_gets_a_russian_note_naming_the_cell(language):
    language("ru")
    verdict = _judge(["raise KeyError('x')", RIGHT])
    assert verdict.passed
    assert verdict.notes == ["ячейка 1 вызвала KeyError: 'x'"]
