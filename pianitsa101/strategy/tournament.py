"""Tournaments of 101 bots: many seeded matches, every seating rotated fairly.

Fair seating. Where a player sits matters in 101 (who plays after whom decides who
receives the sevens and aces), so a tournament rotates the agents through the seats.
Think of the agents sitting around a table in some cyclic order, repeated as often as
the seats need (agents ``0 1 2`` in four seats: ``0 1 2 0``), and turned one place on
for each next match: with ``k`` agents a block of ``k`` matches puts every agent in every
seat exactly once. There is one block per cyclic order of the agents (``(k-1)!`` of them),
so that over a full cycle everybody also sits after everybody. All the matches of a block
share one seed: every agent plays every seat of the same deals ("duplicate" style, which
cancels much of the luck of the cards).

- As many seats as agents: every agent plays every match.
- More seats than agents: some agents fill two seats (or more) in a match, spread evenly.
- Fewer seats than agents (``players=2`` with three agents): each match is played by
  ``players`` of them, and the blocks give a fair round robin.

When ``matches`` is a multiple of ``k`` every agent sits in every seat equally often
(otherwise the last, partial block is short by one at most per seat).

A *win* is a match whose winner (R23, see :mod:`~pianitsa101.game101.match`) is one of the
agent's seats; a *loss* is a match in which one of its seats went over the limit. Win
rates carry a 95% Wilson score interval. The matches of a duplicate block are not
independent: they share the deals, and a deal that suits an agent tends to be won from
every seat. So on duplicate deals the interval is Wilson's for the matches divided by the
blocks' measured :func:`~pianitsa101.strategy.stats.design_effect` (HeuristicAgent against
GreedyAgent heads-up: 1.28, an interval 13% wider than for independent matches; about 1
when one agent wins nearly every match).

Agents with a ``reset(seed)`` method (such as :class:`RandomAgent`) are reset before
every match with a seed drawn from the tournament's generator, so the same call gives
the same table every time.

Duplicate deals (``duplicate=True``, the default) are what makes a comparison fair: every
block of matches replays one shuffle with the seats rotated, so each agent gets the good
cards and the bad ones in turn.  Fair, but in heads-up 101 not more precise: measured in
lesson 08, the interval of a difference comes out no narrower than on independent deals.
``result.difference(a, b)`` gives the difference of two
agents' win rates with its 95% interval, from the blocks (each block is one independent
measurement); with ``duplicate=False`` every match has its own seed and a block is just
``k`` consecutive matches.  :func:`~pianitsa101.strategy.stats.matches_needed` says how many
matches tell a given edge apart.

``workers`` plays the matches in that many processes (None: one per core).  The table is
the same as with one worker: every match's seed and every agent's reset seed are drawn
first, in order.  (An agent that keeps its own random state *without* ``reset`` would play
differently in each process.)  Agents must then be picklable.

>>> from pianitsa101.game101 import GreedyAgent, RandomAgent
>>> result = tournament([GreedyAgent(), RandomAgent(seed=1)], matches=20, seed=3)
>>> diff = result.difference(0, 1)
>>> diff.low < diff.value < diff.high, diff.blocks
(True, 10)
"""

from __future__ import annotations

import html
import itertools
import operator
import os
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from pianitsa101.cards import Card
from pianitsa101.game101.agents import agent_name
from pianitsa101.game101.match import Match101
from pianitsa101.game101.rules import Rules101
from pianitsa101.i18n import _, get_language, ngettext
from pianitsa101.i18n import number as i18n_number  # "number" names a match in this module
from pianitsa101.strategy.stats import (
    Z95,
    design_effect,
    difference_interval,
    matches_needed,
    wilson_interval,
)
from pianitsa101.strategy.words import count, pct, points

__all__ = ["Z95", "AgentStats", "Difference", "TournamentResult", "matches_needed", "seatings", "tournament",
           "wilson_interval"]


