"""The 101 table in words: the log from one player's point of view, what the player to move must
do, moves and hints, in English and Russian. Pure functions of the engine's events and views.

``you`` is the match seat of the person at the table (None when watching bots): their own
sentences say "you", and only their own draws show the cards; every other draw is shown as
the engine's ``PublicDraw`` (how many cards, never which).

>>> from pianitsa101 import Card, Rank
>>> from pianitsa101.game101 import CardPlayed, CardsDrawn, PenaltyPending
>>> seven = Card.parse("7♠")
>>> move_line([CardPlayed(1, seven), PenaltyPending(0, 2, Rank.SEVEN, seven, 1)], you=0, lang="en")
'Seat 1 plays 7♠; you must draw 2 cards'
>>> move_line([CardsDrawn(2, (Card.parse("8♣"), Card.parse("9♦")), "penalty")], you=0, lang="ru")
'Место 2 берёт 2 карты (штраф, R17)'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from pianitsa101.cards import Card, Rank, Suit
from pianitsa101.game101 import (
    CardPlayed,
    CardsDrawn,
    DirectionReversed,
    Draw,
    FlushQueens,
    MayAnswerAce,
    MustCover,
    Pass,
    PenaltyPassedOn,
    PenaltyPending,
    PenaltyTaken,
    Play,
    PlayerView,
    PublicDraw,
    Redeal,
    RoundAbandoned,
    RoundDealt,
    RoundScored,
    RoundWon,
    Skipped,
    StarterTurnedUp,
    StockRecycled,
    SuitOrdered,
    TurnPassed,
)
from pianitsa101.widgets.i18n import join_words, tr
from pianitsa101.widgets.pianitsa_view import card_text

__all__ = [
    "event_sentence",
    "hint_text",
    "move_line",
    "move_text",
    "obligation",
    "public_events",
    "rank_text",
    "who",
]

_KING_OF_SPADES = Card(Rank.KING, Suit.SPADES)


def who(seat: int | None, you: int | None, lang: str, case: str = "nom") -> str:
    """A seat in words: 'seat 2' or 'you' (Russian cases: 'nom', 'dat' 'игроку 2', 'gen' 'игрока 2')."""
    if seat is None:
        return tr("somebody", lang)
    if seat == you:
        return tr({"nom": "who_you", "dat": "who_you_dat", "gen": "who_you_gen"}[case], lang)
    return tr({"nom": "seat", "dat": "who_seat_dat", "gen": "who_seat_gen"}[case], lang, seat=seat)


def rank_text(rank: Rank, lang: str) -> str:
    """A rank in a sentence: '7', 'K' (Russian letters: 'К')."""
    return card_text(Card(rank, Suit.SPADES), lang)[:-1]


def _say(key: str, seat: int | None, you: int | None, lang: str, **values: Any) -> str:
    """The sentence ``key`` about ``seat``: its '_you' form when the seat is the person's."""
    if seat is not None and seat == you:
        return tr(key + "_you", lang, **values)
    return tr(key, lang, who=who(seat, you, lang), **values)


def public_events(events: Iterable[Any], you: int | None) -> list[Any]:
    """The events as the person in seat ``you`` may see them: the others' draws become ``PublicDraw``."""
    return [e.public() if type(e) is CardsDrawn and e.seat != you else e for e in events]


def event_sentence(event: Any, you: int | None, lang: str, limit: int = 101) -> str:
    """One event in words, from the point of view of seat ``you`` ('' for an event that adds nothing).

    ``limit`` is the match's (R22, R23), for the sentence that scores a round.
    """
    kind = type(event)
    c = lambda card: card_text(card, lang)  # noqa: E731
    if kind is CardsDrawn and event.seat != you:
        event, kind = event.public(), PublicDraw  # never another player's cards
    if kind is CardPlayed:
        return _say("ev_play", event.seat, you, lang, card=c(event.card))
    if kind is SuitOrdered:
        return _say("ev_order", event.seat, you, lang, suit=event.suit.symbol)
    if kind is PublicDraw:
        why = tr(f"why_{event.reason}", lang)
        return _say(
            "ev_draw_public", event.seat, you, lang, cards=tr("n_cards_acc", lang, n=event.count), why=why
        )
    if kind is CardsDrawn:  # the person's own draw: the cards are theirs to see
        listed = " ".join(c(card) for card in event.cards)
        return tr(
            "ev_draw_own_you",
            lang,
            cards=tr("n_cards_acc", lang, n=len(event.cards)),
            list=listed,
            why=tr(f"why_{event.reason}", lang),
        )
    if kind is PenaltyPending:
        return _say("ev_pending", event.seat, you, lang, cards=tr("n_cards_acc", lang, n=event.amount))
    if kind is PenaltyPassedOn:
        return _say(
            "ev_passed_on",
            event.seat,
            you,
            lang,
            card=c(event.card),
            to=who(event.to, you, lang, "dat" if lang == "ru" else "nom"),
            cards=tr("n_cards_acc", lang, n=event.amount),
        )
    if kind is PenaltyTaken:
        if event.drawn >= event.amount:
            return ""  # the draw just before said it all
        return tr("ev_taken_short", lang, drawn=event.drawn, amount=event.amount)
    if kind is MustCover:
        return _say("ev_must_cover", event.seat, you, lang, card=c(event.card))
    if kind is MayAnswerAce:
        return _say("ev_may_answer", event.seat, you, lang, card=c(event.card))
    if kind is Skipped:
        return _say("ev_skipped", event.seat, you, lang)
    if kind is TurnPassed:
        return _say("ev_passed", event.seat, you, lang)
    if kind is DirectionReversed:
        way = tr("clockwise" if event.direction == 1 else "counter_clockwise", lang)
        return _say("ev_reversed", event.seat, you, lang, way=way)
    if kind is StockRecycled:
        key = "ev_recycled_shuffled" if event.shuffled else "ev_recycled"
        return tr(key, lang, cards=tr("n_cards", lang, n=event.cards))
    if kind is RoundWon:
        return _say("ev_won", event.seat, you, lang)
    if kind is StarterTurnedUp:
        return _say("ev_starter", event.seat, you, lang, card=c(event.card))
    if kind is Redeal:
        return tr("ev_redeal", lang, rank=rank_text(event.rank, lang))
    if kind is RoundDealt:
        return _say("ev_dealt", event.first, you, lang, n=event.number)
    if kind is RoundAbandoned:
        return tr("ev_abandoned", lang, n=event.repetitions)
    if kind is RoundScored:
        return _scored(event, you, lang, limit)
    return str(event)  # an event this table does not know yet: the engine's own words


