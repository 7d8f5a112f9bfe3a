"""The rules of Пьяница as data: the options and the decks (P1, P2).

Rules enforced in this module (from ``RULES.md``):

- P1. Default decks: 2 players get 32 cards, 4 players 52. Other player counts take the
  first of 36, 52, 32 that can be dealt equally (3 -> 36, 6 -> 36, 8 -> 32); 5 and 7
  players need a deck given explicitly. Any deck may be given when it can be dealt equally.
- P2. The whole deck is dealt so that every player has the same number of cards; a deck
  that cannot be split equally is an error that says so.

The options themselves are used where their rules are played (``play.py``).

>>> choose_deck_size(3)
36
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from dataclasses import dataclass

from pianitsa101._checks import plural
from pianitsa101.cards import Card, make_deck
from pianitsa101.i18n import _, card_text, number

__all__ = [
    "GATHER_ORDERS",
    "GOALS",
    "MAX_FACE_DOWN",
    "MAX_PLAYERS",
    "MAX_TRICKS",
    "MIN_PLAYERS",
    "PianitsaRules",
    "check_deck",
    "check_players",
    "choose_deck_size",
    "deck_cards",
]

GATHER_ORDERS = ("winner_first", "table", "random")
MAX_FACE_DOWN = 52  # P8: the largest stake (a whole deck; more plays the same, P12)
GOALS = ("shed", "collect")
MIN_PLAYERS, MAX_PLAYERS = 2, 8
MAX_TRICKS = 1_000_000  # P13: the largest safety cap (see PianitsaRules.max_tricks)


def _is_int(value: object) -> bool:
    """True for whole numbers (also numpy integers), but not for True/False."""
    return type(value) is int or (isinstance(value, numbers.Integral) and not isinstance(value, bool))


@dataclass(frozen=True)
class PianitsaRules:
    """The options of Пьяница; the defaults are the main rules of ``RULES.md``.

    >>> PianitsaRules().gather
    'winner_first'
    >>> PianitsaRules(gather="sorted")
    Traceback (most recent call last):
    ...
    ValueError: PianitsaRules: gather must be one of 'winner_first', 'table', 'random'; got 'sorted'
    """

    low_beats_ace: bool = True
    """P5: the lowest rank of the deck beats the ace (and only the ace)."""
    dispute_face_down: int = 0
    """P8: cards each disputing player puts face down as a stake before the face-up card.

    At most 52 (``MAX_FACE_DOWN``): no deck holds more cards, and by P12 a player with too
    few cards puts all but the last face down, so any larger stake plays exactly as 52 does.
    """
    gather: str = "winner_first"
    """P9: order of the table cards put under the taker's stack: 'winner_first', 'table', 'random'."""
    second_disputes: bool = True
    """P10: a player not yet in the dispute whose card matches the dispute's winning card joins."""
    goal: str = "shed"
    """P11: 'shed' (running out wins, the last player is the drunkard) or 'collect'."""
    max_tricks: int = 100_000
    """P13: safety cap; the game ends with outcome 'limit' after this many tricks.

    At most 1,000,000 (``MAX_TRICKS``). Random deals end (or repeat, P13) within a few
    thousand tricks, but a rare deterministic game (``gather="table"``) can run for tens of
    millions before its first repetition: a cap of 10**30 once ran 59 million tricks, a minute,
    for one game. A million tricks is about a second compiled; ``PianitsaGame`` keeps the record
    of every trick (about 1.6 KB each), so there a million tricks take minutes and over a
    gigabyte. Longer is reported as 'limit'.
    """

    def __post_init__(self) -> None:
        for name in ("low_beats_ace", "second_disputes"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise ValueError(_("PianitsaRules: {name} must be True or False; got {value}").format(
                    name=name, value=repr(value)))
        if not _is_int(self.dispute_face_down) or not 0 <= self.dispute_face_down <= MAX_FACE_DOWN:
            raise ValueError(_(
                "PianitsaRules: dispute_face_down must be a whole number 0 or more, at most {most} "
                "(cards put face down before each dispute card; no deck holds more); "
                "got {value}").format(most=MAX_FACE_DOWN, value=repr(self.dispute_face_down)))
        for name, allowed in (("gather", GATHER_ORDERS), ("goal", GOALS)):
            value = getattr(self, name)
            if value not in allowed:
                choices = ", ".join(repr(a) for a in allowed)
                raise ValueError(_("PianitsaRules: {name} must be one of {choices}; got {value}").format(
                    name=name, choices=choices, value=repr(value)))
        if not _is_int(self.max_tricks) or not 1 <= self.max_tricks <= MAX_TRICKS:
            raise ValueError(_(
                "PianitsaRules: max_tricks must be a whole number 1 or more, at most {most} "
                "(a game still going then ends as 'limit'; a million tricks take a second compiled, "
                "half a minute in pure Python); got {value}").format(
                    most=number(MAX_TRICKS), value=repr(self.max_tricks)))
        for name in ("dispute_face_down", "max_tricks"):  # numpy integers become plain ints
            object.__setattr__(self, name, int(getattr(self, name)))

    @property
    def deterministic(self) -> bool:
        """True when play depends on the deal only, so that P13 compares positions."""
        return self.gather != "random"


def check_players(players: object) -> int:
    """The number of players, checked to be a whole number from 2 to 8."""
    if not _is_int(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(_("Пьяница is played by {least} to {most} players; got {value}").format(
            least=MIN_PLAYERS, most=MAX_PLAYERS, value=repr(players)))
    return int(players)


def choose_deck_size(players: int) -> int:
    """P1: the default deck size for this many players."""
    check_players(players)
    if players == 2:  # P1: seed, 2 players -> 32 cards
        return 32
    if players == 4:  # P1: seed, 4 players -> 52 cards
        return 52
    for size in (36, 52, 32):  # P1 (Decided): the first that can be dealt equally
        if size % players == 0:
            return size
    raise ValueError(_(
        "{players} players need a deck given explicitly: none of 36, 52, 32 cards "
        "can be dealt equally to {players} players (P1)").format(players=players))


def check_deck(deck: Sequence[Card | str], players: int) -> list[Card]:
    """P2 and D4: the deck as a list of distinct cards that can be dealt equally."""
    result = [Card.parse(c) if isinstance(c, str) else c for c in deck]
    for c in result:
        if not isinstance(c, Card):
            raise ValueError(_("a deck holds cards (Card or text like '10♠'); got {value}").format(
                value=repr(c)))
    seen: set[Card] = set()
    for c in result:
        if c in seen:
            raise ValueError(_("the deck holds {card} twice; a deck must hold distinct cards (D4)").format(
                card=card_text(c)))
        seen.add(c)
    if len(result) < players or len(result) % players:  # P2
        raise ValueError(_("{cards} cannot be dealt equally to {players} players (P2)").format(
            cards=plural(len(result), "card"), players=players))
    return result


def deck_cards(deck: int | Sequence[Card | str] | None, players: int) -> list[Card]:
    """P1/P2: the cards to deal: a default deck, a deck size, or the given cards."""
    if deck is None:
        deck = choose_deck_size(players)
    if _is_int(deck):
        deck = int(deck)
        if deck not in (32, 36, 52):
            raise ValueError(_("a deck size is 32, 36 or 52 (or give a list of cards); got {value}").format(
                value=repr(deck)))
        if deck % players:  # P2
            raise ValueError(_("{cards} cannot be dealt equally to {players} players (P2)").format(
                cards=plural(deck, "card"), players=players))
        return list(_DECKS[deck])
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
        raise ValueError(_("deck must be 32, 36, 52 or a list of cards; got {value}").format(
            value=repr(deck)))
    return check_deck(deck, players)


_DECKS = {size: tuple(Card.from_index(c.index) for c in make_deck(size)) for size in (32, 36, 52)}
