"""Turn a student's answer into a plain value before comparing it: the comparison is then ours.

A check never compares the student's object itself (``returned == expected`` would call the
student's ``__eq__``): it first reads the answer into a plain value of an exact built-in type,
and compares that. So a numpy integer counts as the int it is, an ``int`` subclass whose ``==``
is always true counts as its number, a tuple or a numpy array of positions as a list. Each
reader returns the plain value, or ``NotImplemented`` when the answer is of the wrong kind; an
object that raises while being read is reported by ``Runner.read`` (never a traceback).

>>> as_int(True) is NotImplemented, as_int(7), as_fraction(3), as_list((2, 0))
(True, 7, Fraction(3, 1), [2, 0])
>>> class Yes(int):
...     def __eq__(self, other):
...         return True
>>> type(as_int(Yes(5))).__name__, as_int(Yes(5)) == 4
('int', False)
"""

from __future__ import annotations

import numbers
import operator
import types
from fractions import Fraction
from typing import Any

from pianitsa101.cards import Card, Rank, Suit

__all__ = ["as_card", "as_fraction", "as_int", "as_list", "as_move", "is_generator"]


def _is_boolean(value: Any) -> bool:
    """True for bool and numpy's bool_ (a truth value is not a number here)."""
    return isinstance(value, bool) or type(value).__name__ in ("bool_", "bool8")


def as_int(value: Any) -> Any:
    """An exact ``int`` from an int, a numpy integer or an int subclass; NotImplemented otherwise."""
    if _is_boolean(value) or isinstance(value, (float, complex, str, bytes)):
        return NotImplemented
    if isinstance(value, numbers.Integral) or hasattr(type(value), "__index__"):
        try:
            number = operator.index(value)
        except TypeError:
            return NotImplemented
        return int.__int__(number) if isinstance(number, int) else NotImplemented
    return NotImplemented


def as_fraction(value: Any) -> Any:
    """An exact ``Fraction`` from a Fraction, a whole number or an exact rational; else NotImplemented."""
    whole = as_int(value)
    if whole is not NotImplemented:
        return Fraction(whole)
    if isinstance(value, numbers.Rational) and not _is_boolean(value):
        top, bottom = as_int(value.numerator), as_int(value.denominator)
        if top is NotImplemented or bottom is NotImplemented or bottom == 0:
            return NotImplemented
        return Fraction(top, bottom)
    return NotImplemented


def is_generator(value: Any) -> bool:
    """True for a generator or another one-shot iterator (the task asks for a list)."""
    return isinstance(value, (types.GeneratorType, map, filter, zip, enumerate, reversed))


def as_list(value: Any) -> Any:
    """A plain ``list`` from a list, tuple, set, frozenset or numpy array; NotImplemented otherwise."""
    if isinstance(value, (list, tuple, set, frozenset)):
        return list(value)
    if type(value).__name__ == "ndarray" and hasattr(value, "tolist"):
        items = value.tolist()
        return items if isinstance(items, list) else NotImplemented
    return NotImplemented


def as_card(value: Any) -> Any:
    """A plain ``Card`` (its exact rank and suit); NotImplemented for anything that is not a card."""
    if not isinstance(value, Card):
        return NotImplemented
    rank, suit = value.rank, value.suit
    if not isinstance(rank, Rank) or not isinstance(suit, Suit):
        return NotImplemented
    return Card(Rank(int.__int__(rank)), Suit(suit.value))


def as_move(value: Any) -> Any:
    """A plain move of 101 (Play, Draw, Pass, FlushQueens, rebuilt from its fields); else NotImplemented."""
    from pianitsa101.game101 import Draw, FlushQueens, Pass, Play

    if isinstance(value, Play):
        card = as_card(value.card)
        suit = value.suit
        if card is NotImplemented or (suit is not None and not isinstance(suit, Suit)):
            return NotImplemented
        return Play(card, suit=None if suit is None else Suit(suit.value))
    if isinstance(value, FlushQueens):
        return FlushQueens(Suit(value.suit.value)) if isinstance(value.suit, Suit) else NotImplemented
    if isinstance(value, Draw):
        return Draw()
    if isinstance(value, Pass):
        return Pass()
    return NotImplemented
