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
"""

from __future__ import annotations

from pianitsa101.cards import Card
from pianitsa101.game101.view import PlayerView

__all__ = ["unseen_cards"]


def unseen_cards(view: PlayerView) -> frozenset[Card]:
    """The cards ``view``'s seat cannot see: the deck minus its own hand minus the discard pile."""
    return view.deck.difference(view.hand, view.discard)
