"""Checks of the Пьяница exercises: card against card (P4, P5), a round (P6), gathering (P9), cycles (P13).

>>> def compare(a, b, lowest=Rank.SIX):
...     return (a.rank > b.rank) - (a.rank < b.rank)      # forgets P5
>>> check_compare(compare)
Traceback (most recent call last):
...
pianitsa101.checks._core.CheckError: ✗ check_compare (exercise 01, P4, P5)
  a wrong answer.
  case:      compare(6♠, A♥, lowest=Rank.SIX)
  expected:  1
  returned:  -1
  hint:      P5: the lowest rank of the deck (here 6) beats the ace, and only
             the ace.
  More help: hint("compare")
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from pianitsa101.cards import Card, Rank, cards, make_deck
from pianitsa101.checks._core import Runner, show
from pianitsa101.checks._oracles import cycle_of, leaders
from pianitsa101.checks._text import say
from pianitsa101.checks._values import as_card, as_int, as_list
from pianitsa101.i18n import _, rank_text
from pianitsa101.pianitsa import PianitsaGame, PianitsaRules

__all__ = ["check_compare", "check_find_cycle", "check_gather", "check_round_winners"]

_DECKS = {Rank.SIX: make_deck(36), Rank.TWO: make_deck(52)}
_NINES = [c for c in make_deck(36) if c.rank >= Rank.NINE]  # a small custom deck: 9 10 J Q K A


def _ints(value: Any) -> Any:
    """A plain list of ints from a list, tuple, set or array of whole numbers; NotImplemented otherwise."""
    items = as_list(value)
    if items is NotImplemented:
        return NotImplemented
    numbers = [as_int(v) for v in items]
    return NotImplemented if NotImplemented in numbers else numbers


# --- 01 compare (P4, P5) -------------------------------------------------------------------------

def _compare_hint(a: Card, b: Card, lowest: Rank) -> str:
    ranks = {a.rank, b.rank}
    if ranks == {lowest, Rank.ACE}:
        return _("P5: the lowest rank of the deck (here {rank}) beats the ace, and only the ace.").format(
            rank=rank_text(lowest.symbol))
    if a.rank == b.rank:
        return _("P4, P8: suits never matter; two cards of the same rank tie (a dispute): 0.")
    if Rank.SIX in ranks and lowest != Rank.SIX and Rank.ACE in ranks:
        return _("P5: with lowest={lowest} the six is ordinary; only a {rank} beats the ace.").format(
            lowest=repr(lowest), rank=rank_text(lowest.symbol))
    if lowest in ranks or Rank.ACE in ranks:
        return _("P5: the {rank} beats the ace only; against any other card the lowest rank is "
                 "lowest, and the ace beats every other card.").format(rank=rank_text(lowest.symbol))
    return _("P4: the higher rank wins (A > K > Q > J > 10 > ... ); suits never matter.")


def _compare_cases(seed: int) -> Iterator[tuple[str, tuple, Any, str]]:
    tricky = [("6♠", "A♥", Rank.SIX), ("A♥", "6♠", Rank.SIX), ("6♣", "K♦", Rank.SIX), ("7♠", "A♠", Rank.SIX),
              ("A♠", "K♠", Rank.SIX), ("K♠", "K♥", Rank.SIX), ("6♦", "A♦", Rank.TWO), ("2♣", "A♥", Rank.TWO),
              ("A♣", "2♥", Rank.TWO), ("9♠", "A♠", Rank.NINE), ("A♠", "A♥", Rank.SIX), ("6♠", "6♥", Rank.SIX)]
    pairs = [(Card.parse(a), Card.parse(b), low) for a, b, low in tricky]
    rng = random.Random(seed)
    for lowest, deck in (*_DECKS.items(), (Rank.NINE, _NINES)):
        ranks = sorted({c.rank for c in deck})
        for ra in ranks:
            for rb in ranks:
                of_a, of_b = [c for c in deck if c.rank == ra], [c for c in deck if c.rank == rb]
                a, b = rng.sample(of_a, 2) if ra == rb else (rng.choice(of_a), rng.choice(of_b))
                pairs.append((a, b, lowest))
    for a, b, lowest in pairs:
        lead = leaders([a, b], lowest)
        expected = 0 if len(lead) == 2 else 1 if lead == (0,) else -1
        yield f"compare({a}, {b}, lowest={lowest!r})", (a, b, lowest), expected, _compare_hint(a, b, lowest)


def _one_of_three(value: Any) -> Any:
    number = as_int(value)
    return number if number in (-1, 0, 1) else NotImplemented


def check_compare(compare: Callable, seed: int = 0) -> None:
    """Exercise 01 (P4, P5): ``compare(a, b, lowest)`` is 1 when a beats b, -1 when b beats a, 0 for a tie."""
    run = Runner("compare", compare)
    run.many(_compare_cases(seed), _one_of_three,
             _("1 (a beats b), -1 (b beats a) or 0 (the same rank, a dispute), as an int"))
    run.passed()


# --- 02 round_winners (P6, P8) -------------------------------------------------------------------

def _winners_hint(faces: list[Card], lowest: Rank, expected: list[int], value: list | None = None) -> str:
    if value is not None and value == [p + 1 for p in expected]:
        return say("one_based")
    ranks = {c.rank for c in faces}
    if Rank.ACE in ranks and lowest in ranks:
        return _("P6: a card of the lowest rank knocks out every ace; then the highest rank among the cards "
                 "left wins (the low card itself wins only if nothing higher is left).")
    if Rank.ACE in ranks and Rank.SIX in ranks and lowest != Rank.SIX:
        return _("P5: with lowest={lowest} the six is an ordinary card and knocks nothing out.").format(
            lowest=repr(lowest))
    if len(expected) > 1:
        return _("P8: list the position of every card of the winning rank: two or more positions are a "
                 "dispute.")
    return _("P4, P6: the highest rank wins; suits never matter; positions count from 0.")


def _winners_cases(seed: int) -> Iterator[tuple[str, tuple, Any, str]]:
    tricky = [("A♠ 6♥ K♦ 9♣", Rank.SIX), ("A♠ 6♥ 6♣", Rank.SIX), ("A♠ A♥ 6♣", Rank.SIX), ("6♦ A♠", Rank.SIX),
              ("A♠ K♠", Rank.SIX), ("K♠ K♥ 9♣", Rank.SIX), ("A♠ A♦", Rank.SIX), ("6♠ 6♣ 6♦ 6♥", Rank.SIX),
              ("K♥ A♠ 6♦ A♣", Rank.SIX), ("A♠ 6♥ K♦", Rank.TWO), ("2♣ A♠ A♥ K♦", Rank.TWO),
              ("6♠ 7♥ 8♣", Rank.SIX), ("7♠ 8♥ 7♣ 8♦", Rank.SIX), ("9♠ A♥ 10♦", Rank.NINE)]
    rounds = [(cards(text), low) for text, low in tricky]
    rng = random.Random(seed)
    for i in range(240):
        lowest = Rank.SIX if i % 3 else Rank.TWO
        deck = _DECKS[lowest]
        if i % 2:  # aces, low cards and a few others: where P6 matters
            deck = [c for c in deck if c.rank in (Rank.ACE, lowest, Rank.SIX, Rank.KING, Rank.NINE)]
        rounds.append((rng.sample(deck, rng.randint(2, 8)), lowest))
    for faces, lowest in rounds:
        expected = list(leaders(faces, lowest))
        yield (f"round_winners({show(faces)}, lowest={lowest!r})", (list(faces), lowest), expected,
               lambda value, f=faces, low=lowest, e=expected: _winners_hint(f, low, e, value))


def _positions(value: Any) -> Any:
    numbers = _ints(value)
    return NotImplemented if numbers is NotImplemented else sorted(numbers)


def check_round_winners(round_winners: Callable, seed: int = 0) -> None:
    """Exercise 02 (P6, P8): ``round_winners(cards, lowest)``, the positions of the winning rank's cards."""
    run = Runner("round_winners", round_winners)
    run.many(_winners_cases(seed), _positions, _("a list of positions (ints), e.g. [2] or [0, 3]"))
    run.passed()


