"""Deals for ``simulate_pianitsa(deals=...)``: every distinct deal of a small deck, or many shuffled ones.

Suits never change a game of Пьяница (P4), so a deal is fixed by the ranks in it. A small
deck can then be solved by listing every *rank order* once: ``rank_orders`` lists every
distinct arrangement of a multiset, ``with_suits`` turns ranks back into distinct cards,
``deal_out`` hands a deck order out as P2 does.

>>> rank_orders([2, 1])          # two cards of kind 0 and one of kind 1
[(0, 0, 1), (0, 1, 0), (1, 0, 0)]
>>> with_suits(rank_orders([2, 1]), ranks=[6, 14])[0]    # 6♠ 6♣ A♠
[Card.parse('6♠'), Card.parse('6♣'), Card.parse('A♠')]
>>> len(rank_orders([2, 2, 2]))  # 6! / (2! 2! 2!)
90
>>> deal_out("6♠ 7♠ 8♠ 9♠", players=2)
[['6♠', '8♠'], ['7♠', '9♠']]

Deals are lists of stacks of cards, which both simulators take. For the compiled simulator
``as_deals`` packs many deals into one numpy array (much faster to hand over); without
numpy (in the browser) it leaves the lists as they are. Plain Python throughout.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from pianitsa101.cards import Card

__all__ = ["as_deals", "deal_out", "deal_ranks", "rank_orders", "shuffled_deals", "with_suits"]


def rank_orders(counts: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct arrangement of ``counts[i]`` copies of kind ``i`` (kinds as numbers), in order.

    There are n! / (counts[0]! counts[1]! ...) of them, each exactly once: the first place
    takes each kind still left, and the rest is arranged the same way.
    """
    left = list(counts)
    n = sum(left)
    out: list[tuple[int, ...]] = []
    row: list[int] = []

    def fill() -> None:
        if len(row) == n:
            out.append(tuple(row))
            return
        for kind, k in enumerate(left):
            if k:
                left[kind] -= 1
                row.append(kind)
                fill()
                row.pop()
                left[kind] += 1

    fill()
    return out


def with_suits(orders: Iterable[Sequence[int]], ranks: Sequence[int]) -> list[list[Card]]:
    """Cards for rank orders: kind ``i`` is rank ``ranks[i]``; its j-th copy gets suit j (♠ ♣ ♦ ♥)."""
    out = []
    for order in orders:
        seen = [0] * len(ranks)
        row = []
        for kind in order:
            row.append(Card.from_index(seen[kind] * 13 + int(ranks[kind]) - 2))  # 13 per suit, ranks 2..14
            seen[kind] += 1
        out.append(row)
    return out


def deal_out(deck: Sequence[Card | str] | str, players: int) -> list[list]:
    """A deck order dealt as P2 does: card i goes to seat i mod ``players`` (each stack top first)."""
    if isinstance(deck, str):
        deck = deck.split()
    if len(deck) % players:
        raise ValueError(f"{len(deck)} cards cannot be dealt equally to {players} players (P2)")
    return [list(deck[seat::players]) for seat in range(players)]


def shuffled_deals(deck: Sequence[Card], games: int, players: int, seed: int) -> list[list[list[Card]]]:
    """``games`` random deals of the deck (every order equally likely), dealt as P2 does, from ``seed``."""
    if len(deck) % players:
        raise ValueError(f"{len(deck)} cards cannot be dealt equally to {players} players (P2)")
    rng = random.Random(seed)
    cards = list(deck)
    deals = []
    for _ in range(games):
        rng.shuffle(cards)
        deals.append(deal_out(cards, players))
    return deals


def deal_ranks(deal: Sequence[Sequence[Card]]) -> tuple[tuple[int, ...], ...]:
    """The ranks in each stack of a deal, top first: what P13 compares (P4: suits never matter)."""
    return tuple(tuple(int(c.rank) for c in stack) for stack in deal)


def as_deals(deals: Sequence[Sequence[Sequence[Card]]]) -> Any:
    """Deals for ``simulate_pianitsa``: one int array of card indices where numpy exists, else the lists."""
    try:
        import numpy as np
    except ImportError:
        return deals
    return np.array([[[c.index for c in stack] for stack in deal] for deal in deals], dtype=np.int64)
