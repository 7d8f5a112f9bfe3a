"""SimulationPanel: Run with progress (interface I2), a histogram, estimates with 95% intervals, A vs B."""

import re
import subprocess
import sys
from types import SimpleNamespace

import pytest

from pianitsa101.pianitsa import PianitsaRules
from pianitsa101.widgets import SimulationPanel
from pianitsa101.widgets.estimates import mean_interval, pianitsa_estimates, share_interval


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


class StubSimulate:
    """Stands in for simulate_pianitsa: records its calls, reports progress, returns plain lists."""

    def __init__(self, compile_message: str = ""):
        self.calls = []
        self.compile_message = compile_message

    def __call__(self, games, players, deck, rules, seed, progress):
        self.calls.append(dict(games=games, players=players, deck=deck, rules=rules, seed=seed))
        progress(0, games, self.compile_message)
        self.seen_text = None
        progress(games // 2, games, "")
        long = rules.gather == "table"
        tricks = [10 + (i % 7) + (40 if long else 0) for i in range(games)]
        outcome = ["cycle" if long and i % 5 == 0 else "finished" for i in range(games)]
        return SimpleNamespace(tricks=tricks, disputes=[i % 3 for i in range(games)], outcome=outcome,
                               loser=[i % 2 if o == "finished" else -1 for i, o in enumerate(outcome)])


@pytest.fixture
def stub(monkeypatch):
    import pianitsa101.simulate as simulate

    fake = StubSimulate("building the compiled simulator for this machine: about a minute, once")
    monkeypatch.setattr(simulate, "simulate_pianitsa", fake)
    return fake


def test_run_passes_the_settings_and_shows_a_histogram_and_estimates(stub):
    panel = SimulationPanel(games=1000, seed=7)
    panel.players_control.value = 3
    panel.rule_controls[0]["gather"].value = "table"
    texts = []
    panel.progress_text.observe(lambda ch: texts.append(ch["new"]), names="value")
    assert panel.run()
    (call,) = stub.calls
    assert call["games"] == 1000 and call["players"] == 3 and call["seed"] == 7
    assert call["rules"] == PianitsaRules(gather="table")
    assert any("building the compiled simulator" in t for t in texts)  # the first-compile notice (I2)
    assert any("500 of 1,000" in t for t in texts)
    assert panel.progress.value == panel.progress.max
    assert panel.chart.value.count("<rect") > 5 and "game lengths" in panel.chart.value
    words = text(panel.table.value)
    assert "share of cycles (P13) 20.0%" in words and "mean length (tricks) 53.0" in words
    assert "1,000 games played" in panel.progress_text.value


def test_two_rule_sets_side_by_side(stub):
    panel = SimulationPanel(games=1000, compare=True)
    panel.rule_controls[1]["gather"].value = "table"
    assert panel.run()
    assert [c["rules"].gather for c in stub.calls] == ["winner_first", "table"]
    words = text(panel.table.value)
    assert "rules A" in words and "rules B" in words
    assert "share of cycles (P13) 0.00% [0.00%, 0.38%] 20.0% [17.6%, 22.6%]" in words
    assert "rules B" in panel.chart.value  # both samples in the legend


def test_a_failed_run_says_why_and_keeps_the_last_results(stub, monkeypatch):
    import pianitsa101.simulate as simulate

    panel = SimulationPanel(games=1000)
    assert panel.run()
    shown = panel.table.value

    def refuse(**kwargs):
        raise ValueError("5 players need a deck given explicitly")

    monkeypatch.setattr(simulate, "simulate_pianitsa", refuse)
    assert not panel.run()
    assert "5 players need a deck" in panel.progress_text.value and panel.table.value == shown
    assert not panel.run_button.disabled


def test_russian_panel_says_the_compile_notice_in_russian(stub):
    panel = SimulationPanel(games=1000, lang="ru")
    texts = []
    panel.progress_text.observe(lambda ch: texts.append(ch["new"]), names="value")
    panel.run()
    assert any("собираем быстрый симулятор" in t for t in texts)
    assert "доля зацикленных" in panel.table.value and panel.run_button.description == "Запустить"


def test_the_101_settings_offer_101_rules_and_decks():
    panel = SimulationPanel(game="101", players=3)
    assert set(panel.rule_controls[0]) == {"draw", "six", "seven_draw", "ace", "queen_wild", "chain"}
    assert panel.deck_control.value == 36 and panel.players_control.max == 6
    panel.game_control.value = "pianitsa"
    assert "gather" in panel.rule_controls[0] and panel.deck_control.value == "rules"


def test_the_tables_run_without_numpy_matplotlib_or_numba():
    """In the browser (JupyterLite) they do not exist: building and using the tables must not import them."""
    code = (
        "import sys\n"
        "from pianitsa101.widgets import PianitsaTable, SimulationPanel\n"
        "t = PianitsaTable(seed=1); t.next_trick(); t.play_to_end(); t.show_trick(3)\n"
        "SimulationPanel(); SimulationPanel(game='101', lang='ru')\n"
        "print(sorted(m for m in ('numpy', 'matplotlib', 'numba') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_intervals():
    mean, low, high = mean_interval([1, 2, 3, 4])
    assert mean == 2.5 and low < mean < high and round(high - mean, 3) == round(1.96 * (1.6667 / 4) ** 0.5, 3)
    share, low, high = share_interval(0, 50)
    assert share == 0 and abs(low) < 1e-12 and 0 < high < 0.1  # Wilson: still has width at 0%
    rows = pianitsa_estimates([10, 20], [0, 2], ["finished", "cycle"], [0, -1], "en")
    assert [r.text()[0] for r in rows] == ["15.0", "1.0", "50.0%", "0.0%", "50.0%"]


def test_a_real_run_of_both_games_with_the_compiled_simulator():
    panel = SimulationPanel(games=1000, seed=1, compare=True)
    panel.rule_controls[1]["low_beats_ace"].value = False
    assert panel.run()
    from pianitsa101.simulate import simulate_pianitsa

    again = simulate_pianitsa(games=1000, players=2, rules=PianitsaRules(), seed=1)
    mean = sum(again.tricks.tolist()) / 1000
    assert f"mean length (tricks) {mean:.1f}" in text(panel.table.value)
    assert panel.progress.value == panel.progress.max == 1000
    panel.game_control.value = "101"
    panel.players_control.value = 3
    assert panel.run()
    words = text(panel.table.value)
    assert "chance seat 0 wins the round" in words and "mean length (moves)" in words


def test_in_pure_python_the_panel_plays_a_smaller_sample_and_says_why(monkeypatch):
    monkeypatch.setenv("PIANITSA101_PURE", "1")  # as in the browser: no compiled simulator
    panel = SimulationPanel(seed=3)
    assert panel.games_control.value == 1_000  # a few seconds in pure Python, not a minute
    assert panel.run()
    assert panel.results[0].engine == "python"
    assert "pure Python" in panel.progress_text.value and "1,000 games" in panel.progress_text.value
    monkeypatch.delenv("PIANITSA101_PURE")
    assert SimulationPanel().games_control.value == 10_000  # the compiled default where numba is here
