"""The lessons' words in the language set: numbers, sample sizes, and the texts of their figures.

In English every function here gives back exactly what the lessons printed before; after
``pianitsa101.set_language("ru")`` numbers get a decimal comma and a narrow space between
thousands, a percentage a no-break space before its sign, and a sample size its Russian
form (1 раздача, 2 раздачи, 5 раздач).

A figure's texts are written by the lesson's code, in English (a Russian lesson runs the
same code), so ``say`` looks each one up in the package's catalog when the figure is drawn:
first the text as it is, then the text with its numbers taken out, so that
"Length of a game (100,000 games)" is found as "Length of a game ({0} games)" and the numbers
are put back in the Russian way.

>>> from pianitsa101 import set_language
>>> set_language("ru")
>>> size(200_000, "deals"), size(21, "games"), decimal("16.8831") + percent_sign()
('200\\xa0000 раздач', '21 партия', '16,8831\\xa0%')
>>> say("players"), say("Simulated minus exact (200,000 deals each)")
('число игроков', 'Моделирование минус точное значение (по 200\\xa0000 раздач)')
>>> set_language("en")
>>> size(200_000, "deals"), say("players"), decimal("16.8831") + percent_sign()
('200,000 deals', 'players', '16.8831%')
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from pianitsa101.i18n import NBSP, _, get_language, ngettext, plural_index, russian_number

__all__ = ["decimal", "percent_sign", "say", "size", "tick"]


def percent_sign() -> str:
    """'%' in English; ' %' (a no-break space before the sign) in Russian."""
    return NBSP + "%" if get_language() == "ru" else "%"


def decimal(text: str) -> str:
    """A number already written in English ('12,345.6') as the language writes it ('12 345,6' in Russian)."""
    if get_language() != "ru":
        return text
    return _NUMBER.sub(lambda m: russian_number(m.group(0)), text)  # Babel, CLDR's ru


def tick(value: float) -> str:
    """An axis tick label: a plain number ('1', '0.001', '10,000'), with a decimal comma in Russian."""
    return decimal(f"{value:,.10g}")


# Sample units a lesson names (in English, plural), each with its catalog forms for a count n.
_UNITS: dict[str, Callable[[int], str]] = {
    "trials": lambda n: ngettext("{n} trial", "{n} trials", n),
    "games": lambda n: ngettext("{n} game", "{n} games", n),
    "games that end": lambda n: ngettext("{n} game that ends", "{n} games that end", n),
    "deals": lambda n: ngettext("{n} deal", "{n} deals", n),
    "deals made": lambda n: ngettext("{n} deal made", "{n} deals made", n),
    "experiments": lambda n: ngettext("{n} experiment", "{n} experiments", n),
    "batches": lambda n: ngettext("{n} batch", "{n} batches", n),
    "rounds": lambda n: ngettext("{n} round", "{n} rounds", n),
    "hands": lambda n: ngettext("{n} hand", "{n} hands", n),
    "losing hands": lambda n: ngettext("{n} losing hand", "{n} losing hands", n),
    "cards": lambda n: ngettext("{n} card", "{n} cards", n),
    "matches": lambda n: ngettext("{n} match", "{n} matches", n),
    "blocks": lambda n: ngettext("{n} block", "{n} blocks", n),
    "tricks": lambda n: ngettext("{n} trick", "{n} tricks", n),
    "players": lambda n: ngettext("{n} player", "{n} players", n),
}


def size(n: int, unit: str) -> str:
    """A sample size with its unit: '100,000 games' ('100 000 игр' in Russian; a unit not listed stays)."""
    if get_language() == "en" or unit not in _UNITS:
        return f"{n:,} {unit}"
    return _UNITS[unit](n).format(n=decimal(f"{n:,}"))


_NUMBER = re.compile(r"(?<![\w.{])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w])|(?<![\w.{])\d+(?:\.\d+)?(?![\w])")


def say(text: str) -> str:
    """A figure's text in the language set: looked up as it is, then with its numbers as {0}, {1}, ...

    A percent sign is written ``{pc}`` in the catalog (a msgid with "% o" in it would read to
    gettext's tools as an old-style ``%o`` placeholder); a translation may leave it out.
    """
    if get_language() == "en" or not text:
        return text
    found = _(text)
    if found != text:
        return found
    numbers = _NUMBER.findall(text)
    parts = iter(range(len(numbers)))
    template = _NUMBER.sub(lambda _m: "{" + str(next(parts)) + "}", text).replace("%", "{pc}")
    found = _(template)
    if found == template:
        return text
    # «{1|карту|карты|карт}»: the word for the count in {1}, by the catalog's plural rule
    found = _CHOICE.sub(lambda m: word_for(numbers[int(m.group(1))], m.group(2)), found)
    return found.format(*(decimal(x) for x in numbers), pc="%")


_CHOICE = re.compile(r"\{(\d+)\|([^{}]*)\}")


def word_for(count: str, forms: str) -> str:
    """The word of ``forms`` ('карта|карты|карт') that goes with the number ``count`` ('8,000', '2.5')."""
    words = forms.split("|")
    try:
        value = float(count.replace(",", ""))
    except ValueError:  # a card or a suit where the lesson printed a number: the form for many
        return words[-1]
    if not math.isfinite(value):
        return words[-1]
    index = plural_index(int(value)) if value == int(value) else 1
    return words[min(index, len(words) - 1)]
