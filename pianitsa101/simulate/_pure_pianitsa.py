"""``simulate_pianitsa`` in pure Python: the engine's rules, dealt and shuffled as the kernels do.

This is what runs in the browser.  Each game is played by ``_pure_pianitsa_loop.play_ranks``,
the engine's rules without its records (checked against ``PianitsaGame`` game by game in
``tests/test_simulate_pure.py``); its random numbers come
from the same SplitMix64 stream the compiled kernel gives that game (``_seeds``): the
random deal is the kernel's shuffle of the deck cut into equal stacks (seat ``s`` gets
cards ``s * per`` to ``(s + 1) * per - 1``, top first), and with ``gather="random"`` (P9)
the engine's one shuffle per trick is the kernel's shuffle of the same table cards.  So
for the same seed both engines play the same games, card for card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pianitsa101.cards import Card
from pianitsa101.pianitsa.rules import PianitsaRules
from pianitsa101.simulate import pianitsa as front
from pianitsa101.simulate._array import as_array
from pianitsa101.simulate._progress import ProgressArg, run_in_chunks
from pianitsa101.simulate._pure_pianitsa_loop import play_ranks
from pianitsa101.simulate._seeds import SplitMix64, StreamRandom

__all__ = ["play_game", "play_given", "play_random"]

_CODES = {name: code for code, name in enumerate(front.OUTCOMES)}


def play_game(stacks: list[list[Card]], rules: PianitsaRules,
              stream: SplitMix64) -> tuple[int, int, int, list[int]]:
    """One game from ``stacks`` (top first): (outcome code, tricks, disputes, trick each seat ran out)."""
    rng = StreamRandom(stream) if rules.gather == "random" else None
    ranks = [[int(card.rank) for card in stack] for stack in stacks]
    outcome, tricks, disputes, left_at = play_ranks(ranks, rules, rng)  # the engine's game, without records
    left = [front.NOT_LEFT if trick < 0 else trick for trick in left_at]
    return _CODES[outcome], tricks, disputes, left


def _play(count: int, n: int, progress: ProgressArg, game_stacks) -> tuple[Any, Any, Any, Any]:
    outcome, tricks, disputes, left = [], [], [], []

    def play(lo: int, hi: int) -> None:
        for g in range(lo, hi):
            o, t, d, row = game_stacks(g)
            outcome.append(o)
            tricks.append(t)
            disputes.append(d)
            left.append(row)

    run_in_chunks(count, "Пьяница", progress, None, front._PURE_CHUNK, play, unit="games")
    return (as_array(outcome, "int8"), as_array(tricks, "int64"), as_array(disputes, "int64"),
            as_array(left, "int32", n))


def play_random(cards: list[Card], n: int, count: int, rules: PianitsaRules, key0: int, key1: int,
                threads: int | None, progress: ProgressArg) -> tuple[Any, Any, Any, Any]:
    """``count`` random deals of ``cards`` to ``n`` seats, each shuffled by its game's stream."""
    per = len(cards) // n

    def game_stacks(g: int) -> tuple[int, int, int, list[int]]:
        stream = SplitMix64.for_game(key0, key1, g)
        deck = list(cards)
        stream.shuffle(deck)
        return play_game([deck[s * per:(s + 1) * per] for s in range(n)], rules, stream)

    return _play(count, n, progress, game_stacks)


def play_given(deals: Sequence | Any, players: int | None, rules: PianitsaRules, key0: int, key1: int,
               threads: int | None, progress: ProgressArg) -> tuple[Any, Any, Any, Any]:
    """The explicit ``deals`` (lists of stacks, or an int array of ``Card.index`` values)."""
    parsed = front.parse_index_deals(deals) if hasattr(deals, "ndim") else front.parse_deals(deals)
    n = len(parsed[0]) if parsed else 2
    front.check_deal_players(players, n)

    def game_stacks(g: int) -> tuple[int, int, int, list[int]]:
        stacks = [[Card.from_index(i) for i in stack] for stack in parsed[g]]
        return play_game(stacks, rules, SplitMix64.for_game(key0, key1, g))

    return _play(len(parsed), n, progress, game_stacks)
