"""One student's strategy in a process of its own, asked for moves over a pipe (the class tournament).

The engine runs in the tournament's process; a :class:`RemoteAgent` stands in a seat there.
For each decision it sends the worker the seat's :class:`~pianitsa101.game101.PlayerView`
and the legal moves, and waits (at most ``limit`` seconds) for the index of the chosen move.
The worker is a fresh ``python -m pianitsa101.checks.tournament_worker``: it never sees the
other hands, the stock, the other entries or the engine's objects, and whatever the student's
code changes (a patched bot, a patched engine) changes only the worker's own copies.

What comes back is read as untrusted bytes: a short JSON object, never a pickle; the only
answer taken is a whole number that indexes the legal moves, so no reply can be an illegal
move. A worker that raises, stalls, dies, or answers anything else *fails*: the tournament
takes note of the reason and stops the worker (its whole process group).

The wire (both ways: 4 bytes of length, then the message). To the worker, pickles in which a
card is its index in ``_CARDS``; the rules, the deck and the part of the public log the worker
already has are not sent again (a decision costs about 40 µs to send, not 700 µs).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import pickle
import random
import select
import signal
import struct
import subprocess
import sys
import time
import traceback
from typing import Any

from pianitsa101.cards import Card, Rank, Suit

__all__ = ["RemoteAgent", "StrategyFailed"]

_CARDS = tuple(Card(rank, suit) for rank in Rank for suit in Suit)
_CARD_INDEX = {card: i for i, card in enumerate(_CARDS)}
_HEADER = struct.Struct(">I")
_MAX_REPLY = 4096  # bytes: a reply is a small JSON object
_MEMORY = 2 << 30  # bytes of address space a worker may use (a runaway list fails there, not the machine)
STUDENT_FILE = "<answer cell of {name}>"  # how the student's code is named in tracebacks


class StrategyFailed(Exception):
    """A worker raised, stalled, died or answered nonsense; ``reason`` says which, in one line."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _CardPickler(pickle.Pickler):
    def persistent_id(self, obj: Any) -> Any:
        return _CARD_INDEX[obj] if type(obj) is Card else None


class _CardUnpickler(pickle.Unpickler):
    def persistent_load(self, pid: Any) -> Any:
        return _CARDS[pid]


def _dumps(message: Any) -> bytes:
    out = io.BytesIO()
    _CardPickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(message)
    return out.getvalue()


# ----------------------------------------------------------------------------- the tournament's side


