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

from typing import Any

from pianitsa101.cards import Card, Rank, Suit
from pianitsa101.game101.events import MayAnswerAce
from pianitsa101.game101.moves import Play
from pianitsa101.game101.rules import Rules101
from pianitsa101.i18n import _, card_text, cards_text, get_language, ngettext, pgettext, plural, rank_text

__all__ = ["move_text", "moves_text", "round_text", "view_text"]


def _cards(cards) -> str:
    return cards_text(cards)


def _a(rank: Rank) -> str:
    """'a 7', 'an 8', 'an A' (Russian: '7', '8', 'Т')."""
    if get_language() != "en":
        return rank_text(rank.symbol)
    return ("an " if rank in (Rank.EIGHT, Rank.ACE) else "a ") + rank.symbol


def move_text(move) -> str:
    """A move as ``Round101.play`` reads it, in the language set: '7♠', 'Д♥→♠', 'draw' or 'взять'."""
    if isinstance(move, Play):
        return card_text(move.card) + ("" if move.suit is None else "→" + move.suit.symbol)
    text = str(move)
    words = {"draw": pgettext("move", "draw"), "pass": pgettext("move", "pass")}
    if text in words:
        return words[text]
    if text.startswith("flush queens"):
        return pgettext("move", "flush queens") + text[len("flush queens"):]
    return text


def _table(top: Card | None, discard: int, stock: int) -> str:
    if top is None:
        return _("  table: empty, stock {stock}").format(stock=plural(stock, "card"))
    return _("  table: {top} on top ({pile} in the discard pile), stock {stock}").format(
        top=card_text(top), pile=plural(discard, "card"), stock=plural(stock, "card"))


def duty(seat: int, top: Card | None, ordered: Suit | None, pending: int, prank: Rank | None,
         must_cover: bool, skip: bool, drawn: Card | None, rules: Rules101, players: int) -> str:
    """One line: what the player to move must or may do now, and the rule that says so."""
    who = _("seat {seat}").format(seat=seat)
    top_text = card_text(top) if top is not None else ""
    if pending:
        if prank is Rank.KING:
            return ngettext("{who} must draw {n} and lose the turn (K♠, R15)",
                            "{who} must draw {n} and lose the turn (K♠, R15)", pending).format(
                who=who, n=pending)
        passing = "" if rules.chain == "off" else _(", or pass it on with {a} (R16)").format(a=_a(prank))
        return ngettext("{who} must draw {n} and lose the turn ({a} was played){passing}",
                        "{who} must draw {n} and lose the turn ({a} was played){passing}", pending).format(
            who=who, n=pending, a=_a(prank), passing=passing)
    if skip:
        return _("{who} may answer the ace with an ace, or pass and lose the turn (R12)").format(who=who)
    if drawn is not None:
        if must_cover:
            return _("{who} drew {card} to cover the 6 and must play it (R9)").format(
                who=who, card=card_text(drawn))
        rest = _(" or pass (R7, draw='one')") if rules.draw == "one" else " (R7)"
        return _("{who} drew {card} and must play it{rest}").format(who=who, card=card_text(drawn), rest=rest)
    wild = _(", or a queen (R14)") if rules.queen_wild else ""  # Russian: «или даму» (plays ... a card)
    if must_cover:
        wild = pgettext("cover", ", or a queen (R14)") if rules.queen_wild else ""  # Russian: «или дамой»
        if rules.six == "cover_any":
            return _("{who} must cover the {top} with any card (R9), or draw until they can").format(
                who=who, top=top_text)
        return _("{who} must cover the {top} with a {suit} or a 6 (R9){wild}, or draw until they can").format(
            who=who, top=top_text, suit=top.suit.symbol, wild=wild)
    if top is None:
        return _("{who} leads: any card may be played (R4)").format(who=who)
    if ordered is not None:
        return _("{who} must play a {suit} or a queen ({top} ordered {suit}, R14)").format(
            who=who, suit=ordered.symbol, top=top_text)
    return _("{who} plays a {suit} or {a} on {top} (R6){wild}; without one, draws (R7)").format(
        who=who, suit=top.suit.symbol, a=_a(top.rank), top=top_text, wild=wild)


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
            out.append(move_text(move))
    return ", ".join(f"{card_text(c)}→{'/'.join(queens[c])}" if isinstance(c, Card) else c for c in out)


