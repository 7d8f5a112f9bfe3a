"""Playing cards: ranks, suits, a frozen ``Card`` value, parsing and the decks D1-D4.

The decks (``RULES.md``):

- D1. The 36-card deck is 6, 7, 8, 9, 10, J, Q, K, A in four suits.
- D2. The 32-card deck is the 36-card deck without the four sevens.
- D3. The 52-card deck is 2..A in four suits.
- D4. Any list of distinct cards may be used as a custom deck.

A card is written rank first, then suit: ``10♠``, ``Q♥``.  ``Card.parse`` also
reads the spellings people type: ``10S``, ``ts``, ``T♠``, the outline suit
symbols ``♤ ♧ ♢ ♡`` and the Russian rank letters В (валет, J), Д (дама, Q),
К (король, K) and Т (туз, A).  Note that a Latin ``T`` is a ten and a Cyrillic
``Т`` is an ace.

>>> Card.parse("Д♥")
Card.parse('Q♥')
>>> str(Card.parse("ts"))
'10♠'
>>> cards("6♠ A♥ 10♦")
[Card.parse('6♠'), Card.parse('A♥'), Card.parse('10♦')]
>>> len(make_deck(32)), len(make_deck(36)), len(make_deck(52))
(32, 36, 52)
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum, IntEnum

from pianitsa101.i18n import N_, _, cards_text

__all__ = ["DECK_SIZES", "Card", "CardList", "Rank", "Suit", "cards", "make_deck"]


class Rank(IntEnum):
    """A card rank; the value is the rank's strength (ace high, 14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The rank as printed on a card: '2'..'10', 'J', 'Q', 'K', 'A'."""
        return _RANK_SYMBOLS[self]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


class Suit(Enum):
    """A card suit; the value is its symbol."""

    SPADES = "♠"
    CLUBS = "♣"
    DIAMONDS = "♦"
    HEARTS = "♥"

    @property
    def symbol(self) -> str:
        """The suit symbol: '♠', '♣', '♦' or '♥'."""
        return self.value

    @property
    def letter(self) -> str:
        """The suit's English initial: 'S', 'C', 'D' or 'H'."""
        return self.name[0]

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_RANK_SYMBOLS = {r: (str(r.value) if r <= 10 else r.name[0]) for r in Rank}
_SUITS = tuple(Suit)

# Every accepted spelling, upper-cased, mapped to its rank or suit.
_RANK_SPELLINGS: dict[str, Rank] = {str(r.value): r for r in Rank if r <= 10}
_RANK_SPELLINGS.update({"T": Rank.TEN, "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE})
_RANK_SPELLINGS.update({"В": Rank.JACK, "Д": Rank.QUEEN, "К": Rank.KING, "Т": Rank.ACE})  # Cyrillic
_SUIT_SPELLINGS: dict[str, Suit] = {}
for _suit, _outline in zip(_SUITS, "♤♧♢♡", strict=True):
    _SUIT_SPELLINGS[_suit.value] = _SUIT_SPELLINGS[_outline] = _SUIT_SPELLINGS[_suit.letter] = _suit

_EXPECTED = N_(
    "expected a rank (2-10, J, Q, K, A, T for ten, or the Russian В Д К Т for J Q K A) "
    "followed by a suit (♠ ♣ ♦ ♥, ♤ ♧ ♢ ♡, or S C D H), for example '10♠', 'QH', 'ts', 'Д♥'"
)


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card: a rank and a suit, immutable and hashable."""

    rank: Rank
    suit: Suit
    index: int = field(init=False, repr=False, compare=False)
    """A number 0..51 unique to the card: suit position * 13 + rank - 2."""

    def __post_init__(self) -> None:
        if not isinstance(self.rank, Rank):
            raise TypeError(_("Card rank must be a Rank, got {value}").format(value=repr(self.rank)))
        if not isinstance(self.suit, Suit):
            raise TypeError(_("Card suit must be a Suit, got {value}").format(value=repr(self.suit)))
        object.__setattr__(self, "index", _SUITS.index(self.suit) * 13 + self.rank - 2)

    def __hash__(self) -> int:
        return self.index

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from text such as '10♠', '10S', 'ts', 'T♠', '10♤' or 'Д♥'."""
        if not isinstance(text, str):
            raise TypeError(_("Card.parse needs a string, got {value}").format(value=repr(text)))
        cleaned = text.strip().replace("\ufe0f", "").upper()  # drop emoji presentation marks
        if len(cleaned) >= 2:
            rank = _RANK_SPELLINGS.get(cleaned[:-1])
            suit = _SUIT_SPELLINGS.get(cleaned[-1])
            if rank is not None and suit is not None:
                return _BY_INDEX[_SUITS.index(suit) * 13 + rank - 2]
        raise ValueError(_("cannot read {text} as a card: {expected}").format(text=repr(text),
                                                                              expected=_(_EXPECTED)))

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card whose ``index`` is the given number 0..51."""
        if type(index) is not int or not 0 <= index < 52:
            whole = isinstance(index, numbers.Integral) and not isinstance(index, bool)
            number = int(index) if whole else None
            if number is None or not 0 <= number < 52:
                raise ValueError(_("a card index is a whole number 0..51, got {value}").format(
                    value=repr(index)))
            index = number
        return _BY_INDEX[index]

    @property
    def is_red(self) -> bool:
        """True for diamonds and hearts."""
        return self.suit.is_red

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse('{self}')"

    # Its picture in a notebook (``_repr_html_``) is drawn by ``pianitsa101.cardart``, which
    # registers it when the package is imported: the card itself knows no art.


_BY_INDEX = tuple(Card(rank, suit) for suit in _SUITS for rank in Rank)

class CardList(list):
    """A list of cards that shows as card faces in a notebook (``cardart``) and prints compactly."""

    def __str__(self) -> str:
        return cards_text(self)  # '7♠ Q♥' (in Russian text 'Д♥': the letters В Д К Т)


def cards(text: str | Iterable[str]) -> CardList:
    """Parse cards written one after another, separated by spaces or commas."""
    if isinstance(text, str):
        words = text.replace(",", " ").split()
    elif isinstance(text, Iterable) and not isinstance(text, (bytes, bytearray)):
        words = list(text)
    else:
        raise TypeError(_("cards reads text such as '6♠ A♥ 10♦' (or a list of such texts), "
                          "got {value}").format(value=repr(text)))
    return CardList(Card.parse(w) for w in words)


DECK_SIZES = (32, 36, 52)
_LOWEST_RANK = {32: Rank.SIX, 36: Rank.SIX, 52: Rank.TWO}


def make_deck(size: int = 36) -> CardList:
    """A new ordered deck of 32 (D2: 36 without sevens), 36 (D1) or 52 (D3) cards."""
    if type(size) is not int or size not in _LOWEST_RANK:
        raise ValueError(_("a deck has 32, 36 or 52 cards, got {value}").format(value=repr(size)))
    low = _LOWEST_RANK[size]
    return CardList(
        Card(rank, suit)
        for suit in _SUITS
        for rank in Rank
        if rank >= low and not (size == 32 and rank == Rank.SEVEN)
    )
