"""Starting a 101 table: its match and bots, the checks of its arguments, and the event loop.

- ``make_match``: a new ``Match101`` with the person's seat empty (agent None) and bots in the
  others (those given, else ``HeuristicAgent``), each bot reset to the match seed.
- ``check_match``: a match given to the table must leave exactly the person's seat to them.
- ``event_loop``: the running asyncio loop on which the bots' moves are scheduled; JupyterLab's
  kernel runs one, and so does Pyodide in JupyterLite (its WebLoop, on the browser's timers).
  None outside a kernel: the table then plays the bots at once.

>>> match = make_match(3, 36, None, seed=1, human=0, bots=None)
>>> [type(a).__name__ for a in match.agents]
['NoneType', 'HeuristicAgent', 'HeuristicAgent']
>>> check_match(match, human=1)
Traceback (most recent call last):
...
ValueError: your seat 1 must be the only seat without an agent: Match101(..., agents=[...]), or ...watch
"""

from __future__ import annotations

import asyncio
import numbers
import warnings
from collections.abc import Sequence
from typing import Any

from pianitsa101.cards import Suit
from pianitsa101.game101 import HeuristicAgent, Match101, Rules101

__all__ = ["check_delay", "check_match", "event_loop", "make_match", "suit_of"]


def event_loop() -> asyncio.AbstractEventLoop | None:
    """The running asyncio loop of the kernel (JupyterLab's, or Pyodide's WebLoop), or None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:
            return None
    return loop if loop.is_running() else None  # Pyodide's WebLoop always runs


def suit_of(suit: Suit | str) -> Suit:
    """A suit from a ``Suit`` or its text: '♥', 'H', 'hearts'."""
    if isinstance(suit, Suit):
        return suit
    if isinstance(suit, str):
        text = suit.strip().upper()
        for s in Suit:
            if text in (s.symbol, s.name, s.letter):
                return s
        raise ValueError(f"a suit is one of ♠ ♣ ♦ ♥ (or S C D H); got {suit!r}")
    raise TypeError(f"a suit is a Suit or its symbol; got {type(suit).__name__}")


def check_delay(delay: object) -> float:
    """The bots' pause in seconds, 0 to 60."""
    if isinstance(delay, bool) or not isinstance(delay, numbers.Real):
        raise TypeError(f"delay is a number of seconds; got {delay!r}")
    if not 0 <= float(delay) <= 60:
        raise ValueError(f"delay must be from 0 to 60 seconds; got {delay!r}")
    return float(delay)


def check_human(human: object, players: int) -> int | None:
    """The person's seat: a seat number of the match, or None to watch bots."""
    if human is None:
        return None
    if isinstance(human, bool) or not isinstance(human, int):
        raise TypeError(f"human is a seat number or None; got {human!r}")
    if not 0 <= human < players:
        raise ValueError(f"human must be a seat 0..{players - 1}, or None to watch; got {human!r}")
    return human


def check_bots(bots: Sequence[Any] | None, players: int, human: int | None) -> list[Any] | None:
    """The bots given: one for each other seat (or one per seat), each with ``choose``."""
    if bots is None:
        return None
    bots = list(bots)
    others = players - (human is not None)
    if len(bots) not in (others, players):
        raise ValueError(
            f"bots lists one agent for each of the other {others} seats (or one per seat); got {len(bots)}"
        )
    return bots


def make_match(
    players: int, deck: Any, rules: Rules101 | None, seed: int, human: int | None, bots: Sequence[Any] | None
) -> Match101:
    """A new match: you in seat ``human``, bots elsewhere (the ones given while they fit, else Heuristic)."""
    human = check_human(human, players)
    others = [s for s in range(players) if s != human]
    if bots is None or len(bots) not in (len(others), players):
        bots = [HeuristicAgent() for _ in others]
    elif len(bots) == players:
        bots = [bots[s] for s in others]
    agents: list[Any] = [None] * players
    for seat, agent in zip(others, bots, strict=True):
        if callable(getattr(agent, "reset", None)):
            agent.reset(seed)  # a bot with its own generator plays the same way in the same match again
        agents[seat] = agent
    return Match101(players=players, deck=deck, rules=rules, seed=seed, agents=agents)


def check_match(match: object, human: int | None) -> Match101:
    """A match given to the table: your seat has no agent (None), every other seat has one."""
    if not isinstance(match, Match101):
        raise TypeError(f"match must be a Match101; got {type(match).__name__}")
    persons = [s for s, agent in enumerate(match.agents) if agent is None]
    if human is None and persons:
        raise ValueError(f"to watch, every seat needs a bot; seat {persons[0]} of this match has none (None)")
    if human is not None:
        check_human(human, match.players)
        if persons != [human]:
            agents = ", ".join("None" if s == human else "HeuristicAgent()" for s in range(match.players))
            raise ValueError(
                f"your seat {human} must be the only seat without an agent: "
                f"Match101(..., agents=[{agents}]), or human=None to watch"
            )
    return match
