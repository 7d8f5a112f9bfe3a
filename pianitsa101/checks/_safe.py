"""What a student's code wrote, made safe to show: as data on a terminal, in a spreadsheet, bounded.

A student controls the text of its errors, the names of its classes and the repr of what it
returns, and these reach the grader's table, its CSV and the tournament's leaderboard. So
every such text goes through :func:`printable` (control characters, terminal escapes and
bidirectional overrides written as escapes; at most ``limit`` characters), and every CSV cell
through :func:`csv_cell` (one that a spreadsheet would read as a formula is quoted).

>>> printable("Error\\r\\x1b[2J✓ 32/32")
'Error\\\\r\\\\x1b[2J✓ 32/32'
>>> printable("x" * 10, limit=5)
'xxxx…'
>>> csv_cell("=HYPERLINK(\\"http://x\\")"), csv_cell("-1+1"), csv_cell("alice")
('\\'=HYPERLINK("http://x")', "'-1+1", 'alice')
"""

from __future__ import annotations

import unicodedata

__all__ = ["csv_cell", "printable"]

_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _escape(char: str) -> str:
    if char == "\r":
        return "\\r"
    if char == "\n":
        return "\\n"
    if char == "\t":
        return "\\t"
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def printable(text: object, limit: int = 300) -> str:
    """``text`` with every control or format character (``\\r``, ESC, bidi overrides...) escaped, cut to
    ``limit`` characters."""
    text = text if isinstance(text, str) else str(text)
    text = text[:limit * 4]
    out = "".join(_escape(c) if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c for c in text)
    return out if len(out) <= limit else out[:limit - 1] + "…"


def csv_cell(text: object, limit: int = 1000) -> str:
    """A text cell for a CSV file: printable, quoted with ``'`` where a spreadsheet would see a formula."""
    out = printable(text, limit)
    return "'" + out if out.startswith(_FORMULA) else out
