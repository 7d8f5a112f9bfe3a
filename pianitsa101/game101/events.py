"""What happens in a round of 101, as small immutable typed events.

``Round101.play(move)`` returns the events of that move and appends them to
``rnd.events``, the round's log; widgets, lessons and statistics read events rather than
re-deriving them.  Events are ``NamedTuple`` classes: immutable, typed, compared by value,
and several times cheaper to create than frozen dataclasses (the engine makes millions).
Each prints as a short sentence, and ``event.text(names)`` says it with names for the seats:

>>> print(CardPlayed(seat=0, card=Card.parse("7♠")))
seat 0 plays 7♠
>>> print(PenaltyPassedOn(seat=1, card=Card.parse("7♥"), to=2, amount=4))
seat 1 passes the penalty on with 7♥: seat 2 must draw 4
>>> CardPlayed(seat=0, card=Card.parse("7♠")).text(["Anna", "Boris"])
'Anna plays 7♠'

Seat numbers in an event are the seats of its round (0..players-1).  In a match where
players have left (R23 ``elimination``) they differ from the match seats;
``renumber(event, seats)`` gives the same event in match seats (``seats[i]`` is the match
seat of round seat ``i``, as in ``Match101.seats``):

>>> print(renumber(CardPlayed(seat=2, card=Card.parse("K♣")), seats=(0, 1, 3)))
seat 3 plays K♣

``PenaltyChain`` (``rnd.chain``) is the penalty being passed on (R16), card by card.
``RoundDealt`` and ``RoundScored`` are the match's own events (``Match101.log``), in match seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from pianitsa101._checks import plural
from pianitsa101.cards import Card, Rank, Suit

__all__ = ["CardPlayed", "CardsDrawn", "ChainLink", "DirectionReversed", "Event", "MayAnswerAce", "MustCover",
           "PenaltyChain", "PenaltyPassedOn", "PenaltyPending", "PenaltyTaken", "PublicDraw", "Redeal",
           "RoundAbandoned", "RoundDealt", "RoundScored", "RoundWon", "Skipped", "StarterTurnedUp",
           "StockRecycled", "SuitOrdered", "TurnPassed", "penalty_chain", "renumber"]

Names = Sequence[str] | None  # names[seat] replaces "seat N" in an event's text


def _who(seat: int | None, names: Names) -> str:
    """'seat 2', or the seat's name when names are given."""
    if seat is None:
        return "somebody"
    return f"seat {seat}" if names is None else str(names[seat])


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards) or "nothing"


class Redeal(NamedTuple):
    """R3: a hand held four cards of ``rank`` after the deal, so the deck was shuffled and dealt again."""

    seat: int
    rank: Rank

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return f"redeal: {_who(self.seat, names)} was dealt four {self.rank.symbol}s (R3)"

    __str__ = text


class StarterTurnedUp(NamedTuple):
    """R2 ``deal="five_and_starter"``: the dealer ``seat`` turned up ``card`` as his first move."""

    seat: int
    card: Card

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return f"{_who(self.seat, names)} turns up {self.card} to start (R2)"

    __str__ = text


class CardPlayed(NamedTuple):
    """``seat`` put ``card`` on the discard pile (R6)."""

    seat: int
    card: Card

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return f"{_who(self.seat, names)} plays {self.card}"

    __str__ = text


class SuitOrdered(NamedTuple):
    """R14: ``seat`` played a queen and ordered ``suit``."""

    seat: int
    suit: Suit

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return f"{_who(self.seat, names)} orders {self.suit.symbol}"

    __str__ = text


class CardsDrawn(NamedTuple):
    """``seat`` drew ``cards`` (in order); ``reason`` is 'play' (R7), 'cover' (R9) or 'penalty' (R17)."""

    seat: int
    cards: tuple[Card, ...]
    reason: str

    def text(self, names: Names = None) -> str:
        """The event as a sentence (it shows the cards drawn), with ``names[seat]`` for the seats."""
        return f"{_who(self.seat, names)} draws {_cards(self.cards)} ({self.reason})"

    __str__ = text

    def public(self) -> PublicDraw:
        """What everybody at the table sees of this draw: who drew how many cards, and why."""
        return PublicDraw(self.seat, len(self.cards), self.reason)


class MustCover(NamedTuple):
    """R9 ``six="cover"``/``"cover_any"``: ``seat`` played the six ``card`` and must cover it now."""

    seat: int
    card: Card

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return f"{_who(self.seat, names)} must cover the {self.card} (R9)"

    __str__ = text


