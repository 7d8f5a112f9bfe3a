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

- a card another seat plays may come from several of its groups (its first cards, or one
  drawn before a later R7 draw barred some cards): every such history is kept, weighted by
  its count (``_Reader.played``), so the belief is the posterior, not a guess.

It reads nothing from how an ace was (not) answered: by R17 (revised) a player who holds an
ace and declines to answer and one who holds none leave the same public record, so "was
asked to answer" is not something a seat at a real table would know. ``Belief.sample``
(:mod:`~pianitsa101.strategy.sampling`) deals uniformly over the deals consistent with it.

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

import math
from functools import cache

from pianitsa101.cards import _BY_INDEX, Card, Rank, Suit
from pianitsa101.game101.events import (
    CardPlayed,
    PublicDraw,
    StarterTurnedUp,
    StockRecycled,
    SuitOrdered,
    TurnPassed,
)
from pianitsa101.game101.laws import may_play_on
from pianitsa101.game101.rules import Rules101
from pianitsa101.game101.view import PlayerView, unseen_cards
from pianitsa101.strategy.sampling import MAX_TRIES, Belief, SampleTally, SlotGroup, _mask

__all__ = ["MAX_TRIES", "Belief", "SampleTally", "SlotGroup", "belief", "unseen_cards"]

_SUIT_INDEX = {s: i for i, s in enumerate(Suit)}


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
        # groups: [seat, allowed]; their counts are in the splits (see played); the stock: card indexes
        # and -(g + 1) for a card of group g
        self.groups: list[list[int]] = [[s, self.everything] for s in range(n) if s != self.me]
        self.groups.append([-1, self.everything])
        first = (*(start[s] for s in range(n) if s != self.me), first_stock)
        self.splits: dict[tuple[int, ...], int] = {first: 1}
        self.stock: list[int] = [-len(self.groups)] * first_stock
        self.known: list[set[Card]] = [set() for _ in range(n)]
        self.final: list[int | Card | None] = [None] * n  # the card just drawn that will now be played

    def add_group(self, seat: int, allowed: int, count: int) -> int:
        """A new group of ``count`` cards (in every split); returns its number."""
        self.groups.append([seat, allowed])
        self.splits = {(*counts, count): ways for counts, ways in self.splits.items()}
        return len(self.groups) - 1

    def shift(self, g: int, delta: int) -> None:
        """Group ``g`` holds ``delta`` more cards in every split."""
        out = {}
        for counts, ways in self.splits.items():
            if counts[g] + delta < 0:
                raise _Inconsistent
            out[(*counts[:g], counts[g] + delta, *counts[g + 1:])] = ways
        self.splits = out

    def playable(self, cover: bool) -> int:
        """The mask of cards that could be played now (R6, R14; R9 cover_any: every card)."""
        if not self.discard or (cover and self.view.rules.six == "cover_any"):
            return self.everything
        top = self.discard[-1]
        return _playable_mask(top, self.ordered, self.wild)

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
        """``seat`` plays ``card``: out of its hand, from whichever group the posterior allows.

        A card another seat plays from its hidden cards may come from any of its groups that
        allows it (its first cards, or one it drew before a later R7 draw showed what it did
        not hold). Which one is not a guess: every history is kept. Each split (a count per
        group, and the number of histories behind it) becomes one split per group that can
        give the card, that group holding one card fewer; splits that come out the same add
        their histories. A history is one way the deal could have been, so the number of
        deals consistent with a split, times its histories, is its posterior weight;
        ``Belief.sample`` weighs the splits so. (A group is a set of cards: "the card was one
        of its cards" is one history, whatever the group's size; the deals of its other cards
        are counted by the split's smaller count.)
        """
        self.discard.append(card)
        self.ordered = None
        self.sure = True
        if seat == self.me:
            return
        final, self.final[seat] = self.final[seat], None
        if isinstance(final, int):  # the card just drawn, from group `final`
            if not self.groups[final][1] >> card.index & 1:
                raise _Inconsistent
            self.shift(final, -1)
            return
        if card in self.known[seat]:
            self.known[seat].discard(card)
            return
        self.merge(_mask(self.discard[:-1]))  # (the card played now is still in its group)
        fits = [g for g, (where, allowed) in enumerate(self.groups)
                if where == seat and allowed >> card.index & 1]
        out: dict[tuple[int, ...], int] = {}
        for counts, ways in self.splits.items():
            for g in fits:
                if counts[g]:
                    key = (*counts[:g], counts[g] - 1, *counts[g + 1:])
                    out[key] = out.get(key, 0) + ways
        if not out:
            raise _Inconsistent
        self.splits = out

    def merge(self, gone: int) -> None:
        """Put together the groups of a hand that allow the same cards (fewer splits to follow).

        Two groups of ``a`` and ``b`` cards are one of ``a + b``, which splits into them in
        C(a + b, a) ways: each split's histories are multiplied by that. The discard pile's
        cards are in no hand, so they do not count in the comparison. A card just drawn to be
        played stays in its own group.
        """
        gone = _mask(self.discard)
        finals = {f for f in self.final if isinstance(f, int)}
        first: dict[tuple[int, int], int] = {}
        for g, (seat, allowed) in enumerate(self.groups):
            if seat < 0 or g in finals or not allowed:
                continue
            key = (seat, allowed & ~gone)
            if key not in first:
                first[key] = g
                continue
            keep = first[key]
            out: dict[tuple[int, ...], int] = {}
            for counts, ways in self.splits.items():
                new = list(counts)
                new[keep], new[g] = counts[keep] + counts[g], 0
                key2 = tuple(new)
                out[key2] = out.get(key2, 0) + ways * math.comb(new[keep], counts[g])
            self.splits = out
            self.groups[keep][1] |= allowed  # the same but for cards of the pile, in no hand
            self.groups[g][1] = 0  # empty in every split from now on: never a place for a card

    def recycle(self, e: StockRecycled) -> None:
        rest, self.discard = self.discard[:-1], self.discard[-1:]
        if len(rest) != e.cards or self.stock:  # R8: only an empty stock is rebuilt
            raise _Inconsistent
        if e.shuffled:  # R8 shuffle: these cards, in an unknown order; they were in no hand
            cards = _mask(rest)
            for g in self.groups:
                g[1] &= ~cards
            self.stock = [-self.add_group(-1, cards, len(rest)) - 1] * len(rest)
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
                g[1] &= ~cards

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
        self.shift(-e - 1, -1)
        if seat == self.me:
            return
        g = self.add_group(seat, self.groups[-e - 1][1] & ~barred, 1)
        if will_play:
            self.final[seat] = g

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
        # merge the groups of the same place and mask (modulo the pool), and number them again
        self.final = [None] * view.players
        self.merge(_mask(self.discard))
        mask = _mask(pool)
        live = [g for g in range(len(self.groups)) if any(c[g] for c in self.splits)]
        merged: dict[tuple[int, int], int] = {}
        places: list[tuple[int, int]] = []
        new_index = {}
        for g in live:
            seat, allowed = self.groups[g]
            key = (seat, allowed & mask)
            if key not in merged:
                merged[key] = len(places)
                places.append(key)
            new_index[g] = merged[key]
        splits: dict[tuple[int, ...], int] = {}
        for counts, ways in self.splits.items():
            new = [0] * len(places)
            for g in live:
                new[new_index[g]] += counts[g]
            # hand groups merged split back in multinomial ways (a stock group is an order: one way)
            splits[tuple(new)] = splits.get(tuple(new), 0) + ways * _merge_ways(
                [(new_index[g], counts[g]) for g in live if self.groups[g][0] >= 0])
        if any(e < 0 and -e - 1 not in new_index for e in self.stock):
            raise _Inconsistent
        stock = tuple(e if e >= 0 else -new_index[-e - 1] - 1 for e in self.stock)
        top = [max(c[i] for c in splits) for i in range(len(places))]
        groups = tuple(SlotGroup(seat, count, allowed)
                       for (seat, allowed), count in zip(places, top, strict=True))
        for counts in splits:
            for s in range(view.players):
                held_there = len(known[s]) + sum(n for g, n in zip(groups, counts, strict=True)
                                                 if g.seat == s)
                if s != self.me and held_there != view.hand_sizes[s]:
                    raise _Inconsistent
            if sum(counts) != len(pool):
                raise _Inconsistent
        ways = tuple(sorted(splits.items(), key=lambda item: (-item[1], item[0])))
        if len(ways) == 1:
            groups = tuple(SlotGroup(g.seat, n, g.allowed) for g, n in zip(groups, ways[0][0], strict=True))
            ways = ()
        return Belief(self.me, tuple(tuple(sorted(k, key=lambda c: c.index)) for k in known), groups, stock,
                      pool, exact=True, splits=ways)


def _merge_ways(parts: list[tuple[int, int]]) -> int:
    """In how many ways merged groups split back into their parts: (merged group, part's count) each."""
    total: dict[int, int] = {}
    out = 1
    for g, n in parts:
        total[g] = total.get(g, 0) + n
        out *= math.comb(total[g], n)
    return out


@cache
def _playable_mask(top: Card, ordered: Suit | None, queen_wild: bool) -> int:
    """The mask of the cards that ``may_play_on`` lets go on ``top`` (R6, R14), worked out once."""
    rules = Rules101(queen_wild=queen_wild)  # the only option may_play_on reads
    return _mask(c for c in _BY_INDEX if may_play_on(c, top, ordered, rules))
