"""The baseline: Пьяница for two players in a plain ``collections.deque`` loop (default rules).

Default rules of ``RULES.md`` for two players: P5 low beats ace, one face-up card per dispute
round (P8), the taker's own cards first (P9 ``winner_first``), P12 running out, and P13
cycle detection with a set of positions; ``max_tricks`` 100,000.  Cards are ranks 2..14.
This is the "obvious Python" a student would write; ``bench.py`` checks that it agrees
with the reference engine before timing it.
"""

from __future__ import annotations

import random
from collections import deque

ACE = 14


def play_deque(stack0: list[int], stack1: list[int], low: int = 6,
               max_tricks: int = 100_000) -> tuple[int, int, str, int]:
    """Play one game; return (tricks, disputes, outcome, loser) as the engine reports them."""
    a, b = deque(stack0), deque(stack1)
    seen = {(tuple(a), tuple(b))}
    tricks = disputes = 0
    while a and b:
        x, y = a.popleft(), b.popleft()
        mine, theirs = [x], [y]
        winner = -1
        while True:
            if x != y:
                if x == low and y == ACE:
                    winner = 0
                elif y == low and x == ACE:
                    winner = 1
                else:
                    winner = 0 if x > y else 1
                break
            disputes += 1  # tie: both put one more card (P8); running out (P12)
            if a and b:
                x, y = a.popleft(), b.popleft()
                mine.append(x)
                theirs.append(y)
            elif a:
                mine.append(a.popleft())
                winner = 0
                break
            elif b:
                theirs.append(b.popleft())
                winner = 1
                break
            else:
                break
        tricks += 1
        if winner == 0:
            a.extend(mine)
            a.extend(theirs)
        elif winner == 1:
            b.extend(theirs)
            b.extend(mine)
        else:
            return tricks, disputes, "draw", -1
        if not (a and b):
            break
        if tricks >= max_tricks:
            return tricks, disputes, "limit", -1
        key = (tuple(a), tuple(b))
        if key in seen:
            return tricks, disputes, "cycle", -1
        seen.add(key)
    return tricks, disputes, "finished", 0 if a else 1


DECK32 = [r for r in range(6, 15) if r != 7 for _ in range(4)]


def random_game(rng: random.Random) -> tuple[int, int, str, int]:
    """Shuffle the 32-card deck, deal it alternately (as the engine does) and play."""
    deck = DECK32.copy()
    rng.shuffle(deck)
    return play_deque(deck[0::2], deck[1::2])
