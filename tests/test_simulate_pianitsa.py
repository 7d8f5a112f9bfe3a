"""The Пьяница fast path (``simulate_pianitsa``): equal to the reference engine, reproducible, strict.

Three kinds of tests:

- stacked decks traced by hand (P10, P12, P13 on the fast path);
- the fast path against ``PianitsaGame.from_stacks(deal, rules).play()`` on more than
  20,000 seeded deals over every deterministic option combination and 2-8 players;
- reproducibility (seeds, ``workers``, progress chunks) and clear errors on bad input.
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from pianitsa101 import cards
from pianitsa101.cards import Card, make_deck
from pianitsa101.pianitsa import PianitsaGame, PianitsaRules
from pianitsa101.simulate import pianitsa as sim
from pianitsa101.simulate import simulate_pianitsa


def one(deal, **options):
    """The fast path's answer for one deal as (tricks, disputes, outcome, loser, places)."""
    res = simulate_pianitsa(deals=[[cards(s) for s in deal]], rules=PianitsaRules(**options), places=True)
    return (int(res.tricks[0]), int(res.disputes[0]), str(res.outcome[0]), int(res.loser[0]),
            res.places_of(0))


# ----- stacked decks, expectations traced by hand from RULES.md ------------------------------------


def test_P7_P11_two_card_game_by_hand():
    # A♠ beats K♦; then 6♥ vs 6♣ tie, seat 1 has no card left (P12) and seat 0 wins.
    assert one(["A♠ 6♥", "K♦ 6♣"]) == (2, 1, "finished", 0, [(1,), (0,)])


def test_P10_second_dispute_joins_matching_player_on_fast_path():
    # K K Q: seats 0, 1 dispute; seat 1 wins with Q; seat 2's round-0 Q joins (P10);
    # seat 1 has no card (P12), seat 2's lone 8 wins and takes all six cards.
    deal = ["K♠ 9♠", "K♥ Q♠", "Q♥ 8♠"]
    assert one(deal) == (1, 2, "finished", 2, [(0, 1), (2,)])
    assert one(deal, goal="collect") == (1, 2, "finished", 0, [(2,), (0, 1)])
    # Without second disputes seat 1 takes the five cards, then beats seat 2's 8 with K.
    assert one(deal, second_disputes=False) == (2, 1, "finished", 1, [(0,), (2,), (1,)])


def test_P12_nobody_can_put_a_card_is_a_draw():
    assert one(["A♠", "A♥"]) == (1, 1, "draw", -1, [(0, 1)])


def test_P12_lowest_seat_holding_cards_takes_when_tied_players_run_out():
    # K K on seats 0, 1 (no cards left), seat 2's 9 lost round 0 but holds 10♣: seat 2 takes.
    assert one(["K♠", "K♥", "9♠ 10♣"]) == (1, 1, "finished", 2, [(0, 1), (2,)])


def test_P13_first_repeated_position_is_a_cycle():
    # gather="table": J9|10Q -> 9J10|Q -> J10|9Q -> 10J9|Q -> J9|10Q, the deal again after 4 tricks.
    deal = ["J♠ 9♠", "10♠ Q♠"]
    assert one(deal, gather="table")[:3] == (4, 0, "cycle")
    assert one(deal, gather="table", max_tricks=5)[:3] == (4, 0, "cycle")
    # The cap is checked before the repeat, as in the engine: at 4 tricks it is a limit.
    assert one(deal, gather="table", max_tricks=4)[:4] == (4, 0, "limit", -1)
    assert one(deal, gather="table", max_tricks=3)[:3] == (3, 0, "limit")
    # winner_first: J9|10Q -> 9J10|Q -> J10|Q9 -> 10|9QJ -> 109|QJ -> 9|JQ10 -> seat 0 out after 6.
    assert one(deal) == (6, 0, "finished", 1, [(0,), (1,)])


def test_P5_low_beats_ace_on_fast_path():
    # 6 beats A (P5): seat 1 takes both; seat 0 is out at once.
    assert one(["A♠", "6♥ 9♣"])[:4] == (1, 0, "finished", 1)
    assert one(["A♠", "6♥ 9♣"], low_beats_ace=False)[:4] == (2, 0, "finished", 0)


# ----- the fast path equals the reference engine ------------------------------------------------------

OPTION_GRID = list(itertools.product(
    [True, False],  # low_beats_ace
    [0, 1, 2],  # dispute_face_down
    ["winner_first", "table"],  # gather (deterministic; "random" is checked in distribution below)
    [True, False],  # second_disputes
    ["shed", "collect"],  # goal
    [100_000, 9],  # max_tricks
))
DEALS_PER_CELL = 30  # 96 option combinations x 7 player counts x 30 = 20,160 deals


