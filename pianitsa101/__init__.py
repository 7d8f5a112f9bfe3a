"""pianitsa101: learn Пьяница (Drunkard) and 101 by playing them.

The card basics are importable from the package itself:

>>> from pianitsa101 import Card, cards, make_deck
>>> cards("10♠ Д♥")
[Card.parse('10♠'), Card.parse('Q♥')]
"""

from pianitsa101 import cardart as _cardart  # noqa: F401  (gives Card its notebook picture)
from pianitsa101.cards import Card, CardList, Rank, Suit, cards, make_deck

__all__ = ["Card", "CardList", "Rank", "Suit", "cards", "make_deck"]
__version__ = "0.1.0"
