"""What a lesson's own code prints, in the language set: ``lesson_language("ru")``.

A Russian lesson runs the English lesson's code, so its ``print`` calls write English lines.
``lesson_language("ru")`` sets the package's language and puts a translator in front of the
notebook's output: every whole line printed is looked up among the lesson's line templates
(``printed_texts.PRINTED``, translated in the package's catalog), and written in Russian.
A template names its changing parts:

- ``{0}``, ``{1}``, ...: a number ('1,000', '9.68'), a card or a run of cards and moves
  ('Q♠→♥ 8♥ pass'), or a suit; the Russian line writes the number the Russian way
  (Babel, through ``words.decimal``) and the cards with the letters В Д К Т;
- ``{*}``: any text, itself translated line-wise (a sentence the package already wrote);
- ``{pc}``: a percent sign.

In a translation ``{0|карта|карты|карт}`` is the Russian word for the count in ``{0}``, chosen
by the catalog's plural rule; ``{1:>}`` keeps the spaces the lesson printed in front of the value
(a number right-aligned in a table's column), ``{0:<}`` those after it (a card left-aligned).

A line no template matches keeps its words and gets its cards in Russian letters (a line of
moves alone, its moves too; a line of rank letters, as a stack or a position ``AA6 | 6`` prints
them, its letters; a line of numbers alone, its numbers).  A tally of outcomes
(``{'finished': 3, 'draw': 0}``, what ``counts()`` gives) is written with the outcomes'
Russian names, wherever it stands in a line; in a notebook, so is a tally a cell gives back,
and a float it gives back has a decimal comma.  ``lesson_language("en")`` takes the translator
away: English lines are written as they are, byte for byte.

>>> from pianitsa101 import set_language
>>> set_language("ru")
>>> line("finished after 61 tricks; seat 1 is the drunkard")
'партия окончена после 61 взятки; место 1 — пьяница'
>>> line("legal moves now: 8♥ Q♠→♥ pass")
'разрешённые ходы сейчас: 8♥ Д♠→♥ пас'
>>> line("6 A 9 Q | K 8")
'6 Т 9 Д | К 8'
>>> line("{'finished': 42100, 'cycle': 0}")
'{окончена: 42\u00a0100, цикл: 0}'
>>> line("48.935 52.085")
'48,935 52,085'
>>> set_language("en")
>>> line("legal moves now: 8♥ pass")
'legal moves now: 8♥ pass'
"""

from __future__ import annotations

import io
import re
import sys
from functools import lru_cache

from pianitsa101.i18n import _, get_language, pgettext, rank_text, russian_number, set_language
from pianitsa101.lessons.printed_texts import PRINTED
from pianitsa101.lessons.words import decimal, percent_sign, word_for

__all__ = ["lesson_language", "line"]

_SUIT = "[♠♣♦♥]"
_CARD = rf"(?:10|[2-9JQKAВДКТ]){_SUIT}(?:→{_SUIT})?"
_MOVE = rf"(?:{_CARD}|flush queens→{_SUIT}|pass|draw)"
_RUN = rf"{_MOVE}(?: {_MOVE})*"
_NUMBER = r"(?<![\w.])[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w])|(?<![\w.])[+-]?\d+(?:\.\d+)?(?![\w])"
_SLOT = rf"({_RUN}(?![\w])|{_NUMBER}|{_SUIT})"
_CARDS_IN_TEXT = re.compile(rf"(?<![\w])(?:10|[2-9JQKA]){_SUIT}")
_RANKS = r"(?:10|[2-9JQKA])+"
_RANK_RUN = re.compile(rf"(?=[^·]*[JQKA])({_RANKS}(?:(?: | \| ){_RANKS})+|[JQKA]+)"
                       r"((?:\s+(?:·|\d+(?:/\d+)?))*)")  # a row of a matrix may follow a position
_NUMBERS = re.compile(rf"(?:{_NUMBER})(?:\s+(?:{_NUMBER}))*")
_OUTCOME = r"'(finished|cycle|limit|draw)': (\d+)"
_OUTCOMES = re.compile(rf"\{{{_OUTCOME}(?:, {_OUTCOME})*\}}")
_PLACE = re.compile(r"\{(\d+|\*|pc)\}")
_CHOICE = re.compile(r"\{(\d+|\*|pc)(?::([<>]{1,2}))?(?:\|([^{}]*))?\}")


