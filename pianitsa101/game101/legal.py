"""Which moves the player to move may make (R6, R7, R9, R12, R14, R16, R21), and why others are refused.

This module decides legality in ONE place, ``legal_moves``; ``Round101.play`` accepts
exactly the moves it lists and asks ``explain`` for the sentence of a refusal (R24).

- R6. A card may be played on the top card of the discard pile if it has the same suit or
  the same rank.  With an empty table (the first lead of the default deal) any card goes.
- R14. After a queen, the ordered suit replaces the queen's suit: the next card must be of
  that suit or another queen.  With ``queen_wild`` a queen may be played on any card.
- R7. A player who holds a playable card may not draw; without one, ``Draw()``.  After
  drawing a playable card only that card may be played (or, with ``draw="one"``, Pass).
- R9. A player who must cover a 6 plays a card on it by R6 (``"cover_any"``: any card),
  or draws until they can.  The drawn cover must be played; there is no Pass.
- R12. A player an ace was played on, who holds an ace, may answer with any ace or Pass.
- R15/R16. While a penalty is pending, passing it on with a card of the rank that started
  it (not with ``chain="off"``, never for the K♠) and taking it (``Draw()``) are the only moves.
- R21. With ``flush_queens``, a hand of two or more queens, one of which may be played,
  may be put down at once: ``FlushQueens(suit)``.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from pianitsa101.cards import _BY_INDEX, Rank, Suit
from pianitsa101.game101.moves import _FLUSHES, _PLAYS, DRAW, PASS, Draw, FlushQueens, Pass, Play
from pianitsa101.i18n import _, card_text, get_language, rank_text

if TYPE_CHECKING:
    from pianitsa101.game101.round import Round101

__all__ = ["ALL_PLAYABLE", "explain", "legal_moves", "options_table"]

_SUITS = tuple(Suit)
_QUEEN = Rank.QUEEN
_ACE = Rank.ACE
_KING = Rank.KING

# For an empty table (R4, first lead) or a 6 under "cover_any" (R9): every card, with its plays.
ALL_PLAYABLE: tuple[tuple[Play, ...], ...] = _PLAYS


@cache
def options_table(queen_wild: bool) -> tuple[tuple[tuple[Play, ...], ...], ...]:
    """R6/R14 as a table: entry ``top.index * 5 + o`` (o = ordered suit index, 4 for none) maps each
    card index to the plays of that card on that top (an empty tuple when it may not be played)."""
    table = []
    for top in _BY_INDEX:
        for o in range(5):
            ordered = _SUITS[o] if o < 4 else None
            row = []
            for card in _BY_INDEX:
                if card.rank is _QUEEN and (queen_wild or ordered is not None):
                    ok = True  # R14: another queen always goes on an ordered suit; any card if wild
                elif ordered is not None:
                    ok = card.suit is ordered  # R14: the ordered suit replaces the queen's suit
                else:
                    ok = card.suit is top.suit or card.rank is top.rank  # R6
                row.append(_PLAYS[card.index] if ok else ())
            table.append(tuple(row))
    return tuple(table)


def legal_moves(rnd: Round101) -> list:
    """Every move the player to move may make now (empty once the round is over)."""
    if rnd.over:
        return []
    hand = rnd._hands[rnd.to_move]
    if rnd.pending_draw:  # R15/R16: pass the penalty on, or take it
        rank = rnd.pending_rank
        if rank is _KING or rnd._chain_off:
            return [DRAW]
        moves = [_PLAYS[c.index][0] for c in hand if c.rank is rank]
        moves.append(DRAW)
        return moves
    if rnd.skip_to_answer:  # R12: answer with an ace, or lose the turn
        moves = [_PLAYS[c.index][0] for c in hand if c.rank is _ACE]
        moves.append(PASS)
        return moves
    drawn = rnd.drawn
    if drawn is not None:  # R7/R9: only the card just drawn
        moves = list(_PLAYS[drawn.index])
        if rnd._draw_one and not rnd.must_cover:
            moves.append(PASS)
        return moves
    opts = ALL_PLAYABLE if rnd.must_cover and rnd._cover_any else rnd._opts
    moves = [m for c in hand for m in opts[c.index]]
    if not moves:
        return [DRAW]  # R7 (or R9: draw until the 6 can be covered)
    if rnd.rules.flush_queens and len(hand) >= 2 and all(c.rank is _QUEEN for c in hand):
        moves.extend(_FLUSHES)  # R21
    return moves


def _cards(cards) -> str:
    return ", ".join(card_text(c) for c in cards)


def explain(rnd: Round101, move: object) -> str:
    """The sentence refusing ``move`` (not in ``legal_moves``): the rule id and what is allowed (R24)."""
    from pianitsa101.game101.text import move_text

    legal = legal_moves(rnd)
    allowed = _(" Legal moves: {moves}.").format(
        moves=", ".join(move_text(m) for m in legal)) if legal else ""
    return _reason(rnd, move) + allowed


def _reason(rnd: Round101, move: object) -> str:
    if rnd.over:
        how = _("abandoned (R26)") if rnd.abandoned else _("won by seat {seat} (R18)").format(seat=rnd.winner)
        return _("the round is over: {how}; no more moves.").format(how=how)
    if not isinstance(move, (Play, Draw, Pass, FlushQueens)):
        return _("R24: {move} is not a move; a move is Play(card, suit=None), Draw(), Pass() "
                 "or FlushQueens(suit).").format(move=repr(move))
    seat = rnd.to_move
    hand = rnd._hands[seat]
    top = rnd.top
    top_text = card_text(top) if top is not None else ""
    if isinstance(move, Play):
        card = move.card
        if card not in hand:
            return _("R6: seat {seat} does not hold {card} (hand: {hand}).").format(
                seat=seat, card=card_text(card), hand=_cards(hand) or _("empty"))
        if card.rank is _QUEEN and move.suit is None:
            return _("R14: a queen orders a suit: write Play({code}, suit=Suit.SPADES) or another suit "
                     "(as text: '{card} ♠').").format(code=repr(card), card=card_text(card))
        if card.rank is not _QUEEN and move.suit is not None:
            return _("R14: only a queen orders a suit; play {card} as Play({code}).").format(
                card=card_text(card), code=repr(card))
    if isinstance(move, FlushQueens) and not rnd.rules.flush_queens:
        return _("R21: putting down queens together is off (flush_queens=False).")
    if rnd.pending_draw:
        amount, rank = rnd.pending_draw, rnd.pending_rank
        if rank is _KING:
            return _("R15: after K♠ seat {seat} must draw {n} (Draw()); it cannot be passed on.").format(
                seat=seat, n=amount)
        if rnd._chain_off:
            return _("R16: seat {seat} must draw {n} (Draw()); passing on is off (chain='off').").format(
                seat=seat, n=amount)
        return _("R16: seat {seat} must draw {n} (Draw()) or pass it on with a {rank}.").format(
            seat=seat, n=amount, rank=rank_text(rank.symbol))
    if rnd.skip_to_answer:
        return _("R12: after the ace seat {seat} must answer with an ace or lose the turn (Pass()).").format(
            seat=seat)
    if rnd.drawn is not None:
        if rnd.must_cover:
            return _("R9: seat {seat} drew {card} to cover the 6 and must play it.").format(
                seat=seat, card=card_text(rnd.drawn))
        if rnd._draw_one:
            return _("R7: after drawing, only the drawn card {card} may be played or pass.").format(
                card=card_text(rnd.drawn))
        return _("R7: after drawing, only the drawn card {card} may be played.").format(
            card=card_text(rnd.drawn))
    playable = [c for c in hand if _playable(rnd, c)]
    if isinstance(move, Pass):
        return _("R7: Pass is only allowed after drawing one playable card (draw='one') "
                 "or after an ace (R12).")
    if isinstance(move, Draw):
        if rnd.must_cover:
            return _("R9: seat {seat} can cover the {top} ({cards}) and may not draw.").format(
                seat=seat, top=top_text, cards=_cards(playable))
        return _("R7: seat {seat} holds a playable card ({cards}) and may not draw.").format(
            seat=seat, cards=_cards(playable))
    if isinstance(move, FlushQueens):
        if not hand or any(c.rank is not _QUEEN for c in hand) or len(hand) < 2:
            return _("R21: only a hand of two or more queens, and nothing else, may be put down together.")
        return _("R21: none of the queens may be played on {top}.").format(top=top_text)
    wild = _(" or a queen (R14)") if rnd.rules.queen_wild else ""
    if rnd.must_cover:
        if rnd._cover_any:
            return _("R9: seat {seat} must cover the {top} with any card.").format(seat=seat, top=top_text)
        return _("R9: seat {seat} must cover the {top} with a {suit} or a 6 (R6){wild}.").format(
            seat=seat, top=top_text, suit=top.suit.symbol, wild=wild)
    if rnd.ordered_suit is not None:
        suit = rnd.ordered_suit.symbol
        return _("R14: must play {suit} or a queen after {top} ordered {suit}.").format(
            suit=suit, top=top_text)
    if get_language() == "en":
        rank = ("an " if top.rank in (Rank.EIGHT, _ACE) else "a ") + top.rank.symbol
    else:
        rank = rank_text(top.rank.symbol)
    return _("R6: {card} cannot go on {top}: play a {suit} or {rank}{wild}.").format(
        card=card_text(move.card), top=top_text, suit=top.suit.symbol, rank=rank, wild=wild)


def _playable(rnd: Round101, card) -> bool:
    opts = ALL_PLAYABLE if rnd.must_cover and rnd._cover_any else rnd._opts
    return bool(opts[card.index])
