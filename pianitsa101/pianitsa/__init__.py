"""Пьяница (Drunkard): the rules as data, the play loop, and a whole game (RULES.md P1-P13).

- ``rules.py``: ``PianitsaRules`` (the options) and the decks (P1, P2);
- ``play.py``: the loop that plays tricks, every rule of play in one place (P3-P13);
- ``trick.py``: ``PianitsaTrick``, the record of one trick, step by step;
- ``game.py``: ``PianitsaGame`` (deal, state, places) and ``PianitsaResult`` (P2, P11);
- ``record.py``: game records as JSON and HTML views.

>>> from pianitsa101.pianitsa import PianitsaGame
>>> PianitsaGame.deal(players=2, seed=1).play().outcome
'finished'
"""

from pianitsa101.pianitsa.game import PianitsaGame, PianitsaResult
from pianitsa101.pianitsa.rules import PianitsaRules
from pianitsa101.pianitsa.trick import PianitsaTrick

__all__ = ["PianitsaGame", "PianitsaResult", "PianitsaRules", "PianitsaTrick"]
