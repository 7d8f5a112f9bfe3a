"""The probability lessons without numpy and matplotlib, as in the browser.

Each test runs in a fresh interpreter (or a fresh Jupyter kernel) in which a meta-path
finder refuses to import numpy, numba and matplotlib, with ``PIANITSA101_PURE=1``: the
pure-Python simulators play, and every figure must come out as SVG. The run times of the
three lessons on this path are printed (``pytest -s``), not
asserted: speed targets live in ``benchmarks/``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ["04_pianitsa_probability", "05_tiny_deck", "08_101_probability_strategy"]
BLOCKED = ("numpy", "numba", "matplotlib")
BLOCKER = textwrap.dedent(f"""
    import sys
    class NotInTheBrowser:
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in {BLOCKED!r}:
                raise ModuleNotFoundError(f"No module named {{name!r}} (refused: not in the browser)")
            return None
    sys.meta_path.insert(0, NotInTheBrowser())
""")


def pure_env(extra_path: Path | None = None) -> dict[str, str]:
    """The environment of a browser-like interpreter: the pure engines, this checkout first."""
    env = dict(os.environ, PIANITSA101_PURE="1", PYTHONHASHSEED="0")
    parts = [str(extra_path)] if extra_path else []
    env["PYTHONPATH"] = os.pathsep.join([*parts, str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env


def run_pure(code: str) -> str:
    """Run ``code`` after the blocker in a fresh interpreter; its output (fails on any error)."""
    done = subprocess.run([sys.executable, "-c", BLOCKER + textwrap.dedent(code)], capture_output=True,
                          text=True, env=pure_env(), cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_blocker_refuses_numpy():
    with pytest.raises(AssertionError, match="refused: not in the browser"):
        run_pure("import numpy")


def test_lesson_helpers_import_and_work_without_numpy_or_matplotlib():
    out = run_pure("""
        import pkgutil, importlib
        import pianitsa101.lessons as lessons
        for info in pkgutil.iter_modules(lessons.__path__, "pianitsa101.lessons."):
            if info.name != "pianitsa101.lessons.mplchart":  # the matplotlib drawing: only where it exists
                importlib.import_module(info.name)
        from fractions import Fraction
        from pianitsa101 import make_deck
        from pianitsa101.lessons import (ENGINE, Mean, Share, agrees, as_deals, deal_out, deal_ranks,
                                         rank_orders, sample, shuffled_deals, solve_chain, with_suits)
        from pianitsa101.simulate import simulate_pianitsa
        assert ENGINE == "python" and sample(100_000, 1_000) == 1_000
        print(Share(9_678, 100_000, "games"))
        print(Mean.of([2, 4, 4, 4, 5, 5, 7, 9], "games"))
        deals = [deal_out(row, 2) for row in with_suits(rank_orders([2, 2, 2]), ranks=[6, 13, 14])]
        played = simulate_pianitsa(deals=as_deals(deals))
        print(len(deals), played.counts(), deal_ranks(deals[0]))
        dealt = shuffled_deals(make_deck(32), 50, players=2, seed=1)
        whole = sorted(c.index for c in make_deck(32))
        assert all(sorted(c.index for s in d for c in s) == whole for d in dealt)
        half = Fraction(1, 2)
        coin = {"s": {"H": half, "s": half}, "H": {"HH": half, "s": half}}  # tosses until two heads
        print(solve_chain(coin, lambda e: 0, step=1)["s"])
        print(agrees(Fraction(3, 31), Share(9_678, 100_000)))
        print(sorted(m for m in sys.modules if m.partition(".")[0] in ("numpy", "numba", "matplotlib")))
    """)
    assert out.splitlines() == [
        "9.68% (95% interval 9.50% to 9.86%; 100,000 games)",
        "5.0 (95% interval 3.5 to 6.5; 8 games)",
        "90 {'finished': 60, 'cycle': 18, 'limit': 0, 'draw': 12} ((6, 13, 14), (6, 13, 14))",
        "6",
        "True",
        "[]",
    ]


def test_charts_come_out_as_svg_when_matplotlib_is_missing():
    out = run_pure("""
        import IPython.display
        shown = []
        IPython.display.display = lambda *objects, **kw: shown.extend(objects)
        from pianitsa101.lessons import Chart, Share, error_bars, show_row
        shares = [Share(20, 100), Share(50, 100)]
        chart = Chart("Two shares", xlabel="case", ylabel="share (%)", legend="upper left")
        chart.points([0, 1], [100 * s.value for s in shares], yerr=error_bars(shares), label="simulated")
        chart.bars([-0.5, 0.5, 1.5], [25, 50], label="exact")
        chart.hline(50, label="half"); chart.vline(0.5); chart.band(0.8, 1.2, label="band")
        logs = Chart("Logs", xlog=True, ylog=True)
        logs.line([1, 10, 100], [1, 0.1, 0.01], label="1/n", style="--")
        chart.show()
        show_row([chart, logs], "Both")
        print([type(o).__name__ for o in shown])
        svg = shown[0].data
        print(svg.startswith("<svg"), svg.count("<circle"), svg.count("Two shares"), "simulated" in svg,
              "half" in svg)
        print("Both" in shown[1].data and "1/n" in shown[1].data and ">100<" in shown[1].data)
        print(sorted(m for m in sys.modules if m.partition(".")[0] in ("numpy", "numba", "matplotlib")))
    """)
    assert out.splitlines() == ["['SVG', 'SVG']", "True 3 2 True True", "True", "[]"]


def _charts_in(nb: dict) -> int:
    """How many code cells draw a chart (``.show()`` of a Chart, or ``show_row``)."""
    return sum(cell["cell_type"] == "code" and ("chart.show()" in "".join(cell["source"])
                                                or "show_row(" in "".join(cell["source"]))
               for cell in nb["cells"])


@pytest.mark.parametrize("lesson", LESSONS)
def test_lesson_runs_to_the_end_without_numpy_and_draws_svg(lesson, tmp_path):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    (tmp_path / "sitecustomize.py").write_text(BLOCKER, encoding="utf-8")  # the kernel imports it first
    path = ROOT / "notebooks" / f"{lesson}.ipynb"
    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(
        "import sys, time\n"
        "print(time.process_time(), sorted(m for m in sys.modules if m.partition('.')[0] in "
        f"{BLOCKED!r}))"))
    began = time.perf_counter()
    client = nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                                     resources={"metadata": {"path": str(path.parent)}})
    client.execute(env=pure_env(tmp_path))
    wall = time.perf_counter() - began
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    svgs = [o for o in outputs if "image/svg+xml" in o.get("data", {})]
    assert not [o for o in outputs if "image/png" in o.get("data", {})]  # no matplotlib figure slipped in
    assert len(svgs) == _charts_in(json.loads(path.read_text(encoding="utf-8"))) > 0
    assert all(o["data"]["image/svg+xml"].lstrip().startswith("<svg") for o in svgs)
    assert "pure Python" in "".join(o.get("text", "") for o in outputs)  # the lesson says which engine
    kernel_seconds, blocked = nb.cells[-1].outputs[0]["text"].split(" ", 1)
    assert blocked.strip() == "[]"
    print(f"\n{lesson}: pure Python, {float(kernel_seconds):.1f} s of kernel CPU, {wall:.1f} s wall")
