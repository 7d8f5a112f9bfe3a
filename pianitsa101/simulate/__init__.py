"""Fast Monte Carlo: many games on a compiled path (numba) that plays the reference engines' rules.

- ``simulate_pianitsa``: games of Пьяница (P1-P13), random or explicit deals; on explicit
  deals every number equals ``PianitsaGame.from_stacks(deal, rules).play()``.
- ``simulate_101``: rounds of 101 between random bots (R2-R21, R26).

>>> from pianitsa101.simulate import simulate_pianitsa
>>> simulate_pianitsa(10, seed=0).tricks.shape
(10,)
"""

from pianitsa101.simulate.game101 import Simulation101, simulate_101
from pianitsa101.simulate.pianitsa import PianitsaSimulation, simulate_pianitsa

__all__ = ["PianitsaSimulation", "Simulation101", "simulate_101", "simulate_pianitsa"]
