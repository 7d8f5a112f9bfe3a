"""Fast Monte Carlo: many games on a compiled path that gives the reference engines' answers.

- ``simulate_pianitsa``: games of Пьяница (P1-P13) with numba, random or explicit deals.

>>> from pianitsa101.simulate import simulate_pianitsa
>>> simulate_pianitsa(10, seed=0).tricks.shape
(10,)
"""

from pianitsa101.simulate.pianitsa import PianitsaSimulation, simulate_pianitsa

__all__ = ["PianitsaSimulation", "simulate_pianitsa"]
