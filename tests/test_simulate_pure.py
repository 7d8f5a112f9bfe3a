"""The pure-Python simulators (the browser's path): the same games as the compiled path, no numpy.

- the random numbers: the pure SeedSequence and SplitMix64 equal numpy's and the kernels';
- the same results as the compiled path, on explicit deals and on random deals for the same
  seed, over the rule options of both games;
- the engines, tables and checks import without numpy, numba or matplotlib (a subprocess
  that refuses them), and the simulators still play there, with plain-list results.
"""

from __future__ import annotations

import dataclasses
import json
import pkgutil
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from numba import njit
from rules101_options import pick
from test_simulate_pianitsa import OPTION_GRID, random_deal

import pianitsa101
from pianitsa101 import cards
from pianitsa101.game101 import Rules101
from pianitsa101.pianitsa import PianitsaGame, PianitsaRules
from pianitsa101.simulate import game101 as sim101
from pianitsa101.simulate import pianitsa as sim
from pianitsa101.simulate import simulate_101, simulate_pianitsa
from pianitsa101.simulate._array import PlainArray
from pianitsa101.simulate._pure_pianitsa_loop import play_ranks
from pianitsa101.simulate._rng import _below, _seed_game, _shuffle
from pianitsa101.simulate._seeds import SplitMix64, seed_keys

PIANITSA_FIELDS = ("tricks", "disputes", "outcome_code", "left", "places", "loser", "outcome")
FIELDS_101 = ("winner", "outcome_code", "decisions", "points", "outcome")


def assert_same(a, b, fields) -> None:
    for f in fields:
        x, y = getattr(a, f), getattr(b, f)
        assert x.dtype == y.dtype and np.array_equal(x, y), f


# ----- the random numbers ---------------------------------------------------------------------------


def test_seed_keys_equal_numpys_seedsequence():
    rng = random.Random(5)
    seeds = [0, 1, 2**32 - 1, 2**32, 2**64 - 1, 2**64, 2**128 + 7, 10**60]
    seeds += [rng.getrandbits(rng.choice([8, 31, 64, 100, 256])) for _ in range(500)]
    for seed in seeds:
        want = np.random.SeedSequence(seed).generate_state(2, dtype=np.uint64)
        assert seed_keys(seed) == (int(want[0]), int(want[1])), seed
    assert seed_keys(np.int64(12)) == seed_keys(12)
    assert seed_keys(np.random.SeedSequence(3)) == seed_keys(3)
    assert seed_keys(None) != seed_keys(None)  # fresh entropy each time


@njit
def _kernel_draws(key0, key1, game, bounds, deck):
    state = np.zeros(1, dtype=np.uint64)
    _seed_game(state, key0, key1, game)
    out = np.zeros(bounds.shape[0], dtype=np.int64)
    for i in range(bounds.shape[0]):
        out[i] = _below(state, bounds[i])
    _shuffle(deck, deck.shape[0], state)
    return out


def test_splitmix_stream_equals_the_kernels():
    rng = random.Random(6)
    for game in range(40):
        key0, key1 = rng.getrandbits(64), rng.getrandbits(64)
        bounds = [rng.choice([1, 2, 3, 36, 52, 2**31 + 5, 2**32 - 1]) for _ in range(30)]
        deck = np.arange(52, dtype=np.int64)
        want = _kernel_draws(np.uint64(key0), np.uint64(key1), game, np.array(bounds, np.int64), deck)
        stream = SplitMix64.for_game(key0, key1, game)
        assert [stream.below(b) for b in bounds] == want.tolist()
        mine = list(range(52))
        stream.shuffle(mine)
        assert mine == deck.tolist()


