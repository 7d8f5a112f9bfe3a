"""The 101 fast path (``simulate_101``): the same rules as ``Round101``, reproducible, strict on input.

The fast path uses its own random numbers, so its rounds are checked by replay: the deal
it made is set up in ``Round101``, and every decision it took is played there; at every
step the engine must list the same number of legal moves and accept the move, and at the
end the winner (or R26's abandonment) and the points must agree.
"""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest
from rules101_options import pick

from pianitsa101.cards import Card, Suit
from pianitsa101.game101 import Draw, FlushQueens, Pass, Play, Round101, Rules101
from pianitsa101.simulate import _game101_kernel as kernel
from pianitsa101.simulate import _state101 as state
from pianitsa101.simulate._rng import _seed_game
from pianitsa101.simulate.game101 import deck_array, rule_arrays, simulate_101
from pianitsa101.simulate.pianitsa import _seed_keys

SUITS = tuple(Suit)
OPTIONS = pick("deal", "draw", "six", "ace", "queen_wild", "chain", "last_card_effects",
               "queen_finish_bonus", "flush_queens", "seven_draw", "seven_of_spades_draw")


def engine_move(kind: int, card: int, suit: int):
    """The engine's move object for a fast-path decision."""
    if kind == state.PLAY:
        return Play(Card.from_index(card), SUITS[suit] if suit >= 0 else None)
    if kind == state.DRAW:
        return Draw()
    if kind == state.PASS:
        return Pass()
    return FlushQueens(SUITS[suit])


def replay(rules: Rules101, players: int, deck: int, number: int, seen: set[str],
           keys: tuple[np.uint64, np.uint64] = (np.uint64(11), np.uint64(12))) -> tuple[int, list[int]]:
    """Play round ``number`` on the fast path, logged, and replay it in Round101; return (winner, points)."""
    opt, penalty, points = rule_arrays(rules)
    cards = deck_array(deck, players, rules)
    st = np.zeros(state.ST_SIZE, np.int64)
    hands = np.zeros((players, 52), np.int64)
    hand_n = np.zeros(players, np.int64)
    stock, discard, order = (np.zeros(52, np.int64) for _ in range(3))
    rng = np.zeros(1, np.uint64)
    key0, key1 = keys
    _seed_game(rng, key0, key1, number)
    starter = kernel._deal(cards, players, st, hands, hand_n, stock, order, opt, rng)
    start_hands = [[Card.from_index(int(c)) for c in hands[s, : hand_n[s]]] for s in range(players)]
    start_stock = [Card.from_index(int(c)) for c in stock[: st[state.STOCK_N]][::-1]]  # top first
    first = int(st[state.TO_MOVE])
    _seed_game(rng, key0, key1, number)  # the same stream again: the same deal, then the play
    size = 1 << 16  # room for 30,000 decisions
    table = (np.zeros((size, 2), np.uint64), np.zeros(size, np.int64), np.full(size, -1, np.int64))
    moves = tuple(np.zeros(state.MAX_MOVES, np.int64) for _ in range(3))
    log = np.zeros((30_000, 4), np.int64)
    zobrist = kernel._zobrist(key0, key1)
    made = kernel.play_round(cards, players, opt, penalty, points, rng, zobrist, *table, 0, 30_000,
                             st, hands, hand_n, stock, discard, order, *moves, log)
    fast_points = np.zeros(players, np.int64)
    kernel._round_points(st, hands, hand_n, points, opt, fast_points)

    rnd = Round101(hands=start_hands, stock=start_stock, discard=[], to_move=first, rules=rules,
                   starter=Card.from_index(int(starter)) if starter >= 0 else None)
    for step in range(made):
        kind, card, suit, count = (int(x) for x in log[step])
        legal = rnd.legal_moves()
        move = engine_move(kind, card, suit)
        assert len(legal) == count and move in legal, (rules, players, number, step, legal, move)
        seen.add(type(move).__name__)
        rnd.play(move)
    assert rnd.over, (rules, players, number)
    assert bool(rnd.abandoned) == bool(st[state.ABANDONED])
    fast_winner = None if st[state.ABANDONED] else int(st[state.WINNER])
    assert (None if rnd.abandoned else rnd.winner) == fast_winner
    assert rnd.points() == fast_points.tolist()
    seen.add("abandoned" if rnd.abandoned else "won")
    if starter >= 0:
        seen.add("starter")
    return (-1 if rnd.abandoned else rnd.winner), rnd.points()


