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

from pianitsa101.cards import Card, Rank, Suit
from pianitsa101.i18n import (
    _,
    card_text,
    cards_text,
    get_language,
    ngettext,
    npgettext,
    pgettext,
    plural,
    rank_text,
)

__all__ = ["CardPlayed", "CardsDrawn", "ChainLink", "DirectionReversed", "Event", "MayAnswerAce", "MustCover",
           "PenaltyChain", "PenaltyPassedOn", "PenaltyPending", "PenaltyTaken", "PublicDraw", "Redeal",
           "RoundAbandoned", "RoundDealt", "RoundScored", "RoundWon", "Skipped", "StarterTurnedUp",
           "StockRecycled", "SuitOrdered", "TurnPassed", "penalty_chain", "renumber"]

Names = Sequence[str] | None  # names[seat] replaces "seat N" in an event's text


def _who(seat: int | None, names: Names) -> str:
    """'seat 2', or the seat's name when names are given."""
    if seat is None:
        return _("somebody")
    return _("seat {seat}").format(seat=seat) if names is None else str(names[seat])


def _cards(cards: tuple[Card, ...]) -> str:
    return cards_text(cards) or _("nothing")


def _reason(reason: str) -> str:
    """'play', 'cover', 'penalty' in the language set."""
    words = {"play": pgettext("reason", "play"), "cover": pgettext("reason", "cover"),
             "penalty": pgettext("reason", "penalty")}
    return words.get(reason, reason)


def _same_event(self: tuple, other: object) -> bool:
    """Events are equal when they are the same kind of event with the same fields.

    A NamedTuple alone compares as a plain tuple (``Skipped(1) == TurnPassed(1)``); every event
    class below sets its ``__eq__``, ``__ne__`` and ``__hash__`` to these, so kinds differ too.
    """
    return type(self) is type(other) and tuple.__eq__(self, other)


def _other_event(self: tuple, other: object) -> bool:
    return not _same_event(self, other)


class Redeal(NamedTuple):
    """R3: a hand held four cards of ``rank`` after the deal, so the deck was shuffled and dealt again."""

    seat: int
    rank: Rank

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return _("redeal: {who} was dealt four {rank}s (R3)").format(
            who=_who(self.seat, names), rank=rank_text(self.rank.symbol))

    __str__ = text
    __eq__, __ne__, __hash__ = _same_event, _other_event, tuple.__hash__  # compared by kind too


class StarterTurnedUp(NamedTuple):
    """R2 ``deal="five_and_starter"``: the dealer ``seat`` turned up ``card`` as his first move."""

    seat: int
    card: Card

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return _("{who} turns up {card} to start (R2)").format(
            who=_who(self.seat, names), card=card_text(self.card))

    __str__ = text
    __eq__, __ne__, __hash__ = _same_event, _other_event, tuple.__hash__  # compared by kind too


class CardPlayed(NamedTuple):
    """``seat`` put ``card`` on the discard pile (R6)."""

    seat: int
    card: Card

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return _("{who} plays {card}").format(who=_who(self.seat, names), card=card_text(self.card))

    __str__ = text
    __eq__, __ne__, __hash__ = _same_event, _other_event, tuple.__hash__  # compared by kind too


class SuitOrdered(NamedTuple):
    """R14: ``seat`` played a queen and ordered ``suit``."""

    seat: int
    suit: Suit

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return _("{who} orders {suit}").format(who=_who(self.seat, names), suit=self.suit.symbol)

    __str__ = text
    __eq__, __ne__, __hash__ = _same_event, _other_event, tuple.__hash__  # compared by kind too