# ----- the same games as the compiled path ---------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_P5_to_P13_pure_equals_compiled_on_explicit_deals(players):
    rng = random.Random(2000 + players)
    for lba, face_down, gather, second, goal, max_tricks in OPTION_GRID[::5]:
        rules = PianitsaRules(low_beats_ace=lba, dispute_face_down=face_down, gather=gather,
                              second_disputes=second, goal=goal, max_tricks=max_tricks)
        deals = [random_deal(rng, players) for _ in range(12)]
        fast = simulate_pianitsa(deals=deals, rules=rules, places=True)
        pure = simulate_pianitsa(deals=deals, rules=rules, places=True, engine="python")
        assert_same(fast, pure, PIANITSA_FIELDS)
        assert [pure.places_of(i) for i in range(12)] == [fast.places_of(i) for i in range(12)]


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("gather", ["winner_first", "table", "random"])
def test_P1_P9_pure_equals_compiled_on_random_deals_for_the_same_seed(players, gather):
    # The random deals and (P9) the random gathers use the kernel's own stream: the same games.
    deck = list(pianitsa101.make_deck(52))[: players * (52 // players)] if players in (5, 7) else None
    rules = PianitsaRules(gather=gather, dispute_face_down=players % 3, goal=("shed", "collect")[players % 2])
    fast = simulate_pianitsa(120, players=players, deck=deck, rules=rules, seed=players, places=True)
    pure = simulate_pianitsa(120, players=players, deck=deck, rules=rules, seed=players, places=True,
                             engine="python")
    assert_same(fast, pure, PIANITSA_FIELDS)
    assert pure.engine == "python" and fast.engine == "compiled"


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_P3_to_P13_pure_fast_loop_equals_the_engine_game_by_game(players):
    # The browser's loop plays on ranks without records; the engine plays cards and keeps them.
    rng = random.Random(players)
    checked = 0
    for lba, face_down, gather, second, goal, max_tricks in OPTION_GRID:
        for order in (gather, "random"):
            rules = PianitsaRules(low_beats_ace=lba, dispute_face_down=face_down, gather=order,
                                  second_disputes=second, goal=goal, max_tricks=max_tricks)
            for _ in range(4):
                deal, seed = random_deal(rng, players), rng.getrandbits(32)
                game = PianitsaGame.from_stacks(deal, rules, seed=seed)
                game.play()
                left = [-1] * players
                for trick in game.history:
                    for seat in trick.left:
                        left[seat] = trick.number
                ranks = [[int(c.rank) for c in stack] for stack in deal]
                assert play_ranks(ranks, rules, random.Random(seed)) == (
                    game.outcome, game.tricks, game.disputes, left), (deal, rules, seed)
                checked += 1
    assert checked == len(OPTION_GRID) * 2 * 4


def test_P9_random_gather_on_explicit_deals_and_index_arrays_for_the_same_seed():
    deal = [cards("A♠ 6♥ 9♣ 9♦"), cards("A♥ 9♠ 6♣ 6♦"), cards("9♥ A♦ 6♠ A♣")]
    rules = PianitsaRules(gather="random")
    fast = simulate_pianitsa(deals=[deal] * 300, rules=rules, seed=4)
    assert_same(fast, simulate_pianitsa(deals=[deal] * 300, rules=rules, seed=4, engine="python"),
                PIANITSA_FIELDS[:4])
    array = np.array([[[c.index for c in st] for st in deal]] * 50)
    assert_same(simulate_pianitsa(deals=array, seed=np.random.default_rng(3)),
                simulate_pianitsa(deals=array, seed=np.random.default_rng(3), engine="python"),
                PIANITSA_FIELDS[:4])


OPTIONS_101 = pick("deal", "draw", "recycle", "six", "ace", "queen_wild", "chain", "last_card_effects",
                   "queen_finish_bonus", "flush_queens", "seven_draw", "seven_of_spades_draw")


def test_R2_to_R26_pure_equals_compiled_for_the_same_seed():
    # Rounds of random bots: the same deal, the same pick among the legal moves, the same R8
    # shuffles, so the same winner, points and number of decisions, round by round.
    rng = random.Random(26)
    outcomes = set()
    for trial in range(24):
        rules = Rules101(**{name: rng.choice(values) for name, values in OPTIONS_101.items()})
        if trial % 3 == 0:
            rules = dataclasses.replace(rules, flush_queens=True, queen_wild=True)
        players = 6 if trial % 4 == 0 else rng.randint(2, 5)
        deck = rng.choice([36, 52])
        fast = simulate_101(60, players=players, deck=deck, rules=rules, seed=trial)
        pure = simulate_101(60, players=players, deck=deck, rules=rules, seed=trial, engine="python")
        assert_same(fast, pure, FIELDS_101)
        outcomes |= set(pure.outcome.tolist())
    assert outcomes == {"won", "abandoned"}
    cut = dict(rounds=40, players=4, seed=1, max_decisions=15)  # and rounds cut at max_decisions
    assert_same(simulate_101(**cut), simulate_101(**cut, engine="python"), FIELDS_101)
    assert "limit" in set(simulate_101(**cut, engine="python").outcome)


# ----- choosing the engine, default samples, the sentence -------------------------------------------


def test_pure_path_plays_a_smaller_default_sample_and_says_so(monkeypatch):
    monkeypatch.setenv("PIANITSA101_PURE", "1")
    res = simulate_pianitsa(seed=1)
    assert res.engine == "python" and res.games == sim.DEFAULT_GAMES_PURE < sim.DEFAULT_GAMES
    assert "PIANITSA101_PURE is set" in res.note and "2,000 games" in res.note and res.note in repr(res)
    assert res.note in res._repr_html_()
    rounds = simulate_101(seed=1)
    assert rounds.engine == "python" and rounds.rounds == sim101.DEFAULT_ROUNDS_PURE < sim101.DEFAULT_ROUNDS
    assert "500 rounds" in rounds.note and rounds.note in repr(rounds)
    monkeypatch.delenv("PIANITSA101_PURE")
    fast = simulate_pianitsa(seed=1)
    assert fast.engine == "compiled" and fast.games == sim.DEFAULT_GAMES and fast.note == ""
    assert simulate_101(seed=1).rounds == sim101.DEFAULT_ROUNDS
    assert np.array_equal(fast.tricks[: res.games], res.tricks)  # the same first games


@pytest.mark.parametrize("bad", ["numba", "fast", 1])
def test_engine_must_be_compiled_python_or_none(bad):
    with pytest.raises(ValueError, match="engine must be 'compiled', 'python' or None"):
        simulate_pianitsa(10, engine=bad)
    with pytest.raises(ValueError, match="engine must be"):
        simulate_101(10, engine=bad)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"games": 10, "players": 9}, "2 to 8 players"),
    ({"games": -1}, "games must be a whole number"),
    ({"games": 10, "seed": -3}, "seed must be"),
    ({"games": 10, "workers": 0}, "workers must be"),
    ({"deals": [["A♠ K♠", "A♠"]]}, "twice"),
    ({"deals": [["A♠", "K♠"], ["A♠", "K♠", "Q♠"]]}, "same number of players"),
    ({"deals": [["A♠", "K♠"]], "players": 3}, "players=3"),
    ({"deals": np.array([[[0, 1], [1, 2]]])}, "twice"),
    ({"deals": np.array([[[0, 60], [1, 2]]])}, "0..51"),
    ({"deals": np.zeros((2, 2))}, "shaped"),
])
def test_pure_path_refuses_bad_input_as_the_compiled_one(kwargs, message):
    for engine in ("compiled", "python"):
        with pytest.raises(ValueError, match=message):
            simulate_pianitsa(engine=engine, **kwargs)


