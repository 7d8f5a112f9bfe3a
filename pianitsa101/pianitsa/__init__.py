"""Пьяница (Drunkard): the rules as data, one trick, and a whole game (RULES.md P1-P13).

- ``rules.py``: ``PianitsaRules``, the decks (P1, P2) and the ranking (P4-P6);
- ``trick.py``: one trick and its record ``PianitsaTrick`` (P3, P7-P10, P12);
- ``game.py``: ``PianitsaGame`` and ``PianitsaResult`` (P2, P11-P13);
- ``record.py``: game records as JSON and HTML views.

>>> from pianitsa101.pianitsa import PianitsaGame
>>> PianitsaGame.deal(players=2, seed=1).play().outcome
'finished'
"""

from pianitsa101.pianitsa.game import PianitsaGame, PianitsaResult
from pianitsa101.pianitsa.rules import PianitsaRules
from pianitsa101.pianitsa.trick import PianitsaTrick

__all__ = ["PianitsaGame", "PianitsaResult", "PianitsaRules", "PianitsaTrick"]
