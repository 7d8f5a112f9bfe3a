"""Games and tricks of Пьяница as text tables for a terminal (``print(game)``, ``print(trick)``).

A trick is a table with one column per seat and one row per round of face-up cards
(round 0, then the disputes, P8): ``*`` marks the cards of the winning rank (P6), ``▮`` a
card put face down as a stake.  A game shows every stack's size and next card (the players
never look at them, P2; the onlooker who is learning may), the places so far and the last
trick.

>>> from pianitsa101.pianitsa import PianitsaGame
>>> game = PianitsaGame.from_stacks(["K♠ 9♦ 6♥ Q♣", "K♦ 9♣ 8♥ J♣", "7♠ 10♦ A♥ A♣"])
>>> trick = game.play_trick()
>>> print(game)
Пьяница, 3 players: 1 trick, 2 dispute rounds, in play
  seat 0: 1 card, next Q♣
  seat 1: 8 cards, next J♣
  seat 2: 3 cards, next 10♦
last trick:
trick 1    seat 0  seat 1  seat 2
cards      K♠*     K♦*     7♠
dispute 1  9♦*     9♣*
dispute 2  6♥      8♥*
seat 1 takes 7 cards (* the winning rank, P6)
"""

from __future__ import annotations

from typing import Any

from pianitsa101.i18n import _, card_text, ngettext, number, pgettext
from pianitsa101.i18n import plural as _plural

# A PianitsaGame and a PianitsaTrick, read through their public names only: game.py and
# trick.py call this module for print(), so this module imports neither.
PianitsaGame = PianitsaTrick = Any

__all__ = ["game_text", "trick_text"]


def _place(n: int) -> str:
    """'1st', '2nd', ... (Russian: '1-е', '2-е')."""
    if n == 1:
        return _("1st")
    if n == 2:
        return _("2nd")
    if n == 3:
        return _("3rd")
    return _("{n}th").format(n=n)


def _seat(s: int) -> str:
    return _("seat {seat}").format(seat=s)


def _cards(n: int) -> str:
    return _plural(n, "card")


def trick_text(trick: PianitsaTrick) -> str:
    """The trick as a table: a column per seat, a row per round of face-up cards, then who takes it."""
    seats = sorted({s for called in trick.seats for s in called})
    rows = [[_("trick {number}").format(number=trick.number)] + [_seat(s) for s in seats]]
    rows += [_round_row(trick, i, seats) for i in range(len(trick.rounds))]
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in rows]
    return "\n".join(lines + _trick_notes(trick))


def _round_row(trick: PianitsaTrick, i: int, seats: list[int]) -> list[str]:
    """Round ``i`` of the trick as a table row: its label, then a cell per seat."""
    up = trick.rounds[i]
    row = [_("cards") if i == 0 else _("dispute {i}").format(i=i)]
    for s in seats:
        if s not in trick.seats[i]:
            row.append("")
            continue
        down = "▮" * len(trick.stakes[i].get(s, ()))
        face = card_text(up[s]) if s in up else "-"  # P12: no card left to put
        row.append(down + face + ("*" if s in trick.leaders[i] and len(up) > 1 else ""))
    return row


def _trick_notes(trick: PianitsaTrick) -> list[str]:
    """The lines under a trick's table: who joined (P10), who takes it, who left (P11)."""
    notes = []
    for i, joined in enumerate(trick.joined):
        if joined:
            who = ", ".join(_seat(s) for s in joined)
            notes.append(_("dispute {i}: {who} joined, holding the winning rank from round 0 (P10)")
                         .format(i=i, who=who))
    if trick.taker is None:
        notes.append(_("nobody can take the {cards}: a draw (P12)").format(cards=_cards(len(trick.table))))
    else:
        mark = _(" (* the winning rank, P6)") if any(len(r) > 1 for r in trick.rounds) else ""
        notes.append(_("seat {seat} takes {cards}{mark}").format(
            seat=trick.taker, cards=_cards(len(trick.table)), mark=mark))
    if trick.left:
        who = ", ".join(_seat(s) for s in trick.left)
        notes.append(_("{who}: no cards left, out of the game (P11)").format(who=who))
    return notes


def game_text(game: PianitsaGame) -> str:
    """The game: every stack's size and next card, places, outcome, and the last trick."""
    outcomes = {"finished": pgettext("outcome", "finished"), "draw": pgettext("outcome", "draw"),
                "cycle": pgettext("outcome", "cycle"), "limit": pgettext("outcome", "limit")}
    state = (_("outcome {outcome}").format(outcome=outcomes.get(game.outcome, game.outcome))
             if game.over else _("in play"))
    players = ngettext("{n} player", "{n} players", game.players).format(n=number(game.players))
    lines = [_("Пьяница, {players}: {tricks}, {disputes}, {state}").format(
        players=players, tricks=_plural(game.tricks, "trick"),
        disputes=_plural(game.disputes, "dispute round"), state=state)]
    places = {seat: i + 1 for i, group in enumerate(game.places) for seat in group}
    width = len(_cards(max(map(len, game.stacks))))
    for seat, stack in enumerate(game.stacks):
        size = _cards(len(stack)).rjust(width)
        where = _where(game, seat, stack, places)
        lines.append(_("  seat {seat}: {size}{where}").format(seat=seat, size=size, where=where))
    if game.over:
        ranking = "; ".join(f"{_place(i + 1)} " + ", ".join(_seat(s) for s in group)
                            for i, group in enumerate(game.places))
        lines.append(_("places: {ranking}").format(ranking=ranking))
    if game.table:
        lines.append(_("on the table: {cards}").format(cards=" ".join(card_text(c) for c in game.table)))
    last = game.last_trick
    if last is not None:
        lines.append(_("last trick:"))
        lines.append(trick_text(last))
    return "\n".join(lines)


def _where(game: PianitsaGame, seat: int, stack: tuple, places: dict[int, int]) -> str:
    """Where a seat stands: its next card, or its place once out (P11); the drunkard is named."""
    if stack:
        where = _(", next {card}").format(card=card_text(stack[0]))
    elif game.rules.goal == "shed":
        where = _(", out ({place} place, P11)").format(place=_place(places[seat]))
    else:
        where = _(", out (eliminated, P11)")
    if game.over and game.outcome == "finished" and seat == game.loser and game.rules.goal == "shed":
        where += _(": the drunkard")
    return where
