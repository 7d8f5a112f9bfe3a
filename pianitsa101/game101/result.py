"""What a match of 101 leaves behind: each round dealt (``PlayedRound``), the score sheet (``MatchResult``).

``Match101`` (``match.py``) makes them; they only hold what happened, in match seats, and
write it as a score sheet (text, or a table in a notebook).
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from pianitsa101._checks import plural
from pianitsa101.game101.events import Event, renumber
from pianitsa101.game101.round import Round101
from pianitsa101.game101.scoring import RoundScore
from pianitsa101.game101.seats import in_match_seats
from pianitsa101.i18n import _

__all__ = ["MatchResult", "PlayedRound"]


@dataclass(frozen=True)
class PlayedRound:
    """One dealt round of a match: who was dealt in, who started, what it scored."""

    number: int  # 1, 2, ...: rounds in the order dealt (abandoned ones included)
    seats: tuple[int, ...]  # the match seat of each round seat: round seat i is match seat seats[i]
    first: int  # the match seat that moved first (R4)
    seed: int  # the round's shuffle, drawn from the match's generator
    round: Round101  # the round itself: its events, moves, hands (replayable, see to_json)
    points: tuple[int | None, ...]  # per match seat: this round's points; None if not dealt in
    totals: tuple[int, ...]  # per match seat: the running totals after this round (R22 applied)
    reset: tuple[int, ...]  # match seats whose total was exactly the limit and became 0 (R22)
    out: tuple[int, ...]  # match seats over the limit after this round (R23)

    @property
    def abandoned(self) -> bool:
        """True when R26 ended the round: nobody scored and it was dealt again."""
        return self.round.abandoned

    @property
    def winner(self) -> int | None:
        """The match seat that won the round, None when it was abandoned."""
        won = self.round.winner
        return None if won is None else self.seats[won]

    @property
    def events(self) -> list[Event]:
        """The round's events in match seats (``round.events`` numbers the seats of the round)."""
        return in_match_seats(self.round.events, self.seats)

    def score_sheet(self) -> tuple[RoundScore, ...]:
        """How the round was scored (R19-R21), one ``RoundScore`` per seat dealt in, in match seats."""
        return tuple(renumber(score, self.seats) for score in self.round.score_sheet())


@dataclass(frozen=True)
class MatchResult:
    """The score sheet of a match: points and totals per round, the losers and the winner."""

    players: int
    rounds: tuple[tuple[int | None, ...], ...]  # per round, per match seat: points (None: not dealt in)
    totals: tuple[tuple[int, ...], ...]  # per round, per match seat: running totals after it (R22)
    losers: tuple[int, ...]  # seats that went over the limit (R23), in the order they did
    winner: int | None  # R23; under first_over the lowest total, None when that is shared
    over: bool  # False while the match is still going on
    records: tuple[PlayedRound, ...]  # every dealt round, for replay and for widgets
    outcome: str | None = None  # "finished" (R23), "limit" (stopped at max_rounds), None while going on

    @property
    def final(self) -> tuple[int, ...]:
        """The totals now (all zero before the first round)."""
        return self.totals[-1] if self.totals else (0,) * self.players

    def __str__(self) -> str:
        """The score sheet: per round each seat's points and new total (* marks R22's reset to 0)."""
        head = _("round ") + " ".join(f"{_('seat {seat}').format(seat=s):>10}" for s in range(self.players))
        lines = [head]
        for rec in self.records:
            cells = []
            for seat in range(self.players):
                pts, total, mark = rec.points[seat], rec.totals[seat], "*" if seat in rec.reset else " "
                cells.append(f"{'':>10}" if pts is None else f"{pts:>+4} {total:>4}{mark}")
            note = _(" (abandoned, R26)") if rec.abandoned else ""
            lines.append(f"{rec.number:>5} " + " ".join(cells) + note)
        lines.append(self._verdict())
        return "\n".join(lines)

    def _verdict(self) -> str:
        """One line: who lost and who won, or that the match goes on."""
        if not self.over:
            return _("the match goes on")
        if self.outcome == "limit":
            rounds = plural(len(self.records), "round")
            return _("stopped after {rounds} (max_rounds) with nobody over the limit: "
                     "no loser, no winner").format(
                rounds=rounds)
        losers = ", ".join(_("seat {seat}").format(seat=s) for s in self.losers)
        winner = _("nobody") if self.winner is None else _("seat {seat}").format(seat=self.winner)
        return _("lost (over the limit): {losers}; winner: {winner}").format(losers=losers, winner=winner)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>seat {s}</th>" for s in range(self.players))
        rows = []
        for rec in self.records:
            cells = "".join(
                "<td></td>" if pts is None
                else f"<td>{pts:+d} &rarr; <b>{tot}</b>{' (R22 reset)' if seat in rec.reset else ''}</td>"
                for seat, (pts, tot) in enumerate(zip(rec.points, rec.totals, strict=True))
            )
            note = " <i>abandoned (R26)</i>" if rec.abandoned else ""
            rows.append(f"<tr><td>{rec.number}{note}</td>{cells}</tr>")
        body = "".join(rows)
        verdict = html.escape(self._verdict())
        return f"<table><tr><th>round</th>{head}</tr>{body}</table><p>{verdict}</p>"