def _scored(event: RoundScored, you: int | None, lang: str, limit: int) -> str:
    scores = ", ".join(
        tr("ev_score_item", lang, who=who(s, you, lang), points=f"{p:+d}", total=event.totals[s])
        for s, p in enumerate(event.points)
        if p is not None
    )
    text = tr("ev_scored", lang, n=event.number, scores=scores)
    for seat in event.reset:
        if seat == you:
            text += "; " + tr("ev_reset_you", lang, limit=limit)
        else:
            text += "; " + tr("ev_reset", lang, who=who(seat, you, lang, "gen"), limit=limit)
    if event.out:
        text += "; " + tr(
            "ev_over", lang, who=join_words([who(s, you, lang) for s in event.out], lang), limit=limit
        )
    return text


def move_line(events: Sequence[Any], you: int | None, lang: str, limit: int = 101) -> str:
    """The events of one move as one line of the log ('Seat 1 plays 7♠; you must draw 2 cards')."""
    words, i = [], 0
    while i < len(events):
        event, after = events[i], events[i + 1] if i + 1 < len(events) else None
        if type(event) is CardPlayed and type(after) is SuitOrdered and after.seat == event.seat:
            words.append(
                _say(
                    "ev_play_order",
                    event.seat,
                    you,
                    lang,
                    card=card_text(event.card, lang),
                    suit=after.suit.symbol,
                )
            )  # a queen and its suit: one sentence (R14)
            i += 2
            continue
        if type(event) is CardPlayed and type(after) is PenaltyPassedOn and after.card == event.card:
            i += 1  # "passes the penalty on with 7♥" says that the 7♥ was played (R16)
            continue
        words.append(event_sentence(event, you, lang, limit))
        i += 1
    line = "; ".join(w for w in words if w)
    return line[:1].upper() + line[1:]


# ----- what the player to move must do ----------------------------------------------------------------


def obligation(view: PlayerView, you: int | None, lang: str) -> tuple[str, tuple[str, ...]]:
    """What the player to move must or may do now, in words, and the rule ids behind it.

    ``view`` is a match view (``Match101.view``); ``you`` the person's seat: for them the
    sentence is an instruction ("draw 4 or pass it on with a 7"), for a bot a statement.
    """
    seat = view.to_move
    if seat is None:
        return "", ()
    mine = seat == you
    c = lambda card: card_text(card, lang)  # noqa: E731
    rules = view.rules
    if view.pending_draw:
        cards = tr("n_cards_acc", lang, n=view.pending_draw)
        first = view.chain.links[0].card if view.chain and view.chain.links else None
        if view.pending_rank is Rank.KING or first == _KING_OF_SPADES:
            text = _say("ob_draw", seat, you, lang, cards=cards) + " (" + c(_KING_OF_SPADES) + "): "
            return text + tr("ob_king", lang), ("R15",)
        rule = "R10" if view.pending_rank is Rank.SEVEN else "R9"
        if rules.chain == "off":
            return _say("ob_draw", seat, you, lang, cards=cards), (rule,)
        rank = rank_text(view.pending_rank, lang)
        if mine and not any(card.rank is view.pending_rank for card in view.hand):
            return tr("ob_chain_none_you", lang, cards=cards, rank=rank), (rule, "R16")
        return _say("ob_chain", seat, you, lang, cards=cards, rank=rank), (rule, "R16")
    top = view.top
    if view.must_cover and top is not None:
        if mine and view.drawn is not None:  # R9: the drawing stopped at a card that fits; name it
            return tr("ob_cover_drawn_you", lang, card=c(top), drawn=c(view.drawn)), ("R9",)
        if mine and rules.six == "cover_any":
            return tr("ob_cover_any_you", lang, card=c(top)), ("R9",)
        return _say("ob_cover", seat, you, lang, card=c(top)), ("R9",)
    # R12/R17: only the asked seat's own view has skip_to_answer; the others see the log's MayAnswerAce
    asked = bool(view.log) and type(view.log[-1]) is MayAnswerAce and view.log[-1].seat == seat
    if (view.skip_to_answer or asked) and top is not None:
        return _say("ob_answer", seat, you, lang, card=c(top)), ("R12",)
    if mine and view.drawn is not None:
        key = "ob_drawn_one_you" if rules.draw == "one" else "ob_drawn_you"
        return tr(key, lang, card=c(view.drawn)), ("R7",)
    if top is None:
        return _say("ob_lead", seat, you, lang), ("R4",)
    if view.ordered_suit is not None:
        text, rules_ = _say("ob_ordered", seat, you, lang, suit=view.ordered_suit.symbol), ("R14",)
    else:
        text, rules_ = _say("ob_normal", seat, you, lang, top=c(top)), ("R6",)
    if mine:  # R7: without a card that fits, the person draws
        return f"{text}, {tr('ob_or_draw_you', lang)}", (*rules_, "R7")
    return text, rules_