def test_pure_progress_function_sees_the_chunks():
    calls = []
    simulate_101(25, seed=1, engine="python", progress=lambda d, t, m: calls.append((d, t, m)))
    assert [d for d, _, _ in calls] == [0, 10, 20, 25] and "25 of 25 rounds" in calls[-1][2]


def test_plain_arrays_answer_like_numpy():
    a = PlainArray([[1, 5], [4, 0], [2, 2]])
    n = np.array(a.tolist())
    assert a.shape == n.shape and a.sum() == n.sum() and a.mean() == n.mean()
    assert a.sum(axis=0).tolist() == n.sum(axis=0).tolist()
    assert a.max(axis=1).tolist() == n.max(axis=1).tolist()
    assert a[:, 0].tolist() == n[:, 0].tolist() and a[1, 1] == n[1, 1] and a[1].tolist() == n[1].tolist()
    assert a[a[:, 0] > 1].tolist() == n[n[:, 0] > 1].tolist()
    assert (a == 2).tolist() == (n == 2).tolist() and (~(a > 1)).tolist() == (~(n > 1)).tolist()
    col = PlainArray(["cycle", "finished", "cycle"])
    assert (col == "cycle").sum() == 2 and col[[2, 0]].tolist() == ["cycle", "cycle"]
    assert abs(PlainArray([1, 2, 4]).std() - np.std([1, 2, 4])) < 1e-12
    with pytest.raises(ValueError, match="ambiguous"):
        bool(col == "cycle")


# ----- no numpy, numba or matplotlib: what runs in the browser -----------------------------------------

BLOCKER = """
import sys
class NoCompiledStack:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {"numpy", "numba", "matplotlib"}:
            raise ModuleNotFoundError(f"No module named {name!r} (refused: not in the browser)")
        return None
sys.meta_path.insert(0, NoCompiledStack())
"""


