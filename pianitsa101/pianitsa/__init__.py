"""Пьяница (Drunkard): the rules as data, the play loop, and a whole game (RULES.md P1-P13).

- ``rules.py``: ``PianitsaRules`` (the options) and the decks (P1, P2);
- ``laws.py``: every decision of play as a small function (P4-P13): the winning rank, who is
  tied, the stakes, who joins a second dispute, the gather order, places, the P13 position;
- ``play.py``: one trick as a plain loop over the seats' stacks, calling ``laws.py`` (P3-P12);
- ``trick.py``: ``PianitsaTrick``, the record of one trick, step by step;
- ``game.py``: ``PianitsaGame`` (deal, state, what follows a trick: P11-P13) and ``PianitsaResult``;
- ``text.py``, ``record.py``: games and tricks as text tables, JSON records and HTML views.

No module imports one that imports it back: ``text.py`` and ``record.py`` read games and tricks
through their public names only, and ``game.py`` and ``trick.py`` call them (``print``, HTML, JSON).

>>> from pianitsa101.pianitsa import PianitsaGame
>>> PianitsaGame.deal(players=2, seed=1).play().outcome
'finished'
"""

from pianitsa101.pianitsa.game import PianitsaGame, PianitsaResult
from pianitsa101.pianitsa.rules import PianitsaRules
from pianitsa101.pianitsa.trick import PianitsaTrick

__all__ = ["PianitsaGame", "PianitsaResult", "PianitsaRules", "PianitsaTrick"]
