"""What a move of 101 does: who moves next and what they owe (R5, R7-R18).

``Round101`` (in ``round.py``) inherits these transitions; ``legal.py`` has already checked
that the move is allowed.  The rules, as this module carries them out:

- R2. The starter of ``deal="five_and_starter"`` is the dealer's first move (``StarterTurnedUp``).
- R5/R13. Play goes to seat + 1; a ten reverses it (not with two players: no effect, no event).
- R7. ``Draw()``: draw until a playable card (``draw="one"``: one card), which is then the
  only card that may be played (``draw="one"``: or Pass); nothing playable drawn: the turn passes.
- R8. An empty stock is rebuilt from the discard pile except its top (``"flip"``: the
  bottom card becomes the top of the stock; ``"shuffle"``: with the round's generator);
  if nothing is left, drawing stops there.
- R9. A 6 (``cover``/``cover_any``) must be covered at once by the same player (``MustCover``), drawing
  until they can whatever the ``draw`` option; if nothing can be drawn the 6 stays uncovered
  and the turn passes.  In ``draw2_skip``/``draw1_skip`` it is a penalty like a 7.
- R10/R15. A 7 (the K♠) makes the next player draw ``seven_draw`` (4) cards and lose the turn.
- R11. With two players, skipping the next player gives the turn back (this follows from
  taking "the next seat" twice).
- R12. An ace skips the next player, who may answer with any ace (``"skip_unless_ace"``),
  passing the skip on; a player with no ace is passed over automatically.
- R17. What the others learn: after an ace, the log says ``MayAnswerAce`` (the rule, not the
  hand) and then ``Skipped`` for a player who does not answer, whether they hold no ace or
  hold one and pass; only the asked player's own view has ``skip_to_answer``.
- R14. A queen orders a suit (the move carries it).
- R16. A penalty of a 6 or 7 passed on with a card of the same rank doubles (``"double"``)
  or grows by the card's own amount (``"add"``).
- R17. Taking a penalty is one decision: draw what there is, then the turn passes.
- R18. A player with no cards and no 6 to cover wins; with ``last_card_effects`` the
  penalty of their last card (7, K♠, draw-6) is drawn at once by the next player, who cannot
  pass it on (the round is over).
- R21. Queens put down together: a playable one first, then the others; the round is won.
"""

from __future__ import annotations

from pianitsa101.cards import Card, Rank, Suit
from pianitsa101.game101.events import (
    CardPlayed,
    CardsDrawn,
    DirectionReversed,
    MayAnswerAce,
    MustCover,
    PenaltyPassedOn,
    PenaltyPending,
    PenaltyTaken,
    RoundAbandoned,
    RoundWon,
    Skipped,
    StarterTurnedUp,
    StockRecycled,
    SuitOrdered,
    TurnPassed,
)
from pianitsa101.game101.legal import ALL_PLAYABLE

__all__ = ["Turns"]

_SUITS = tuple(Suit)
_SIX, _TEN, _QUEEN, _ACE = Rank.SIX, Rank.TEN, Rank.QUEEN, Rank.ACE
_BIT = tuple(1 << i for i in range(52))  # a card index as a bit of a hand's bit set (R26)


class Turns:
    """The state transitions of a round of 101 (a base class of ``Round101``, which holds the state)."""

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
        ev: list = [StarterTurnedUp(seat, card)]
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
            ev.append(MustCover(seat, card))
            return
        hand_empty = not self._hands[seat]
        amount = self._penalty[card.index]
        if amount and not (hand_empty and not self.rules.last_card_effects):  # R9 draw*, R10, R15, R16
            nxt = self._next(seat)
            if passing:  # R16
                amount = self.pending_draw * 2 if self._double else self.pending_draw + amount
                ev.append(PenaltyPassedOn(seat, card, nxt, amount))
            else:
                ev.append(PenaltyPending(nxt, amount, rank, card, seat))
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
            if self._ace_answer:  # R17: the table sees the same whether or not nxt holds an ace
                ev.append(MayAnswerAce(nxt, card))
                if any(c.rank is _ACE for c in self._hands[nxt]):
                    self.skip_to_answer = True  # asked: in nxt's own view only (PlayerView.skip_to_answer)
                    self.to_move = nxt
                    return
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
