"""R26: the third time the same position occurs, the round is abandoned and nobody scores.

A position is everything that decides the rest of the round: where every card is (the order
of a hand does not matter), whose turn it is and every pending obligation (``position``).
``Positions`` counts them.  It keeps each position under its quick part (the counts and
obligations), so a new position is compared card by card only with the few that share those.

>>> seen = Positions()
>>> quick, cards = (3, "to move: 0"), ((), ("7♠",), (("8♥", "9♥"),))
>>> [seen.count(quick, cards) for _ in range(3)]
[1, 2, 3]
>>> seen.count(quick, ((), ("7♠",), (("9♥", "8♥"),)))  # the same hand, held in another order
4
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

__all__ = ["Positions", "position"]


def position(rnd: Any) -> tuple[tuple, tuple[tuple, tuple, tuple]]:
    """R26: the position of round ``rnd`` now: its counts and obligations, then where every card is."""
    quick = (len(rnd._stock), len(rnd._discard), rnd.to_move, rnd.direction, rnd.ordered_suit,
             rnd.pending_draw, rnd.pending_rank, rnd.must_cover, rnd.skip_to_answer, rnd.drawn)
    return quick, (tuple(rnd._stock), tuple(rnd._discard), tuple(map(tuple, rnd._hands)))


def _same_cards(hand: Sequence[Any], other: Sequence[Any]) -> bool:
    """Two hands hold the same cards (in any order)."""
    return hand == other or set(hand) == set(other)


class Positions:
    """How many times each position of a round has occurred so far (R26)."""

    def __init__(self) -> None:
        self._seen: dict[Hashable, list[list[Any]]] = {}  # quick part -> [[stock, discard, hands, times]]

    def count(self, quick: Hashable, cards: tuple[tuple, tuple, tuple]) -> int:
        """Count one more occurrence of the position (``quick``, ``cards``); return how many there are now.

        ``cards`` is (stock, discard pile, hands): the stock and the pile in order, each hand as held.
        """
        stock, discard, hands = cards
        earlier = self._seen.get(quick)
        if earlier is None:  # the usual case: nothing like it so far
            self._seen[quick] = [[stock, discard, hands, 1]]
            return 1
        for entry in earlier:
            if entry[0] == stock and entry[1] == discard and all(map(_same_cards, entry[2], hands)):
                entry[3] += 1
                return entry[3]
        earlier.append([stock, discard, hands, 1])
        return 1

    def copy(self) -> Positions:
        """An independent copy (for ``Round101.copy``)."""
        other = Positions()
        other._seen = {quick: [entry[:] for entry in same] for quick, same in self._seen.items()}
        return other
