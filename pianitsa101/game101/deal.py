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
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pianitsa101._checks import as_seed, check_rng, whole_number
from pianitsa101.cards import Card, Rank, make_deck
from pianitsa101.game101.events import Redeal
from pianitsa101.game101.rules import Rules101
from pianitsa101.game101.validate import as_cards, check_distinct, check_players, check_position
from pianitsa101.i18n import _

__all__ = ["check_position", "deal_cards", "deal_round", "stacked_round"]

_MAX_REDEALS = 1000
_DEFAULT_RULES = Rules101()
_DECKS = {size: tuple(make_deck(size)) for size in (36, 52)}


def deal_cards(deck: int | Sequence[Card]) -> list[Card]:
    """R1: the cards of a deck given as 36, 52 or a list of distinct cards."""
    size = whole_number(deck)
    if size is not None:
        if size not in (36, 52):
            raise ValueError(_("R1: 101 is played with a 36- or 52-card deck (or a list of cards), "
                               "got {value}").format(value=repr(deck)))
        return list(_DECKS[size])
    if isinstance(deck, (bool, bytes, Mapping)) or not isinstance(deck, (str, Iterable)):
        raise ValueError(_("a deck is 36, 52 or a list of cards (Card objects or text such as '7♠'), "
                           "got {value}").format(value=repr(deck)))
    cardlist = as_cards(deck, "a deck")
    check_distinct(cardlist)
    return cardlist


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
    n = check_players(players)
    rules = _DEFAULT_RULES if rules is None else rules
    if not isinstance(rules, Rules101):
        raise TypeError(_("rules must be a Rules101, got {value}").format(value=repr(rules)))
    if rng is not None and seed is not None:
        raise ValueError(_("give either seed or rng, not both"))
    rng = random.Random(as_seed(seed)) if rng is None else check_rng(rng)
    full = deal_cards(deck)
    starter_mode = rules.deal == "five_and_starter"
    needed = 5 * n if starter_mode else 4 * n
    if len(full) < needed:
        raise ValueError(_("R2: dealing to {players} players needs at least {needed} cards, "
                           "the deck has {size}").format(players=n, needed=needed, size=len(full)))
    first = _first_player(first, n, rng)
    redeals: list[Redeal] = []
    for _attempt in range(_MAX_REDEALS):
        order = list(full)
        rng.shuffle(order)
        hands, starter, dealt = _deal_once(order, n, first, starter_mode)
        four = _four_of_a_kind(hands)
        if four is None:
            return cls(hands=hands, stock=order[dealt:], discard=[], to_move=first, rules=rules,
                       shuffle_seed=rng.getrandbits(64), redeals=redeals, starter=starter, _checked=True)
        redeals.append(Redeal(*four))  # R3
    raise ValueError(_("R3: {n} deals in a row gave someone four of a kind; use a larger deck").format(
        n=_MAX_REDEALS))


def _first_player(first: int | None, players: int, rng: random.Random) -> int:
    """R4: the seat given, or else one drawn with the round's generator."""
    if first is None:
        return rng.randrange(players)
    seat = whole_number(first)
    if seat is None or not 0 <= seat < players:
        raise ValueError(_("first must be a seat 0..{last} or None, got {value}").format(
            last=players - 1, value=repr(first)))
    return seat


def _deal_once(order: list[Card], players: int, first: int,
               starter_mode: bool) -> tuple[list[list[Card]], Card | None, int]:
    """R2: one card at a time from the first player on; with a starter, the dealer's fifth is turned up.

    Returns the hands, the starter (or None) and how many cards were dealt.
    """
    hands: list[list[Card]] = [[] for _ in range(players)]
    starter = None
    pos = 0
    for rnd in range(5 if starter_mode else 4):
        for k in range(players):
            seat = (first + k) % players
            if starter_mode and rnd == 4 and seat == first:
                starter = order[pos]
            else:
                hands[seat].append(order[pos])
            pos += 1
    return hands, starter, pos


_OBLIGATIONS = ("direction", "ordered_suit", "pending_draw", "pending_rank", "must_cover", "skip_to_answer",
                "seed")


def stacked_round(cls, hands: Any, stock: Any, discard: Any, to_move: Any, rules: Any, **obligations: Any):
    """A round from given hands, stock (top first) and discard pile (bottom first), checked for sense."""
    unknown = sorted(set(obligations) - set(_OBLIGATIONS))
    if unknown:
        raise TypeError(_("unknown option(s) {unknown}; from_hands takes {known}").format(
            unknown=", ".join(unknown), known=", ".join(_OBLIGATIONS)))
    return cls(**check_position(hands, stock, discard, to_move, rules, **obligations), _checked=True)
