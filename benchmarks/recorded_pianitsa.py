"""A second baseline: the deque loop of ``deque_pianitsa.py`` doing what the engine must also do.

The deque loop plays with bare ranks and keeps no record.  The reference engine plays with
``Card`` objects, asks the rule functions of ``pianitsa/laws.py`` and keeps a record of every
trick.  This loop sits between the two: Card objects, the rule function ``winning_rank``
(P4-P6) and a record per trick, as small as a record can be (each round's face-up cards and
the taker).  It shows what those three things cost by themselves, before anything the engine
adds.  Same rules as the deque loop; ``bench.py`` checks that it agrees with the engine.
"""

from __future__ import annotations

import random
from collections import deque

from pianitsa101.cards import Card, make_deck
from pianitsa101.pianitsa.laws import winning_rank

Trick = tuple[list[list[tuple[int, Card]]], int]  # each round's (seat, face-up card), then the taker


def play_recorded(stack0: list[Card], stack1: list[Card], low: int = 6,
                  max_tricks: int = 100_000) -> tuple[tuple[int, int, str, int], list[Trick]]:
    """Play one game; return (tricks, disputes, outcome, loser) as the engine reports them, and the record."""
    stacks = deque(stack0), deque(stack1)
    seen = {tuple(tuple(card.rank for card in stack) for stack in stacks)}  # P13
    history: list[Trick] = []
    disputes = 0
    while stacks[0] and stacks[1]:
        table: list[tuple[int, Card]] = []
        rounds = []
        while True:
            up = [(seat, stack.popleft()) for seat, stack in enumerate(stacks) if stack]  # P7, P8, P12
            if not up:
                return (len(history) + 1, disputes, "draw", -1), history  # P12: nobody holds a card
            table += up
            rounds.append(up)
            best = winning_rank([card.rank for _seat, card in up], low)  # P4-P6
            leaders = [seat for seat, card in up if card.rank == best]
            if len(leaders) == 1:
                taker = leaders[0]
                break
            disputes += 1  # P8: the tied players put one more card each
        stacks[taker].extend([card for seat, card in table if seat == taker]
                             + [card for seat, card in table if seat != taker])  # P9 winner_first
        history.append((rounds, taker))
        if not (stacks[0] and stacks[1]):
            break
        if len(history) >= max_tricks:
            return (len(history), disputes, "limit", -1), history
        key = tuple(tuple(card.rank for card in stack) for stack in stacks)
        if key in seen:
            return (len(history), disputes, "cycle", -1), history
        seen.add(key)
    return (len(history), disputes, "finished", 0 if stacks[0] else 1), history


def random_recorded_game(rng: random.Random) -> tuple[int, int, str, int]:
    """Shuffle the 32-card deck, deal it alternately (as the engine does) and play."""
    deck = make_deck(32)
    rng.shuffle(deck)
    return play_recorded(deck[0::2], deck[1::2])[0]
