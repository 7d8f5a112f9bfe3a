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

__all__ = ["CheckError", "Runner", "Text", "show"]

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
        return repr(value)
    text = repr(value)
    return text if len(text) <= 300 else text[:297] + "..."


_WIDTH = 80  # fits a notebook's output area on a small screen, the file browser open
_LABEL = re.compile(r"^[a-z ]+:\s+")


def _wrap(line: str) -> str:
    """One line of a message, indented by two, wrapped under its text (after a label such as 'hint:')."""
    label = _LABEL.match(line)
    indent = "  " + " " * (label.end() if label else 0)
    return textwrap.fill(line, _WIDTH, initial_indent="  ", subsequent_indent=indent, break_long_words=False,
                         break_on_hyphens=False)


def _what(value: Any) -> str:
    """A value with its type, for 'returned ...' lines: 0.25 (a float)."""
    return f"{show(value)} (a {type(value).__name__})"


class Runner:
    """Runs one exercise's cases on a student's function; raises ``CheckError`` at the first failure."""

    def __init__(self, name: str, fn: Any, limit: float = 2.0) -> None:
        self.exercise: Exercise = EXERCISES[name]
        self.fn = fn
        self.limit = limit  # seconds allowed per call of the student's function
        self.cases = 0  # cases tried so far
        if isinstance(fn, type) and name != "strategy":
            self._fail(f"{self.exercise.function} is a class; the exercise asks for a function: "
                       f"def {self.exercise.signature}:")
        if not callable(fn) and name != "strategy":
            self._fail(f"check_{name} needs your function itself, got {_what(fn)}. "
                       f"Call it as check_{name}({self.exercise.function}), without brackets after "
                       f"{self.exercise.function}.")

    # --- failing -----------------------------------------------------------------------------

    def _header(self) -> str:
        ex = self.exercise
        return f"✗ check_{ex.name} (exercise {ex.number:02d}, {ex.rules})"

    def _fail(self, *lines: str) -> None:
        """Raise the CheckError with the exercise's header, these lines and where to find more help."""
        body = "\n".join(_wrap(line) for text in lines if text for line in text.splitlines())
        more = f'  More help: hint("{self.exercise.name}")'
        raise CheckError(self.exercise.name, f"{self._header()}\n{body}\n{more}") from None

    def wrong(self, case: str, expected: Any, returned: Any, hint: str) -> None:
        """Raise the CheckError of a wrong answer."""
        self._fail("a wrong answer.", f"case:      {case}", f"expected:  {show(expected)}",
                   f"returned:  {show(returned)}", f"hint:      {hint}")

    def nonsense(self, case: str, returned: Any, wanted: str) -> None:
        """Raise the CheckError of an answer of the wrong kind."""
        extra = " Did you forget `return`?" if returned is None else ""
        self._fail("an answer of the wrong kind.", f"case:      {case}", f"returned:  {_what(returned)}",
                   f"wanted:    {wanted}.{extra}")

    # --- calling -----------------------------------------------------------------------------

    def call(self, case: str, *args: Any, limit: float | None = None, **kwargs: Any) -> Any:
        """The student's answer for one case; every way it can go wrong becomes a CheckError."""
        self.cases += 1
        seconds = self.limit if limit is None else limit
        try:
            with time_limit(seconds):
                return self.fn(*args, **kwargs)
        except TimeUp:
            pass  # reported below, outside the except clause, so that no exception chain is shown
        except NotImplementedError as exc:
            self.not_written(exc)
        except (Exception, SystemExit) as exc:
            self.raised(case, exc)
        self._fail(f"no answer within {seconds:g} seconds (an endless loop, or much too slow).",
                   f"case:      {case}",
                   f"hint:      {self.exercise.slow_hint}")
        return None  # never reached: _fail raises

    def not_written(self, exc: BaseException) -> None:
        """Raise the CheckError for a function that still raises NotImplementedError (the stub)."""
        ex = self.exercise
        self._fail(f"{ex.function} is not written yet: replace `raise NotImplementedError()` with your code.",
                   f"the rules to read: {ex.rules}.")

    def raised(self, case: str, exc: BaseException) -> None:
        """Raise the CheckError for a student's function that raised ``exc``."""
        lines = ["your code raised an error.", f"case:      {case}",
                 f"error:     {type(exc).__name__}: {exc}"]
        where = student_line(exc)
        if where:
            lines.append(f"where:     {where}")
        lines.append(f"hint:      {self.exercise.error_hint}")
        self._fail(*lines)

    def many(self, cases: Iterable[tuple[str, tuple, Any, str]], accept: Callable[[Any], Any],
             wanted: str, equal: Callable[[Any, Any], bool] | None = None) -> None:
        """Try every (case text, args, expected, hint); ``accept`` turns an answer into a comparable
        value, or returns ``NotImplemented`` when it is of the wrong kind (described by ``wanted``)."""
        for case, args, expected, hint in cases:
            returned = self.call(case, *args)
            value = accept(returned)
            if value is NotImplemented:
                self.nonsense(case, returned, wanted)
            if not (value == expected if equal is None else equal(value, expected)):
                self.wrong(case, expected, returned, hint)

    def passed(self, detail: str = "") -> None:
        """Print the message of success."""
        ex = self.exercise
        note = f" {detail}" if detail else ""
        print(f"✓ {ex.function}: right in all {self.cases} cases ({ex.rules}).{note} Well done!")


def student_line(exc: BaseException) -> str:
    """Where the student's code raised: the last line of the traceback outside this package."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if not f.filename.startswith(_PACKAGE)
              and "/lib/python" not in f.filename.replace("\\", "/")]
    if not frames:
        return ""
    frame = frames[-1]
    text = (frame.line or linecache.getline(frame.filename, frame.lineno)).strip()
    return f"{_cell_name(frame.filename)}, line {frame.lineno}, in {frame.name}: {text}"


def _cell_name(filename: str) -> str:
    """'Cell In[3]' for code typed in a notebook cell, else the file name."""
    try:
        from IPython import get_ipython

        shell = get_ipython()
        if shell is not None:
            name = shell.compile.format_code_name(filename)
            if name:
                return " ".join(name)
    except Exception:  # no IPython, or an IPython without cell names
        pass
    return os.path.basename(filename)
