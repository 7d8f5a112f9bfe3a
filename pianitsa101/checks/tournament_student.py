"""The process a student's strategy runs in: ``python .../checks/tournament_student.py`` (in the sandbox).

It reads framed messages on fd 0 (see :mod:`~pianitsa101.checks.tournament_worker`): ``load``
(the imports and the answer cell, run once), ``match`` (a fresh ``MyAgent()``, its own module
``random`` seeded), ``choose`` (a view and the legal moves; the answer is the index of the
move chosen) and ``end``; and answers each on fd 1 with a short JSON object. The student's own
``print()`` and ``input()`` reach nothing, the address space is limited to 2 GiB, and on Linux
the process is killed when the tournament's process dies (an endless loop cannot outlive it).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import pickle
import random
import signal
import struct
import sys
import types
from typing import Any

# Run as a script (the sandbox holds no more of the checks' folder than this file): the engine only.
if sys.path and os.path.abspath(sys.path[0] or ".") == os.path.dirname(os.path.abspath(__file__)):
    del sys.path[0]

from pianitsa101.cards import Card, Rank, Suit

__all__ = ["HEADER", "PARENT", "STUDENT_FILE", "CardUnpickler", "serve"]

HEADER = struct.Struct(">I")  # the wire: 4 bytes of length, then the message
PARENT = "PIANITSA101_TOURNAMENT_PARENT"  # the environment variable that tells a worker its parent's pid
_CARDS = tuple(Card(rank, suit) for rank in Rank for suit in Suit)


def _stand_in() -> Any:
    """A ``pianitsa101.checks`` for the imports cell: its check_*, hint and judge_here do nothing."""
    import types

    module = types.ModuleType("pianitsa101.checks", "The checks are not part of a tournament.")
    module.__path__ = []  # type: ignore[attr-defined]

    def nothing(*args: Any, **kwargs: Any) -> None:
        return None

    def attribute(name: str) -> Any:
        if name.startswith("check_") or name in ("hint", "judge_here"):
            return nothing
        raise AttributeError(name)

    module.__getattr__ = attribute  # type: ignore[method-assign]
    return module


def _load_guard() -> Any:
    """``_guard.py`` (stdlib only) loaded by its path: the checks package is not imported."""
    import importlib.util

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_guard.py")
    spec = importlib.util.spec_from_file_location("_pianitsa101_tournament_guard", path)
    module = importlib.util.module_from_spec(spec)
    assert spec is not None and spec.loader is not None
    spec.loader.exec_module(module)
    return module


_guard = _load_guard()


class CardUnpickler(pickle.Unpickler):
    """The tournament's messages (it is trusted): a card is its index in ``_CARDS``; the engine's classes
    are the real ones, even once the answer's imports are guarded."""

    def find_class(self, module: str, name: str) -> Any:
        real = _guard.real_module(module) if module.startswith("pianitsa101") else None
        return getattr(real, name) if real is not None else super().find_class(module, name)

    def persistent_load(self, pid: Any) -> Any:
        return _CARDS[pid]


_MEMORY = 2 << 30  # bytes of address space a worker may use (a runaway list fails there, not the machine)
STUDENT_FILE = "<answer cell of {name}>"  # how the student's code is named in tracebacks


_LINES = 1_000_000  # the answer cell's lines are numbered from here: a traceback's numbers alone find them
_ANSWER: list[str] = [""]  # the answer cell's text


def _where(exc: BaseException, filename: str) -> str:
    """' (line N of the answer cell, in f)' for the deepest line of the answer cell in the traceback, or ''
    (found by its number alone: reading a traceback's frames is refused once the answer is guarded)."""
    import ast

    tb = BaseException.__dict__["__traceback__"].__get__(exc)
    last = 0
    for _step in range(1000):
        if type(tb) is not types.TracebackType:
            break
        if int(tb.tb_lineno or 0) >= _LINES:
            last = int(tb.tb_lineno) - _LINES
        tb = tb.tb_next
    if not last:
        return ""
    name = "<module>"
    with contextlib.suppress(SyntaxError, ValueError):
        for node in ast.walk(ast.parse(_ANSWER[0])):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                    node.lineno <= last <= (node.end_lineno or node.lineno):
                name = node.name
    return f" (line {last} of the answer cell, in {name})"


