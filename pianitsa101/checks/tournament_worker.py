"""One student's strategy in a process of its own, asked for moves over a pipe (the class tournament).

The engine runs in the tournament's process; a :class:`RemoteAgent` stands in a seat there.
For each decision it sends the worker the seat's :class:`~pianitsa101.game101.PlayerView`
and the legal moves, and waits for the index of the chosen move: ``limit`` seconds (of the
worker's own CPU time on a busy machine, see :class:`Worker`), ``budget`` seconds per match.
The worker is a fresh ``python .../checks/tournament_student.py`` in the sandbox (``sandbox.py``: no
network, no files of the teacher's, limits, gone with the tournament), its imports guarded as
exercise 12's are (``_guard.py``): it never sees the other hands, the stock, the other entries or
the engine's objects, and whatever the student's code changes (a patched bot, a patched engine)
changes only the worker's own copies.

What comes back is read as untrusted bytes: a short JSON object, never a pickle; the only
answer taken is a whole number that indexes the legal moves, so no reply can be an illegal
move. A worker that raises, stalls, dies, or answers anything else *fails*: the tournament
takes note of the reason and stops the worker (its whole process group).

The wire (both ways: 4 bytes of length, then the message). To the worker, pickles in which a
card is its index in ``_CARDS``; the rules, the deck and the part of the public log the worker
already has are not sent again (a decision costs about 40 µs to send, not 700 µs).
"""

from __future__ import annotations

import io
import json
import os
import pickle
import select
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from concurrent.futures import Future
from typing import Any

from pianitsa101.cards import Card
from pianitsa101.checks import sandbox
from pianitsa101.checks._exercises import EXERCISES
from pianitsa101.checks._safe import printable
from pianitsa101.checks.secret import salted
from pianitsa101.checks.tournament_student import _CARDS, HEADER, PARENT, CardUnpickler

__all__ = ["HEADER", "PARENT", "CardUnpickler", "RemoteAgent", "StrategyFailed", "Worker"]

_CARD_INDEX = {card: i for i, card in enumerate(_CARDS)}
_MAX_REPLY = 4096  # bytes: a reply is a small JSON object
_BACKSTOP = 30  # limits of wall time after which a worker is stuck, however little CPU it got
_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tournament_student.py")


def _cpu_seconds(pid: int) -> float | None:
    """The CPU time a process and its descendants (the sandbox's) have used so far (Linux: /proc), or
    None where that cannot be read."""
    total, todo, seen = 0.0, [pid], set()
    try:
        while todo:
            current = todo.pop()
            if current in seen:
                continue
            seen.add(current)
            with open(f"/proc/{current}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children", "rb") as children:
                    todo.extend(int(child) for child in children.read().split())
    except (OSError, ValueError, IndexError):
        return None if current == pid else total
    return total


