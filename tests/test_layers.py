"""The floors of the package: the engines import nothing from the floors above them.

The engines are ``cards.py``, ``pianitsa/`` and ``game101/`` (and ``cardart.py``, the card art
just above ``cards.py``). Above them: ``simulate`` (the compiled path), ``strategy`` (the bots
that play well), then ``widgets``, ``checks`` and ``lessons``. This test reads every engine
module's imports with ``ast`` (at the top, inside functions, under ``TYPE_CHECKING``, relative
ones, and ``importlib.import_module("...")`` with a written name) and names each one that
reaches up.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "pianitsa101"
ABOVE = ("simulate", "strategy", "widgets", "checks", "lessons")  # the floors above the engines
BELOW = ("_checks", "i18n", "cards", "cardart", "pianitsa", "game101")  # what an engine may import
ENGINES = ["cards.py", "cardart.py", "i18n.py",
           *sorted(f"pianitsa/{p.name}" for p in (PACKAGE / "pianitsa").glob("*.py")),
           *sorted(f"game101/{p.name}" for p in (PACKAGE / "game101").glob("*.py"))]


def module_name(relative: str) -> tuple[str, bool]:
    """``game101/round.py`` -> (``pianitsa101.game101.round``, False); an ``__init__.py`` is its package."""
    parts = ["pianitsa101", *relative.removesuffix(".py").split("/")]
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def imported(source: str, module: str, is_package: bool = False) -> list[tuple[int, str]]:
    """Every module ``source`` imports, fully named, with its line (relative imports resolved)."""
    package = module if is_package else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            # `from pianitsa101 import widgets` imports the module pianitsa101.widgets
            found += [(node.lineno, f"{origin}.{alias.name}" if origin == "pianitsa101" else origin)
                      for alias in node.names]
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and (getattr(node.func, "attr", None) == "import_module"
                   or getattr(node.func, "id", None) in ("import_module", "__import__"))):
            found.append((node.lineno, node.args[0].value))
    return sorted(found)


def upward_imports(source: str, module: str, is_package: bool = False) -> list[str]:
    """Each import of ``module`` that reaches above the engines, as 'module line N: imports target (why)'."""
    problems = []
    for line, target in imported(source, module, is_package):
        parts = target.split(".")
        if parts[0] != "pianitsa101":
            continue
        floor = parts[1] if len(parts) > 1 else ""
        why = None
        if floor in ABOVE:
            why = f"{floor} is a floor above the engines"
        elif floor not in BELOW:
            why = f"{floor or 'the package top'} is not known to be below the engines ({', '.join(BELOW)})"
        elif module == "pianitsa101.cards" and floor not in ("_checks", "i18n"):
            why = ("cards.py imports nothing else of the package but _checks and i18n "
                   "(the card art registers itself from above)")
        elif module == "pianitsa101.i18n":
            why = "the language switch imports nothing of the package (every engine may use it)"
        elif module == "pianitsa101.cardart" and floor not in ("cards", "i18n"):
            why = "the card art draws cards and imports nothing else of the package but i18n"
        if why:
            problems.append(f"{module} line {line}: imports {target} ({why})")
    return problems


@pytest.mark.parametrize("relative", ENGINES)
def test_engine_module_imports_nothing_from_above(relative):
    module, is_package = module_name(relative)
    assert upward_imports((PACKAGE / relative).read_text(encoding="utf-8"), module, is_package) == []


def test_every_engine_module_is_read():
    assert {"cards.py", "cardart.py", "game101/round.py", "game101/agents.py", "game101/__init__.py",
            "pianitsa/game.py"} <= set(ENGINES)
    assert not any(name.startswith("game101/") and name.split("/")[1] in {"montecarlo.py", "knowledge.py",
                   "tournament.py", "stats.py", "matchvalue.py", "playout.py"} for name in ENGINES)


BAD = '''
import os
from pianitsa101.cards import Card
from pianitsa101.simulate import simulate_101
import pianitsa101.strategy.montecarlo as mc
from ..widgets import table101
from .. import checks
from . import rules

def later():
    from pianitsa101.lessons.stats import interval
    import importlib
    return importlib.import_module("pianitsa101.strategy")

if TYPE_CHECKING:
    from pianitsa101.game101 import Round101
    from pianitsa101.somewhere_new import thing
'''


def test_the_checker_catches_each_kind_of_upward_import():
    problems = upward_imports(BAD, "pianitsa101.game101.round")
    assert [p.split(":")[0] for p in problems] == [
        "pianitsa101.game101.round line 4", "pianitsa101.game101.round line 5",
        "pianitsa101.game101.round line 6", "pianitsa101.game101.round line 7",
        "pianitsa101.game101.round line 11", "pianitsa101.game101.round line 13",
        "pianitsa101.game101.round line 17"]
    assert "imports pianitsa101.widgets (widgets is a floor above the engines)" in problems[2]
    assert "imports pianitsa101.checks" in problems[3]
    assert "somewhere_new is not known to be below the engines" in problems[-1]


def test_the_checker_resolves_relative_imports_from_a_package():
    assert imported("from . import rules\nfrom .. import cards", "pianitsa101.game101", is_package=True) == [
        (1, "pianitsa101.game101"), (2, "pianitsa101.cards")]
    assert upward_imports("from .simulate import x", "pianitsa101", is_package=True) == [
        "pianitsa101 line 1: imports pianitsa101.simulate (simulate is a floor above the engines)"]


def test_cards_may_not_import_the_card_art():
    assert upward_imports("from pianitsa101 import cardart", "pianitsa101.cards") == [
        "pianitsa101.cards line 1: imports pianitsa101.cardart (cards.py imports nothing else of the package "
        "but _checks and i18n (the card art registers itself from above))"]


def _fresh(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_importing_the_engines_loads_no_floor_above():
    loaded = _fresh("import sys\nimport pianitsa101.game101, pianitsa101.pianitsa\n"
                    "print(sorted({m.split('.')[1] for m in sys.modules if m.startswith('pianitsa101.')}))")
    assert ast.literal_eval(loaded) == ["_checks", "cardart", "cards", "game101", "i18n", "pianitsa"]


def test_a_card_shows_its_picture_when_only_cards_was_imported():
    # a notebook that did `from pianitsa101 import cards` and shows a card and a hand
    out = _fresh("from pianitsa101 import cards\nhand = cards('10♥ Q♠')\n"
                 "print(hand[0]._repr_html_()[:22], '<svg' in hand._repr_html_())")
    assert out == '<span class="p101-card True'
