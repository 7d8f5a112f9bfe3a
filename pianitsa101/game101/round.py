"""One round of 101: the state, its pending obligations, and every transition (R3-R18, R25, R26).

The rules this module enforces (``RULES.md``; legality of moves is in ``legal.py``):

- R2. Deal ``"four"``: 4 cards each, one at a time from the first player on; the rest is the
  stock.  ``"five_and_starter"``: the first player is the dealer and gets 4, everyone else 5;
  the dealer's 5th card is turned up as his first move and its effect applies (a queen
  orders its own suit).
- R3. If a hand holds four cards of one rank after the deal, the deck is shuffled and dealt
  again; a ``Redeal`` event records it.
- R4. The first player is drawn with the round's generator unless given.
- R5/R13. Play goes to seat + 1; a ten reverses it (not with two players).
- R7. ``Draw()``: draw until a playable card (``draw="one"``: one card), which is then the
  only card that may be played; nothing playable drawn: the turn passes.
- R8. An empty stock is rebuilt from the discard pile except its top (``"flip"``: the
  bottom card becomes the top of the stock; ``"shuffle"``); if nothing is left, drawing stops.
- R9. A 6 (``cover``/``cover_any``) must be covered at once by the same player, drawing
  until they can; if nothing can be drawn the 6 stays uncovered and the turn passes.  In
  ``draw2_skip``/``draw1_skip`` it is a penalty like a 7.
- R10/R15. A 7 (K♠) makes the next player draw ``seven_draw`` (4) cards and lose the turn.
- R11. With two players, skipping the next player gives the turn back (this follows from
  taking "the next seat" twice).
- R12. An ace skips the next player, who may answer with an ace (``"skip_unless_ace"``),
  passing the skip on; a player with no ace is passed over automatically (``Skipped``).
- R14. A queen orders a suit.
- R16. A penalty of a 6 or 7 passed on with a card of the same rank doubles (``"double"``)
  or grows by the card's own amount (``"add"``).
- R17. Taking a penalty is one decision: draw what there is, then the turn passes.
- R18. A player with no cards and no 6 to cover wins; with ``last_card_effects`` the
  penalty of their last card (7, K♠, draw-6) is still drawn by the next player.
- R25. Every card is in exactly one place: cards only move between stock, hands and discard.
- R26. The third occurrence of a position (the start position included) abandons the round.
  Positions are compared by a key kept up to date move by move (hands as bit sets, the
  discard pile as bytes, the stock as a prefix of the pile it was made from), so this costs
  well under a microsecond a move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

from pianitsa101.cards import _BY_INDEX, Card, Rank, Suit
from pianitsa101.game101.events import (
    CardPlayed,
    CardsDrawn,
    DirectionReversed,
    PenaltyPassedOn,
    PenaltyPending,
    PenaltyTaken,
    RoundAbandoned,
    RoundWon,
    Skipped,
    StockRecycled,
    SuitOrdered,
    TurnPassed,
)
from pianitsa101.game101.legal import ALL_PLAYABLE, explain, legal_moves, options_table
from pianitsa101.game101.moves import Draw, FlushQueens, IllegalMove, Pass, Play
from pianitsa101.game101.rules import Rules101
from pianitsa101.game101.view import PlayerView

__all__ = ["Round101"]

_SUITS = tuple(Suit)
_SIX, _TEN, _QUEEN, _ACE = Rank.SIX, Rank.TEN, Rank.QUEEN, Rank.ACE


class Round101:
    """One round of 101: hands, stock, discard pile, whose turn, pending obligations, and the log.

    Make one with ``Round101.deal`` (shuffled, R2-R4) or ``Round101.from_hands`` (stacked).
    """

    def __init__(self, *, hands: Sequence[Sequence[Card]], stock: Sequence[Card], discard: Sequence[Card],
                 to_move: int, rules: Rules101, direction: int = 1, ordered_suit: Suit | None = None,
                 pending_draw: int = 0, pending_rank: Rank | None = None, must_cover: bool = False,
                 skip_to_answer: bool = False, shuffle_seed: int = 0, redeals: Sequence = (),
                 starter: Card | None = None) -> None:
        self.rules = rules
        self.players = len(hands)
        # Cards are kept as the interned Card objects, so the hot paths can compare them with `is`.
        self._hands: list[list[Card]] = [[_ALL_CARDS[c.index] for c in h] for h in hands]
        self._stock: list[Card] = [_ALL_CARDS[c.index] for c in reversed(stock)]  # top = END of the list
        self._discard: list[Card] = [_ALL_CARDS[c.index] for c in discard]  # bottom first; top last
        # Whose turn, and the pending obligations (each one a named field):
        self.to_move: int | None = to_move        # seat whose decision it is (None once over)
        self.direction = direction                # R5/R13: +1 clockwise, -1 reversed
        self.ordered_suit = ordered_suit          # R14: suit ordered by the queen on top, or None
        self.pending_draw = pending_draw          # R9/R10/R15/R16: cards to_move draws unless passing on
        self.pending_rank = pending_rank          # the rank that started that penalty (6, 7 or K), or None
        self.must_cover = must_cover              # R9: to_move played a 6 and must cover it now
        self.skip_to_answer = skip_to_answer      # R12: an ace hit to_move, who may answer with an ace
        self.drawn: Card | None = None            # R7/R9: the card just drawn, now the only playable one
        self.over = False
        self.winner: int | None = None
        self.abandoned = False                    # R26
        self.final_cards: tuple[Card, ...] = ()   # the winner's last card(s), for R20/R21
        self.events: list = list(redeals)         # the log of everything that happened
        self.moves: list = []                     # the moves played, in order
        self.shuffle_seed = shuffle_seed          # seeds the R8 shuffle generator
        self._rng = random.Random(shuffle_seed)
        self._seen: dict = {}                     # R26: position -> times seen
        self._legal: list | None = None           # legal_moves() of the current state, cached
        # R26 bookkeeping, kept up to date move by move so that a position is cheap to compare:
        self._masks = [sum(_BIT[c.index] for c in h) for h in self._hands]  # each hand as a set of bits
        self._dbytes = bytearray(c.index for c in self._discard)  # the discard pile as card indexes
        self._stock_key = bytes(c.index for c in self._stock)  # the stock is always a prefix of this
        # the rule options the hot paths test, read once
        self._table = options_table(rules.queen_wild)
        self._penalty = _penalties(rules.six, rules.seven_draw, rules.seven_of_spades_draw)
        self._chain_off = rules.chain == "off"
        self._double = rules.chain == "double"
        self._draw_one = rules.draw == "one"
        self._cover_any = rules.six == "cover_any"
        self._six_cover = rules.six in ("cover", "cover_any")
        self._ace_answer = rules.ace == "skip_unless_ace"
        self._update_options()
        # The start position, for the record (record.py turns it into JSON).
        self._start: dict[str, Any] = {
            "hands": tuple(tuple(h) for h in self._hands), "stock": tuple(stock), "discard": tuple(discard),
            "to_move": to_move, "direction": direction, "ordered_suit": ordered_suit,
            "pending_draw": pending_draw, "pending_rank": pending_rank, "must_cover": must_cover,
            "skip_to_answer": skip_to_answer, "starter": starter, "redeals": tuple(redeals),
            "shuffle_seed": shuffle_seed,
        }
        self._deck = frozenset(self.cards_in_play()) | ({starter} if starter is not None else set())
        if starter is not None:
            self._play_starter(_ALL_CARDS[starter.index])
        self._seen = {self._position(): 1}

    # --- constructors ---------------------------------------------------------------------------

    @classmethod
    def deal(cls, players: int, deck: int | Sequence[Card] = 36, rules: Rules101 | None = None,
             seed: int | None = None, *, rng: random.Random | None = None,
             first: int | None = None) -> Round101:
        """Shuffle and deal a round (R1-R4); ``first`` None: chosen at random with the generator."""
        from pianitsa101.game101.deal import deal_round

        return deal_round(cls, players, deck, rules, seed, rng, first)

    @classmethod
    def from_hands(cls, hands: Sequence, stock: Sequence = (), discard: Sequence = (), to_move: int = 0,
                   rules: Rules101 | None = None, **obligations: Any) -> Round101:
        """A stacked round: hands, stock (top first) and discard (bottom first) given card by card.

        Cards may be Card objects or text ("7♠ Q♥").  Keyword options: direction, ordered_suit,
        pending_draw, pending_rank, must_cover, skip_to_answer, seed (for the R8 shuffle).
        """
        from pianitsa101.game101.deal import stacked_round

        return stacked_round(cls, hands, stock, discard, to_move, rules, **obligations)

    @classmethod
    def from_json(cls, text: str) -> Round101:
        """Replay a round from its JSON record (``to_json``) to the identical state and events."""
        from pianitsa101.game101.record import round_from_json

        return round_from_json(cls, text)

    def to_json(self) -> str:
        """The round's record: rules, deal and moves, as JSON."""
        from pianitsa101.game101.record import round_to_json

        return round_to_json(self)

    # --- what anyone may read -------------------------------------------------------------------

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every hand, one tuple per seat."""
        return tuple(tuple(h) for h in self._hands)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first."""
        return tuple(reversed(self._stock))

    @property
    def discard(self) -> tuple[Card, ...]:
        """The discard pile, bottom card first."""
        return tuple(self._discard)

    @property
    def top(self) -> Card | None:
        """The top card of the discard pile, or None for an empty table."""
        return self._discard[-1] if self._discard else None

    def legal_moves(self) -> list:
        """The moves the player to move may make (a new list; empty once the round is over)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = legal_moves(self)
        return legal[:]

    def view(self, seat: int, totals: Sequence[int] | None = None) -> PlayerView:
        """What ``seat`` may see: own hand, the others' card counts, the table (and match totals)."""
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0..{self.players - 1}, got {seat!r}")
        hands = self._hands
        return PlayerView(
            seat, self.players, tuple(hands[seat]), tuple(map(len, hands)), tuple(self._discard), self.top,
            len(self._stock), self.direction, self.to_move, self.ordered_suit, self.pending_draw,
            self.pending_rank, self.must_cover, self.skip_to_answer, self.rules,
            tuple(totals) if totals is not None else (0,) * self.players,
            self.drawn if seat == self.to_move else None)

    def points(self) -> list[int]:
        """The points each seat scores for this round (R19, R20, R21); all 0 when abandoned (R26)."""
        from pianitsa101.game101.scoring import round_points

        return round_points(self)

    def copy(self) -> Round101:
        """An independent copy of the round (same state, log and generator), e.g. to try a move."""
        other = Round101.__new__(Round101)
        other.__dict__.update(self.__dict__)
        other._hands = [list(h) for h in self._hands]
        other._stock = list(self._stock)
        other._discard = list(self._discard)
        other._masks = list(self._masks)
        other._dbytes = bytearray(self._dbytes)
        other._seen = dict(self._seen)
        other.events = list(self.events)
        other.moves = list(self.moves)
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        other._legal = None
        return other

    def cards_in_play(self) -> list[Card]:
        """Every card of the round, wherever it is (stock, discard pile, hands)."""
        out = list(self._stock) + self._discard
        for hand in self._hands:
            out += hand
        return out

    def check_cards(self) -> None:
        """R25: raise AssertionError unless every card of the deck is in exactly one place."""
        now = self.cards_in_play()
        if len(now) != len(set(now)) or set(now) != self._deck:
            raise AssertionError(f"R25 broken: {len(now)} card places for a deck of {len(self._deck)}")

    # --- the one entry point that changes the state ----------------------------------------------

    def play(self, move: Play | Draw | Pass | FlushQueens) -> list:
        """Make ``move`` for the player to move; return its events (R24: an illegal move changes nothing)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = legal_moves(self)
        for m in legal:
            if m is move:
                break
        else:
            if move not in legal:
                raise IllegalMove(explain(self, move))
            move = legal[legal.index(move)]
        self._legal = None
        ev: list = []
        kind = type(move)
        if kind is Play:
            self._play_card(move.card, move.suit, ev)
        elif kind is Draw:
            self._draw_move(ev)
        elif kind is Pass:
            self._pass_move(ev)
        else:
            self._flush_move(move.suit, ev)
        self.moves.append(move)
        self.events += ev
        if not self.over:
            self._check_repetition(ev)
        return ev

    # --- transitions ----------------------------------------------------------------------------

    def _next(self, seat: int) -> int:
        return (seat + self.direction) % self.players

    def _update_options(self) -> None:
        top = self._discard[-1] if self._discard else None
        if top is None:
            self._opts = ALL_PLAYABLE  # R4: the first lead may be any card
        else:
            o = 4 if self.ordered_suit is None else _SUITS.index(self.ordered_suit)
            self._opts = self._table[top.index * 5 + o]

    def _play_card(self, card: Card, suit: Suit | None, ev: list) -> None:
        seat = self.to_move
        hand = self._hands[seat]
        for i, c in enumerate(hand):
            if c is card:
                del hand[i]
                break
        index = card.index
        self._masks[seat] ^= _BIT[index]
        self._discard.append(card)
        self._dbytes.append(index)
        ev.append(CardPlayed(seat, card))
        passing = self.pending_draw > 0
        self.drawn = None
        self.must_cover = self.skip_to_answer = False
        if card.rank is _QUEEN:
            self.ordered_suit = suit  # R14
            ev.append(SuitOrdered(seat, suit))
            self._opts = self._table[index * 5 + _SUITS.index(suit)]
        else:
            self.ordered_suit = None
            self._opts = self._table[index * 5 + 4]
        self._effects(seat, card, passing, ev)

    def _play_starter(self, card: Card) -> None:
        """R2 five_and_starter: the dealer's turned-up card is his first move; a queen orders its own suit."""
        seat = self.to_move
        ev: list = [CardPlayed(seat, card)]
        self._discard.append(card)
        self._dbytes.append(card.index)
        if card.rank is _QUEEN:
            self.ordered_suit = card.suit
            ev.append(SuitOrdered(seat, card.suit))
        self._update_options()
        self._effects(seat, card, False, ev)
        self.events += ev

    def _effects(self, seat: int, card: Card, passing: bool, ev: list) -> None:
        """The effect of ``card`` just played by ``seat`` (R9-R18): who moves next, and what they owe."""
        rank = card.rank
        if rank is _SIX and self._six_cover:  # R9: cover it now, even with no cards left (R18)
            self.must_cover = True
            self.to_move = seat
            return
        hand_empty = not self._hands[seat]
        amount = self._penalty[card.index]
        if amount and not (hand_empty and not self.rules.last_card_effects):  # R9 draw*, R10, R15, R16
            nxt = self._next(seat)
            if passing:  # R16
                amount = self.pending_draw * 2 if self._double else self.pending_draw + amount
                ev.append(PenaltyPassedOn(seat, card, nxt, amount))
            else:
                ev.append(PenaltyPending(nxt, amount, rank))
            if hand_empty:  # R18: the last card's penalty still applies, then the round is counted
                self.pending_draw, self.pending_rank = 0, None
                got = self._draw_cards(nxt, amount, None, "penalty", ev)[1]
                ev.append(PenaltyTaken(nxt, amount, got))
                self._win(seat, (card,), ev)
                return
            self.pending_draw, self.pending_rank = amount, rank
            self.to_move = nxt
            return
        self.pending_draw, self.pending_rank = 0, None
        if hand_empty:  # R18
            self._win(seat, (card,), ev)
            return
        if rank is _ACE:  # R12 (R11: with two players the skip gives the turn back)
            nxt = self._next(seat)
            if self._ace_answer and any(c.rank is _ACE for c in self._hands[nxt]):
                self.skip_to_answer = True
                self.to_move = nxt
            else:
                ev.append(Skipped(nxt))
                self.to_move = self._next(nxt)
            return
        if rank is _TEN and self.players > 2:  # R13
            self.direction = -self.direction
            ev.append(DirectionReversed(seat, self.direction))
        self.to_move = self._next(seat)

    def _draw_move(self, ev: list) -> None:
        seat = self.to_move
        if self.pending_draw:  # R17: take the penalty, then the turn passes
            amount = self.pending_draw
            got = self._draw_cards(seat, amount, None, "penalty", ev)[1]
            ev.append(PenaltyTaken(seat, amount, got))
            self.pending_draw, self.pending_rank = 0, None
            self.to_move = self._next(seat)
            return
        if self.must_cover:  # R9: draw until the 6 can be covered, whatever the draw option
            opts = ALL_PLAYABLE if self._cover_any else self._opts
            found = self._draw_cards(seat, 0, opts, "cover", ev)[0]
            if found is not None:
                self.drawn = found
                return
            self.must_cover = False  # nothing left to draw: the 6 stays uncovered
            if not self._hands[seat]:
                self._win(seat, (self._discard[-1],), ev)  # R18: no cards and no obligation left
                return
        else:  # R7
            found = self._draw_cards(seat, 1 if self._draw_one else 0, self._opts, "play", ev)[0]
            if found is not None:
                self.drawn = found
                return
        ev.append(TurnPassed(seat))
        self.to_move = self._next(seat)

    def _pass_move(self, ev: list) -> None:
        seat = self.to_move
        if self.skip_to_answer:  # R12: not answering the ace means losing the turn
            self.skip_to_answer = False
            ev.append(Skipped(seat))
        else:  # R7 draw="one": keep the drawn card
            self.drawn = None
            ev.append(TurnPassed(seat))
        self.to_move = self._next(seat)

    def _flush_move(self, suit: Suit, ev: list) -> None:
        """R21: put down every queen, a playable one first, order ``suit`` and win."""
        seat = self.to_move
        hand = self._hands[seat]
        opts = ALL_PLAYABLE if self.must_cover and self._cover_any else self._opts
        queens = sorted(hand, key=lambda c: not opts[c.index])
        hand.clear()
        self._masks[seat] = 0
        for q in queens:
            self._discard.append(q)
            self._dbytes.append(q.index)
            ev.append(CardPlayed(seat, q))
        self.ordered_suit = suit
        ev.append(SuitOrdered(seat, suit))
        self.must_cover = False
        self._update_options()
        self._win(seat, tuple(queens), ev)

    def _draw_cards(self, seat: int, count: int, opts, reason: str, ev: list) -> tuple[Card | None, int]:
        """Draw ``count`` cards (0: no limit), stopping at the first one ``opts`` accepts (R7, R8, R9, R17).

        Returns that card (or None) and how many cards were drawn.
        """
        hand = self._hands[seat]
        stock = self._stock
        batch: list[Card] = []
        total = 0
        found = None
        while not count or total < count:
            if not stock:  # R8
                if len(self._discard) < 2:
                    break
                if batch:
                    ev.append(CardsDrawn(seat, tuple(batch), reason))
                    batch = []
                self._recycle(ev)
                stock = self._stock
            card = stock.pop()
            hand.append(card)
            self._masks[seat] ^= _BIT[card.index]
            batch.append(card)
            total += 1
            if opts is not None and opts[card.index]:
                found = card
                break
        if batch or not total:
            ev.append(CardsDrawn(seat, tuple(batch), reason))
        return found, total

    def _recycle(self, ev: list) -> None:
        """R8: all but the top of the discard pile becomes the stock."""
        rest = self._discard[:-1]
        del self._discard[:-1]
        del self._dbytes[:-1]
        if self.rules.recycle == "shuffle":
            self._rng.shuffle(rest)
        else:
            rest.reverse()  # the bottom card of the discard pile becomes the top of the stock
        self._stock = rest
        self._stock_key = bytes(c.index for c in rest)
        ev.append(StockRecycled(len(rest), self.rules.recycle == "shuffle"))

    def _win(self, seat: int, final: tuple[Card, ...], ev: list) -> None:
        """R18: ``seat`` has no cards left and wins."""
        self.over = True
        self.winner = seat
        self.final_cards = final
        self.to_move = None
        self.drawn = None
        ev.append(RoundWon(seat))

    def _position(self) -> tuple:
        """R26: everything that decides the rest of the round (hands as sets)."""
        # The stock is a prefix of the one made at the last recycle (cards are only taken from its top).
        return (tuple(self._masks), self._stock_key[: len(self._stock)], bytes(self._dbytes), self.to_move,
                self.direction, self.ordered_suit, self.pending_draw, self.pending_rank, self.must_cover,
                self.skip_to_answer, self.drawn)

    def _check_repetition(self, ev: list) -> None:
        key = self._position()
        seen = self._seen[key] = self._seen.get(key, 0) + 1
        if seen >= 3:  # R26: abandoned, nobody scores
            self.over = True
            self.abandoned = True
            self.to_move = None
            ev.append(RoundAbandoned(seen))
            self.events.append(ev[-1])

    # --- display --------------------------------------------------------------------------------

    def __repr__(self) -> str:
        state = "over" if self.over else f"seat {self.to_move} to move"
        return (f"<Round101 {self.players} players, {state}, top {self.top}, stock {len(self._stock)}, "
                f"hands {[len(h) for h in self._hands]}>")

    def _repr_html_(self) -> str:
        from pianitsa101.game101.view import round_html

        return round_html(self)


_ALL_CARDS = _BY_INDEX  # the interned cards, by index
_BIT = tuple(1 << i for i in range(52))


@cache
def _penalties(six: str, seven_draw: int, seven_of_spades_draw: int | None) -> tuple[int, ...]:
    """Rules101.penalty for every card index, worked out once per set of options."""
    rules = Rules101(six=six, seven_draw=seven_draw, seven_of_spades_draw=seven_of_spades_draw)
    return tuple(rules.penalty(c) for c in _ALL_CARDS)