@pytest.mark.slow
def test_R2_to_R26_fast_path_rounds_replay_exactly_in_the_engine():
    rng = random.Random(101)
    seen: set[str] = set()
    for number in range(2500):
        rules = Rules101(**{name: rng.choice(values) for name, values in OPTIONS.items()})
        if rng.random() < 0.6:  # hands of only queens are rare: give R21 more chances
            rules = dataclasses.replace(rules, flush_queens=True)
        replay(rules, rng.randint(2, 6), rng.choice([36, 52]), number, seen)
    # The replays reached every kind of move and ending.
    assert seen >= {"Play", "Draw", "Pass", "FlushQueens", "won", "abandoned", "starter"}


def test_long_rounds_of_a_run_replay_in_the_engine():
    # Rounds long enough to outgrow the first R26 table are played again with a larger one:
    # the run's longest rounds must still be exactly the engine's.
    rules = Rules101(six="draw1_skip", seven_draw=4, chain="add")
    res = simulate_101(3000, players=3, deck=52, rules=rules, seed=4)
    longest = np.argsort(res.decisions)[-3:]
    assert res.decisions[longest].min() > 2 ** kernel.TABLE_BITS // 2
    for number in longest:
        winner, points = replay(rules, 3, 52, int(number), set(), keys=_seed_keys(4))
        assert winner == res.winner[number] and points == res.points[number].tolist()


def test_R26_abandoned_rounds_score_nothing_and_happen_as_often_as_stated():
    res = simulate_101(4000, players=6, seed=3)
    abandoned = res.outcome == "abandoned"
    assert (res.points[abandoned] == 0).all() and (res.winner[abandoned] == -1).all()
    assert 0.01 < abandoned.mean() < 0.08  # RULES.md R26: about 4% of 6-player rounds
    won = ~abandoned
    assert (res.points[won, :][np.arange(won.sum()), res.winner[won]] <= 0).all()  # R20: winner 0 or bonus


def test_R8_shuffle_recycle_and_seeded_runs_are_reproducible():
    rules = Rules101(recycle="shuffle")
    a = simulate_101(3000, players=4, rules=rules, seed=9, workers=1)
    b = simulate_101(3000, players=4, rules=rules, seed=9, workers=2)
    c = simulate_101(3000, players=4, rules=rules, seed=10)
    for field in ("winner", "outcome_code", "decisions", "points"):
        assert np.array_equal(getattr(a, field), getattr(b, field))
    assert not np.array_equal(a.decisions, c.decisions)


def test_progress_chunks_give_the_same_rounds(monkeypatch, capsys):
    from pianitsa101.simulate import game101

    plain = simulate_101(3000, players=4, seed=8)
    monkeypatch.setattr(game101, "_CHUNK", 500)
    shown = simulate_101(3000, players=4, seed=8, progress=True)
    assert np.array_equal(plain.points, shown.points) and np.array_equal(plain.decisions, shown.decisions)
    assert "3,000 of 3,000" in capsys.readouterr().err


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"players": 7}, "2 to 6 players"),
    ({"deck": 40}, "36- or 52-card"),
    ({"players": 6, "deck": ["A♠", "K♠"]}, "needs at least 24 cards"),
    ({"deck": ["A♠", "A♠"] * 8}, "twice"),
    ({"rules": "popular"}, "rules must be a Rules101"),
    ({"max_decisions": 0}, "max_decisions"),
    ({"max_decisions": 10**8}, "max_decisions"),
    ({"workers": 0}, "workers must be"),
])
def test_bad_input_names_the_problem(kwargs, message):
    with pytest.raises(ValueError, match=message):
        simulate_101(10, **kwargs)