# --- 04 gather (P9) ------------------------------------------------------------------------------

def _gather_cases(seed: int) -> Iterator[tuple[str, tuple, Any, str]]:
    rng = random.Random(seed)
    found: list[tuple[list, int, str, list]] = []
    example = PianitsaGame.from_stacks(["K♠ 9♠", "K♥ 10♥"]).play_trick()  # hint 3's example
    tricks = [(example, "winner_first")]
    for i in range(400):
        if len(tricks) >= 60:
            break
        order = ("winner_first", "table")[i % 2]
        rules = PianitsaRules(gather=order, dispute_face_down=rng.choice((0, 0, 1, 2)))
        game = PianitsaGame.deal(players=rng.choice((2, 3, 3, 4, 6)), rules=rules, seed=rng.getrandbits(32))
        for _turn in range(40):
            if game.over:
                break
            trick = game.play_trick()
            if trick.taker is not None and (trick.disputes or rng.random() < 0.05):
                tricks.append((trick, order))
                break
    for trick, order in tricks:
        table = [(seat, card) for _, seat, card, _ in trick.steps()]
        assert [c for _, c in table] == list(trick.table)  # steps() is the table order (P9)
        found.append((table, trick.taker, order, list(trick.gathered)))
    for table, taker, order, expected in found:
        hint = (_("P9, order='table': every card in table order, the order they were put on the table.")
                if order == "table" else
                _("P9, order='winner_first': the taker's own cards first (in table order), then the other "
                  "players' cards, also in table order."))
        yield f"gather({show(table)}, taker={taker}, order={order!r})", (table, taker, order), expected, hint


