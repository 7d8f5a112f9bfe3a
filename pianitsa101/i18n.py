"""One switch for the language of every text the engines and the simulations write for a person.

``set_language("ru")`` (or ``PIANITSA101_LANG=ru`` in the environment before the import)
turns records, ``print`` views, event texts, refusals, score sheets and simulation summaries
into Russian; ``set_language("en")`` (the default) brings back the English originals byte
for byte.  Rule ids (R16, P10) and card symbols stay as they are; in Russian text the ranks
J Q K A are written В Д К Т.

The messages live in a gettext catalog, ``pianitsa101/locale/ru/LC_MESSAGES/pianitsa101.po``
(the English source strings are the msgids), compiled to the ``.mo`` next to it, and read with
the standard library's ``gettext``.  Russian numbers are written by Babel (CLDR's ``ru`` locale:
a decimal comma, a no-break space between thousands and before the % sign); English numbers
keep Python's own formats, byte for byte.  The workflow (``make messages``)::

    pybabel extract -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2 -o pianitsa101/locale/pianitsa101.pot \
        pianitsa101/i18n.py pianitsa101/pianitsa pianitsa101/game101 pianitsa101/simulate
    pybabel update -D pianitsa101 -i pianitsa101/locale/pianitsa101.pot -d pianitsa101/locale
    pybabel compile -D pianitsa101 -d pianitsa101/locale

This module imports nothing from the rest of the package, so every engine may use it.

>>> set_language("ru"); _("in play"); number(10000), number(0.0968), percent(0.125)
'в игре'
('10\xa0000', '0,0968', '12,5\xa0%')
>>> set_language("en"); _("in play"); number(10000), percent(0.125)
'in play'
('10,000', '12.5%')
"""

from __future__ import annotations

import gettext
import os
import re
from decimal import Decimal
from pathlib import Path

from babel import Locale
from babel.numbers import format_decimal, format_percent

__all__ = ["LANGUAGES", "N_", "_", "card_text", "cards_text", "get_language", "ngettext", "npgettext",
           "number", "percent", "pgettext", "plural", "plural_index", "rank_text", "russian_number",
           "set_language"]

LANGUAGES = ("en", "ru")
DOMAIN = "pianitsa101"
LOCALE_DIR = Path(__file__).parent / "locale"
_RU = Locale.parse("ru")
GROUP = _RU.number_symbols["latn"]["group"]  # CLDR's ru: a no-break space between thousands (10 000)
THIN = GROUP  # the name older code imports for the Russian thousands space
NBSP = "\u00a0"   # no-break space: before the % sign in Russian (12,5 %), as CLDR's ru locale has it
_RU_PERCENT = _RU.percent_formats[None].pattern  # '#,##0 %'
_ENGLISH_NUMBER = re.compile(r"[+-]?[\d,]*\.?\d+")
_RU_RANKS = {"J": "В", "Q": "Д", "K": "К", "A": "Т"}

_language = "en"
_catalog: gettext.NullTranslations = gettext.NullTranslations()


def _check(lang: object) -> str:
    if not isinstance(lang, str):
        allowed = ", ".join(repr(x) for x in LANGUAGES)
        raise TypeError(f"language must be one of {allowed} (text); got {lang!r}")
    if lang not in LANGUAGES:
        allowed = ", ".join(repr(x) for x in LANGUAGES)
        raise ValueError(f"language must be one of {allowed}; got {lang!r}")
    return lang  # type: ignore[return-value]


def set_language(lang: str) -> None:
    """Switch every text the package writes for a person to ``lang``: 'en' (the default) or 'ru'."""
    global _language, _catalog
    _check(lang)
    if lang == "en":
        _catalog = gettext.NullTranslations()
    else:
        _catalog = gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang])
    _language = lang


def get_language() -> str:
    """The language set now: 'en' or 'ru'."""
    return _language


def _(message: str) -> str:
    """``message`` (an English source string) in the language set now."""
    return _catalog.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it yet (a table of texts)."""
    return message


def ngettext(singular: str, plural_form: str, n: int) -> str:
    """The form of a message for the count ``n`` (Russian has three: 1 карта, 2 карты, 5 карт)."""
    return _catalog.ngettext(singular, plural_form, n)


def npgettext(context: str, singular: str, plural_form: str, n: int) -> str:
    """The form for the count ``n`` read in ``context`` ('drawn': Russian «берёт 1 карту», not «1 карта»)."""
    return _catalog.npgettext(context, singular, plural_form, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language set, read in ``context`` ('draw' the move is not 'draw' the outcome)."""
    return _catalog.pgettext(context, message)


