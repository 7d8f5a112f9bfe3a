"""What of the package an answer can reach: only the names its exercise allows, by any route.

Loaded by its path in the student's process (``_student.py``, ``tournament_student.py``), after
the engine is imported and before any student code runs. :func:`install` then

- imports every module of the engines (so the engine never has to import one later), moves
  them all out of ``sys.modules`` into a table only this module holds, and puts in their place
  *stand-ins* holding only the allowed names: ``pianitsa101.game101:Play`` allows one name of a
  module, ``pianitsa101.cards`` all of a module's names (its submodules never: a bare
  ``pianitsa101`` does not lead to ``game101``);
- replaces ``__import__``: an import written in the engine's own modules gets the real module,
  any other import of ``pianitsa101...`` gets the stand-in, or ``ImportError`` when the
  exercise does not allow it (``import pianitsa101`` then ``.game101``, ``importlib``,
  ``sys.modules``, ``__import__`` with a computed name: all the same);
- puts a finder first on ``sys.meta_path`` that refuses to load any module of the package again
  from its files, and an audit hook (which no code can remove) that refuses to open the package's
  Python files, reading memory with ``ctypes``, the garbage collector's object lists, and the
  attributes that lead from an object to a module's globals or to a running frame
  (``__globals__``, ``tb_frame``, ``sys._getframe``...);
- deletes the package's bots other than those allowed (a strategy that holds ``HeuristicAgent``
  and forwards to it has nothing to hold).

What stays open: Python 3.11 raises no audit event when code reads a function's ``__globals__``,
so an answer that walks from an allowed object to the module globals behind it can still
reach the engine; ``scan.py`` flags such reads (``__globals__``, ``__subclasses__``, ...)
where the answer spells them.
"""

from __future__ import annotations

import builtins
import contextlib
import gc
import importlib
import os
import pkgutil
import sys
import types
from typing import Any

_ENGINES = ("pianitsa101.cards", "pianitsa101.i18n", "pianitsa101.pianitsa", "pianitsa101.game101")
_REFUSED_IMPORTS = ("_testcapi", "_testinternalcapi", "_xxsubinterpreters")
_FRAME_ATTRIBUTES = {"__globals__", "tb_frame", "gi_frame", "cr_frame", "ag_frame", "f_globals", "f_back"}
_REFUSED_EVENTS = {"gc.get_objects", "gc.get_referrers", "gc.get_referents", "sys._getframe",
                   "sys._current_frames", "sys._current_exceptions", "ctypes.cdata", "ctypes.string_at",
                   "ctypes.wstring_at", "ctypes.dlsym", "ctypes.call_function", "ctypes.addressof"}


# The guard's state lives in this module's globals only: no class, no closure holds it (a class can be found
# with object.__subclasses__(), a closure read with __closure__; a module's globals need __globals__,
# which the audit hook refuses).
_FLAG = [False]  # on (once on, the audit hook refuses for ever: nothing turns it off)
_REAL: dict[str, types.ModuleType] = {}
_SHOWN: dict[str, types.ModuleType] = {}
_ENGINE_IDS: set[int] = set()
_ALLOWED: list[str] = []
_PACKAGE_DIR = [""]
_ORIGINAL = builtins.__import__


def _load_everything(allowed: list[str]) -> dict[str, types.ModuleType]:
    """Every module of the engines, and every module the exercise allows, imported now."""
    for entry in allowed:
        with contextlib.suppress(Exception):
            importlib.import_module(entry.partition(":")[0])
    for name in _ENGINES:
        module = importlib.import_module(name)
        for info in pkgutil.walk_packages(getattr(module, "__path__", []), name + "."):
            with contextlib.suppress(Exception):
                importlib.import_module(info.name)
    return {n: m for n, m in sys.modules.items() if m is not None and (n == "pianitsa101"
                                                                       or n.startswith("pianitsa101."))}


def _public(module: types.ModuleType) -> dict[str, Any]:
    names = getattr(module, "__all__", None) or [n for n in vars(module) if not n.startswith("_")]
    return {n: getattr(module, n) for n in names if hasattr(module, n)
            and not isinstance(getattr(module, n), types.ModuleType)}


def stand_ins(real: dict[str, types.ModuleType], allowed: list[str]) -> dict[str, types.ModuleType]:
    """The modules an answer sees: each allowed module with its allowed names only."""
    names: dict[str, dict[str, Any]] = {}
    for entry in allowed:
        module_name, _sep, name = entry.partition(":")
        module = real.get(module_name)
        if module is None:
            continue
        found = names.setdefault(module_name, {})
        if name:
            if hasattr(module, name) and not isinstance(getattr(module, name), types.ModuleType):
                found[name] = getattr(module, name)
        else:
            found.update(_public(module))
    names.setdefault("pianitsa101", {})
    out: dict[str, types.ModuleType] = {}
    for module_name in sorted(names, key=lambda n: n.count(".")):
        stand_in = types.ModuleType(module_name, getattr(real[module_name], "__doc__", None))
        stand_in.__path__ = []  # type: ignore[attr-defined]  (a package: its submodules come from here)
        stand_in.__file__ = getattr(real[module_name], "__file__", None)  # where it is (its code is refused)
        vars(stand_in).update(names[module_name])
        out[module_name] = stand_in
        parent, _dot, child = module_name.rpartition(".")
        if parent in out:
            setattr(out[parent], child, stand_in)
    return out