def _card_list(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return NotImplemented  # the order is the answer
    items = as_list(value)
    if items is NotImplemented:
        return NotImplemented
    plain = [as_card(c) for c in items]
    return NotImplemented if NotImplemented in plain else plain


def check_gather(gather: Callable, seed: int = 0) -> None:
    """Exercise 04 (P9): ``gather(table, taker, order)`` is the list of cards put under the taker's stack."""
    run = Runner("gather", gather)
    run.many(_gather_cases(seed), _card_list, _("a list of cards (Card objects), in the order they go under"))
    run.passed()


# --- 10 find_cycle (P13) -------------------------------------------------------------------------

def _cycle_cases(seed: int) -> list[tuple[list[list[Card]], PianitsaRules]]:
    table, first = PianitsaRules(gather="table"), PianitsaRules()
    out = [([cards("K♠ A♣"), cards("A♥ K♣")], table),  # the cycle starts at the deal: (0, 2)
           ([cards("A♠ 6♥"), cards("6♠ A♥")], table)]
    rng = random.Random(seed)
    cycles = ends = at_deal = 0
    small = [c for c in make_deck(36) if c.rank >= Rank.TEN]  # a 20-card deck: 10 J Q K A
    full = make_deck(36)
    while at_deal < 2:  # small stacks whose very first position comes back (about 1 pair in 140)
        size = rng.randint(3, 6)
        dealt = rng.sample(full, 2 * size)
        stacks = [dealt[:size], dealt[size:]]
        found = cycle_of(stacks, table)
        if found is not None and found[0] == 0 and found[1] > 2:
            at_deal += 1
            out.append((stacks, table))
    while cycles < 6 or ends < 3:
        rules = table if rng.random() < 0.85 else first
        deck = rng.choice((None, None, small))
        game = PianitsaGame.deal(players=2, deck=deck, rules=rules, seed=rng.getrandbits(32))
        stacks = [list(s) for s in game.stacks]
        result = game.play()
        if result.outcome == "cycle" and result.tricks <= 600 and cycles < 6:
            cycles += 1
        elif result.outcome == "finished" and ends < 3:
            ends += 1
        else:
            continue
        out.append((stacks, rules))
    return out


def _cycle_answer(value: Any) -> Any:
    if value is None:
        return None
    if isinstance(value, (set, frozenset)):
        return NotImplemented
    numbers = _ints(value)
    return tuple(numbers) if numbers is not NotImplemented and len(numbers) == 2 else NotImplemented


def _cycle_hint(expected: tuple[int, int] | None, value: tuple[int, int] | None) -> str:
    if expected is None:
        return _("P13: this game finishes (a player runs out) before any position repeats: answer None.")
    if expected[0] == 0 and value is None:
        return _("P13: here the position of the deal itself comes back after {tricks} tricks: remember the "
                 "position before the first trick too (the position after 0 tricks), compare each position "
                 "with every earlier position, not only the last one, and by ranks only (suits never change "
                 "the play).").format(tricks=expected[1])
    if value is None:
        return _("P13: this game repeats a position. Compare positions by their ranks only (suits never "
                 "change the play), and with every earlier position, not only the last one.")
    return _("P13: answer (tricks played when the position was first seen, tricks until it was seen again); "
             "the deal is the position after 0 tricks.")


def check_find_cycle(find_cycle: Callable, seed: int = 0) -> None:
    """Exercise 10 (P13): ``find_cycle(stacks, rules)`` is (first, length) of the repetition, or None."""
    run = Runner("find_cycle", find_cycle, limit=10.0)
    for stacks, rules in _cycle_cases(seed):
        expected = cycle_of(stacks, rules)
        case = f"find_cycle({show(stacks)}, {rules!r})"
        returned = run.call(case, [list(s) for s in stacks], rules)
        value = run.read(case, returned, _cycle_answer,
                         _("a pair of ints (first, length), or None when no position repeats"))
        if value != expected:
            run.wrong(case, expected, returned, _cycle_hint(expected, value))
    run.passed()
