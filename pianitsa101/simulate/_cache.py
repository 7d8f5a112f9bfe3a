"""numba's on-disk cache of the compiled simulators: is it there yet, who builds it, and waiting for it.

numba compiles a kernel the first time it runs on a machine (one to three minutes for all
of them on a small machine) and keeps the machine code in ``__pycache__`` next to the
sources; later runs load it in a second or two.  ``make lab`` builds it in the background
(``python -m pianitsa101.simulate``, in ``_build.py``) while JupyterLab starts, and
``make test`` before its tests.  Whoever compiles holds a lock file in the cache folder
(``BuildLock``), so two processes never compile the same code: a kernel that needs a
simulator while the background build runs waits for it with a progress bar (``ready``),
and one that must compile anyway says so (``COMPILE_NOTICE``).
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

__all__ = ["COMPILE_NOTICE", "PROGRESS_FILE", "BuildLock", "build_lock", "cache_dir", "ensure_fresh_cache",
           "main", "needs_compiling", "ready"]

COMPILE_NOTICE = ("building the compiled simulator for this machine: one to three minutes on a small "
                  "machine, once")
WAIT_NOTICE = "waiting for the compiled simulator, being built in the background"
PROGRESS_FILE = "build-progress.txt"  # the background build's lines, in the cache folder
LOCK_FILE = "build.lock"
PIECES = 4  # what the background build compiles (``_build.PIECES``), until its progress file says

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
        if re.search(rb"^@njit", text, re.MULTILINE):  # a decorated kernel, not a mention of one
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


def cache_dir() -> Path:
    """The folder numba keeps this package's machine code in (``__pycache__``, or under NUMBA_CACHE_DIR)."""
    try:
        from pianitsa101.simulate._pianitsa_kernel import play_random_deals

        return Path(play_random_deals._cache._cache_path)  # numba's own choice of folder
    except Exception:  # no numba, or its private layout changed
        base = os.environ.get("NUMBA_CACHE_DIR")
        return Path(base) if base else Path(__file__).parent / "__pycache__"


class BuildLock:
    """A lock file held by the one process that compiles; re-entrant within that process.

    It is an ``flock`` on ``build.lock`` in the cache folder: the system releases it when the
    holder ends, even killed, so a waiter never waits for a build that stopped.  Where the
    folder cannot be written (a read-only install) or there is no ``fcntl`` (Windows), it
    locks nothing and everyone compiles for themselves, as numba does alone.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file = None
        self._depth = 0

    @property
    def held(self) -> bool:
        """True while this process holds the lock."""
        return self._depth > 0

    def acquire(self, blocking: bool = True) -> bool:
        """Take the lock (waiting for it when ``blocking``); True once this process holds it."""
        if self._depth:
            self._depth += 1
            return True
        try:
            import fcntl

            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle = open(self.path, "a+")  # noqa: SIM115 - held open as long as the lock
        except (ImportError, OSError):
            self._depth = 1  # nothing to lock with: go ahead
            return True
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
        except OSError:
            handle.close()
            return False
        self._file, self._depth = handle, 1
        return True

    def release(self) -> None:
        """Give back one ``acquire``; the lock is free when every one is given back."""
        if not self._depth:
            return
        self._depth -= 1
        if not self._depth and self._file is not None:
            self._file.close()  # closing the file releases the flock
            self._file = None


_locks: dict[Path, BuildLock] = {}


def build_lock() -> BuildLock:
    """This process's lock on the cache folder (one object per folder)."""
    path = cache_dir() / LOCK_FILE
    return _locks.setdefault(path, BuildLock(path))


def build_status() -> tuple[int, int, str]:
    """The background build's progress from its file: pieces done, pieces in all, its last line."""
    try:
        lines = (cache_dir() / PROGRESS_FILE).read_text(encoding="utf-8").splitlines()
    except OSError:
        return 0, PIECES, ""
    total = PIECES
    for line in lines:
        if line.startswith("pieces:"):
            total = int(line.split(":")[1])
    done = sum(1 for line in lines if line.startswith("["))
    return done, total, (lines[-1] if lines else "")


def _wait(lock: BuildLock, label: str, progress: object, kernels: tuple) -> bool:
    """Wait until the lock is free (True: now held here) or the build has cached ``kernels`` (False).

    Meanwhile it shows the background build's pieces (a bar, a line on stderr, or ``progress``).
    """
    from pianitsa101.simulate._progress import Progress

    start = time.perf_counter()
    done, total, _ = build_status()
    quiet = progress is False
    if quiet:
        sys.stderr.write(f"{label}: {WAIT_NOTICE} (one to three minutes on a small machine) ...\n")
        sys.stderr.flush()
    bar = None if quiet else Progress(total, label, progress, unit="pieces built",
                                      prefix=f"{WAIT_NOTICE}: ")
    held = False
    while not held:
        time.sleep(0.5)
        held = lock.acquire(blocking=False)
        if not held and not needs_compiling(*kernels):  # the build's earlier piece was this one
            break
        done, total, _ = build_status()
        if bar is not None:
            bar.total = total
            bar.update(min(done, total))
    if bar is not None:
        bar.update(bar.total)
    if quiet:
        waited = time.perf_counter() - start
        sys.stderr.write(f"{label}: the compiled simulator is ready (waited {waited:.0f} s)\n")
        sys.stderr.flush()
    return held


def ready(kernels: Iterable[object], label: str, progress: object = False) -> tuple[str, Callable[[], None]]:
    """Before a compiled run: wait for a build under way; then the notice to show and a ``release``.

    The notice is ``COMPILE_NOTICE`` when this process must compile a kernel itself (it then
    holds the lock until it calls ``release``, after its first piece of work); else "".
    Nothing waits when the kernels are in the cache already.
    """
    kernels = tuple(kernels)
    if not needs_compiling(*kernels):
        return "", _nothing
    lock = build_lock()
    if not lock.acquire(blocking=False) and not _wait(lock, label, progress, kernels):
        return "", _nothing  # the background build has cached them (and goes on with the others)
    if not needs_compiling(*kernels):  # the build that held the lock made them
        lock.release()
        return "", _nothing
    released = False

    def release() -> None:
        nonlocal released
        if not released:
            released = True
            lock.release()

    return COMPILE_NOTICE, release


def _nothing() -> None:
    """Nothing to release."""


def main(also: Sequence[tuple[str, Callable[[], None]]] = ()) -> None:
    """``python -m pianitsa101.simulate``; ``pianitsa101.strategy`` passes its playouts in ``also``."""
    from pianitsa101.simulate._build import main as build

    build(also=also)