def _pattern(template: str) -> re.Pattern[str]:
    """A template as a regular expression: its slots as groups, its spaces as any run of spaces."""
    parts, end = [], 0
    for m in _PLACE.finditer(template):
        parts.append(re.escape(template[end:m.start()]))
        key = m.group(1)
        parts.append("%" if key == "pc" else "(.*?)" if key == "*" else _SLOT)
        end = m.end()
    parts.append(re.escape(template[end:]))
    return re.compile(re.sub(r"(\\ )+", r"\\s+", "".join(parts)))


@lru_cache(maxsize=1)
def _templates() -> tuple[tuple[str, re.Pattern[str], list[str]], ...]:
    """Every template with its pattern and its slot names, the most specific first."""
    found = []
    for template in PRINTED:
        names = [m.group(1) for m in _PLACE.finditer(template) if m.group(1) != "pc"]
        found.append((template, _pattern(template), names))
    return tuple(sorted(found, key=lambda t: -len(_PLACE.sub("", t[0]))))


def _padding(body: str, m: re.Match[str], template: str) -> dict[str, tuple[int, int]]:
    """The spaces the lesson printed before and after each slot beyond the template's own.

    A table's rows pad their numbers on the left (``f"{n:>6,}"``) and their cards and words on the
    right (``f"{card:<6}"``).  A translation that writes a slot ``{1:>}`` keeps the padding in front
    of the value, ``{0:<}`` the padding after it, so the rows of a Russian table line up as the
    English ones do.

    >>> template = "{0} score {1}"
    >>> _padding("9♦     score    9", _pattern(template).fullmatch("9♦     score    9"), template)
    {'0': (0, 4), '1': (3, 0)}
    """
    places = [p for p in _PLACE.finditer(template) if p.group(1) != "pc"]
    pads = {}
    for i, place in enumerate(places, start=1):
        head, tail = template[:place.start()], template[place.end():]
        before, after = body[:m.start(i)], body[m.end(i):]
        left = len(before) - len(before.rstrip()) - (len(head) - len(head.rstrip(" ")))
        right = 0
        if tail.strip() and not _PLACE.match(tail.lstrip(" ")):  # a slot just before another pads that one
            right = len(after) - len(after.lstrip()) - (len(tail) - len(tail.lstrip(" ")))
        pads[place.group(1)] = (max(0, left), max(0, right))
    return pads


def _cards(text: str) -> str:
    """Cards in the language set: В Д К Т for J Q K A (other words as they are)."""
    return _CARDS_IN_TEXT.sub(lambda m: rank_text(m.group(0)[:-1]) + m.group(0)[-1], text)


def _moves(run: str) -> str:
    """A run of cards and moves in the language set: В Д К Т for J Q K A, 'пас' for pass."""
    words = {"pass": pgettext("move", "pass"), "draw": pgettext("move", "draw")}
    run = re.sub(r"flush queens→", pgettext("move", "flush queens") + "→", run)
    return _cards(re.sub(r"\b(pass|draw)\b", lambda m: words[m.group(1)], run))


def _render(slot: str) -> str:
    """A slot's text in the language set: a number written the language's way, cards in its letters."""
    if re.fullmatch(r"[+-]?\d+", slot):
        return slot  # digits the lesson did not group (as in 91/1798) stay ungrouped
    if re.fullmatch(_NUMBER, slot):
        return decimal(slot)
    return _moves(slot)


def _outcomes(tally: re.Match[str]) -> str:
    """A tally of outcomes, ``{'finished': 42100, 'cycle': 0}``, with their names in the language set."""
    pairs = re.findall(_OUTCOME, tally.group(0))
    return "{" + ", ".join(f"{pgettext('outcome', k)}: {decimal(f'{int(n):,}')}" for k, n in pairs) + "}"


