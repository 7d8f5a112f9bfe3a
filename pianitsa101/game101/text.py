"""Rounds of 101 and players' views as text tables for a terminal (``print(rnd)``, ``print(view)``).

Each table shows the table (top card, discard pile, stock), every hand (a view shows only
its own, and the others' card counts), the last few things that happened (a view shows
draws as counts only), whose turn it is and what that player must or may do, with the
rule that says so; a round also lists its legal moves, written as ``Round101.play`` reads
them.

>>> from pianitsa101.game101 import Round101
>>> rnd = Round101.from_hands(hands=["7♠ Q♥", "7♥ 9♦"], stock="6♣ 8♣ A♦", discard="10♠")
>>> print(rnd)
101, 2 players: seat 0 to move
  table: 10♠ on top (1 card in the discard pile), stock 3 cards
▶ seat 0: 7♠ Q♥  (2 cards)
  seat 1: 7♥ 9♦  (2 cards)
seat 0 plays a ♠ or a 10 on 10♠ (R6); without one, draws (R7)
legal moves: 7♠
>>> print(rnd.view(1))
seat 1's view of a round of 101, 2 players: seat 0 to move
  table: 10♠ on top (1 card in the discard pile), stock 3 cards
▶ seat 0: 2 cards
  seat 1 (you): 7♥ 9♦  (2 cards)
seat 0 plays a ♠ or a 10 on 10♠ (R6); without one, draws (R7)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pianitsa101._checks import plural
from pianitsa101.cards import Card, Rank, Suit
from pianitsa101.game101.events import MayAnswerAce
from pianitsa101.game101.moves import Play

if TYPE_CHECKING:
    from pianitsa101.game101.round import Round101
    from pianitsa101.game101.rules import Rules101
    from pianitsa101.game101.view import PlayerView

__all__ = ["moves_text", "round_text", "view_text"]


def _cards(cards) -> str:
    return " ".join(map(str, cards))


def _a(rank: Rank) -> str:
    """'a 7', 'an 8', 'an A'."""
    return ("an " if rank in (Rank.EIGHT, Rank.ACE) else "a ") + rank.symbol


def _table(top: Card | None, discard: int, stock: int) -> str:
    if top is None:
        return f"  table: empty, stock {plural(stock, 'card')}"
    pile = plural(discard, "card")
    return f"  table: {top} on top ({pile} in the discard pile), stock {plural(stock, 'card')}"


def duty(seat: int, top: Card | None, ordered: Suit | None, pending: int, prank: Rank | None,
         must_cover: bool, skip: bool, drawn: Card | None, rules: Rules101, players: int) -> str:
    """One line: what the player to move must or may do now, and the rule that says so."""
    who = f"seat {seat}"
    if pending:
        if prank is Rank.KING:
            return f"{who} must draw {pending} and lose the turn (K♠, R15)"
        passing = "" if rules.chain == "off" else f", or pass it on with {_a(prank)} (R16)"
        return f"{who} must draw {pending} and lose the turn ({_a(prank)} was played){passing}"
    if skip:
        return f"{who} may answer the ace with an ace, or pass and lose the turn (R12)"
    if drawn is not None:
        if must_cover:
            return f"{who} drew {drawn} to cover the 6 and must play it (R9)"
        rest = " or pass (R7, draw='one')" if rules.draw == "one" else " (R7)"
        return f"{who} drew {drawn} and must play it{rest}"
    wild = ", or a queen (R14)" if rules.queen_wild else ""
    if must_cover:
        if rules.six == "cover_any":
            return f"{who} must cover the {top} with any card (R9), or draw until they can"
        return (f"{who} must cover the {top} with a {top.suit.symbol} or a 6 (R9){wild}, "
                "or draw until they can")
    if top is None:
        return f"{who} leads: any card may be played (R4)"
    if ordered is not None:
        return f"{who} must play a {ordered.symbol} or a queen ({top} ordered {ordered.symbol}, R14)"
    return f"{who} plays a {top.suit.symbol} or {_a(top.rank)} on {top} (R6){wild}; without one, draws (R7)"


def moves_text(moves) -> str:
    """The moves as ``Round101.play`` reads them, a queen's four suits together: 'Q♥→♠/♣/♦/♥'."""
    out: list[str] = []
    queens: dict[Card, list[str]] = {}
    for move in moves:
        if isinstance(move, Play) and move.suit is not None and move.card.rank is Rank.QUEEN:
            if move.card not in queens:
                queens[move.card] = []
                out.append(move.card)  # a place holder, filled in below
            queens[move.card].append(move.suit.symbol)
        else:
            out.append(str(move))
    return ", ".join(f"{c}→{'/'.join(queens[c])}" if isinstance(c, Card) else c for c in out)