def seatings(agents: int, players: int) -> list[tuple[int, ...]]:
    """One full cycle of seatings: which agent (by index) sits in each seat, in blocks of ``agents`` matches.

    >>> seatings(2, 2)
    [(0, 1), (1, 0)]
    >>> seatings(3, 3)
    [(0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 2, 1), (2, 1, 0), (1, 0, 2)]
    >>> seatings(2, 4)
    [(0, 1, 0, 1), (1, 0, 1, 0)]
    >>> seatings(3, 2)
    [(0, 1), (1, 2), (2, 0), (0, 2), (2, 1), (1, 0)]
    """
    if agents < 1 or players < 1:
        raise ValueError(_("seatings need at least one agent and one seat, "
                           "got {agents} and {players}").format(
            agents=agents, players=players))
    out = []
    for rest in itertools.permutations(range(1, agents)):
        order = (0, *rest)
        out.extend(tuple(order[(s + turn) % agents] for s in range(players)) for turn in range(agents))
    return out


@dataclass(frozen=True)
class AgentStats:
    """One agent's line in the tournament table."""

    name: str
    matches: int  # matches it played in
    wins: int  # matches won (R23)
    losses: int  # matches in which it went over the limit (R23)
    rounds: int  # rounds it was dealt in and that were scored (abandoned ones not counted)
    points: int  # points it scored in those rounds (R19, R20)
    seats: tuple[int, ...]  # how many times it sat in each seat
    design_effect: float = 1.0  # how much the blocks' shared deals widen the interval (stats.design_effect)

    @property
    def win_rate(self) -> float:
        """Share of matches won."""
        return self.wins / self.matches if self.matches else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson score interval of the win rate, widened for matches that share deals (duplicate)."""
        return wilson_interval(self.wins, self.matches, design_effect=self.design_effect)

    @property
    def mean_points(self) -> float:
        """Mean points scored per round (lower is better)."""
        return self.points / self.rounds if self.rounds else 0.0


class Difference(NamedTuple):
    """The difference of two agents' win rates, with its 95% interval, measured on ``blocks`` blocks."""

    first: str
    second: str
    value: float  # win rate of ``first`` minus win rate of ``second``
    low: float
    high: float
    blocks: int  # independent blocks of duplicate matches behind the interval

    def __str__(self) -> str:
        blocks = (f"{self.blocks} blocks" if get_language() == "en"
                  else ngettext("{n} block", "{n} blocks", self.blocks).format(n=count(self.blocks)))
        return _("{first} - {second}: {value} (95{pc} interval {low} to {high}, {blocks})").format(
            first=self.first, second=self.second, value=points(self.value, signed=True),
            low=points(self.low, signed=True), high=points(self.high, signed=True), blocks=blocks, pc="%")


@dataclass(frozen=True)
class TournamentResult:
    """The outcome of a tournament: one AgentStats line per agent, printable as a table."""

    stats: tuple[AgentStats, ...]
    matches: int
    players: int
    seed: int
    rules: Rules101
    rounds: int  # rounds dealt in all (abandoned ones included)
    abandoned: int  # rounds abandoned by R26
    moves: int  # moves made in all
    no_winner: int  # matches without a winner (first_over: the lowest total shared)
    blocks: tuple[tuple[int, ...], ...] = ()  # per block of matches: each agent's (matches, wins), flattened
    duplicate: bool = True  # the matches of a block replayed the same deals

    def __getitem__(self, name: str) -> AgentStats:
        for line in self.stats:
            if line.name == name:
                return line
        raise KeyError(_("no agent named {name}; the agents are {names}").format(
            name=repr(name), names=[s.name for s in self.stats]))

    def _index(self, agent: int | str) -> int:
        if isinstance(agent, str):
            return self.stats.index(self[agent])
        index = operator.index(agent)
        if not 0 <= index < len(self.stats):
            raise ValueError(_("agent must be 0..{last} or a name, got {value}").format(
                last=len(self.stats) - 1, value=repr(agent)))
        return index

    def difference(self, first: int | str = 0, second: int | str = 1) -> Difference:
        """Win rate of ``first`` minus that of ``second`` (indexes or names), 95% interval from the blocks."""
        a, b = self._index(first), self._index(second)
        diffs = []
        for block in self.blocks:
            (ma, wa), (mb, wb) = block[2 * a: 2 * a + 2], block[2 * b: 2 * b + 2]
            if ma and mb:
                diffs.append(wa / ma - wb / mb)
        value, low, high = difference_interval(diffs)  # a difference of two rates lies in -1..1
        return Difference(self.stats[a].name, self.stats[b].name, value, max(low, -1.0), min(high, 1.0),
                          len(diffs))


    def _rows(self) -> list[list[str]]:
        """The table as text cells, header first."""
        rows = [[_("agent"), _("matches"), _("wins"), _("win rate"), _("95{pc} interval").format(pc="%"),
                 _("losses"), _("points/round")]]
        interval = _("[{low}, {high}]")
        for s in self.stats:
            low, high = s.interval
            rows.append([s.name, count(s.matches, False), count(s.wins, False), pct(s.win_rate),
                         interval.format(low=pct(low), high=pct(high)), count(s.losses, False),
                         i18n_number(s.mean_points, 2)])
        return rows

    def _caption(self) -> str:
        if get_language() == "en":
            return (f"{self.matches} matches of {self.players} players, seed {self.seed}, {self.rules!r}; "
                    f"{self.rounds} rounds ({self.abandoned} abandoned), {self.moves} moves")
        return _("{matches} matches of {players} players, seed {seed}, {rules}; {rounds} rounds "
                 "({abandoned} abandoned), {moves} moves").format(
            matches=count(self.matches), players=self.players, seed=self.seed, rules=repr(self.rules),
            rounds=count(self.rounds), abandoned=count(self.abandoned), moves=count(self.moves))

    def __str__(self) -> str:
        rows = self._rows()
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        lines = []
        for row in rows:
            pairs = enumerate(zip(row, widths, strict=True))
            cells = [c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in pairs]
            lines.append("  ".join(cells))
        return "\n".join([*lines, self._caption()])

    def _repr_html_(self) -> str:
        rows = self._rows()
        head = "".join(f"<th>{html.escape(c)}</th>" for c in rows[0])
        body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in rows[1:])
        caption = html.escape(self._caption())
        return f"<table><caption>{caption}</caption><tr>{head}</tr>{body}</table>"