def line(text: str) -> str:
    """One printed line in the language set (an English line as it is)."""
    if get_language() == "en" or not text.strip():
        return text
    indent = text[: len(text) - len(text.lstrip())]
    body = _OUTCOMES.sub(_outcomes, text.strip())
    ranks = _RANK_RUN.fullmatch(body)
    if ranks:  # ranks alone, as a stack ('6 A 9 Q') or a position ('AA6 | 6') prints them, and a row after it
        return indent + re.sub(r"[JQKA]", lambda m: rank_text(m.group(0)), ranks.group(1)) + ranks.group(2)
    if _NUMBERS.fullmatch(body):  # numbers alone: '48.935 52.085'
        return indent + re.sub(_NUMBER, lambda m: _render(m.group(0)), body)
    for template, pattern, names in _templates():
        m = pattern.fullmatch(body)
        if not m:
            continue
        translated = _(template)
        if translated == template:
            continue
        values = dict(zip(names, m.groups(), strict=True))
        stars = iter([value for name, value in zip(names, m.groups(), strict=True) if name == "*"])
        pads = _padding(body, m, template)

        def fill(place: re.Match[str], values: dict[str, str] = values, stars=stars, pads=pads) -> str:
            key, align, forms = place.group(1), place.group(2) or "", place.group(3)
            if key == "pc":
                return percent_sign()
            if key == "*":  # several {*} are filled in the order they were printed
                return line(next(stars))
            if forms is not None:
                return word_for(values[key], forms)
            left, right = pads[key]  # the column's padding, where the translation asks for it
            return " " * left * (">" in align) + _render(values[key]) + " " * right * ("<" in align)

        return indent + _CHOICE.sub(fill, translated)
    if re.fullmatch(_RUN, body):
        return indent + _moves(body)  # a line of moves alone: '8♥ pass'
    return indent + _cards(body)


class _Translating(io.TextIOBase):
    """A stream that writes whole lines through ``line`` to the stream it wraps."""

    def __init__(self, inner: io.TextIOBase) -> None:
        self.inner = inner
        self._pending = ""

    def write(self, text: str) -> int:
        self._pending += text
        *whole, self._pending = self._pending.split("\n")
        if whole:
            self.inner.write("".join(line(w) + "\n" for w in whole))
        return len(text)

    def flush(self) -> None:
        if self._pending:
            self.inner.write(line(self._pending))
            self._pending = ""
        self.inner.flush()

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)


def lesson_language(lang: str) -> None:
    """Set the package's language, and have what the lesson's code prints written in it ('en' or 'ru')."""
    set_language(lang)
    stream = sys.stdout
    inner = stream.inner if isinstance(stream, _Translating) else stream
    if isinstance(stream, _Translating):
        stream.flush()
    sys.stdout = inner if lang == "en" else _Translating(inner)
    _floats_shown(lang)


def _floats_shown(lang: str) -> None:
    """In a notebook, what a cell gives back in the language set: a float (0,126), an outcome tally."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - the package runs without IPython too
        return
    shell = get_ipython()
    if shell is None:
        return
    printers = shell.display_formatter.formatters["text/plain"].type_printers
    for kind in (float, dict):
        _SAVED.setdefault(kind, printers.get(kind))
    if lang == "en":
        for kind, printer in _SAVED.items():
            if printer is None:
                printers.pop(kind, None)
            else:
                printers[kind] = printer
        return
    printers[float] = lambda x, p, cycle: p.text(russian_number(repr(x)))  # Babel: 0,126…
    default = _SAVED[dict]

    def tally(d: dict, p, cycle: bool) -> None:  # {'finished': 3, 'draw': 0} as the printed lines write it
        text = repr(d) if d and all(type(v) is int for v in d.values()) else ""
        if _OUTCOMES.fullmatch(text):
            p.text(_OUTCOMES.sub(_outcomes, text))
        elif text and any(pattern.fullmatch(text) for _, pattern, _ in _templates()):
            p.text(line(text))  # a dict a lesson's template names: the points table with В Д К Т
        elif default is not None:
            default(d, p, cycle)
        else:  # pragma: no cover
            p.text(repr(d))

    printers[dict] = tally


_SAVED: dict[type, object] = {}