def _drop_bots(real: dict[str, types.ModuleType], allowed: list[str]) -> None:
    """Delete the package's bots the exercise does not allow, from every engine module."""
    agents = real.get("pianitsa101.game101.agents")
    base = getattr(agents, "Agent", None) if agents is not None else None
    if not isinstance(base, type):
        return
    keep = {entry.partition(":")[2] for entry in allowed} - {""}
    for module in real.values():
        for key, value in list(vars(module).items()):
            if isinstance(value, type) and issubclass(value, base) and value is not base and key not in keep:
                delattr(module, key)
    gc.collect()


def _guarded_import(name: str, globals: Any = None, locals: Any = None, fromlist: Any = (),
                    level: int = 0) -> Any:
    """``__import__``: the real module for the engine's own imports, a stand-in (or ImportError) otherwise."""
    if level:
        package = globals.get("__package__") if isinstance(globals, dict) else None
        base = str(package or "").rsplit(".", level - 1)[0] if package else ""
        absolute = f"{base}.{name}" if name else base
    else:
        absolute = name
    if absolute.split(".")[0] in _REFUSED_IMPORTS and _FLAG[0]:
        raise ImportError(f"{absolute} is not available to an answer")
    if absolute != "pianitsa101" and not absolute.startswith("pianitsa101."):
        return _ORIGINAL(name, globals, locals, fromlist, level)
    owner = _REAL.get(str(globals.get("__name__"))) if isinstance(globals, dict) else None
    engine = owner is not None and id(globals) in _ENGINE_IDS and owner.__dict__ is globals
    table = _REAL if engine else _SHOWN
    if absolute not in table:
        raise ImportError(f"{absolute} is not available to this answer: it may import "
                          f"{', '.join(_ALLOWED) or 'nothing of the package'}")
    if fromlist:
        module = table[absolute]
        for item in fromlist:
            if not hasattr(module, item) and f"{absolute}.{item}" in table:
                setattr(module, item, table[f"{absolute}.{item}"])
        return module
    return table[absolute.split(".")[0]]


class _Refuse:
    """First on sys.meta_path: no module of the package is loaded again from its files."""

    @staticmethod
    def find_spec(fullname: str, path: Any = None, target: Any = None) -> None:
        if fullname == "pianitsa101" or fullname.startswith("pianitsa101."):
            raise ImportError(f"{fullname} is not available to this answer")


def _audit(event: str, args: tuple) -> None:
    if event == "object.__getattr__" and len(args) >= 2 and args[1] in _FRAME_ATTRIBUTES:
        raise AttributeError(f"{args[1]} is not available to an answer")
    if event in _REFUSED_EVENTS:
        raise AttributeError(f"{event} is not available to an answer")
    if event == "open" and args and isinstance(args[0], (str, bytes, os.PathLike)):
        try:
            path = os.path.abspath(os.fsdecode(args[0]))
        except Exception:
            return
        if path.startswith(_PACKAGE_DIR[0]) and path.endswith((".py", ".pyc", ".pyi")):
            raise PermissionError(f"{path}: the package's code is not open to an answer")
    if event == "import" and args and isinstance(args[0], str) and args[0].split(".")[0] in _REFUSED_IMPORTS:
        raise ImportError(f"{args[0]} is not available to an answer")


def install(allowed: list[str], checks: types.ModuleType | None = None) -> None:
    """Guard this process (see the module text); ``checks``: the stand-in of ``pianitsa101.checks``."""
    _REAL.update(_load_everything(allowed))
    _drop_bots(_REAL, allowed)
    _SHOWN.update(stand_ins(_REAL, allowed))
    if checks is not None:
        _SHOWN["pianitsa101.checks"] = checks
        _SHOWN["pianitsa101"].checks = checks  # type: ignore[attr-defined]
    _ENGINE_IDS.update(id(module.__dict__) for module in _REAL.values())
    _ALLOWED[:] = allowed
    _PACKAGE_DIR[0] = os.path.dirname(os.path.abspath(_REAL["pianitsa101"].__file__ or "")) + os.sep
    for name in list(sys.modules):
        if name == "pianitsa101" or name.startswith("pianitsa101."):
            del sys.modules[name]
    sys.modules.update(_SHOWN)
    sys.meta_path.insert(0, _Refuse())  # type: ignore[arg-type]
    builtins.__import__ = _guarded_import
    sys.modules["__main__"] = types.ModuleType("__main__")  # the student's process's own code: not there
    sys.addaudithook(_audit)
    _FLAG[0] = True


def real_modules() -> dict[str, types.ModuleType]:
    """The real engine modules (for the student's process's own code: what the answer changed)."""
    return dict(_REAL)


def real_module(name: str) -> types.ModuleType | None:
    """A real engine module (for the student's process's own code: decoding the judge's messages)."""
    return _REAL.get(name)
