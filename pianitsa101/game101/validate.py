"""Is a position one the rules can reach?  One small check per invariant (students may skip this file).

Every way to start a round from given cards goes through ``check_position``:
``Round101.from_hands``, ``Round101(...)`` itself and the JSON records.  Each check below
refuses one kind of impossible position with a ValueError that names the rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pianitsa101._checks import whole_number
from pianitsa101.cards import Card, Rank, Suit, cards
from pianitsa101.game101.events import Redeal
from pianitsa101.game101.rules import Rules101
from pianitsa101.i18n import _, card_text, ngettext, rank_text

__all__ = ["MAX_SEED", "as_cards", "check_distinct", "check_players", "check_position"]

MAX_SEED = 2**64 - 1  # shuffle seeds are 64-bit (Round101.deal draws them with getrandbits(64))
_DEFAULT_RULES = Rules101()
_PENALTY_RANKS = (Rank.SIX, Rank.SEVEN, Rank.KING)
_SUIT_BY_TEXT = {s.symbol: s for s in Suit} | {s.name.lower(): s for s in Suit}


def check_players(players: object) -> int:
    """R1: 2 to 6 players."""
    number = whole_number(players)
    if number is None or not 2 <= number <= 6:
        raise ValueError(_("R1: 101 is played by 2 to 6 players, got {value}").format(value=repr(players)))
    return number


def as_cards(value: Any, what: str) -> list[Card]:
    """A list of cards from text ('7♠ Q♥') or a list of Card objects or card texts; else ValueError."""
    if isinstance(value, str):
        return cards(value)
    if value is None or isinstance(value, (bytes, bytearray, Mapping)) or not isinstance(value, Iterable):
        raise ValueError(_("{what} must be a list of cards or text such as '7♠ Q♥', got {value}").format(
            what=what, value=repr(value)))
    out = [Card.parse(c) if isinstance(c, str) else c for c in value]
    if not all(isinstance(c, Card) for c in out):
        raise ValueError(_("{what} must be Card objects or text such as '7♠ Q♥', got {value}").format(
            what=what, value=repr(value)))
    return out


def check_distinct(cardlist: Sequence[Card]) -> None:
    """R25: no card twice."""
    twice = sorted({str(c) for c, k in Counter(cardlist).items() if k > 1})
    if twice:
        message = ngettext("R25: every card must be in exactly one place, but {cards} appears twice",
                           "R25: every card must be in exactly one place, but {cards} appear twice",
                           len(twice))
        raise ValueError(message.format(cards=", ".join(card_text(c) for c in twice)))


def check_position(hands: Any, stock: Any = (), discard: Any = (), to_move: Any = 0, rules: Any = None, *,
                   direction: Any = 1, ordered_suit: Any = None, pending_draw: Any = 0,
                   pending_rank: Any = None, must_cover: Any = False, skip_to_answer: Any = False,
                   seed: Any = 0, starter: Any = None, redeals: Any = ()) -> dict[str, Any]:
    """Check that a position is one the rules can reach; return it as ``Round101``'s keyword arguments.

    Cards may be Card objects or text; whole numbers may be numpy integers (they become ints).
    A wrong value raises ValueError (a wrong type of ``rules``: TypeError) naming the rule.
    """
    rules = _rules(rules)
    hand_lists, stock_list, discard_list, starter = _cards_of(hands, stock, discard, starter)
    n = check_players(len(hand_lists))
    seat, way = _seat(to_move, n), _direction(direction)
    if isinstance(ordered_suit, str):
        ordered_suit = _SUIT_BY_TEXT.get(ordered_suit.strip().lower(), ordered_suit)
    pending = whole_number(pending_draw)
    prank = pending_rank if pending_rank is None else whole_number(pending_rank)
    _check_flags(must_cover, skip_to_answer)
    shuffle_seed = _seed(seed)
    top = discard_list[-1] if discard_list else None
    _check_ordered(ordered_suit, top)
    prank = _check_penalty(pending, pending_draw, prank, top, rules)
    _check_obligations(pending, must_cover, skip_to_answer, top, rules)
    _check_answer(skip_to_answer, hand_lists[seat], seat)
    _check_hands(hand_lists, must_cover, seat)
    redeal_list = _redeals(redeals, n)
    fresh = not discard_list and pending == 0 and not must_cover and not skip_to_answer and way == 1
    _check_redeals(redeal_list, fresh)
    _check_starter(starter, rules, fresh and ordered_suit is None, [len(h) for h in hand_lists], seat)
    return {"hands": hand_lists, "stock": stock_list, "discard": discard_list, "to_move": seat,
            "rules": rules, "direction": way, "ordered_suit": ordered_suit, "pending_draw": pending,
            "pending_rank": prank, "must_cover": must_cover, "skip_to_answer": skip_to_answer,
            "shuffle_seed": shuffle_seed, "redeals": redeal_list, "starter": starter}


def _rules(rules: Any) -> Rules101:
    rules = _DEFAULT_RULES if rules is None else rules
    if not isinstance(rules, Rules101):
        raise TypeError(_("rules must be a Rules101, got {value}").format(value=repr(rules)))
    return rules


def _cards_of(hands: Any, stock: Any, discard: Any, starter: Any) -> tuple:
    """R25: the hands, stock, discard pile and starter as cards, each card in one place only."""
    if isinstance(hands, (str, bytes, Mapping)) or not isinstance(hands, Iterable):
        raise ValueError(_("hands must be a list with one hand per seat (each a list of cards or text "
                           "such as '7♠ Q♥'), got {value}").format(value=repr(hands)))
    hand_lists = [as_cards(h, f"hand {i}") for i, h in enumerate(hands)]
    check_players(len(hand_lists))
    stock_list = as_cards(stock, "stock")
    discard_list = as_cards(discard, "discard")
    if starter is not None and not isinstance(starter, Card):
        starter = Card.parse(starter) if isinstance(starter, str) else None
        if starter is None:
            raise ValueError(_("R2: the starter is the card the dealer turned up, a Card or text such "
                               "as '7♠'"))
    every = [c for h in hand_lists for c in h] + stock_list + discard_list + ([starter] if starter else [])
    check_distinct(every)
    return hand_lists, stock_list, discard_list, starter


def _seat(to_move: Any, players: int) -> int:
    seat = whole_number(to_move)
    if seat is None or not 0 <= seat < players:
        raise ValueError(_("to_move must be a seat 0..{last}, got {value}").format(
            last=players - 1, value=repr(to_move)))
    return seat


def _direction(direction: Any) -> int:
    """R5: +1 or -1."""
    way = whole_number(direction)
    if way not in (1, -1):
        raise ValueError(_("R5: direction is +1 (clockwise) or -1, got {value}").format(
            value=repr(direction)))
    return way


def _check_flags(must_cover: Any, skip_to_answer: Any) -> None:
    for name, flag in (("must_cover", must_cover), ("skip_to_answer", skip_to_answer)):
        if not isinstance(flag, bool):
            raise ValueError(_("{name} must be True or False, got {value}").format(
                name=name, value=repr(flag)))


def _seed(seed: Any) -> int:
    shuffle_seed = whole_number(seed)
    if shuffle_seed is None or not 0 <= shuffle_seed <= MAX_SEED:
        raise ValueError(_("seed (of the R8 shuffle) must be a whole number 0..2**64-1, got {value}").format(
            value=repr(seed)))
    return shuffle_seed


def _check_ordered(ordered_suit: Any, top: Card | None) -> None:
    """R14: an ordered suit lies on a queen."""
    if ordered_suit is not None and (not isinstance(ordered_suit, Suit) or top is None
                                     or top.rank is not Rank.QUEEN):
        raise ValueError(_("R14: ordered_suit must be a Suit, and the top of the discard pile a queen"))


def _check_penalty(pending: int | None, pending_draw: Any, prank: int | None, top: Card | None,
                   rules: Rules101) -> Rank | None:
    """R9/R15/R16: a pending penalty has the card that started it on top, and can be that large."""
    if pending is None or pending < 0:
        raise ValueError(_("R16: pending_draw is a number of cards (0 or more), got {value}").format(
            value=repr(pending_draw)))
    if (pending > 0) != (prank is not None) or prank not in (None, *_PENALTY_RANKS):
        raise ValueError(_("R16: a pending_draw needs the pending_rank that started it "
                           "(Rank.SIX, SEVEN or KING), and a pending_rank needs a pending_draw"))
    if prank is None:
        return None
    rank = Rank(prank)  # 7 becomes Rank.SEVEN
    if top is None or top.rank is not rank or (rank is Rank.KING and top.suit is not Suit.SPADES):
        needed = card_text("K♠") if rank is Rank.KING else rank_text(rank.symbol)
        raise ValueError(_("R16: a pending {rank} penalty needs that card on top of the discard "
                           "pile ({card}), got {top}").format(rank=rank_text(rank.symbol),
                                                              card=needed, top=card_text(top)))
    if rank is Rank.SIX and rules.six not in ("draw2_skip", "draw1_skip"):
        raise ValueError(_("R9: a 6 is a penalty only with six='draw2_skip' or 'draw1_skip', "
                           "not six={value}").format(value=repr(rules.six)))
    most = _max_pending(rules, rank)
    if pending > most:
        raise ValueError(_("R16: a penalty of a {rank} comes to at most {most} cards under these "
                           "rules (four cards of a rank, passed on three times), "
                           "got pending_draw={pending}").format(rank=rank_text(rank.symbol), most=most,
                                                                pending=pending))
    return rank


def _max_pending(rules: Rules101, rank: Rank) -> int:
    """R16: the most cards a penalty of ``rank`` can come to (four cards of a rank: passed on three times)."""
    if rank is Rank.KING:
        return 4  # R15: the K♠ is never passed on
    if rank is Rank.SEVEN:
        one = max(rules.seven_draw, rules.seven_of_spades_draw or 0)
    else:
        one = 2 if rules.six == "draw2_skip" else 1
    return one if rules.chain == "off" else one * 8  # "double": x2 x2 x2; "add" stays below 4 x one


def _check_obligations(pending: int, must_cover: bool, skip_to_answer: bool, top: Card | None,
                       rules: Rules101) -> None:
    """R9, R12: one obligation at a time, each with its card on top and its option on."""
    if sum([pending > 0, must_cover, skip_to_answer]) > 1:
        raise ValueError(_("at most one obligation at a time: pending_draw, must_cover or skip_to_answer"))
    if must_cover and (top is None or top.rank is not Rank.SIX or rules.six not in ("cover", "cover_any")):
        raise ValueError(_("R9: must_cover needs a 6 on top of the discard pile and six='cover' "
                           "or 'cover_any'"))
    if skip_to_answer and (top is None or top.rank is not Rank.ACE or rules.ace != "skip_unless_ace"):
        raise ValueError(_("R12: skip_to_answer needs an ace on top of the discard pile "
                           "and ace='skip_unless_ace'"))


def _check_answer(skip_to_answer: bool, hand: list[Card], seat: int) -> None:
    """R12: a player asked to answer an ace holds one."""
    if skip_to_answer and not any(c.rank is Rank.ACE for c in hand):
        raise ValueError(_("R12: skip_to_answer means seat {seat} may answer the ace with an ace, "
                           "but seat {seat} holds none (a player without one is passed over)").format(
                               seat=seat))


def _check_hands(hand_lists: list[list[Card]], must_cover: bool, seat: int) -> None:
    """R18: nobody is out of cards (but a player who still has a 6 to cover)."""
    for s, hand in enumerate(hand_lists):
        if not hand and not (must_cover and s == seat):
            raise ValueError(_("R18: seat {seat} has no cards, so the round would already be over").format(
                seat=s))


def _redeals(redeals: Any, players: int) -> list[Redeal]:
    """R3: the redeals as (seat, rank) events."""
    if isinstance(redeals, (str, bytes, Mapping)) or not isinstance(redeals, Iterable):
        raise ValueError(_("R3: redeals must be a list of (seat, rank) pairs, got {value}").format(
            value=repr(redeals)))
    out = []
    for item in redeals:
        pair = tuple(item) if isinstance(item, (tuple, list)) else ()
        who, rank = (whole_number(pair[0]), whole_number(pair[1])) if len(pair) == 2 else (None, None)
        if who is None or not 0 <= who < players or rank is None or rank not in Rank._value2member_map_:
            raise ValueError(_("R3: a redeal is a seat 0..{last} and the rank dealt four times, "
                               "got {value}").format(last=players - 1, value=repr(item)))
        out.append(Redeal(who, Rank(rank)))
    return out


def _check_redeals(redeals: list[Redeal], fresh: bool) -> None:
    """R3: redeals happen only at a fresh deal."""
    if redeals and not fresh:
        raise ValueError(_("R3: redeals happen at the deal: a round with redeals starts with an empty table "
                           "and no obligations"))


def _check_starter(starter: Card | None, rules: Rules101, fresh: bool, sizes: list[int], seat: int) -> None:
    """R2: a starter card is turned up at a fresh five-and-starter deal only."""
    if starter is None:
        return
    if rules.deal != "five_and_starter":
        raise ValueError(_("R2: a starter card is turned up only with deal='five_and_starter', "
                           "not deal={value}").format(value=repr(rules.deal)))
    dealt = [4 if s == seat else 5 for s in range(len(sizes))]
    if not fresh or sizes != dealt:
        raise ValueError(_("R2: a round with a starter card is a fresh deal: empty table, "
                           "no obligations, 4 cards for the dealer (seat {seat}) and 5 for everyone "
                           "else, got {sizes}").format(seat=seat, sizes=sizes))
