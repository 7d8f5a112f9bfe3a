"""Fast Monte Carlo: many games on a compiled path (numba) that plays the reference engines' rules.

- ``simulate_pianitsa``: games of Пьяница (P1-P13), random or explicit deals; on explicit
  deals every number equals ``PianitsaGame.from_stacks(deal, rules).play()``.
- ``simulate_101``: rounds of 101 between random bots (R2-R21, R26).

Where numba is missing (in the browser) both run the reference engines in pure Python
instead, with the same random numbers: the same games for the same seed, a smaller default
sample, and a sentence saying so in the result.  ``engine="python"`` (or the environment
variable ``PIANITSA101_PURE=1``) asks for that path anywhere.  Importing this package
imports neither numpy nor numba; the compiled path loads them when it first plays.

>>> from pianitsa101.simulate import simulate_pianitsa
>>> simulate_pianitsa(10, seed=0).tricks.shape
(10,)
"""

from pianitsa101.simulate.game101 import Simulation101, simulate_101
from pianitsa101.simulate.pianitsa import PianitsaSimulation, simulate_pianitsa

__all__ = ["PianitsaSimulation", "Simulation101", "simulate_101", "simulate_pianitsa"]
