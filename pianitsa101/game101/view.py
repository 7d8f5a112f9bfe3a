"""What one seat may see of a round of 101: ``PlayerView``, handed to agents (strategies).

A view shows the seat's own hand, the others' card counts, the discard pile, the stock
size, the direction, the ordered suit, the pending obligations (with the penalty chain),
the match totals, the deck and the public log of the round (every event, with draws shown
as counts: ``PublicDraw``); never another player's cards or the order of the stock.  It is
an immutable ``NamedTuple``, cheap enough to build for every decision.

``Round101.view(seat)`` numbers seats as the round does (0..players-1, what agents are
given); ``Match101.view(seat)`` numbers them as the match does ("match seats"): then
``players`` is the match's number of players, ``hand_sizes`` and ``totals`` have one entry
per match seat (a hand size of 0 for a player not dealt in), ``seats`` lists the match
seats dealt into the round, and the ``chain`` and the ``log`` name match seats.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from pianitsa101._checks import plural, whole_number
from pianitsa101.cardart import card_html
from pianitsa101.cards import Card, Rank, Suit
from pianitsa101.game101.events import Event, PenaltyChain
from pianitsa101.game101.rules import Rules101
from pianitsa101.game101.text import view_text
from pianitsa101.i18n import _

__all__ = ["PlayerView", "round_html", "seat_view", "unseen_cards"]


class PlayerView(NamedTuple):
    """What ``seat`` may see when deciding (immutable)."""

    seat: int                         # whose view this is
    players: int                      # number of seats
    hand: tuple[Card, ...]            # the seat's own cards
    hand_sizes: tuple[int, ...]       # how many cards every seat holds
    discard: tuple[Card, ...]         # the discard pile, bottom first
    top: Card | None                  # its top card (None for an empty table)
    stock_size: int                   # cards left in the stock
    direction: int                    # R5/R13: +1 clockwise, -1 reversed
    to_move: int | None               # the seat whose decision it is
    ordered_suit: Suit | None         # R14: the suit ordered by the queen on top
    pending_draw: int                 # R16: cards to draw unless passing on (for the player to move)
    pending_rank: Rank | None         # the rank that started the penalty (6, 7 or K)
    must_cover: bool                  # R9: the player to move must cover a 6
    skip_to_answer: bool              # R12: this seat, to move, may answer an ace (own view only, R17)
    rules: Rules101                   # the rules of the round
    totals: tuple[int, ...]           # match totals per seat (zeros when not in a match)
    drawn: Card | None = None         # R7: the card this seat just drew and may now play
    deck: frozenset[Card] = frozenset()  # every card of the round, wherever it is
    log: tuple[Event, ...] = ()       # the round's events as the table sees them (draws: PublicDraw)
    seats: tuple[int, ...] = ()       # the seats dealt in, around the table (() or 0..players-1: all)
    chain: PenaltyChain | None = None  # R16: the penalty pending, card by card (rnd.chain)

    @property
    def next_seat(self) -> int:
        """The seat after ``seat`` in the current direction (among ``seats``, the players dealt in)."""
        seats = self.seats
        if not seats or self.seat not in seats:
            return (self.seat + self.direction) % self.players
        return seats[(seats.index(self.seat) + self.direction) % len(seats)]

    def __str__(self) -> str:
        """A text table: the table, the own hand, the others' card counts, whose turn and what is due."""
        return view_text(self)


def seat_view(rnd: Any, seat: int, totals: Sequence[int] | None = None) -> PlayerView:
    """What ``seat`` may see of the round ``rnd`` (``Round101.view``); ``totals``: ``rnd.totals``."""
    seat = _seat(rnd, seat)
    totals = rnd.totals if totals is None else _totals(rnd, totals)
    hands, to_move = rnd._hands, rnd.to_move
    return PlayerView(
        seat, rnd.players, tuple(hands[seat]), tuple(map(len, hands)), tuple(rnd._discard), rnd.top,
        len(rnd._stock), rnd.direction, to_move, rnd.ordered_suit, rnd.pending_draw,
        rnd.pending_rank, rnd.must_cover, rnd.skip_to_answer and seat == to_move, rnd.rules, totals,
        rnd.drawn if seat == to_move else None, rnd._deck, rnd.public_log,
        seats=tuple(range(rnd.players)), chain=rnd.chain if rnd.pending_draw else None)


def _seat(rnd: Any, seat: Any) -> int:
    number = seat if type(seat) is int else whole_number(seat)
    if number is None or not 0 <= number < rnd.players:
        raise ValueError(_("seat must be 0..{last}, got {value}").format(
            last=rnd.players - 1, value=repr(seat)))
    return number


def _totals(rnd: Any, totals: Any) -> tuple[int, ...]:
    given = tuple(totals) if isinstance(totals, Iterable) and not isinstance(totals, str) else None
    if given is None or len(given) != rnd.players:
        raise ValueError(_("totals must be {players} numbers, one per seat, got {value}").format(
            players=rnd.players, value=repr(totals)))
    return given


def unseen_cards(view: PlayerView) -> frozenset[Card]:
    """The cards ``view``'s seat cannot see: the deck minus its own hand minus the discard pile.

    A pure function of the view (in the engine, so the simple bots and the tables can ask it
    too); what the public log says about where those cards are is ``strategy.belief``'s business.
    """
    return view.deck.difference(view.hand, view.discard)


def _cards_html(cards) -> str:
    return "".join(card_html(c) for c in cards) or "<i>(none)</i>"


def round_html(rnd: Any, face_up: bool = True) -> str:
    """A small HTML table of a round: hands (face up or as counts), discard top, obligations."""
    rows = []
    for seat, hand in enumerate(rnd._hands):
        mark = " ◀" if seat == rnd.to_move else ""
        shown = _cards_html(hand) if face_up else plural(len(hand), "card")
        rows.append(f"<tr><td>seat {seat}{mark}</td><td>{shown}</td></tr>")
    notes = []
    if rnd.ordered_suit is not None:
        notes.append(f"ordered {rnd.ordered_suit.symbol}")
    if rnd.pending_draw:
        notes.append(f"must draw {rnd.pending_draw}")
    if rnd.must_cover:
        notes.append("must cover the 6")
    if rnd.skip_to_answer:
        notes.append("may answer the ace")
    if rnd.over:
        notes.append("abandoned (R26)" if rnd.abandoned else f"won by seat {rnd.winner}")
    top = card_html(rnd.top) if rnd.top is not None else "<i>(empty table)</i>"
    return (f"<table class='p101-round'><tr><td>table</td><td>{top} stock {len(rnd._stock)}"
            f" {html.escape(', '.join(notes))}</td></tr>{''.join(rows)}</table>")
