"""The student's side of a judged check: a process that runs only the student's cells and answers calls.

``judge.py`` starts this file as a script (``python .../_student.py READ WRITE``), never as a
module of ``pianitsa101.checks``: the checks, their oracles and their case generators are never
imported here. Before any student cell runs it

- imports the engines (cards, Пьяница, 101), so the student's cells find them as usual;
- puts a stand-in ``pianitsa101.checks`` in ``sys.modules`` whose ``check_*`` and ``hint`` do
  nothing (the notebook's imports cell still runs), with no submodules;
- installs an audit hook (which Python lets no code remove) that refuses to import any
  ``pianitsa101.checks`` module and to open any file of the checks' folder;
- takes a snapshot of the engines' objects, to report later what the student's cells changed.

Then it runs the cells it is sent (each with a time limit) and answers calls of the student's
function or agent. Answers travel back as plain tagged tuples (``encode``), never as the
student's own objects: the judge compares values it built itself.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import pickle
import struct
import sys
import types
from typing import Any, ClassVar

_HERE = os.path.dirname(os.path.abspath(__file__))
if sys.path and os.path.abspath(sys.path[0] or ".") == _HERE:
    del sys.path[0]  # the checks' folder is not a place to import from


def _load(name: str) -> types.ModuleType:
    """A module of the checks' folder (stdlib only) loaded by its path: the checks package is not imported."""
    import importlib.util

    path = os.path.join(_HERE, f"{name}.py")
    spec = importlib.util.spec_from_file_location(f"_pianitsa101_student{name}", path)
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


_limit = _load("_limit")
_guard = _load("_guard")

import pianitsa101  # noqa: E402  (the engines, imported before any student code)
import pianitsa101.cards  # noqa: E402
import pianitsa101.game101  # noqa: E402
import pianitsa101.pianitsa  # noqa: E402
from pianitsa101.cards import Card, Rank, Suit, make_deck  # noqa: E402
from pianitsa101.i18n import _  # noqa: E402  (the language comes from the judge: PIANITSA101_LANG)

with contextlib.suppress(ImportError):  # the strategy layer, where the package has it
    import pianitsa101.strategy

_CHECKS = os.path.join(os.path.dirname(os.path.abspath(pianitsa101.__file__)), "checks") + os.sep
_MOVES = ("Play", "Draw", "Pass", "FlushQueens")


def _stand_in() -> types.ModuleType:
    """A ``pianitsa101.checks`` for the student's process: check_* and hint do nothing, no submodules."""
    module = types.ModuleType("pianitsa101.checks", "The checks run in the judge's process, not here.")
    module.__path__ = []  # a package without submodules

    def nothing(*args: Any, **kwargs: Any) -> None:
        return None

    class CheckError(AssertionError):
        pass

    for name in ("compare", "round_winners", "hand_points", "gather", "tie_chance", "legal_moves", "penalty",
                 "estimate_dispute", "redeal_chance", "find_cycle", "dispute_chance", "strategy"):
        setattr(module, f"check_{name}", nothing)
    module.hint, module.judge_here, module.CheckError = nothing, nothing, CheckError
    return module


def _audit(event: str, args: tuple) -> None:
    """Refuse every import of the checks' modules and every opening of their files."""
    if event == "import" and args and isinstance(args[0], str):
        name = args[0]
        if name.startswith("pianitsa101.checks.") or name in ("_oracles", "_core", "pianitsa_checks",
                                                                "game101_checks", "probability_checks"):
            raise ImportError(_("{module} is not available to an answer: the checks are the judge's").format(
                module=name))
    elif event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
        try:
            path = os.path.abspath(os.fsdecode(args[0]))
        except Exception:
            return
        if path.startswith(_CHECKS) or path == _CHECKS[:-1]:
            raise PermissionError(_("{path}: the checks' files are not open to an answer").format(path=path))