class RemoteAgent:
    """An agent whose ``choose`` is answered by a worker process running one student's strategy."""

    def __init__(self, name: str, imports: str, answer: str, class_name: str = "MyAgent",
                 limit: float = 1.0, budget: float = 30.0, load_limit: float = 20.0) -> None:
        self.name = name
        self.limit = limit  # seconds per decision
        self.budget = budget  # seconds of thinking per match
        self.thinking = 0.0  # seconds spent waiting for this worker in the current match
        env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "PYTHONHASHSEED": "0"}
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "pianitsa101.checks.tournament_worker"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env,
            start_new_session=hasattr(os, "setsid"))
        self._buffer = b""
        self._sent: dict[str, Any] = {}
        self._ask(("load", name, imports, answer, class_name), load_limit, "loading the answer cell")

    def start_match(self, seed: int, rules: Any, deck: Any) -> None:
        """A fresh instance of the strategy for the next match, its ``random`` seeded with ``seed``."""
        self._sent = {"rules": rules, "deck": deck, "log": ()}
        self.thinking = 0.0
        self._ask(("match", seed, rules.to_dict(), tuple(deck)), 10 * self.limit, "creating MyAgent()")

    def choose(self, view: Any, legal_moves: list[Any]) -> Any:
        """The worker's move: one of ``legal_moves`` (StrategyFailed if it has none to give in time)."""
        sent, log = self._sent, view.log
        known = sent["log"]
        start = len(known) if len(log) >= len(known) and log[:len(known)] == known else 0
        sent["log"] = log
        fields = view._replace(rules=None, deck=None, log=log[start:])
        if self.thinking > self.budget:
            raise StrategyFailed(f"took more than {self.budget:g} s to think in one match (slow, not stuck)")
        reply = self._ask(("choose", tuple(fields), start, legal_moves), self.limit, "choose()")
        index = reply.get("index")
        if type(index) is not int or not 0 <= index < len(legal_moves):
            raise StrategyFailed(f"choose() answered nonsense: {str(reply)[:120]}")
        return legal_moves[index]

    def _ask(self, message: Any, limit: float, doing: str) -> dict[str, Any]:
        """Send one message, wait for the reply (at most ``limit`` s); StrategyFailed on any trouble."""
        if self._proc.poll() is not None:
            raise StrategyFailed("the worker had already stopped")
        payload = _dumps(message)
        started = time.perf_counter()
        try:
            assert self._proc.stdin is not None
            self._proc.stdin.write(_HEADER.pack(len(payload)) + payload)
            self._proc.stdin.flush()
            raw = self._read(started + limit)
        except (BrokenPipeError, OSError):
            self.close()
            raise StrategyFailed(f"its process died while {doing}") from None
        finally:
            self.thinking += time.perf_counter() - started
        if raw is None:
            self.close()
            if self._proc.returncode not in (None, -signal.SIGKILL):
                raise StrategyFailed(f"its process exited (code {self._proc.returncode}) while {doing}")
            raise StrategyFailed(f"no answer within {limit:g} s while {doing} (an endless loop?)")
        try:
            reply = json.loads(raw.decode("utf-8"))
            assert isinstance(reply, dict)
        except Exception:
            self.close()
            raise StrategyFailed(f"the worker sent something unreadable while {doing}") from None
        if "error" in reply:
            self.close()
            raise StrategyFailed(str(reply["error"])[:300])
        return reply

    def _read(self, deadline: float) -> bytes | None:
        """One framed reply, or None when the deadline passes or the worker dies first."""
        assert self._proc.stdout is not None
        fd = self._proc.stdout.fileno()
        while True:
            if len(self._buffer) >= _HEADER.size:
                (size,) = _HEADER.unpack_from(self._buffer)
                if size > _MAX_REPLY:
                    raise OSError("reply too long")
                if len(self._buffer) >= _HEADER.size + size:
                    raw = self._buffer[_HEADER.size:_HEADER.size + size]
                    self._buffer = self._buffer[_HEADER.size + size:]
                    return raw
            wait = deadline - time.perf_counter()
            if wait <= 0 or not select.select([fd], [], [], wait)[0]:
                return None
            chunk = os.read(fd, 65536)
            if not chunk:
                self._proc.wait()
                return None
            self._buffer += chunk

    def close(self) -> None:
        """Stop the worker and anything it started (its process group)."""
        if self._proc.poll() is None:
            try:
                if hasattr(os, "killpg"):
                    os.killpg(self._proc.pid, signal.SIGKILL)
                else:
                    self._proc.kill()
            except (ProcessLookupError, PermissionError):
                pass
        self._proc.wait()
        for stream in (self._proc.stdin, self._proc.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass

    def __repr__(self) -> str:
        return f"RemoteAgent({self.name!r})"


# ----------------------------------------------------------------------------- the worker's side


def _where(exc: BaseException, filename: str) -> str:
    """' (line N of the answer cell: code)' for the deepest frame in the student's code, or ''."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == filename]
    if not frames:
        return ""
    line = frames[-1].lineno
    return f" (line {line} of the answer cell, in {frames[-1].name})"


def _error(doing: str, exc: BaseException, filename: str) -> dict[str, str]:
    text = f"{type(exc).__name__}: {exc}"
    if len(text) > 160:
        text = text[:157] + "..."
    return {"error": f"{doing} raised {text}{_where(exc, filename)}"}


def _answer(legal: list[Any], move: Any, moves: tuple[type, ...]) -> dict[str, Any]:
    """The index of ``move`` among ``legal`` (the very object, or an equal move of the same kind)."""
    for i, m in enumerate(legal):
        if m is move:
            return {"index": i}
    if type(move) in moves:
        for i, m in enumerate(legal):
            if m == move:
                return {"index": i}
    try:
        shown = repr(move)
    except Exception:
        shown = f"a {type(move).__name__} object"
    return {"error": f"choose() returned {shown[:80]}, which is not one of legal_moves"}


def serve() -> None:
    """The worker's loop: read messages on fd 0, answer on fd 1; the student's own prints go nowhere."""
    import resource

    from pianitsa101.game101 import Draw, FlushQueens, Pass, Play, PlayerView, Rules101

    moves = (Draw, FlushQueens, Pass, Play)
    log_field = PlayerView._fields.index("log")
    inp, out = os.fdopen(os.dup(0), "rb"), os.dup(1)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    sys.stdin = os.fdopen(os.dup(null), "r")  # the student's print() and input() reach nothing
    sys.stdout = sys.stderr = os.fdopen(os.dup(null), "w")
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (_MEMORY, _MEMORY))

    def send(reply: dict[str, Any]) -> None:
        data = json.dumps(reply).encode("utf-8")
        os.write(out, _HEADER.pack(len(data)) + data)

    namespace: dict[str, Any] = {}
    cls: Any = None
    agent: Any = None
    filename = "<answer cell>"
    rules = deck = None
    log: tuple = ()
    while True:
        head = inp.read(_HEADER.size)
        if len(head) < _HEADER.size:
            return
        message = _CardUnpickler(io.BytesIO(inp.read(_HEADER.unpack(head)[0]))).load()
        kind = message[0]
        if kind == "load":
            _, name, imports, answer, class_name = message
            filename = STUDENT_FILE.format(name=name)
            namespace = {"__name__": "__main__"}
            try:
                exec(compile(imports, "<imports>", "exec"), namespace)
                exec(compile(answer, filename, "exec"), namespace)
            except BaseException as exc:
                send(_error("the answer cell", exc, filename))
                continue
            cls = namespace.get(class_name)
            missing = {"error": f"the answer cell defines no class {class_name}"}
            send({"ok": True} if callable(cls) else missing)
        elif kind == "match":
            _, seed, rules_dict, deck = message
            rules, deck, log = Rules101.from_dict(rules_dict), frozenset(deck), ()
            random.seed(seed)  # a strategy that uses the module's random plays the same every time
            try:
                agent = cls()
                if not callable(getattr(agent, "choose", None)):
                    send({"error": "MyAgent() has no choose(view, legal_moves) method"})
                    continue
                if callable(getattr(agent, "reset", None)):
                    agent.reset(seed)
            except BaseException as exc:
                send(_error("MyAgent()", exc, filename))
                continue
            send({"ok": True})
        elif kind == "choose":
            _, fields, start, legal = message
            new = tuple(fields[log_field])
            log = log[:start] + new if start else new
            view = PlayerView(*fields)._replace(rules=rules, deck=deck, log=log)
            try:
                send(_answer(legal, agent.choose(view, list(legal)), moves))
            except BaseException as exc:
                send(_error("choose()", exc, filename))


if __name__ == "__main__":
    serve()
