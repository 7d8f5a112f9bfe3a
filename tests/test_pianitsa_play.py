"""Seeded random play of Пьяница over every option combination, 2/3/4 players, 32/36/52 cards.

Checks after every trick that no card is lost or duplicated, that every game ends with a
valid outcome and places covering every seat exactly once, that ``play()`` gives
the same game as trick-by-trick play, and that P13 stops exactly at the first repeated
position (checked against a naive record of every position).
"""

from __future__ import annotations

import itertools

import pytest

from pianitsa101.cards import make_deck
from pianitsa101.pianitsa import PianitsaGame, PianitsaRules

SETUPS = [(2, 32), (2, 36), (2, 52), (3, 36), (4, 32), (4, 36), (4, 52)]
OPTIONS = list(itertools.product([True, False], [0, 1], ["winner_first", "table", "random"],
                                 [True, False], ["shed", "collect"]))
OUTCOMES = {"finished", "cycle", "limit", "draw"}


def option_id(opts) -> str:
    low, down, gather, second, goal = opts
    return f"{'low' if low else 'nolow'}-fd{down}-{gather}-{'second' if second else 'nosecond'}-{goal}"


def check_places(game: PianitsaGame) -> None:
    seats = [s for group in game.places for s in group]
    assert sorted(seats) == list(range(game.players)), game.places
    assert all(group and list(group) == sorted(group) for group in game.places)


def play_checked(game: PianitsaGame, deck: list[int]) -> list[tuple]:
    """Play trick by trick, checking conservation; return the rank positions seen."""
    positions = [tuple(tuple(int(c.rank) for c in st) for st in game.stacks)]
    while not game.over:
        before = sum(len(st) for st in game.stacks)
        trick = game.play_trick()
        held = sorted(c.index for st in game.stacks for c in st)
        on_table = sorted(c.index for c in game.table)
        assert sorted(held + on_table) == deck, f"cards lost or duplicated in trick {trick.number}"
        assert before == len(deck) == sum(trick.sizes) + len(game.table)
        assert len(trick.rounds) == trick.disputes + 1 == len(trick.seats) == len(trick.stakes)
        idx = sorted(c.index for c in trick.table) if trick.taker is not None else []
        assert sorted(c.index for c in trick.gathered) == idx
        assert [c for _, _, c, _ in trick.steps()] == trick.table
        positions.append(tuple(tuple(int(c.rank) for c in st) for st in game.stacks))
    return positions


def first_repeat(positions: list[tuple]) -> int | None:
    """Index of the first position equal to an earlier one (naive: every position kept)."""
    seen = set()
    for i, p in enumerate(positions):
        if p in seen:
            return i
        seen.add(p)
    return None


@pytest.mark.parametrize("opts", OPTIONS, ids=option_id)
def test_P1_to_P13_seeded_random_play_conserves_cards_and_ends(opts):
    low, down, gather, second, goal = opts
    rules = PianitsaRules(low_beats_ace=low, dispute_face_down=down, gather=gather,
                          second_disputes=second, goal=goal, max_tricks=1500)
    for k, (players, size) in enumerate(SETUPS):
        seed = 1000 * k + OPTIONS.index(opts)
        deck = sorted(c.index for c in make_deck(size))
        game = PianitsaGame.deal(players=players, deck=size, rules=rules, seed=seed)
        positions = play_checked(game, deck)
        result = game.result()
        assert result.outcome in OUTCOMES and result.tricks == game.tricks <= rules.max_tricks
        check_places(game)
        if result.outcome == "finished":
            assert result.loser == min(result.places[-1])
            holder = [s for s in range(players) if game.stacks[s]]
            assert len(holder) == 1 and len(game.stacks[holder[0]]) == size
            assert (result.places[-1] if goal == "shed" else result.places[0]) == tuple(holder)
        else:
            assert result.loser == -1
        # P13 exactly: the first repeated position, only for a deterministic gather.
        repeat = first_repeat(positions) if gather != "random" else None
        if result.outcome == "cycle":
            assert repeat == result.tricks
        elif result.outcome != "limit":
            assert repeat is None
        else:
            assert repeat is None or repeat == rules.max_tricks
        # play() gives the same game, with the same records.
        fast = PianitsaGame.deal(players=players, deck=size, rules=rules, seed=seed).play()
        assert (fast.outcome, fast.tricks, fast.disputes, fast.places, fast.loser) == (
            result.outcome, result.tricks, result.disputes, result.places, result.loser)
        assert fast.game.stacks == game.stacks
        if k == 0:
            assert fast.history == game.history


def test_P12_seeded_play_with_three_face_down_cards_and_eight_players():
    rules = PianitsaRules(dispute_face_down=3, max_tricks=1500)
    for players, size, seed in [(8, 32, 1), (6, 36, 2), (2, 52, 3), (3, 36, 4)]:
        game = PianitsaGame.deal(players=players, deck=size, rules=rules, seed=seed)
        play_checked(game, sorted(c.index for c in make_deck(size)))
        check_places(game)


def test_P13_table_gather_cycles_often_and_each_cycle_is_a_first_repetition():
    rules = PianitsaRules(gather="table")
    cycles = 0
    for seed in range(60):
        game = PianitsaGame.deal(players=2, deck=32, rules=rules, seed=seed)
        positions = play_checked(game, sorted(c.index for c in make_deck(32)))
        if game.outcome == "cycle":
            cycles += 1
            assert first_repeat(positions) == game.tricks
        else:
            assert first_repeat(positions) is None
    assert cycles >= 3  # RULES.md: about one deal in six cycles
