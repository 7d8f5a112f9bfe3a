"""What every check shares: call a student's function safely, case by case, and explain a failure.

A check calls the student's function on many cases. Whatever happens (a wrong answer, an
error raised, an endless loop, an answer of the wrong type) ends in one ``CheckError`` whose
message names the exercise, the case, what was expected, what came back and a hint that
points at the rule. In a notebook only that message is shown, never a traceback from inside
the package (IPython's ``_render_traceback_`` hook); the student's own line is quoted when
their code raised.

>>> from pianitsa101 import Card
>>> show([Card.parse("6♠"), Card.parse("A♥")]), show(Fraction(3, 31)), show(None)
('[6♠, A♥]', 'Fraction(3, 31)', 'None')
"""

from __future__ import annotations

import linecache
import os
import re
import textwrap
import traceback
from collections.abc import Callable, Iterable
from enum import Enum
from fractions import Fraction
from typing import Any

from pianitsa101.checks._exercises import EXERCISES, Exercise
from pianitsa101.checks._limit import TimeUp, time_limit
from pianitsa101.checks._text import label, say
from pianitsa101.checks._values import is_generator
from pianitsa101.i18n import _, get_language, number

__all__ = ["CheckError", "Foreign", "Runner", "Text", "first_difference", "show", "show_move"]

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep  # .../pianitsa101/
_RED, _GREEN, _BOLD, _RESET = "\x1b[31m", "\x1b[32m", "\x1b[1m", "\x1b[0m"


class CheckError(AssertionError):
    """A check failed: the message names the exercise, the case, the expected and returned values, a hint."""

    def __init__(self, exercise: str, message: str) -> None:
        super().__init__(message)
        self.exercise = exercise  # the exercise's name, e.g. "compare"

    def _render_traceback_(self) -> list[str]:
        """What IPython shows instead of a traceback: the message alone, its first line in red."""
        first, *rest = str(self).splitlines()
        return [f"{_RED}{_BOLD}{first}{_RESET}", *rest]


class Text(str):
    """A description shown as it is in a check's message (not as a Python value)."""


def show(value: Any) -> str:
    """A value as a student reads it: cards and moves as on the table, containers and numbers as Python."""
    from pianitsa101.cards import Card, Rank, Suit

    if isinstance(value, Text):
        return str(value)
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, (Rank, Suit)):
        return repr(value)
    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, Fraction):
        return f"Fraction({value.numerator}, {value.denominator})"
    if isinstance(value, list):
        return "[" + ", ".join(map(show, value)) + "]"
    if isinstance(value, tuple):
        inner = ", ".join(map(show, value))
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(map(show, value))) + "}" if value else "set()"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{show(k)}: {show(v)}" for k, v in value.items()) + "}"
    if type(value).__module__.startswith("pianitsa101.game101") and type(value).__name__ in (
            "Play", "Draw", "Pass", "FlushQueens"):
        return show_move(value)
    if isinstance(value, Foreign):
        return value.text
    try:
        text = repr(value)
    except Exception as exc:  # an odd object whose repr raises still gets a message
        text = _("<a {type} whose repr raised {error}>").format(type=type(value).__name__,
                                                                error=type(exc).__name__)
    if not isinstance(text, str):
        text = _("<a {type}>").format(type=type(value).__name__)
    return text if len(text) <= 300 else text[:297] + "..."


def show_move(move: Any) -> str:
    """A move as short as a card: Play(10♦), Play(Q♥, suit=♠), Draw(), Pass(), FlushQueens(♠)."""
    name = type(move).__name__
    if name == "Play":
        suit = "" if move.suit is None else f", suit={move.suit.symbol}"
        return f"Play({move.card}{suit})"
    if name == "FlushQueens":
        return f"FlushQueens({move.suit.symbol})"
    return f"{name}()"


class Foreign:
    """An answer that came from the student's process and is no plain value: its type name and repr."""

    def __init__(self, type_name: str, text: str) -> None:
        self.type_name, self.text = type_name, text

    def __repr__(self) -> str:
        return self.text


_WIDTH = 80  # fits a notebook's output area on a small screen, the file browser open
_LABEL = re.compile(r"^[a-zа-яё ]+:\s+")


