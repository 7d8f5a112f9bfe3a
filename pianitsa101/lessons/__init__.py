"""Small helpers shared by the probability lessons (``notebooks/04``, ``05``, ``08``).

- :mod:`~pianitsa101.lessons.stats`: a simulated share or mean with its 95% interval,
  printed with the sample size beside it;
- :mod:`~pianitsa101.lessons.deals`: deals as numpy arrays (every distinct deal of a small
  deck, or many shuffled ones) for ``simulate_pianitsa(deals=...)``;
- :mod:`~pianitsa101.lessons.chains`: exact expected values of a game that ends by chance
  (an absorbing Markov chain), in fractions;
- :mod:`~pianitsa101.lessons.plots`: large, readable matplotlib defaults for a projector.

This package imports numpy and matplotlib, so it is for the lessons on a full Python only:
the engines, the tables and the exercise checks never import it.
"""

from pianitsa101.lessons.chains import solve_chain
from pianitsa101.lessons.deals import rank_orders, shuffled_deals, with_suits
from pianitsa101.lessons.plots import big_plots, error_bars
from pianitsa101.lessons.stats import Mean, Share, agrees

__all__ = ["Mean", "Share", "agrees", "big_plots", "error_bars", "rank_orders", "shuffled_deals",
           "solve_chain", "with_suits"]