class MayAnswerAce(NamedTuple):
    """R12: the ace ``card`` hit ``seat``, who may answer with an ace or lose the turn.

    Logged after every ace of ``ace="skip_unless_ace"``, whatever ``seat`` holds (R17: the
    table cannot tell "cannot answer" from "will not"); a ``Skipped`` follows at once when
    ``seat`` has no ace, after its ``Pass`` when it has one and declines.
    """

    seat: int
    card: Card

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return f"{_who(self.seat, names)} may answer the {self.card} with an ace or lose the turn (R12)"

    __str__ = text


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

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        cards = "1 card" if self.count == 1 else f"{self.count} cards"
        return f"{_who(self.seat, names)} draws {cards} ({self.reason})"

    __str__ = text


class PenaltyPending(NamedTuple):
    """R9/R10/R15: ``seat`` must draw ``amount`` cards and lose the turn, unless passing it on (R16).

    ``card`` is the card that started the penalty and ``by`` the seat that played it (None
    only for an event made by hand without them).
    """

    seat: int
    amount: int
    rank: Rank
    card: Card | None = None
    by: int | None = None

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return f"{_who(self.seat, names)} must draw {self.amount} (a {self.rank.symbol} was played)"

    __str__ = text


class PenaltyPassedOn(NamedTuple):
    """R16: ``seat`` passed the penalty on with ``card``; now ``to`` must draw ``amount``."""

    seat: int
    card: Card
    to: int
    amount: int

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return (f"{_who(self.seat, names)} passes the penalty on with {self.card}: "
                f"{_who(self.to, names)} must draw {self.amount}")

    __str__ = text


class PenaltyTaken(NamedTuple):
    """R17: ``seat`` took a penalty of ``amount`` cards and drew ``drawn`` of them (R8 may leave fewer)."""

    seat: int
    amount: int
    drawn: int

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return f"{_who(self.seat, names)} takes the penalty: {self.drawn} of {plural(self.amount, 'card')}"

    __str__ = text


class Skipped(NamedTuple):
    """R12/R17: ``seat`` lost the turn to an ace: it held none, or chose not to answer (no log tells)."""

    seat: int

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return f"{_who(self.seat, names)} loses the turn"

    __str__ = text


class TurnPassed(NamedTuple):
    """R7/R8/R9: ``seat`` ends the turn without playing (drew an unplayable card, or nothing was left)."""

    seat: int

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return f"{_who(self.seat, names)} passes"

    __str__ = text


class DirectionReversed(NamedTuple):
    """R13: a ten reversed the direction of play; ``direction`` is the new one (+1 clockwise)."""

    seat: int
    direction: int

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        way = "clockwise" if self.direction == 1 else "counter-clockwise"
        return f"{_who(self.seat, names)} reverses the direction: now {way}"

    __str__ = text


class StockRecycled(NamedTuple):
    """R8: the discard pile except its top became the new stock of ``cards`` cards."""

    cards: int
    shuffled: bool

    def text(self, names: Names = None) -> str:
        """The event as a sentence (it names no seat)."""
        how = "shuffled" if self.shuffled else "turned over"
        return f"the discard pile is {how} into a new stock of {plural(self.cards, 'card')}"

    __str__ = text


class RoundWon(NamedTuple):
    """R18: ``seat`` has no cards left and wins the round."""

    seat: int

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return f"{_who(self.seat, names)} wins the round"

    __str__ = text


class RoundAbandoned(NamedTuple):
    """R26: the same position occurred for the third time; nobody scores."""

    repetitions: int

    def text(self, names: Names = None) -> str:
        """The event as a sentence (it names no seat)."""
        return f"the round is abandoned: the same position occurred {self.repetitions} times (R26)"

    __str__ = text


class RoundDealt(NamedTuple):
    """A match dealt round ``number`` to the match ``seats`` still in (R23); ``first`` plays first (R4)."""

    number: int
    seats: tuple[int, ...]
    first: int

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        if names is None:
            dealt = "seats " + ", ".join(map(str, self.seats))
        else:
            dealt = ", ".join(_who(s, names) for s in self.seats)
        return f"round {self.number} is dealt to {dealt}; {_who(self.first, names)} plays first (R4)"

    __str__ = text