class CardsDrawn(NamedTuple):
    """``seat`` drew ``cards`` (in order); ``reason`` is 'play' (R7), 'cover' (R9) or 'penalty' (R17)."""

    seat: int
    cards: tuple[Card, ...]
    reason: str

    def text(self, names: Names = None) -> str:
        """The event as a sentence (it shows the cards drawn), with ``names[seat]`` for the seats."""
        if not self.cards:  # a sentence of its own: Russian says «ничего не берёт», not «берёт ничего»
            return _("{who} draws nothing ({reason})").format(
                who=_who(self.seat, names), reason=_reason(self.reason))
        return _("{who} draws {cards} ({reason})").format(
            who=_who(self.seat, names), cards=_cards(self.cards), reason=_reason(self.reason))

    __str__ = text
    __eq__, __ne__, __hash__ = _same_event, _other_event, tuple.__hash__  # compared by kind too

    def public(self) -> PublicDraw:
        """What everybody at the table sees of this draw: who drew how many cards, and why."""
        return PublicDraw(self.seat, len(self.cards), self.reason)


class MustCover(NamedTuple):
    """R9 ``six="cover"``/``"cover_any"``: ``seat`` played the six ``card`` and must cover it now."""

    seat: int
    card: Card

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return _("{who} must cover the {card} (R9)").format(
            who=_who(self.seat, names), card=card_text(self.card))

    __str__ = text
    __eq__, __ne__, __hash__ = _same_event, _other_event, tuple.__hash__  # compared by kind too


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
        return _("{who} may answer the {card} with an ace or lose the turn (R12)").format(
            who=_who(self.seat, names), card=card_text(self.card))

    __str__ = text
    __eq__, __ne__, __hash__ = _same_event, _other_event, tuple.__hash__  # compared by kind too


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
        # Russian wants the accusative here: «берёт 1 карту», not «1 карта»
        cards = npgettext("drawn", "{n} card", "{n} cards", self.count).format(n=self.count)
        return _("{who} draws {cards} ({reason})").format(
            who=_who(self.seat, names), cards=cards, reason=_reason(self.reason))

    __str__ = text
    __eq__, __ne__, __hash__ = _same_event, _other_event, tuple.__hash__  # compared by kind too


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
        # Russian names the card played («сыграна К♠», not «карта К») and puts «карты» after the count
        rank = rank_text(self.rank.symbol)
        if self.card is not None and get_language() != "en":
            rank = card_text(self.card)
        return ngettext("{who} must draw {n} (a {rank} was played)",
                        "{who} must draw {n} (a {rank} was played)", self.amount).format(
            who=_who(self.seat, names), n=self.amount, rank=rank)

    __str__ = text
    __eq__, __ne__, __hash__ = _same_event, _other_event, tuple.__hash__  # compared by kind too


class PenaltyPassedOn(NamedTuple):
    """R16: ``seat`` passed the penalty on with ``card``; now ``to`` must draw ``amount``."""

    seat: int
    card: Card
    to: int
    amount: int

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return ngettext("{who} passes the penalty on with {card}: {to} must draw {n}",
                        "{who} passes the penalty on with {card}: {to} must draw {n}", self.amount).format(
            who=_who(self.seat, names), card=card_text(self.card), to=_who(self.to, names), n=self.amount)

    __str__ = text
    __eq__, __ne__, __hash__ = _same_event, _other_event, tuple.__hash__  # compared by kind too


class PenaltyTaken(NamedTuple):
    """R17: ``seat`` took a penalty of ``amount`` cards and drew ``drawn`` of them (R8 may leave fewer)."""

    seat: int
    amount: int
    drawn: int

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return ngettext("{who} takes the penalty: {drawn} of {cards}",
                        "{who} takes the penalty: {drawn} of {cards}", self.drawn).format(
            who=_who(self.seat, names), drawn=self.drawn, cards=plural(self.amount, "card"))

    __str__ = text
    __eq__, __ne__, __hash__ = _same_event, _other_event, tuple.__hash__  # compared by kind too


class Skipped(NamedTuple):
    """R12/R17: ``seat`` lost the turn to an ace: it held none, or chose not to answer (no log tells)."""

    seat: int

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return _("{who} loses the turn").format(who=_who(self.seat, names))

    __str__ = text
    __eq__, __ne__, __hash__ = _same_event, _other_event, tuple.__hash__  # compared by kind too


