"""SimulationPanel's *Send to the class* button: shown only once a class is joined, and it sends the
estimates of the last run with that run's seed, players, deck and rules."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pianitsa101.classroom import client
from pianitsa101.classroom.background import ClassProcess
from pianitsa101.pianitsa import PianitsaRules
from pianitsa101.widgets import SimulationPanel


def fake_simulate(games, players, deck, rules, seed, progress):
    """simulate_pianitsa's stand-in: plain lists, and the rules it was given."""
    progress(games, games, "")
    return SimpleNamespace(tricks=[10 + i % 7 for i in range(games)], disputes=[i % 3 for i in range(games)],
                           outcome=["finished"] * games, loser=[i % 2 for i in range(games)], rules=rules)


@pytest.fixture
def kernel(tmp_path, monkeypatch):
    import pianitsa101.simulate as simulate

    monkeypatch.setattr(simulate, "simulate_pianitsa", fake_simulate)
    monkeypatch.setenv("PIANITSA101_CLASS_FILE", str(tmp_path / "key.json"))
    monkeypatch.delenv("PIANITSA101_CLASS", raising=False)
    client._session.clear()
    yield client
    client._session.clear()


def test_no_button_before_a_class_is_joined(kernel):
    panel = SimulationPanel(games=1000)
    assert not hasattr(panel, "send_button")
    assert "Send to the class" not in repr(panel.children)


def test_the_button_sends_the_last_runs_estimates(kernel, tmp_path):
    with ClassProcess(tmp_path / "class") as room:
        kernel.join("Anna", room.code, room.address)
        panel = SimulationPanel(games=1000, seed=7, lang="ru")
        assert panel.send_button.description == "Отправить классу"
        panel.send_to_class()
        assert "Сначала запустите" in panel.send_status.value
        panel.rule_controls[0]["gather"].value = "table"
        panel.run_button.click()
        panel.seed_control.value = 99  # changed after the run: the run's own seed is sent
        panel.send_button.click()
        assert "5" in panel.send_status.value and "✓" in panel.send_status.value
        experiments = room.teacher("/api/board/state")["experiments"]
    assert sorted(x["quantity"] for x in experiments) == sorted(
        ["mean_tricks", "mean_disputes", "share_cycles", "share_draws", "first_loses"])
    first = next(x for x in experiments if x["quantity"] == "first_loses")
    assert first["rules"] == {"gather": "table"}
    row = first["rows"][0]
    assert (first["players"], first["deck"], row["seed"], row["n"]) == (2, None, 7, 1000)
    assert row["estimate"] == pytest.approx(0.5)
    assert first["percent"] is True
    assert PianitsaRules(gather="table").gather == "table"


def test_a_dropped_send_says_so_on_the_panel(kernel, tmp_path):
    room = ClassProcess(tmp_path / "class").start()
    kernel.join("Boris", room.code, room.address)
    room.stop()
    panel = SimulationPanel(games=1000)
    panel.run_button.click()
    panel.send_button.click()
    assert "not sent" in panel.send_status.value and "press again" in panel.send_status.value
