"""The rules of play of Пьяница as small pure functions, one decision each (P4-P13).

The trick loop (``play.py``) and the game (``game.py``) call these functions and decide
nothing on their own; the exercises ask students to write the same decisions. Ranks are
numbers 2..14 (``Rank`` values: the ace is 14), seats are numbers 0..n-1, and a stack is
listed top first.

>>> winning_rank([14, 6, 13, 9], lowest=6)
13
>>> tied({0: 13, 1: 9, 2: 13}, 13)
(0, 2)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TypeVar

from pianitsa101.cards import Card, Rank

__all__ = ["gather", "joiners", "leavers", "lowest_holder", "lowest_rank", "outsiders", "places_after",
           "position", "staked", "tied", "winning_rank"]

ACE = Rank.ACE
T = TypeVar("T")


def lowest_rank(cards: Iterable[Card]) -> Rank:
    """P5: the lowest rank of the deck in play, the one that beats the ace.

    >>> from pianitsa101.cards import cards
    >>> lowest_rank(cards("A♠ 9♥ 6♦ K♣"))
    Rank.SIX
    """
    return min(c.rank for c in cards)


def winning_rank(ranks: Sequence[int], lowest: int, low_beats_ace: bool = True) -> int:
    """P4-P6: the winning rank of face-up cards: a low card knocks out every ace, then the highest wins.

    >>> [winning_rank(ranks, lowest=6) for ranks in ([6, 14], [14, 6, 13, 9], [14, 14, 6])]
    [6, 13, 6]
    >>> winning_rank([6, 14], lowest=6, low_beats_ace=False)
    14
    """
    if low_beats_ace and lowest in ranks and ACE in ranks and lowest != ACE:  # P5, P6
        ranks = [r for r in ranks if r != ACE]
    return max(ranks)  # P4: suits do not matter, the highest rank wins


def tied(ranks: dict[int, int], best: int) -> tuple[int, ...]:
    """P8: the seats whose face-up card has the winning rank (two or more: a dispute).

    >>> tied({0: 10, 1: 10, 3: 9}, 10)
    (0, 1)
    """
    return tuple(seat for seat, rank in ranks.items() if rank == best)


def staked(face_down: int, held: int) -> int:
    """P8, P12: how many cards a disputing player puts face down; the last card always goes face up.

    >>> staked(2, held=5), staked(2, held=2), staked(0, held=5)
    (2, 1, 0)
    """
    return min(face_down, held - 1)


def outsiders(ranks: dict[int, int], best: int) -> dict[int, int]:
    """P10: the seats left out of a trick's first dispute, with their round-0 rank (they may join later).

    >>> outsiders({0: 10, 1: 10, 2: 9, 3: 12}, 10)
    {2: 9, 3: 12}
    """
    return {seat: rank for seat, rank in ranks.items() if rank != best}


def joiners(outside: dict[int, int], best: int) -> list[int]:
    """P10: the seats outside the dispute whose round-0 card has the rank that won it (a second dispute).

    >>> joiners({2: 9, 3: 12}, 9)
    [2]
    """
    return [seat for seat, rank in outside.items() if rank == best]


def gather(table: Sequence[tuple[int, T]], taker: int | None, order: str,
           rng: random.Random | None) -> list[T]:
    """P9: the table's cards in the order the taker puts them under their stack.

    ``table`` lists (seat, card) in table order. ``order`` is the option ``gather``:
    "winner_first" (the taker's own cards first), "table", or "random" (one shuffle with ``rng``).
    With no taker (P12) nothing is gathered: the table stays.

    >>> gather([(0, "K♠"), (1, "K♥"), (0, "9♠"), (1, "10♥")], 1, "winner_first", None)
    ['K♥', '10♥', 'K♠', '9♠']
    >>> gather([(0, "K♠"), (1, "K♥")], 1, "table", None)
    ['K♠', 'K♥']
    """
    if taker is None:  # P12
        return []
    cards = [card for _seat, card in table]
    if order == "winner_first":
        return [c for s, c in table if s == taker] + [c for s, c in table if s != taker]
    if order == "random":
        rng.shuffle(cards)
    return cards


def lowest_holder(stacks: Sequence[Sequence[Card]]) -> int | None:
    """P12: who takes a trick when nobody could put a dispute card: the lowest seat still holding cards.

    None when nobody holds cards: the table stays and the game is a draw.

    >>> lowest_holder([[], ["9♠"], ["K♦"]]), lowest_holder([[], []])
    (1, None)
    """
    return next((seat for seat, stack in enumerate(stacks) if stack), None)


def leavers(seats: Iterable[int], stacks: Sequence[Sequence[Card]]) -> tuple[int, ...]:
    """P11: the seats of ``seats`` whose stack is now empty, so they leave the game (sharing a place).

    >>> leavers([0, 1, 2], [["9♠"], [], []])
    (1, 2)
    """
    return tuple(seat for seat in seats if not stacks[seat])


def places_after(left: Sequence[tuple[int, ...]], still: tuple[int, ...], goal: str) -> list[tuple[int, ...]]:
    """P11: the places, best first: who left and when, and the players still holding cards sharing one.

    Goal "shed": leaving first is best, the last player holding cards is the drunkard.
    Goal "collect": leaving means being eliminated, so the order is reversed.

    >>> places_after([(1,), (0, 3)], (2,), "shed"), places_after([(1,), (0, 3)], (2,), "collect")
    ([(1,), (0, 3), (2,)], [(2,), (0, 3), (1,)])
    """
    still_in = [still] if still else []
    if goal == "shed":
        return [*left, *still_in]
    return [*still_in, *reversed(left)]


def position(stacks: Sequence[Sequence[Card]]) -> tuple[tuple[int, ...], ...]:
    """P13: the position between tricks: the ranks in every stack, in order (suits never change play).

    >>> from pianitsa101.cards import cards
    >>> position([cards("A♠ 6♥"), cards("K♦")]) == position([cards("A♣ 6♦"), cards("K♥")])
    True
    """
    return tuple([tuple([card.rank for card in stack]) for stack in stacks])