FULL_PYTHON_ONLY = ("pianitsa101.lessons",)  # helpers of the probability lessons: numpy by design


def browser_modules() -> list[str]:
    """Every module of the package that must import without numpy (all but the compiled path).

    The exceptions: the compiled simulators and the bot's compiled side (modules of
    ``pianitsa101.simulate`` and ``pianitsa101.strategy`` that import numpy or numba at the top)
    and ``FULL_PYTHON_ONLY``, the lessons' own helpers.
    """
    root = Path(pianitsa101.__file__).parent
    names = ["pianitsa101"]
    for info in pkgutil.walk_packages([str(root)], "pianitsa101."):
        if info.name.endswith("__main__") or info.name.startswith(FULL_PYTHON_ONLY):
            continue
        path = root.joinpath(*info.name.split(".")[1:])
        source = path / "__init__.py" if info.ispkg else path.with_suffix(".py")
        lines = source.read_text(encoding="utf-8").splitlines()
        compiled = info.name.startswith(("pianitsa101.simulate.", "pianitsa101.strategy.")) and any(
            line.startswith(("import numpy", "import numba", "from numba", "from numpy")) for line in lines)
        if not compiled:
            names.append(info.name)
    return names


def run_without_numpy(code: str) -> str:
    env = {k: v for k, v in __import__("os").environ.items() if k != "PIANITSA101_PURE"}
    done = subprocess.run([sys.executable, "-c", BLOCKER + code], capture_output=True, text=True, env=env,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_engines_tables_and_checks_import_without_numpy_numba_matplotlib():
    modules = browser_modules()
    for needed in ("pianitsa101.cards", "pianitsa101.pianitsa", "pianitsa101.game101", "pianitsa101.simulate",
                   "pianitsa101.simulate.pianitsa", "pianitsa101.simulate._pure_101", "pianitsa101.widgets"):
        assert needed in modules
    code = (f"import importlib\nfor name in {modules!r}:\n    importlib.import_module(name)\n"
            "import pianitsa101.simulate.pianitsa as sim\n"
            "assert not hasattr(sim, 'no_such_name')\n"
            "blocked = {'numpy', 'numba', 'matplotlib'}\n"
            "print(sorted(m for m in sys.modules if m.partition('.')[0] in blocked))")
    assert run_without_numpy(code).split() == ["[]"]


def test_simulators_play_without_numpy_and_give_the_compiled_results():
    code = """
import json
from pianitsa101.simulate import simulate_101, simulate_pianitsa
from pianitsa101.simulate._array import PlainArray
from pianitsa101.simulate._pure_pianitsa_loop import play_ranks
p = simulate_pianitsa(300, players=3, seed=8, places=True)
d = simulate_pianitsa(deals=[["A♠ 6♥", "K♦ 6♣"], ["J♠ 9♠", "10♠ Q♠"]])
r = simulate_101(100, players=4, seed=8)
assert p.engine == r.engine == "python"
assert isinstance(p.tricks, PlainArray) and isinstance(r.points, PlainArray)
assert "numba is not available here" in p.note and "numba is not available here" in r.note
assert p.counts()["finished"] == int((p.outcome == "finished").sum())
print(json.dumps({"tricks": p.tricks.tolist(), "left": p.left.tolist(), "places": p.places.tolist(),
                  "loser": p.loser.tolist(), "deals": [d.tricks.tolist(), d.places_of(1)],
                  "points": r.points.tolist(), "decisions": r.decisions.tolist(),
                  "mean": r.decisions.mean()}))
"""
    got = json.loads(run_without_numpy(code))
    p = simulate_pianitsa(300, players=3, seed=8, places=True)
    d = simulate_pianitsa(deals=[["A♠ 6♥", "K♦ 6♣"], ["J♠ 9♠", "10♠ Q♠"]])
    r = simulate_101(100, players=4, seed=8)
    assert got["tricks"] == p.tricks.tolist() and got["left"] == p.left.tolist()
    assert got["places"] == p.places.tolist() and got["loser"] == p.loser.tolist()
    assert got["deals"] == [d.tricks.tolist(), [list(t) for t in d.places_of(1)]]
    assert got["points"] == r.points.tolist() and got["decisions"] == r.decisions.tolist()
    assert got["mean"] == pytest.approx(float(r.decisions.mean()))
