"""Starting a round of 101: the shuffled deal (R1-R4) and stacked positions for tests and lessons.

- R1. 2 to 6 players; a 36-card deck by default, 52 allowed (or any list of distinct cards).
- R2. ``deal="four"``: 4 cards each, one at a time, starting with the first player and going
  clockwise; the rest is the stock.  ``deal="five_and_starter"``: the first player is the
  dealer; five rounds of one card each from the dealer on, the dealer's fifth card is turned
  up as his first move (its effect applies), so he holds 4 and everyone else 5.
- R3. If any hand holds four cards of the same rank after the deal (the hands held, the
  turned-up starter not counted), the whole deck is shuffled and dealt again; a ``Redeal``
  event records it.
- R4. ``first=None``: the first player is drawn with the round's generator, before the shuffle.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pianitsa101._checks import as_seed, check_rng, whole_number
from pianitsa101.cards import _BY_INDEX, Card, Rank, Suit, cards, make_deck
from pianitsa101.game101.events import Redeal
from pianitsa101.game101.rules import Rules101
from pianitsa101.i18n import _, card_text, ngettext, rank_text

__all__ = ["check_position", "deal_round", "stacked_round"]

_MAX_REDEALS = 1000
_DEFAULT_RULES = Rules101()
_DECKS = {size: tuple(_BY_INDEX[c.index] for c in make_deck(size)) for size in (36, 52)}  # interned cards


def _check_players(players: object) -> int:
    number = whole_number(players)
    if number is None or not 2 <= number <= 6:
        raise ValueError(_("R1: 101 is played by 2 to 6 players, got {value}").format(value=repr(players)))
    return number


def _deck_cards(deck: int | Sequence[Card]) -> list[Card]:
    size = whole_number(deck)
    if size is not None:
        if size not in (36, 52):
            raise ValueError(_("R1: 101 is played with a 36- or 52-card deck (or a list of cards), "
                               "got {value}").format(value=repr(deck)))
        return list(_DECKS[size])
    if isinstance(deck, (bool, bytes, Mapping)) or not isinstance(deck, (str, Iterable)):
        raise ValueError(_("a deck is 36, 52 or a list of cards (Card objects or text such as '7♠'), "
                           "got {value}").format(value=repr(deck)))
    cardlist = _as_cards(deck, "a deck")
    _check_distinct(cardlist)
    return [_BY_INDEX[c.index] for c in cardlist]


def _check_distinct(cardlist: Sequence[Card]) -> None:
    twice = sorted({str(c) for c, k in Counter(cardlist).items() if k > 1})
    if twice:
        message = ngettext("R25: every card must be in exactly one place, but {cards} appears twice",
                           "R25: every card must be in exactly one place, but {cards} appear twice",
                           len(twice))
        raise ValueError(message.format(cards=", ".join(card_text(c) for c in twice)))


def _four_of_a_kind(hands: list[list[Card]]) -> tuple[int, Rank] | None:
    """R3: the first seat holding four cards of one rank, and that rank."""
    for seat, hand in enumerate(hands):
        ranks = [c.rank for c in hand]
        for rank in ranks[: len(ranks) - 3]:  # a four of a kind starts among the first len - 3 cards
            if ranks.count(rank) >= 4:
                return seat, rank
    return None


def deal_round(cls, players: int, deck: int | Sequence[Card], rules: Rules101 | None, seed: int | None,
               rng: random.Random | None, first: int | None):
    """Shuffle and deal a round (R1-R4) and return it ready to play."""
    n = _check_players(players)
    rules = _DEFAULT_RULES if rules is None else rules
    if not isinstance(rules, Rules101):
        raise TypeError(_("rules must be a Rules101, got {value}").format(value=repr(rules)))
    if rng is not None and seed is not None:
        raise ValueError(_("give either seed or rng, not both"))
    rng = random.Random(as_seed(seed)) if rng is None else check_rng(rng)
    full = _deck_cards(deck)
    starter_mode = rules.deal == "five_and_starter"
    needed = 5 * n if starter_mode else 4 * n
    if len(full) < needed:
        raise ValueError(_("R2: dealing to {players} players needs at least {needed} cards, "
                           "the deck has {size}").format(players=n, needed=needed, size=len(full)))
    if first is None:
        first = rng.randrange(n)  # R4
    elif (seat := whole_number(first)) is None or not 0 <= seat < n:
        raise ValueError(_("first must be a seat 0..{last} or None, got {value}").format(last=n - 1,
                                                                                         value=repr(first)))
    else:
        first = seat
    redeals: list[Redeal] = []
    for _attempt in range(_MAX_REDEALS):
        order = list(full)
        rng.shuffle(order)
        hands: list[list[Card]] = [[] for _ in range(n)]
        starter = None
        pos = 0
        for rnd in range(5 if starter_mode else 4):  # R2: one card at a time, from the first player on
            for k in range(n):
                seat = (first + k) % n
                if starter_mode and rnd == 4 and seat == first:
                    starter = order[pos]
                else:
                    hands[seat].append(order[pos])
                pos += 1
        four = _four_of_a_kind(hands)
        if four is None:
            break
        redeals.append(Redeal(*four))  # R3
    else:
        raise ValueError(_("R3: {n} deals in a row gave someone four of a kind; use a larger deck").format(
            n=_MAX_REDEALS))
    return cls(hands=hands, stock=order[pos:], discard=[], to_move=first, rules=rules,
               shuffle_seed=rng.getrandbits(64), redeals=redeals, starter=starter, _checked=True)


_OBLIGATIONS = ("direction", "ordered_suit", "pending_draw", "pending_rank", "must_cover", "skip_to_answer",
                "seed")
_PENALTY_RANKS = (Rank.SIX, Rank.SEVEN, Rank.KING)
_SUIT_BY_TEXT = {s.symbol: s for s in Suit} | {s.name.lower(): s for s in Suit}
MAX_SEED = 2**64 - 1  # shuffle seeds are 64-bit (Round101.deal draws them with getrandbits(64))


def _as_cards(value: Any, what: str) -> list[Card]:
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


def _max_pending(rules: Rules101, rank: Rank) -> int:
    """R16: the most cards a penalty of ``rank`` can come to (four cards of a rank: passed on three times)."""
    if rank is Rank.KING:
        return 4  # R15: the K♠ is never passed on
    if rank is Rank.SEVEN:
        one = max(rules.seven_draw, rules.seven_of_spades_draw or 0)
    else:
        one = 2 if rules.six == "draw2_skip" else 1
    return one if rules.chain == "off" else one * 8  # "double": x2 x2 x2; "add" stays below 4 x one


def check_position(hands: Any, stock: Any = (), discard: Any = (), to_move: Any = 0, rules: Any = None, *,
                   direction: Any = 1, ordered_suit: Any = None, pending_draw: Any = 0,
                   pending_rank: Any = None, must_cover: Any = False, skip_to_answer: Any = False,
                   seed: Any = 0, starter: Any = None, redeals: Any = ()) -> dict[str, Any]:
    """Check that a position is one the rules can reach; return it as ``Round101``'s keyword arguments.

    Every way to start a round from given cards goes through here: ``Round101.from_hands``,
    ``Round101(...)`` itself and the JSON records (``Round101.from_json``, ``Match101.from_json``).
    Cards may be Card objects or text; whole numbers may be numpy integers (they become ints).
    A wrong value raises ValueError (a wrong type of ``rules``: TypeError) naming the rule.
    """
    rules = _DEFAULT_RULES if rules is None else rules
    if not isinstance(rules, Rules101):
        raise TypeError(_("rules must be a Rules101, got {value}").format(value=repr(rules)))
    if isinstance(hands, (str, bytes, Mapping)) or not isinstance(hands, Iterable):
        raise ValueError(_("hands must be a list with one hand per seat (each a list of cards or text "
                           "such as '7♠ Q♥'), got {value}").format(value=repr(hands)))
    hand_lists = [_as_cards(h, f"hand {i}") for i, h in enumerate(hands)]
    n = _check_players(len(hand_lists))
    stock_list = _as_cards(stock, "stock")
    discard_list = _as_cards(discard, "discard")
    if starter is not None and not isinstance(starter, Card):
        starter = Card.parse(starter) if isinstance(starter, str) else None
        if starter is None:
            raise ValueError(_("R2: the starter is the card the dealer turned up, a Card or text such "
                               "as '7♠'"))
    every = [c for h in hand_lists for c in h] + stock_list + discard_list + ([starter] if starter else [])
    _check_distinct(every)
    seat = whole_number(to_move)
    if seat is None or not 0 <= seat < n:
        raise ValueError(_("to_move must be a seat 0..{last}, got {value}").format(
            last=n - 1, value=repr(to_move)))
    way = whole_number(direction)
    if way not in (1, -1):
        raise ValueError(_("R5: direction is +1 (clockwise) or -1, got {value}").format(
            value=repr(direction)))
    if isinstance(ordered_suit, str):
        ordered_suit = _SUIT_BY_TEXT.get(ordered_suit.strip().lower(), ordered_suit)
    pending = whole_number(pending_draw)
    prank = pending_rank if pending_rank is None else whole_number(pending_rank)
    for name, flag in (("must_cover", must_cover), ("skip_to_answer", skip_to_answer)):
        if not isinstance(flag, bool):
            raise ValueError(_("{name} must be True or False, got {value}").format(
                name=name, value=repr(flag)))
    shuffle_seed = whole_number(seed)
    if shuffle_seed is None or not 0 <= shuffle_seed <= MAX_SEED:
        raise ValueError(_("seed (of the R8 shuffle) must be a whole number 0..2**64-1, got {value}").format(
            value=repr(seed)))
    top = discard_list[-1] if discard_list else None
    if ordered_suit is not None and (not isinstance(ordered_suit, Suit) or top is None
                                     or top.rank is not Rank.QUEEN):
        raise ValueError(_("R14: ordered_suit must be a Suit, and the top of the discard pile a queen"))
    if pending is None or pending < 0:
        raise ValueError(_("R16: pending_draw is a number of cards (0 or more), got {value}").format(
            value=repr(pending_draw)))
    if (pending > 0) != (prank is not None) or prank not in (None, *_PENALTY_RANKS):
        raise ValueError(_("R16: a pending_draw needs the pending_rank that started it "
                           "(Rank.SIX, SEVEN or KING), and a pending_rank needs a pending_draw"))
    if prank is not None:
        prank = Rank(prank)  # the engine compares ranks by identity: 7 becomes Rank.SEVEN
        if top is None or top.rank is not prank or (prank is Rank.KING and top.suit is not Suit.SPADES):
            needed = card_text("K♠") if prank is Rank.KING else rank_text(prank.symbol)
            raise ValueError(_("R16: a pending {rank} penalty needs that card on top of the discard "
                               "pile ({card}), got {top}").format(rank=rank_text(prank.symbol),
                                                                  card=needed, top=card_text(top)))
        if prank is Rank.SIX and rules.six not in ("draw2_skip", "draw1_skip"):
            raise ValueError(_("R9: a 6 is a penalty only with six='draw2_skip' or 'draw1_skip', "
                               "not six={value}").format(value=repr(rules.six)))
        most = _max_pending(rules, prank)
        if pending > most:
            raise ValueError(_("R16: a penalty of a {rank} comes to at most {most} cards under these "
                               "rules (four cards of a rank, passed on three times), "
                               "got pending_draw={pending}").format(rank=rank_text(prank.symbol), most=most,
                                                                    pending=pending))
    if sum([pending > 0, must_cover, skip_to_answer]) > 1:
        raise ValueError(_("at most one obligation at a time: pending_draw, must_cover or skip_to_answer"))
    if must_cover and (top is None or top.rank is not Rank.SIX or rules.six not in ("cover", "cover_any")):
        raise ValueError(_("R9: must_cover needs a 6 on top of the discard pile and six='cover' "
                           "or 'cover_any'"))
    if skip_to_answer and (top is None or top.rank is not Rank.ACE or rules.ace != "skip_unless_ace"):
        raise ValueError(_("R12: skip_to_answer needs an ace on top of the discard pile "
                           "and ace='skip_unless_ace'"))
    if skip_to_answer and not any(c.rank is Rank.ACE for c in hand_lists[seat]):
        raise ValueError(_("R12: skip_to_answer means seat {seat} may answer the ace with an ace, "
                           "but seat {seat} holds none (a player without one is passed over)").format(
                               seat=seat))
    for s, hand in enumerate(hand_lists):
        if not hand and not (must_cover and s == seat):
            raise ValueError(_("R18: seat {seat} has no cards, so the round would already be over").format(
                seat=s))
    if isinstance(redeals, (str, bytes, Mapping)) or not isinstance(redeals, Iterable):
        raise ValueError(_("R3: redeals must be a list of (seat, rank) pairs, got {value}").format(
            value=repr(redeals)))
    redeal_list = []
    for item in redeals:
        pair = tuple(item) if isinstance(item, (tuple, list)) else ()
        who, rank = (whole_number(pair[0]), whole_number(pair[1])) if len(pair) == 2 else (None, None)
        if who is None or not 0 <= who < n or rank is None or rank not in Rank._value2member_map_:
            raise ValueError(_("R3: a redeal is a seat 0..{last} and the rank dealt four times, "
                               "got {value}").format(last=n - 1, value=repr(item)))
        redeal_list.append(Redeal(who, Rank(rank)))
    fresh = not discard_list and pending == 0 and not must_cover and not skip_to_answer and way == 1
    if redeal_list and not fresh:
        raise ValueError(_("R3: redeals happen at the deal: a round with redeals starts with an empty table "
                           "and no obligations"))
    if starter is not None:
        if rules.deal != "five_and_starter":
            raise ValueError(_("R2: a starter card is turned up only with deal='five_and_starter', "
                               "not deal={value}").format(value=repr(rules.deal)))
        sizes = [len(h) for h in hand_lists]
        dealt = [4 if s == seat else 5 for s in range(n)]
        if not fresh or ordered_suit is not None or sizes != dealt:
            raise ValueError(_("R2: a round with a starter card is a fresh deal: empty table, "
                               "no obligations, 4 cards for the dealer (seat {seat}) and 5 for everyone "
                               "else, got {sizes}").format(seat=seat, sizes=sizes))
    return {"hands": hand_lists, "stock": stock_list, "discard": discard_list, "to_move": seat,
            "rules": rules, "direction": way, "ordered_suit": ordered_suit, "pending_draw": pending,
            "pending_rank": prank, "must_cover": must_cover, "skip_to_answer": skip_to_answer,
            "shuffle_seed": shuffle_seed, "redeals": redeal_list, "starter": starter}


def stacked_round(cls, hands: Any, stock: Any, discard: Any, to_move: Any, rules: Any, **obligations: Any):
    """A round from given hands, stock (top first) and discard pile (bottom first), checked for sense."""
    unknown = sorted(set(obligations) - set(_OBLIGATIONS))
    if unknown:
        raise TypeError(_("unknown option(s) {unknown}; from_hands takes {known}").format(
            unknown=", ".join(unknown), known=", ".join(_OBLIGATIONS)))
    return cls(**check_position(hands, stock, discard, to_move, rules, **obligations), _checked=True)
