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
rates carry a 95% Wilson score interval. The matches of a block are not independent
(they share the deals), which makes the interval, if anything, a little conservative
for comparing agents.

Agents with a ``reset(seed)`` method (such as :class:`RandomAgent`) are reset before
every match with a seed drawn from the tournament's generator, so the same call gives
the same table every time.
"""

from __future__ import annotations

import html
import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pianitsa101.cards import Card
from pianitsa101.game101.agents import agent_name
from pianitsa101.game101.match import Match101
from pianitsa101.game101.rules import Rules101

__all__ = ["AgentStats", "TournamentResult", "seatings", "tournament", "wilson_interval"]

Z95 = 1.959963984540054  # the 97.5% point of the standard normal distribution


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (low, high) for a proportion; 95% by default.

    With p = successes / trials and n = trials the interval is
    (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n). For 8 successes in 10,
    with z = 1.96: centre (0.8 + 0.19208) / 1.38416 = 0.71676, half-width
    1.96 · sqrt(0.016 + 0.009604) / 1.38416 = 0.22657.

    >>> low, high = wilson_interval(8, 10)
    >>> round(low, 4), round(high, 4)
    (0.4902, 0.9433)
    >>> low, high = wilson_interval(0, 10)     # never: the interval still has width
    >>> round(low, 4), round(high, 4)
    (0.0, 0.2775)
    >>> wilson_interval(0, 0)                   # no trials: we know nothing
    (0.0, 1.0)
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return (0.0, 1.0)
    p, n, z2 = successes / trials, trials, z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


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
        raise ValueError(f"seatings need at least one agent and one seat, got {agents} and {players}")
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

    @property
    def win_rate(self) -> float:
        """Share of matches won."""
        return self.wins / self.matches if self.matches else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson score interval of the win rate."""
        return wilson_interval(self.wins, self.matches)

    @property
    def mean_points(self) -> float:
        """Mean points scored per round (lower is better)."""
        return self.points / self.rounds if self.rounds else 0.0


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

    def __getitem__(self, name: str) -> AgentStats:
        for line in self.stats:
            if line.name == name:
                return line
        raise KeyError(f"no agent named {name!r}; the agents are {[s.name for s in self.stats]}")

    def _rows(self) -> list[list[str]]:
        """The table as text cells, header first."""
        rows = [["agent", "matches", "wins", "win rate", "95% interval", "losses", "points/round"]]
        for s in self.stats:
            low, high = s.interval
            rows.append([s.name, str(s.matches), str(s.wins), f"{s.win_rate:.1%}",
                         f"{low:.1%} - {high:.1%}", str(s.losses), f"{s.mean_points:.2f}"])
        return rows

    def _caption(self) -> str:
        return (f"{self.matches} matches of {self.players} players, seed {self.seed}, {self.rules!r}; "
                f"{self.rounds} rounds ({self.abandoned} abandoned), {self.moves} moves")

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


def tournament(
    agents: Sequence[Any],
    matches: int,
    seed: int,
    players: int | None = None,
    rules: Rules101 | None = None,
    deck: int | Sequence[Card] = 36,
) -> TournamentResult:
    """Play ``matches`` seeded matches between the agents, seats rotated fairly (see the module text)."""
    agents = list(agents)
    players = len(agents) if players is None else players
    if len(agents) < 2:
        raise ValueError(f"a tournament needs at least 2 agents, got {len(agents)}")
    if not isinstance(matches, int) or matches < 1:
        raise ValueError(f"matches must be a whole number of at least 1, got {matches!r}")
    rules = rules if rules is not None else Rules101()
    cycle = seatings(len(agents), players)
    rng = random.Random(seed)
    names = _names(agents)
    played, wins, losses, rounds, points = ([0] * len(agents) for _ in range(5))
    seats = [[0] * players for _ in agents]
    dealt = abandoned = moves = no_winner = 0
    match_seed = 0
    for number in range(matches):
        seating = cycle[number % len(cycle)]
        if number % len(agents) == 0:  # a new block: new deals, shared by its rotations
            match_seed = rng.getrandbits(32)
        for agent in {id(agents[i]): agents[i] for i in seating}.values():
            reset = getattr(agent, "reset", None)
            if callable(reset):
                reset(rng.getrandbits(32))
        result = Match101(players, deck, rules, seed=match_seed, agents=[agents[i] for i in seating]).play()
        for seat, who in enumerate(seating):
            seats[who][seat] += 1
        for who in set(seating):
            played[who] += 1
        if result.winner is None:
            no_winner += 1
        else:
            wins[seating[result.winner]] += 1
        for who in {seating[s] for s in result.losers}:
            losses[who] += 1
        for rec in result.records:
            dealt += 1
            moves += len(rec.round.moves)
            if rec.abandoned:
                abandoned += 1
                continue
            for seat, pts in enumerate(rec.points):
                if pts is not None:
                    rounds[seating[seat]] += 1
                    points[seating[seat]] += pts
    stats = tuple(
        AgentStats(names[i], played[i], wins[i], losses[i], rounds[i], points[i], tuple(seats[i]))
        for i in range(len(agents))
    )
    return TournamentResult(stats, matches, players, seed, rules, dealt, abandoned, moves, no_winner)