def _names(agents: Sequence[Any]) -> list[str]:
    """Distinct names for the agents (a number added where two would look the same)."""
    names = [agent_name(a) for a in agents]
    return [f"{n} #{i}" if names.count(n) > 1 else n for i, n in enumerate(names)]


class _Plan(NamedTuple):
    """One match of a tournament, decided before any is played: who sits where, its seed, the resets."""

    number: int
    seating: tuple[int, ...]
    seed: int
    resets: tuple[tuple[int, int], ...]  # (agent index, seed) for each agent with reset(), in order


def _plan(agents: list[Any], matches: int, seed: int, players: int, duplicate: bool) -> list[_Plan]:
    """Every match's seating, seed and agent resets, drawn in order from the tournament's generator."""
    cycle = seatings(len(agents), players)
    rng = random.Random(seed)
    plans = []
    match_seed = 0
    for number in range(matches):
        seating = cycle[number % len(cycle)]
        if not duplicate or number % len(agents) == 0:  # a new block: new deals, shared by its rotations
            match_seed = rng.getrandbits(32)
        resets = []
        for i in {id(agents[i]): i for i in seating}.values():
            if callable(getattr(agents[i], "reset", None)):
                resets.append((i, rng.getrandbits(32)))
        plans.append(_Plan(number, seating, match_seed, tuple(resets)))
    return plans


def _play(agents: list[Any], players: int, deck: Any, rules: Rules101, plan: _Plan) -> tuple:
    """Play one planned match; its summary: winner, losers, and per round (abandoned, moves, points)."""
    for i, reset_seed in plan.resets:
        agents[i].reset(reset_seed)
    result = Match101(players, deck, rules, seed=plan.seed, agents=[agents[i] for i in plan.seating]).play()
    rounds = tuple((rec.abandoned, len(rec.round.moves), rec.points) for rec in result.records)
    return result.winner, result.losers, rounds


def _play_many(agents: list[Any], players: int, deck: Any, rules: dict, plans: list[_Plan]) -> list:
    """Play planned matches in this process (a worker's task); a failure is reported, not raised."""
    rules = Rules101.from_dict(rules)  # sent as a dict: its points table does not pickle
    out = []
    for plan in plans:
        try:
            out.append(_play(agents, players, deck, rules, plan))
        except Exception as exc:  # replayed in the parent, which raises the real error
            out.append(("failed", plan.number, repr(exc)))
            break
    return out