class RoundScored(NamedTuple):
    """A match counted round ``number`` (R19-R23); every tuple is per match seat.

    ``points`` (None: not dealt in) and the new ``totals``; ``reset``: totals of exactly the
    limit that became 0 (R22); ``out``: seats now over the limit, who lose or leave (R23).
    """

    number: int
    points: tuple[int | None, ...]
    totals: tuple[int, ...]
    reset: tuple[int, ...]
    out: tuple[int, ...]

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        scores = ", ".join(f"{_who(s, names)} {p:+d} = {self.totals[s]}"
                           for s, p in enumerate(self.points) if p is not None)
        out = f"round {self.number} scored: {scores}"
        for s in self.reset:
            out += f"; {_who(s, names)} has exactly the limit: back to 0 (R22)"
        if self.out:
            out += f"; over the limit (R23): {', '.join(_who(s, names) for s in self.out)}"
        return out

    __str__ = text


class ChainLink(NamedTuple):
    """One card of a penalty chain: ``seat`` played ``card``, and the penalty became ``amount``.

    ``seat`` is None only for the card that lay on the table when a stacked round started
    with a penalty pending (``Round101.from_hands(..., pending_draw=...)``).
    """

    seat: int | None
    card: Card
    amount: int

    def text(self, names: Names = None) -> str:
        """The link as words, with ``names[seat]`` for the seats when given."""
        by = "on the table at the start" if self.seat is None else f"by {_who(self.seat, names)}"
        return f"{self.card} {by} → {self.amount}"

    __str__ = text


class PenaltyChain(NamedTuple):
    """The penalty being passed on (R10, R15, R16): the cards in order, and who must draw now.

    ``links`` are the cards of the chain, the one that started it first, each with who
    played it and the amount after it (2 → 4 → 8 with ``chain="double"``, 2 → 4 → 6 with
    ``"add"``); ``seat`` must now draw ``amount`` cards or pass it on.
    """

    links: tuple[ChainLink, ...]
    seat: int
    amount: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of the chain, in the order they were played."""
        return tuple(link.card for link in self.links)

    def text(self, names: Names = None) -> str:
        """The chain as words, with ``names[seat]`` for the seats when given."""
        chain = ", ".join(link.text(names) for link in self.links)
        return f"{chain}: {_who(self.seat, names)} must draw {self.amount}"

    __str__ = text


def penalty_chain(events: Sequence[Any], seat: int, amount: int,
                  start: ChainLink | None = None) -> PenaltyChain:
    """The chain of the penalty ``seat`` must draw now, read back from a round's log.

    The chain is the last ``PenaltyPending`` of the log and every ``PenaltyPassedOn`` after
    it; with none in the log the penalty was pending at the start (``start``: its card).
    """
    links = []
    for event in reversed(events):
        kind = type(event)
        if kind is PenaltyPassedOn:
            links.append(ChainLink(event.seat, event.card, event.amount))
        elif kind is PenaltyPending:
            links.append(ChainLink(event.by, event.card, event.amount))
            break
    else:
        if start is not None:
            links.append(start)
    links.reverse()
    return PenaltyChain(tuple(links), seat, amount)


Event = (Redeal | StarterTurnedUp | CardPlayed | SuitOrdered | CardsDrawn | PublicDraw | MustCover
         | MayAnswerAce | PenaltyPending | PenaltyPassedOn | PenaltyTaken | Skipped | TurnPassed
         | DirectionReversed | StockRecycled | RoundWon | RoundAbandoned | RoundDealt | RoundScored)

def _same_event(self: tuple, other: object) -> bool:
    """Events are equal when they are the same kind of event with the same fields."""
    return type(self) is type(other) and tuple.__eq__(self, other)


def _other_event(self: tuple, other: object) -> bool:
    return not _same_event(self, other)


# A NamedTuple compares as a plain tuple: Skipped(1) == TurnPassed(1), StarterTurnedUp(2, c) ==
# CardPlayed(2, c).  Events (and chains) compare by kind too, so that a test can tell them apart.
for _kind in (*Event.__args__, ChainLink, PenaltyChain):
    _kind.__eq__, _kind.__ne__, _kind.__hash__ = _same_event, _other_event, tuple.__hash__

SEAT_FIELDS = ("seat", "to", "by")  # the fields of an event (or chain, or score) that hold a round seat


def renumber(event: Any, seats: Sequence[int]) -> Any:
    """The same event with every round seat ``i`` written as the match seat ``seats[i]``.

    ``seats`` lists the match seat of every round seat (``Match101.seats``).  Any named tuple
    with fields ``seat``, ``to`` or ``by`` can be renumbered (``ChainLink``, ``RoundScore``),
    and so can a ``PenaltyChain`` with its ``links``.
    """
    changes = {}
    for name in event._fields:
        value = getattr(event, name)
        if name in SEAT_FIELDS and value is not None:
            changes[name] = seats[value]
        elif name == "links":
            changes[name] = tuple(renumber(link, seats) for link in value)
    return event._replace(**changes) if changes else event
