"""No import circle inside ``pianitsa/``: its modules can be read bottom up, each after the ones it uses.

Every import counts: at the top, inside a function (a lazy import for ``__str__``), and under
``TYPE_CHECKING``. The order, bottom up: ``rules``, ``laws``, ``text``, ``trick``, ``record``,
``play``, ``game``, then the package's ``__init__``.
"""

from __future__ import annotations

from pathlib import Path

from test_layers import imported, module_name

ROOT = Path(__file__).resolve().parents[1]


def import_graph(folder: str) -> dict[str, set[str]]:
    """Each module of ``pianitsa101/<folder>`` -> the modules of that folder it imports."""
    graph = {}
    for path in sorted((ROOT / "pianitsa101" / folder).glob("*.py")):
        module, is_package = module_name(f"{folder}/{path.name}")
        source = path.read_text(encoding="utf-8")
        graph[module] = {target for _line, target in imported(source, module, is_package)}
    return {module: targets & set(graph) - {module} for module, targets in graph.items()}


def find_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle as a list of modules (first = last), or None."""
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return [*path[path.index(module):], module]
        if module in done:
            return None
        for target in sorted(graph[module]):
            circle = visit(target, [*path, module])
            if circle:
                return circle
        done.add(module)
        return None

    for module in sorted(graph):
        circle = visit(module, [])
        if circle:
            return circle
    return None


def test_pianitsa_has_no_import_circle():
    circle = find_circle(import_graph("pianitsa"))
    assert circle is None, "import circle: " + " -> ".join(circle)


def test_the_circle_finder_finds_a_lazy_import_back():
    graph = {"game": {"play", "text"}, "play": {"trick"}, "trick": set(), "text": {"game"}}
    assert find_circle(graph) == ["game", "text", "game"]
    assert find_circle({"game": {"play"}, "play": set()}) is None
