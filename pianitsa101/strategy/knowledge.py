"""What a player of 101 knows about the cards they cannot see.

A :class:`~pianitsa101.game101.view.PlayerView` shows the seat's own hand, the discard
pile, the deck of the round and the public log.  Every other card of the deck is
*unseen*: it is in the stock or in another player's hand.

>>> from pianitsa101.game101 import Round101
>>> rnd = Round101.from_hands(hands=["7♠ Q♥", "7♥ 9♦"], stock="6♣ 8♣ A♦", discard="10♠")
>>> view = rnd.view(0)
>>> sorted(map(str, unseen_cards(view)))
['6♣', '7♥', '8♣', '9♦', 'A♦']
>>> len(unseen_cards(view)) == view.stock_size + view.hand_sizes[1]
True

The log says more than that, and :func:`belief` reads it all (this is what
``MonteCarloAgent`` deals its samples from):

- R7/R9: a player who draws to play, or to cover a 6, held no card that could go: none
  of their cards then is of the top card's suit or rank (or the ordered suit, R14), and so
  are the cards they drew before the one they could play;
- R8 ``recycle="flip"``: a recycled stock is the discard pile turned over, so its order is
  known to everyone who watched, and so is every card drawn from it; with ``"shuffle"``
  its cards are known, not their order;
- R12/R17: a player an ace skips is asked to answer only when holding an ace
  (``MayAnswerAce``); one passed over at once (``Skipped``) held none.

>>> from pianitsa101.game101 import Draw
>>> rnd = Round101.from_hands(hands=["Q♥ 7♠", "8♦ 9♦ J♣"], stock="6♣ 8♠ A♠", discard="10♠", to_move=1)
>>> _ = rnd.play(Draw())          # seat 1 holds no ♠ and no 10: it draws 6♣, then 8♠, and plays it
>>> _ = rnd.play(rnd.legal_moves()[0])
>>> view = rnd.view(0)
>>> sorted(map(str, unseen_cards(view)))     # seat 1's four cards and the stock's one
['6♣', '8♦', '9♦', 'A♠', 'J♣']
>>> sorted(map(str, belief(view).could_hold(1)))   # no ♠ among them: seat 0 knows seat 1's hand
['6♣', '8♦', '9♦', 'J♣']
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pianitsa101.cards import _BY_INDEX, Card, Rank, Suit
from pianitsa101.game101.events import (
    CardPlayed,
    PublicDraw,
    Skipped,
    StarterTurnedUp,
    StockRecycled,
    SuitOrdered,
    TurnPassed,
)
from pianitsa101.game101.legal import options_table
from pianitsa101.game101.view import PlayerView, unseen_cards

__all__ = ["Belief", "SlotGroup", "belief", "unseen_cards"]

_SUIT_INDEX = {s: i for i, s in enumerate(Suit)}
TRIES = 20  # deals tried with the masks before they are ignored


def _mask(cards) -> int:
    out = 0
    for c in cards:
        out |= 1 << c.index
    return out


@dataclass(frozen=True)
class SlotGroup:
    """``count`` unseen cards in one place (a seat's hand, or the stock: seat -1), each one of ``allowed``."""

    seat: int
    count: int
    allowed: int  # a bit mask of card indexes (bit i: the card with index i)


@dataclass(frozen=True)
class Belief:
    """Where the unseen cards may be, as far as one seat can tell from its view."""

    seat: int  # whose knowledge this is
    known: tuple[tuple[Card, ...], ...]  # per seat: cards known to be in that hand (the seat's own hand)
    groups: tuple[SlotGroup, ...]  # the unknown cards, by place
    stock: tuple[int, ...]  # the stock, top LAST: a card index (a known card) or -(g + 1) (a card of group g)
    pool: tuple[Card, ...]  # the unknown cards, to be dealt into the groups
    exact: bool  # False when the log could not be followed and only card counts were used

    def could_hold(self, seat: int) -> frozenset[Card]:
        """Every card that ``seat``'s hand may hold by this belief (the known ones included)."""
        pool = _mask(self.pool)
        allowed = 0
        for g in self.groups:
            if g.seat == seat and g.count:
                allowed |= g.allowed & pool
        return frozenset(self.known[seat]) | {c for c in self.pool if allowed >> c.index & 1}

    def order(self) -> list[int]:
        """The groups to deal first: those with the fewest cards allowed."""
        pool = _mask(self.pool)
        return sorted(range(len(self.groups)), key=lambda g: (self.groups[g].allowed & pool).bit_count())

    def sample(self, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
        """One deal of the unseen cards consistent with the belief: every hand, and the stock (top last)."""
        hands = [list(k) for k in self.known]
        dealt: list[list[Card]] = [[] for _ in self.groups]
        order = self.order()
        for attempt in range(TRIES + 1):
            cards = list(self.pool)
            rng.shuffle(cards)
            for g in order:
                group, want = self.groups[g], dealt[g]
                want.clear()
                for i, c in enumerate(cards):
                    if len(want) == group.count:
                        break
                    if c is not None and (attempt == TRIES or group.allowed >> c.index & 1):
                        want.append(c)
                        cards[i] = None
                if len(want) < group.count:
                    break
            else:
                break
        for g, group in enumerate(self.groups):
            if group.seat >= 0:
                hands[group.seat] += dealt[g]
        stock = []
        taken = [0] * len(self.groups)
        for e in self.stock:
            if e >= 0:
                stock.append(_BY_INDEX[e])
            else:
                stock.append(dealt[-e - 1][taken[-e - 1]])
                taken[-e - 1] += 1
        return hands, stock


def plain_belief(view: PlayerView) -> Belief:
    """Only the card counts: every unseen card may be anywhere."""
    pool = tuple(sorted(unseen_cards(view), key=lambda c: c.index))
    everything = _mask(pool)
    groups = [SlotGroup(s, view.hand_sizes[s], everything) for s in range(view.players) if s != view.seat]
    groups.append(SlotGroup(-1, view.stock_size, everything))
    own = tuple(sorted(view.hand, key=lambda c: c.index))
    known = tuple(own if s == view.seat else () for s in range(view.players))
    return Belief(view.seat, known, tuple(groups), (-len(groups),) * view.stock_size, pool, exact=False)


class _Inconsistent(Exception):
    """The log cannot be followed (a position set up by hand, or a record this reading does not cover)."""


def belief(view: PlayerView) -> Belief:
    """What ``view``'s seat knows of the unseen cards, read from the public log (see the module text)."""
    try:
        return _Reader(view).run()
    except _Inconsistent:
        return plain_belief(view)


class _Reader:
    """Follows the public log from the deal, keeping slot groups for every unknown card."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.me = view.seat
        self.wild = view.rules.queen_wild
        self.table = options_table(self.wild)
        self.everything = _mask(view.deck)
        n = view.players
        played, drawn = [0] * n, [0] * n
        recycled = starters = 0
        for e in view.log:
            if type(e) is CardPlayed:
                played[e.seat] += 1
            elif type(e) is PublicDraw:
                drawn[e.seat] += e.count
            elif type(e) is StockRecycled:
                recycled += e.cards
            elif type(e) is StarterTurnedUp:  # R2: a card from the deck, in no hand
                starters += 1
        start = [view.hand_sizes[s] + played[s] - drawn[s] for s in range(n)]
        first_pile = len(view.discard) - sum(played) - starters + recycled
        first_stock = len(view.deck) - sum(start) - first_pile - starters
        if min(start) < 0 or first_pile < 0 or first_stock < 0 or (first_pile and recycled):
            raise _Inconsistent
        self.discard: list[Card] = list(view.discard[:first_pile])
        self.ordered = view.ordered_suit if not sum(played) else None
        # A stacked start with a queen on top: its ordered suit is known only until a card is played.
        self.sure = not (self.discard and self.discard[-1].rank is Rank.QUEEN and sum(played))
        # groups: [seat, count, allowed]; the stock: card indexes and -(g + 1) for a card of group g
        self.groups: list[list[int]] = [[s, start[s], self.everything] for s in range(n) if s != self.me]
        self.groups.append([-1, first_stock, self.everything])
        self.stock: list[int] = [-len(self.groups)] * first_stock
        self.known: list[set[Card]] = [set() for _ in range(n)]
        self.final: list[int | Card | None] = [None] * n  # the card just drawn that will now be played
        self.aces = _mask(c for c in view.deck if c.rank is Rank.ACE)
        self.answer = view.rules.ace == "skip_unless_ace"  # R12: a player holding an ace is asked

    def playable(self, cover: bool) -> int:
        """The mask of cards that could be played now (R6, R14; R9 cover_any: every card)."""
        if not self.discard or (cover and self.view.rules.six == "cover_any"):
            return self.everything
        top = self.discard[-1]
        o = 4 if self.ordered is None else _SUIT_INDEX[self.ordered]
        row = self.table[top.index * 5 + o]
        return _mask(c for c in _BY_INDEX if row[c.index])

    def run(self) -> Belief:
        log = self.view.log
        i = 0
        while i < len(log):
            e = log[i]
            kind = type(e)
            if kind is CardPlayed:
                self.played(e.seat, e.card)
            elif kind is StarterTurnedUp:  # R2: turned up from the deck
                self.discard.append(e.card)
                self.ordered = None
                self.sure = True
            elif kind is Skipped:
                if self.answer and i and type(log[i - 1]) is CardPlayed and log[i - 1].card.rank is Rank.ACE:
                    self.barred(e.seat, self.aces)  # R12/R17: passed over at once, so no ace in hand
            elif kind is SuitOrdered:
                self.ordered = e.suit
            elif kind is StockRecycled:
                self.recycle(e)
            elif kind is PublicDraw:
                i = self.draw_move(i)
                continue
            i += 1
        return self.finish()

    def played(self, seat: int, card: Card) -> None:
        self.discard.append(card)
        self.ordered = None
        self.sure = True
        if seat == self.me:
            return
        final, self.final[seat] = self.final[seat], None
        if isinstance(final, int):  # the card just drawn, from group `final`
            group = self.groups[final]
            if not group[2] >> card.index & 1 or not group[1]:
                raise _Inconsistent
            group[1] -= 1
            return
        if card in self.known[seat]:
            self.known[seat].discard(card)
            return
        fits = [g for g in self.groups if g[0] == seat and g[1] and g[2] >> card.index & 1]
        if not fits:
            raise _Inconsistent
        min(fits, key=lambda g: g[2].bit_count())[1] -= 1  # the most constrained group that allows it

    def recycle(self, e: StockRecycled) -> None:
        rest, self.discard = self.discard[:-1], self.discard[-1:]
        if len(rest) != e.cards or self.stock:  # R8: only an empty stock is rebuilt
            raise _Inconsistent
        if e.shuffled:  # R8 shuffle: these cards, in an unknown order; they were in no hand
            cards = _mask(rest)
            for g in self.groups:
                g[2] &= ~cards
            self.groups.append([-1, len(rest), cards])
            self.stock = [-len(self.groups)] * len(rest)
        else:  # R8 flip: the bottom card of the pile is now the top of the stock (the end of the list)
            self.stock = [c.index for c in reversed(rest)]

    def draw_move(self, i: int) -> int:
        """One draw (its batches around a recycle, R8); returns the index of the next event."""
        log, first = self.view.log, self.view.log[i]
        seat, reason = first.seat, first.reason
        end = i
        while (end + 2 < len(log) and type(log[end + 1]) is StockRecycled and type(log[end + 2]) is PublicDraw
               and log[end + 2].seat == seat and log[end + 2].reason == reason):
            end += 2
        after = log[end + 1] if end + 1 < len(log) else None
        searching = reason in ("play", "cover") and seat != self.me and self.sure
        barred = self.playable(reason == "cover") if searching else 0
        if barred:  # R7/R9: nothing in the hand could be played
            self.barred(seat, barred)
        played_next = type(after) is CardPlayed and after.seat == seat
        # the last card drawn was playable when it is played next; when the turn passed, under
        # draw="until_playable" (or to cover a 6) it was not, under draw="one" we cannot tell
        last_barred = barred if not played_next and (reason == "cover" or self.view.rules.draw != "one"
                                                      ) and type(after) is TurnPassed else 0
        total = sum(log[j].count for j in range(i, end + 1, 2))
        taken = 0
        for j in range(i, end + 1):
            e = log[j]
            if type(e) is StockRecycled:
                self.recycle(e)
                continue
            for _ in range(e.count):
                taken += 1
                last = taken == total
                self.take(seat, barred if not last else last_barred, last and played_next)
        return end + 1

    def barred(self, seat: int, cards: int) -> None:
        """None of ``cards`` (a mask) is in ``seat``'s hand now."""
        if seat == self.me:
            return
        if any(cards >> c.index & 1 for c in self.known[seat]):
            raise _Inconsistent
        for g in self.groups:
            if g[0] == seat:
                g[2] &= ~cards

    def take(self, seat: int, barred: int, will_play: bool) -> None:
        """``seat`` takes the top card of the stock (it must not be one of ``barred``)."""
        if not self.stock:
            raise _Inconsistent
        e = self.stock.pop()
        if e >= 0:
            card = _BY_INDEX[e]
            if seat != self.me:
                if barred >> e & 1:
                    raise _Inconsistent
                self.known[seat].add(card)
            return
        source = self.groups[-e - 1]
        source[1] -= 1
        if seat == self.me:
            return
        self.groups.append([seat, 1, source[2] & ~barred])
        if will_play:
            self.final[seat] = len(self.groups) - 1

    def finish(self) -> Belief:
        view = self.view
        if self.discard != list(view.discard) or len(self.stock) != view.stock_size:
            raise _Inconsistent
        known_stock = {_BY_INDEX[e] for e in self.stock if e >= 0}
        unseen = unseen_cards(view)
        known = [set(view.hand) if s == self.me else self.known[s] for s in range(view.players)]
        held = set().union(*(known[s] for s in range(view.players) if s != self.me))
        if not (held | known_stock) <= unseen:
            raise _Inconsistent
        pool = tuple(sorted(unseen - held - known_stock, key=lambda c: c.index))
        # merge the groups of the same place and mask, and number them again
        merged: dict[tuple[int, int], int] = {}
        counts: list[int] = []
        places: list[tuple[int, int]] = []
        new_index = {}
        for g, (seat, count, allowed) in enumerate(self.groups):
            key = (seat, allowed)
            if count == 0:
                continue
            if key not in merged:
                merged[key] = len(counts)
                counts.append(0)
                places.append(key)
            new_index[g] = merged[key]
            counts[merged[key]] += count
        if any(e < 0 and -e - 1 not in new_index for e in self.stock):
            raise _Inconsistent
        stock = tuple(e if e >= 0 else -new_index[-e - 1] - 1 for e in self.stock)
        groups = tuple(SlotGroup(seat, count, allowed) for (seat, allowed), count in zip(places, counts,
                                                                                        strict=True))
        for s in range(view.players):
            held_there = len(known[s]) + sum(g.count for g in groups if g.seat == s)
            if s != self.me and held_there != view.hand_sizes[s]:
                raise _Inconsistent
        if sum(g.count for g in groups) != len(pool):
            raise _Inconsistent
        return Belief(self.me, tuple(tuple(sorted(k, key=lambda c: c.index)) for k in known), groups, stock,
                      pool, exact=True)