def random_deal(rng: random.Random, players: int) -> list[list[Card]]:
    """A seeded deal made to reach every rule: few ranks (ties), short stacks (P12), unequal stacks."""
    if rng.random() < 0.06:  # now and then a whole deck, as dealt in real games
        size = {5: 35, 7: 49}.get(players, 0) or (32 if players in (2, 8) else 52 if players == 4 else 36)
        deck = list(make_deck(52))[:size] if players in (5, 7) else list(make_deck(size))
        rng.shuffle(deck)
        return [deck[s::players] for s in range(players)]
    ranks = rng.sample(range(2, 15), rng.choice([1, 2, 2, 3, 4, 13]))
    if rng.random() < 0.5 and 14 not in ranks:
        ranks.append(14)
    pool = [Card.from_index(suit * 13 + r - 2) for r in ranks for suit in range(4)]
    while len(pool) < players:
        pool = list(make_deck(52))
    size = min(len(pool), players * rng.choice([1, 1, 2, 2, 3, 4, 6]))
    chosen = rng.sample(pool, max(size, players))
    if rng.random() < 0.25:  # unequal stacks, as from_stacks allows
        cuts = sorted(rng.sample(range(1, len(chosen)), players - 1))
        bounds = [0, *cuts, len(chosen)]
        return [chosen[bounds[i]:bounds[i + 1]] for i in range(players)]
    per = len(chosen) // players
    return [chosen[s * per:(s + 1) * per] for s in range(players)]


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 9))
def test_P5_to_P13_fast_path_equals_engine_on_seeded_deals(players):
    rng = random.Random(1000 + players)
    checked = 0
    for lba, face_down, gather, second, goal, max_tricks in OPTION_GRID:
        rules = PianitsaRules(low_beats_ace=lba, dispute_face_down=face_down, gather=gather,
                              second_disputes=second, goal=goal, max_tricks=max_tricks)
        deals = [random_deal(rng, players) for _ in range(DEALS_PER_CELL)]
        res = simulate_pianitsa(deals=deals, rules=rules, places=True)
        places = res.places
        for i, deal in enumerate(deals):
            want = PianitsaGame.from_stacks(deal, rules).play()
            got = (int(res.tricks[i]), int(res.disputes[i]), str(res.outcome[i]), int(res.loser[i]),
                   res.places_of(i))
            assert got == (want.tricks, want.disputes, want.outcome, want.loser, want.places), (rules, deal)
            for rank, group in enumerate(want.places):
                assert all(places[i, seat] == rank for seat in group), (rules, deal)
            checked += 1
    assert checked == len(OPTION_GRID) * DEALS_PER_CELL


@pytest.mark.parametrize("deal", [
    [cards("A♠ 6♥ 9♣ 9♦"), cards("A♥ 9♠ 6♣ 6♦"), cards("9♥ A♦ 6♠ A♣")],  # the n-player kernel
    [cards("A♠ 6♥ 9♣ 9♦ K♠"), cards("A♥ 9♠ 6♣ 6♦ K♥")],  # the two-player loop
])
def test_P9_random_gather_plays_the_same_game_in_distribution(deal):
    # Different generators, so compare distributions: one tie-rich deal, 3,000 games each way.
    rules = PianitsaRules(gather="random")
    games = 3000
    fast = simulate_pianitsa(deals=[deal] * games, rules=rules, seed=7)
    slow_tricks = []
    slow_losers = []
    for seed in range(games):
        r = PianitsaGame.from_stacks(deal, rules, seed=seed).play()
        slow_tricks.append(r.tricks)
        slow_losers.append(r.loser)
    slow_tricks = np.array(slow_tricks)
    spread = np.sqrt(fast.tricks.var() / games + slow_tricks.var() / games)
    assert abs(fast.tricks.mean() - slow_tricks.mean()) < 4.5 * spread
    for seat in (-1, *range(len(deal))):
        p_fast = np.mean(fast.loser == seat)
        p_slow = np.mean(np.array(slow_losers) == seat)
        assert abs(p_fast - p_slow) < 4.5 * np.sqrt(0.5 / games) + 1e-9, seat
    assert set(fast.outcome) <= {"finished", "draw", "limit"}  # no cycle check for random gather


# ----- reproducible runs ---------------------------------------------------------------------------


def same(a, b) -> bool:
    fields = ("tricks", "disputes", "outcome_code", "left")
    return all(np.array_equal(getattr(a, f), getattr(b, f)) for f in fields)


