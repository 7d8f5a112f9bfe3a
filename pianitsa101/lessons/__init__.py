"""Small helpers shared by the probability lessons (``notebooks/04``, ``05``, ``08``).

- :mod:`~pianitsa101.lessons.stats`: a simulated share or mean with its 95% interval
  (Wilson's for a share), printed with the sample size beside it;
- :mod:`~pianitsa101.lessons.deals`: deals as lists of stacks (every distinct deal of a
  small deck, or many shuffled ones) for ``simulate_pianitsa(deals=...)``;
- :mod:`~pianitsa101.lessons.chains`: exact expected values of a game that ends by chance
  (an absorbing Markov chain), in fractions;
- :mod:`~pianitsa101.lessons.figure`: a ``Chart`` described once and drawn with matplotlib
  where it is installed, as SVG where it is not (the browser);
- :mod:`~pianitsa101.lessons.sizes`: ``sample(compiled, pure)``, a sample size for the
  simulator available here;
- :mod:`~pianitsa101.lessons.printed`: ``lesson_language("ru")``, the language of the package
  and of every line the lesson's own code prints (the Russian lessons' first cell).

Plain Python: numpy and matplotlib are used when they are there, never needed, so the
lessons run in the browser too. The engines, tables and exercise checks never import it.
"""

from pianitsa101.lessons.chains import solve_chain
from pianitsa101.lessons.deals import as_deals, deal_out, deal_ranks, rank_orders, shuffled_deals, with_suits
from pianitsa101.lessons.figure import Chart, hist_shares, show_row
from pianitsa101.lessons.plots import big_plots, error_bars
from pianitsa101.lessons.printed import lesson_language
from pianitsa101.lessons.sizes import COMPILED, ENGINE, sample
from pianitsa101.lessons.stats import Mean, Share, agrees, versus

__all__ = ["COMPILED", "ENGINE", "Chart", "Mean", "Share", "agrees", "as_deals", "big_plots", "deal_out",
           "deal_ranks", "error_bars", "hist_shares", "lesson_language", "rank_orders", "sample", "show_row",
           "shuffled_deals",
           "solve_chain", "versus", "with_suits"]
