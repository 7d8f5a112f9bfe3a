"""numba's on-disk cache of the compiled simulators: is it there yet, and build it during set-up.

numba compiles a kernel the first time it runs on a machine (about a minute for all of
them, two on a busy machine) and keeps the machine code in ``__pycache__`` next to the
sources; later runs load it in a second or two.  ``make lab`` and ``make test`` run
``python -m pianitsa101.strategy`` (the simulators and the bot's playouts) during set-up,
so a class never waits in front of a silent cell; a run that must compile anyway says so (``COMPILE_NOTICE``).
"""

from __future__ import annotations

import hashlib
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

__all__ = ["COMPILE_NOTICE", "build_cache", "ensure_fresh_cache", "needs_compiling"]

COMPILE_NOTICE = "building the compiled simulator for this machine: about a minute, once"


def needs_compiling(*kernels: object) -> bool:
    """True when some numba kernel has no machine code yet, in this process or in the disk cache.

    A kernel already compiled in this process, or whose cache index (for the current
    source and numba version) lists machine code, counts as ready.
    """
    for kernel in kernels:
        if getattr(kernel, "overloads", None):
            continue  # compiled (or loaded) in this process
        try:
            index = kernel._cache._cache_file._load_index()  # numba's own check of version and source
        except Exception:  # numba's private layout changed: better silent than wrong
            continue
        if not index:
            return True
    return False


_checked = False


def ensure_fresh_cache() -> None:
    """Throw away numba's cached machine code of this folder if any kernel source changed since.

    numba checks only the source file of the function it loads, not the files of the
    functions that one calls: change ``_legal101.py`` and ``play_rounds`` (in
    ``_game101_kernel.py``) would load yesterday's machine code.  So a digest of every
    kernel source (the files with ``@njit``) is kept beside the cache, and a cache made
    from other sources is removed before anything loads from it (once per process).
    """
    global _checked
    if _checked:
        return
    _checked = True
    folder = Path(__file__).parent
    digest = hashlib.sha256()
    for source in sorted(folder.glob("*.py")):
        text = source.read_bytes()
        if b"@njit" in text:
            digest.update(source.name.encode() + b"\0" + text)
    cache = folder / "__pycache__"
    stamp = cache / "kernel-sources.sha256"
    try:
        if stamp.read_text() == digest.hexdigest():
            return
    except OSError:
        pass
    try:
        for old in [*cache.glob("*.nbi"), *cache.glob("*.nbc")]:
            old.unlink(missing_ok=True)
        cache.mkdir(exist_ok=True)
        stamp.write_text(digest.hexdigest())
    except OSError:  # a read-only install: numba keeps its cache elsewhere
        pass


def build_cache(also: Sequence[tuple[str, Callable[[], None]]] = ()) -> list[str]:
    """Run each compiled simulator once on a tiny input, so numba compiles and caches it; name them."""
    from pianitsa101.simulate import simulate_101, simulate_pianitsa

    def quiet(done: int, total: int, message: str) -> None:
        """No bar and no notice: ``main`` has said it once for all of them."""

    simulate_pianitsa(1, seed=0, progress=quiet, engine="compiled")
    simulate_pianitsa(deals=[["A♠ 6♥", "K♦ 6♣"]], progress=quiet, engine="compiled")
    simulate_101(1, seed=0, progress=quiet, engine="compiled")
    built = ["simulate_pianitsa (random deals)", "simulate_pianitsa (explicit deals)", "simulate_101"]
    for name, warm_up in also:  # the layers above (the bot's playouts) pass their own; simulate imports none
        warm_up()
        built.append(name)
    return built


def main(also: Sequence[tuple[str, Callable[[], None]]] = ()) -> None:
    """``python -m pianitsa101.simulate``: build the cache, saying how long it took.

    ``also``: more (name, warm-up) pairs to run after the simulators; ``python -m
    pianitsa101.strategy`` passes the Monte Carlo bot's playouts this way.
    """
    from pianitsa101.simulate._game101_kernel import play_rounds
    from pianitsa101.simulate._pianitsa_kernel import play_given_deals, play_random_deals
    from pianitsa101.simulate._playout101 import evaluate_moves

    start = time.perf_counter()
    if needs_compiling(play_random_deals, play_given_deals, play_rounds, evaluate_moves):
        sys.stderr.write(f"pianitsa101: {COMPILE_NOTICE} ...\n")
        sys.stderr.flush()
    built = build_cache(also)
    sys.stderr.write(f"pianitsa101: compiled simulators ready ({', '.join(built)}) "
                     f"in {time.perf_counter() - start:.0f} s\n")

