"""``python -m pianitsa101.simulate``: compile the simulators into numba's cache, a line per piece.

``make lab`` starts it (as ``python -m pianitsa101.strategy``, which adds the Monte Carlo
bot's playouts) in the background while JupyterLab opens; ``make test`` runs it before the
tests.  It holds the cache folder's lock (``_cache.BuildLock``) while it compiles, so a
kernel that needs a simulator meanwhile waits for it instead of compiling it a second time;
and it writes each finished piece, with its time, to the terminal and to
``build-progress.txt`` in the cache folder, which those kernels read for their bar.
A piece already in the cache takes a second to load and says so.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from typing import TextIO

from pianitsa101.simulate import _cache

__all__ = ["PIECES", "build", "main"]


def _quiet(done: int, total: int, message: str) -> None:
    """No bar and no notice: the build says what it does, a line per piece."""


def _pianitsa_random() -> None:
    from pianitsa101.simulate import simulate_pianitsa

    simulate_pianitsa(1, seed=0, progress=_quiet, engine="compiled")


def _pianitsa_deals() -> None:
    from pianitsa101.simulate import simulate_pianitsa

    simulate_pianitsa(deals=[["A♠ 6♥", "K♦ 6♣"]], progress=_quiet, engine="compiled")


def _game101() -> None:
    from pianitsa101.simulate import simulate_101

    simulate_101(1, seed=0, progress=_quiet, engine="compiled")


def _kernels(name: str) -> tuple:
    """The numba kernels a piece compiles (imported only here: importing compiles nothing)."""
    if name.startswith("simulate_pianitsa"):
        from pianitsa101.simulate import _pianitsa_kernel as k

        return (k.play_random_deals,) if "random" in name else (k.play_given_deals,)
    if name == "simulate_101":
        from pianitsa101.simulate._game101_kernel import play_rounds

        return (play_rounds,)
    if name == PLAYOUTS:  # the bot's kernels live here; its warm-up comes from pianitsa101.strategy
        from pianitsa101.simulate import _playout101 as p

        return (p.evaluate_moves, p.self_play)
    return ()  # a piece from a layer above that names no kernels: built (or loaded) every time


PLAYOUTS = "MonteCarloAgent's playouts"
PIECES: dict[str, Callable[[], None]] = {
    "simulate_pianitsa (random deals)": _pianitsa_random,
    "simulate_pianitsa (explicit deals)": _pianitsa_deals,
    "simulate_101": _game101,
}
SHORT = {"pianitsa-random": "simulate_pianitsa (random deals)",
         "pianitsa-deals": "simulate_pianitsa (explicit deals)",
         "101": "simulate_101", "playouts": PLAYOUTS}


def _needs(name: str) -> bool:
    kernels = _kernels(name)
    return not kernels or _cache.needs_compiling(*kernels)


def build(names: list[str] | None = None, out: TextIO = sys.stderr,
          also: Sequence[tuple[str, Callable[[], None]]] = ()) -> float:
    """Compile (or load) the named pieces (all by default) under the lock; the seconds it took.

    ``also``: (name, warm-up) pieces of the layers above (``python -m pianitsa101.strategy`` passes
    the Monte Carlo bot's playouts), which ``simulate`` itself never imports.
    """
    pieces = {**PIECES, **dict(also)}
    names = list(pieces) if names is None else names
    start = time.perf_counter()
    folder = _cache.cache_dir()
    lock = _cache.build_lock()
    todo = [n for n in names if _needs(n)]
    if not todo:
        out.write(f"pianitsa101: compiled simulators ready (all {len(names)} pieces in the cache)\n")
        out.flush()
        return time.perf_counter() - start
    out.write(f"pianitsa101: {_cache.COMPILE_NOTICE} ({len(todo)} of {len(names)} pieces to compile; "
              f"progress also in {folder / _cache.PROGRESS_FILE})\n")
    out.flush()
    if not lock.acquire(blocking=False):
        out.write("pianitsa101: another process is compiling the simulators; waiting for it\n")
        out.flush()
        lock.acquire()
    try:
        log = _progress_file(folder, len(names))
        for i, name in enumerate(names, 1):
            began = time.perf_counter()
            cached = not _needs(name)
            pieces[name]()
            now = time.perf_counter()
            how = "loaded from the cache" if cached else "compiled"
            line = (f"[{i}/{len(names)}] {name}: {how} in {now - began:.0f} s "
                    f"({now - start:.0f} s since the start)")
            out.write(f"pianitsa101: {line}\n")
            out.flush()
            if log is not None:
                log.write(line + "\n")
                log.flush()
        if log is not None:
            log.close()
    finally:
        lock.release()
    seconds = time.perf_counter() - start
    out.write(f"pianitsa101: compiled simulators ready ({len(names)} pieces) in {seconds:.0f} s\n")
    out.flush()
    return seconds


def _progress_file(folder, pieces: int) -> TextIO | None:
    """The progress file, started afresh (None where the cache folder cannot be written)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        log = open(folder / _cache.PROGRESS_FILE, "w", encoding="utf-8")  # noqa: SIM115 - one line per piece
    except OSError:
        return None
    log.write(f"pieces: {pieces}\n")
    log.flush()
    return log


def main(argv: list[str] | None = None, also: Sequence[tuple[str, Callable[[], None]]] = ()) -> None:
    """The command line: ``python -m pianitsa101.simulate [--pieces NAME ...]`` (or ``.strategy``)."""
    known = {k: v for k, v in SHORT.items() if v in PIECES or v in dict(also)}
    parser = argparse.ArgumentParser(description="Compile the simulators into numba's cache.")
    parser.add_argument("--pieces", nargs="+", choices=sorted(known), metavar="PIECE",
                        help=f"only these ({', '.join(known)}); all by default")
    args = parser.parse_args(argv)
    build([known[p] for p in args.pieces] if args.pieces else None, also=also)
