"""Judge an answer where the student's code cannot reach the checks: two processes.

The student's cells run in a process of their own (``_student.py``) that never imports the
checks. The checks run here, on a stand-in for the student's function (or agent) that sends
each call there and reads the answer back as plain values (ints, fractions, cards, moves, lists
of them; anything else only as its type name and repr). So whatever the cells do (patch a
module, replace ``sys.modules`` entries, add import hooks, return an ``int`` whose ``==`` is
always true, import ``pianitsa101.checks._oracles``, patch ``RandomAgent`` from ``__init__``),
the marks come from the package's own checks, on values they built themselves.

``judge(exercise, cells, check_source)`` is what ``make grade`` uses (``autograde.py``).
``judge_here(exercise)`` is for a notebook's hidden tests (nbgrader): it sends the cells the
kernel ran to ``python -m pianitsa101.checks.judge`` and raises ``CheckError`` with the verdict.
It protects as far as one kernel allows: a student's cell can still replace ``judge_here``
itself in that kernel, which ``make grade`` does not need to trust.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import pickle
import select
import struct
import subprocess
import sys
import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

from pianitsa101.cards import Card, Rank, Suit
from pianitsa101.checks import sandbox
from pianitsa101.checks._core import CheckError, Foreign
from pianitsa101.checks._exercises import EXERCISES
from pianitsa101.checks._limit import TimeUp
from pianitsa101.checks._safe import printable
from pianitsa101.checks.secret import hidden_seed, read_secret
from pianitsa101.i18n import N_, _, get_language

__all__ = ["CHANGED", "Verdict", "cell_label", "judge", "judge_here", "main"]

CHANGED = N_("the answer changed the package's objects: {names}")  # a note autograde flags


def cell_label(index: int) -> str:
    """'cell 3' in the language set now (``autograde`` renumbers it to the notebook's own cell)."""
    return _("cell {number}").format(number=index)

_SCRIPT = Path(__file__).with_name("_student.py")
AGENT_LIMIT = 1.0  # seconds of processor time to build the agent (MyAgent()), as for one choose()
_IN_JUDGE = False  # True while a check cell runs here: judge_here does nothing then


@dataclass
class Verdict:
    """What the judge found: passed or not, the check's message, and notes for the teacher."""

    passed: bool
    message: str = ""  # the check's CheckError (or why the answer could not be judged)
    notes: list[str] = field(default_factory=list)  # cells that raised or were stuck, objects changed
    stuck: int | None = None  # the cell (0-based index in the list given) that ran past its time limit
    output: str = ""  # what the checks printed


class StudentGone(Exception):
    """The student's process ended (it called exit, crashed, or was stopped)."""


class _Sender(pickle.Pickler):
    """Pickles what is sent to the student's process: cards and rules by reference, and the events of
    a view's log (and its deck) once each, later by reference (a view has many, mostly sent before)."""

    rules: ClassVar[dict[int, tuple[Any, str]]] = {}

    def __init__(self, file: Any, sent: dict[int, tuple[Any, int]] | None = None,
                 new: list[tuple[int, Any]] | None = None, defining: frozenset[int] = frozenset()) -> None:
        super().__init__(file, protocol=5)
        self.sent = sent if sent is not None else {}  # id -> (object, key): objects the process has
        self.new = new if new is not None else []  # (key, object) to send first
        self.defining = defining  # the objects sent first, pickled whole

    def persistent_id(self, obj: Any) -> Any:
        if type(obj) is Card:
            return ("card", obj.index)
        kind = type(obj)
        if (kind.__module__.startswith("pianitsa101.game101.events") or kind is frozenset) and \
                not self.defining:  # (the objects sent first are pickled whole, what they hold too)
            known = self.sent.get(id(obj))
            if known is None or known[0] is not obj:
                known = (obj, len(self.sent))
                self.sent[id(obj)] = known
                self.new.append((known[1], obj))
            return ("obj", known[1])
        if type(obj).__name__ == "Rules101" and hasattr(obj, "to_dict"):
            known = self.rules.get(id(obj))
            if known is None or known[0] is not obj:
                known = (obj, json.dumps(obj.to_dict(), sort_keys=True, ensure_ascii=False))
                self.rules[id(obj)] = known
            return ("rules", known[1])
        return None


MAX_REPLY = 32 << 20  # bytes of one message from the student's process
MAX_DEPTH = 48  # lists within lists in it
MAX_ITEMS = 2_000_000  # values in it, in all


def plain(data: bytes) -> Any:
    """A message from the student's process: JSON (never a pickle), bounded in size, depth and count, its
    lists made tuples (``_student.encode``'s tagged tuples). ``ValueError`` for anything else.

    >>> plain(b'["result", ["int", 3], {}]')
    ('result', ('int', 3), {})
    >>> plain(b'[' * 100 + b']' * 100)
    Traceback (most recent call last):
    ...
    ValueError: an answer nested more than 48 deep
    """
    if len(data) > MAX_REPLY:
        raise ValueError(_("an answer of more than {size} MB").format(size=MAX_REPLY >> 20))
    if data.count(b"[") + data.count(b"{") > MAX_ITEMS:
        raise ValueError(_("an answer of more than {count} values").format(count=MAX_ITEMS))
    try:
        value = json.loads(data.decode("utf-8"))
    except RecursionError:
        raise ValueError(_("an answer nested more than {depth} deep").format(depth=MAX_DEPTH)) from None
    return _tuples(value, 0)


def _tuples(value: Any, depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise ValueError(_("an answer nested more than {depth} deep").format(depth=MAX_DEPTH))
    if isinstance(value, list):
        return tuple(_tuples(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return {int(k) if k.isdigit() and len(k) < 10 else k: _tuples(v, depth + 1) for k, v in value.items()}
    return value


def _error_class(name: str, bases: list[str]) -> type:
    """An exception class named as the student's, a subclass of its nearest built-in one."""
    import builtins

    base = next((getattr(builtins, b) for b in bases if isinstance(getattr(builtins, b, None), type)
                 and issubclass(getattr(builtins, b), Exception)), Exception)
    if name == base.__name__:
        return base
    return type(name, (base,), {})


def decode(item: Any) -> Any:
    """A value of ours from the student's process's tagged tuple (see ``_student.encode``)."""
    if not isinstance(item, tuple) or not item:
        return Foreign("unknown", repr(item)[:300])
    tag = item[0]
    if tag == "none":
        return None
    if tag in ("bool", "str", "float", "int") and len(item) == 2:
        expected = {"bool": bool, "str": str, "float": float, "int": int}[tag]
        return item[1] if type(item[1]) is expected else Foreign(tag, "?")
    if tag == "fraction":
        return Fraction(int(item[1]), int(item[2]))
    if tag == "rank":
        return Rank(int(item[1]))
    if tag == "suit":
        return Suit(item[1])
    if tag == "card":
        return Card(Rank(int(item[1])), Suit(item[2]))
    if tag in ("play", "draw", "pass", "flush"):
        from pianitsa101.game101 import Draw, FlushQueens, Pass, Play

        if tag == "play":
            card, suit = decode(item[1]), None if item[2] is None else decode(item[2])
            return Play(card, suit=suit) if isinstance(card, Card) else Foreign("Play", repr(item)[:300])
        return FlushQueens(decode(item[1])) if tag == "flush" else Draw() if tag == "draw" else Pass()
    if tag in ("list", "tuple", "set", "frozenset"):
        items = [decode(v) for v in item[1]]
        try:
            return {"list": list, "tuple": tuple, "set": set, "frozenset": frozenset}[tag](items)
        except TypeError:  # unhashable items in a set
            return Foreign(tag, repr(items)[:300])
    if tag == "dict":
        try:
            return {decode(k): decode(v) for k, v in item[1]}
        except TypeError:
            return Foreign("dict", "{...}")
    if tag == "ndarray":
        return decode(item[1])
    if tag == "integral":
        return int(item[2])
    if tag == "rational":
        return Fraction(int(item[2]), int(item[3]))
    if tag == "real":
        return float(item[2])
    if tag in ("generator", "foreign"):
        return Foreign(printable(item[1], 80), printable(item[2], 300))
    return Foreign("unknown", printable(repr(item), 300))


class Student:
    """The student's process: run cells in it, ask it to call the function or the agent."""

    def __init__(self, limits: sandbox.Limits | None = None, allowed: list[str] | None = None) -> None:
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        env = {"PIANITSA101_LANG": get_language()}  # the judge's language, whatever the answer sets there
        try:
            argv = [sys.executable, "-I", str(_SCRIPT), str(to_child_r), str(from_child_w)]
            if allowed is not None:  # what of the package the answer may reach (_guard.py)
                argv.append(json.dumps(list(allowed)))
            self.proc = sandbox.popen(argv, limits, env, pass_fds=(to_child_r, from_child_w),
                                      stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)
        finally:
            os.close(to_child_r)
            os.close(from_child_w)
        self.write = os.fdopen(to_child_w, "wb")
        self.read_fd = from_child_r
        self.broken = ""  # why the process can no longer be asked anything
        self.buffer = b""
        self.sent: dict[int, tuple[Any, int]] = {}  # the objects the process has (see _Sender)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def put(self, message: Any) -> None:
        if self.broken:
            raise StudentGone(self.broken)
        main, new = io.BytesIO(), []
        _Sender(main, self.sent, new).dump(message)
        first = io.BytesIO()
        _Sender(first, self.sent, [], frozenset(id(obj) for _, obj in new)).dump(new)
        head, body = first.getvalue(), main.getvalue()
        data = struct.pack(">I", len(head)) + head + body
        try:
            self.write.write(struct.pack(">I", len(data)) + data)
            self.write.flush()
        except (BrokenPipeError, OSError):
            self._gone()

    def _gone(self) -> None:
        code = self.proc.poll()
        if code is None:
            try:
                code = self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                code = None
        exit_code = _(" (exit code {code})").format(code=code) if code is not None else ""
        self.broken = _("your code ended the Python process{exit_code}").format(exit_code=exit_code)
        raise StudentGone(self.broken)

    def _read(self, size: int, deadline: float | None) -> bytes:
        while len(self.buffer) < size:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _unused, _errors = select.select([self.read_fd], [], [], wait)
            if not ready:
                raise TimeoutError
            chunk = os.read(self.read_fd, 1 << 16)
            if not chunk:
                self._gone()
            self.buffer += chunk
        data, self.buffer = self.buffer[:size], self.buffer[size:]
        return data

    def get(self, deadline: float | None = None) -> Any:
        """The next message; TimeoutError past the deadline; StudentGone when the process ended."""
        if self.broken:
            raise StudentGone(self.broken)
        try:
            (size,) = struct.unpack(">I", self._read(4, deadline))
            if size > MAX_REPLY:
                raise ValueError(_("an answer of more than {size} MB").format(size=MAX_REPLY >> 20))
            return plain(self._read(size, deadline))
        except TimeUp:
            self.broken = _("stopped at the time limit")
            self.kill()
            raise
        except (EOFError, ValueError, RecursionError, struct.error) as exc:
            self.broken = _("the answer could not be read ({error})").format(error=exc)
            self.kill()
            raise StudentGone(self.broken) from None

    def call(self, target: tuple[str, str], args: tuple, kwargs: dict, seconds: float = 600.0) -> Any:
        """Call the student's function (or the agent's method) there, with a time limit of its own
        (``TimeUp``); its answer decoded, or its error raised."""
        self.put(("call", target, args, kwargs, seconds))
        try:
            reply = self.get(time.monotonic() + 3 * seconds + 10)  # the process's own limit, else this one
        except TimeoutError:
            self.broken = _("stopped at the time limit")
            self.kill()
            raise TimeUp from None
        if reply[0] == "timeout":
            raise TimeUp
        if reply[0] == "result":
            states = reply[2] if isinstance(reply[2], dict) else {}
            for i, state in states.items():  # the generators given, as the student's code left them
                if isinstance(i, int) and 0 <= i < len(args) and type(args[i]).__name__ == "Random":
                    with contextlib.suppress(Exception):
                        args[i].setstate(state)
            return decode(reply[1])
        if reply[0] == "raised":
            _raised, name, text, where, bases = reply
            name, text = printable(name, 80), printable(text, 500)  # the student's texts: data, bounded
            if name == "NotImplementedError":
                raise NotImplementedError(text)
            error = _error_class(name, [str(b) for b in bases][:20] if isinstance(bases, tuple) else [])(text)
            error.where = where_text(where)
            raise error
        raise StudentGone(_("an unexpected reply {reply}").format(reply=repr(reply[0])))

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.proc.kill()
        with contextlib.suppress(Exception):
            self.proc.wait(timeout=5)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.write.close()
        try:
            self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.kill()
        with contextlib.suppress(OSError):
            os.close(self.read_fd)


class _Function:
    """The student's function, called in the student's process."""

    def __init__(self, student: Student, name: str) -> None:
        self.student, self.__name__ = student, name

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.student.call(("space", self.__name__), args, kwargs)

    def call_limited(self, seconds: float, *args: Any, **kwargs: Any) -> Any:
        """The call, its time limit kept by the student's process (its own time, not this machine's load)."""
        return self.student.call(("space", self.__name__), args, kwargs, seconds)


class ProxyAgent:
    """The student's agent, its choose() (and reset()) called in the student's process."""

    def __init__(self, student: Student, facts: tuple) -> None:
        _, name, mro, has_choose, has_reset, type_name, text = facts
        self.student = student
        self.name = name or type_name
        self.package_bot = next((n for m, n in mro if str(m).startswith("pianitsa101")
                                 and not str(m).startswith("pianitsa101.checks") and n != "Agent"), "")
        self.type_name, self.text = type_name, text
        if not has_choose:
            self.choose = None  # type: ignore[assignment]
        if has_reset:
            self.reset = self._reset

    def choose(self, view: Any, legal_moves: list) -> Any:
        return self.student.call(("agent", "choose"), (view, list(legal_moves)), {})

    def choose_limited(self, seconds: float, view: Any, legal_moves: list) -> Any:
        """choose(), its time limit kept by the student's process."""
        return self.student.call(("agent", "choose"), (view, list(legal_moves)), {}, seconds)

    def _reset(self, seed: int) -> None:
        self.student.call(("agent", "reset"), (seed,), {}, 1.0)

    def reset_limited(self, seconds: float, seed: int) -> None:
        """reset(seed), its time limit kept by the student's process."""
        self.student.call(("agent", "reset"), (seed,), {}, seconds)

    def __repr__(self) -> str:
        return self.text


def _agent_factory(student: Student, name: str) -> Any:
    """What the check cell's ``MyAgent()`` (or ``MyAgent``) gives: a proxy of the agent built there."""
    class Factory:
        __name__ = name

        def __call__(self) -> ProxyAgent:
            student.put(("agent", name))
            try:
                reply = student.get(time.monotonic() + 3 * AGENT_LIMIT + 10)
            except TimeoutError:
                student.kill()
                raise TimeUp from None
            if reply[0] == "timeout":
                raise TimeUp
            if reply[0] == "raised":
                bases = [str(b) for b in reply[4]][:20] if isinstance(reply[4], tuple) else []
                error = _error_class(printable(reply[1], 80), bases)(printable(reply[2], 500))
                error.where = where_text(reply[3])
                raise error
            return ProxyAgent(student, reply)
    return Factory()


def where_text(where: Any) -> str:
    """The student's line that raised, as the student's process described it (cell or file, line, function,
    text), written here in the judge's language: the answer's own language switch does not reach it."""
    if isinstance(where, tuple) and len(where) == 4 and all(isinstance(w, (str, int)) for w in where):
        place, line, function, text = where
        cell = isinstance(place, int)
        name = cell_label(place) if cell else str(place)
        return _("{cell}, line {line}, in {function}: {text}").format(
            cell=printable(name, 80), line=line, function=printable(function, 80), text=printable(text, 200))
    return printable(where, 300) if isinstance(where, str) else ""


def _check_text(exc: BaseException) -> str:
    return str(exc) if isinstance(exc, CheckError) else f"{type(exc).__name__}: {exc}"


def judge(exercise: str, cells: list[str], check_source: str, timeout: float = 60.0,
          pid_file: Path | None = None) -> Verdict:
    """Run ``cells`` in a student's process, then ``check_source`` (the check cell, hidden tests
    included) here, on stand-ins for what the cells defined; the verdict."""
    global _IN_JUDGE
    ex = EXERCISES[exercise]
    verdict = Verdict(False)
    student = Student(sandbox.Limits(cpu=int(timeout * (len(cells) + 2)) + 900), list(ex.allowed))
    if pid_file is not None:
        pid_file.write_text(str(student.pid), encoding="utf-8")
    try:
        try:
            ready = student.get(time.monotonic() + 120)
            assert ready[0] == "ready"
        except (TimeoutError, StudentGone, AssertionError) as exc:
            verdict.message = _("the answer's process did not start ({error}: {text})").format(
                error=type(exc).__name__, text=exc)
            return verdict
        for i, source in enumerate(cells):
            student.put(("cell", i, source, timeout))
            try:
                student.get(time.monotonic() + 30)  # cell_started
                done = student.get(time.monotonic() + timeout + 10)
            except TimeoutError:
                student.kill()
                verdict.stuck = i
                verdict.message = _("{cell} ran past the time limit of {seconds} s and could not be "
                                    "stopped").format(cell=cell_label(i), seconds=f"{timeout:g}")
                return verdict
            except StudentGone as exc:
                verdict.stuck = i
                verdict.message = f"{cell_label(i)}: {exc}"
                return verdict
            error = done[2]
            if error is not None and error[0] == "timeout":
                verdict.notes.append(_("{cell} ran past the time limit of {seconds} s (interrupted)").format(
                    cell=cell_label(i), seconds=f"{timeout:g}"))
                verdict.stuck = i
            elif error is not None:
                verdict.notes.append(_("{cell} raised {error}: "
                                       "{text}").format(cell=cell_label(i), error=printable(error[1], 80),
                                                        text=printable(error[2], 120)))
        student.put(("what", ex.function))
        what = student.get(time.monotonic() + 30)
        space: dict[str, Any] = {}
        if what[1] == "missing":
            verdict.message = _("{function} is not defined: the answer cell did not define it").format(
                function=ex.function)
            return verdict
        if exercise == "strategy":
            space[ex.function] = _agent_factory(student, ex.function)
        elif what[1] == "class":
            space[ex.function] = type(ex.function, (), {})
        elif what[1] == "callable":
            space[ex.function] = _Function(student, ex.function)
        else:
            space[ex.function] = decode(what[2])
        import pianitsa101.checks as checks

        space.update({name: getattr(checks, name) for name in checks.__all__})
        printed = io.StringIO()
        _IN_JUDGE = True
        try:
            with contextlib.redirect_stdout(printed):
                exec(compile(check_source, f"<check_{exercise}>", "exec"), space)
            verdict.passed = True
        except CheckError as exc:
            verdict.message = str(exc)
        except (StudentGone, TimeUp) as exc:
            verdict.message = _("the answer could not be judged: "
                                "{error}").format(error=f"{type(exc).__name__}: {exc}")
        except Exception as exc:  # a stand-in the check could not use
            verdict.message = _("the answer could not be judged: "
                                "{error}").format(error=_check_text(exc))[:500]
        finally:
            _IN_JUDGE = False
            verdict.output = printed.getvalue()
        if not student.broken:
            try:
                student.put(("changed",))
                reply = student.get(time.monotonic() + 30)
                if reply[0] == "changed" and reply[1]:
                    verdict.notes.append(_(CHANGED).format(names=", ".join(reply[1])))
            except (TimeoutError, StudentGone):
                pass
        return verdict
    finally:
        student.close()


# --- for a notebook's hidden tests (nbgrader) ------------------------------------------------------

def _kernel_cells() -> list[str]:
    """The cells this IPython kernel has run, in order (the cell calling judge_here left out): from its
    history, or, when cells run without history (nbval), from the code IPython compiled (linecache)."""
    import linecache

    from IPython import get_ipython

    shell = get_ipython()
    if shell is None:
        raise RuntimeError(_("judge_here works in a notebook (an IPython kernel)"))
    cells = [c for c in list(shell.history_manager.input_hist_raw)[1:] if c.strip()]
    if len(cells) <= 1:
        marks = (f"ipykernel_{os.getpid()}{os.sep}", "<ipython-input-")
        cells = ["".join(entry[2]) for name, entry in list(linecache.cache.items())
                 if isinstance(name, str) and any(m in name for m in marks) and len(entry) >= 3]
    return [c for c in cells if c.strip() and "judge_here" not in c]


def judge_here(exercise: str, seed: int = 101, timeout: float = 60.0) -> None:
    """Judge the cells this kernel ran in a fresh process (see the module text); CheckError if it fails."""
    if _IN_JUDGE:
        return
    ex = EXERCISES[exercise]
    secret = read_secret()  # nbgrader: the teacher's secret, in the grading environment, chooses the cases
    seed = hidden_seed(secret, exercise) if secret else seed
    payload = json.dumps({"exercise": exercise, "cells": _kernel_cells(), "seed": seed, "timeout": timeout})
    env = {**os.environ, "PIANITSA101_LANG": get_language()}  # the judge answers in the notebook's language
    done = subprocess.run([sys.executable, "-m", "pianitsa101.checks.judge"], input=payload, text=True,
                          capture_output=True, timeout=timeout * 10 + 300, env=env)
    try:
        answer = json.loads(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        raise CheckError(exercise, _("✗ check_{name} (exercise {number}): the judge failed: {error}").format(
            name=exercise, number=f"{ex.number:02d}", error=done.stderr.strip()[-300:])) from None
    if not answer["passed"]:
        raise CheckError(exercise, answer["message"])
    print(_("✓ {function}: judged again in a fresh process "
            "({rules}).").format(function=ex.function, rules=ex.rules))


def check_call(exercise: str, seed: int) -> str:
    """The check cell the judge runs for ``judge_here``: the check with its seed."""
    ex = EXERCISES[exercise]
    what = f"{ex.function}()" if exercise == "strategy" else ex.function
    return f"check_{exercise}({what}, seed={int(seed)})"


def main() -> int:
    """``python -m pianitsa101.checks.judge``: a JSON job on stdin, the verdict as JSON on stdout."""
    job = json.loads(sys.stdin.read())
    verdict = judge(job["exercise"], list(job["cells"]), check_call(job["exercise"], job.get("seed", 101)),
                    float(job.get("timeout", 60.0)))
    print(json.dumps({"passed": verdict.passed, "message": verdict.message, "notes": verdict.notes}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
