"""A match of 101: rounds are dealt and played until a total goes over the limit.

The rules enforced here (``RULES.md``; the rounds themselves are :class:`Round101`'s):

- R4. The first player of the first round is chosen at random with the match's random
  generator; in every later round the winner of the previous round starts.
- R22, R23: the totals and the end of the match are decided by
  :func:`pianitsa101.game101.scoring.settle_round` after every round.
- R26 in a match: an abandoned round scores nothing (every player dealt in scores 0) and is
  dealt again, with a new shuffle and the same first player.
- A bound (not a rule of the game): a match that is still going after ``max_rounds`` rounds
  (1,000 by default, abandoned ones counted) is stopped with ``result.outcome == "limit"``,
  no loser and no winner.  Some legal decks and points tables never let a total rise past
  the limit (a custom deck of queens and sixes, say), and such a match would otherwise go
  on for ever; a deck in which no card scores a point at all is refused at once.

Seats. The match numbers its players 0..n-1 once and for all ("match seats"): agents,
totals, losers and the winner use these numbers. A round is dealt among the players still
in, and numbers them 0..k-1 in match-seat order ("round seats"), so that the players keep
their places around the table: round seat ``i`` is match seat ``record.seats[i]``. An agent
is shown ``rnd.view(round_seat, totals)``, with the totals listed in round-seat order.
Until somebody leaves (and always under ``first_over``) the two numberings are the same.
What the match itself gives is in match seats: :meth:`Match101.view` (a player's view,
with the real totals), :attr:`Match101.log` and the events :meth:`Match101.play_move`
returns, :meth:`PlayedRound.score_sheet`; ``renumber(event, match.seats)`` turns any event
of the round into match seats.

Play a whole match with :meth:`Match101.play`, or step through it with
:meth:`Match101.play_round` (one round) or :meth:`Match101.play_move` (one move, made by
an agent or given, for instance by a person at a widget). A seat whose agent is ``None``
is played by a person: :attr:`Match101.waiting_for_person` tells when its move is due,
and it must be given to ``play_move``.

>>> match = Match101(players=3, seed=7)
>>> first = match.play_round()
>>> first.over
True
>>> result = match.play()
>>> result.losers != () and result.totals[-1] == match.totals
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from pianitsa101._checks import as_seed, plural, whole_number
from pianitsa101.cards import Card
from pianitsa101.game101.agents import AgentError, agent_name
from pianitsa101.game101.deal import deal_cards
from pianitsa101.game101.events import Event
from pianitsa101.game101.moves import MOVE_TYPES, IllegalMove, Move, NotNowError
from pianitsa101.game101.record import MATCH_FORMAT, match_from_json
from pianitsa101.game101.result import MatchResult, PlayedRound
from pianitsa101.game101.round import Round101
from pianitsa101.game101.rules import Rules101
from pianitsa101.game101.scoring import settle_round
from pianitsa101.game101.seats import (
    checked_agents,
    in_match_seats,
    log_for,
    match_log,
    match_view,
    round_dealt,
    round_scored,
)
from pianitsa101.game101.text import move_text
from pianitsa101.game101.validate import check_players
from pianitsa101.game101.view import PlayerView
from pianitsa101.i18n import N_, _, get_language

__all__ = ["Match101", "MatchResult", "PlayedRound", "settle_round"]

MAX_ROUNDS = 1_000  # the default bound on the rounds of a match (see the module text)
_LOCKED = N_("the round was played from inside an agent's choose(): an agent only answers with one of its "
             "legal_moves, and the match plays it")  # why the round refuses play() while an agent chooses


class Match101:
    """A match of 101 between agents: rounds until R23 ends it (see the module text)."""

    def __init__(
        self,
        players: int,
        deck: int | Sequence[Card] = 36,
        rules: Rules101 | None = None,
        seed: int | None = None,
        agents: Sequence[Any] | None = None,
        max_rounds: int = MAX_ROUNDS,
    ) -> None:
        self.rules = rules if rules is not None else Rules101()
        self.players = players = check_players(players)
        size = whole_number(deck)
        self.deck = size if size is not None else tuple(deal_cards(deck))
        Round101.deal(players, self.deck, self.rules, seed=0)  # refuses bad players/deck/rules now (R1)
        dealt = deal_cards(self.deck)
        if not any(self.rules.points[c.rank] > 0 for c in dealt):
            raise ValueError(_("R19/R23: no card of this deck scores a point under these rules (points), "
                               "so no total could ever go over the limit and the match would never end"))
        self.max_rounds = whole_number(max_rounds)
        if self.max_rounds is None or self.max_rounds < 1:
            raise ValueError(_("max_rounds must be a whole number of at least 1, got {value}").format(
                value=repr(max_rounds)))
        self.agents = checked_agents(agents, players)
        # With no seed the match picks one, so that its record always replays.
        seed = as_seed(seed)
        self.seed = seed if seed is not None else random.Random().getrandbits(32)
        self._rng = random.Random(self.seed)
        self._totals = [0] * players
        self._active = list(range(players))  # match seats still in (elimination)
        self._losers: list[int] = []
        self._records: list[PlayedRound] = []
        self._next_first: int | None = None  # match seat to start the next round (R4)
        self._current: Round101 | None = None  # the round in play, not yet scored
        self._current_deal: tuple[tuple[int, ...], int, int] | None = None  # its seats, first, seed
        self._round_seats: tuple[int, ...] = ()  # the match seat of each seat of the current round
        self._round_totals: tuple[int, ...] = ()  # the totals shown to them, in round-seat order
        self._winner: int | None = None
        self._over = False
        self._outcome: str | None = None  # "finished" (R23) or "limit" (max_rounds) once over
        self._choosing: tuple[Any, int] | None = None  # while an agent chooses: it and its seat

    def _not_while_choosing(self, what: str) -> None:
        """Refuse a call made from inside an agent's ``choose`` (it would play a move within a move)."""
        if self._choosing is not None:
            agent, seat = self._choosing
            raise NotNowError(_("{what} was called from inside the choose() of agent {agent} in seat "
                                "{seat}: an agent only answers with one of its legal_moves, and the match "
                                "plays it").format(
                what=what, agent=agent_name(agent), seat=seat))

    # ------------------------------------------------------------------ state

    @property
    def over(self) -> bool:
        """True once R23 has ended the match."""
        return self._over

    @property
    def totals(self) -> tuple[int, ...]:
        """Every match seat's total so far."""
        return tuple(self._totals)

    @property
    def active(self) -> tuple[int, ...]:
        """The match seats still in (all of them until someone leaves under ``elimination``)."""
        return tuple(self._active)

    @property
    def to_move(self) -> int | None:
        """The match seat whose move is due in the current round, or None between rounds."""
        rnd = self._current
        return None if rnd is None or rnd.over else self._round_seats[rnd.to_move]

    @property
    def waiting_for_person(self) -> bool:
        """True when the move due is that of a seat without an agent (a person's)."""
        seat = self.to_move
        return seat is not None and self.agents[seat] is None

    @property
    def current(self) -> Round101 | None:
        """The round being played, or None between rounds."""
        return self._current

    @property
    def seats(self) -> tuple[int, ...]:
        """The match seat of each seat of the current round (round seat i is match seat seats[i])."""
        if self._current is None:
            raise NotNowError(_("no round is being played: deal one with deal_round()"))
        return self._round_seats

    def view(self, seat: int) -> PlayerView:
        """What match seat ``seat`` sees of the round being played (between rounds: of the last one).

        Every number in it is a match seat: ``to_move``, ``hand_sizes[s]`` and ``totals[s]``
        (the real match totals) are per match seat, ``seats`` lists the match seats dealt in,
        the penalty ``chain`` names match seats.  A seat that has left (R23) sees the table
        with no hand of its own.  Agents are shown their round's own view (``Round101.view``).
        """
        return match_view(self, seat)

    @property
    def log(self) -> tuple[Event, ...]:
        """Every event of the match so far, in match seats; each round opens with ``RoundDealt``
        and, once scored, closes with ``RoundScored``. It shows the cards drawn (``CardsDrawn``)."""
        return match_log(self)

    def log_for(self, seat: int) -> tuple[Event, ...]:
        """``log`` as match seat ``seat`` sees it: its own draws with the cards, the others' as
        ``PublicDraw`` (how many cards, not which), so a table can show it to that player."""
        return log_for(self, seat)

    @property
    def result(self) -> MatchResult:
        """The score sheet so far (``over`` tells whether the match has ended)."""
        recs = tuple(self._records)
        return MatchResult(
            players=self.players,
            rounds=tuple(r.points for r in recs),
            totals=tuple(r.totals for r in recs),
            losers=tuple(self._losers),
            winner=self._winner,
            over=self._over,
            records=recs,
            outcome=self._outcome,
        )

    def __repr__(self) -> str:
        state = "over" if self._over else f"after {plural(len(self._records), 'round')}"
        return f"<Match101 of {self.players} players, seed={self.seed}, {state}, totals {self.totals}>"

    def _repr_html_(self) -> str:
        return self.result._repr_html_()

    # ------------------------------------------------------------------ playing

    def deal_round(self) -> Round101:
        """Deal the next round among the players still in, the first player by R4."""
        self._not_while_choosing("deal_round()")
        if self._over:
            raise NotNowError(_("the match is over: no more rounds are dealt (R23)"))
        if self._current is not None:
            raise NotNowError(_("round {number} is still being played: "
                                "finish it (play_round or play_move) before dealing another").format(
                number=len(self._records) + 1))
        seats, first, seed = self.next_deal()
        rnd = Round101.deal(len(seats), self.deck, self.rules, seed=seed, first=seats.index(first))
        self._start(rnd, (seats, first, seed))
        return rnd

    def take_round(self, rnd: Round101, deal: tuple[tuple[int, ...], int, int]) -> None:
        """Take ``rnd``, dealt as ``deal`` (from ``next_deal``), as the next round; score it if it is over.

        ``from_json`` gives the match its recorded rounds this way.
        """
        self._start(rnd, deal)
        if rnd.over:
            self._score()

    def _start(self, rnd: Round101, deal: tuple[tuple[int, ...], int, int]) -> None:
        """Make ``rnd`` the current round; its seats and the totals its agents see are fixed for it."""
        self._current, self._current_deal = rnd, deal
        self._round_seats = deal[0]
        self._round_totals = tuple(self._totals[m] for m in deal[0])
        rnd.totals = self._round_totals  # the round knows the totals it is played under (its views show them)

    def next_deal(self) -> tuple[tuple[int, ...], int, int]:
        """The next round's seats, first player (R4) and shuffle seed, drawn from the match's generator."""
        seats = tuple(self._active)
        if self._next_first is None:  # R4: the first round's first player at random
            self._next_first = seats[self._rng.randrange(len(seats))]
        return seats, self._next_first, self._rng.getrandbits(32)

    def play_move(self, move: Move | None = None) -> list[Event]:
        """Make one move in the current round and return what it added to ``log`` (match seats).

        With ``move=None`` the agent of the seat to move chooses it; otherwise the given move
        is played (an illegal one raises IllegalMove and changes nothing; so does a move given
        before the round is dealt, or ``move=None`` when a person is to move).  With no round
        being played, ``play_move()`` first deals one (``RoundDealt`` and the deal's own events
        come first); if a person's seat is then to move, it stops there, having only dealt
        (``waiting_for_person`` is True); if the agent then fails (AgentError), the deal is taken
        back, so that nothing is left half done. When the move ends the round, the round is
        scored at once (R19-R23) and ``RoundScored`` comes last. A move may also be given as
        text, as ``parse_move`` reads it ('7♠', 'Q♥ ♠', 'draw').
        """
        self._not_while_choosing("play_move()")
        opening: list[Event] = []
        before_deal = None
        if self._current is None:
            if move is not None:  # a move given for a round nobody has seen yet: refuse, change nothing
                raise NotNowError(_("no round is being played, so {move} cannot be played: "
                                    "deal_round() first to see the hands").format(move=move))
            before_deal = self._rng.getstate(), self._next_first
            rnd = self.deal_round()
            seats, first, _deal = self._current_deal  # type: ignore[misc]
            opening = [round_dealt(len(self._records) + 1, seats, first), *in_match_seats(rnd.events, seats)]
            if self.waiting_for_person:  # dealt; the person moves first: give that move with play_move(move)
                return opening
        rnd = self._current
        assert rnd is not None
        if move is None:
            seat = rnd.to_move
            try:
                events = self._play_agent_move(rnd, seat, self._choose(rnd, seat, rnd.legal_moves()))
            except Exception:
                if before_deal is not None:  # take this call's deal back: the same deal comes next time
                    self._rng.setstate(before_deal[0])
                    self._next_first = before_deal[1]
                    self._current = self._current_deal = None
                raise
        else:
            events = rnd.play(move)
        events = opening + in_match_seats(events, self._round_seats)
        if rnd.over:
            self._score()
            events.append(round_scored(self._records[-1]))
        return events

    def ask_agent(self) -> Move:
        """The move the agent to move in the current round chooses (not played); AgentError if it fails."""
        self._not_while_choosing("ask_agent()")
        rnd = self._current
        if rnd is None or rnd.over:
            raise NotNowError(_("no move is due: no round is being played"))
        return self._choose(rnd, rnd.to_move, rnd.legal_moves())

    def _choose(self, rnd: Round101, seat: int, legal: list[Move]) -> Move:
        """Ask the agent in round seat ``seat`` to choose from ``legal``; AgentError if it fails.

        ``legal`` is the agent's own copy (``rnd.legal_moves()`` makes a new list each time), and
        the answer is judged against the round's own list: it must be one of the legal moves (the
        very object, or a move of the same kind equal to one); nothing else is taken for one.
        While it chooses, the match and the round refuse to be played (a move within a move).
        """
        agent = self.agents[self._round_seats[seat]]
        if agent is None:
            raise NotNowError(_("seat {seat} is played by a person (its agent is None): "
                                "give its move with play_move(move)").format(seat=self._round_seats[seat]))
        view = rnd.view(seat, self._round_totals)
        self._choosing = agent, self._round_seats[seat]
        rnd._locked = _(_LOCKED)
        try:
            move = agent.choose(view, legal)
        except Exception as exc:
            raise self._agent_error(seat, None, _("raised {error}").format(error=repr(exc))) from exc
        finally:
            self._choosing = rnd._locked = None
        legal = rnd._legal if rnd._legal is not None else rnd.legal_moves()  # the round's own list
        for m in legal:
            if m is move:
                return move
        if type(move) in MOVE_TYPES:  # an equal move built by the agent itself
            for m in legal:
                if m == move:
                    return m
        raise self._agent_error(seat, move, self._not_legal(rnd, move))

    def _play_agent_move(self, rnd: Round101, seat: int, move: Move) -> list[Event]:
        """Play an agent's move; IllegalMove (the agent changed its list of moves) becomes AgentError."""
        try:
            return rnd.play(move)
        except IllegalMove as exc:  # the round refused it and is unchanged (R24)
            raise self._agent_error(seat, move, self._not_legal(rnd, move)) from exc

    @staticmethod
    def _not_legal(rnd: Round101, move: Any) -> str:
        shown = ", ".join(map(str if get_language() == "en" else move_text, rnd.legal_moves()))
        try:
            answer = repr(move)
        except Exception:  # an answer whose repr fails
            answer = f"a {type(move).__name__} object"
        if len(answer) > 200:
            answer = answer[:197] + "..."
        return _("returned {answer}, which is not a legal move; the legal moves were: {shown}").format(
            answer=answer, shown=shown)

    def _agent_error(self, seat: int, returned: Any, problem: str) -> AgentError:
        """The AgentError for the agent in round seat ``seat``, naming its match seat (and round seat)."""
        who = self._current_deal[0][seat]  # type: ignore[index]
        where = _("{who} (seat {seat} of this round)").format(who=who, seat=seat) if who != seat else str(who)
        return AgentError(self.agents[who], who, returned, problem, seat_text=where)

    def play_round(self) -> Round101:
        """Play the current round (dealing one if none is in play) to its end with the agents.

        Refused (NotNowError, nothing changed) when a seat of the round is played by a person.
        When an agent fails (AgentError), the round stays as it was when that agent was asked.
        """
        self._not_while_choosing("play_round()")
        seats = self._round_seats if self._current is not None else tuple(self._active)
        person = next((m for m in seats if self.agents[m] is None), None)
        if person is not None and not self._over:
            raise NotNowError(_("seat {seat} is played by a person (its agent is None): play_round() "
                                "plays agents only; give the person's moves with play_move(move) and "
                                "let the bots move with play_move()").format(seat=person))
        if self._current is None:
            self.deal_round()
        rnd = self._current
        assert rnd is not None
        choose, play = self._choose, self._play_agent_move
        while not rnd.over:
            seat = rnd.to_move
            play(rnd, seat, choose(rnd, seat, rnd.legal_moves()))
        if self._current is rnd:
            self._score()
        return rnd

    def play(self) -> MatchResult:
        """Play rounds until R23 (or ``max_rounds``) ends the match; returns the score sheet."""
        self._not_while_choosing("play()")
        while not self._over:
            self.play_round()
        return self.result

    def _score(self) -> None:
        """Score the finished current round (R19-R23, R26) and prepare the next (R4)."""
        rnd, (seats, first, seed) = self._current, self._current_deal  # type: ignore[misc]
        assert rnd is not None and rnd.over
        points: list[int | None] = [None] * self.players
        for i, pts in enumerate(rnd.points()):  # R26: an abandoned round scores 0 for everyone
            points[seats[i]] = pts
        settled = settle_round(self._totals, points, self.rules)
        if not rnd.abandoned:  # R26: an abandoned round is dealt again with the same first player
            self._next_first = seats[rnd.winner]  # R4: the winner starts the next round
        self._totals = list(settled.totals)
        self._records.append(PlayedRound(len(self._records) + 1, seats, first, seed, rnd,
                                         tuple(points), settled.totals, settled.reset, settled.over))
        self._current = self._current_deal = None
        self._losers.extend(settled.over)
        self._active = list(settled.still_in)
        self._over, self._winner = settled.finished, settled.winner
        if self._over:
            self._outcome = "finished"
        elif len(self._records) >= self.max_rounds:  # the bound: a match that could go on for ever
            self._over, self._outcome = True, "limit"
        if not self._over and self._next_first not in self._active:
            raise AssertionError("the winner of a round cannot go over the limit")  # R20 only lowers totals

    # ------------------------------------------------------------------ records

    def to_dict(self) -> dict[str, Any]:
        """The match as a JSON-ready record: players, deck, rules, seed and every round's own record."""
        rounds = [(r.seats, r.first, r.seed, r.round) for r in self._records]
        if self._current is not None:
            seats, first, seed = self._current_deal  # type: ignore[misc]
            rounds.append((seats, first, seed, self._current))
        return {
            "format": MATCH_FORMAT,
            "version": 1,
            "players": self.players,
            "deck": self.deck if isinstance(self.deck, int) else [str(c) for c in self.deck],
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "max_rounds": self.max_rounds,
            "agents": [agent_name(a) for a in self.agents],
            "rounds": [
                {"seats": list(seats), "first": first, "seed": seed, "round": json.loads(rnd.to_json())}
                for seats, first, seed, rnd in rounds
            ],
        }

    def to_json(self, indent: int | None = None) -> str:
        """The match record as JSON text (see :meth:`from_json`)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    @classmethod
    def from_json(cls, text: str | dict[str, Any], agents: Sequence[Any] | None = None) -> Match101:
        """Replay a match record: every round is rebuilt from its own record and scored again.

        The result is a match in the same state as the recorded one (the same totals,
        rounds and events); if it was not over, it can be played on (with ``agents``).
        The record must agree with R4 and the match seed (which seats were dealt in, who
        started, the shuffles), and every round but the last must be finished; a record
        that does not, or that is damaged in any way, is refused with a ValueError.
        """
        return match_from_json(cls, Round101, text, agents)
