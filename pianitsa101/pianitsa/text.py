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

from typing import TYPE_CHECKING

from pianitsa101._checks import plural

if TYPE_CHECKING:
    from pianitsa101.pianitsa.game import PianitsaGame
    from pianitsa101.pianitsa.trick import PianitsaTrick

__all__ = ["game_text", "trick_text"]

_ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def _place(n: int) -> str:
    return _ORDINALS.get(n, f"{n}th")


def trick_text(trick: PianitsaTrick) -> str:
    """The trick as a table: a column per seat, a row per round of face-up cards, then who takes it."""
    seats = sorted({s for called in trick.seats for s in called})
    rows = [[f"trick {trick.number}"] + [f"seat {s}" for s in seats]]
    for i, up in enumerate(trick.rounds):
        label = "cards" if i == 0 else f"dispute {i}"
        row = [label]
        for s in seats:
            if s not in trick.seats[i]:
                row.append("")
                continue
            down = "▮" * len(trick.stakes[i].get(s, ()))
            face = str(up[s]) if s in up else "-"  # P12: no card left to put
            row.append(down + face + ("*" if s in trick.leaders[i] and len(up) > 1 else ""))
        rows.append(row)
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in rows]
    notes = []
    for i, joined in enumerate(trick.joined):
        if joined:
            who = ", ".join(f"seat {s}" for s in joined)
            notes.append(f"dispute {i}: {who} joined, holding the winning rank from round 0 (P10)")
    if trick.taker is None:
        notes.append(f"nobody can take the {plural(len(trick.table), 'card')}: a draw (P12)")
    else:
        mark = " (* the winning rank, P6)" if any(len(r) > 1 for r in trick.rounds) else ""
        notes.append(f"seat {trick.taker} takes {plural(len(trick.table), 'card')}{mark}")
    if trick.left:
        who = ", ".join(f"seat {s}" for s in trick.left)
        notes.append(f"{who}: no cards left, out of the game (P11)")
    return "\n".join(lines + notes)


def game_text(game: PianitsaGame) -> str:
    """The game: every stack's size and next card, places, outcome, and the last trick."""
    state = f"outcome {game.outcome}" if game.over else "in play"
    lines = [f"Пьяница, {game.players} players: {plural(game.tricks, 'trick')}, "
             f"{plural(game.disputes, 'dispute round')}, {state}"]
    places = {seat: i + 1 for i, group in enumerate(game.places) for seat in group}
    width = len(plural(max(map(len, game.stacks)), "card"))
    for seat, stack in enumerate(game.stacks):
        size = plural(len(stack), "card").rjust(width)
        if stack:
            where = f", next {stack[0]}"
        elif game.rules.goal == "shed":
            where = f", out ({_place(places[seat])} place, P11)"
        else:
            where = ", out (eliminated, P11)"
        if game.over and game.outcome == "finished" and seat == game.loser and game.rules.goal == "shed":
            where += ": the drunkard"
        lines.append(f"  seat {seat}: {size}{where}")
    if game.over:
        ranking = "; ".join(f"{_place(i + 1)} " + ", ".join(f"seat {s}" for s in group)
                            for i, group in enumerate(game.places))
        lines.append(f"places: {ranking}")
    if game.table:
        lines.append(f"on the table: {game.table}")
    last = game.last_trick
    if last is not None:
        lines.append("last trick:")
        lines.append(trick_text(last))
    return "\n".join(lines)