@pytest.mark.parametrize("gather", ["winner_first", "table", "random"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_runs_repeat_and_workers_do_not_change_results(players, gather):
    rules = PianitsaRules(gather=gather, dispute_face_down=1)
    a = simulate_pianitsa(3000, players=players, rules=rules, seed=12, workers=1)
    b = simulate_pianitsa(3000, players=players, rules=rules, seed=12, workers=2)
    c = simulate_pianitsa(3000, players=players, rules=rules, seed=np.random.SeedSequence(12), workers=None)
    d = simulate_pianitsa(3000, players=players, rules=rules, seed=13)
    assert same(a, b) and same(a, c)
    assert not np.array_equal(a.tricks, d.tricks)
    # The first games do not depend on how many games follow.
    assert same(simulate_pianitsa(100, players=players, rules=rules, seed=12), _head(a, 100))


def _head(res, k):
    return sim.PianitsaSimulation(tricks=res.tricks[:k], disputes=res.disputes[:k],
                                  outcome_code=res.outcome_code[:k], left=res.left[:k], rules=res.rules)


def test_progress_chunks_give_the_same_results(monkeypatch, capsys):
    plain = simulate_pianitsa(5000, players=3, seed=3, rules=PianitsaRules(gather="random"))
    monkeypatch.setattr(sim, "_CHUNK", 700)
    shown = simulate_pianitsa(5000, players=3, seed=3, rules=PianitsaRules(gather="random"), progress=True)
    assert same(plain, shown)
    assert "5,000 of 5,000" in capsys.readouterr().err


def test_explicit_deals_with_random_gather_are_seeded():
    deal = [cards("A♠ 6♥ 9♣ 9♦"), cards("A♥ 9♠ 6♣ 6♦")]
    rules = PianitsaRules(gather="random")
    a = simulate_pianitsa(deals=[deal] * 500, rules=rules, seed=1)
    b = simulate_pianitsa(deals=[deal] * 500, rules=rules, seed=1, workers=2)
    assert same(a, b)
    assert len(set(a.tricks.tolist())) > 1  # the shuffles differ from game to game


def test_generator_seed_and_index_array_deals():
    gen_a = simulate_pianitsa(200, seed=np.random.default_rng(5))
    gen_b = simulate_pianitsa(200, seed=np.random.default_rng(5))
    assert same(gen_a, gen_b)
    deals = [[cards("A♠ 6♥"), cards("K♦ 6♣")], [cards("J♠ 9♠"), cards("10♠ Q♠")]]
    as_array = np.array([[[c.index for c in st] for st in deal] for deal in deals])
    assert same(simulate_pianitsa(deals=deals), simulate_pianitsa(deals=as_array))


def test_loser_and_places_for_random_deals_are_consistent():
    res = simulate_pianitsa(2000, players=4, seed=2, places=True)
    finished = res.outcome == "finished"
    assert finished.all()
    last = res.places.max(axis=1)
    assert np.all(res.places[np.arange(res.games), res.loser] == last)
    assert np.all((res.left < 0).sum(axis=1) == 1)  # shed: one player ends holding the deck


# ----- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"games": 10, "players": 1}, "2 to 8 players"),
    ({"games": 10, "players": 9}, "2 to 8 players"),
    ({"games": 10, "players": 3, "deck": 32}, "32 cards cannot be dealt equally to 3 players"),
    ({"games": 10, "players": 5}, "need a deck given explicitly"),
    ({"games": 10, "deck": 40}, "32, 36 or 52"),
    ({"games": 10, "rules": "shed"}, "rules must be a PianitsaRules"),
    ({"games": -1}, "games must be a whole number"),
    ({"games": 10, "seed": -3}, "seed must be"),
    ({"games": 10, "workers": 0}, "workers must be"),
    ({"games": 1, "deals": [["A♠", "K♠"]]}, "not both"),
    ({"deals": [["A♠ K♠"]]}, "2 to 8 players"),
    ({"deals": [["A♠ K♠", ""]]}, "at least one card"),
    ({"deals": [["A♠ K♠", "A♠"]]}, "twice"),
    ({"deals": [["A♠", "K♠"], ["A♠", "K♠", "Q♠"]]}, "same number of players"),
    ({"deals": [["A♠", "X♠"]]}, "cannot read 'X♠'"),
    ({"deals": [["A♠", "K♠"]], "players": 3}, "players=3"),
    ({"deals": np.array([[[0, 0]], [[1, 2]]])}, "2 to 8 players"),
    ({"deals": np.array([[[0, 1], [1, 2]]])}, "twice"),
])
def test_bad_input_names_the_problem(kwargs, message):
    with pytest.raises(ValueError, match=message):
        simulate_pianitsa(**kwargs)


def test_bad_rules_fail_when_made():
    with pytest.raises(ValueError, match="gather must be one of"):
        simulate_pianitsa(10, rules=PianitsaRules(gather="sorted"))


@pytest.mark.parametrize("gather", ["winner_first", "table"])
@pytest.mark.parametrize("face_down", [0, 2])
def test_two_player_loop_equals_general_kernel(gather, face_down):
    # The scalar two-player loop is an optimisation: the general n-player kernel must agree with it.
    from pianitsa101.simulate import _pianitsa_kernel as kernel

    deck = np.array([int(c.rank) for c in make_deck(32)], dtype=np.uint8)
    runs = []
    for two_player_path in (True, False):
        out = (np.zeros(4000, np.int8), np.zeros(4000, np.int64), np.zeros(4000, np.int64),
               np.zeros((4000, 2), np.int32))
        kernel.play_random_deals(deck, 2, np.uint64(1), np.uint64(2), 0, 4000, face_down,
                                 sim._GATHER_CODES[gather], True, True, 3000, True, two_player_path, *out)
        runs.append(out)
    for fast, general in zip(*runs, strict=True):
        assert np.array_equal(fast, general)
