"""The points of a round of 101 and the match totals (R19-R23).

- R19. Every player but the winner scores the points of the cards left in hand: by the
  rules' ``points`` table (default 2..10 their number, J 2, Q 3, K 4, A 11).
- R20. With ``queen_finish_bonus``, a winner whose last card is a queen scores -20
  (-40 for the queen of spades); R21: after putting down queens together, each queen counts.
- R26. An abandoned round scores nothing.
- R22. Exactly 101 (option ``reset_at_101``, default on): a total of exactly 101 becomes 0.
  **Read here as "exactly the limit"**: with the default ``limit=101`` that is 101; with
  another limit, landing exactly on it resets (101 itself would be over a lower limit).
- R23. End of the match: after each round every player still in adds the round's points
  (R19, R20) to their total, R22 is applied, and then
  ``match="first_over"`` (default): if any total is over ``limit``, the match ends and every
  player over it loses (several at once if need be). The *winner* is then the player with
  the lowest total, or nobody (``None``) when the lowest total is shared (**Decided** here;
  the source only names the losers);
  ``match="elimination"``: every player over the limit leaves; later rounds are dealt among
  the others only, until one player is left, the winner.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from pianitsa101.cards import Card, Rank
from pianitsa101.game101.laws import card_points, queen_bonus
from pianitsa101.game101.rules import Rules101
from pianitsa101.i18n import _, card_text, cards_text, pgettext

__all__ = ["RoundScore", "Settlement", "queen_bonus", "round_points", "score_sheet", "settle_round"]


class RoundScore(NamedTuple):
    """How one seat's points for a finished round were counted (R19-R21).

    Always ``points == sum(p for _, p in cards) + bonus``.  The winner has no cards left and
    ``finished_with`` holds the card(s) they went out with; an abandoned round (R26) scores 0
    for everyone, with no cards counted.
    """

    seat: int                           # the seat of the round (renumber() gives the match seat)
    cards: tuple[tuple[Card, int], ...]  # R19: every card left in the hand, with its points
    bonus: int                          # R20/R21: the queen finish bonus of the winner (-20 a queen, -40 Q♠)
    points: int                         # what the seat scores this round
    finished_with: tuple[Card, ...] = ()  # the winner's last card(s) (several after R21); () for the others

    def text(self, names: Sequence[str] | None = None) -> str:
        """The count as words, with ``names[seat]`` for the seat when given."""
        who = _("seat {seat}").format(seat=self.seat) if names is None else str(names[self.seat])
        if self.finished_with:
            last = cards_text(self.finished_with)
            several = sum(card.rank is Rank.QUEEN for card in self.finished_with) > 1  # R21: «за дам»
            bonus = _(", queen bonus {bonus} (R20)")
            if several:
                bonus = pgettext("queens", ", queen bonus {bonus} (R20)")
            bonus = bonus.format(bonus=f"{self.bonus:+d}") if self.bonus else ""
            line = pgettext("queens", "{who} went out with {last}{bonus}: {points}") if several else _(
                "{who} went out with {last}{bonus}: {points}")
            return line.format(who=who, last=last, bonus=bonus, points=f"{self.points:+d}")
        counted = " + ".join(f"{card_text(card)} {pts}" for card, pts in self.cards) or _("nothing counted")
        return f"{who}: {counted} = {self.points:+d}"

    __str__ = text


def score_sheet(rnd: Any) -> tuple[RoundScore, ...]:
    """How every seat's points for a finished round are counted (R19-R21, R26): one ``RoundScore`` per seat.

    This is the one place that counts points; ``round_points`` and ``Round101.points`` read it.
    """
    if not rnd.over:
        raise ValueError(_("the round is not over yet: points are counted when a player has no cards (R18)"))
    if rnd.abandoned:
        return tuple(RoundScore(seat, (), 0, 0) for seat in range(rnd.players))  # R26: nobody scores
    sheet = []
    for seat, hand in enumerate(rnd._hands):
        if seat == rnd.winner:  # R20/R21: -20 for each queen gone out with, -40 for the Q♠
            bonus = queen_bonus(rnd.final_cards) if rnd.rules.queen_finish_bonus else 0
            sheet.append(RoundScore(seat, (), bonus, bonus, tuple(rnd.final_cards)))
        else:  # R19: the points of the cards left in hand
            cards = tuple((c, card_points(c, rnd.rules)) for c in hand)
            sheet.append(RoundScore(seat, cards, 0, sum(p for _, p in cards)))
    return tuple(sheet)


def round_points(rnd: Any) -> list[int]:
    """Points per seat of a finished round: hand values for the losers, R20's bonus (or 0) for the winner."""
    return [score.points for score in score_sheet(rnd)]


@dataclass(frozen=True)
class Settlement:
    """What one round does to the match (R22, R23)."""

    totals: tuple[int, ...]  # every match seat's total after the round
    reset: tuple[int, ...]  # seats whose total was exactly the limit and became 0 (R22)
    over: tuple[int, ...]  # seats whose total is now over the limit: they lose (R23)
    still_in: tuple[int, ...]  # seats that play the next round (R23 elimination: the others left)
    finished: bool  # the match is over (R23)
    winner: int | None  # once finished: the winner, or None (first_over: lowest total shared)


def settle_round(totals: Sequence[int], points: Sequence[int | None], rules: Rules101) -> Settlement:
    """Add a round's points to the totals, apply R22, and decide by R23 who is out and whether the match ends.

    ``points`` has one entry per match seat, ``None`` for a player not dealt in (already out).

    >>> settle_round([90, 60, 30], [11, 0, 40], Rules101())
    Settlement(totals=(0, 60, 70), reset=(0,), over=(), still_in=(0, 1, 2), finished=False, winner=None)
    >>> settle_round([90, 99, 30, 50], [12, 5, 0, 8], Rules101())
    Settlement(totals=(102, 104, 30, 58), reset=(), over=(0, 1), still_in=(2, 3), finished=True, winner=2)
    >>> settle_round([90, 99, 30, 50], [12, 5, 0, 8], Rules101(match="elimination"))
    Settlement(totals=(102, 104, 30, 58), reset=(), over=(0, 1), still_in=(2, 3), finished=False, winner=None)
    """
    new, reset = list(totals), []
    dealt_in = [s for s, pts in enumerate(points) if pts is not None]
    for seat in dealt_in:
        new[seat] += points[seat]  # type: ignore[operator]
        if rules.reset_at_101 and new[seat] == rules.limit:  # R22: exactly the limit becomes 0
            new[seat] = 0
            reset.append(seat)
    over = tuple(s for s in dealt_in if new[s] > rules.limit)  # R23: over the limit loses
    still_in = tuple(s for s in dealt_in if s not in over)
    finished, winner = _match_end(new, over, still_in, rules)
    return Settlement(tuple(new), tuple(reset), over, still_in, finished, winner)


def _match_end(totals: list[int], over: tuple[int, ...], still_in: tuple[int, ...],
               rules: Rules101) -> tuple[bool, int | None]:
    """R23: whether the match ends now, and its winner (None: nobody, or not yet)."""
    if rules.match == "first_over":  # R23: the first total over the limit ends the match
        lowest = [s for s in still_in if totals[s] == min(totals[t] for t in still_in)]
        winner = lowest[0] if over and len(lowest) == 1 else None  # Decided: nobody when it is shared
        return bool(over), winner
    # R23 elimination: the players over the limit leave; the last one left wins
    return len(still_in) <= 1, still_in[0] if len(still_in) == 1 else None
