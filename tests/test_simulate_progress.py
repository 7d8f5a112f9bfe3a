"""Progress of the simulators (interface I2): False, True or a function; the first-compile notice.

A widget draws its own bar from ``progress(done, total, message)``; a run that must first
compile the kernels says so once, in the message or as one line on stderr.
"""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from pianitsa101.simulate import _cache, simulate_101, simulate_pianitsa
from pianitsa101.simulate import game101 as sim101
from pianitsa101.simulate import pianitsa as sim


class Recorder:
    """A progress function that keeps every call."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, int, str]] = []

    def __call__(self, done: int, total: int, message: str) -> None:
        self.calls.append((done, total, message))


def test_progress_function_sees_every_chunk_and_changes_nothing(monkeypatch):
    monkeypatch.setattr(sim, "_CHUNK", 300)
    seen = Recorder()
    shown = simulate_pianitsa(3000, players=3, seed=5, progress=seen)
    plain = simulate_pianitsa(3000, players=3, seed=5)
    assert np.array_equal(shown.tricks, plain.tricks) and np.array_equal(shown.left, plain.left)
    done = [d for d, _, _ in seen.calls]
    assert done[0] == 0 and done[-1] == 3000 and done == sorted(done) and len(done) == 11
    assert all(total == 3000 for _, total, _ in seen.calls)
    assert seen.calls[-1][2].startswith("3,000 of 3,000 games (100%")


def test_progress_function_for_101_rounds(monkeypatch):
    monkeypatch.setattr(sim101, "_CHUNK", 100)
    seen = Recorder()
    res = simulate_101(500, players=3, seed=2, progress=seen)
    assert np.array_equal(res.points, simulate_101(500, players=3, seed=2).points)
    assert [d for d, _, _ in seen.calls] == [0, 100, 200, 300, 400, 500]
    assert "500 of 500 rounds" in seen.calls[-1][2]


@pytest.mark.parametrize("bad", ["yes", 1, None])
def test_progress_must_be_true_false_or_a_function(bad):
    with pytest.raises(TypeError, match="progress must be True, False or a function"):
        simulate_pianitsa(10, progress=bad)
    with pytest.raises(TypeError, match="progress must be True, False or a function"):
        simulate_101(10, progress=bad)


@pytest.mark.parametrize("run", [
    lambda **kw: simulate_pianitsa(200, seed=1, **kw),
    lambda **kw: simulate_pianitsa(deals=[["A♠ 6♥", "K♦ 6♣"]], **kw),
    lambda **kw: simulate_101(50, seed=1, **kw),
])
def test_first_compile_is_announced_once(monkeypatch, capsys, run):
    monkeypatch.setattr(_cache, "needs_compiling", lambda *kernels: True)
    run()  # progress False: one line on stderr
    err = capsys.readouterr().err
    assert err.count(_cache.COMPILE_NOTICE) == 1 and err.endswith("once\n")
    seen = Recorder()
    run(progress=seen)  # a function: the notice is the first message, not repeated
    assert seen.calls[0][0] == 0 and seen.calls[0][2] == _cache.COMPILE_NOTICE
    assert all(_cache.COMPILE_NOTICE not in m for _, _, m in seen.calls[1:])
    assert capsys.readouterr().err == ""
    run(progress=True)  # a terminal: the notice on its own line, then the count
    err = capsys.readouterr().err
    assert err.count(_cache.COMPILE_NOTICE) == 1 and " of " in err


def test_no_notice_once_compiled(capsys):
    simulate_pianitsa(10, seed=0)
    simulate_101(10, seed=0)
    assert capsys.readouterr().err == ""


def test_needs_compiling_reads_the_disk_cache(tmp_path):
    # This process has run the kernels (or loaded them from the cache make built): ready.
    from pianitsa101.simulate._game101_kernel import play_rounds
    from pianitsa101.simulate._pianitsa_kernel import play_random_deals

    simulate_pianitsa(1, seed=0)
    simulate_101(1, seed=0)
    assert not _cache.needs_compiling(play_random_deals, play_rounds)
    # A fresh process with the same cache is ready too; with an empty cache folder it is not.
    code = ("from pianitsa101.simulate._cache import needs_compiling\n"
            "from pianitsa101.simulate._pianitsa_kernel import play_random_deals\n"
            "from pianitsa101.simulate._game101_kernel import play_rounds\n"
            "print(needs_compiling(play_random_deals), needs_compiling(play_rounds))")
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    same = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert same.stdout.split() == ["False", "False"]
    empty = subprocess.run([sys.executable, "-c", code], env={**env, "NUMBA_CACHE_DIR": str(tmp_path)},
                           capture_output=True, text=True, check=True)
    assert empty.stdout.split() == ["True", "True"]
