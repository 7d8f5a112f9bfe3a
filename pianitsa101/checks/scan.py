"""Read an answer's cells (without running them) for what a graded answer may not do.

Each exercise declares in its notebook's metadata (``"pianitsa101": {"allowed_imports": [...]}``)
what of the package its answer may import: a module (``"pianitsa101.cards"``: any of its names)
or one name of a module (``"pianitsa101.game101:Play"``). ``scan`` reports

- every other import of the package (``pianitsa101.checks`` and its internals above all);
- every assignment to, or deletion of, an attribute of something imported from the package
  (``pianitsa101.checks.check_compare = ...``, ``RandomAgent.choose = ...``), and ``setattr`` /
  ``delattr`` on it;
- changes to ``sys.modules``, ``sys.meta_path``, ``sys.path_hooks`` and ``builtins``.

Standard-library imports are free. ``make grade`` puts the findings in a column and a note;
``make grade STRICT=1`` gives such an answer 0. The student's own check cell says the same.

>>> scan(["from pianitsa101.checks._oracles import leaders"], ["pianitsa101.cards"])
['imports pianitsa101.checks._oracles (leaders): not allowed in this answer']
>>> scan(["import pianitsa101.checks as pc\\npc.check_compare = print"], [])[1]
'assigns to pc.check_compare, an attribute of the package'
>>> scan(["from pianitsa101 import Rank\\ndef f(a):\\n    return a.rank > Rank.SIX"], ["pianitsa101"])
[]
"""

from __future__ import annotations

import ast
from collections.abc import Iterable

from pianitsa101.i18n import _

__all__ = ["allowed_imports", "kernel_flags", "scan"]

_SYSTEM = {"modules", "meta_path", "path_hooks", "path_importer_cache"}


def allowed_imports(notebook: dict) -> list[str]:
    """The imports an exercise's answer may use, from its notebook metadata (none declared: the engines)."""
    meta = notebook.get("metadata", {}).get("pianitsa101", {})
    allowed = meta.get("allowed_imports")
    if isinstance(allowed, list) and all(isinstance(a, str) for a in allowed):
        return allowed
    return ["pianitsa101", "pianitsa101.cards", "pianitsa101.pianitsa", "pianitsa101.game101"]


_PUBLIC = ("pianitsa101.checks:hint", "pianitsa101.checks:judge_here", "pianitsa101.checks:CheckError",
           *(f"pianitsa101.checks:check_{n}" for n in (
               "compare", "round_winners", "hand_points", "gather", "tie_chance", "legal_moves", "penalty",
               "estimate_dispute", "redeal_chance", "find_cycle", "dispute_chance", "strategy")))


def _allowed(module: str, name: str | None, allowed: Iterable[str]) -> bool:
    for rule in (*allowed, *_PUBLIC):
        base, _, only = rule.partition(":")
        if module == base and (not only or name == only):
            return True
    return False


def _root(node: ast.AST) -> str | None:
    """The name an attribute chain starts from: ``a`` for ``a.b.c``."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _dotted(node: ast.AST) -> str:
    try:
        return ast.unparse(node)
    except Exception:
        return "?"


def _bound(source: str) -> set[str]:
    """The names a (trusted) cell binds to the package's modules and objects."""
    names: set[str] = set()
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return names
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update((a.asname or a.name).split(".")[0] for a in node.names
                         if a.name.startswith("pianitsa101"))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pianitsa101"):
            names.update(a.asname or a.name for a in node.names)
    return names


def scan(sources: list[str], allowed: list[str], given: str = "") -> list[str]:
    """What the cells do that a graded answer may not (see the module text), one line per finding;
    ``given``: the notebook's own imports cell (its names are the package's too, and allowed)."""
    found: list[str] = []
    package_names: set[str] = _bound(given)  # names bound to the package's modules or objects
    system_names: set[str] = {"sys", "builtins"}
    for source in sources:
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue  # the judge reports it
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] == "pianitsa101":
                        package_names.add((alias.asname or alias.name).split(".")[0])
                        if not _allowed(alias.name, None, allowed):
                            found.append(_("imports {module}: not allowed in this "
                                           "answer").format(module=alias.name))
                    elif alias.name in ("sys", "builtins", "importlib"):
                        system_names.add(alias.asname or alias.name)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                if node.module.split(".")[0] == "pianitsa101":
                    bad = []
                    for alias in node.names:
                        package_names.add(alias.asname or alias.name)
                        full = f"{node.module}.{alias.name}"
                        if not (_allowed(node.module, alias.name, allowed) or _allowed(full, None, allowed)):
                            bad.append(alias.name)
                    if bad:
                        found.append(_("imports {module} ({names}): not allowed in this answer").format(
                            module=node.module, names=", ".join(bad)))
                elif node.module in ("sys", "builtins"):
                    for alias in node.names:
                        if alias.name in _SYSTEM:
                            found.append(_("imports sys.{name}: the import machinery is not an "
                                           "answer's").format(
                                name=alias.name))
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                  and node.func.id == "__import__" and node.args and isinstance(node.args[0], ast.Constant)
                  and str(node.args[0].value).startswith("pianitsa101")):
                found.append(_("imports {module} with __import__: not allowed in this answer").format(
                    module=node.args[0].value))
        for node in ast.walk(tree):
            targets: list[ast.AST] = []
            if isinstance(node, (ast.Assign, ast.Delete)):
                targets = list(node.targets)
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in (
                    "setattr", "delattr") and node.args:
                root = _root(node.args[0]) if isinstance(node.args[0], (ast.Name, ast.Attribute)) else None
                if root in package_names:
                    found.append(_("{call} on {target}, part of the package").format(call=node.func.id,
                                                                                      target=_dotted(node.args[0])))
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(
                    node.func.value, ast.Attribute) and _root(node.func.value) in system_names and \
                    node.func.value.attr in _SYSTEM:
                found.append(_("changes {target} ({method}): the import machinery is not an answer's").format(
                    target=_dotted(node.func.value), method=node.func.attr))
            for target in targets:
                for leaf in ast.walk(target) if isinstance(target, (ast.Tuple, ast.List)) else [target]:
                    if not isinstance(leaf, (ast.Attribute, ast.Subscript)):
                        continue
                    root = _root(leaf)
                    text = _dotted(leaf)
                    if root in package_names:
                        found.append(_("assigns to {target}, an attribute of the "
                                       "package").format(target=text))
                    elif root in system_names and any(part in text for part in _SYSTEM | {"builtins."}):
                        found.append(_("assigns to {target}: the import machinery is not an answer's").format(
                            target=text))
    return list(dict.fromkeys(found))


def kernel_flags(allowed: Iterable[str]) -> list[str]:
    """``scan`` of the cells this IPython kernel has run (none outside a notebook)."""
    try:
        from IPython import get_ipython

        shell = get_ipython()
        history = list(shell.history_manager.input_hist_raw) if shell is not None else []
    except Exception:  # no IPython, or one without a history
        return []
    from pianitsa101.checks.build import LANGUAGE_SWITCHES

    typed = [cell for cell in history if "judge_here" not in cell and cell.strip() not in LANGUAGE_SWITCHES]
    return scan(typed, list(allowed))
