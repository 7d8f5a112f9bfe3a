"""What the class service accepts: every field's type and size, and a clear refusal for anything else.

Each reader takes the decoded JSON body of a request and returns the clean value, or raises
``Refused`` with a sentence that names the field, what came and what is allowed:

>>> name({"name": "  Anna K. "})
'Anna K.'
>>> try:
...     name({"name": "x" * 41})
... except Refused as refusal:
...     print(refusal)
name: at most 40 characters, got 41
>>> rules({"rules": {"max_tricks": 1, "gather": "table"}})
{'gather': 'table', 'max_tricks': 1}
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

__all__ = [
    "MAX_BODY",
    "MAX_NOTEBOOK",
    "MAX_STRATEGY",
    "Refused",
    "csv_cell",
    "estimate",
    "exercise",
    "idem",
    "name",
    "notebook",
    "rules",
    "strategy",
]

MAX_BODY = 3_000_000  # bytes in one request (a hand-in's notebook and its envelope)
MAX_NOTEBOOK = 2_000_000  # characters of a handed-in notebook (an exercise with its outputs is ~50 kB)
MAX_STRATEGY = 64_000  # characters of a strategy's source (the reference strategy is ~3 kB)
GAMES = ("pianitsa", "101")
_WORD = re.compile(r"^[a-z0-9_]{1,40}$")
_KEY = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
_EXERCISE = re.compile(r"^(0[1-9]|1[0-2])_[a-z0-9_]{1,40}$")


class Refused(ValueError):
    """A request the service will not take; the message says which field and what is allowed."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status  # the HTTP status of the refusal