# ----- moves and hints -----------------------------------------------------------------------------------


def move_text(move: Any, lang: str) -> str:
    """A move in words: 'play 7♠', 'play Q♥ and order ♠', 'draw', 'pass'."""
    if isinstance(move, Play):
        if move.suit is not None:
            return tr("mv_play_queen", lang, card=card_text(move.card, lang), suit=move.suit.symbol)
        return tr("mv_play", lang, card=card_text(move.card, lang))
    if isinstance(move, FlushQueens):
        return tr("mv_flush", lang, suit=move.suit.symbol)
    if isinstance(move, Draw):
        return tr("mv_draw", lang)
    if isinstance(move, Pass):
        return tr("mv_pass", lang)
    return str(move)


def _agent_label(agent: object) -> str:
    name = getattr(agent, "name", None)
    return name if isinstance(name, str) and name else type(agent).__name__


def hint_text(agent: object, view: PlayerView, legal: Sequence[Any], move: Any, lang: str) -> str:
    """The hint line: what ``agent`` would play and why, from the first way of explaining it offers.

    ``rule_of_thumb(view, move, legal)`` (HeuristicAgent) is put into words in ``lang``;
    ``reason(view, move)`` is shown as the agent says it; ``explain(view, legal)`` (a bot that
    values every move, such as a Monte Carlo bot) shows the entry for the chosen move.
    """
    why = tr("no_reason", lang)
    if callable(getattr(agent, "rule_of_thumb", None)):
        key, values = agent.rule_of_thumb(view, move, legal)
        words = {
            k: (card_text(v, lang) if isinstance(v, Card) else v.symbol if isinstance(v, Suit) else v)
            for k, v in values.items()
        }
        why = tr(f"thumb_{key}", lang, **words)
    elif callable(getattr(agent, "reason", None)):
        why = str(agent.reason(view, move))
    elif callable(getattr(agent, "explain", None)):
        why = _explained(agent.explain(view, legal), move, lang) or why
    why = why[:1].upper() + why[1:]
    return tr("hint", lang, agent=_agent_label(agent), move=move_text(move, lang), why=why)


def _explained(explanation: Any, move: Any, lang: str = "en") -> str:
    """The part of an ``explain`` answer that is about ``move`` (a mapping, or pairs, or records: a record
    with a ``value``, ``stderr`` and ``playouts``, such as MonteCarloAgent's, is said in ``lang``)."""
    if isinstance(explanation, str):
        return explanation
    if hasattr(explanation, "items"):
        value = explanation.get(move)
        return "" if value is None else str(value)
    for entry in explanation or ():
        first = entry[0] if isinstance(entry, tuple) and entry else getattr(entry, "move", None)
        if first == move:
            if all(isinstance(getattr(entry, k, None), int | float) for k in ("value", "stderr", "playouts")):
                thumb = ""
                if getattr(entry, "heuristic", False):
                    thumb = tr("hint_value_thumb", lang)
                elif isinstance(getattr(entry, "advantage", None), int | float):
                    thumb = tr("hint_value_edge", lang, edge=f"{100 * entry.advantage:+.1f}",  # in points
                               edge_err=f"{100 * getattr(entry, 'advantage_stderr', 0.0):.1f}")
                return tr("hint_value", lang, value=f"{entry.value:.1%}", stderr=f"{entry.stderr:.1%}",
                          playouts=f"{entry.playouts:,}", thumb=thumb)
            return (str(entry[1]) if isinstance(entry, tuple) and len(entry) == 2 else str(entry)).strip()
    return ""
