"""Which moves the player to move may make, and the rule that refuses any other (R6-R24).

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
- R24. ``refusal(rnd, move)`` is the one decision: it names the rule a move breaks, or None.
  A card goes by ``_card_refusal``; Draw, Pass and FlushQueens by ``_other_refusal`` (and,
  when nothing is owed, ``_free_refusal``).  Each reads what the player owes first: a penalty,
  an ace to answer, a card just drawn.  ``check`` raises the ``IllegalMove`` that says so
  (``explain`` puts it into words); ``legal_moves`` lists the moves it lets through.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pianitsa101.cards import Card, Rank, Suit
from pianitsa101.game101.laws import can_pass_on, is_flush, may_cover, may_play_on
from pianitsa101.game101.moves import (
    DRAW,
    MOVE_TYPES,
    PASS,
    Draw,
    FlushQueens,
    IllegalMove,
    Pass,
    Play,
    parse_move,
)
from pianitsa101.game101.text import move_text
from pianitsa101.i18n import _, card_text, get_language, ngettext, rank_text

__all__ = ["check", "explain", "legal_moves", "may_put", "plays_of", "refusal"]

_QUEEN, _ACE, _KING = Rank.QUEEN, Rank.ACE, Rank.KING
_FLUSHES = tuple(FlushQueens(s) for s in Suit)  # moves are values


@cache
def plays_of(card: Card) -> tuple[Play, ...]:
    """R14: the ways to play ``card``: a queen once for each suit it may order, any other card once."""
    if card.rank is _QUEEN:
        return tuple(Play(card, suit) for suit in Suit)
    return (Play(card),)


def legal_moves(rnd: Any) -> list:
    """Every move the player to move may make now, in a fixed order (empty once the round is over)."""
    if rnd.over:
        return []
    hand = rnd._hands[rnd.to_move]
    moves = [play for card in hand if _card_refusal(rnd, card) is None for play in plays_of(card)]
    others = (DRAW, PASS, *_FLUSHES) if rnd.rules.flush_queens else (DRAW, PASS)
    return moves + [move for move in others if _other_refusal(rnd, move) is None]


def check(rnd: Any, move: object) -> Play | Draw | Pass | FlushQueens:
    """R24: ``move`` (or the move its text stands for) if it is legal now; else IllegalMove saying why."""
    if isinstance(move, str):
        try:
            move = parse_move(move)
        except ValueError as error:  # text that is no move
            raise IllegalMove(explain(rnd, move, error)) from None
    if refusal(rnd, move) is not None:
        raise IllegalMove(explain(rnd, move))
    return move


def refusal(rnd: Any, move: object) -> str | None:
    """The rule that refuses ``move`` now (a key of ``explain``'s sentences), or None when it is legal."""
    if rnd.over:
        return "over"
    if type(move) is Play:
        return _play_refusal(rnd, move)
    if type(move) in MOVE_TYPES:  # Draw, Pass or FlushQueens
        return _other_refusal(rnd, move)
    return "not_a_move"  # anything else, a subclass of a move included


def _other_refusal(rnd: Any, move: Draw | Pass | FlushQueens) -> str | None:
    """Draw, Pass or FlushQueens: what the player owes decides first (a penalty, an ace, a drawn card)."""
    if isinstance(move, FlushQueens) and not rnd.rules.flush_queens:
        return "R21_off"
    if rnd.pending_draw:  # R17: Draw() takes the penalty (passing it on is a Play, R16)
        return None if isinstance(move, Draw) else _pending_key(rnd)
    if rnd.skip_to_answer:  # R12: Pass() does not answer the ace (answering is a Play)
        return None if isinstance(move, Pass) else "R12"
    if rnd.drawn is not None:  # R7: play the card drawn; or keep it (Pass) with draw="one", not a cover (R9)
        keeps = isinstance(move, Pass) and rnd.rules.draw == "one" and not rnd.must_cover
        return None if keeps else _drawn_key(rnd)
    if isinstance(move, Pass):  # R7: no card drawn, no ace to answer: nothing to pass
        return "R7_pass"
    return _free_refusal(rnd, move)


def _play_refusal(rnd: Any, move: Play) -> str | None:
    """R6/R14: a card in the hand, a queen (only a queen) with the suit it orders, playable now."""
    card = move.card
    if card not in rnd._hands[rnd.to_move]:
        return "R6_not_held"
    if (card.rank is _QUEEN) != (move.suit is not None):
        return "R14_no_suit" if move.suit is None else "R14_suit"
    return _card_refusal(rnd, card)


def _free_refusal(rnd: Any, move: Draw | FlushQueens) -> str | None:
    """R7, R9, R21 when nothing is owed: draw only with no card to play; queens together only if one fits."""
    hand = rnd._hands[rnd.to_move]
    if isinstance(move, FlushQueens) and not is_flush(hand):  # R21: two or more queens and nothing else
        return "R21_hand"
    playable = any(_card_refusal(rnd, card) is None for card in hand)  # R6, R9, R14
    if isinstance(move, Draw):  # R7/R9: with a card to play (or to cover the 6 with), no drawing
        return ("R9_draw" if rnd.must_cover else "R7_draw") if playable else None
    return None if playable else "R21_none"  # R21: one of the queens must go on the top card


def _card_refusal(rnd: Any, card: Card) -> str | None:
    """Whether the player to move may play ``card`` from the hand now, given what they owe."""
    if rnd.pending_draw:  # R15/R16: only a card that passes the penalty on
        return None if can_pass_on(card, rnd.pending_rank, rnd.rules) else _pending_key(rnd)
    if rnd.skip_to_answer:  # R12: only an ace answers an ace
        return None if card.rank is _ACE else "R12"
    if rnd.drawn is not None:  # R7/R9: only the card just drawn
        return None if card == rnd.drawn else _drawn_key(rnd)
    top = rnd._discard[-1] if rnd._discard else None
    if rnd.must_cover:  # R9: only a card that covers the 6
        return None if may_cover(card, top, rnd.rules) else "R9_cover"
    if may_play_on(card, top, rnd.ordered_suit, rnd.rules):  # R6, R14
        return None
    return "R14_ordered" if rnd.ordered_suit is not None else "R6"


def may_put(rnd: Any, card: Card) -> bool:
    """R6/R9/R14: may ``card`` from the hand go on the discard pile now, given what the player owes?"""
    return _card_refusal(rnd, card) is None


def _pending_key(rnd: Any) -> str:
    if rnd.pending_rank is _KING:
        return "R15"
    return "R16_off" if rnd.rules.chain == "off" else "R16"


def _drawn_key(rnd: Any) -> str:
    if rnd.must_cover:
        return "R9_drawn"
    return "R7_drawn_or_pass" if rnd.rules.draw == "one" else "R7_drawn"


# ----------------------------------------------------------------------------- the refusal in words


def explain(rnd: Any, move: object, error: ValueError | None = None) -> str:
    """The sentence refusing ``move`` (or text ``error`` could not read): the rule, what is allowed (R24)."""
    legal = legal_moves(rnd)
    if error is not None:
        shown = ", ".join(map(move_text, legal)) or _("none, the round is over")
        return _("R24: {error}. Legal moves: {moves}.").format(error=error, moves=shown)
    allowed = _(" Legal moves: {moves}.").format(
        moves=", ".join(move_text(m) for m in legal)) if legal else ""
    return _sentence(rnd, move, refusal(rnd, move) or "R6") + allowed


def _cards(cards: Any) -> str:
    return ", ".join(card_text(c) for c in cards)


def _sentence(rnd: Any, move: Any, key: str) -> str:
    """The words for the refusal ``key`` of ``move``."""
    if key == "over":
        how = _("abandoned (R26)") if rnd.abandoned else _("won by seat {seat} (R18)").format(seat=rnd.winner)
        return _("the round is over: {how}; no more moves.").format(how=how)
    if key == "not_a_move":
        return _("R24: {move} is not a move; a move is Play(card, suit=None), Draw(), Pass() "
                 "or FlushQueens(suit).").format(move=repr(move))
    seat = rnd.to_move
    if key.startswith(("R6_", "R14_no", "R14_suit")):
        return _move_sentence(rnd, move, key, seat)
    if key in ("R15", "R16", "R16_off", "R12", "R21_off"):
        return _duty_sentence(rnd, key, seat)
    if key.startswith(("R7", "R9_drawn", "R9_draw")):
        return _draw_sentence(rnd, key, seat)
    return _table_sentence(rnd, move, key, seat)


def _move_sentence(rnd: Any, move: Play, key: str, seat: int) -> str:
    """R6/R14: a card not held, or a queen without (another card with) a suit."""
    card = move.card
    if key == "R6_not_held":
        hand = rnd._hands[seat]
        return _("R6: seat {seat} does not hold {card} (hand: {hand}).").format(
            seat=seat, card=card_text(card), hand=_cards(hand) or _("empty"))
    if key == "R14_no_suit":
        return _("R14: a queen orders a suit: write Play({code}, suit=Suit.SPADES) or another suit "
                 "(as text: '{card} ♠').").format(code=repr(card), card=card_text(card))
    return _("R14: only a queen orders a suit; play {card} as Play({code}).").format(
        card=card_text(card), code=repr(card))


def _duty_sentence(rnd: Any, key: str, seat: int) -> str:
    """R12, R15, R16, R21: what the player to move owes, or an option that is off."""
    amount = rnd.pending_draw
    if key == "R21_off":
        return _("R21: putting down queens together is off (flush_queens=False).")
    if key == "R15":
        return ngettext("R15: after K♠ seat {seat} must draw {n} (Draw()); it cannot be passed on.",
                        "R15: after K♠ seat {seat} must draw {n} (Draw()); it cannot be passed on.",
                        amount).format(seat=seat, n=amount)
    if key == "R16_off":
        return ngettext("R16: seat {seat} must draw {n} (Draw()); passing on is off (chain='off').",
                        "R16: seat {seat} must draw {n} (Draw()); passing on is off (chain='off').",
                        amount).format(seat=seat, n=amount)
    if key == "R16":
        return ngettext("R16: seat {seat} must draw {n} (Draw()) or pass it on with a {rank}.",
                        "R16: seat {seat} must draw {n} (Draw()) or pass it on with a {rank}.",
                        amount).format(seat=seat, n=amount, rank=rank_text(rnd.pending_rank.symbol))
    return _("R12: after the ace seat {seat} must answer with an ace or lose the turn (Pass()).").format(
        seat=seat)


def _draw_sentence(rnd: Any, key: str, seat: int) -> str:
    """R7/R9: drawing when a card may be played, passing, or not playing the card just drawn."""
    if key == "R9_drawn":
        return _("R9: seat {seat} drew {card} to cover the 6 and must play it.").format(
            seat=seat, card=card_text(rnd.drawn))
    if key == "R7_drawn_or_pass":
        return _("R7: after drawing, only the drawn card {card} may be played or pass.").format(
            card=card_text(rnd.drawn))
    if key == "R7_drawn":
        return _("R7: after drawing, only the drawn card {card} may be played.").format(
            card=card_text(rnd.drawn))
    if key == "R7_pass":
        return _("R7: Pass is only allowed after drawing one playable card (draw='one') "
                 "or after an ace (R12).")
    playable = [c for c in rnd._hands[seat] if may_put(rnd, c)]
    if key == "R9_draw":
        return _("R9: seat {seat} can cover the {top} ({cards}) and may not draw.").format(
            seat=seat, top=card_text(rnd.top), cards=_cards(playable))
    return _("R7: seat {seat} holds a playable card ({cards}) and may not draw.").format(
        seat=seat, cards=_cards(playable))


def _table_sentence(rnd: Any, move: Any, key: str, seat: int) -> str:
    """R6, R9, R14, R21: a card (or queens) that may not go on the top card."""
    top = rnd.top
    top_text = card_text(top) if top is not None else ""
    if key == "R21_hand":
        return _("R21: only a hand of two or more queens, and nothing else, may be put down together.")
    if key == "R21_none":
        return _("R21: none of the queens may be played on {top}.").format(top=top_text)
    wild = _(" or a queen (R14)") if rnd.rules.queen_wild else ""
    if key == "R9_cover":
        return _("R9: seat {seat} must cover the {top} with a {suit} or a 6 (R6){wild}.").format(
            seat=seat, top=top_text, suit=top.suit.symbol, wild=wild)
    if key == "R14_ordered":
        suit = rnd.ordered_suit.symbol
        return _("R14: must play {suit} or a queen after {top} ordered {suit}.").format(
            suit=suit, top=top_text)
    if get_language() == "en":
        rank = ("an " if top.rank in (Rank.EIGHT, _ACE) else "a ") + top.rank.symbol
    else:
        rank = rank_text(top.rank.symbol)
    return _("R6: {card} cannot go on {top}: play a {suit} or {rank}{wild}.").format(
        card=card_text(move.card), top=top_text, suit=top.suit.symbol, rank=rank, wild=wild)