def _get(body: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    """``body[key]`` if it has the type (bool is not an int), else a refusal naming the field."""
    if key not in body or body[key] is None:
        if default is ...:
            raise Refused(f"{key}: missing")
        return default
    value = body[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
        wanted = " or ".join(k.__name__ for k in kinds)
        raise Refused(f"{key}: must be {wanted}, got {type(value).__name__}")
    return value


def _text(body: dict[str, Any], key: str, most: int, default: Any = ...) -> str:
    value = _get(body, key, str, default)
    if len(value) > most:
        raise Refused(f"{key}: at most {most:,} characters, got {len(value):,}", 413 if most > 1000 else 400)
    return value


def _int(body: dict[str, Any], key: str, low: int, high: int, default: Any = ...) -> int:
    value = _get(body, key, int, default)
    if value is not None and not low <= value <= high:
        raise Refused(f"{key}: must be from {low:,} to {high:,}, got {value:,}")
    return value


def name(body: dict[str, Any]) -> str:
    """A student's name as the board shows it: 1 to 40 printable characters."""
    value = _text(body, "name", 80).strip()
    if not value:
        raise Refused("name: empty; type the name the teacher should see")
    if len(value) > 40:
        raise Refused(f"name: at most 40 characters, got {len(value)}")
    if any(not ch.isprintable() for ch in value):
        raise Refused("name: only printable characters (no line breaks or tabs)")
    return value


def idem(body: dict[str, Any]) -> str:
    """The idempotency key of a send: 8 to 64 letters, digits, ``-`` or ``_``."""
    value = _text(body, "idem", 64)
    if not _KEY.match(value):
        raise Refused("idem: 8 to 64 letters, digits, '-' or '_'")
    return value


def rules(body: dict[str, Any]) -> dict[str, Any]:
    """A result's rule options: at most 20, each a word mapped to a number, a word, true/false or null."""
    value = _get(body, "rules", dict, {})
    if len(value) > 20:
        raise Refused(f"rules: at most 20 options, got {len(value)}")
    clean = {}
    for key, option in sorted(value.items()):
        if not _WORD.match(key):
            raise Refused(f"rules: option names are lower-case words (a-z, 0-9, _), got {key[:40]!r}")
        if (isinstance(option, str) and len(option) > 40) or not isinstance(
            option, (bool, int, str, type(None))
        ):
            raise Refused(f"rules: {key} must be a number, true/false, null or a word of up to 40 characters")
        if isinstance(option, int) and not isinstance(option, bool) and abs(option) > 10**9:
            raise Refused(f"rules: {key} must be between -1,000,000,000 and 1,000,000,000")
        clean[key] = option
    return clean


def _number(body: dict[str, Any], key: str) -> float:
    value = float(_get(body, key, (int, float)))
    if not math.isfinite(value) or abs(value) > 1e12:
        raise Refused(f"{key}: must be a finite number of at most 10^12 in size")
    return value


def estimate(body: dict[str, Any]) -> dict[str, Any]:
    """A simulated result: game, players, deck, rules, quantity, seed, sample size, estimate and interval."""
    game = _text(body, "game", 10)
    if game not in GAMES:
        raise Refused(f"game: one of {', '.join(GAMES)}, got {game[:10]!r}")
    quantity = _text(body, "quantity", 40)
    if not _WORD.match(quantity):
        raise Refused("quantity: a lower-case word (a-z, 0-9, _) of up to 40 characters")
    out = {
        "game": game,
        "quantity": quantity,
        "rules": rules(body),
        "players": _int(body, "players", 2, 8),
        "deck": _int(body, "deck", 4, 52, None),
        "seed": _int(body, "seed", 0, 2**63 - 1),
        "n": _int(body, "n", 1, 10**10),
        "estimate": _number(body, "estimate"),
        "low": _number(body, "low"),
        "high": _number(body, "high"),
        "percent": _get(body, "percent", bool, False),
    }
    slack = 1e-9 * max(1.0, abs(out["estimate"]))  # rounding: Wilson's low end of 0 of n can be 1e-17
    if 0 < out["low"] - out["estimate"] <= slack:
        out["low"] = out["estimate"]
    if 0 < out["estimate"] - out["high"] <= slack:
        out["high"] = out["estimate"]
    if not out["low"] <= out["estimate"] <= out["high"]:
        raise Refused("low, estimate, high: must be in this order (low <= estimate <= high)")
    if out["percent"] and not 0 <= out["low"] <= out["high"] <= 1:
        raise Refused("a share (percent: true) and its interval must lie between 0 and 1")
    return out


def exercise(body: dict[str, Any]) -> str:
    """An exercise's notebook name without ``.ipynb``: ``01_compare`` to ``12_strategy``."""
    value = _text(body, "exercise", 50).removesuffix(".ipynb")
    if not _EXERCISE.match(value):
        raise Refused("exercise: a name like 01_compare or 12_strategy (its notebook's name)")
    return value


def notebook(body: dict[str, Any]) -> dict[str, Any]:
    """A handed-in notebook: JSON text of at most ``MAX_NOTEBOOK`` characters with a list of cells."""
    text = _text(body, "notebook", MAX_NOTEBOOK)
    try:
        nb = json.loads(text)
    except ValueError:
        raise Refused("notebook: not a notebook (not JSON); save it, then hand it in again") from None
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        raise Refused("notebook: not a notebook (no list of cells)")
    return nb


def strategy(body: dict[str, Any]) -> str:
    """A strategy's source: text of at most ``MAX_STRATEGY`` characters that defines ``class MyAgent``."""
    text = _text(body, "source", MAX_STRATEGY)
    if not re.search(r"^class\s+MyAgent\b", text, re.MULTILINE):
        raise Refused("source: it must define class MyAgent (exercise 12's answer cell)")
    return text


def csv_cell(value: Any) -> str:
    """A value as a spreadsheet cell that can never be read as a formula (no cell starts with = + - @).

    >>> csv_cell("=HYPERLINK(1)"), csv_cell(-0.5), csv_cell("Anna")
    ("'=HYPERLINK(1)", "'-0.5", 'Anna')
    """
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
