"""Small checks of arguments shared by both engines: whole numbers, seeds, generators, plurals.

A whole number may be a Python ``int`` or any other integral number (numpy's ``int64``,
say), but never ``True``/``False``; it is handed on as a plain ``int`` so that records
stay plain JSON.  Nothing here imports numpy.

>>> whole_number(7), whole_number(True), whole_number(1.0)
(7, None, None)
>>> plural(1, "card"), plural(3, "card"), plural(2, "dispute round")
('1 card', '3 cards', '2 dispute rounds')
"""

from __future__ import annotations

import numbers
import random

from pianitsa101.i18n import _

__all__ = ["as_seed", "check_rng", "plural", "whole_number"]


def whole_number(value: object) -> int | None:
    """``value`` as a plain int when it is a whole number (numpy integers too), else None."""
    if type(value) is int:
        return value
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return int(value)
    return None


def as_seed(seed: object) -> int | None:
    """A seed checked to be None or a whole number, as a plain int (numpy integers are welcome)."""
    if seed is None:
        return None
    number = whole_number(seed)
    if number is None:
        raise ValueError(_("seed must be a whole number (or None for a fresh shuffle), got {value}").format(
            value=repr(seed)))
    return number


def check_rng(rng: object) -> random.Random:
    """``rng`` checked to be a ``random.Random`` (``random.SystemRandom`` is one too)."""
    if not isinstance(rng, random.Random):
        raise ValueError(_("rng must be a random.Random (or give a seed); got {value}").format(
            value=repr(rng)))
    return rng


def plural(count: int, word: str) -> str:
    """'1 card', '2 cards', '1,000 rounds': a count and its noun, in the language set (see i18n)."""
    from pianitsa101.i18n import plural as language_plural

    return language_plural(count, word)
