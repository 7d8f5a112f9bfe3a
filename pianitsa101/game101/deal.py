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
from collections.abc import Sequence
from typing import Any

from pianitsa101.cards import _BY_INDEX, Card, Rank, Suit, cards, make_deck
from pianitsa101.game101.events import Redeal
from pianitsa101.game101.rules import Rules101

__all__ = ["deal_round", "stacked_round"]

_MAX_REDEALS = 1000
_DEFAULT_RULES = Rules101()
_DECKS = {size: tuple(_BY_INDEX[c.index] for c in make_deck(size)) for size in (36, 52)}  # interned cards


def _check_players(players: object) -> int:
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 6:
        raise ValueError(f"R1: 101 is played by 2 to 6 players, got {players!r}")
    return players


def _deck_cards(deck: int | Sequence[Card]) -> list[Card]:
    if isinstance(deck, int) and not isinstance(deck, bool):
        if deck not in (36, 52):
            raise ValueError(f"R1: 101 is played with a 36- or 52-card deck (or a list of cards), "
                             f"got {deck!r}")
        return list(_DECKS[deck])
    cardlist = cards(deck) if isinstance(deck, str) else list(deck)
    if not all(isinstance(c, Card) for c in cardlist):
        raise ValueError(f"a deck is 36, 52 or a list of Card objects, got {deck!r}")
    _check_distinct(cardlist)
    return cardlist


def _check_distinct(cardlist: Sequence[Card]) -> None:
    twice = sorted({str(c) for c, k in Counter(cardlist).items() if k > 1})
    if twice:
        raise ValueError(f"R25: every card must be in exactly one place, "
                         f"but {', '.join(twice)} appear(s) twice")


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
        raise TypeError(f"rules must be a Rules101, got {rules!r}")
    if rng is not None and seed is not None:
        raise ValueError("give either seed or rng, not both")
    if rng is None:
        rng = random.Random(seed)
    full = _deck_cards(deck)
    starter_mode = rules.deal == "five_and_starter"
    needed = 5 * n if starter_mode else 4 * n
    if len(full) < needed:
        raise ValueError(f"R2: dealing to {n} players needs at least {needed} cards, "
                         f"the deck has {len(full)}")
    if first is None:
        first = rng.randrange(n)  # R4
    elif not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < n:
        raise ValueError(f"first must be a seat 0..{n - 1} or None, got {first!r}")
    redeals: list[Redeal] = []
    for _ in range(_MAX_REDEALS):
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
        raise ValueError(f"R3: {_MAX_REDEALS} deals in a row gave someone four of a kind; use a larger deck")
    return cls(hands=hands, stock=order[pos:], discard=[], to_move=first, rules=rules,
               shuffle_seed=rng.getrandbits(64), redeals=redeals, starter=starter)


_OBLIGATIONS = ("direction", "ordered_suit", "pending_draw", "pending_rank", "must_cover", "skip_to_answer",
                "seed")


def _as_cards(value: Any, what: str) -> list[Card]:
    out = cards(value) if isinstance(value, str) else list(value)
    if not all(isinstance(c, Card) for c in out):
        raise ValueError(f"{what} must be Card objects or text such as '7♠ Q♥', got {value!r}")
    return out


def stacked_round(cls, hands: Sequence, stock: Sequence, discard: Sequence, to_move: int,
                  rules: Rules101 | None, **obligations: Any):
    """A round from given hands, stock (top first) and discard pile (bottom first), checked for sense."""
    unknown = sorted(set(obligations) - set(_OBLIGATIONS))
    if unknown:
        raise TypeError(f"unknown option(s) {', '.join(unknown)}; from_hands takes {', '.join(_OBLIGATIONS)}")
    rules = _DEFAULT_RULES if rules is None else rules
    if not isinstance(rules, Rules101):
        raise TypeError(f"rules must be a Rules101, got {rules!r}")
    hand_lists = [_as_cards(h, f"hand {i}") for i, h in enumerate(hands)]
    n = _check_players(len(hand_lists))
    stock_list = _as_cards(stock, "stock")
    discard_list = _as_cards(discard, "discard")
    _check_distinct([c for h in hand_lists for c in h] + stock_list + discard_list)
    if not isinstance(to_move, int) or isinstance(to_move, bool) or not 0 <= to_move < n:
        raise ValueError(f"to_move must be a seat 0..{n - 1}, got {to_move!r}")
    direction = obligations.get("direction", 1)
    ordered = obligations.get("ordered_suit")
    pending = obligations.get("pending_draw", 0)
    prank = obligations.get("pending_rank")
    cover = obligations.get("must_cover", False)
    skip = obligations.get("skip_to_answer", False)
    seed = obligations.get("seed", 0)
    top = discard_list[-1] if discard_list else None
    if direction not in (1, -1):
        raise ValueError(f"R5: direction is +1 (clockwise) or -1, got {direction!r}")
    if ordered is not None and (not isinstance(ordered, Suit) or top is None or top.rank is not Rank.QUEEN):
        raise ValueError("R14: ordered_suit must be a Suit, and the top of the discard pile a queen")
    if not isinstance(pending, int) or isinstance(pending, bool) or pending < 0:
        raise ValueError(f"R16: pending_draw is a number of cards (0 or more), got {pending!r}")
    if (pending > 0) != (prank is not None) or prank not in (None, Rank.SIX, Rank.SEVEN, Rank.KING):
        raise ValueError("R16: a pending_draw needs the pending_rank that started it "
                         "(Rank.SIX, SEVEN or KING), and a pending_rank needs a pending_draw")
    if prank is not None:
        prank = Rank(prank)  # the engine compares ranks by identity: 7 becomes Rank.SEVEN
        if top is None or top.rank is not prank or (prank is Rank.KING and top.suit is not Suit.SPADES):
            raise ValueError(f"R16: a pending {prank.symbol} penalty needs that card on top of the discard "
                             f"pile ({'K♠' if prank is Rank.KING else 'a ' + prank.symbol}), got {top}")
        if prank is Rank.SIX and rules.six not in ("draw2_skip", "draw1_skip"):
            raise ValueError(f"R9: a 6 is a penalty only with six='draw2_skip' or 'draw1_skip', "
                             f"not six={rules.six!r}")
    if sum([pending > 0, bool(cover), bool(skip)]) > 1:
        raise ValueError("at most one obligation at a time: pending_draw, must_cover or skip_to_answer")
    if cover and (top is None or top.rank is not Rank.SIX or rules.six not in ("cover", "cover_any")):
        raise ValueError("R9: must_cover needs a 6 on top of the discard pile and six='cover' or 'cover_any'")
    if skip and (top is None or top.rank is not Rank.ACE or rules.ace != "skip_unless_ace"):
        raise ValueError("R12: skip_to_answer needs an ace on top of the discard pile "
                         "and ace='skip_unless_ace'")
    for seat, hand in enumerate(hand_lists):
        if not hand and not (cover and seat == to_move):
            raise ValueError(f"R18: seat {seat} has no cards, so the round would already be over")
    return cls(hands=hand_lists, stock=stock_list, discard=discard_list, to_move=to_move, rules=rules,
               direction=direction, ordered_suit=ordered, pending_draw=pending, pending_rank=prank,
               must_cover=bool(cover), skip_to_answer=bool(skip), shuffle_seed=seed)
