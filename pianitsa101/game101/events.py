"""What happens in a round of 101, as small immutable typed events.

``Round101.play(move)`` returns the events of that move and appends them to
``rnd.events``, the round's log; widgets, lessons and statistics read events rather than
re-deriving them.  Events are ``NamedTuple`` classes: immutable, typed, compared by value,
and several times cheaper to create than frozen dataclasses (the engine makes millions).
Each prints as a short sentence:

>>> print(CardPlayed(seat=0, card=Card.parse("7♠")))
seat 0 plays 7♠
>>> print(PenaltyPassedOn(seat=1, card=Card.parse("7♥"), to=2, amount=4))
seat 1 passes the penalty on with 7♥: seat 2 must draw 4
"""

from __future__ import annotations

from typing import NamedTuple

from pianitsa101.cards import Card, Rank, Suit

__all__ = ["CardPlayed", "CardsDrawn", "DirectionReversed", "Event", "PenaltyPassedOn", "PenaltyPending",
           "PenaltyTaken", "PublicDraw", "Redeal", "RoundAbandoned", "RoundWon", "Skipped", "StockRecycled",
           "SuitOrdered", "TurnPassed"]


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards) or "nothing"


class Redeal(NamedTuple):
    """R3: a hand held four cards of ``rank`` after the deal, so the deck was shuffled and dealt again."""

    seat: int
    rank: Rank

    def __str__(self) -> str:
        return f"redeal: seat {self.seat} was dealt four {self.rank.symbol}s (R3)"


class CardPlayed(NamedTuple):
    """``seat`` put ``card`` on the discard pile (R6)."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"seat {self.seat} plays {self.card}"


class SuitOrdered(NamedTuple):
    """R14: ``seat`` played a queen and ordered ``suit``."""

    seat: int
    suit: Suit

    def __str__(self) -> str:
        return f"seat {self.seat} orders {self.suit.symbol}"


class CardsDrawn(NamedTuple):
    """``seat`` drew ``cards`` (in order); ``reason`` is 'play' (R7), 'cover' (R9) or 'penalty' (R17)."""

    seat: int
    cards: tuple[Card, ...]
    reason: str

    def __str__(self) -> str:
        return f"seat {self.seat} draws {_cards(self.cards)} ({self.reason})"

    def public(self) -> PublicDraw:
        """What everybody at the table sees of this draw: who drew how many cards, and why."""
        return PublicDraw(self.seat, len(self.cards), self.reason)


class PublicDraw(NamedTuple):
    """A ``CardsDrawn`` as the whole table sees it (in ``PlayerView.log``): the count, not the cards.

    >>> drawn = CardsDrawn(2, (Card.parse("7♠"), Card.parse("8♠"), Card.parse("9♥")), "penalty")
    >>> print(drawn.public())
    seat 2 draws 3 cards (penalty)
    >>> print(PublicDraw(0, 1, "play"))
    seat 0 draws 1 card (play)
    """

    seat: int
    count: int
    reason: str

    def __str__(self) -> str:
        cards = "1 card" if self.count == 1 else f"{self.count} cards"
        return f"seat {self.seat} draws {cards} ({self.reason})"


class PenaltyPending(NamedTuple):
    """R9/R10/R15: ``seat`` must draw ``amount`` cards and lose the turn, unless passing it on (R16)."""

    seat: int
    amount: int
    rank: Rank

    def __str__(self) -> str:
        return f"seat {self.seat} must draw {self.amount} (a {self.rank.symbol} was played)"


class PenaltyPassedOn(NamedTuple):
    """R16: ``seat`` passed the penalty on with ``card``; now ``to`` must draw ``amount``."""

    seat: int
    card: Card
    to: int
    amount: int

    def __str__(self) -> str:
        return (f"seat {self.seat} passes the penalty on with {self.card}: "
                f"seat {self.to} must draw {self.amount}")


class PenaltyTaken(NamedTuple):
    """R17: ``seat`` took a penalty of ``amount`` cards and drew ``drawn`` of them (R8 may leave fewer)."""

    seat: int
    amount: int
    drawn: int

    def __str__(self) -> str:
        return f"seat {self.seat} takes the penalty: {self.drawn} of {self.amount} cards"


class Skipped(NamedTuple):
    """R12/R17: ``seat`` lost the turn (an ace not answered)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} loses the turn"


class TurnPassed(NamedTuple):
    """R7/R8/R9: ``seat`` ends the turn without playing (drew an unplayable card, or nothing was left)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} passes"


class DirectionReversed(NamedTuple):
    """R13: a ten reversed the direction of play; ``direction`` is the new one (+1 clockwise)."""

    seat: int
    direction: int

    def __str__(self) -> str:
        way = "clockwise" if self.direction == 1 else "counter-clockwise"
        return f"seat {self.seat} reverses the direction: now {way}"


class StockRecycled(NamedTuple):
    """R8: the discard pile except its top became the new stock of ``cards`` cards."""

    cards: int
    shuffled: bool

    def __str__(self) -> str:
        how = "shuffled" if self.shuffled else "turned over"
        return f"the discard pile is {how} into a new stock of {self.cards} cards"


class RoundWon(NamedTuple):
    """R18: ``seat`` has no cards left and wins the round."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} wins the round"


class RoundAbandoned(NamedTuple):
    """R26: the same position occurred for the third time; nobody scores."""

    repetitions: int

    def __str__(self) -> str:
        return f"the round is abandoned: the same position occurred {self.repetitions} times (R26)"


Event = (Redeal | CardPlayed | SuitOrdered | CardsDrawn | PublicDraw | PenaltyPending | PenaltyPassedOn
         | PenaltyTaken | Skipped | TurnPassed | DirectionReversed | StockRecycled | RoundWon
         | RoundAbandoned)