LAST = 3  # events shown on the "last:" line


def _last(events) -> list[str]:
    """The line with the last few events, if anything has happened yet."""
    return ["  last: " + "; ".join(map(str, events[-LAST:]))] if events else []


def _over(rnd: Round101) -> str:
    if rnd.abandoned:
        return "the round is abandoned: the same position came up three times (R26); nobody scores"
    points = ", ".join(f"seat {s} {p:+d}" for s, p in enumerate(rnd.points()))
    return f"seat {rnd.winner} won the round (R18); points: {points}"


def round_text(rnd: Round101) -> str:
    """The whole round, every hand face up (for the onlooker, the teacher and the tests)."""
    if rnd.over:
        head = f"101, {rnd.players} players: the round is over"
    else:
        way = "" if rnd.direction == 1 or rnd.players == 2 else ", play goes counter-clockwise (R13)"
        head = f"101, {rnd.players} players: seat {rnd.to_move} to move{way}"
    lines = [head, _table(rnd.top, len(rnd._discard), len(rnd._stock))]
    for seat, hand in enumerate(rnd._hands):
        mark = "▶" if seat == rnd.to_move else " "
        lines.append(f"{mark} seat {seat}: {_cards(hand) or '(no cards)'}  ({plural(len(hand), 'card')})")
    lines += _last(rnd.events)
    if rnd.over:
        lines.append(_over(rnd))
    else:
        lines.append(duty(rnd.to_move, rnd.top, rnd.ordered_suit, rnd.pending_draw, rnd.pending_rank,
                          rnd.must_cover, rnd.skip_to_answer, rnd.drawn, rnd.rules, rnd.players))
        lines.append(f"legal moves: {moves_text(rnd.legal_moves())}")
    return "\n".join(lines)


def view_text(view: PlayerView) -> str:
    """What one seat sees: its own hand, the others' card counts, the table, and whose turn it is."""
    if view.to_move is None:
        turn = "the round is over"
    else:
        way = "" if view.direction == 1 or view.players == 2 else ", play goes counter-clockwise (R13)"
        turn = f"seat {view.to_move} to move{way}"
    lines = [f"seat {view.seat}'s view of a round of 101, {view.players} players: {turn}",
             _table(view.top, len(view.discard), view.stock_size)]
    for seat, size in enumerate(view.hand_sizes):
        mark = "▶" if seat == view.to_move else " "
        if seat == view.seat:
            hand = _cards(view.hand) or "(no cards)"
            lines.append(f"{mark} seat {seat} (you): {hand}  ({plural(size, 'card')})")
        else:
            lines.append(f"{mark} seat {seat}: {plural(size, 'card')}")
    if any(view.totals):
        lines.append("  totals: " + ", ".join(f"seat {s} {t}" for s, t in enumerate(view.totals)))
    lines += _last(getattr(view, "log", ()))
    if view.to_move is not None:
        drawn = view.drawn if view.seat == view.to_move else None
        log = getattr(view, "log", ())  # R17: the others see the MayAnswerAce, not skip_to_answer
        asked = view.skip_to_answer or (bool(log) and type(log[-1]) is MayAnswerAce
                                        and log[-1].seat == view.to_move)
        lines.append(duty(view.to_move, view.top, view.ordered_suit, view.pending_draw, view.pending_rank,
                          view.must_cover, asked, drawn, view.rules, view.players))
    return "\n".join(lines)