def snapshot(modules: dict[str, Any] | None = None) -> dict[str, int]:
    """The identity of every object of the engines' modules (``sys.modules`` unless given), and of every
    attribute of their classes."""
    out: dict[str, int] = {}
    for name, module in list((sys.modules if modules is None else modules).items()):
        if not name.startswith("pianitsa101") or name.startswith("pianitsa101.checks") or module is None:
            continue
        out[name] = id(module)
        for key, value in list(vars(module).items()):
            out[f"{name}.{key}"] = id(value)
            if isinstance(value, type) and value.__module__ == name:
                for attr, item in list(vars(value).items()):
                    out[f"{name}.{key}.{attr}"] = id(item)
                    code = getattr(item, "__code__", None)
                    if code is not None:
                        out[f"{name}.{key}.{attr}.__code__"] = id(code)
            code = getattr(value, "__code__", None)
            if code is not None:
                out[f"{name}.{key}.__code__"] = id(code)
    return out


# What ``pianitsa101.set_language`` changes: the public switch of the language (a Russian notebook's first
# cell calls it), which changes no object the checks use; the judge keeps its own language.
_SWITCH = ("pianitsa101.i18n._catalog", "pianitsa101.i18n._language")


def changed(before: dict[str, int], after: dict[str, int],
            modules: dict[str, Any] | None = None) -> list[str]:
    """The names whose object changed, appeared or went away (the first 20). A module of the package
    imported since (the engine imports some when first used: ``print(trick)`` imports its text module),
    and its binding in its parent package, is not a change."""
    modules = sys.modules if modules is None else modules
    fresh = {name for name in modules if name.startswith("pianitsa101") and name not in before}

    def imported(key: str) -> bool:
        return key in fresh or any(key.startswith(name + ".") for name in fresh)

    names = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k)
                   and not (k not in before and imported(k))
                   and not k.startswith("pianitsa101.checks") and k not in _SWITCH)
    names = [n for n in names if not any(n.startswith(m + ".") for m in names if m != n)]  # the top change
    return names[:20]


# --- values, both ways ---------------------------------------------------------------------------