LAST = 3  # events shown on the "last:" line


def _last(events) -> list[str]:
    """The line with the last few events, if anything has happened yet."""
    return [_("  last: ") + "; ".join(map(str, events[-LAST:]))] if events else []


def _over(rnd: Any) -> str:
    if rnd.abandoned:
        return _("the round is abandoned: the same position came up three times (R26); nobody scores")
    points = ", ".join(_("seat {seat} {points}").format(seat=s, points=f"{p:+d}")
                       for s, p in enumerate(rnd.points()))
    return _("seat {seat} won the round (R18); points: {points}").format(seat=rnd.winner, points=points)


def _players(n: int) -> str:
    return plural(n, "player")


def round_text(rnd: Any) -> str:
    """The whole round, every hand face up (for the onlooker, the teacher and the tests)."""
    if rnd.over:
        head = _("101, {players}: the round is over").format(players=_players(rnd.players))
    else:
        way = "" if rnd.direction == 1 or rnd.players == 2 else _(", play goes counter-clockwise (R13)")
        head = _("101, {players}: seat {seat} to move{way}").format(
            players=_players(rnd.players), seat=rnd.to_move, way=way)
    lines = [head, _table(rnd.top, len(rnd._discard), len(rnd._stock))]
    for seat, hand in enumerate(rnd._hands):
        mark = "▶" if seat == rnd.to_move else " "
        lines.append(_("{mark} seat {seat}: {hand}  ({count})").format(
            mark=mark, seat=seat, hand=_cards(hand) or _("(no cards)"), count=plural(len(hand), "card")))
    lines += _last(rnd.events)
    if rnd.over:
        lines.append(_over(rnd))
    else:
        lines.append(duty(rnd.to_move, rnd.top, rnd.ordered_suit, rnd.pending_draw, rnd.pending_rank,
                          rnd.must_cover, rnd.skip_to_answer, rnd.drawn, rnd.rules, rnd.players))
        lines.append(_("legal moves: {moves}").format(moves=moves_text(rnd.legal_moves())))
    return "\n".join(lines)


def view_text(view: Any) -> str:
    """What one seat sees: its own hand, the others' card counts, the table, and whose turn it is."""
    if view.to_move is None:
        turn = _("the round is over")
    else:
        way = "" if view.direction == 1 or view.players == 2 else _(", play goes counter-clockwise (R13)")
        turn = _("seat {seat} to move{way}").format(seat=view.to_move, way=way)
    lines = [_("seat {seat}'s view of a round of 101, {players}: {turn}").format(
                 seat=view.seat, players=_players(view.players), turn=turn),
             _table(view.top, len(view.discard), view.stock_size)]
    for seat, size in enumerate(view.hand_sizes):
        mark = "▶" if seat == view.to_move else " "
        if seat == view.seat:
            hand = _cards(view.hand) or _("(no cards)")
            lines.append(_("{mark} seat {seat} (you): {hand}  ({count})").format(
                mark=mark, seat=seat, hand=hand, count=plural(size, "card")))
        else:
            lines.append(_("{mark} seat {seat}: {count}").format(
                mark=mark, seat=seat, count=plural(size, "card")))
    if any(view.totals):
        lines.append(_("  totals: ") + ", ".join(_("seat {seat} {points}").format(seat=s, points=t)
                                                 for s, t in enumerate(view.totals)))
    lines += _last(getattr(view, "log", ()))
    if view.to_move is not None:
        drawn = view.drawn if view.seat == view.to_move else None
        log = getattr(view, "log", ())  # R17: the others see the MayAnswerAce, not skip_to_answer
        asked = view.skip_to_answer or (bool(log) and type(log[-1]) is MayAnswerAce
                                        and log[-1].seat == view.to_move)
        lines.append(duty(view.to_move, view.top, view.ordered_suit, view.pending_draw, view.pending_rank,
                          view.must_cover, asked, drawn, view.rules, view.players))
    return "\n".join(lines)