def _numbered(answer: str, filename: str) -> Any:
    """The answer cell parsed, its lines numbered from ``_LINES`` on."""
    import ast

    return ast.increment_lineno(ast.parse(answer, filename), _LINES)


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


def _die_with_parent() -> None:
    """Linux: be killed when the tournament's process dies, even inside an endless loop (else: nothing)."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if str(os.getppid()) != os.environ.get(PARENT, str(os.getppid())):  # it died before the call
        os._exit(1)


def serve(allowed: list[str] | None = None) -> None:
    """The worker's loop: read messages on fd 0, answer on fd 1; the student's own prints go nowhere."""
    import resource

    from pianitsa101.game101 import Draw, FlushQueens, Pass, Play, PlayerView, Rules101

    moves = (Draw, FlushQueens, Pass, Play)
    log_field = PlayerView._fields.index("log")
    inp, out = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    sys.stdin = os.fdopen(os.dup(null), "r")  # the student's print() and input() reach nothing
    sys.stdout = sys.stderr = os.fdopen(os.dup(null), "w")
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (_MEMORY, _MEMORY))
    _die_with_parent()

    def send(reply: dict[str, Any]) -> None:  # at once: the next message may run a loop
        data = json.dumps(reply).encode("utf-8")
        os.write(out, HEADER.pack(len(data)) + data)

    import pianitsa101

    sys.modules["pianitsa101.checks"] = pianitsa101.checks = _stand_in()  # type: ignore[attr-defined]
    if allowed is not None:  # what of the package the answer may reach (_guard.py)
        _guard.install(allowed, sys.modules["pianitsa101.checks"])
    namespace: dict[str, Any] = {}
    cls: Any = None
    filename = "<answer cell>"
    matches: dict[int, list[Any]] = {}  # key -> [agent, rules, deck, log, random state]
    buffer = b""
    while True:
        while len(buffer) < HEADER.size or len(buffer) < HEADER.size + HEADER.unpack_from(buffer)[0]:
            chunk = os.read(inp, 1 << 16)
            if not chunk:
                return
            buffer += chunk
        size = HEADER.unpack_from(buffer)[0]
        message = CardUnpickler(io.BytesIO(buffer[HEADER.size:HEADER.size + size])).load()
        buffer = buffer[HEADER.size + size:]
        kind = message[0]
        if kind == "load":
            _, name, imports, answer, class_name = message
            filename = STUDENT_FILE.format(name=name)
            namespace = {"__name__": "__main__"}
            try:
                exec(compile(imports, "<imports>", "exec"), namespace)
                _ANSWER[0] = answer
                exec(compile(_numbered(answer, filename), filename, "exec"), namespace)
            except BaseException as exc:
                send(_error("the answer cell", exc, filename))
                continue
            cls = namespace.get(class_name)
            missing = {"error": f"the answer cell defines no class {class_name}"}
            send({"ok": True} if callable(cls) else missing)
        elif kind == "match":
            _, key, seed, rules_dict, deck = message
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
            matches[key] = [agent, Rules101.from_dict(rules_dict), frozenset(deck), (), random.getstate()]
            send({"ok": True})
        elif kind == "choose":
            _, key, fields, start, legal = message
            state = matches[key]
            new = tuple(fields[log_field])
            state[3] = state[3][:start] + new if start else new
            view = PlayerView(*fields)._replace(rules=state[1], deck=state[2], log=state[3])
            random.setstate(state[4])  # each match its own random, however the matches interleave
            try:
                send(_answer(legal, state[0].choose(view, list(legal)), moves))
            except BaseException as exc:
                send(_error("choose()", exc, filename))
            state[4] = random.getstate()
        elif kind == "end":
            matches.pop(message[1], None)
            send({"ok": True})



if __name__ == "__main__":
    serve(json.loads(sys.argv[1]) if len(sys.argv) > 1 else None)
