"""One round of 101: its state, pending obligations, log, and the one entry point ``play`` (R24-R26).

``Round101`` holds the hands, the stock, the discard pile, whose turn it is and every
pending obligation as a named field.  Where the rules live:

- ``deal.py``: the deal (R1-R4); ``legal.py``: which moves are legal (R6, R7, R9, R12, R14,
  R16, R21); ``turns.py``: what a move does (R5, R7-R18); ``scoring.py``: points (R19-R21);
  ``record.py``: the JSON record.
- R24. ``play`` accepts exactly the moves ``legal_moves`` lists; anything else raises
  ``IllegalMove`` naming the rule and the legal moves, before anything is changed.
- R25. Every card is in exactly one place: cards only move between stock, hands and discard
  (``check_cards`` proves it at any moment).
- R26. The third occurrence of a position (the start position included) abandons the round.
  Positions are compared by a key kept up to date move by move (hands as bit sets, the
  discard pile as bytes, the stock as a prefix of the pile it was made from), so this costs
  well under a microsecond a move.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from pianitsa101._checks import whole_number
from pianitsa101.cards import _BY_INDEX, Card, Rank, Suit
from pianitsa101.game101.events import CardsDrawn, ChainLink, PenaltyChain, penalty_chain
from pianitsa101.game101.legal import explain, legal_moves, options_table
from pianitsa101.game101.moves import Draw, FlushQueens, IllegalMove, NotNowError, Pass, Play, parse_move
from pianitsa101.game101.rules import Rules101
from pianitsa101.game101.turns import _BIT, Turns
from pianitsa101.game101.view import PlayerView
from pianitsa101.i18n import _

if TYPE_CHECKING:
    from pianitsa101.game101.scoring import RoundScore

__all__ = ["Round101"]


class Round101(Turns):
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
        if not _checked:  # called directly: the same checks as from_hands (deal.check_position)
            from pianitsa101.game101.deal import check_position

            self.__init__(**check_position(
                hands, stock, discard, to_move, rules, direction=direction, ordered_suit=ordered_suit,
                pending_draw=pending_draw, pending_rank=pending_rank, must_cover=must_cover,
                skip_to_answer=skip_to_answer, seed=shuffle_seed, starter=starter, redeals=redeals),
                _checked=True)
            return
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
        self.starter = starter                    # R2 five_and_starter: the dealer's turned-up card, or None
        self.totals: tuple[int, ...] = (0,) * self.players  # the match totals it is played under (R23)
        self._seat_numbers = tuple(range(self.players))  # 0..players-1, for the views
        self.events: list = list(redeals)         # the log of everything that happened
        self._public: list = []                   # the events as the table sees them (public_log)
        self._public_tuple: tuple = ()            # the same, as the tuple handed to views
        self.moves: list = []                     # the moves played, in order
        self.shuffle_seed = shuffle_seed          # seeds the R8 shuffle generator
        self._rng = random.Random(shuffle_seed)
        self._seen: dict = {}                     # R26: position -> times seen
        self._legal: list | None = None           # legal_moves() of the current state, cached
        self._locked: str | None = None           # why play() is refused now (an agent is choosing), or None
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

    @property
    def public_log(self) -> tuple:
        """The round's events as every player sees them: each ``CardsDrawn`` replaced by its ``PublicDraw``.

        Kept up to date incrementally: each event is converted once, when a view first needs it.
        """
        public, events = self._public, self.events
        if len(public) < len(events):
            new = events[len(public):]
            for e in new:
                if type(e) is CardsDrawn:  # most moves draw nothing: copy those events as they are
                    new = [e.public() if type(e) is CardsDrawn else e for e in new]
                    break
            public += new
            self._public_tuple = tuple(public)
        return self._public_tuple

    def view(self, seat: int, totals: Sequence[int] | None = None) -> PlayerView:
        """What ``seat`` may see: own hand, the others' card counts, the table, the match totals.

        ``totals`` (one per seat of this round) defaults to ``rnd.totals``, the match totals the
        round is played under (zeros outside a match).
        """
        if type(seat) is not int or not 0 <= seat < self.players:
            number = whole_number(seat)
            if number is None or not 0 <= number < self.players:
                raise ValueError(_("seat must be 0..{last}, got {value}").format(
                    last=self.players - 1, value=repr(seat)))
            seat = number
        if totals is not None and (type(totals) is not tuple or len(totals) != self.players):  # fast: a tuple
            given = tuple(totals) if isinstance(totals, Iterable) and not isinstance(totals, str) else None
            if given is None or len(given) != self.players:
                raise ValueError(_("totals must be {players} numbers, one per seat, got {value}").format(
                    players=self.players, value=repr(totals)))
            totals = given
        hands = self._hands
        return PlayerView(
            seat, self.players, tuple(hands[seat]), tuple(map(len, hands)), tuple(self._discard), self.top,
            len(self._stock), self.direction, self.to_move, self.ordered_suit, self.pending_draw,
            self.pending_rank, self.must_cover, self.skip_to_answer and seat == self.to_move, self.rules,
            totals if totals is not None else self.totals,
            self.drawn if seat == self.to_move else None, self._deck, self.public_log,
            seats=self._seat_numbers, chain=self.chain if self.pending_draw else None)

    @property
    def chain(self) -> PenaltyChain | None:
        """R10/R15/R16: the penalty pending now, card by card, and who must draw; None when there is none."""
        if not self.pending_draw or self.over:
            return None
        start = self._start  # a stacked round may start with a penalty pending: its card is the top
        first = None
        if start["pending_draw"]:
            first = ChainLink(None, start["discard"][-1], start["pending_draw"])
        return penalty_chain(self.events, self.to_move, self.pending_draw, first)

    def points(self) -> list[int]:
        """The points each seat scores for this round (R19, R20, R21); all 0 when abandoned (R26)."""
        from pianitsa101.game101.scoring import round_points

        return round_points(self)

    def score_sheet(self) -> tuple[RoundScore, ...]:
        """How each seat's points are counted (R19-R21): one ``RoundScore`` per seat, when over."""
        from pianitsa101.game101.scoring import score_sheet

        return score_sheet(self)

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

    # --- the one entry point that changes the state ----------------------------------------------

    def play(self, move: Play | Draw | Pass | FlushQueens | str) -> list:
        """Make ``move`` for the player to move; return its events (R24: an illegal move changes nothing).

        The move is one of ``legal_moves()``, an equal move value, or its text ('7♠', 'Q♥ ♠', 'draw').
        """
        if self._locked is not None:
            raise NotNowError(self._locked)
        legal = self._legal
        if legal is None:
            legal = self._legal = legal_moves(self)
        for m in legal:
            if m is move:
                break
        else:
            move = self._as_legal(move, legal)
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

    def _as_legal(self, move: object, legal: list) -> Play | Draw | Pass | FlushQueens:
        """The legal move that ``move`` stands for: an equal move value or its text; else IllegalMove (R24).

        Only a true move (Play, Draw, Pass, FlushQueens) is compared by value, so an object that
        claims to equal everything is refused rather than taken for the first legal move.
        """
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except ValueError as error:
                from pianitsa101.game101.text import move_text

                shown = ", ".join(map(move_text, legal)) or _("none, the round is over")
                raise IllegalMove(_("R24: {error}. Legal moves: {moves}.").format(
                    error=error, moves=shown)) from None
        if type(move) in _MOVE_TYPES:
            for m in legal:
                if m == move:
                    return m
        raise IllegalMove(explain(self, move))

    # --- display --------------------------------------------------------------------------------

    def __str__(self) -> str:
        """A text table for a terminal: the table, every hand, whose turn and what they may do."""
        from pianitsa101.game101.text import round_text

        return round_text(self)

    def __repr__(self) -> str:
        state = "over" if self.over else f"seat {self.to_move} to move"
        return (f"<Round101 {self.players} players, {state}, top {self.top}, stock {len(self._stock)}, "
                f"hands {[len(h) for h in self._hands]}>")

    def _repr_html_(self) -> str:
        from pianitsa101.game101.view import round_html

        return round_html(self)


_ALL_CARDS = _BY_INDEX  # the interned cards, by index
_MOVE_TYPES = (Play, Draw, Pass, FlushQueens)


@cache
def _penalties(six: str, seven_draw: int, seven_of_spades_draw: int | None) -> tuple[int, ...]:
    """Rules101.penalty for every card index, worked out once per set of options."""
    rules = Rules101(six=six, seven_draw=seven_draw, seven_of_spades_draw=seven_of_spades_draw)
    return tuple(rules.penalty(c) for c in _ALL_CARDS)
