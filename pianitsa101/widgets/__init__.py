"""The tables: play and watch the games in a notebook, and run simulations.

- ``PianitsaTable``: Пьяница trick by trick, every dispute laid out, a plot of the stacks;
- ``Table101``: a whole match of 101 against bots (or bots watched), penalty chains, the scoreboard;
- ``SimulationPanel``: many games at once, a histogram and estimates with 95% intervals;
- ``TournamentBoard``: a class tournament's leaderboard and chart (``make tournament``).

Reusable pieces (for every table): ``cardrow.CardRow`` (the clickable card component),
``i18n.tr`` (every text in English and Russian), ``svgplot`` (line charts and histograms as
SVG), ``log.LogArea`` (the table's log), and the card art of ``pianitsa101.cardart``.
Nothing here imports numpy, matplotlib or numba, so the tables also run in the browser.
"""

from pianitsa101.widgets.cardrow import CardRow, card_item
from pianitsa101.widgets.log import LogArea
from pianitsa101.widgets.pianitsa_table import PianitsaTable
from pianitsa101.widgets.simulation_panel import SimulationPanel
from pianitsa101.widgets.table101 import Table101
from pianitsa101.widgets.tournament_board import TournamentBoard

__all__ = ["CardRow", "LogArea", "PianitsaTable", "SimulationPanel", "Table101", "TournamentBoard",
           "card_item"]
