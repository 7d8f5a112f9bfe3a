"""The record of one trick of Пьяница, made to replay and animate it step by step.

How a trick is played (P3-P10, P12) is in ``play.py``; this module only holds what
happened: the seats called in each round, the face-down stakes, the face-up cards, the
seats holding the winning rank, who joined a second dispute, the taker, the table in table
order, the cards gathered in the order they go under the taker's stack, and who left.

>>> from pianitsa101.pianitsa import PianitsaGame
>>> trick = PianitsaGame.from_stacks(["K♠ 9♠", "K♥ 10♥"]).play_trick()
>>> print(trick)
trick 1    seat 0  seat 1
cards      K♠*     K♥*
dispute 1  9♠      10♥*
seat 1 takes 4 cards (* the winning rank, P6)
seat 0: no cards left, out of the game (P11)
>>> trick.summary()
'trick 1: 0:K♠ 1:K♥ | 0:9♠ 1:10♥ -> seat 1 takes 4'
>>> trick.leaders, trick.disputes, trick.gathered
([(0, 1), (1,)], 1, [Card.parse('K♥'), Card.parse('10♥'), Card.parse('K♠'), Card.parse('9♠')])
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from pianitsa101.cardart import card_html, cards_html
from pianitsa101.cards import Card, CardList
from pianitsa101.i18n import _, card_text, plural
from pianitsa101.pianitsa.text import trick_text

__all__ = ["PianitsaTrick"]


@dataclass(frozen=True)
class PianitsaTrick:
    """What happened in one trick, step by step, for replays, widgets and lessons.

    Round ``i`` is the i-th time cards were put face up: round 0 is everyone's card,
    later rounds are dispute rounds (P8, P10).
    """

    number: int
    """1 for the first trick of the game."""
    seats: list[tuple[int, ...]]
    """Per round, the seats called to put cards, in seat (= table) order."""
    joined: list[tuple[int, ...]]
    """Per round, the seats that joined by a second dispute (P10) at the start of that round."""
    stakes: list[dict[int, CardList]]
    """Per round, the face-down stake cards of each seat that put some (P8, P12)."""
    rounds: list[dict[int, Card]]
    """Per round, the face-up card of each seat that put one (missing seats had no card, P12)."""
    leaders: list[tuple[int, ...]]
    """Per round, the seats whose face-up card has the winning rank (P6); 2+ means a dispute."""
    disputes: int
    """Dispute rounds called in this trick (``len(rounds) - 1``)."""
    taker: int | None
    """The seat that collected the table, or None when nobody could (P12 draw)."""
    table: CardList
    """Every card put on the table, in table order (P9)."""
    gathered: CardList
    """The cards put under the taker's stack, in that order (P9); empty for a draw."""
    left: tuple[int, ...]
    """Seats whose stack became empty in this trick, so they left the game (P11)."""
    sizes: tuple[int, ...]
    """Stack sizes of every seat after the trick."""

    @property
    def second_dispute(self) -> bool:
        """True when some player joined a second dispute (P10) in this trick."""
        return any(self.joined)

    def steps(self) -> list[tuple[int, int, Card, bool]]:
        """Every card in table order as (round, seat, card, face_up), for animations."""
        out = []
        for i, seats in enumerate(self.seats):
            for seat in seats:
                out.extend((i, seat, c, False) for c in self.stakes[i].get(seat, ()))
                if seat in self.rounds[i]:
                    out.append((i, seat, self.rounds[i][seat], True))
        return out

    def __str__(self) -> str:
        """A text table: a column per seat, a row per round of face-up cards, then who takes the trick."""
        return trick_text(self)

    def summary(self) -> str:
        """The trick on one line: 'trick 1: 0:K♠ 1:K♥ | 0:9♠ 1:10♥ -> seat 1 takes 4'."""
        parts = []
        for i, up in enumerate(self.rounds):
            cells = []
            for seat in self.seats[i]:
                down = "".join("▮" for _stake in self.stakes[i].get(seat, ()))
                cells.append(f"{seat}:{down}{card_text(up[seat]) if seat in up else '-'}")
            parts.append(" ".join(cells))
        if self.taker is None:
            end = _("nobody (draw) takes {n}").format(n=len(self.table))
        else:
            end = _("seat {seat} takes {n}").format(seat=self.taker, n=len(self.table))
        return _("trick {number}: ").format(number=self.number) + " | ".join(parts) + " -> " + end

    def _repr_html_(self) -> str:
        back = ('<span style="display:inline-block;width:1.6em;height:2.2em;margin:0.1em;'
                'border:1px solid #888;border-radius:0.3em;background:#3a5f9f" title="'
                + _("face down") + '"></span>')
        seats = sorted({s for r in self.seats for s in r})
        head = "".join("<th>" + _("seat {seat}").format(seat=s) + "</th>" for s in seats)
        rows = []
        for i, up in enumerate(self.rounds):
            label = _("round 0") if i == 0 else _("dispute {i}").format(i=i)
            if self.joined[i]:
                label += _(" (joined: {seats})").format(seats=", ".join(map(str, self.joined[i])))
            cells = []
            for s in seats:
                if s not in self.seats[i]:
                    cells.append("<td></td>")
                    continue
                face = card_html(up[s]) if s in up else "<i>" + _("no card") + "</i>"
                style = ' style="background:#ffe9a8"' if s in self.leaders[i] else ""
                cells.append(f"<td{style}>{back * len(self.stakes[i].get(s, ()))}{face}</td>")
            rows.append(f"<tr><th>{html.escape(label)}</th>{''.join(cells)}</tr>")
        who = (_("seat {seat} takes {cards}{mark}").format(
            seat=self.taker, cards=plural(len(self.table), "card"),
                                                      mark="")
               if self.taker is not None else _("nobody can take the table: draw (P12)"))
        left = _("; left the game: {seats}").format(seats=", ".join(map(str, self.left))) if self.left else ""
        title = _("Trick {number}").format(number=self.number)
        return (f'<div class="p101-trick"><b>{title}</b>: {who}{left}'
                f"<table><tr><th></th>{head}</tr>{''.join(rows)}</table>"
                + _("gathered: ") + cards_html(self.gathered, empty=_("(no cards)")) + "</div>")

