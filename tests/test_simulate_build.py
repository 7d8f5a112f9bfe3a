"""The background build of the compiled simulators: one process compiles, any other waits for it.

``make lab`` runs ``python -m pianitsa101.simulate`` beside JupyterLab; a kernel that needs
a simulator before it is built must wait (with a bar) and never compile it a second time.
The lock is a file in numba's cache folder, so these tests point NUMBA_CACHE_DIR at an
empty folder of their own.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from pianitsa101.simulate import _cache

pytest.importorskip("numba")

# A process that holds the build lock for a while, writing pieces to the progress file as the build does.
HOLDER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from pianitsa101.simulate import _cache
    _cache.cache_dir = lambda: Path(sys.argv[3])  # the test's folder, as in the test's process
    lock = _cache.build_lock()
    assert lock.acquire(blocking=False)
    log = _cache.cache_dir() / _cache.PROGRESS_FILE
    log.write_text("pieces: 2\\n")
    print("holding", flush=True)
    for i in (1, 2):
        time.sleep(float(sys.argv[1]))
        with log.open("a") as f:
            f.write(f"[{i}/2] piece {i}: compiled in 1 s\\n")
    Path(sys.argv[2]).write_text("built")
    lock.release()
""")


@pytest.fixture
def empty_cache(tmp_path, monkeypatch):
    """This process and its children use an empty numba cache folder (and so a lock of their own)."""
    folder = tmp_path / "numba-cache"
    folder.mkdir()
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(folder))
    monkeypatch.setattr(_cache, "cache_dir", lambda: folder)
    monkeypatch.setattr(_cache, "_locks", {})
    return folder


def _start_holder(tmp_path: Path, folder: Path, seconds: float) -> tuple[subprocess.Popen, Path]:
    built = tmp_path / "built"
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(seconds), str(built), str(folder)],
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "holding"
    return holder, built


def test_a_kernel_waits_for_the_build_under_way_and_does_not_compile(tmp_path, empty_cache, monkeypatch):
    holder, built = _start_holder(tmp_path, empty_cache, 1.0)
    monkeypatch.setattr(_cache, "needs_compiling", lambda *kernels: not built.exists())
    calls = []
    start = time.perf_counter()
    notice, release = _cache.ready(["kernel"], "test", lambda done, total, message: calls.append(
        (done, total, message)))
    waited = time.perf_counter() - start
    holder.wait(timeout=30)
    assert notice == "" and waited >= 1.5  # it waited for both pieces, and need not compile
    assert all(_cache.WAIT_NOTICE in m for _, _, m in calls)
    assert (1, 2) in [(d, t) for d, t, _ in calls] and calls[-1][:2] == (2, 2)
    assert not _cache.build_lock().held  # nothing was compiled here, so the lock is not kept
    release()


def test_a_kernel_goes_on_once_its_piece_is_built_while_the_build_goes_on(tmp_path, empty_cache, monkeypatch):
    holder, built = _start_holder(tmp_path, empty_cache, 1.5)
    log = empty_cache / _cache.PROGRESS_FILE
    monkeypatch.setattr(_cache, "needs_compiling", lambda *kernels: "[1/2]" not in log.read_text())
    assert _cache.ready(["kernel"], "test", lambda *a: None)[0] == ""
    assert holder.poll() is None and not built.exists()  # the build still holds the lock for its next piece
    assert not _cache.build_lock().held
    holder.wait(timeout=30)


def test_waiting_without_progress_says_so_on_stderr(tmp_path, empty_cache, monkeypatch, capsys):
    holder, built = _start_holder(tmp_path, empty_cache, 0.3)
    monkeypatch.setattr(_cache, "needs_compiling", lambda *kernels: not built.exists())
    assert _cache.ready(["kernel"], "Пьяница", False)[0] == ""
    holder.wait(timeout=30)
    err = capsys.readouterr().err
    assert f"Пьяница: {_cache.WAIT_NOTICE}" in err and "one to three minutes" in err
    assert "ready (waited" in err


def test_after_a_failed_build_the_kernel_compiles_holding_the_lock(tmp_path, empty_cache, monkeypatch):
    holder, _ = _start_holder(tmp_path, empty_cache, 0.2)
    monkeypatch.setattr(_cache, "needs_compiling", lambda *kernels: True)  # the build did not make it
    notice, release = _cache.ready(["kernel"], "test", lambda *a: None)
    holder.wait(timeout=30)
    assert notice == _cache.COMPILE_NOTICE and _cache.build_lock().held
    probe = ("import fcntl, sys; f = open(sys.argv[1], 'a+')\n"
             "try:\n    fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB); print('free')\n"
             "except OSError:\n    print('held')")
    lock_file = str(empty_cache / _cache.LOCK_FILE)
    assert subprocess.run([sys.executable, "-c", probe, lock_file], capture_output=True,
                          text=True).stdout.strip() == "held"
    release()
    release()  # a second call gives nothing back twice
    assert subprocess.run([sys.executable, "-c", probe, lock_file], capture_output=True,
                          text=True).stdout.strip() == "free"


def test_nothing_waits_when_the_cache_is_built(empty_cache, monkeypatch):
    monkeypatch.setattr(_cache, "needs_compiling", lambda *kernels: False)
    lock = _cache.build_lock()
    assert lock.acquire()  # even with the lock held (here), a built kernel runs at once
    try:
        assert _cache.ready(["kernel"], "test", lambda *a: pytest.fail("no bar when built"))[0] == ""
    finally:
        lock.release()


def test_the_lock_is_reentrant_in_one_process(empty_cache):
    lock = _cache.build_lock()
    assert lock.acquire() and lock.acquire(blocking=False) and lock.held
    lock.release()
    assert lock.held
    lock.release()
    assert not lock.held


WAITER = textwrap.dedent("""
    import sys, time
    from pianitsa101.simulate import simulate_pianitsa
    from pianitsa101.simulate._pianitsa_kernel import play_given_deals
    messages = []
    t = time.perf_counter()
    simulate_pianitsa(deals=[["A♠ 6♥", "K♦ 6♣"]] * 20, progress=lambda d, n, m: messages.append(m))
    print(f"{time.perf_counter() - t:.1f}")
    print(sum(play_given_deals.stats.cache_misses.values()), sum(play_given_deals.stats.cache_hits.values()))
    print("|".join(messages))
""")


@pytest.mark.slow
def test_two_processes_one_builds_one_waits_no_double_build(tmp_path):
    """Real numba, an empty cache: the background build compiles, a 'kernel' process waits and loads it."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("PIANITSA101_PURE", None)
    builder = subprocess.Popen([sys.executable, "-m", "pianitsa101.simulate", "--pieces", "pianitsa-deals"],
                               env=env, stderr=subprocess.PIPE, text=True)
    first = builder.stderr.readline()
    assert _cache.COMPILE_NOTICE in first  # it announced the build (and so holds the lock, or is taking it)
    time.sleep(2)
    waiter = subprocess.run([sys.executable, "-c", WAITER], env=env, capture_output=True, text=True,
                            timeout=600)
    rest = builder.communicate(timeout=600)[1]
    assert builder.returncode == 0, rest
    assert waiter.returncode == 0, waiter.stderr
    _seconds, counts, messages = waiter.stdout.splitlines()
    misses, hits = map(int, counts.split())
    assert misses == 0 and hits >= 1  # the waiter loaded the builder's machine code: no second compile
    assert _cache.WAIT_NOTICE in messages and _cache.COMPILE_NOTICE not in messages
    assert "[1/1] simulate_pianitsa (explicit deals): compiled in" in rest
