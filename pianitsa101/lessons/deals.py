"""Deals as numpy arrays of ``Card.index`` values, for ``simulate_pianitsa(deals=...)``.

Suits never change a game of Пьяница (P4), so a deal is fixed by the ranks in it. A small
deck can then be solved by listing every *rank order* once: ``rank_orders`` lists every
distinct arrangement of a multiset, ``with_suits`` turns ranks back into distinct cards.

>>> rank_orders([2, 1])          # two cards of kind 0 and one of kind 1
array([[0, 0, 1],
       [0, 1, 0],
       [1, 0, 0]], dtype=int8)
>>> with_suits(rank_orders([2, 1]), ranks=[6, 14])[0]    # 6♠ 6♣ A♠
array([ 4, 17, 12])
>>> len(rank_orders([2, 2, 2]))  # 6! / (2! 2! 2!)
90
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import numpy as np

__all__ = ["rank_orders", "shuffled_deals", "with_suits"]


def rank_orders(counts: Sequence[int]) -> np.ndarray:
    """Every distinct arrangement of ``counts[i]`` copies of kind ``i``, one per row (kinds as numbers).

    Kind by kind, every way of choosing its places among the places still free: there are
    n! / (counts[0]! counts[1]! ...) rows in all, each arrangement exactly once.
    """
    n = sum(counts)
    rows = np.zeros((1, n), dtype=np.int8)
    free = np.arange(n, dtype=np.intp)[None, :]  # the places not yet taken, per row
    for kind, k in enumerate(counts):
        m = free.shape[1]
        chosen = np.array(list(combinations(range(m), k)), dtype=np.intp).reshape(-1, k)
        rest = np.array([[i for i in range(m) if i not in c] for c in chosen], dtype=np.intp)
        rest = rest.reshape(len(chosen), m - k)
        old, ways = len(rows), len(chosen)
        rows = np.repeat(rows, ways, axis=0)
        free = np.repeat(free, ways, axis=0)
        places = np.take_along_axis(free, np.tile(chosen, (old, 1)), axis=1)
        np.put_along_axis(rows, places, kind, axis=1)
        free = np.take_along_axis(free, np.tile(rest, (old, 1)), axis=1)
    return rows


def with_suits(orders: np.ndarray, ranks: Sequence[int]) -> np.ndarray:
    """Card indices for rank orders: kind ``i`` is rank ``ranks[i]``; its j-th copy gets suit j (♠ ♣ ♦ ♥)."""
    orders = np.asarray(orders)
    rank = np.asarray(ranks, dtype=np.int64)[orders]
    suit = np.zeros(orders.shape, dtype=np.int64)
    for kind in range(len(ranks)):
        here = orders == kind
        suit += here * (np.cumsum(here, axis=1) - 1)
    return suit * 13 + rank - 2  # Card.index: 13 per suit, ranks 2..14


def shuffled_deals(deck: Sequence, games: int, players: int, rng: np.random.Generator) -> np.ndarray:
    """``games`` random deals of the deck: array [game, seat, i], seat s gets every n-th card (P2).

    ``deck`` holds cards (anything with ``.index``) or card indices; every order of the deck
    is equally likely.
    """
    indices = np.array([getattr(c, "index", c) for c in deck], dtype=np.int64)
    if len(indices) % players:
        raise ValueError(f"{len(indices)} cards cannot be dealt equally to {players} players (P2)")
    shuffled = rng.permuted(np.tile(indices, (games, 1)), axis=1)
    return shuffled.reshape(games, len(indices) // players, players).transpose(0, 2, 1).copy()
