"""The *Send to the class* button of ``SimulationPanel``: the panel's estimates of its last run, to the class.

The panel adds it with one call, :func:`add_send_button`; the button shows only in a kernel that
has joined a class (:func:`~pianitsa101.classroom.client.join`). Each row of the panel's table
of estimates (rule set A) is sent as one result, with the run's seed, sample, players, deck
and rules.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from pianitsa101.classroom import client

__all__ = ["add_send_button", "panel_results"]

PIANITSA_ROWS = ("mean_tricks", "mean_disputes", "share_cycles", "share_draws", "first_loses")
GAME101_ROWS = ("mean_decisions", "first_wins", "abandoned", "mean_points")
WORDS = {
    "send": {"en": "Send to the class", "ru": "Отправить классу"},
    "run_first": {"en": "Run first, then send.", "ru": "Сначала запустите, потом отправьте."},
    "sent": {"en": "sent to the class: {n} estimates ✓", "ru": "отправлено классу: оценок — {n} ✓"},
    "failed": {
        "en": "not sent: {error} (press again: a repeat counts once)",
        "ru": "не отправлено: {error} (нажмите ещё раз: повтор считается один раз)",
    },
}


def panel_results(panel: Any) -> list[dict[str, Any]]:
    """The keyword arguments of ``send_result`` for each estimate of the panel's last run (rule set A)."""
    from pianitsa101.widgets.estimates import as_list, game101_estimates, pianitsa_estimates

    if not panel.results or not getattr(panel, "_class_run", None):
        return []
    run, res = panel._class_run, panel.results[0]
    if run["game"] == "pianitsa":
        rows = pianitsa_estimates(
            as_list(res.tricks), as_list(res.disputes), as_list(res.outcome), as_list(res.loser), "en"
        )
        names = PIANITSA_ROWS
    else:
        rows = game101_estimates(
            as_list(res.decisions),
            as_list(res.winner),
            as_list(res.outcome),
            [row[0] for row in as_list(res.points)],
            "en",
        )
        names = GAME101_ROWS
    n = len(as_list(res.outcome))
    return [
        {
            "estimate": row.value,
            "low": row.low,
            "high": row.high,
            "n": n,
            "percent": row.percent,
            "quantity": name,
            "seed": run["seed"],
            "game": run["game"],
            "players": run["players"],
            "deck": run["deck"],
            "rules": res.rules,
        }
        for name, row in zip(names, rows, strict=True)
        if row.low == row.low
    ]  # no NaN intervals


def add_send_button(panel: Any) -> None:
    """Add the button under the panel when this kernel has joined a class; remember each run's settings."""
    if client.current() is None:
        return
    run = panel.run

    def run_and_remember() -> bool:
        deck = panel.deck_control.value
        panel._class_run = {
            "game": panel.game_control.value,
            "players": panel.players_control.value,
            "seed": panel.seed_control.value,
            "deck": None if deck == "rules" else deck,
        }
        return run()

    panel.run = run_and_remember
    lang = panel.lang
    button = w.Button(description=WORDS["send"][lang], icon="share", button_style="info")
    said = w.HTML()

    def send(_: Any = None) -> None:
        results = panel_results(panel)
        if not results:
            said.value = html.escape(WORDS["run_first"][lang])
            return
        try:
            for result in results:
                client.send_result(**result)
        except (client.NotDelivered, ValueError, PermissionError) as error:
            said.value = (
                f'<span style="color:#b3261e">{html.escape(WORDS["failed"][lang].format(error=error))}</span>'
            )
            return
        said.value = html.escape(WORDS["sent"][lang].format(n=len(results)))

    button.on_click(send)
    panel.send_button, panel.send_status, panel.send_to_class = button, said, send
    panel.children = (*panel.children, w.HBox([button, said], layout=w.Layout(align_items="center")))
