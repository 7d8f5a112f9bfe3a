"""A private fast loop of Пьяница for the pure-Python simulations (the browser): no records, ranks only.

The reference engine (``pianitsa/play.py`` and ``pianitsa/game.py``) plays with cards and
keeps a record of every trick; a simulation only counts tricks, disputes and who left when.
This loop plays the same rules (P3-P13, in the engine's order of the end checks) on the ranks
alone, since suits never change the play (P4): each stack is a ``bytearray`` of ranks, top
first, so the P13 position is the stacks joined into one ``bytes`` value. It uses the random
generator exactly as the engine does (one ``shuffle`` of the table per trick that has a taker,
for ``gather="random"``). ``tests/test_simulate_pure.py`` checks it against the engine, game by
game, over every option.

Nothing here is for reading the rules: read ``pianitsa/play.py`` for that.
"""

from __future__ import annotations

import random

from pianitsa101.pianitsa.rules import PianitsaRules

__all__ = ["play_ranks"]

ACE = 14
SEP = b"\xff"  # between stacks in a position key (no rank is 255)


def play_ranks(stacks: list[list[int]], rules: PianitsaRules,
               rng: random.Random | None) -> tuple[str, int, int, list[int]]:
    """A game from stacks of ranks, top first: (outcome, tricks, disputes, trick each seat left in or -1)."""
    stacks = [bytearray(st) for st in stacks]
    n = len(stacks)
    low = min(min(st) for st in stacks if st)
    knock = ACE if rules.low_beats_ace and low != ACE else 0  # P5: the rank a low card knocks out
    face_down, gather, second = rules.dispute_face_down, rules.gather, rules.second_disputes
    active = [s for s in range(n) if stacks[s]]
    left_at = [-1] * n
    seen = {SEP.join(stacks): 0} if rules.deterministic else None
    tricks = disputes_all = 0
    while True:
        taker, disputes = _trick(stacks, active, knock, low, face_down, gather, second, rng)
        tricks += 1
        disputes_all += disputes
        if not all(stacks[s] for s in active):  # P11
            for s in active:
                if not stacks[s]:
                    left_at[s] = tricks
            active = [s for s in active if stacks[s]]
            if seen is not None:
                seen.clear()
        if taker is None:
            return "draw", tricks, disputes_all, left_at
        if len(active) <= 1:
            return "finished", tricks, disputes_all, left_at
        if tricks >= rules.max_tricks:
            return "limit", tricks, disputes_all, left_at
        if seen is not None and seen.setdefault(SEP.join(stacks), tricks) != tricks:
            return "cycle", tricks, disputes_all, left_at


def _trick(stacks: list[bytearray], active: list[int], knock: int, low: int, face_down: int, gather: str,
           second: bool, rng: random.Random | None) -> tuple[int | None, int]:
    """One trick: (taker or None, dispute rounds); the taker's stack gets the table."""
    ups = [stacks[s].pop(0) for s in active]
    put = active
    table, owner = list(ups), list(active)
    outside: dict[int, int] = {}
    disputes = 0
    while True:
        best = max(ups)
        if best == knock and low in ups:  # P5, P6
            best = max([r for r in ups if r != ACE])
        if ups.count(best) == 1:
            winner = put[ups.index(best)]
            joiners = [s for s, r in outside.items() if r == best] if disputes else []  # P10
            if not joiners:
                taker = winner
                break
            for s in joiners:
                del outside[s]
            seats = sorted([winner, *joiners])
        else:  # P8
            seats = [s for s, r in zip(put, ups, strict=True) if r == best]
            if not disputes and second:
                outside = {s: r for s, r in zip(active, ups, strict=True) if r != best}
        disputes += 1
        ups, put = [], []
        for s in seats:
            st = stacks[s]
            if not st:
                continue  # P12
            k = min(face_down, len(st) - 1)
            table += st[:k]
            owner += [s] * k
            del st[:k]
            ups.append(st.pop(0))
            table.append(ups[-1])
            owner.append(s)
            put.append(s)
        if not put:  # P12
            taker = next((s for s in range(len(stacks)) if stacks[s]), None)
            break
    if taker is not None:  # P9
        if gather == "winner_first":
            gathered = [c for c, o in zip(table, owner, strict=True) if o == taker]
            gathered += [c for c, o in zip(table, owner, strict=True) if o != taker]
        else:
            gathered = list(table)
            if gather == "random":
                rng.shuffle(gathered)
        stacks[taker].extend(gathered)
    return taker, disputes