class TurnPassed(NamedTuple):
    """R7/R8/R9: ``seat`` ends the turn without playing (drew an unplayable card, or nothing was left)."""

    seat: int

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return _("{who} passes").format(who=_who(self.seat, names))

    __str__ = text
    __eq__, __ne__, __hash__ = _same_event, _other_event, tuple.__hash__  # compared by kind too


class DirectionReversed(NamedTuple):
    """R13: a ten reversed the direction of play; ``direction`` is the new one (+1 clockwise)."""

    seat: int
    direction: int

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        way = _("clockwise") if self.direction == 1 else _("counter-clockwise")
        return _("{who} reverses the direction: now {way}").format(who=_who(self.seat, names), way=way)

    __str__ = text
    __eq__, __ne__, __hash__ = _same_event, _other_event, tuple.__hash__  # compared by kind too


class StockRecycled(NamedTuple):
    """R8: the discard pile except its top became the new stock of ``cards`` cards."""

    cards: int
    shuffled: bool

    def text(self, names: Names = None) -> str:
        """The event as a sentence (it names no seat)."""
        if self.shuffled:
            return _("the discard pile is shuffled into a new stock of {cards}").format(
                cards=plural(self.cards, "card"))
        return _("the discard pile is turned over into a new stock of {cards}").format(
            cards=plural(self.cards, "card"))

    __str__ = text
    __eq__, __ne__, __hash__ = _same_event, _other_event, tuple.__hash__  # compared by kind too


class RoundWon(NamedTuple):
    """R18: ``seat`` has no cards left and wins the round."""

    seat: int

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        return _("{who} wins the round").format(who=_who(self.seat, names))

    __str__ = text
    __eq__, __ne__, __hash__ = _same_event, _other_event, tuple.__hash__  # compared by kind too


class RoundAbandoned(NamedTuple):
    """R26: the same position occurred for the third time; nobody scores."""

    repetitions: int

    def text(self, names: Names = None) -> str:
        """The event as a sentence (it names no seat)."""
        return _("the round is abandoned: the same position occurred {n} times (R26)").format(
            n=self.repetitions)

    __str__ = text
    __eq__, __ne__, __hash__ = _same_event, _other_event, tuple.__hash__  # compared by kind too


class RoundDealt(NamedTuple):
    """A match dealt round ``number`` to the match ``seats`` still in (R23); ``first`` plays first (R4)."""

    number: int
    seats: tuple[int, ...]
    first: int

    def text(self, names: Names = None) -> str:
        """The event as a sentence, with ``names[seat]`` for the seats when given."""
        if names is None:
            dealt = _("seats {seats}").format(seats=", ".join(map(str, self.seats)))
        else:
            dealt = ", ".join(_who(s, names) for s in self.seats)
        return _("round {number} is dealt to {dealt}; {who} plays first (R4)").format(
            number=self.number, dealt=dealt, who=_who(self.first, names))

    __str__ = text
    __eq__, __ne__, __hash__ = _same_event, _other_event, tuple.__hash__  # compared by kind too


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
        out = _("round {number} scored: {scores}").format(number=self.number, scores=scores)
        for s in self.reset:
            out += _("; {who} has exactly the limit: back to 0 (R22)").format(who=_who(s, names))
        if self.out:
            out += _("; over the limit (R23): {seats}").format(
                seats=", ".join(_who(s, names) for s in self.out))
        return out

    __str__ = text
    __eq__, __ne__, __hash__ = _same_event, _other_event, tuple.__hash__  # compared by kind too


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
        by = _("on the table at the start") if self.seat is None else _("by {who}").format(
            who=_who(self.seat, names))
        return f"{card_text(self.card)} {by} → {self.amount}"

    __str__ = text
    __eq__, __ne__, __hash__ = _same_event, _other_event, tuple.__hash__  # compared by kind too


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
        return ngettext("{chain}: {who} must draw {n}", "{chain}: {who} must draw {n}", self.amount).format(
            chain=chain, who=_who(self.seat, names), n=self.amount)

    __str__ = text
    __eq__, __ne__, __hash__ = _same_event, _other_event, tuple.__hash__  # compared by kind too


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
