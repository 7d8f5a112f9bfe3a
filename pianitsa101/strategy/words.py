"""Numbers in the strategy layer's texts (tournament tables, the bot's explanations), in the language set.

In Russian the numbers are written by Babel (through ``pianitsa101.i18n``).

>>> from pianitsa101 import set_language
>>> set_language("ru"); pct(0.1234), pct(-0.018, signed=True), count(40000)
('12,3\\xa0%', '-1,8\\xa0%', '40\\xa0000')
>>> set_language("en"); pct(0.1234), pct(-0.018, signed=True), count(40000)
('12.3%', '-1.8%', '40,000')
"""

from __future__ import annotations

from pianitsa101.i18n import NBSP, get_language, number, percent, russian_number

__all__ = ["count", "pct", "points"]


def pct(x: float, digits: int = 1, signed: bool = False) -> str:
    """A share as a percentage: f"{x:.1%}" in English ('+' first when ``signed``), '12,3 %' in Russian."""
    english = f"{x:+.{digits}%}" if signed else f"{x:.{digits}%}"
    if get_language() != "ru":
        return english
    return english[0] + percent(abs(x), digits) if signed else percent(x, digits)


def points(x: float, digits: int = 1, signed: bool = False) -> str:
    """A difference of two shares: '+1.8%' in English, in Russian percentage points, '+1,8 п. п.'.

    >>> from pianitsa101 import set_language
    >>> set_language("ru"); points(0.0178, signed=True), points(-0.02, signed=True), points(0.016)
    ('+1,8\xa0п.\xa0п.', '-2,0\xa0п.\xa0п.', '1,6\xa0п.\xa0п.')
    >>> set_language("en"); points(0.0178, signed=True)
    '+1.8%'
    """
    english = pct(x, digits, signed)
    if get_language() != "ru":
        return english
    sign = english[0] if signed else ""
    return sign + number(100 * (abs(x) if signed else x), digits) + NBSP + "п." + NBSP + "п."


def count(n: int, group: bool = True) -> str:
    """A whole number with thousands marked: '40,000' ('40000' without ``group``), in Russian '40 000'."""
    if get_language() == "ru":
        return russian_number(f"{n:,}")
    return f"{n:,}" if group else str(n)
