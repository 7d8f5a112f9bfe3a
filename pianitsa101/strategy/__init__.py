"""How to play 101 well: the Monte Carlo bot, what a seat knows, tournaments and their statistics.

The floor above the engines (``pianitsa101.cards``, ``pianitsa``, ``game101``) and the compiled
path (``pianitsa101.simulate``): it imports them, they import nothing from here. The simple bots
(``RandomAgent``, ``GreedyAgent``, ``HeuristicAgent``) stay in ``pianitsa101.game101``.

>>> from pianitsa101.game101 import GreedyAgent, RandomAgent
>>> from pianitsa101.strategy import tournament
>>> result = tournament([GreedyAgent(), RandomAgent(seed=1)], matches=4, seed=0, workers=1)
>>> result.matches
4
"""

from pianitsa101.strategy.knowledge import Belief, belief
from pianitsa101.strategy.montecarlo import MonteCarloAgent, MoveEstimate
from pianitsa101.strategy.stats import matches_needed
from pianitsa101.strategy.tournament import TournamentResult, tournament, wilson_interval

__all__ = ["Belief", "MonteCarloAgent", "MoveEstimate", "TournamentResult", "belief", "matches_needed",
           "tournament", "wilson_interval"]