def number(x: float | int, digits: int | None = None) -> str:
    """A number written as the language writes it: '10,000' and '0.0968', or '10 000' and '0,0968'.

    ``digits`` fixes the decimals (``number(0.5, 2)`` is '0.50'); without it an int is whole
    and a float is written as Python's ``str`` writes it.
    """
    if digits is not None:
        text = f"{x:,.{digits}f}"
    elif isinstance(x, int):
        text = f"{x:,}"
    else:
        text = f"{x:,}" if abs(x) >= 1000 or x == int(x) else repr(float(x))
    return russian_number(text) if _language == "ru" else text


def _pattern(decimals: int) -> str:
    """A CLDR number pattern with ``decimals`` fixed decimals: '#,##0.00'."""
    return "#,##0" + ("." + "0" * decimals if decimals else "")


def russian_number(text: str) -> str:
    """A number written in English ('12,345.60') written by Babel in Russian ('12 345,60'), same decimals."""
    if not _ENGLISH_NUMBER.fullmatch(text):
        return text
    decimals = len(text.split(".")[1]) if "." in text else 0
    return format_decimal(Decimal(text.replace(",", "")), format=_pattern(decimals), locale=_RU)


def percent(x: float, digits: int = 1) -> str:
    """A fraction as a percentage: '12.5%' in English, '12,5 %' (a no-break space) in Russian."""
    if _language != "ru":
        return number(100 * x, digits) + "%"
    rounded = Decimal(f"{100 * x:.{digits}f}") / 100  # the digits English shows, rounded as Python rounds
    return format_percent(rounded, format=_RU_PERCENT.replace("#,##0", _pattern(digits)), locale=_RU)


def plural_index(n: int) -> int:
    """Which of the catalog's plural forms goes with ``n``: 0, 1 or 2 in Russian (карта, карты, карт)."""
    return _catalog.plural(n) if isinstance(_catalog, gettext.GNUTranslations) else int(n != 1)


def _forms(word: str, n: int) -> str | None:
    """The catalog's plural form of ``word`` for ``n``, with ``{n}`` left in (None for a word not listed)."""
    forms = {
        "card": lambda: ngettext("{n} card", "{n} cards", n),
        "trick": lambda: ngettext("{n} trick", "{n} tricks", n),
        "dispute round": lambda: ngettext("{n} dispute round", "{n} dispute rounds", n),
        "player": lambda: ngettext("{n} player", "{n} players", n),
        "round": lambda: ngettext("{n} round", "{n} rounds", n),
        "game": lambda: ngettext("{n} game", "{n} games", n),
        "match": lambda: ngettext("{n} match", "{n} matches", n),
        "point": lambda: ngettext("{n} point", "{n} points", n),
    }
    return forms[word]() if word in forms else None


def plural(count: int, word: str) -> str:
    """'1 card', '3 cards', '1,000 rounds' (English), '1 карта', '3 карты', '1 000 раундов' (Russian)."""
    english = f"{count} {word}" if count == 1 else f"{count:,} {word}s"
    form = _forms(word, count) if _language != "en" else None
    return english if form is None else form.format(n=number(count))


def card_text(card: object) -> str:
    """A card in a sentence: 'K♠', or in Russian 'К♠' (В Д К Т for J Q K A); other text as it is."""
    text = str(card)
    if _language == "ru" and len(text) == 2 and text[0] in _RU_RANKS:
        return _RU_RANKS[text[0]] + text[1]
    return text


def cards_text(cards: object) -> str:
    """Cards in a sentence, separated by spaces: 'Q♥ 7♠' ('Д♥ 7♠' in Russian)."""
    return " ".join(card_text(c) for c in cards)  # type: ignore[attr-defined]


def rank_text(symbol: str) -> str:
    """A rank symbol in a sentence: 'Q', or in Russian 'Д'."""
    return _RU_RANKS.get(symbol, symbol) if _language == "ru" else symbol


set_language(os.environ.get("PIANITSA101_LANG") or "en")
