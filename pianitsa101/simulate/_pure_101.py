"""``simulate_101`` in pure Python: ``Round101`` between random bots, with the kernel's random numbers.

This is what runs in the browser.  Each round is a ``Round101``; every random number is
the one the compiled kernel (``_game101_kernel``) draws for that round, in the same order,
from the same SplitMix64 stream (``_seeds``):

- the deal (R2-R4): ``Round101.deal`` itself, handed a generator that draws the first
  player and shuffles the deck (again after four of a kind, R3) exactly as the kernel does;
- each decision: a uniform pick among the legal moves *as the kernel lists them* (the
  playable cards in the order the kernel keeps the hand, a queen's four suits in suit
  order, then Draw or Pass, then the R21 flushes); the kernel keeps a hand as an array
  whose played card is replaced by the last one, which ``_Hands`` mirrors from the events;
- R8 ``recycle="shuffle"``: the kernel turns the old discard pile over, then shuffles it.

So for the same seed both engines play the same rounds, move for move.
"""

from __future__ import annotations

from typing import Any

from pianitsa101.cards import Card, Suit
from pianitsa101.game101 import FlushQueens, Play, Round101, Rules101
from pianitsa101.game101.events import CardPlayed, CardsDrawn
from pianitsa101.simulate import game101 as front
from pianitsa101.simulate._array import as_array
from pianitsa101.simulate._progress import ProgressArg, run_in_chunks
from pianitsa101.simulate._seeds import SplitMix64, StreamRandom

__all__ = ["play", "play_round"]

_SUIT = {suit: i for i, suit in enumerate(Suit)}  # the kernel's suit numbers (Card.index // 13)
WON, ABANDONED, LIMIT = 0, 1, 2


def _kernel_order(hand: list[Card]):
    """The sort key that puts legal moves in the kernel's order, for a hand in the kernel's order."""
    position = {card: i for i, card in enumerate(hand)}

    def key(move: Any) -> tuple[int, int, int]:
        if type(move) is Play:
            return 0, position[move.card], 0 if move.suit is None else _SUIT[move.suit]
        if type(move) is FlushQueens:
            return 2, 0, _SUIT[move.suit]
        return 1, 0, 0  # Draw or Pass

    return key


def play_round(cards: list[Card], n: int, rules: Rules101, stream: SplitMix64,
               max_decisions: int) -> tuple[int, int, int, list[int]]:
    """One round between random bots: (winner or -1, outcome code, decisions, points)."""
    rnd = Round101.deal(n, deck=cards, rules=rules, rng=StreamRandom(stream))  # R2-R4, the kernel's deal
    rnd._rng = StreamRandom(stream, reverse_first=True)  # R8 shuffle: the kernel turns the pile over first
    held = [list(h) for h in rnd.hands]  # each hand in the kernel's order
    decisions = 0
    while not rnd.over and decisions < max_decisions:
        legal = rnd.legal_moves()
        if len(legal) > 1:
            legal.sort(key=_kernel_order(held[rnd.to_move]))
        move = legal[stream.below(len(legal))]  # a random bot (the kernel draws even for one move)
        for event in rnd.play(move):
            if isinstance(event, CardPlayed):
                hand = held[event.seat]
                i = hand.index(event.card)
                hand[i] = hand[-1]  # the kernel moves its last card into the gap
                hand.pop()
            elif isinstance(event, CardsDrawn):
                held[event.seat].extend(event.cards)
        decisions += 1
    if rnd.abandoned:
        return -1, ABANDONED, decisions, [0] * n
    if not rnd.over:
        return -1, LIMIT, decisions, [0] * n
    return rnd.winner, WON, decisions, rnd.points()


def play(cards: list[Card], players: int, rules: Rules101, count: int, key0: int, key1: int,
         max_decisions: int, threads: int | None, progress: ProgressArg) -> tuple[Any, Any, Any, Any]:
    """``count`` rounds, round ``g`` from its own stream: winner, outcome, decisions, points columns."""
    winner, code, decisions, points = [], [], [], []

    def play_chunk(lo: int, hi: int) -> None:
        for g in range(lo, hi):
            w, c, d, p = play_round(cards, players, rules, SplitMix64.for_game(key0, key1, g), max_decisions)
            winner.append(w)
            code.append(c)
            decisions.append(d)
            points.append(p)

    run_in_chunks(count, "101", progress, None, front._PURE_CHUNK, play_chunk, unit="rounds")
    return (as_array(winner, "int64"), as_array(code, "int8"), as_array(decisions, "int64"),
            as_array(points, "int64", players))
