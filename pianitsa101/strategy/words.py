"""Numbers in the strategy layer's texts (tournament tables, the bot's explanations), in the language set.

>>> from pianitsa101 import set_language
>>> set_language("ru"); pct(0.1234), pct(-0.018, signed=True), count(40000)
('12,3\\xa0%', '-1,8\\xa0%', '40\\xa0000')
>>> set_language("en"); pct(0.1234), pct(-0.018, signed=True), count(40000)
('12.3%', '-1.8%', '40,000')
"""

from __future__ import annotations

from pianitsa101.i18n import NBSP, THIN, get_language

__all__ = ["count", "pct"]


def pct(x: float, digits: int = 1, signed: bool = False) -> str:
    """A share as a percentage: f"{x:.1%}" in English ('+' first when ``signed``), '12,3 %' in Russian."""
    text = f"{x:+.{digits}%}" if signed else f"{x:.{digits}%}"
    if get_language() == "ru":
        text = text.replace(",", THIN).replace(".", ",").replace("%", NBSP + "%")
    return text


def count(n: int, group: bool = True) -> str:
    """A whole number with thousands marked: '40,000' ('40000' without ``group``), in Russian '40 000'."""
    if get_language() == "ru":
        return f"{n:,}".replace(",", THIN)
    return f"{n:,}" if group else str(n)
