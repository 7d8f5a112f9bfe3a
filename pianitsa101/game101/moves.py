"""The moves of 101: ``Play``, ``Draw``, ``Pass``, ``FlushQueens``, and ``IllegalMove``.

A move is a small frozen value, equal by value, printable, with a repr you can paste
back.  A queen's ordered suit lives in the move (R14), never on the card.

>>> Play(Card.parse("Q♥"), suit=Suit.SPADES)
Play(Card.parse('Q♥'), suit=Suit.SPADES)
>>> str(Play(Card.parse("Q♥"), Suit.SPADES)), str(Draw()), str(FlushQueens(Suit.CLUBS))
('Q♥→♠', 'draw', 'flush queens→♣')
>>> parse_move("Q♥→♠") == Play(Card.parse("Q♥"), Suit.SPADES)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from pianitsa101.cards import Card, Rank, Suit
from pianitsa101.i18n import N_, _

__all__ = ["DRAW", "MOVE_TYPES", "PASS", "Draw", "FlushQueens", "IllegalMove", "Move", "NotNowError", "Pass",
           "Play", "flush_of", "parse_move", "play_of"]


class IllegalMove(ValueError):
    """A move refused by the rules (R24); the message names the rule and what is allowed."""


class NotNowError(ValueError, RuntimeError):
    """A call the round or match cannot take in its present state (no round dealt, a person's move due...).

    A ValueError, as every refusal of the package is; also a RuntimeError, Python's usual type for it.
    """


@dataclass(frozen=True, slots=True)
class Play:
    """Put ``card`` on the discard pile; ``suit`` is the ordered suit, given exactly for a queen (R14)."""

    card: Card
    suit: Suit | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            raise TypeError(_("Play needs a Card, got {value} (use Card.parse('7♠'))").format(
                value=repr(self.card)))
        if self.suit is not None and not isinstance(self.suit, Suit):
            raise TypeError(_("Play's suit must be a Suit or None, got {value}").format(
                value=repr(self.suit)))

    def __repr__(self) -> str:
        if self.suit is None:
            return f"Play({self.card!r})"
        return f"Play({self.card!r}, suit={self.suit!r})"

    def __str__(self) -> str:
        return str(self.card) if self.suit is None else f"{self.card}→{self.suit.symbol}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw as the rules demand: until a card may be played (R7, R9), or take the penalty (R17)."""

    def __repr__(self) -> str:
        return "Draw()"

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """End the turn where a rule allows it (R7 ``draw="one"``, R12 not answering an ace)."""

    def __repr__(self) -> str:
        return "Pass()"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class FlushQueens:
    """Put down a hand of only queens at once and order ``suit`` (R21, with ``flush_queens``)."""

    suit: Suit

    def __post_init__(self) -> None:
        if not isinstance(self.suit, Suit):
            raise TypeError(_("FlushQueens needs a Suit, got {value}").format(value=repr(self.suit)))

    def __repr__(self) -> str:
        return f"FlushQueens({self.suit!r})"

    def __str__(self) -> str:
        return f"flush queens→{self.suit.symbol}"


Move = Play | Draw | Pass | FlushQueens
MOVE_TYPES = (Play, Draw, Pass, FlushQueens)  # a move is an instance of exactly one of these

DRAW = Draw()
PASS = Pass()


def play_of(card: Card, suit: Suit | None = None) -> Play:
    """``Play(card, suit)``, the suit kept only for a queen (R14)."""
    return Play(card, suit if card.rank is Rank.QUEEN else None)


def flush_of(suit: Suit) -> FlushQueens:
    """``FlushQueens(suit)`` (R21)."""
    return FlushQueens(suit)


# Suit words a person may type after a queen, besides the symbols and letters Card.parse reads.
_SUIT_WORDS = {
    "SPADES": Suit.SPADES, "SPADE": Suit.SPADES, "ПИКИ": Suit.SPADES, "ПИКА": Suit.SPADES,
    "CLUBS": Suit.CLUBS, "CLUB": Suit.CLUBS, "ТРЕФЫ": Suit.CLUBS, "ТРЕФА": Suit.CLUBS, "КРЕСТИ": Suit.CLUBS,
    "DIAMONDS": Suit.DIAMONDS, "DIAMOND": Suit.DIAMONDS, "БУБНЫ": Suit.DIAMONDS, "БУБИ": Suit.DIAMONDS,
    "HEARTS": Suit.HEARTS, "HEART": Suit.HEARTS, "ЧЕРВИ": Suit.HEARTS, "ЧЕРВЫ": Suit.HEARTS,
}
_ARROWS = ("->", "=>", ">", ":")  # read like '→' between a queen and the suit it orders
_EXPECTED = N_("expected a card such as '7♠', a queen with the suit it orders ('Q♥→♠', 'Q♥ ♠' or "
               "'Q♥ spades'), 'draw', 'pass' or 'flush queens→♣'")


def _suit_word(word: str) -> Suit | None:
    from pianitsa101.cards import _SUIT_SPELLINGS  # every suit spelling Card.parse accepts

    word = word.strip().replace("\ufe0f", "").upper()
    return _SUIT_SPELLINGS.get(word) or _SUIT_WORDS.get(word)


def parse_move(text: str) -> Move:
    """Read a move as ``str(move)`` writes it, or as a person types it.

    '7♠', '10h'; a queen and the suit it orders: 'Q♥→♠', 'Q♥ ♠', 'Q♥ spades', 'qh->s';
    'draw', 'pass'; 'flush queens→♣' (or 'flush queens clubs').

    >>> parse_move("Q♥ spades") == parse_move("Q♥ ♠") == parse_move("Q♥→♠")
    True
    >>> parse_move("Q♥ spades")
    Play(Card.parse('Q♥'), suit=Suit.SPADES)
    """
    if not isinstance(text, str):
        raise TypeError(_("parse_move reads text such as '7♠' or 'draw', got {value}").format(
            value=repr(text)))
    words = text.strip()
    for arrow in _ARROWS:
        words = words.replace(arrow, "→")
    low = words.lower()
    if low in ("draw", "взять"):  # the Russian words are what moves_text writes with set_language("ru")
        return Draw()
    if low in ("pass", "пас"):
        return Pass()
    if "→" not in words and " " in words:  # '10 ♥' is a card; in 'Q♥ ♠' the last word is a suit
        try:
            return play_of(Card.parse(words.replace(" ", "")))
        except ValueError:
            pass
    head, suit = _head_and_suit(words, text)
    if " ".join(head.lower().split()) in ("flush queens", "flush", "дамы разом"):
        if suit is None:
            raise ValueError(_("{text}: flushing queens orders a suit, e.g. 'flush queens→♣'").format(
                text=repr(text)))
        return FlushQueens(suit)
    try:
        card = Card.parse(head.replace(" ", ""))
    except ValueError:
        raise ValueError(_("cannot read {text} as a move: {expected}").format(
            text=repr(text), expected=_(_EXPECTED))) from None
    return Play(card, suit)  # a queen without a suit, or a suit for another card: play() says why not (R14)


def _head_and_suit(words: str, text: str) -> tuple[str, Suit | None]:
    """'Q♥→♠', 'Q♥ ♠' or 'Q♥ spades': the words before the ordered suit, and the suit (None: none given)."""
    head, arrow, tail = words.partition("→")
    if not arrow:
        first, _space, last = words.rpartition(" ")
        if first and _suit_word(last) is not None:
            head, arrow, tail = first, "→", last
    if not arrow:
        return head, None
    suit = _suit_word(tail)
    if suit is None:
        raise ValueError(_("cannot read the ordered suit in {text}: expected ♠ ♣ ♦ ♥ (or S C D H, or "
                           "spades, clubs, diamonds, hearts) after the queen").format(text=repr(text)))
    return head, suit
