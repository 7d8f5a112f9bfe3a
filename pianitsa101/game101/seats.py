"""Round seats and match seats: a match's views and log, numbered as the match numbers its players.

A round numbers the players dealt into it 0..k-1 ("round seats"); a match numbers all its
players 0..n-1 once and for all ("match seats"). Under ``match="elimination"`` (R23) they
differ as soon as somebody has left: in a round dealt to match seats (0, 1, 3), round seat 2
is match seat 3. Tables and lessons speak of match seats; ``Match101`` uses these helpers
for ``Match101.view(seat)``, ``Match101.log`` and the events ``play_move`` returns, and
``checked_agents`` for the one agent (or person) in each match seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pianitsa101.game101.agents import HeuristicAgent
from pianitsa101.game101.events import CardsDrawn, RoundDealt, RoundScored, renumber
from pianitsa101.game101.moves import NotNowError
from pianitsa101.game101.view import PlayerView
from pianitsa101.i18n import _

__all__ = ["checked_agents", "in_match_seats", "log_for", "match_log", "match_view", "round_dealt",
           "round_scored"]


def in_match_seats(events: Sequence[Any], seats: Sequence[int]) -> list[Any]:
    """The events with every round seat ``i`` written as the match seat ``seats[i]``."""
    if tuple(seats) == tuple(range(len(seats))):
        return list(events)  # nobody has left: the numbers agree
    return [renumber(e, seats) for e in events]


def round_dealt(number: int, seats: tuple[int, ...], first: int) -> RoundDealt:
    """The match event that opens round ``number`` (match seats)."""
    return RoundDealt(number, tuple(seats), first)


def round_scored(record: Any) -> RoundScored:
    """The match event that closes a scored round (match seats)."""
    return RoundScored(record.number, record.points, record.totals, record.reset, record.out)


def match_log(match: Any) -> tuple[Any, ...]:
    """Every event of the match so far in match seats, each round opened by ``RoundDealt``
    and closed by ``RoundScored`` (the round being played has no ``RoundScored`` yet)."""
    log: list[Any] = []
    for rec in match.result.records:
        log.append(round_dealt(rec.number, rec.seats, rec.first))
        log += in_match_seats(rec.round.events, rec.seats)
        log.append(round_scored(rec))
    rnd = match.current
    if rnd is not None:
        seats, first, _ = match._current_deal  # type: ignore[misc]
        log.append(round_dealt(len(match.result.records) + 1, seats, first))
        log += in_match_seats(rnd.events, seats)
    return tuple(log)


def log_for(match: Any, seat: int) -> tuple[Any, ...]:
    """The match log as match seat ``seat`` sees it: the others' draws as ``PublicDraw`` (counts only)."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < match.players:
        raise ValueError(_("seat must be a match seat 0..{last}, got {value}").format(
            last=match.players - 1, value=repr(seat)))
    return tuple(e.public() if type(e) is CardsDrawn and e.seat != seat else e for e in match_log(match))


def _shown_round(match: Any) -> tuple[Any, tuple[int, ...]]:
    """The round being played, or between rounds the last one played, with its match seats."""
    if match.current is not None:
        return match.current, match.seats
    records = match.result.records
    if not records:
        raise NotNowError(_("no round has been dealt yet: deal_round() or play_move() first"))
    return records[-1].round, records[-1].seats


def match_view(match: Any, seat: int) -> PlayerView:
    """What match seat ``seat`` sees of the round being played (or of the last one), in match seats."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < match.players:
        raise ValueError(_("seat must be a match seat 0..{last}, got {value}").format(
            last=match.players - 1, value=repr(seat)))
    rnd, seats = _shown_round(match)
    # A player who has left (R23) watches: the table as everybody sees it, with no hand of their own.
    view = (rnd.view(seats.index(seat)) if seat in seats
            else rnd.view(0)._replace(hand=(), drawn=None, skip_to_answer=False))
    sizes = [0] * match.players
    for i, m in enumerate(seats):
        sizes[m] = view.hand_sizes[i]
    changes: dict[str, Any] = {
        "seat": seat, "players": match.players, "hand_sizes": tuple(sizes), "totals": match.totals,
        "to_move": None if view.to_move is None else seats[view.to_move], "seats": tuple(seats),
        "chain": None if view.chain is None else renumber(view.chain, seats),
    }
    changes["log"] = tuple(in_match_seats(view.log, seats))  # the public log, in match seats too
    return view._replace(**changes)


def checked_agents(agents: Sequence[Any] | None, players: int) -> list[Any]:
    """One agent per seat, each with a ``choose`` method or None (a person); HeuristicAgent by default."""
    if agents is None:
        return [HeuristicAgent() for _seat in range(players)]
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Sequence):
        raise TypeError(_("agents must be a list with one agent per seat (None: a person), "
                          "got {value}").format(value=repr(agents)))
    agents = list(agents)
    if len(agents) != players:
        raise ValueError(_("a match of {players} players needs {players} agents, one per seat, "
                           "got {count}").format(players=players, count=len(agents)))
    for seat, agent in enumerate(agents):
        if agent is not None and not callable(getattr(agent, "choose", None)):
            raise TypeError(_("the agent in seat {seat} ({agent}) has no method "
                              "choose(view, legal_moves) (None: a person plays that seat)").format(
                seat=seat, agent=repr(agent)))
    return agents