def _workers(workers: Any) -> int:
    if workers is None:
        return os.cpu_count() or 1
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(_("workers must be a whole number of at least 1, or None for every core, "
                           "got {value}").format(value=repr(workers)))
    return workers


def _in_processes(agents: list[Any], players: int, deck: Any, rules: Rules101, plans: list[_Plan],
                  workers: int) -> list:
    """The matches' summaries, in order, played by ``workers`` processes."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    size = max(1, min(50, -(-len(plans) // (4 * workers))))
    chunks = [plans[i: i + size] for i in range(0, len(plans), size)]
    out = []
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        tasks = [(agents, players, deck, rules.to_dict(), c) for c in chunks]
        for summaries in pool.map(_play_many, *zip(*tasks, strict=True)):
            for summary in summaries:
                if summary[0] == "failed":  # play that match here, to raise its error as it is
                    plan = plans[summary[1]]
                    _play(agents, players, deck, rules, plan)
                    raise RuntimeError(_("match {number} failed in a worker: {error}").format(
                        number=plan.number, error=summary[2]))
                out.append(summary)
    return out


def tournament(
    agents: Sequence[Any],
    matches: int,
    seed: int,
    players: int | None = None,
    rules: Rules101 | None = None,
    deck: int | Sequence[Card] = 36,
    *,
    duplicate: bool = True,
    workers: int | None = 1,
) -> TournamentResult:
    """Play ``matches`` seeded matches between the agents, seats rotated fairly (see the module text)."""
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Iterable):  # say what is wanted
        raise TypeError(_("agents must be a list of at least 2 agents (objects with choose(view, "
                          "legal_moves)), got {value}").format(value=repr(agents)))
    agents = list(agents)
    players = len(agents) if players is None else operator.index(players)
    if len(agents) < 2:
        raise ValueError(_("a tournament needs at least 2 agents, got {count}").format(count=len(agents)))
    if isinstance(matches, bool) or not hasattr(matches, "__index__") or operator.index(matches) < 1:
        raise ValueError(_("matches must be a whole number of at least 1, got {value}").format(
            value=repr(matches)))
    matches = operator.index(matches)
    try:
        seed = operator.index(seed)  # numpy integers too
    except TypeError:
        raise TypeError(_("seed must be a whole number, got {value}").format(value=repr(seed))) from None
    rules = rules if rules is not None else Rules101()
    count = _workers(workers)
    plans = _plan(agents, matches, seed, players, bool(duplicate))
    if count == 1 or matches == 1:
        summaries = [_play(agents, players, deck, rules, plan) for plan in plans]
    else:
        summaries = _in_processes(agents, players, deck, rules, plans, min(count, matches))
    names = _names(agents)
    k = len(agents)
    played, wins, losses, rounds, points = ([0] * k for _ in range(5))
    seats = [[0] * players for _ in agents]
    blocks = []
    dealt = abandoned = moves = no_winner = 0
    for plan, (winner, losers, played_rounds) in zip(plans, summaries, strict=True):
        seating = plan.seating
        if plan.number % k == 0:
            blocks.append([0] * (2 * k))
        block = blocks[-1]
        for seat, who in enumerate(seating):
            seats[who][seat] += 1
        for who in set(seating):
            played[who] += 1
            block[2 * who] += 1
        if winner is None:
            no_winner += 1
        else:
            wins[seating[winner]] += 1
            block[2 * seating[winner] + 1] += 1
        for who in {seating[s] for s in losers}:
            losses[who] += 1
        for was_abandoned, made, round_points in played_rounds:
            dealt += 1
            moves += made
            if was_abandoned:
                abandoned += 1
                continue
            for seat, pts in enumerate(round_points):
                if pts is not None:
                    rounds[seating[seat]] += 1
                    points[seating[seat]] += pts
    effects = [design_effect([(b[2 * i], b[2 * i + 1]) for b in blocks if b[2 * i]]) if duplicate else 1.0
               for i in range(k)]
    stats = tuple(
        AgentStats(names[i], played[i], wins[i], losses[i], rounds[i], points[i], tuple(seats[i]), effects[i])
        for i in range(k)
    )
    return TournamentResult(stats, matches, players, seed, rules, dealt, abandoned, moves, no_winner,
                            tuple(tuple(b) for b in blocks), bool(duplicate))