def _text(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:
        text = f"<a {type(value).__name__}>"
    text = text if isinstance(text, str) else f"<a {type(value).__name__}>"
    return text if len(text) <= 300 else text[:297] + "..."


def encode(value: Any, depth: int = 0) -> tuple:
    """The answer as a plain tagged tuple: ints, fractions, cards, moves and containers of them; anything
    else as ("foreign", type name, repr)."""
    import numbers
    import operator
    from fractions import Fraction

    kind = type(value)
    if depth > 20:
        return ("foreign", kind.__name__, "<nested too deep>")
    if value is None:
        return ("none",)
    if kind is bool:
        return ("bool", value)
    if kind is str:
        return ("str", value[:10_000])
    if kind is float:
        return ("float", value)
    if isinstance(value, Rank) and kind is Rank:
        return ("rank", int(value.value))
    if isinstance(value, Suit) and kind is Suit:
        return ("suit", value.value)
    if isinstance(value, Card):
        if isinstance(value.rank, Rank) and isinstance(value.suit, Suit):
            return ("card", int(value.rank.value), value.suit.value)
        return ("foreign", kind.__name__, _text(value))
    if kind.__name__ in _MOVES and kind.__module__.startswith("pianitsa101.game101"):
        if kind.__name__ == "Play":
            return ("play", encode(value.card, depth + 1), None if value.suit is None else encode(value.suit))
        if kind.__name__ == "FlushQueens":
            return ("flush", encode(value.suit))
        return (kind.__name__.lower(),)
    if kind in (list, tuple, set, frozenset):
        items = list(value)[:100_000]
        return (kind.__name__, [encode(v, depth + 1) for v in items])
    if kind is dict:
        pairs = list(value.items())[:10_000]
        return ("dict", [(encode(k, depth + 1), encode(v, depth + 1)) for k, v in pairs])
    if kind is int:
        return ("int", value)
    if kind is Fraction:
        return ("fraction", value.numerator, value.denominator)
    # numpy values and subclasses of built-in types: their plain value, with the type named
    if kind.__name__ == "ndarray" and hasattr(value, "tolist"):
        return ("ndarray", encode(value.tolist(), depth + 1))
    if isinstance(value, numbers.Integral) and not isinstance(value, bool) and kind.__name__ != "bool_":
        try:
            return ("integral", kind.__name__, int.__int__(operator.index(value)), _text(value))
        except Exception:
            return ("foreign", kind.__name__, _text(value))
    if isinstance(value, numbers.Rational) and not isinstance(value, bool):
        try:
            top, bottom = operator.index(value.numerator), operator.index(value.denominator)
            return ("rational", kind.__name__, int(top), int(bottom), _text(value))
        except Exception:
            return ("foreign", kind.__name__, _text(value))
    if isinstance(value, float):
        return ("real", kind.__name__, float.__float__(value), _text(value))
    if isinstance(value, types.GeneratorType):
        return ("generator", kind.__name__, _text(value))
    return ("foreign", kind.__name__, _text(value))


_LINES = 1_000_000  # cell i's lines are numbered from i * _LINES: a traceback's line numbers name the cell


def _where(exc: BaseException) -> tuple[int | str, int, str, str] | str:
    """The student's line that raised: the last line of a cell in the traceback, found by its number alone
    (reading a traceback's frames is refused to the answer, and to this process's own code too)."""
    import linecache

    tb = BaseException.__dict__["__traceback__"].__get__(exc)
    last = 0
    for _step in range(1000):
        if type(tb) is not types.TracebackType:
            break
        if int(tb.tb_lineno or 0) >= _LINES:
            last = int(tb.tb_lineno)
        tb = tb.tb_next
    if not last:
        return ""
    cell, line = divmod(last, _LINES)
    lines = linecache.cache.get(f"<cell {cell}>", (0, None, [], ""))[2]
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    return (cell, line, _function_at("".join(lines), line), str(text).strip())  # the judge writes it out


def _function_at(source: str, line: int) -> str:
    """The innermost function of ``source`` around ``line`` ("<module>" outside any)."""
    import ast

    name = "<module>"
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return name
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                node.lineno <= line <= (node.end_lineno or node.lineno):
            name = node.name  # ast.walk goes outside in: the last one found is the innermost
    return name


def _error(exc: BaseException) -> tuple:
    bases = [c.__name__ for c in type(exc).__mro__ if c.__module__ == "builtins"]
    try:
        text = str(exc)[:500]
    except Exception:
        text = "<an error whose text could not be read>"
    return ("raised", type(exc).__name__, text, _where(exc), bases)


# --- the loop ------------------------------------------------------------------------------------

class _Receiver(pickle.Unpickler):
    """Unpickles the judge's messages: cards and rules come by reference."""

    cards: ClassVar[dict[int, Card]] = {card.index: card for card in make_deck(52)}
    rules: ClassVar[dict[str, Any]] = {}
    objects: ClassVar[dict[int, Any]] = {}  # sent once, then by reference

    def find_class(self, module: str, name: str) -> Any:
        real = _guard.real_module(module) if module.startswith("pianitsa101") else None
        return getattr(real, name) if real is not None else super().find_class(module, name)

    def persistent_load(self, pid: Any) -> Any:
        kind, key = pid
        if kind == "card":
            return self.cards[key]
        if kind == "obj":
            return self.objects[key]
        if key not in self.rules:
            import json

            self.rules[key] = pianitsa101.game101.Rules101.from_dict(json.loads(key))
        return self.rules[key]


class _Channel:
    """Length-prefixed pickles over two pipes (the student's prints go elsewhere)."""

    def __init__(self, read_fd: int, write_fd: int) -> None:
        self.read, self.write = os.fdopen(read_fd, "rb"), os.fdopen(write_fd, "wb")

    def get(self) -> Any:
        head = self.read.read(4)
        if len(head) < 4:
            raise EOFError
        (size,) = struct.unpack(">I", head)
        data = self.read.read(size)
        (first,) = struct.unpack(">I", data[:4])
        for key, obj in _Receiver(io.BytesIO(data[4:4 + first])).load():
            _Receiver.objects[key] = obj
        return _Receiver(io.BytesIO(data[4 + first:])).load()

    def put(self, message: Any) -> None:
        data = json.dumps(message, default=_text).encode("utf-8")  # JSON: the judge reads no pickle from here
        self.write.write(struct.pack(">I", len(data)) + data)
        self.write.flush()


def _cell_source(source: str) -> str:
    """A cell's source as Python (IPython's %magics become calls, when IPython is there)."""
    try:
        from IPython.core.inputtransformer2 import TransformerManager
    except Exception:
        return source
    try:
        return TransformerManager().transform_cell(source)
    except Exception:
        return source


def main(read_fd: int, write_fd: int, allowed: list[str] | None = None) -> None:
    """Run the cells and answer the calls the judge sends, until it closes the pipe."""
    channel = _Channel(read_fd, write_fd)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    sys.stdout = sys.stderr = io.TextIOWrapper(io.FileIO(devnull, "w", closefd=False), write_through=True)
    checks = _stand_in()
    sys.modules["pianitsa101.checks"] = checks
    pianitsa101.checks = checks  # type: ignore[attr-defined]
    sys.addaudithook(_audit)
    if allowed is not None:
        _guard.install(allowed, checks)
    real = _guard.real_modules() if allowed is not None else None
    before = snapshot(real)
    space: dict[str, Any] = {"__name__": "__main__", "__builtins__": __builtins__}
    agent: Any = None
    channel.put(("ready", os.getpid()))
    while True:
        try:
            message = channel.get()
        except EOFError:
            return
        kind = message[0]
        try:
            if kind == "cell":
                _cell, index, source, seconds = message
                channel.put(("cell_started", index))
                try:
                    import ast
                    import linecache

                    text, filename = _cell_source(source), f"<cell {index + 1}>"
                    linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
                    tree = ast.increment_lineno(ast.parse(text, filename), (index + 1) * _LINES)
                    code = compile(tree, filename, "exec")
                    with _limit.time_limit(seconds):
                        exec(code, space)
                except _limit.TimeUp:
                    channel.put(("cell_done", index, ("timeout",)))
                    continue
                except BaseException as exc:
                    channel.put(("cell_done", index, _error(exc)))
                    continue
                channel.put(("cell_done", index, None))
            elif kind == "what":  # what a name is bound to
                name = message[1]
                value = space.get(name, _MISSING)
                what = "missing" if value is _MISSING else "class" if isinstance(value, type) else \
                    "callable" if callable(value) else "other"
                channel.put(("what", what, encode(value) if what == "other" else None))
            elif kind == "agent":  # build (or take) the agent named
                value = space[message[1]]
                try:
                    with _limit.time_limit(1.0, cpu=True):  # as long as one choose() may take
                        agent = value() if isinstance(value, type) else value
                except _limit.TimeUp:
                    channel.put(("timeout",))
                    continue
                mro = [(c.__module__, c.__name__) for c in type(agent).__mro__]
                name = getattr(agent, "name", None)
                chooses = callable(getattr(agent, "choose", None))
                resets = callable(getattr(agent, "reset", None))
                channel.put(("agent", name if isinstance(name, str) else "", mro, chooses, resets,
                             type(agent).__name__, _text(agent)))
            elif kind == "call":
                _, target, args, kwargs, seconds = message
                fn = getattr(agent, target[1]) if target[0] == "agent" else space[target[1]]
                try:
                    with _limit.time_limit(seconds, cpu=target[0] == "agent"):
                        result = fn(*args, **kwargs)
                except _limit.TimeUp:
                    channel.put(("timeout",))
                    continue
                states = {i: a.getstate() for i, a in enumerate(args) if type(a).__name__ == "Random"}
                channel.put(("result", encode(result), states))
            elif kind == "changed":
                channel.put(("changed", changed(before, snapshot(real), real)))
        except BaseException as exc:
            channel.put(_error(exc))


_MISSING = object()

if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), json.loads(sys.argv[3]) if len(sys.argv) > 3 else None)