def _wrap(line: str) -> str:
    """One line of a message, indented by two, wrapped under its text (after a label such as 'hint:')."""
    label = _LABEL.match(line)
    indent = "  " + " " * (label.end() if label else 0)
    return textwrap.fill(line, _WIDTH, initial_indent="  ", subsequent_indent=indent, break_long_words=False,
                         break_on_hyphens=False)


def _what(value: Any) -> str:
    """A value with its type, for 'returned ...' lines: 0.25 (a float), np.int64(1) (an int64)."""
    name = value.type_name if isinstance(value, Foreign) else type(value).__name__
    text = _("{value} (an {type})") if name[:1].lower() in "aeiou" else _("{value} (a {type})")
    return text.format(value=show(value), type=name)


class Runner:
    """Runs one exercise's cases on a student's function; raises ``CheckError`` at the first failure."""

    def __init__(self, name: str, fn: Any, limit: float = 2.0) -> None:
        self.exercise: Exercise = EXERCISES[name]
        self.fn = fn
        self.limit = limit  # seconds allowed per call of the student's function
        self.cases = 0  # cases tried so far
        ex = self.exercise
        if isinstance(fn, type) and name != "strategy":
            self._fail(say("is_class", function=ex.function, signature=ex.signature))
        if not callable(fn) and name != "strategy":
            self._fail(say("not_callable", name=name, what=_what(fn), function=ex.function))

    # --- failing -----------------------------------------------------------------------------

    def _header(self) -> str:
        ex = self.exercise
        header = _("✗ check_{name} (exercise {number}, {rules})")
        return header.format(name=ex.name, number=f"{ex.number:02d}", rules=ex.rules_text())

    def _fail(self, *lines: str) -> None:
        """Raise the CheckError with the exercise's header, these lines and where to find more help."""
        body = "\n".join(_wrap(line) for text in lines if text for line in text.splitlines())
        more = "  " + say("more_help", name=self.exercise.name)
        raise CheckError(self.exercise.name, f"{self._header()}\n{body}\n{more}") from None

    def wrong(self, case: str, expected: Any, returned: Any, hint: str, value: Any = None) -> None:
        """Raise the CheckError of a wrong answer; ``value``, the answer read as a plain value, shows
        where two long lists first differ."""
        lines = [say("wrong"), label("case") + case, label("expected") + show(expected),
                 label("returned") + show(returned)]
        if isinstance(expected, list) and isinstance(value, list) and max(len(expected), len(value)) > 4:
            lines.append(label("where") + first_difference(expected, value))
        self._fail(*lines, label("hint") + hint)

    def nonsense(self, case: str, returned: Any, wanted: str) -> None:
        """Raise the CheckError of an answer of the wrong kind."""
        extra = say("forgot_return") if returned is None else ""
        extra = say("generator") if is_generator(returned) else extra
        self._fail(say("kind"), label("case") + case, label("returned") + _what(returned),
                   label("wanted") + f"{wanted}.{extra}")

    def read(self, case: str, returned: Any, reader: Callable[[Any], Any], wanted: str) -> Any:
        """The answer as a plain value (``reader``, see ``_values``); a CheckError when it is of the wrong
        kind or raises while being read (an odd object), never a traceback or a pass."""
        problem = ""
        try:
            with time_limit(1.0):
                value = reader(returned)
        except TimeUp:
            problem = _("reading it took more than a second")
        except Exception as exc:  # the object's own methods raised
            problem = f"{type(exc).__name__}: {exc}"[:200]
        if problem:
            self._fail(say("kind"), label("case") + case, label("returned") + _what(returned),
                       label("wanted") + f"{wanted}.", say("unreadable", error=problem))
        if value is NotImplemented:
            self.nonsense(case, returned, wanted)
        return value

    # --- calling -----------------------------------------------------------------------------

    def call(self, case: str, *args: Any, limit: float | None = None, **kwargs: Any) -> Any:
        """The student's answer for one case; every way it can go wrong becomes a CheckError."""
        self.cases += 1
        seconds = self.limit if limit is None else limit
        try:
            if type(self.fn).__module__ == "pianitsa101.checks.judge":  # runs in the student's process
                return self.fn.call_limited(seconds, *args, **kwargs)
            with time_limit(seconds):
                return self.fn(*args, **kwargs)
        except TimeUp:
            pass  # reported below, outside the except clause, so that no exception chain is shown
        except NotImplementedError as exc:
            self.not_written(exc)
        except (Exception, SystemExit) as exc:
            self.raised(case, exc)
        self._fail(say("timeout", seconds=f"{seconds:g}"),
                   label("case") + case,
                   label("hint") + _(self.exercise.slow_hint))
        return None  # never reached: _fail raises

    def not_written(self, exc: BaseException) -> None:
        """Raise the CheckError for a function that still raises NotImplementedError (the stub)."""
        ex = self.exercise
        self._fail(say("not_written", function=ex.function), say("rules_to_read", rules=ex.rules_text()))

    def raised(self, case: str, exc: BaseException) -> None:
        """Raise the CheckError for a student's function that raised ``exc``."""
        lines = [say("raised"), label("case") + case,
                 label("error") + f"{type(exc).__name__}: {exc}"]
        where = student_line(exc)
        if where:
            lines.append(label("where") + where)
        lines.append(label("hint") + _(self.exercise.error_hint))
        self._fail(*lines)

    def many(self, cases: Iterable[tuple[str, tuple, Any, Any]], accept: Callable[[Any], Any],
             wanted: str, equal: Callable[[Any, Any], bool] | None = None) -> None:
        """Try every (case text, args, expected, hint); ``accept`` reads an answer into a plain value
        (see ``_values``), or returns ``NotImplemented`` when it is of the wrong kind (described by
        ``wanted``). ``hint`` is a text, or a function of the plain value that picks the hint by the
        mistake made."""
        for case, args, expected, hint in cases:
            returned = self.call(case, *args)
            value = self.read(case, returned, accept, wanted)
            if not (value == expected if equal is None else equal(value, expected)):
                self.wrong(case, expected, returned, hint(value) if callable(hint) else hint, value)

    def passed(self, detail: str = "") -> None:
        """Print the message of success."""
        ex = self.exercise
        note = f" {detail}" if detail else ""
        cases = number(self.cases) if get_language() != "en" else str(self.cases)
        print(say("passed", function=ex.function, cases=cases, rules=ex.rules_text(), note=note))
        warn_flags(ex)


