"""A belief about the unseen cards of 101, and deals drawn from it uniformly (``Belief.sample``).

:func:`~pianitsa101.strategy.knowledge.belief` reads a seat's view into a :class:`Belief`:
the cards known to be in each hand, and *slot groups* for the unknown ones (so many cards
in this hand or in the stock, each one of these), with the *splits* that say how many
cards each group holds when the log leaves it open which group a played card came from.
``Belief.sample`` deals the unknown cards uniformly over every deal consistent with it,
by exact rejection, and counts every deal that falls back (:class:`SampleTally`).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from pianitsa101.cards import _BY_INDEX, Card
from pianitsa101.i18n import _, get_language
from pianitsa101.strategy.words import count

__all__ = ["MAX_TRIES", "Belief", "SampleTally", "SlotGroup"]

MAX_TRIES = 2_000  # proposals per deal before Belief.sample falls back (and counts it)


def _mask(cards) -> int:
    out = 0
    for c in cards:
        out |= 1 << c.index
    return out


@dataclass(frozen=True)
class SlotGroup:
    """``count`` unseen cards in one place (a seat's hand, or the stock: seat -1), each one of ``allowed``.

    When the log leaves open which group a played card left (``Belief.splits``), ``count``
    is the most the group may hold.
    """

    seat: int
    count: int
    allowed: int  # a bit mask of card indexes (bit i: the card with index i)


@dataclass
class SampleTally:
    """How the deals of the unseen cards were made: every one is counted (see ``Belief.sample``)."""

    deals: int = 0  # deals made
    proposals: int = 0  # proposals drawn for them (a deal is the first proposal accepted)
    fallbacks: int = 0  # deals that stopped at MAX_TRIES: consistent with the belief, not uniform
    relaxed: int = 0  # deals that had to ignore the belief's masks (only card counts): none expected

    def add(self, deals: int, proposals: int, fallbacks: int, relaxed: int) -> None:
        """Count more deals."""
        self.deals += deals
        self.proposals += proposals
        self.fallbacks += fallbacks
        self.relaxed += relaxed

    def __str__(self) -> str:
        if get_language() == "en":
            return (f"{self.deals:,} deals from {self.proposals:,} proposals; {self.fallbacks} not uniform, "
                    f"{self.relaxed} ignoring the belief")
        return _("{deals} deals from {proposals} proposals; {fallbacks} not uniform, {relaxed} ignoring the "
                 "belief").format(deals=count(self.deals), proposals=count(self.proposals),
                                  fallbacks=count(self.fallbacks), relaxed=count(self.relaxed))


@dataclass(frozen=True)
class Belief:
    """Where the unseen cards may be, as far as one seat can tell from its view."""

    seat: int  # whose knowledge this is
    known: tuple[tuple[Card, ...], ...]  # per seat: cards known to be in that hand (the seat's own hand)
    groups: tuple[SlotGroup, ...]  # the unknown cards, by place
    stock: tuple[int, ...]  # the stock, top LAST: a card index (a known card) or -(g + 1) (a card of group g)
    pool: tuple[Card, ...]  # the unknown cards, to be dealt into the groups
    exact: bool  # False when the log could not be followed and only card counts were used
    # The ways the played cards may have left the groups: (each group's count, histories behind it).
    # Empty: one way, the groups' counts.
    splits: tuple[tuple[tuple[int, ...], int], ...] = ()

    def could_hold(self, seat: int) -> frozenset[Card]:
        """Every card that ``seat``'s hand may hold by this belief (the known ones included)."""
        pool = _mask(self.pool)
        allowed = 0
        for g in self.groups:
            if g.seat == seat and g.count:
                allowed |= g.allowed & pool
        return frozenset(self.known[seat]) | {c for c in self.pool if allowed >> c.index & 1}

    def ways(self) -> tuple[tuple[tuple[int, ...], int], ...]:
        """The splits, never empty: (each group's count, how many histories lead to it)."""
        return self.splits or ((tuple(g.count for g in self.groups), 1),)

    def order(self) -> list[int]:
        """The order the groups are dealt in: fewest cards allowed first; the last one takes the rest.

        The last is the group with the most ways to choose its cards (the stock, as a rule), so
        that the acceptance step of ``sample`` has the least to reject.
        """
        pool = _mask(self.pool)
        size = [(g.allowed & pool).bit_count() for g in self.groups]
        order = sorted(range(len(self.groups)), key=lambda g: size[g])
        if order:
            last = max(order, key=lambda g: (math.comb(size[g], self.groups[g].count), g))
            order.remove(last)
            order.append(last)
        return order

    def proposal_weights(self) -> list[float]:
        """Each split's share of the proposals: its histories times its bound (see ``sample``)."""
        pool = _mask(self.pool)
        order = self.order()
        size = [(g.allowed & pool).bit_count() for g in self.groups]
        out = []
        for counts, histories in self.ways():
            bound = float(histories)
            for g in order[:-1]:
                bound *= math.comb(size[g], counts[g])
            out.append(bound)
        return out

    def sample(self, rng: random.Random,
               tally: SampleTally | None = None) -> tuple[list[list[Card]], list[Card]]:
        """One deal of the unseen cards, uniform over the deals consistent with the belief.

        Returns every hand and the stock (top last). A deal is a choice of cards for every
        group (a set for a hand, an order for the stock); every history the log allows gives
        one, so uniform over them is the posterior when the cards were dealt at random and
        what the others chose is not read. Exact by rejection: pick a split with chance
        proportional to its histories times ``B``, the product over the groups but the last of
        C(allowed, count); fill the groups in ``order``, each with a uniform choice of
        ``count`` of the cards it allows that are left (not "the first ones of a shuffled
        pool": the cards a group skipped would then come early for the next), the last one
        with the rest in a random order; accept with chance prod C(left allowed, count) / B <= 1. A
        deal then comes with chance histories / B * (1 / prod C(left allowed, count)) * that,
        the same for every consistent deal. After ``MAX_TRIES`` proposals the last complete
        one is taken (``tally.fallbacks``), and if none was complete the masks are ignored
        (``tally.relaxed``).
        """
        ways = self.ways()
        weights = self.proposal_weights()
        order = self.order()
        pool = _mask(self.pool)
        size = [(g.allowed & pool).bit_count() for g in self.groups]
        last = order[-1] if order else -1
        dealt: list[list[Card]] = [[] for _ in self.groups]
        complete = None
        fallback = relaxed = 0
        tries = 0
        while True:
            tries += 1
            if tries > MAX_TRIES:
                if complete is not None:
                    dealt, fallback = complete, 1
                else:
                    dealt, relaxed = self._ignoring_masks(ways[0][0], rng), 1
                break
            counts = ways[0][0] if len(ways) == 1 else rng.choices(ways, weights)[0][0]
            cards = list(self.pool)
            accept = 1.0
            ok = True
            for g in order:
                allowed, count = self.groups[g].allowed, counts[g]
                fits = [c for c in cards if allowed >> c.index & 1]
                if len(fits) < count or (g == last and len(fits) != len(cards)):
                    ok = False
                    break
                dealt[g] = rng.sample(fits, count)  # uniform, and in a uniform order (a stock's order counts)
                if g != last:
                    accept *= math.comb(len(fits), count) / math.comb(size[g], count)
                    taken = set(dealt[g])
                    cards = [c for c in cards if c not in taken]
            if not ok:
                continue
            complete = [list(w) for w in dealt]
            if accept >= 1.0 or rng.random() < accept:
                break
        if tally is not None:
            tally.add(1, tries if tries <= MAX_TRIES else MAX_TRIES, fallback, relaxed)
        return self._place(dealt)

    def _ignoring_masks(self, counts: tuple[int, ...], rng: random.Random) -> list[list[Card]]:
        """The pool dealt into the groups by their counts only."""
        cards = list(self.pool)
        rng.shuffle(cards)
        out, at = [], 0
        for n in counts:
            out.append(cards[at:at + n])
            at += n
        return out

    def _place(self, dealt: list[list[Card]]) -> tuple[list[list[Card]], list[Card]]:
        """Hands and the stock (top last) once every group has its cards."""
        hands = [list(k) for k in self.known]
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