class StrategyFailed(Exception):
    """A worker raised, stalled, died or answered nonsense; ``reason`` says which, in one line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _CardPickler(pickle.Pickler):  # a card goes as its index in _CARDS
    def persistent_id(self, obj: Any) -> Any:
        return _CARD_INDEX[obj] if type(obj) is Card else None


def _dumps(message: Any) -> bytes:
    out = io.BytesIO()
    _CardPickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(message)
    return out.getvalue()


# ----------------------------------------------------------------------------- the tournament's side


class Worker:
    """One student's strategy in its own process; many matches may ask it at once (answers come in order).

    A reader thread takes the replies; the request at the head of the queue must be answered
    within its limit, counted from when it was sent or from the previous answer, whichever is
    later (so queueing behind other matches does not count). On any trouble the worker fails:
    it is stopped and every waiting request gets the same StrategyFailed.
    """

    def __init__(self, name: str, imports: str, answer: str, class_name: str = "MyAgent",
                 load_limit: float = 20.0) -> None:
        self.name = name
        self.failed: str | None = None
        env = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "PYTHONHASHSEED": "0"}
        if sandbox.sandbox_refusal():  # UNSAFE=1: the worker watches its parent itself
            env[PARENT] = str(os.getpid())
        self._proc = sandbox.popen(
            [sys.executable, "-I", _SCRIPT, json.dumps(list(EXERCISES["strategy"].allowed))],
            sandbox.Limits(cpu=3600), env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            start_new_session=hasattr(os, "setsid"))
        self._lock = threading.Lock()
        self._queue: deque[list[Any]] = deque()  # [future, sent at, limit, what]
        self._last = time.monotonic()
        self._grace: tuple[float, float] | None = None  # (worker's CPU seconds, until when) past a deadline
        self.loaded = self.request(("load", name, imports, answer, class_name), load_limit,
                                   "loading the answer cell")
        threading.Thread(target=self._read, daemon=True, name=f"worker {name}").start()

    def request(self, message: Any, limit: float, doing: str) -> Future:
        """Send one message; its Future gets the reply (a dict) and the seconds the worker spent on it."""
        future: Future = Future()
        payload = _dumps(message)
        with self._lock:
            if self.failed is not None:
                future.set_exception(StrategyFailed(self.failed))
                return future
            now = time.monotonic()
            if not self._queue:
                self._last = now
            self._queue.append([future, now, limit, doing])
            try:
                assert self._proc.stdin is not None
                self._proc.stdin.write(HEADER.pack(len(payload)) + payload)
                self._proc.stdin.flush()
            except (BrokenPipeError, OSError):
                pass  # the reader sees the process gone and fails every request
        return future

    def _read(self) -> None:
        """The reader thread: replies in order, deadlines, failures."""
        assert self._proc.stdout is not None
        fd, buffer = self._proc.stdout.fileno(), b""
        while True:
            with self._lock:
                if self.failed is not None:
                    return
                head = self._queue[0] if self._queue else None
                deadline = self._deadline(head)
            while len(buffer) >= HEADER.size:
                (size,) = HEADER.unpack_from(buffer)
                if size > _MAX_REPLY or head is None:
                    self.fail("the worker sent something it was not asked for")
                    return
                if len(buffer) < HEADER.size + size:
                    break
                raw, buffer = buffer[HEADER.size:HEADER.size + size], buffer[HEADER.size + size:]
                self._answer(raw)
                with self._lock:
                    head = self._queue[0] if self._queue else None
                    deadline = self._deadline(head)
            now = time.monotonic()
            if deadline is not None and now > deadline:
                stuck = self._stuck(head, now)
                if stuck:
                    self.fail(stuck)
                    return
                continue
            wait = 0.05 if deadline is None else min(0.05, deadline - now)
            if select.select([fd], [], [], max(wait, 0))[0]:
                chunk = os.read(fd, 65536)
                if not chunk:
                    code = self._proc.wait()
                    self.fail(f"its process exited (code {code})" + (f" while {head[3]}" if head else ""))
                    return
                buffer += chunk

    def _deadline(self, head: list[Any] | None) -> float | None:
        """When the head request's time is up (or its grace, see ``_stuck``)."""
        if head is None:
            return None
        return self._grace[1] if self._grace else max(head[1], self._last) + head[2]

    def _stuck(self, head: list[Any], now: float) -> str:
        """The reason to fail a worker past its deadline, or "" to give it a grace of one more limit.

        On a machine shared with other work a worker may simply not have been run: its time is
        up only when it also used the CPU for at least half the last grace, or after
        ``_BACKSTOP`` limits in all (a worker that sleeps, or waits for a child of its own).
        """
        limit, cpu = head[2], _cpu_seconds(self._proc.pid)
        started = max(head[1], self._last)
        starved = cpu is not None and (self._grace is None or cpu - self._grace[0] < limit / 2)
        if starved and now - started < _BACKSTOP * limit:
            self._grace = (cpu, now + limit)
            return ""
        waited = f"{limit:g} s" if self._grace is None or cpu is None else f"{limit:g} s of its own CPU time"
        return f"no answer within {waited} while {head[3]} (an endless loop?)"

    def _answer(self, raw: bytes) -> None:
        with self._lock:
            self._grace = None
            future, sent, _, doing = self._queue.popleft()
            now = time.monotonic()
            spent, self._last = now - max(sent, self._last), now
        try:
            reply = json.loads(raw.decode("utf-8"))
            assert isinstance(reply, dict)
        except Exception:
            self.fail(f"the worker sent something unreadable while {doing}")
            return
        if "error" in reply:
            self.fail(str(reply["error"])[:300])
            future.set_exception(StrategyFailed(self.failed or str(reply["error"])))
            return
        future.set_result((reply, spent))

    def fail(self, reason: str) -> None:
        """Stop the worker (its whole process group); every waiting request gets StrategyFailed(reason)."""
        reason = printable(reason, 300)  # it may quote the student's error: data, bounded
        with self._lock:
            if self.failed is None:
                self.failed = reason
            waiting = list(self._queue)
            self._queue.clear()
        self.close()
        for future, *_ in waiting:
            if not future.done():
                future.set_exception(StrategyFailed(self.failed))

    def close(self) -> None:
        """Stop the process and anything it started."""
        if self._proc.poll() is None:
            try:
                if hasattr(os, "killpg"):
                    os.killpg(self._proc.pid, signal.SIGKILL)
                else:
                    self._proc.kill()
            except (ProcessLookupError, PermissionError):
                pass
        self._proc.wait()


class RemoteAgent:
    """The agent in one seat of one match, answered by a :class:`Worker` (a fresh ``MyAgent()`` there)."""

    def __init__(self, worker: Worker, key: int, seed: int, rules: Any, deck: Any, limit: float = 1.0,
                 budget: float = 30.0) -> None:
        self.worker, self.key, self.limit, self.budget = worker, key, limit, budget
        self.name = worker.name
        self.thinking = 0.0  # seconds the worker spent on this match's decisions
        self._log: tuple = ()
        seed = salted(seed, "agent")  # it tells nothing of the schedule's generator, which draws the deals
        self._wait(worker.request(("match", key, seed, rules.to_dict(), tuple(deck)), limit,
                                  "creating MyAgent()"))  # the same limit as a decision

    def _wait(self, future: Future) -> dict[str, Any]:
        reply, spent = future.result()  # the reader thread settles it by its deadline
        self.thinking += spent
        return reply

    def choose(self, view: Any, legal_moves: list[Any]) -> Any:
        """The worker's move: one of ``legal_moves`` (StrategyFailed if it has none to give in time)."""
        log, known = view.log, self._log
        start = len(known) if len(log) >= len(known) and log[:len(known)] == known else 0
        self._log = log
        fields = view._replace(rules=None, deck=None, log=log[start:])
        future = self.worker.request(("choose", self.key, tuple(fields), start, legal_moves), self.limit,
                                     "choose()")
        reply = self._wait(future)
        index = reply.get("index")
        if type(index) is not int or not 0 <= index < len(legal_moves):
            self.worker.fail(f"choose() answered nonsense: {str(reply)[:120]}")
            raise StrategyFailed(self.worker.failed or "nonsense")
        if self.thinking > self.budget:
            self.worker.fail(f"took more than {self.budget:g} s to think in one match (slow, not stuck)")
            raise StrategyFailed(self.worker.failed or "slow")
        return legal_moves[index]

    def end(self) -> None:
        """The match is over: the worker may forget its instance (no need to wait)."""
        self.worker.request(("end", self.key), 10 * self.limit, "ending a match")

    def __repr__(self) -> str:
        return f"RemoteAgent({self.name!r}, match {self.key})"