def warn_flags(exercise: Exercise) -> None:
    """Say, before the answer is handed in, what ``make grade`` would flag in the cells run so far."""
    from pianitsa101.checks.scan import kernel_flags

    flags = kernel_flags(exercise.allowed)
    if flags:
        print(say("flagged"))
        for flag in flags:
            print(f"  - {flag}")


def first_difference(expected: list, value: list) -> str:
    """Where two lists first differ, for a long list that is wrong."""
    for i, (want, got) in enumerate(zip(expected, value, strict=False)):
        if want != got:
            return say("first_difference", index=str(i), expected=show(want), returned=show(got))
    return say("length", expected=str(len(expected)), returned=str(len(value)))


def student_line(exc: BaseException) -> str:
    """Where the student's code raised: the last line of the traceback outside this package."""
    where = getattr(exc, "where", None)  # an error raised in the student's own process (judge.py)
    if isinstance(where, str):
        return where
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if not f.filename.startswith(_PACKAGE)
              and "/lib/python" not in f.filename.replace("\\", "/")]
    if not frames:
        return ""
    frame = frames[-1]
    text = (frame.line or linecache.getline(frame.filename, frame.lineno)).strip()
    where = _("{cell}, line {line}, in {function}: {text}")
    return where.format(cell=_cell_name(frame.filename), line=frame.lineno, function=frame.name, text=text)


def _cell_name(filename: str) -> str:
    """'Cell In[3]' for code typed in a notebook cell, else the file name."""
    try:
        from IPython import get_ipython

        shell = get_ipython()
        if shell is not None:
            name = shell.compile.format_code_name(filename)
            if name:
                return " ".join((_("Cell") if name[0] == "Cell" else name[0], *name[1:]))
    except Exception:  # no IPython, or an IPython without cell names
        pass
    return os.path.basename(filename)
