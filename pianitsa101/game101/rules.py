"""The options of 101 (``RULES.md`` R1-R26) as one frozen dataclass, ``Rules101``.

Every option of R2, R7-R10, R12, R14, R16, R18-R23 is a field; the defaults are the
main rules of the source text (``Rules101.standard()``), and ``Rules101.popular()`` is
what most published rule sets do.  A variant is ``dataclasses.replace(preset, ...)``.

>>> Rules101()
Rules101()
>>> Rules101.popular()
Rules101(deal='five_and_starter', draw='one', queen_wild=True, match='elimination')
>>> Rules101(six="draw3")
Traceback (most recent call last):
...
ValueError: R9: six must be one of 'cover', 'cover_any', 'draw2_skip', 'draw1_skip', got 'draw3'

The numbers are bounded, so that every game these rules allow can be played to its end
and counted exactly, also by the compiled simulator (64-bit numbers):

- ``seven_draw`` and ``seven_of_spades_draw``: 1 to 52 (``MAX_DRAW``).  No deck holds
  more than 52 cards, so nobody can ever draw more than 51 of them: a larger number would
  play exactly as 52 does.
- ``points``: every rank -1,000 to 1,000 (``MAX_POINTS``), and at least one rank worth
  more than 0.  A hand then counts at most ±52,000, far inside 64 bits (an ace, the dearest
  card of the common table, counts 11).  With no rank worth a point no total could ever
  rise, so no match could end (R23).
- ``limit``: 1 to 100,000 (``MAX_LIMIT``).  Totals grow by a few dozen points a round
  under the common table: a higher limit would need more rounds than a match plays
  (``Match101``'s ``max_rounds``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from pianitsa101._checks import whole_number
from pianitsa101.cards import Card, Rank
from pianitsa101.game101 import laws
from pianitsa101.i18n import _, rank_text
from pianitsa101.i18n import number as i18n_number

__all__ = ["DEFAULT_POINTS", "MAX_DRAW", "MAX_LIMIT", "MAX_POINTS", "Rules101"]

MAX_DRAW = 52  # R10: the most cards a seven may make the next player draw (a whole deck)
MAX_POINTS = 1_000  # R19: the most points (either way) one card may count
MAX_LIMIT = 100_000  # R23: the highest limit

# R19: the common table (the seed gives none): 2..10 their number, J 2, Q 3, K 4, A 11.
DEFAULT_POINTS: Mapping[Rank, int] = MappingProxyType(
    {**{r: int(r) for r in Rank if r <= Rank.TEN}, Rank.JACK: 2, Rank.QUEEN: 3, Rank.KING: 4, Rank.ACE: 11}
)

# option name -> (rule id, allowed values) for the options that take one of a few words.
_CHOICES: dict[str, tuple[str, tuple[str, ...]]] = {
    "deal": ("R2", ("four", "five_and_starter")),
    "draw": ("R7", ("until_playable", "one")),
    "recycle": ("R8", ("flip", "shuffle")),
    "six": ("R9", ("cover", "cover_any", "draw2_skip", "draw1_skip")),
    "ace": ("R12", ("skip_unless_ace", "skip")),
    "chain": ("R16", ("double", "add", "off")),
    "match": ("R23", ("first_over", "elimination")),
}
_FLAGS = {
    "queen_wild": "R14",
    "last_card_effects": "R18",
    "queen_finish_bonus": "R20",
    "flush_queens": "R21",
    "reset_at_101": "R22",
}
_RANK_BY_SYMBOL = {r.symbol: r for r in Rank}


def _points_table(value: Any) -> Mapping[Rank, int]:
    """Normalise an R19 table given with Rank, int or symbol keys ('2'..'10', 'J', 'Q', 'K', 'A')."""
    if not isinstance(value, Mapping):
        raise ValueError(_("R19: points must be a mapping from rank to points, got {value}").format(
            value=repr(value)))
    table: dict[Rank, int] = {}
    for key, pts in value.items():
        rank = _RANK_BY_SYMBOL.get(key.upper()) if isinstance(key, str) else None
        number = whole_number(key)
        if rank is None and number is not None and 2 <= number <= 14:
            rank = Rank(number)
        if rank is None:
            raise ValueError(_("R19: points keys are ranks (Rank, 2..14 or '2'..'10', 'J', 'Q', 'K', 'A'), "
                               "got {value}").format(value=repr(key)))
        number = whole_number(pts)
        if number is None or not -MAX_POINTS <= number <= MAX_POINTS:
            raise ValueError(_("R19: the points of a card are whole numbers from {low} to {high}, "
                               "got {value} for {rank}").format(
                low=i18n_number(-MAX_POINTS), high=i18n_number(MAX_POINTS), value=repr(pts),
                rank=rank_text(rank.symbol)))
        table[rank] = number
    missing = [r.symbol for r in Rank if r not in table]
    if missing:
        raise ValueError(_("R19: points must give every rank 2..A, missing {missing}").format(
            missing=", ".join(rank_text(m) for m in missing)))
    if max(table.values()) <= 0:
        raise ValueError(_("R19/R23: points must give at least one rank more than 0 points: with none, "
                           "no total could ever rise, and a match would never end"))
    return MappingProxyType(dict(sorted(table.items())))


@dataclass(frozen=True)
class Rules101:
    """The options of 101; the defaults are the source text's main rules (RULES.md)."""

    deal: str = "four"                      # R2: "four" cards each, or "five_and_starter"
    draw: str = "until_playable"            # R7: draw "until_playable", or draw "one"
    recycle: str = "flip"                   # R8: the old discard pile is turned over ("flip") or "shuffle"d
    six: str = "cover"                      # R9: "cover", "cover_any", "draw2_skip" or "draw1_skip"
    seven_draw: int = 2                     # R10: cards a 7 makes the next player draw
    seven_of_spades_draw: int | None = None  # R10: None = like any seven; the seed variant is 4
    ace: str = "skip_unless_ace"            # R12: an ace may be answered with an ace, or plain "skip"
    queen_wild: bool = False                # R14: True = a queen may be played on any card
    chain: str = "double"                   # R16: passing a 6/7 on "double"s, "add"s, or is "off"
    last_card_effects: bool = True          # R18: a winner's last 7 / K♠ / draw-6 still hits the next player
    points: Mapping[Rank, int] = field(default_factory=lambda: DEFAULT_POINTS, hash=False)  # R19 table
    queen_finish_bonus: bool = True         # R20: finishing on a queen is worth -20 (-40 for Q♠)
    flush_queens: bool = False              # R21: a hand of only queens may be put down at once
    reset_at_101: bool = True               # R22: a total of exactly 101 becomes 0
    match: str = "first_over"               # R23: "first_over" ends the match, or "elimination"
    limit: int = 101                        # R23: a total over this loses

    def __post_init__(self) -> None:
        for name, (rule, allowed) in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                words = ", ".join(repr(a) for a in allowed)
                raise ValueError(_("{rule}: {name} must be one of {words}, got {value}").format(
                    rule=rule, name=name, words=words, value=repr(value)))
        for name, rule in _FLAGS.items():
            if not isinstance(getattr(self, name), bool):
                raise ValueError(_("{rule}: {name} must be True or False, got {value}").format(
                    rule=rule, name=name, value=repr(getattr(self, name))))
        for name, rule, most, optional in (("seven_draw", "R10", MAX_DRAW, False),
                                           ("seven_of_spades_draw", "R10", MAX_DRAW, True),
                                           ("limit", "R23", MAX_LIMIT, False)):
            value = getattr(self, name)
            if optional and value is None:
                continue
            number = whole_number(value)
            if number is None or not 1 <= number <= most:
                extra = _(" or None (same as any seven)") if optional else ""
                why = _(" (no deck holds more cards)") if most == MAX_DRAW else ""
                raise ValueError(_("{rule}: {name} must be a whole number of at least 1 and at most {most}"
                                   "{why}{extra}, got {value}").format(
                    rule=rule, name=name, most=i18n_number(most), why=why, extra=extra, value=repr(value)))
            object.__setattr__(self, name, number)  # numpy integers become plain ints (for JSON)
        object.__setattr__(self, "points", _points_table(self.points))

    @classmethod
    def standard(cls) -> Rules101:
        """The source text's main rules: the defaults."""
        return cls()

    @classmethod
    def popular(cls) -> Rules101:
        """What most published rule sets do: five cards and a starter, draw one, wild queens, elimination."""
        return cls(deal="five_and_starter", draw="one", queen_wild=True, match="elimination")

    # --- derived values used by the engine ---------------------------------------------------

    def penalty(self, card: Card) -> int:
        """Cards the next player must draw because of ``card`` (R9 draw modes, R10, R15), or 0."""
        if not hasattr(card, "rank"):
            raise TypeError(_("penalty needs a Card, got {value}").format(value=repr(card)))
        return laws.penalty(card, self)

    def card_points(self, card: Card) -> int:
        """R19: the points a card left in hand counts."""
        try:
            return laws.card_points(card, self)
        except (AttributeError, KeyError):
            raise TypeError(_("card_points needs a Card, got {value}").format(value=repr(card))) from None

    def __reduce__(self) -> tuple:
        """Pickle and copy as the options (the read-only points table itself cannot be pickled)."""
        return (type(self).from_dict, (self.to_dict(),))

    # --- text, dict and JSON -----------------------------------------------------------------

    def __repr__(self) -> str:
        changed = []
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            default = DEFAULT_POINTS if f.name == "points" else f.default
            if value != default:
                if f.name == "points":
                    value = {r.symbol: p for r, p in value.items()}
                changed.append(f"{f.name}={value!r}")
        return f"Rules101({', '.join(changed)})"

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict (the points table keyed by rank symbols)."""
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        out["points"] = {r.symbol: p for r, p in self.points.items()}
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules101:
        """Rules from a dict made by ``to_dict`` (missing options take their defaults)."""
        if not isinstance(data, Mapping):
            raise ValueError(_("101 rules are a dict of options (see Rules101.to_dict), got {value}").format(
                value=repr(data)))
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(map(str, set(data) - names))
        if unknown:
            raise ValueError(_("unknown 101 option(s) {unknown}; the options are {names}").format(
                unknown=", ".join(unknown), names=", ".join(sorted(names))))
        return cls(**data)
