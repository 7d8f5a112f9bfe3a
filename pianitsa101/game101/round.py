"""One round of 101: its state, pending obligations, log, and the one entry point ``play`` (R5-R26).

``Round101`` holds the hands, the stock, the discard pile, whose turn it is and every
pending obligation as a named field.  A turn is ``play(move)``: ``legal.py`` checks the
move (R24), and the methods below carry it out.  The rules decided on the way (may this
card go on that one, what a penalty is, what it becomes when passed on) are the small
functions of ``laws.py``.

- R2. The starter of ``deal="five_and_starter"`` is the dealer's first move (``StarterTurnedUp``).
- R5/R13. Play goes to seat + 1; a ten reverses it (not with two players: no effect, no event).
- R7. ``Draw()``: draw until a playable card (``draw="one"``: one card), which is then the
  only card that may be played (``draw="one"``: or Pass); nothing playable drawn: the turn passes.
- R8. An empty stock is rebuilt from the discard pile except its top (``"flip"``: the
  bottom card becomes the top of the stock; ``"shuffle"``: with the round's generator);
  if nothing is left, drawing stops there.
- R9. A 6 (``cover``/``cover_any``) must be covered at once by the same player (``MustCover``),
  drawing until they can whatever the ``draw`` option; if nothing can be drawn the 6 stays
  uncovered and the turn passes.  In ``draw2_skip``/``draw1_skip`` it is a penalty like a 7.
- R10/R15. A 7 (the K♠) makes the next player draw ``seven_draw`` (4) cards and lose the turn.
- R11. With two players, skipping the next player gives the turn back (this follows from
  taking "the next seat" twice).
- R12. An ace skips the next player, who may answer with any ace (``"skip_unless_ace"``),
  passing the skip on; a player with no ace is passed over automatically.
- R14. A queen orders a suit (the move carries it).
- R16. A penalty of a 6 or 7 passed on with a card of the same rank doubles (``"double"``)
  or grows by the card's own amount (``"add"``).
- R17. Taking a penalty is one decision: draw what there is, then the turn passes.  What the
  others learn: after an ace, the log says ``MayAnswerAce`` (the rule, not the hand) and then
  ``Skipped`` for a player who does not answer, whether they hold no ace or hold one and
  pass; only the asked player's own view has ``skip_to_answer``.
- R18. A player with no cards and no 6 to cover wins; with ``last_card_effects`` the
  penalty of their last card (7, K♠, draw-6) is drawn at once by the next player, who cannot
  pass it on (the round is over).
- R21. Queens put down together: a playable one first, then the others; the round is won.
- R24. ``play`` accepts exactly the moves ``legal_moves`` lists; anything else raises
  ``IllegalMove`` naming the rule and the legal moves, before anything is changed.
- R25. Every card is in exactly one place: cards only move between stock, hands and discard
  (``check_cards`` proves it at any moment).
- R26. The third occurrence of a position (the start position included) abandons the round.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from typing import Any

from pianitsa101.cards import Card, Rank, Suit
from pianitsa101.game101.deal import deal_round, stacked_round
from pianitsa101.game101.events import (
    CardPlayed,
    CardsDrawn,
    ChainLink,
    DirectionReversed,
    MayAnswerAce,
    MustCover,
    PenaltyChain,
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
    penalty_chain,
)
from pianitsa101.game101.laws import next_seat, passed_on, penalty, reverses
from pianitsa101.game101.legal import check, legal_moves, may_put
from pianitsa101.game101.moves import MOVE_TYPES, Draw, FlushQueens, NotNowError, Pass, Play
from pianitsa101.game101.record import round_from_json, round_to_json
from pianitsa101.game101.repetition import Positions, position
from pianitsa101.game101.rules import Rules101
from pianitsa101.game101.scoring import RoundScore, round_points, score_sheet
from pianitsa101.game101.text import round_text
from pianitsa101.game101.validate import check_position
from pianitsa101.game101.view import PlayerView, round_html, seat_view

__all__ = ["Round101"]


class Round101:
    """One round of 101: hands, stock, discard pile, whose turn, pending obligations, and the log.

    Make one with ``Round101.deal`` (shuffled, R2-R4) or ``Round101.from_hands`` (stacked).
    What a table or a lesson reads: ``hands``, ``stock``, ``discard``, ``top``, ``to_move``,
    ``direction``, ``ordered_suit`` (R14), ``pending_draw`` and ``chain`` (R10, R15, R16),
    ``must_cover`` (R9), ``skip_to_answer`` (R12), ``drawn`` (R7), ``starter`` (R2),
    ``totals`` (the match's), ``events`` and ``moves``, ``over``, ``winner``, ``abandoned``
    (R26); once over, ``score_sheet()`` and ``points()`` (R19-R21).
    """

    def __init__(self, *, hands: Sequence[Sequence[Card]], stock: Sequence[Card], discard: Sequence[Card],
                 to_move: int, rules: Rules101, direction: int = 1, ordered_suit: Suit | None = None,
                 pending_draw: int = 0, pending_rank: Rank | None = None, must_cover: bool = False,
                 skip_to_answer: bool = False, shuffle_seed: int = 0, redeals: Sequence = (),
                 starter: Card | None = None,
                 _checked: bool = False) -> None:  # True: the caller has run check_position already
        if not _checked:  # called directly: the same checks as from_hands (validate.check_position)
            self.__init__(**check_position(
                hands, stock, discard, to_move, rules, direction=direction, ordered_suit=ordered_suit,
                pending_draw=pending_draw, pending_rank=pending_rank, must_cover=must_cover,
                skip_to_answer=skip_to_answer, seed=shuffle_seed, starter=starter, redeals=redeals),
                _checked=True)
            return
        self.rules = rules
        self.players = len(hands)
        self._hands: list[list[Card]] = [list(h) for h in hands]
        self._stock: list[Card] = list(reversed(stock))  # the top card is the END of the list
        self._discard: list[Card] = list(discard)  # bottom first; the top card last
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
        self.starter = starter                    # R2 five_and_starter: the dealer's turned-up card, or None
        # The log, and what the table and the match read:
        self.totals: tuple[int, ...] = (0,) * self.players  # the match totals it is played under (R23)
        self.events: list = list(redeals)         # the log of everything that happened
        self.moves: list = []                     # the moves played, in order
        self.shuffle_seed = shuffle_seed          # seeds the R8 shuffle generator
        self._rng = random.Random(shuffle_seed)
        self._public: list = []                   # the events as the table sees them (public_log)
        self._public_tuple: tuple = ()            # the same, as the tuple handed to views
        self._legal: list | None = None           # legal_moves() of the current state, kept until a move
        self._locked: str | None = None           # why play() is refused now (an agent is choosing), or None
        self.start_position: dict[str, Any] = {   # where the round started, for its record (record.py)
            "hands": tuple(tuple(h) for h in hands), "stock": tuple(stock), "discard": tuple(discard),
            "to_move": to_move, "direction": direction, "ordered_suit": ordered_suit,
            "pending_draw": pending_draw, "pending_rank": pending_rank, "must_cover": must_cover,
            "skip_to_answer": skip_to_answer, "starter": starter, "redeals": tuple(redeals),
            "shuffle_seed": shuffle_seed,
        }
        self._deck = frozenset(self.cards_in_play()) | ({starter} if starter is not None else set())
        if starter is not None:
            self._play_starter(starter)
        self._positions = Positions()             # R26: the positions so far, the start included
        self._positions.count(*position(self))

    # --- constructors and records ---------------------------------------------------------------

    @classmethod
    def deal(cls, players: int, deck: int | Sequence[Card] = 36, rules: Rules101 | None = None,
             seed: int | None = None, *, rng: random.Random | None = None,
             first: int | None = None) -> Round101:
        """Shuffle and deal a round (R1-R4); ``first`` None: chosen at random with the generator."""
        return deal_round(cls, players, deck, rules, seed, rng, first)

    @classmethod
    def from_hands(cls, hands: Sequence, stock: Sequence = (), discard: Sequence = (), to_move: int = 0,
                   rules: Rules101 | None = None, **obligations: Any) -> Round101:
        """A stacked round: hands, stock (top first) and discard (bottom first) given card by card.

        Cards may be Card objects or text ("7♠ Q♥").  Keyword options: direction, ordered_suit,
        pending_draw, pending_rank, must_cover, skip_to_answer, seed (for the R8 shuffle).
        """
        return stacked_round(cls, hands, stock, discard, to_move, rules, **obligations)

    @classmethod
    def from_json(cls, text: str) -> Round101:
        """Replay a round from its JSON record (``to_json``) to the identical state and events."""
        return round_from_json(cls, text)

    def to_json(self) -> str:
        """The round's record: rules, deal and moves, as JSON."""
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
        if self._legal is None:
            self._legal = legal_moves(self)
        return self._legal[:]

    @property
    def public_log(self) -> tuple:
        """The round's events as every player sees them: each ``CardsDrawn`` replaced by its ``PublicDraw``.

        Kept up to date as the round goes: each event is converted once, when a view first needs it.
        """
        if len(self._public) < len(self.events):
            new = self.events[len(self._public):]
            self._public += [e.public() if type(e) is CardsDrawn else e for e in new]
            self._public_tuple = tuple(self._public)
        return self._public_tuple

    def view(self, seat: int, totals: Sequence[int] | None = None) -> PlayerView:
        """What ``seat`` may see: own hand, the others' card counts, the table, the match totals.

        ``totals`` (one per seat of this round) defaults to ``rnd.totals``, the match totals the
        round is played under (zeros outside a match).
        """
        return seat_view(self, seat, totals)

    @property
    def chain(self) -> PenaltyChain | None:
        """R10/R15/R16: the penalty pending now, card by card, and who must draw; None when there is none."""
        if not self.pending_draw or self.over:
            return None
        start = self.start_position  # a stacked round may start with a penalty pending: its card is the top
        first = None
        if start["pending_draw"]:
            first = ChainLink(None, start["discard"][-1], start["pending_draw"])
        return penalty_chain(self.events, self.to_move, self.pending_draw, first)

    def points(self) -> list[int]:
        """The points each seat scores for this round (R19, R20, R21); all 0 when abandoned (R26)."""
        return round_points(self)

    def score_sheet(self) -> tuple[RoundScore, ...]:
        """How each seat's points are counted (R19-R21): one ``RoundScore`` per seat, when over."""
        return score_sheet(self)

    def copy(self) -> Round101:
        """An independent copy of the round (same state, log and generator), e.g. to try a move."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._hands = [list(h) for h in self._hands]
        other._stock = list(self._stock)
        other._discard = list(self._discard)
        other._positions = self._positions.copy()
        other.events = list(self.events)
        other._public = list(self._public)
        other.moves = list(self.moves)
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        other._legal = None
        other._locked = None
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

    # --- the one entry point that changes the state: a turn ---------------------------------------

    def play(self, move: Play | Draw | Pass | FlushQueens | str) -> list:
        """Make ``move`` (a legal move or its text: '7♠', 'Q♥ ♠', 'draw'); return its events (R24)."""
        if self._locked is not None:
            raise NotNowError(self._locked)
        if self._legal is None or type(move) not in MOVE_TYPES or move not in self._legal:
            move = check(self, move)  # R24: a move not taken from legal_moves(): IllegalMove unless legal
        self._legal = None
        events: list = []
        if type(move) is Play:
            self._play_card(move, events)
        elif type(move) is Draw:
            self._draw(events)
        elif type(move) is Pass:
            self._pass(events)
        else:
            self._flush_queens(move.suit, events)
        if not self.over and self._positions.count(*position(self)) == 3:  # R26: a third time: abandoned
            self.over, self.abandoned, self.to_move = True, True, None
            events.append(RoundAbandoned(3))
        self.moves.append(move)
        self.events += events
        return events

    def _play_card(self, move: Play, events: list) -> None:
        """R6/R14: put the card on the discard pile (a queen orders a suit), then its effect."""
        seat = self.to_move
        hand = self._hands[seat]
        card = hand.pop(hand.index(move.card))
        self._discard.append(card)
        events.append(CardPlayed(seat, card))
        passing = self.pending_draw > 0  # R16: the card passes a penalty on
        self.drawn, self.must_cover, self.skip_to_answer = None, False, False  # each one met by this card
        self.ordered_suit = move.suit  # R14: a queen's move names the suit it orders; None for the rest
        if move.suit is not None:
            events.append(SuitOrdered(seat, move.suit))
        self._effects(seat, card, passing, events)

    def _play_starter(self, card: Card) -> None:
        """R2 five_and_starter: the dealer's turned-up card is his first move; a queen orders its own suit."""
        seat = self.to_move
        events: list = [StarterTurnedUp(seat, card)]
        self._discard.append(card)
        if card.rank is Rank.QUEEN:
            self.ordered_suit = card.suit
            events.append(SuitOrdered(seat, card.suit))
        self._effects(seat, card, False, events)
        self.events += events

    def _effects(self, seat: int, card: Card, passing: bool, events: list) -> None:
        """What ``card``, just played by ``seat``, does (R9-R18): who moves next, and what they owe."""
        if card.rank is Rank.SIX and self.rules.six in ("cover", "cover_any"):
            self.must_cover = True  # R9: cover it now, even with no cards left (R18); to_move stays
            events.append(MustCover(seat, card))
            return
        last = not self._hands[seat]
        amount = penalty(card, self.rules)  # R9 draw*, R10, R15
        if amount and (self.rules.last_card_effects or not last):
            self._penalty(seat, card, amount, passing, events)
            return
        self.pending_draw, self.pending_rank = 0, None
        if last:  # R18
            self._win(seat, (card,), events)
        elif card.rank is Rank.ACE:  # R12
            self._ace(seat, card, events)
        else:
            if reverses(card, self.players):  # R13
                self.direction = -self.direction
                events.append(DirectionReversed(seat, self.direction))
            self.to_move = next_seat(seat, self.direction, self.players)

    def _penalty(self, seat: int, card: Card, amount: int, passing: bool, events: list) -> None:
        """R9/R10/R15/R16: the next player owes ``amount`` cards (more, when ``card`` passes a penalty on)."""
        nxt = next_seat(seat, self.direction, self.players)
        if passing:  # R16
            amount = passed_on(self.pending_draw, card, self.rules)
            events.append(PenaltyPassedOn(seat, card, nxt, amount))
        else:
            events.append(PenaltyPending(nxt, amount, card.rank, card, seat))
        if self._hands[seat]:
            self.pending_draw, self.pending_rank = amount, card.rank
            self.to_move = nxt
            return
        self.pending_draw, self.pending_rank = 0, None  # R18: the last card's penalty applies at once
        drawn = self._draw_cards(nxt, amount, None, "penalty", events)[1]
        events.append(PenaltyTaken(nxt, amount, drawn))
        self._win(seat, (card,), events)

    def _ace(self, seat: int, card: Card, events: list) -> None:
        """R12 (R11: with two players the skip gives the turn back): the next player loses the turn."""
        nxt = next_seat(seat, self.direction, self.players)
        if self.rules.ace == "skip_unless_ace":  # R17: the table sees the same whether or not nxt has an ace
            events.append(MayAnswerAce(nxt, card))
            if any(c.rank is Rank.ACE for c in self._hands[nxt]):
                self.skip_to_answer = True  # asked: in nxt's own view only (PlayerView.skip_to_answer)
                self.to_move = nxt
                return
        events.append(Skipped(nxt))
        self.to_move = next_seat(nxt, self.direction, self.players)

    def _draw(self, events: list) -> None:
        """``Draw()``: take the penalty (R17), or draw until a card covers the 6 (R9) or fits (R7)."""
        seat = self.to_move
        if self.pending_draw:  # R17: take the penalty, then the turn passes
            drawn = self._draw_cards(seat, self.pending_draw, None, "penalty", events)[1]
            events.append(PenaltyTaken(seat, self.pending_draw, drawn))
            self.pending_draw, self.pending_rank = 0, None
        else:
            reason = "cover" if self.must_cover else "play"  # R9: a cover is drawn whatever the draw option
            count = 1 if self.rules.draw == "one" and not self.must_cover else 0  # R7 draw="one"
            found = self._draw_cards(seat, count, partial(may_put, self), reason, events)[0]
            if found is not None:
                self.drawn = found  # now the only card that may be played
                return
            if self.must_cover:  # nothing left to draw: the 6 stays uncovered
                self.must_cover = False
                if not self._hands[seat]:
                    self._win(seat, (self._discard[-1],), events)  # R18: no cards and no obligation left
                    return
            events.append(TurnPassed(seat))
        self.to_move = next_seat(seat, self.direction, self.players)

    def _pass(self, events: list) -> None:
        """``Pass()``: not answering the ace (R12), or keeping the card drawn (R7 ``draw="one"``)."""
        seat = self.to_move
        events.append(Skipped(seat) if self.skip_to_answer else TurnPassed(seat))
        self.skip_to_answer, self.drawn = False, None
        self.to_move = next_seat(seat, self.direction, self.players)

    def _flush_queens(self, suit: Suit, events: list) -> None:
        """R21: put down every queen, a playable one first, order ``suit`` and win."""
        seat = self.to_move
        queens = sorted(self._hands[seat], key=lambda c: not may_put(self, c))
        self._hands[seat].clear()
        self._discard += queens
        events += [CardPlayed(seat, queen) for queen in queens]
        self.ordered_suit = suit
        events.append(SuitOrdered(seat, suit))
        self.must_cover = False
        self._win(seat, tuple(queens), events)

    def _draw_cards(self, seat: int, count: int, fits: Any, reason: str,
                    events: list) -> tuple[Card | None, int]:
        """Draw ``count`` cards (0: no limit) or up to the first that ``fits``: (that card or None, count)."""
        hand, batch, total = self._hands[seat], [], 0
        while not count or total < count:
            if not self._stock:  # R8: the discard pile becomes the stock; with only its top left, stop
                if len(self._discard) < 2:
                    break
                if batch:  # the cards drawn before the pile was turned over, as one event
                    events.append(CardsDrawn(seat, tuple(batch), reason))
                    batch = []
                self._recycle(events)
            batch.append(self._stock.pop())
            hand.append(batch[-1])
            total += 1
            if fits is not None and fits(batch[-1]):
                events.append(CardsDrawn(seat, tuple(batch), reason))
                return batch[-1], total
        if batch or not total:
            events.append(CardsDrawn(seat, tuple(batch), reason))
        return None, total

    def _recycle(self, events: list) -> None:
        """R8: all but the top of the discard pile becomes the stock."""
        self._stock, self._discard = self._discard[:-1], self._discard[-1:]
        if self.rules.recycle == "shuffle":
            self._rng.shuffle(self._stock)
        else:
            self._stock.reverse()  # the bottom card of the discard pile becomes the top of the stock
        events.append(StockRecycled(len(self._stock), self.rules.recycle == "shuffle"))

    def _win(self, seat: int, final: tuple[Card, ...], events: list) -> None:
        """R18: ``seat`` has no cards left and wins."""
        self.over, self.winner, self.final_cards = True, seat, final
        self.to_move = self.drawn = None
        events.append(RoundWon(seat))

    # --- display --------------------------------------------------------------------------------

    def __str__(self) -> str:
        """A text table for a terminal: the table, every hand, whose turn and what they may do."""
        return round_text(self)

    def __repr__(self) -> str:
        state = "over" if self.over else f"seat {self.to_move} to move"
        return (f"<Round101 {self.players} players, {state}, top {self.top}, stock {len(self._stock)}, "
                f"hands {[len(h) for h in self._hands]}>")

    def _repr_html_(self) -> str:
        return round_html(self)
